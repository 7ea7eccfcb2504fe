"""Inviting a whole squad at once: each registered player with no login
yet, ticked, as a player or as the team's captain or vice-captain, with an
address to send the invitation to or none (the link is shown to copy or
share). All are made or, one refused, none; the links are shown once, as
for one invitation (`secretary_invites`), and the form is done once for
its form key: sent again, it shows the invitations first made."""
from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.models import LoginInvite, Player, Team
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.pages.secretary_invites import invites_made, link_of, made_once
from league.refusals import Refused
from league.selectors.clubs import team_get
from league.selectors.invites import team_invites_open
from league.selectors.secretary import season_get
from league.selectors.squads import squad_players
from league.services.invites import Wanted, invites_create

ROLES = [(LoginInvite.Role.PLAYER.value, "Player"), (LoginInvite.Role.CAPTAIN.value, "Captain"),
         (LoginInvite.Role.VICE_CAPTAIN.value, "Vice-captain")]


class SquadInviteForm(forms.Form):
    """Three fields a player: `invite_<id>`, `role_<id>`, `email_<id>`."""

    def __init__(self, *args: object, players: list[Player], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.players = players
        for player in players:
            self.fields[f"invite_{player.pk}"] = forms.BooleanField(label=f"Invite {player.name}", required=False,
                                                                    initial=True)
            # Not required: a row left out of the form is a player's, as the select starts.
            self.fields[f"role_{player.pk}"] = forms.ChoiceField(label=f"{player.name} as", choices=ROLES,
                                                                 initial=LoginInvite.Role.PLAYER, required=False)
            self.fields[f"email_{player.pk}"] = forms.EmailField(
                label=f"{player.name}'s email address", required=False,
                widget=forms.EmailInput(attrs={"placeholder": "none: a link to pass on"}))

    def rows(self) -> list[dict[str, object]]:
        return [{"player": player, "invite": self[f"invite_{player.pk}"], "role": self[f"role_{player.pk}"],
                 "email": self[f"email_{player.pk}"]} for player in self.players]

    def wanted(self, team_id: int) -> list[Wanted]:
        data = self.cleaned_data
        return [Wanted(role=data[f"role_{player.pk}"] or LoginInvite.Role.PLAYER, player_id=player.pk, team_id=team_id, name=player.name,
                       email=data[f"email_{player.pk}"]) for player in self.players if data[f"invite_{player.pk}"]]


@secretary_page
@require_http_methods(["GET", "POST"])
def squad_invite(request: HttpRequest, season_id: int, team_id: int) -> HttpResponse:
    """GET: the squad's players with no login and no open invitation, each
    ticked to invite; POST: the invitations, and their links."""
    season, team = season_get(season_id=season_id), team_get(team_id=team_id)
    require_secretary(request, season.league)
    invited = {invite.player_id for invite in team_invites_open(team_id=team.pk)}
    players = [player for player in squad_players(season_id=season.pk, team_id=team.pk)
               if player.user_id is None and player.pk not in invited]
    form = SquadInviteForm(request.POST or None, players=players)
    back = reverse("secretary-squad", args=[season.pk, team.pk])
    if request.method == "POST" and form.is_valid():
        try:
            # The stored answer first: sent again, the form's players are invited already and no longer in it.
            made = made_once(request, lambda seed: invites_create(
                league_id=season.league_id, wanted=_wanted(request, form, team), user=request.user,
                link_for=lambda token: link_of(request, token), seed=seed))
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            return invites_made(request, season.league, made, back=back)
    return render(request, "secretary/squad_invite.html", {
        "season": season, "team": team, "form": form, "rows": form.rows(), "back": back})


def _wanted(request: HttpRequest, form: SquadInviteForm, team: Team) -> list[Wanted]:
    wanted = form.wanted(team.pk)
    if not wanted and any(name.startswith("invite_") for name in request.POST):
        # A form sent again without its key (or with another's): its players are invited already.
        raise Refused("the players ticked have an invitation open already: the team's page lists them")
    if not wanted:
        raise Refused("tick at least one player to invite")
    return wanted
