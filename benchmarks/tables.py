"""Benchmark of division tables and player statistics on PostgreSQL.

A script that measures, not a test: it prints figures and never fails on
them. It needs PostgreSQL on this machine (the one `.ci/run` starts) and
no broker: it calls the services the Celery tasks call, in-process.

    .venv/bin/python benchmarks/tables.py              # at 2, 20 and 200 divisions
    .venv/bin/python benchmarks/tables.py --sizes 2,20 --repeat 5 --json

What it does, in one run:
1. makes a fresh database (`league_tables_bench` on the local PostgreSQL,
   or BENCH_DATABASE_URL) and migrates it;
2. builds a league of as many divisions as the first of `--sizes`, each
   of 12 teams playing a
   double round robin (22 match weeks, 132 matches a division), every match
   nine singles from the paper card, confirmed, a few walkovers, voided
   fixtures and sanctions besides; rows are written with bulk_create, and
   each player's part in each game by the service the results use
   (`player_games_record`). One fixture a division is left submitted;
3. times, at that size: the incremental update after one result is
   confirmed (`division_standings_rebuild` of its division, the work the
   queued task does: table and player statistics), the SQL queries that
   update makes and the tables any of them reads whole (a Seq Scan in its
   plan), a full rebuild, and a single SQL aggregate over the same
   confirmed games (games won and points pegged by each side of each match:
   what a table is made of, fetched and nothing more), the floor any
   rebuild stands on;
4. adds divisions up to each next size (200 x 12 teams x 22 weeks x 9
   games: 26,400 matches, 237,600 games) and times the same again.

Every figure is the median of `--repeat` runs after one warm-up run; the
full rebuild, which at 200 divisions takes seconds, of `--full-repeat`.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.databases import fresh_database  # noqa: E402
from league.scheduling.roundrobin import double_round_robin  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/league_tables_bench"
TEAMS = 12
RUBBERS = 9

# The floor: one aggregate over every confirmed game, by match.
FLOOR_SQL = """
SELECT n.id, f.division_id, f.home_team_id, f.away_team_id,
       count(*) FILTER (WHERE g.winner = 'home'), count(*) FILTER (WHERE g.winner = 'away'),
       sum(g.home_score), sum(g.away_score)
FROM league_rubbergame g
JOIN league_rubber r ON r.id = g.rubber_id
JOIN league_matchnight n ON n.id = r.night_id
JOIN league_fixture f ON f.id = n.fixture_id
WHERE n.status = 'confirmed' AND f.status NOT IN ('walkover', 'void', 'draft')
GROUP BY n.id, f.division_id, f.home_team_id, f.away_team_id
"""


def setup_django(database_url: str) -> None:
    os.environ.update({
        "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": database_url, "DEBUG": "0",
        "SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "LOG_LEVEL": "WARNING",
    })
    os.environ.pop("REDIS_URL", None)
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


class LeagueBuilder:
    """Adds divisions of played seasons to one league, straight into the database."""

    def __init__(self, seed: int) -> None:
        from league.models import League, Season

        self.rng = random.Random(seed)
        self.league = League.objects.create(name="Bench League", slug="bench", match_format="plain",
                                            points_scheme="solihull")
        self.season = Season.objects.create(league=self.league, name="Winter", start=date(2026, 9, 1),
                                            registration_deadline=date(2026, 8, 25))
        self.divisions: list[Any] = []
        self.left_submitted: dict[int, int] = {}  # division id -> night id

    def add(self, count: int) -> None:
        for _ in range(count):
            self._division(len(self.divisions) + 1)

    def _division(self, number: int) -> None:
        from league.models import (
            Division,
            DivisionEntry,
            Fixture,
            MatchNight,
            Player,
            Rubber,
            RubberGame,
            Sanction,
            Team,
            Venue,
        )
        from league.services.standings_player_games import player_games_record

        division = Division.objects.create(season=self.season, name=f"Division {number}")
        self.divisions.append(division)
        venues = Venue.objects.bulk_create(Venue(name=f"Pub {number}-{t}") for t in range(TEAMS))
        teams = Team.objects.bulk_create(Team(league=self.league, name=f"Pub {number}-{t} A", home_venue=venue)
                                         for t, venue in enumerate(venues))
        DivisionEntry.objects.bulk_create(DivisionEntry(division=division, team=team) for team in teams)
        squads = {team.pk: Player.objects.bulk_create(Player(name=f"{team.name} player {p}") for p in range(RUBBERS))
                  for team in teams}
        fixtures = []
        for week, pairs in enumerate(double_round_robin(len(teams)), start=1):
            for home, away in ((teams[h], teams[a]) for h, a in pairs):
                status = Fixture.Status.PUBLISHED
                winner = None
                roll = self.rng.random()
                if roll < 0.01:
                    status, winner = Fixture.Status.WALKOVER, self.rng.choice([home, away])
                elif roll < 0.015:
                    status = Fixture.Status.VOID
                fixtures.append(Fixture(division=division, week=week, date=date(2026, 9, 1) + timedelta(weeks=week),
                                        home_team=home, away_team=away, venue=home.home_venue, status=status,
                                        walkover_winner=winner))
        fixtures = Fixture.objects.bulk_create(fixtures)
        played = [f for f in fixtures if f.status == Fixture.Status.PUBLISHED]
        scores = {f.pk: [self._card() for _ in range(RUBBERS)] for f in played}
        nights = MatchNight.objects.bulk_create(MatchNight(
            fixture=f, status=MatchNight.Status.CONFIRMED,
            home_games=sum(s[2] == "home" for s in scores[f.pk]), away_games=sum(s[2] == "away" for s in scores[f.pk]),
        ) for f in played)
        last = nights[-1]
        last.status = MatchNight.Status.SUBMITTED  # confirmed during the timing
        last.save(update_fields=["status"])
        self.left_submitted[division.pk] = last.pk
        rubbers = Rubber.objects.bulk_create(
            Rubber(night=night, number=n + 1, kind="singles", home_player=squads[night.fixture.home_team_id][n],
                   away_player=squads[night.fixture.away_team_id][n])
            for night in nights for n in range(RUBBERS))
        RubberGame.objects.bulk_create(
            RubberGame(rubber=rubber, number=1, source="card", home_score=home_score, away_score=away_score,
                       winner=winner)
            for rubber in rubbers
            for home_score, away_score, winner in [scores[rubber.night.fixture_id][rubber.number - 1]])
        Sanction.objects.bulk_create(Sanction(division=division, team=self.rng.choice(teams), points=3,
                                              reason="late result") for _ in range(2))
        player_games_record(night_ids=[night.pk for night in nights])

    def _card(self) -> tuple[int, int, str]:
        loser = self.rng.randrange(0, 61)
        return (61, loser, "home") if self.rng.random() < 0.5 else (loser, 61, "away")


def timed(work: Callable[[], Any], repeat: int, before: Callable[[], Any] | None = None) -> float:
    """The median of `repeat` runs of `work` after a warm-up, in milliseconds;
    `before` runs untimed ahead of each."""
    runs = []
    for _ in range(repeat + 1):
        if before is not None:
            before()
        start = time.perf_counter()
        work()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs[1:])


# The tables that grow with the league: a query reading one whole is not
# bounded by the division.
LEAGUE_WIDE = {"league_fixture", "league_matchnight", "league_rubber", "league_rubbergame", "league_playergame"}


def seq_scanned(sql: str) -> set[str]:
    """The league-wide tables the plan of this (captured) query reads whole."""
    from django.db import connection

    if not sql.lstrip().upper().startswith(("SELECT", "INSERT", "DELETE", "UPDATE")):
        return set()
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (FORMAT JSON) " + sql)
        plan = cursor.fetchone()[0][0]["Plan"]
    found, nodes = set(), [plan]
    while nodes:
        node = nodes.pop()
        if node.get("Node Type") == "Seq Scan" and node.get("Relation Name") in LEAGUE_WIDE:
            found.add(node["Relation Name"])
        nodes.extend(node.get("Plans", ()))
    return found


def measure(builder: LeagueBuilder, repeat: int, full_repeat: int) -> dict[str, Any]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from league.models import MatchNight, PlayerGame, RubberGame
    from league.services.standings import division_standings_rebuild, standings_rebuild_all

    division = builder.divisions[len(builder.divisions) // 2]
    night_id = builder.left_submitted[division.pk]

    def confirm_one() -> None:
        # The away captain's confirmation, as it lands before its task runs.
        MatchNight.objects.filter(pk=night_id).update(status=MatchNight.Status.SUBMITTED)
        MatchNight.objects.filter(pk=night_id).update(status=MatchNight.Status.CONFIRMED)

    def floor_query() -> None:
        with connection.cursor() as cursor:
            cursor.execute(FLOOR_SQL)
            cursor.fetchall()

    confirm_one()
    with CaptureQueriesContext(connection) as queries:
        division_standings_rebuild(division_id=division.pk)
    # EXPLAIN without ANALYZE: the plan, nothing run, so nothing written twice.
    scanned = sorted({table for query in queries.captured_queries for table in seq_scanned(query["sql"])})
    figures = {
        "divisions": len(builder.divisions),
        "confirmed_matches": MatchNight.objects.filter(status=MatchNight.Status.CONFIRMED).count() + 1,
        "games": RubberGame.objects.count(),
        "player_games": PlayerGame.objects.count(),
        "incremental_ms": round(timed(lambda: division_standings_rebuild(division_id=division.pk), repeat,
                                      before=confirm_one), 1),
        "incremental_queries": len(queries.captured_queries),
        "incremental_seq_scans": scanned,
        "full_rebuild_ms": round(timed(standings_rebuild_all, full_repeat), 1),
        "sql_floor_ms": round(timed(floor_query, repeat), 1),
    }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="2,20,200", help="the league's sizes measured, in divisions, ascending")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--full-repeat", type=int, default=3, help="runs of the full rebuild at each size")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    database_url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    fresh_database(database_url)
    setup_django(database_url)

    from django.db import connection

    sizes = sorted(int(size) for size in args.sizes.split(","))
    built = time.perf_counter()
    builder = LeagueBuilder(args.seed)
    rows = []
    for size in sizes:
        builder.add(size - len(builder.divisions))
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        rows.append(measure(builder, args.repeat, args.full_repeat))
    build_seconds = time.perf_counter() - built

    report = {"sizes": rows, "seconds": round(build_seconds, 1), "repeat": args.repeat,
              "full_repeat": args.full_repeat}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"PostgreSQL, {TEAMS} teams a division, 22 match weeks, {RUBBERS} card games a match; median of "
          f"{args.repeat} runs ({args.full_repeat} of the full rebuild); built and measured in {report['seconds']} s")
    print(f"{'divisions':>9} {'matches':>8} {'games':>7} {'full rebuild':>13} {'incremental':>12} {'queries':>8} "
          f"{'SQL floor':>10}  seq scans in the update")
    for row in rows:
        print(f"{row['divisions']:>9} {row['confirmed_matches']:>8} {row['games']:>7} "
              f"{row['full_rebuild_ms']:>10.1f} ms {row['incremental_ms']:>9.1f} ms {row['incremental_queries']:>8} "
              f"{row['sql_floor_ms']:>7.1f} ms  {', '.join(row['incremental_seq_scans']) or 'none'}")


if __name__ == "__main__":
    main()
