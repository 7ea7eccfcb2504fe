"""Erasing a player, on the secretary's pages: the page says what changes
and what does not, and asks to confirm (docs/organisation.md, "Privacy")."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.pages.secretary_access import secretary_page
from league.selectors.names import player_officials
from league.selectors.public import player_get, player_registrations, player_rubber_games
from league.services.privacy import player_erase


@secretary_page
@require_http_methods(["GET", "POST"])
def player_erase_page(request: HttpRequest, player_id: int) -> HttpResponse:
    """GET: what erasing the player does, and a button to confirm; POST:
    erases them and says their pseudonym."""
    player = player_get(player_id=player_id)
    if not player_officials(player_id=player.pk, user=request.user):
        raise PermissionDenied("only a secretary of a league the player played in may erase them")
    if request.method == "POST":
        name = player.name
        erased = player_erase(player_id=player.pk, user=request.user)
        messages.success(request, f"{name} is erased: the league now knows them as {erased.name}.")
        return HttpResponseRedirect(reverse("secretary-home"))
    return render(request, "secretary/player_erase.html", {
        "player": player, "registrations": player_registrations(player_id=player.pk),
        "games": len(player_rubber_games(player_id=player.pk)),
    })
