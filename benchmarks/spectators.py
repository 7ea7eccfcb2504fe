"""Benchmark of spectators' pages under gunicorn, from the cache and not.

A script that measures, not a test: it prints figures and never fails on
them. It needs PostgreSQL and Redis on this machine (the ones `.ci/run`
starts) and sends traffic to 127.0.0.1 only, in loops bounded by time.

    .venv/bin/python benchmarks/spectators.py                # defaults
    .venv/bin/python benchmarks/spectators.py --seconds 5 --clients 16 --json

What it does, in one run:
1. makes a fresh database (`league_spectators_bench` on the local
   PostgreSQL, or BENCH_DATABASE_URL) with one division of 12 teams whose
   double round robin is played and confirmed (as benchmarks/tables.py
   builds it), its table and player statistics rebuilt, and a game; empties
   its own Redis database (14, or BENCH_REDIS_URL); collects the static
   files into a temporary STATIC_ROOT;
2. starts gunicorn on a free loopback port with production settings (DEBUG
   off, persistent connections, REDIS_URL set), first with the spectators'
   cache off (SPECTATOR_CACHE=0), then on;
3. for each of the league's home, a team's page, the division's page, a
   match night's live fragment and a game's board, `--clients` threads, each one reader with a kept-alive
   connection and no login, ask for the page as fast as answers come:
   uncached, cached (each answer a whole page from the cache), and cached
   asking with the ETag of the copy they hold (each answer a 304, as the
   night page's script polls);
4. counts the SQL queries of a cached answer and of a 304 (in-process,
   through the test client, on the same database and Redis).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.api import HOST, environment, free_port, fresh_redis, wait_until_serving  # noqa: E402
from benchmarks.databases import fresh_database  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/league_spectators_bench"
DEFAULT_REDIS = "redis://127.0.0.1:6379/14"


def build(env: dict[str, str]) -> dict[str, str]:
    """Migrates, builds the division and a game; returns the pages' paths."""
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", "--noinput", verbosity=0)  # the manifest's hashed names, as deployed
    from benchmarks.tables import LeagueBuilder
    from league.services.games import game_create
    from league.services.standings import division_standings_rebuild

    builder = LeagueBuilder(seed=2026)
    builder.add(1)
    division = builder.divisions[0]
    division_standings_rebuild(division_id=division.pk)
    from league.models import MatchNight

    night = MatchNight.objects.get(pk=builder.left_submitted[division.pk])
    game = game_create(rules={"preset": "pub", "target": 121}, seats=["Ann", "Bob"], created_by=None)
    return {"league home": f"/leagues/{builder.league.slug}/",
            "team page": f"/teams/{night.fixture.home_team_id}/",
            "division page": f"/divisions/{division.pk}/",
            "night fragment": f"/fixtures/{night.fixture_id}/night/live",
            "game board": f"/games/{game.pk}/board"}


def read(port: int, path: str, seconds: float, start: threading.Barrier, counts: list[int], errors: list[str],
         revalidate: bool) -> None:
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    headers: dict[str, str] = {}
    if revalidate:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        headers["If-None-Match"] = response.getheader("ETag") or ""
    expected = 304 if revalidate else 200
    start.wait()
    deadline = time.perf_counter() + seconds
    done = 0
    while time.perf_counter() < deadline:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        if response.status != expected:
            errors.append(str(response.status))
            break
        done += 1
    counts.append(done)


def rate(port: int, path: str, clients: int, seconds: float, *, revalidate: bool = False) -> dict[str, Any]:
    start = threading.Barrier(clients + 1)
    counts: list[int] = []
    errors: list[str] = []
    threads = [threading.Thread(target=read, args=(port, path, seconds, start, counts, errors, revalidate),
                                daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join(timeout=seconds + 60)
    elapsed = time.perf_counter() - began
    return {"per_second": round(sum(counts) / elapsed, 1), "requests": sum(counts), "errors": sorted(set(errors))}


def serve(env: dict[str, str], args: argparse.Namespace) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    connections = -(-args.clients // args.workers)
    server = subprocess.Popen(
        [gunicorn, "config.wsgi", "--config", "python:config.gunicorn", "--bind", f"{HOST}:{port}",
         "--workers", str(args.workers), "--threads", str(args.threads),
         "--worker-connections", str(connections), "--log-level", "warning"],
        cwd=ROOT, env=env,
    )
    wait_until_serving(port, server)
    return server, port


def phase(env: dict[str, str], args: argparse.Namespace, pages: dict[str, str], cached: bool) -> dict[str, Any]:
    server, port = serve({**env, "SPECTATOR_CACHE": "1" if cached else "0"}, args)
    try:
        results: dict[str, Any] = {}
        for name, path in pages.items():
            rate(port, path, args.clients, 1.0)  # warm-up: imports, connections, the cache filled
            row = {"200": rate(port, path, args.clients, args.seconds)}
            if cached:
                row["304"] = rate(port, path, args.clients, args.seconds, revalidate=True)
            results[name] = row
        return results
    finally:
        server.terminate()
        server.wait(timeout=30)


def queries_per_hit(pages: dict[str, str]) -> dict[str, dict[str, int]]:
    """SQL queries of a cached answer and of a 304, in-process."""
    from django.db import connection
    from django.test import Client, override_settings
    from django.test.utils import CaptureQueriesContext

    counts = {}
    with override_settings(SPECTATOR_CACHE=True):
        for name, path in pages.items():
            client = Client(HTTP_HOST=HOST)
            etag = client.get(path)["ETag"]
            with CaptureQueriesContext(connection) as hit:
                assert client.get(path).status_code == 200
            with CaptureQueriesContext(connection) as revalidated:
                assert client.get(path, HTTP_IF_NONE_MATCH=etag).status_code == 304
            counts[name] = {"200 from the cache": len(hit), "304": len(revalidated)}
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=8.0, help="per page and kind of answer")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=2, help="threads per gunicorn worker")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    args.seconds = min(args.seconds, 60.0)  # bounded, whatever is asked

    database_url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    redis_url = os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)
    # Static files collected apart from the checkout, as a deployment does.
    env = {**environment(database_url, redis_url), "STATIC_ROOT": tempfile.mkdtemp(prefix="spectators-static-")}
    fresh_database(database_url)
    fresh_redis(redis_url)
    try:
        pages = build(env)
        uncached = phase(env, args, pages, cached=False)
        cached = phase(env, args, pages, cached=True)
        queries = queries_per_hit(pages)
    finally:
        shutil.rmtree(env["STATIC_ROOT"], ignore_errors=True)
    report: dict[str, Any] = {"clients": args.clients, "gunicorn": f"{args.workers} workers x {args.threads} threads",
                              "pages": {}, "queries": queries}
    for name in pages:
        before, after = uncached[name]["200"], cached[name]
        report["pages"][name] = {
            "uncached_per_second": before["per_second"], "cached_per_second": after["200"]["per_second"],
            "not_modified_per_second": after["304"]["per_second"],
            "speedup": round(after["200"]["per_second"] / before["per_second"], 1) if before["per_second"] else None,
            "errors": sorted(set(before["errors"] + after["200"]["errors"] + after["304"]["errors"])),
        }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{args.clients} clients, gunicorn {report['gunicorn']}, PostgreSQL, Redis; requests a second")
    print(f"{'page':15} {'uncached':>9} {'cached':>9} {'304':>9} {'cached/uncached':>16}  queries (200 hit, 304)")
    for name, row in report["pages"].items():
        queries = report["queries"][name]
        print(f"{name:15} {row['uncached_per_second']:9.1f} {row['cached_per_second']:9.1f} "
              f"{row['not_modified_per_second']:9.1f} {row['speedup']:>15}x  "
              f"{queries['200 from the cache']}, {queries['304']}"
              f"{'  errors ' + ','.join(row['errors']) if row['errors'] else ''}")


if __name__ == "__main__":
    main()
