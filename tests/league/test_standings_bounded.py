"""A division's rebuild reads its own rows only: in a league of many
divisions, PostgreSQL's planner reaches the division's match nights,
rubbers, games and player games through their indexes, from the division's
fixtures, and never reads one of those tables whole (a Seq Scan), which
would make every rebuild grow with the league."""
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from leagues import a_league, a_team, players

from league.models import Division, DivisionEntry, Season
from league.services.standings import division_standings_rebuild

# The tables that grow with the league.
LEAGUE_WIDE = {"league_fixture", "league_matchnight", "league_rubber", "league_rubbergame", "league_playergame"}
DIVISIONS, TEAMS, WEEKS, RUBBERS = 120, 12, 22, 4

# Every division's season played and confirmed, straight into the tables:
# 120 divisions x 132 matches x 4 singles, 127,000 player games; each
# team's rubbers all played by its one player.
LEAGUE_SQL = [
    """INSERT INTO league_fixture (division_id, week, date, status, reason, changed_at, revision, home_team_id,
                                   away_team_id, venue_id, playoff)
       SELECT d, w, %(day)s, 'published', '', now(), 0, home, away, venue, false
       FROM unnest(%(divisions)s::bigint[]) AS d, generate_series(1, %(weeks)s) AS w,
            unnest(%(homes)s::bigint[], %(aways)s::bigint[], %(venues)s::bigint[]) AS pair(home, away, venue)""",
    """INSERT INTO league_matchnight (fixture_id, status, home_games, away_games, dispute_reason, resolution,
                                      changed_at, pairs_seed)
       SELECT id, 'confirmed', 3, 1, '', '', now(), '' FROM league_fixture""",
    """INSERT INTO league_rubber (night_id, number, kind, conceded_by, game, home_player_id, away_player_id)
       SELECT n.id, r, 'singles', '', 'fives-and-threes', home.player, away.player
       FROM league_matchnight n JOIN league_fixture f ON f.id = n.fixture_id
       JOIN unnest(%(teams)s::bigint[], %(players)s::bigint[]) AS home(team, player) ON home.team = f.home_team_id
       JOIN unnest(%(teams)s::bigint[], %(players)s::bigint[]) AS away(team, player) ON away.team = f.away_team_id,
       generate_series(1, %(rubbers)s) AS r""",
    """INSERT INTO league_rubbergame (rubber_id, number, source, home_score, away_score, winner, entered_at)
       SELECT id, 1, 'card', 61, (id %% 61)::smallint, 'home', now() FROM league_rubber""",
    """INSERT INTO league_playergame (night_id, rubber_game_id, division_id, player_id, team_id, won, pegged,
                                      on_target, live)
       SELECT r.night_id, g.id, f.division_id, side.player, side.team, side.won, side.pegged, side.won, false
       FROM league_rubbergame g JOIN league_rubber r ON r.id = g.rubber_id
       JOIN league_matchnight n ON n.id = r.night_id JOIN league_fixture f ON f.id = n.fixture_id,
       LATERAL (VALUES (r.home_player_id, f.home_team_id, true, g.home_score),
                       (r.away_player_id, f.away_team_id, false, g.away_score)) AS side(player, team, won, pegged)""",
]


@pytest.fixture
def many_divisions(postgres: None) -> list[Division]:
    """A league of many divisions, analysed as the planner would see it."""
    season = Season.objects.create(league=a_league(), name="Winter", start=date(2026, 9, 1),
                                   registration_deadline=date(2026, 8, 25))
    divisions = Division.objects.bulk_create(Division(season=season, name=f"Division {n}", level=n)
                                             for n in range(1, DIVISIONS + 1))
    teams = [a_team(season.league, f"Pub {n} A") for n in range(TEAMS)]
    DivisionEntry.objects.bulk_create(DivisionEntry(division=divisions[0], team=team) for team in teams)
    squad = players(TEAMS)
    with connection.cursor() as cursor:
        for sql in LEAGUE_SQL:
            cursor.execute(sql, {
                "day": date(2026, 9, 8), "divisions": [d.pk for d in divisions], "weeks": WEEKS,
                "homes": [t.pk for t in teams[0::2]], "aways": [t.pk for t in teams[1::2]],
                "venues": [t.home_venue_id for t in teams[0::2]], "rubbers": RUBBERS,
                "teams": [t.pk for t in teams], "players": [p.pk for p in squad],
            })
        cursor.execute("ANALYZE")
    return divisions


def plan_nodes(plan: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield plan
    for child in plan.get("Plans", ()):
        yield from plan_nodes(child)


def whole_tables_read(sql: str) -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (FORMAT JSON) " + sql)
        (plans,) = cursor.fetchone()
    return {node["Relation Name"] for node in plan_nodes(plans[0]["Plan"])
            if node["Node Type"] == "Seq Scan" and node.get("Relation Name") in LEAGUE_WIDE}


def test_a_divisions_rebuild_reads_no_other_divisions_match_nights_rubbers_or_games(
        many_divisions: list[Division]) -> None:
    division = many_divisions[0]
    with CaptureQueriesContext(connection) as queries:
        division_standings_rebuild(division_id=division.pk)
    statements = [query["sql"] for query in queries.captured_queries
                  if query["sql"].lstrip().upper().startswith(("SELECT", "INSERT", "UPDATE", "DELETE"))]
    read_whole = {sql: tables for sql in statements if (tables := whole_tables_read(sql))}
    assert read_whole == {}
    # It did rebuild: the table, and each team's player's statistics.
    assert division.table_entries.count() == division.player_stats.count() == TEAMS


def test_the_league_is_large_enough_that_a_join_to_every_match_night_reads_the_table_whole(
        many_divisions: list[Division]) -> None:
    # What the rebuild's queries were written against: joined plainly to the
    # division's fixtures, the planner reads every match night of the league.
    division = many_divisions[-1]
    plain = ("SELECT n.id FROM league_matchnight n JOIN league_fixture f ON f.id = n.fixture_id "
             f"WHERE f.division_id = {division.pk} AND n.status = 'confirmed'")
    assert whole_tables_read(plain) == {"league_matchnight"}
