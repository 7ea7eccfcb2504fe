"""A league's players on the secretary's pages: finding one by name,
adding one, correcting a name and choosing how it shows, taking off a
login linked to them by mistake, with the way to their data download and
to erasing them (`secretary_privacy`)."""
from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.models import Player
from league.pages.form_fields import OneLineField
from league.pages.form_keys import FormInvalid, done_once
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.clubs import league_players, player_manage_refusal, player_teams
from league.selectors.contacts import pending_address
from league.selectors.invites import player_invites_open
from league.selectors.public import player_get
from league.selectors.secretary import league_get
from league.services.clubs import player_change, player_create, player_login_unlink


class PlayerForm(forms.Form):
    name = OneLineField(max_length=200, help_text="In full, as the league knows them.")
    name_shown = forms.ChoiceField(
        label="Their name shows to the public", choices=Player.NameShown.choices, initial=Player.NameShown.FULL,
        widget=forms.RadioSelect, help_text="The player's choice: in full, as initials (J. B.), or hidden (A player).")


@secretary_page
@require_http_methods(["GET", "POST"])
def players(request: HttpRequest, league_id: int) -> HttpResponse:
    """The league's players, or those found by `q`; a POST adds one."""
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    search = request.GET.get("q", "").strip()
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player = player_create(league_id=league.pk, user=request.user, **form.cleaned_data)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, f"{player} is added: register them in a squad from their team's page.")
            return HttpResponseRedirect(reverse("secretary-player", args=[league.pk, player.pk]))
    return render(request, "secretary/players.html", {
        "league": league, "players": league_players(league_id=league.pk, search=search), "search": search,
        "form": form})


@secretary_page
@require_http_methods(["GET", "POST"])
def player(request: HttpRequest, league_id: int, player_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    found = player_get(player_id=player_id)
    refusal = player_manage_refusal(player=found, user=request.user)
    form = PlayerForm(request.POST or None, initial={"name": found.name, "name_shown": found.name_shown})
    if request.method == "POST" and form.is_valid():
        try:
            player_change(player_id=found.pk, user=request.user, **form.cleaned_data)
        except REFUSALS as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, f"{form.cleaned_data['name']} is saved.")
            return HttpResponseRedirect(reverse("secretary-player", args=[league.pk, found.pk]))
    registrations = player_teams(player_id=found.pk)
    return render(request, "secretary/player.html", {
        "league": league, "player": found, "form": form, "refusal": refusal, "registrations": registrations,
        "invites": player_invites_open(player_id=found.pk),
        "waiting": pending_address(user=found.user) if found.user is not None and refusal is None else ""})


@secretary_page
@require_http_methods(["GET", "POST"])
def player_unlink(request: HttpRequest, league_id: int, player_id: int) -> HttpResponse:
    """GET: what taking the login off the player does, to confirm; POST
    (with the login's id, as shown): done, once however often it is sent."""
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    found = player_get(player_id=player_id)
    back = reverse("secretary-player", args=[league.pk, found.pk])
    problem = player_manage_refusal(player=found, user=request.user)
    if request.method == "POST" and problem is None:
        try:
            return done_once(request, lambda: _unlink(request, found), lambda username: (
                back, f"The login {username} is no longer {found.name}'s: invite {found.name} to log in again."))
        except FormInvalid:
            return HttpResponseRedirect(back)
        except REFUSALS as refusal:
            messages.error(request, refusal.message)
            return HttpResponseRedirect(back)
    if found.user is None:
        return HttpResponseRedirect(back)
    return render(request, "secretary/player_unlink.html", {
        "league": league, "player": found, "refusal": problem, "back": back})


def _unlink(request: HttpRequest, player: Player) -> str:
    try:
        login_id = int(request.POST.get("login", ""))
    except ValueError:
        raise FormInvalid from None
    player_login_unlink(player_id=player.pk, login_id=login_id, user=request.user)
    assert player.user is not None  # as read before the write
    return player.user.username
