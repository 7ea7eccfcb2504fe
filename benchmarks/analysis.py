"""Benchmark of scoring chances (docs/analysis.md): re-analysing every live
game of the demo league, and a league of 24,000 games.

A script that measures, not a test: it prints figures and never fails on
them.

    .venv/bin/python benchmarks/analysis.py                 # both parts, as the issue asks
    .venv/bin/python benchmarks/analysis.py --skip-demo --games 2400 --json

What it does, in one run:
1. the demo league (needs PostgreSQL, as benchmarks/tables.py): a fresh
   database (`league_analysis_bench`, or BENCH_DATABASE_URL), migrated, the
   demo loaded by `demo_load` (the league, its cups and the demo games, every
   move through the services); then, with the cache cleared, every live
   game's analysis from its log (`game_analysis_fresh`: one query and the
   engine's replay), and every player's figures (`player_chances`), cold;
2. a league of `--games` games (24,000: 20 divisions of 12 teams, a double
   round robin of nine singles a night), all scored live: their logs as the
   service would read them, the moves of each game's hands and its showings,
   analysed by `scoring.analysis` in `--workers` processes (the machine's
   cores). Generating 24,000 random games would take longer than analysing
   them, so `--distinct` games (seeded random games under the pub rules, with
   the mistakes real tables make) are dealt round to make up the league; the
   analysis caches nothing, so a repeated game costs what a new one does.

The engine build is the one `config` picks (docs/engine-api.md): run with
SCORING_BUILD=compiled or pure to choose. Figures are wall time of one run
(`time.perf_counter`), after a warm-up game, with the CPU time the workers
spent (`time.process_time`, added up) and the load average at the end: on
a shared machine the wall time says more about the neighbours than about
the analysis, and CPU seconds / cores is what an idle machine would take.
"""
from __future__ import annotations

import argparse
import gc
import json
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.databases import fresh_database  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/league_analysis_bench"


def setup_django(database_url: str | None) -> None:
    os.environ.update({
        "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0", "LOG_LEVEL": "WARNING",
        "SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
    })
    if database_url:
        os.environ["DATABASE_URL"] = database_url
    os.environ.pop("REDIS_URL", None)
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()


def demo_league(database_url: str) -> dict[str, Any]:
    fresh_database(database_url)
    setup_django(database_url)
    from django.core.cache import cache
    from django.core.management import call_command

    from league.demo.load import demo_load
    from league.models import Game, Player
    from league.selectors.analysis import game_analysis_fresh, player_chances

    call_command("migrate", verbosity=0, interactive=False)
    demo_load()
    cache.clear()
    games = list(Game.objects.order_by("pk"))
    started = time.perf_counter()
    steps = sum(len(game_analysis_fresh(game=game)["steps"]) for game in games)
    analysed = time.perf_counter() - started
    players = list(Player.objects.values_list("pk", flat=True))
    started = time.perf_counter()
    rows = sum(len(player_chances(player_id=pk)) for pk in players)
    figures = time.perf_counter() - started
    return {"games": len(games), "moves": steps, "analyse_s": analysed, "players": len(players),
            "player_rows": rows, "players_s": figures}


def _sheets(distinct: int, seed: int) -> list[dict[str, Any]]:
    from scoring.simulate import random_game

    rng = random.Random(seed)
    return [random_game(rng, "pub", seats=2, mistakes=0.05) for _ in range(distinct)]


# The stand-in sheets, made before the workers fork: each inherits them as
# they are (frozen, out of the collector's way) rather than an unpickled copy.
SHEETS: list[dict[str, Any]] = []


def _analyse_share(args: tuple[int, int, int]) -> tuple[int, int, float]:
    """Analyses games `first`, `first + step`, ... below `count`, dealing the
    sheets round; returns (games, moves, CPU seconds)."""
    from scoring.analysis import analyse
    from scoring.table_view import sheet_ops

    first, step, count = args
    sheets = SHEETS
    games = moves = 0
    cpu = time.process_time()
    for index in range(first, count, step):
        sheet = sheets[index % len(sheets)]
        moves += len(analyse(sheet, sheet_ops(sheet))["steps"])
        games += 1
    return games, moves, time.process_time() - cpu


def big_league(games: int, distinct: int, workers: int, seed: int) -> dict[str, Any]:
    import scoring.state

    made = time.perf_counter()
    SHEETS[:] = _sheets(distinct, seed)
    made = time.perf_counter() - made
    # The sheets stand in for the database rows a real pass streams: kept out
    # of the collector's way, as rows never held would be.
    gc.freeze()
    _analyse_share((0, 1, 1))  # warm-up
    started = time.perf_counter()
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_analyse_share, [(w, workers, games) for w in range(workers)])
    else:
        parts = [_analyse_share((0, 1, games))]
    took = time.perf_counter() - started
    return {"games": sum(p[0] for p in parts), "moves": sum(p[1] for p in parts), "distinct": distinct,
            "workers": workers, "analyse_s": took, "cpu_s": sum(p[2] for p in parts), "generate_s": made,
            "load_average": os.getloadavg()[0],
            "build": "pure" if scoring.state.__file__.endswith(".py") else "compiled"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24_000)
    parser.add_argument("--distinct", type=int, default=600)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-demo", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found: dict[str, Any] = {}
    if not args.skip_demo:
        found["demo"] = demo_league(os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB))
    else:
        setup_django(None)
    found["league"] = big_league(args.games, args.distinct, args.workers, args.seed)
    if args.json:
        print(json.dumps(found, indent=2))
        return
    if "demo" in found:
        demo = found["demo"]
        print(f"demo league: {demo['games']} live games, {demo['moves']} moves analysed in "
              f"{demo['analyse_s']:.2f} s; {demo['players']} players' figures ({demo['player_rows']} rows) "
              f"in {demo['players_s']:.2f} s")
    league = found["league"]
    print(f"league: {league['games']:,} games ({league['distinct']} distinct), {league['moves']:,} moves, "
          f"{league['build']} engine, {league['workers']} workers: {league['analyse_s']:.1f} s "
          f"({league['games'] / league['analyse_s']:.0f} games/s); CPU {league['cpu_s']:.1f} s in all, "
          f"load average {league['load_average']:.1f}")


if __name__ == "__main__":
    main()
