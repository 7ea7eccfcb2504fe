"""A player's own privacy pages: how their name shows to the public, and
the download of what the league holds about them (docs/organisation.md,
"Privacy")."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from league.models import Player
from league.selectors.names import may_see_player_data, player_data, player_of_user
from league.selectors.public import player_get
from league.selectors.shown_names import name_public
from league.services.privacy import player_name_shown_set
from league.text_lines import full_stop


class NameShownForm(forms.Form):
    name_shown = forms.ChoiceField(choices=Player.NameShown.choices, widget=forms.RadioSelect,
                                   label="On public pages, show my name")


@login_required
@require_http_methods(["GET", "POST"])
def name_shown(request: HttpRequest) -> HttpResponse:
    """GET: the choice as it stands; POST: saves it. A login no player is
    linked to (an official who does not play) is told so."""
    player = player_of_user(request.user)
    if player is None:
        return render(request, "accounts/name_shown.html", {"player": None})
    form = NameShownForm(request.POST or None, initial={"name_shown": player.name_shown})
    if request.method == "POST" and form.is_valid():
        player = player_name_shown_set(player_id=player.pk, shown=form.cleaned_data["name_shown"], user=request.user)
        # What everyone else sees: the player themself would see their full name.
        messages.success(request, full_stop(f"Your name now shows as {name_public(player)}"))
        return HttpResponseRedirect(reverse("name-shown"))
    return render(request, "accounts/name_shown.html", {"player": player, "form": form})


@require_GET
def data_download(request: HttpRequest, player_id: int) -> HttpResponse:
    """What the league holds about a player, as a JSON attachment: for the
    player themself and the secretaries of their leagues (403 for anyone
    else, logged in or not, so the address says nothing of who exists)."""
    try:
        player = player_get(player_id=player_id)
    except Player.DoesNotExist:
        raise PermissionDenied("only the player or their league's secretary may download their data") from None
    if not may_see_player_data(player=player, user=request.user):
        raise PermissionDenied("only the player or their league's secretary may download their data")
    response = JsonResponse(player_data(player=player), encoder=DjangoJSONEncoder, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="player-{player.pk}-data.json"'
    response["Cache-Control"] = "private, no-store"
    return response
