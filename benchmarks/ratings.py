"""Benchmark of re-rating players on PostgreSQL.

A script that measures, not a test: it prints figures and never fails on
them. It needs PostgreSQL on this machine and no broker: it calls the
service the Celery task and the manage command call, in-process.

    .venv/bin/python benchmarks/ratings.py
    .venv/bin/python benchmarks/ratings.py --divisions 20 --repeat 3 --json

What it does, in one run:
1. makes a fresh database (`league_ratings_bench`, or BENCH_DATABASE_URL)
   and migrates it;
2. loads the demo league (`demo_load`) and times a full re-rate of it;
3. builds a league as benchmarks/tables.py does (`--divisions` of 12 teams
   playing a double round robin, nine card singles a match: 20 divisions
   are 23,760 games) and times a full re-rate of it (`ratings_rebuild`:
   delete the snapshots, read every confirmed game, replay them through
   openskill, write a snapshot per player per game), then an incremental
   re-rate after its last result is confirmed (what the queued task does).

Every figure is the median of `--repeat` runs.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.databases import fresh_database  # noqa: E402
from benchmarks.tables import LeagueBuilder, setup_django  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/league_ratings_bench"


def timed(work, repeat: int) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    runs, result = [], None
    for _ in range(repeat):
        began = time.perf_counter()
        result = work()
        runs.append(time.perf_counter() - began)
    return round(statistics.median(runs), 2), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--divisions", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    database_url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    fresh_database(database_url)
    setup_django(database_url)

    from django.db import connection

    from league.demo.load import demo_load
    from league.models import League, MatchNight, RatingSnapshot
    from league.ratings import day_start
    from league.services.ratings import ratings_rebuild, ratings_update

    demo_load()
    demo = League.objects.exclude(slug="bench").order_by("pk").first()
    assert demo is not None
    demo_seconds, demo_games = timed(lambda: ratings_rebuild(league_id=demo.pk), args.repeat)

    builder = LeagueBuilder(args.seed)
    builder.add(args.divisions)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    league_id = builder.league.pk
    full_seconds, games = timed(lambda: ratings_rebuild(league_id=league_id), args.repeat)
    snapshots = RatingSnapshot.objects.filter(league_id=league_id).count()

    # The last division's submitted result confirmed: rated from its day on.
    night = MatchNight.objects.select_related("fixture").get(pk=list(builder.left_submitted.values())[-1])

    def confirm_one() -> int:
        # What confirming marks (ratings_queue), without queueing the task:
        # with no broker the task would run here, eagerly, before the timing.
        MatchNight.objects.filter(pk=night.pk).update(status=MatchNight.Status.CONFIRMED)
        League.objects.filter(pk=league_id).update(ratings_behind_from=day_start(night.fixture.played_on))
        return ratings_update(league_id=league_id)

    incremental_seconds, rerated = timed(confirm_one, args.repeat)
    report = {"demo": {"games": demo_games, "seconds": demo_seconds},
              "league": {"games": games, "snapshots": snapshots, "full_seconds": full_seconds,
                         "incremental_seconds": incremental_seconds, "incremental_games": rerated},
              "repeat": args.repeat}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"PostgreSQL, median of {args.repeat} runs")
    print(f"demo league: {demo_games} games re-rated in full in {demo_seconds} s")
    print(f"{args.divisions} divisions: {games} games ({snapshots} snapshots) re-rated in full in {full_seconds} s; "
          f"after one result confirmed, {rerated} games (its day on) in {incremental_seconds} s")


if __name__ == "__main__":
    main()
