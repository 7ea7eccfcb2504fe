"""Inviting people to log in: the secretary's form for one person (a
player, a team's captain, vice-captain or scorer, or a secretary; by email,
or a link to copy or share and pass on), reached from a team's page or a
player's; the same for a whole squad at once (`secretary_squad_invites`);
withdrawing an invitation; and the page the link opens, where the person
invited chooses a username and password (or, logged in already, takes the
invitation on their login) and gives the email address their notices go
to. That page is for anyone holding the link: the link is the key, and it
works once. The invitation forms are done once for their form key: sent
again, they show the invitations first made (`made_once`)."""
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from league.models import League, LoginInvite, Player, Team
from league.pages.form_fields import OneLineField
from league.pages.form_keys import answered_once, form_keyed
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.clubs import league_team_list, team_get
from league.selectors.invites import invite_by_token, invite_closed_reason
from league.selectors.public import player_get
from league.selectors.secretary import league_get
from league.selectors.shown_names import name_shown
from league.services.invites import (
    INVITE_DAYS,
    Wanted,
    invite_accept,
    invite_create,
    invite_role_words,
    invite_token,
    invite_withdraw,
)

BACKEND = "django.contrib.auth.backends.ModelBackend"
# Invitations made, each with its link.
Made = list[tuple[LoginInvite, str]]
EMAIL_WHY = ("Where the league emails you about your matches: a result to confirm, a dispute, a match moved. "
             "Optional, but without it you hear of them only here.")


# What each role lets its person do, said once on accepting (in the
# welcome, on the page they land on).
MY_MATCHES = "Your team's matches are under My matches on the front page."
WHAT_YOU_CAN_DO = {
    LoginInvite.Role.CAPTAIN: "On a match night you fill in the team sheet, score the games, return the result "
                              "of a home match and confirm or dispute an away one; the league's emails about "
                              "your matches come to you. " + MY_MATCHES,
    LoginInvite.Role.VICE_CAPTAIN: "You stand in for the captain: on a match night you fill in the team sheet, "
                                   "score the games, return the result of a home match and confirm or dispute an "
                                   "away one; the league's emails about your matches come to you. " + MY_MATCHES,
    LoginInvite.Role.SCORER: "On a match night you score your team's games, live on the pad or from the card. "
                             + MY_MATCHES,
    LoginInvite.Role.PLAYER: "You can enter the singles and pairs cups, offer and pick dates and confirm scores "
                             "in them, and choose how your name shows to the public.",
    LoginInvite.Role.SECRETARY: "The league's pages are under Secretary in the menu.",
}


class InviteForm(forms.Form):
    role = forms.ChoiceField(label="Invite them as", choices=LoginInvite.Role.choices, widget=forms.RadioSelect,
                             initial=LoginInvite.Role.SCORER)
    team = forms.TypedChoiceField(label="Of the team", coerce=int, required=False, empty_value=None,
                                  help_text="For a captain, vice-captain or scorer.")
    name = OneLineField(max_length=200, required=False, help_text="So the invitation greets them by name.")
    email = forms.EmailField(required=False,
                             help_text="Leave empty to copy or share the link yourself (text, WhatsApp).")

    def __init__(self, *args: object, teams: list[Team], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["team"].choices = [("", "No team"), *((team.pk, team.name) for team in teams)]  # type: ignore[attr-defined]


class AcceptForm(forms.Form):
    username = OneLineField(max_length=150, help_text="What you will log in with: letters, digits and @.+-_")
    first_name = OneLineField(max_length=150, required=False)
    last_name = OneLineField(max_length=150, required=False)
    password1 = forms.CharField(label="Password", strip=False, widget=forms.PasswordInput)
    password2 = forms.CharField(label="The password again", strip=False, widget=forms.PasswordInput)
    email = forms.EmailField(label="Your email address", required=False, help_text=EMAIL_WHY)

    def clean_username(self) -> str:
        name = str(self.cleaned_data["username"]).strip()
        if not all(c.isalnum() or c in "@.+-_" for c in name):
            raise forms.ValidationError("use only letters, digits and @ . + - _")
        return name

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        first, second = data.get("password1"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", "the two passwords differ")
        elif first:
            try:
                validate_password(str(first))
            except ValidationError as error:
                self.add_error("password1", error)
        return data


class AcceptLoggedInForm(forms.Form):
    """For someone logged in already: only their address, if they have none."""

    email = forms.EmailField(label="Your email address", required=False, help_text=EMAIL_WHY)


@secretary_page
@require_http_methods(["GET", "POST"])
def invite_new(request: HttpRequest, team_id: int) -> HttpResponse:
    """An invitation from a team's page: the team chosen."""
    team = team_get(team_id=team_id)
    return _invite_page(request, team.league, team=team)


@secretary_page
@require_http_methods(["GET", "POST"])
def player_invite(request: HttpRequest, league_id: int, player_id: int) -> HttpResponse:
    """An invitation from a player's page: the login will be theirs."""
    league = league_get(league_id=league_id)
    return _invite_page(request, league, player=player_get(player_id=player_id))


def _invite_page(request: HttpRequest, league: League, *, team: Team | None = None,
                 player: Player | None = None) -> HttpResponse:
    """The invitation form; posted, the invitation is made, sent if an
    address was given, and its link shown this once."""
    require_secretary(request, league)
    initial = {"team": team.pk if team else None, "name": player.name if player else "",
               "role": LoginInvite.Role.PLAYER if player else LoginInvite.Role.SCORER}
    form = InviteForm(request.POST or None, initial=initial, teams=league_team_list(league_id=league.pk))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        wanted = Wanted(role=data["role"], team_id=data["team"] or (team.pk if team else None), player_id=player.pk if player else None,
                        name=data["name"], email=data["email"])
        try:
            made = made_once(request, lambda seed: [invite_create(
                league_id=league.pk, wanted=wanted, user=request.user,
                link_for=lambda token: link_of(request, token), seed=seed)])
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            return invites_made(request, league, made, back=_back(league, team, player))
    return render(request, "secretary/invite_new.html", {
        "league": league, "team": team, "player": player, "form": form, "days": INVITE_DAYS,
        "back": _back(league, team, player)})


def _back(league: League, team: Team | None, player: Player | None) -> str:
    if player is not None:
        return reverse("secretary-player", args=[league.pk, player.pk])
    if team is not None:
        return reverse("secretary-team", args=[team.pk])
    return reverse("secretary-teams", args=[league.pk])


def link_of(request: HttpRequest, token: str) -> str:
    return request.build_absolute_uri(reverse("invite-accept", args=[token]))


def made_once(request: HttpRequest, make: Callable[[str], Made]) -> Made:
    """The invitations `make` makes, done once for the form's key
    (league.pages.form_keys): sent again, the form finds the invitations
    its first sending made, each with its link made again from the key
    (`invite_token`), and makes none."""
    keyed = form_keyed(request)
    seed = f"{keyed.scope}:{keyed.key}" if keyed is not None else ""
    made: Made = []

    def write() -> dict[str, Any]:
        made.extend(make(seed))
        return {"invites": len(made)}

    answer = answered_once(request, write)
    if made or not seed:
        return made
    again = [(invite_by_token(token=token), link_of(request, token))
             for token in (invite_token(seed=seed, number=n) for n in range(answer["invites"]))]
    return [(invite, link) for invite, link in again if invite is not None]


def invites_made(request: HttpRequest, league: League, made: Made,
                 *, back: str) -> HttpResponse:
    """The invitations just made, each with its link to copy or share:
    the only page that ever shows the links."""
    lines = [{"invite": invite, "link": link, "as": invite_role_words(invite)} for invite, link in made]
    return render(request, "secretary/invite_made.html", {
        "league": league, "lines": lines, "days": INVITE_DAYS, "back": back})


@secretary_page
@require_POST
def invite_withdraw_page(request: HttpRequest, team_id: int, invite_id: int) -> HttpResponse:
    team = team_get(team_id=team_id)
    require_secretary(request, team.league)
    try:
        invite_withdraw(invite_id=invite_id, user=request.user)
    except (LoginInvite.DoesNotExist, *REFUSALS) as refusal:
        messages.error(request, getattr(refusal, "message", "no such invitation"))
    else:
        messages.success(request, "The invitation is withdrawn: its link no longer works.")
    return HttpResponseRedirect(reverse("secretary-team", args=[team.pk]))


@never_cache
@require_http_methods(["GET", "POST"])
def accept(request: HttpRequest, token: str) -> HttpResponse:
    """The invitation's page: who invites whom to what, and the form to
    choose a login, or, logged in, to take it on theirs; or why the link no
    longer works (410)."""
    invite = invite_by_token(token=token)
    if invite is None:
        return render(request, "secretary/invite_closed.html",
                      {"reason": "this link opens no invitation: check it was copied whole"}, status=404)
    closed = invite_closed_reason(invite)
    if closed is not None:
        return render(request, "secretary/invite_closed.html", {"reason": closed}, status=410)
    current = request.user if isinstance(request.user, User) else None
    form: forms.Form
    if current is not None:
        form = AcceptLoggedInForm(request.POST or None, initial={"email": current.email or invite.email})
    else:
        first = invite.name.split(" ")[0] if invite.name and invite.player_id is None else ""
        form = AcceptForm(request.POST or None, initial={"first_name": first, "email": invite.email})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            accepted = invite_accept(
                token=token, email=data["email"], login=current, username=data.get("username", ""),
                password=data.get("password1", ""), first_name=data.get("first_name", ""),
                last_name=data.get("last_name", ""),
                link_for=lambda signed: request.build_absolute_uri(reverse("email-confirm", args=[signed])))
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            return _welcome(request, invite, accepted.login, accepted.confirm_sent)
    player = name_shown(invite.player, current) if invite.player is not None else ""
    return render(request, "secretary/invite_accept.html", {
        "invite": invite, "form": form, "as": invite_role_words(invite), "player": player, "current": current})


def _welcome(request: HttpRequest, invite: LoginInvite, user: User, confirm_sent: bool | None) -> HttpResponse:
    if request.user != user:
        login(request, user, backend=BACKEND)
    who = user.get_full_name() or user.get_username()
    messages.success(request, f"Welcome, {who}: you are now {invite_role_words(invite)}. "
                              f"{WHAT_YOU_CAN_DO[LoginInvite.Role(invite.role)]}")
    if confirm_sent is True:
        messages.info(request, "We are emailing you a link: follow it to confirm your address, and the league's "
                               "notices will go there.")
    elif confirm_sent is False:
        messages.warning(request, "The link to confirm your address could not be sent just now: send it again "
                                  "from your email address page.")
    if invite.team_id is not None:
        return HttpResponseRedirect(reverse("public-team", args=[invite.team_id]))
    if invite.role == LoginInvite.Role.SECRETARY:
        return HttpResponseRedirect(reverse("secretary-home"))
    if invite.player_id is not None:
        return HttpResponseRedirect(reverse("public-player", args=[invite.player_id]))
    return HttpResponseRedirect(reverse("email-address"))
