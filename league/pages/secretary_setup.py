"""Setting a season up: creating it, its divisions, and entering the
league's teams in them (or taking one out) until the fixtures are out."""
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from league.models import Division
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.pages.secretary_division_forms import DivisionForm
from league.pages.secretary_forms import EntryForm, SeasonForm
from league.refusals import PlaceTaken
from league.selectors.secretary import (
    division_get,
    division_next_level,
    division_teams,
    fixtures_published,
    league_get,
    season_get,
    teams_to_enter,
)
from league.services.competition import division_create, season_create
from league.services.fixtures import division_team_add, division_team_remove


@secretary_page
@require_http_methods(["GET", "POST"])
def season_new(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = season_create(league_id=league.pk, user=request.user, **form.cleaned_data)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, f"{season.name} is set up: now add its divisions.")
            return HttpResponseRedirect(reverse("secretary-home"))
    return render(request, "secretary/season_new.html", {"league": league, "form": form})


@secretary_page
@require_http_methods(["GET", "POST"])
def division_new(request: HttpRequest, season_id: int) -> HttpResponse:
    season = season_get(season_id=season_id)
    require_secretary(request, season.league)
    form = DivisionForm(request.POST or None, league=season.league,
                        next_place=division_next_level(season_id=season.pk))
    if request.method == "POST" and form.is_valid():
        try:
            division = division_create(season_id=season.pk, name=form.cleaned_data["name"],
                                       overrides=form.overrides(), level=form.cleaned_data["place"],
                                       user=request.user)
        except PlaceTaken as refusal:
            form.add_error("place", refusal.message)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, f"{division.name} is set up: now enter its teams.")
            return HttpResponseRedirect(reverse("secretary-division", args=[division.pk]))
    return render(request, "secretary/division_new.html", {"season": season, "form": form})


@secretary_page
def division(request: HttpRequest, division_id: int) -> HttpResponse:
    found = division_get(division_id=division_id)
    require_secretary(request, found.season.league)
    return _division_page(request, found, form=None)


@secretary_page
@require_POST
def team_add(request: HttpRequest, division_id: int) -> HttpResponse:
    found = division_get(division_id=division_id)
    require_secretary(request, found.season.league)
    form = _entry_form(found, data=request.POST)
    if form.is_valid():
        team = form.cleaned_data["team"]
        try:
            division_team_add(division_id=found.pk, team_id=team.pk, user=request.user)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, f"{team} is in {found.name}.")
            return HttpResponseRedirect(reverse("secretary-division", args=[found.pk]))
    return _division_page(request, found, form=form)


@secretary_page
@require_POST
def team_remove(request: HttpRequest, division_id: int, team_id: int) -> HttpResponse:
    found = division_get(division_id=division_id)
    require_secretary(request, found.season.league)
    name = next((team.name for team in division_teams(division_id=found.pk) if team.pk == team_id), "The team")
    try:
        discarded = division_team_remove(division_id=found.pk, team_id=team_id, user=request.user)
    except REFUSALS as refusal:
        messages.error(request, refusal.message)
    else:
        note = f" Its {discarded} draft fixtures were discarded: generate them again." if discarded else ""
        messages.success(request, f"{name} is out of {found.name}.{note}")
    return HttpResponseRedirect(reverse("secretary-division", args=[found.pk]))


def _division_page(request: HttpRequest, found: Division, *, form: EntryForm | None) -> HttpResponse:
    context: dict[str, Any] = {
        "division": found,
        "teams": division_teams(division_id=found.pk),
        "published": fixtures_published(division_id=found.pk),
        "form": form or _entry_form(found, data=None),
    }
    return render(request, "secretary/division.html", context)


def _entry_form(found: Division, *, data: Any) -> EntryForm:
    return EntryForm(data, league_id=found.season.league_id, teams=teams_to_enter(division=found))
