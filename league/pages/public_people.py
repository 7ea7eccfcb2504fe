"""The public team and player pages: a team's venue, captain, squad,
results and fixtures, and its fixtures as a calendar feed; a player's
teams, season statistics and games."""
from typing import Any

from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from league.calendar import calendar_text
from league.models import Division, Player, TableEntry, Team
from league.pages.public import team_seasons
from league.pages.public_lines import fixture_lines, game_line, is_ahead
from league.pages.robots import hidden_by, noindex, render_for
from league.pages.spectator_cache import spectator_cached
from league.ratings.chart import chart_of
from league.selectors.fixtures import team_calendar_events
from league.selectors.page_versions import ANY_LEAGUE, league_keys, player_key
from league.selectors.public import (
    division_settings_of,
    player_get,
    player_registrations,
    player_rubber_games,
    player_season_stats,
    team_season_fixtures,
    team_with_captain,
)
from league.selectors.ratings import player_ratings
from league.selectors.shown_names import name_public
from league.selectors.squads import squad_players
from league.selectors.standings import table_entries
from league.selectors.transfers import team_transfers
from league.selectors.withdrawals import withdrawal_notes


@spectator_cached(lambda team_id, season_id=None: league_keys("team", team_id))
@require_GET
def team_page(request: HttpRequest, team_id: int, season_id: int | None = None) -> HttpResponse:
    """The team in its league's current season, or with `season_id` in a
    season it played (404 for one it did not)."""
    try:
        team = team_with_captain(team_id=team_id)
    except Team.DoesNotExist:
        raise Http404("no such team") from None
    entry, seasons = team_seasons(team=team, season_id=season_id)
    if season_id is not None and entry is None:
        raise Http404("the team did not play that season")
    context = {"team": team, "captain": captain_name(team.captain), "entry": entry, "seasons": seasons}
    if entry is not None:
        context.update(_team_season(team, entry.division))
    return render_for(request, "public/team.html", context, hidden=hidden_by(team.league))


def team_fixtures_ics(request: HttpRequest, team_id: int) -> HttpResponse:
    """The team's fixtures as an iCalendar feed to subscribe to."""
    try:
        team = team_with_captain(team_id=team_id)
    except Team.DoesNotExist:
        raise Http404("no such team") from None
    text = calendar_text(team_calendar_events(team=team), name=f"{team} fixtures", stamp=timezone.now())
    response = HttpResponse(text.encode("utf-8"), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="team-{team.pk}-fixtures.ics"'
    return noindex(response, hidden=hidden_by(team.league))


@spectator_cached(lambda player_id: [player_key(player_id), ANY_LEAGUE])
@require_GET
def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    try:
        player = player_get(player_id=player_id)
    except Player.DoesNotExist:
        raise Http404("no such player") from None
    games = [game_line(rubber_game, player) for rubber_game in player_rubber_games(player_id=player.pk)]
    registrations = player_registrations(player_id=player.pk)
    # A rating shows once it stands on the league's minimum of games.
    ratings = [(found, chart_of(found.history)) for found in player_ratings(player_id=player.pk) if found.public]
    return render_for(request, "public/player.html", {
        "player": player, "registrations": registrations, "ratings": ratings,
        "stats": player_season_stats(player_id=player.pk), "games": games,
    }, hidden=hidden_by(*(r.season.league for r in registrations)))


def _team_season(team: Team, division: Division) -> dict[str, Any]:
    """The team's season in its division: the table, its place in it, its
    results and fixtures, and its squad."""
    entries = table_entries(division_id=division.pk)
    today = timezone.localdate()
    lines = fixture_lines(team_season_fixtures(team_id=team.pk, division_id=division.pk), today=today,
                          deadline_days=division_settings_of(division).result_deadline_days)
    return {
        "division": division, "season": division.season,
        "squad": squad_players(season_id=division.season_id, team_id=team.pk),
        "transfers": team_transfers(season_id=division.season_id, team_id=team.pk),
        "withdrawal_notes": withdrawal_notes(division_id=division.pk),
        "entries": entries, "table_id": "team-table", "caption": f"{division.name} table",
        "standing": standing_words(next((e for e in entries if e.team_id == team.pk), None)),
        "results": [line for line in lines if not is_ahead(line, today)],
        "fixtures": [line for line in lines if is_ahead(line, today)],
    }


def captain_name(user: User | None) -> str:
    """The captain as the public knows them: their player's name as anyone
    may see it (the team page is kept in the spectators' cache), else their
    full name, else their user name."""
    if user is None:
        return ""
    player = getattr(user, "player", None)
    if player is not None:
        return name_public(player)
    full = user.get_full_name() if hasattr(user, "get_full_name") else ""
    return str(full or user.get_username())


def standing_words(entry: TableEntry | None) -> str:
    """The team's place as a supporter says it: "2nd with 14 points", "3rd= with 9 points"."""
    if entry is None:
        return ""
    points = "1 point" if entry.points == 1 else f"{entry.points} points"
    return f"{ordinal(entry.position)}{'=' if entry.shared else ''} with {points}"


def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
