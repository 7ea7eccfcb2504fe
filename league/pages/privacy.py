"""A player's own privacy pages: how their name shows to the public, and
the download of what the league holds about them (docs/organisation.md,
"Privacy")."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.models import Player
from league.selectors.names import player_of_user
from league.services.privacy import player_name_shown_set


class NameShownForm(forms.Form):
    name_shown = forms.ChoiceField(choices=Player.NameShown.choices, widget=forms.RadioSelect,
                                   label="On public pages, show my name")


@login_required
@require_http_methods(["GET", "POST"])
def name_shown(request: HttpRequest) -> HttpResponse:
    """GET: the choice as it stands; POST: saves it."""
    player = player_of_user(request.user)
    if player is None:
        raise Http404("no player is linked to your login")
    form = NameShownForm(request.POST or None, initial={"name_shown": player.name_shown})
    if request.method == "POST" and form.is_valid():
        player = player_name_shown_set(player_id=player.pk, shown=form.cleaned_data["name_shown"], user=request.user)
        messages.success(request, f"Your name now shows as {player.public_name}.")
        return HttpResponseRedirect(reverse("name-shown"))
    return render(request, "accounts/name_shown.html", {"player": player, "form": form})
