"""The public league pages anyone reads without logging in: a league's home
(its current season's divisions, each table, the latest results and the
next fixtures; a past or coming season at its own address) and a
division's page, with its printable table. Each page offers the league's
other seasons (`season_links`). Team and player pages are in
`league.pages.public_people`.

Every table shown is the stored one (`league.selectors.standings`), read as
it was last rebuilt: a page never works a table out.
"""
from datetime import date
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from league.models import Division, DivisionEntry, Fixture, League, Season, Team
from league.pages.public_boards import leaderboard_context
from league.pages.public_lines import by_week, fixture_lines, latest_and_next, week_size
from league.pages.robots import hidden_by, render_for
from league.pages.spectator_cache import spectator_cached
from league.selectors.cup_pages import season_competitions
from league.selectors.page_versions import division_key, league_keys
from league.selectors.public import (
    division_fixtures_public,
    division_settings_of,
    division_table_rows,
    division_with_league,
    league_by_slug,
    season_divisions,
    season_fixtures,
)
from league.selectors.seasons import current_of, entry_for_season, league_seasons, team_entries
from league.selectors.standings import table_entries, table_rebuilt_at
from league.selectors.week_honours import latest_week, week_honours
from league.selectors.withdrawals import withdrawal_notes
from league.standings import TIE_BREAKER_RULES


@spectator_cached(lambda slug, season_id=None: league_keys("slug", slug))
@require_GET
def league_home(request: HttpRequest, slug: str, season_id: int | None = None) -> HttpResponse:
    """The league's current season, or with `season_id` any season of the
    league, at an address that stays the same when the next one starts."""
    try:
        league = league_by_slug(slug=slug)
    except League.DoesNotExist:
        raise Http404("no such league") from None
    seasons = league_seasons(league_id=league.pk)
    current = current_of(seasons, chosen_id=league.current_season_id, today=timezone.localdate())
    season = current if season_id is None else next((s for s in seasons if s.pk == season_id), None)
    if season_id is not None and season is None:
        raise Http404("no such season of the league")
    divisions = season_divisions(season_id=season.pk) if season is not None else []
    fixtures = season_fixtures(season_id=season.pk) if season is not None else []
    today = timezone.localdate()
    panels = [_division_panel(division, [f for f in fixtures if f.division_id == division.pk], today)
              for division in divisions]
    cups = season_competitions(season_id=season.pk) if season is not None else []
    monday = latest_week(league_id=league.pk, season_id=season.pk, today=today) if season is not None else None
    context = {"league": league, "season": season, "panels": panels, "cups": cups,
               "seasons": season_links(league, seasons, shown=season, current=current),
               "week": week_honours(league_id=league.pk, monday=monday) if monday is not None else None}
    return render_for(request, "public/league.html", context, hidden=hidden_by(league))


def season_links(league: League, seasons: list[Season], *, shown: Season | None,
                 current: Season | None) -> list[dict[str, Any]]:
    """The league's `seasons` for a page's season switcher, newest first:
    each one's address (on a division's page, that season's division of
    the same name when it has one: `league_seasons(division_named=...)`),
    whether it is the one shown and whether it is current. Empty when there
    is only one season to show."""
    if len(seasons) < 2:
        return []
    links = []
    for season in seasons:
        same = getattr(season, "same_division_id", None)
        url = (reverse("public-division", args=[same]) if same is not None
               else reverse("public-league-season", args=[league.slug, season.pk]))
        links.append({"season": season, "url": url, "shown": shown is not None and season.pk == shown.pk,
                      "current": current is not None and season.pk == current.pk})
    return links


def team_seasons(*, team: Team, season_id: int | None) -> tuple[DivisionEntry | None, list[dict[str, Any]]]:
    """The team's division in the season asked for (None when it did not
    play it), else in its league's current season, or when it sat that out
    its latest before; and the seasons it played, for its page's season
    switcher (as `season_links`)."""
    entries = team_entries(team_id=team.pk)
    current = current_of(league_seasons(league_id=team.league_id), chosen_id=team.league.current_season_id,
                         today=timezone.localdate())
    if season_id is None:
        shown = entry_for_season(entries, current)
    else:
        shown = next((entry for entry in entries if entry.division.season_id == season_id), None)
    links = [{"season": entry.division.season,
              "url": reverse("public-team-season", args=[team.pk, entry.division.season_id]),
              "shown": shown is not None and entry.pk == shown.pk,
              "current": current is not None and entry.division.season_id == current.pk} for entry in entries]
    return shown, links if len(links) > 1 else []


def _division_panel(division: Division, fixtures: list[Fixture], today: date) -> dict[str, Any]:
    """A division on its league's home: the table, and a week's worth of the
    latest results and of the next fixtures."""
    entries = division_table_rows(division=division)
    lines = fixture_lines(fixtures, today=today, deadline_days=division_settings_of(division).result_deadline_days)
    latest, upcoming = latest_and_next(lines, today=today, count=week_size(fixtures))
    return {"division": division, "entries": entries, "rebuilt_at": table_rebuilt_at(entries), "latest": latest,
            "next": upcoming, "table_id": f"table-{division.pk}", "caption": f"{division.name} table"}


@spectator_cached(lambda division_id: [division_key(division_id)], params=("order", "min_games"))
@require_GET
def division_page(request: HttpRequest, division_id: int) -> HttpResponse:
    context = _division_context(division_id)
    division = context["division"]
    today = timezone.localdate()
    lines = fixture_lines(division_fixtures_public(division_id=division.pk), today=today,
                          deadline_days=context["settings"].result_deadline_days)
    context["weeks"] = by_week(lines)
    league = context["league"]
    seasons = league_seasons(league_id=league.pk, division_named=division.name)
    current = current_of(seasons, chosen_id=league.current_season_id, today=today)
    context["seasons"] = season_links(league, seasons, shown=division.season, current=current)
    context.update(leaderboard_context(request, division_id=division.pk))
    return render_for(request, "public/division.html", context, hidden=hidden_by(context["league"]))


@spectator_cached(lambda division_id: [division_key(division_id)])
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
            "tie_breakers": tie_breaker_words(settings.tie_breakers),
            "withdrawal_notes": withdrawal_notes(division_id=division.pk)}


def tie_breaker_words(keys: tuple[str, ...]) -> dict[str, Any]:
    """The division's tie-breakers in words: what orders the table first,
    what separates teams level on it, and whether the teams still level
    share their place listed by name."""
    named = [TIE_BREAKER_RULES[key].words for key in keys if key != "name"]
    return {"first": named[0], "then": named[1:], "by_name": "name" in keys}
