"""Setting up a new cup from the secretary's pages: its rules and, as its
own division's settings, how its matches are played. The cup's page and its
forms are `secretary_cups`. Done once for the form's key
(league.pages.form_keys)."""
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.competition_kinds import KINDS
from league.models import Competition
from league.pages.form_keys import Done, Said, done_once
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.pages.secretary_cup_forms import CompetitionForm
from league.selectors.clubs import league_venues
from league.selectors.secretary import season_get
from league.services.competition import division_settings_change
from league.services.cups import competition_create


@secretary_page
@require_http_methods(["GET", "POST"])
def competition_new(request: HttpRequest, season_id: int) -> HttpResponse:
    season = season_get(season_id=season_id)
    require_secretary(request, season.league)
    form = CompetitionForm(request.POST or None, league=season.league,
                           venues=league_venues(league_id=season.league_id))
    if request.method == "POST" and form.is_valid():
        overrides = form.overrides()
        try:
            return done_once(request, lambda: _competition_create(request, season.pk, form.cup(), overrides),
                             _set_up)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
    return render(request, "secretary/cup_new.html", {"season": season, "form": form, "kinds": _kinds_shown()})


def _kinds_shown() -> dict[str, dict[str, bool]]:
    """What each kind of cup takes, for the form's script to show only the
    fields that apply (static/js/cup-new.js)."""
    return {kind.value: {"legs": rules.plays_legs, "games": rules.plays_games, "partners": rules.partners}
            for kind, rules in KINDS.items()}


def _competition_create(request: HttpRequest, season_id: int, cup: dict[str, Any],
                        overrides: dict[str, Any]) -> tuple[Competition, str]:
    """The new cup, and its other match settings, kept by its division; a
    refusal of those (its words returned) leaves the cup standing."""
    competition = competition_create(season_id=season_id, match_format=overrides.pop("match_format", None),
                                     user=request.user, **cup)
    if overrides:
        try:
            division_settings_change(division_id=competition.division_id, changes=overrides, user=request.user)
        except REFUSALS as refusal:
            return competition, refusal.message
    return competition, ""


def _set_up(made: tuple[Competition, str]) -> Done:
    """On to its entries; or, its settings refused, to its settings page
    warning why: the cup stands, but its settings are still to be made."""
    competition, problem = made
    if problem:
        return (reverse("secretary-division-settings", args=[competition.division_id]),
                Said(f"{competition.name} is set up, but not its match settings: {problem}", "warning"))
    return reverse("secretary-cup", args=[competition.pk]), f"{competition.name} is set up: now take its entries."
