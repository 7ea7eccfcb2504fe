"""A league's teams and venues on the secretary's pages: adding a team,
renaming it, moving its home venue and naming its captain; adding a venue
and correcting one. The services (`league.services.clubs`) check and
audit every change."""
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.models import Team, Venue
from league.pages.form_fields import OneLineField
from league.pages.form_keys import done_once
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.refusals import NeedsInsisting, Refused
from league.selectors.clubs import (
    league_seasons,
    league_team_list,
    league_venues,
    login_choices,
    team_get,
    team_scorers,
    venue_get,
    venue_refusal,
)
from league.selectors.contacts import team_contacts
from league.selectors.invites import team_invites_open
from league.selectors.secretary import league_get
from league.services.clubs import team_change, team_create, venue_change, venue_create


class VenueForm(forms.Form):
    """A venue's name, address and board sets; once a name another venue
    of the league has was warned of beside the field, a box to confirm it."""

    name = OneLineField(max_length=200, help_text="The pub or club, such as The Red Lion.")
    address = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}))
    board_sets = forms.IntegerField(label="Board sets", min_value=1, initial=1,
                                    help_text="How many league matches it can host on one night.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.data.get("insist") is not None:
            self.same_name_asked()

    def same_name_asked(self) -> None:
        self.fields["insist"] = forms.BooleanField(
            required=False, label="Yes, it is another pub of the same name: save it all the same")

    def refused(self, refusal: Refused) -> None:
        """The service's refusal beside the field it is about."""
        if isinstance(refusal, NeedsInsisting):
            self.same_name_asked()
            self.add_error("name", refusal.message)
        else:
            self.add_error(None, refusal.message)


class TeamForm(forms.Form):
    name = OneLineField(max_length=200, help_text="Such as Red Lion A.")
    venue = forms.TypedChoiceField(label="Home venue", coerce=int)
    captain = forms.TypedChoiceField(label="Captain", coerce=int, required=False, empty_value=None,
                                     help_text="A login the league knows; invite someone new below.")

    def __init__(self, *args: Any, venues: list[Venue], logins: list[User] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choice_field(self, "venue").choices = [("", "Choose a venue")] + [(v.pk, v.name) for v in venues]
        if logins is None:
            del self.fields["captain"]
        else:
            _choice_field(self, "captain").choices = [("", "No captain")] + [
                (u.pk, u.get_full_name() or u.username) for u in logins]


@secretary_page
@require_http_methods(["GET", "POST"])
def teams(request: HttpRequest, league_id: int) -> HttpResponse:
    """The league's teams; a POST adds one."""
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    form = TeamForm(request.POST or None, venues=league_venues(league_id=league.pk))
    if request.method == "POST" and form.is_valid():
        try:
            team = team_create(league_id=league.pk, name=form.cleaned_data["name"],
                               venue_id=form.cleaned_data["venue"], user=request.user)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, f"{team} is a team of {league}: enter it in a division, then register its squad.")
            return HttpResponseRedirect(reverse("secretary-team", args=[team.pk]))
    return render(request, "secretary/teams.html", {
        "league": league, "teams": league_team_list(league_id=league.pk), "form": form})


@secretary_page
@require_http_methods(["GET", "POST"])
def team(request: HttpRequest, team_id: int) -> HttpResponse:
    """One team: its name, venue and captain to change, its squads season
    by season, its scorers and the invitations still open."""
    found = team_get(team_id=team_id)
    require_secretary(request, found.league)
    logins = list(login_choices(league_id=found.league_id))
    if found.captain is not None and found.captain not in logins:
        logins.insert(0, found.captain)
    initial = {"name": found.name, "venue": found.home_venue_id, "captain": found.captain_id}
    form = TeamForm(request.POST or None, initial=initial, venues=_venues_for(found), logins=logins)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        captain = next((u for u in logins if u.pk == data["captain"]), None)
        try:
            team_change(team_id=found.pk, user=request.user, name=data["name"], venue_id=data["venue"],
                        captain=captain)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, f"{data['name']} is saved.")
            return HttpResponseRedirect(reverse("secretary-team", args=[found.pk]))
    return render(request, "secretary/team.html", {
        "team": found, "form": form, "seasons": league_seasons(league_id=found.league_id),
        "scorers": team_scorers(team=found), "invites": team_invites_open(team_id=found.pk),
        "contacts": team_contacts(team=found)})


@secretary_page
@require_http_methods(["GET", "POST"])
def venues(request: HttpRequest, league_id: int) -> HttpResponse:
    """The venues the league's teams play at, and those no team has yet; a
    POST adds one."""
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    form = VenueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # Done once for the form's key: a double tap on "Add the venue" adds one.
        try:
            return done_once(request, lambda: venue_create(league_id=league.pk, user=request.user,
                                                           **form.cleaned_data),
                             lambda venue: (reverse("secretary-venues", args=[league.pk]),
                                            f"{venue} is added: a team may now play there."))
        except Refused as refusal:
            form.refused(refusal)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
    return render(request, "secretary/venues.html", {
        "league": league, "venues": league_venues(league_id=league.pk), "form": form})


@secretary_page
@require_http_methods(["GET", "POST"])
def venue(request: HttpRequest, league_id: int, venue_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    found = venue_get(venue_id=venue_id)
    refusal = venue_refusal(venue=found, user=request.user)
    initial = {"name": found.name, "address": found.address, "board_sets": found.board_sets}
    form = VenueForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            return done_once(request, lambda: venue_change(venue_id=found.pk, user=request.user, **data),
                             lambda _: (reverse("secretary-venues", args=[league.pk]), f"{data['name']} is saved."))
        except Refused as refused:
            form.refused(refused)
        except REFUSALS as refused:
            form.add_error(None, refused.message)
    return render(request, "secretary/venue.html", {
        "league": league, "venue": found, "form": form, "refusal": refusal})


def _venues_for(team: Team) -> list[Venue]:
    found = league_venues(league_id=team.league_id)
    return found if team.home_venue in found else [team.home_venue, *found]


def _choice_field(form: forms.Form, name: str) -> forms.ChoiceField:
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    return field


