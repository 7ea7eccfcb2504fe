"""The public league pages anyone reads without logging in: a league's home
(its current season's divisions, each table, the latest results and the
next fixtures) and a division's page, with its printable table. Team and
player pages are in `league.pages.public_people`.

Every table shown is the stored one (`league.selectors.standings`), read as
it was last rebuilt: a page never works a table out.
"""
from datetime import date
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from league.models import Division, Fixture, League
from league.pages.public_boards import leaderboard_context
from league.pages.public_lines import by_week, fixture_lines, latest_and_next, week_size
from league.pages.robots import hidden_by, render_for
from league.selectors.public import (
    current_season,
    division_fixtures_public,
    division_settings_of,
    division_with_league,
    league_by_slug,
    season_divisions,
    season_fixtures,
)
from league.selectors.standings import table_entries, table_rebuilt_at
from league.standings import TIE_BREAKER_RULES


@require_GET
def league_home(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        league = league_by_slug(slug=slug)
    except League.DoesNotExist:
        raise Http404("no such league") from None
    season = current_season(league)
    divisions = season_divisions(season_id=season.pk) if season is not None else []
    fixtures = season_fixtures(season_id=season.pk) if season is not None else []
    today = timezone.localdate()
    panels = [_division_panel(division, [f for f in fixtures if f.division_id == division.pk], today)
              for division in divisions]
    return render_for(request, "public/league.html", {"league": league, "season": season, "panels": panels},
                      hidden=hidden_by(league))


def _division_panel(division: Division, fixtures: list[Fixture], today: date) -> dict[str, Any]:
    """A division on its league's home: the table, and a week's worth of the
    latest results and of the next fixtures."""
    entries = list(division.table_entries.all())
    lines = fixture_lines(fixtures, today=today, deadline_days=division_settings_of(division).result_deadline_days)
    latest, upcoming = latest_and_next(lines, today=today, count=week_size(fixtures))
    return {"division": division, "entries": entries, "rebuilt_at": table_rebuilt_at(entries), "latest": latest,
            "next": upcoming, "table_id": f"table-{division.pk}", "caption": f"{division.name} table"}


@require_GET
def division_page(request: HttpRequest, division_id: int) -> HttpResponse:
    context = _division_context(division_id)
    division = context["division"]
    today = timezone.localdate()
    lines = fixture_lines(division_fixtures_public(division_id=division.pk), today=today,
                          deadline_days=context["settings"].result_deadline_days)
    context["weeks"] = by_week(lines)
    context.update(leaderboard_context(request, division_id=division.pk))
    return render_for(request, "public/division.html", context, hidden=hidden_by(context["league"]))


@require_GET
def division_print(request: HttpRequest, division_id: int) -> HttpResponse:
    """The table, the latest results and the next fixtures on one sheet
    of A4, for the pub's noticeboard."""
    context = _division_context(division_id)
    today = timezone.localdate()
    fixtures = sorted(division_fixtures_public(division_id=division_id), key=lambda f: (f.played_on, f.pk))
    lines = fixture_lines(fixtures, today=today, deadline_days=context["settings"].result_deadline_days)
    context["latest"], context["next"] = latest_and_next(lines, today=today, count=week_size(fixtures))
    context["printed_on"] = today
    return render_for(request, "public/print.html", context, hidden=hidden_by(context["league"]))


def _division_context(division_id: int) -> dict[str, Any]:
    try:
        division = division_with_league(division_id=division_id)
    except Division.DoesNotExist:
        raise Http404("no such division") from None
    settings = division_settings_of(division)
    entries = table_entries(division_id=division.pk)
    return {"division": division, "season": division.season, "league": division.season.league,
            "settings": settings, "entries": entries, "rebuilt_at": table_rebuilt_at(entries),
            "tie_breakers": tie_breaker_words(settings.tie_breakers)}


def tie_breaker_words(keys: tuple[str, ...]) -> dict[str, Any]:
    """The division's tie-breakers in words: what orders the table first,
    what separates teams level on it, and whether the teams still level
    share their place listed by name."""
    named = [TIE_BREAKER_RULES[key].words for key in keys if key != "name"]
    return {"first": named[0], "then": named[1:], "by_name": "name" in keys}
