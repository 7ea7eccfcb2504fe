"""A league's first set-up, step by step (docs/organisation.md, "The first
run"): the league and its settings, its first season, the season's
divisions, the venues, then the teams, each entered in a division. Each
step's form is saved when it is sent, through the services that keep the
league's rules (`league.services.league_setup`), and done once for its
key (league.pages.form_keys); which step comes next is read from what the
league holds (`league.selectors.league_setup`), so the secretary carries
on where they left off, on any device.

A refusal is shown beside the field it is about, and nothing is saved."""
from typing import Any

from django import forms
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.pages.form_keys import Done, done_once
from league.pages.league_setup_forms import DivisionsForm, LeagueForm, TeamEntryForm, slug_of
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.pages.secretary_forms import SeasonForm
from league.pages.secretary_teams import VenueForm
from league.refusals import NeedsInsisting, NotPermitted, Refused
from league.selectors.league_setup import (
    DIVISIONS,
    DONE,
    LEAGUE,
    SEASON,
    STEPS,
    TEAMS,
    VENUES,
    Setup,
    league_setup,
    leagues_being_set_up,
    may_start_a_league,
)
from league.selectors.secretary import league_get
from league.services.clubs import venue_create
from league.services.competition import season_create
from league.services.league_setup import divisions_create, league_set_up, team_create_entered

Refusal = Refused | NotPermitted
# The page of each step, by its name in `STEPS`.
STEP_URLS = {SEASON: "secretary-setup-season", DIVISIONS: "secretary-setup-divisions",
             VENUES: "secretary-setup-venues", TEAMS: "secretary-setup-teams", DONE: "secretary-setup-done"}


@secretary_page
@require_http_methods(["GET", "POST"])
def start(request: HttpRequest) -> HttpResponse:
    """The first step: the league's name and settings. Saved, its sender is
    its secretary, and the league is theirs to carry on setting up."""
    if not may_start_a_league(request.user):
        raise PermissionDenied("only the site's administrator sets up a league")
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        name = form.cleaned_data["name"]
        try:
            return done_once(request, lambda: league_set_up(
                name=name, slug=slug_of(name), settings=form.settings(), user=request.user),
                lambda league: (_step_url(SEASON, league.pk), f"{league} is set up: now its first season."))
        except REFUSALS as refusal:
            _beside(form, refusal, {"called": "name", "rule": "preset", "format": "match_format",
                                    "scheme": "points_scheme", "days": "result_deadline_days"})
    return render(request, "secretary/setup/league.html", {
        "form": form, "steps": _steps(None, LEAGUE), "unfinished": leagues_being_set_up(user=request.user)})


@secretary_page
def carry_on(request: HttpRequest, league_id: int) -> HttpResponse:
    """The step the league's set-up is at."""
    setup = _setup(request, league_id)
    return HttpResponseRedirect(_step_url(setup.step, setup.league.pk))


@secretary_page
@require_http_methods(["GET", "POST"])
def season(request: HttpRequest, league_id: int) -> HttpResponse:
    setup = _setup(request, league_id)
    form = SeasonForm(request.POST or None)
    if setup.season is None and request.method == "POST" and form.is_valid():
        try:
            return done_once(request, lambda: season_create(league_id=setup.league.pk, user=request.user,
                                                            **form.cleaned_data),
                             lambda made: (_step_url(DIVISIONS, setup.league.pk),
                                           f"{made.name} is set up: now its divisions."))
        except REFUSALS as refusal:
            _beside(form, refusal, {"registration deadline": "registration_deadline", "squad": "squad_min",
                                    "season called": "name", "has gone": "start"})
    return _step_page(request, setup, SEASON, form)


@secretary_page
@require_http_methods(["GET", "POST"])
def divisions(request: HttpRequest, league_id: int) -> HttpResponse:
    setup = _setup(request, league_id)
    if setup.season is None:
        return HttpResponseRedirect(_step_url(setup.step, setup.league.pk))
    form = DivisionsForm(request.POST or None)
    season_id = setup.season.pk
    if request.method == "POST" and form.is_valid():
        names = form.cleaned_data["names"]
        try:
            return done_once(request, lambda: divisions_create(season_id=season_id, names=names, user=request.user),
                             lambda made: (_step_url(VENUES, setup.league.pk), _listed(made, "set up")
                                           + ": now the venues."))
        except REFUSALS as refusal:
            _beside(form, refusal, {"": "names"})
    return _step_page(request, setup, DIVISIONS, form)


@secretary_page
@require_http_methods(["GET", "POST"])
def venues(request: HttpRequest, league_id: int) -> HttpResponse:
    """Venues one at a time, each listed as it is added; on to the teams
    once there is one."""
    setup = _setup(request, league_id)
    form = VenueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            return done_once(request, lambda: venue_create(league_id=setup.league.pk, user=request.user,
                                                           **form.cleaned_data),
                             lambda made: (_step_url(VENUES, setup.league.pk),
                                           f"{made} is added. Add another, or go on to the teams."))
        except REFUSALS as refusal:
            _beside(form, refusal, {"name": "name", "board set": "board_sets"})
    return _step_page(request, setup, VENUES, form)


@secretary_page
@require_http_methods(["GET", "POST"])
def teams(request: HttpRequest, league_id: int) -> HttpResponse:
    """Teams one at a time, each with its home venue and its division."""
    setup = _setup(request, league_id)
    if setup.season is None or not setup.divisions or not setup.venues:
        return HttpResponseRedirect(_step_url(setup.step if setup.step != TEAMS else VENUES, setup.league.pk))
    form = TeamEntryForm(request.POST or None, venues=setup.venues, divisions=setup.divisions)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            return done_once(request, lambda: team_create_entered(
                league_id=setup.league.pk, division_id=data["division"], name=data["name"],
                venue_id=data["venue"], user=request.user), lambda made: _team_added(setup.league.pk, made))
        except REFUSALS as refusal:
            _beside(form, refusal, {"team called": "name", "venue": "venue", "": "division"})
    return _step_page(request, setup, TEAMS, form)


@secretary_page
def done(request: HttpRequest, league_id: int) -> HttpResponse:
    """What the set-up made, and what comes next: the fixtures."""
    setup = _setup(request, league_id)
    if not setup.done:
        return HttpResponseRedirect(_step_url(setup.step, setup.league.pk))
    return render(request, "secretary/setup/done.html", {"setup": setup, "league": setup.league,
                                                         "steps": _steps(setup, DONE)})


def _team_added(league_id: int, team: Any) -> Done:
    setup = league_setup(league_id=league_id)
    if setup.done:
        return _step_url(DONE, league_id), f"{team.name} is added. Every division has its teams: the league is set up."
    return _step_url(TEAMS, league_id), f"{team.name} is added. Add the next team."


def _setup(request: HttpRequest, league_id: int) -> Setup:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    return league_setup(league_id=league.pk)


def _step_page(request: HttpRequest, setup: Setup, step: str, form: forms.Form) -> HttpResponse:
    return render(request, f"secretary/setup/{step}.html", {
        "setup": setup, "league": setup.league, "form": form, "steps": _steps(setup, step)})


def _steps(setup: Setup | None, current: str) -> list[dict[str, Any]]:
    """The steps for the page's list, each marked done or not; each step
    after the league's own, once reached, is a link back to it."""
    names = list(STEPS)
    reached = 0 if setup is None else names.index(setup.step) if setup.step in STEPS else len(names)
    return [{"number": n + 1, "words": words, "current": name == current, "done": n < reached,
             "url": _step_url(name, setup.league.pk) if setup is not None and 0 < n <= reached else ""}
            for n, (name, words) in enumerate(STEPS.items())]


def _step_url(step: str, league_id: int) -> str:
    return reverse(STEP_URLS[step], args=[league_id])


def _beside(form: forms.Form, refusal: Refusal, fields: dict[str, str]) -> None:
    """The refusal's words beside the field they are about: the first whose
    word the message holds ("" matches any message); else above the form.
    A start already gone offers the box to insist."""
    message: str = refusal.message
    if isinstance(refusal, NeedsInsisting) and "insist" in form.fields:
        form.fields["insist"].widget.attrs["autofocus"] = True
    field = next((name for word, name in fields.items() if word.lower() in message.lower()), None)
    form.add_error(field, message)


def _listed(rows: list[Any], what: str) -> str:
    names = [str(row.name) for row in rows]
    joined = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{joined} {'is' if len(names) == 1 else 'are'} {what}"

