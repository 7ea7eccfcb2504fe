"""The CPU of a move and of the trivial endpoint inside one process, without
an HTTP server: the same WSGI application gunicorn runs, called directly.

A script that measures, not a test. It needs PostgreSQL and Redis on this
machine, like `api.py`, whose fresh database and settings it uses.

    .venv/bin/python benchmarks/inprocess.py              # CPU a request
    .venv/bin/python benchmarks/inprocess.py --profile    # and where it goes

One thread plays whole games move after move (creating each game, and
posting the tiles shown after each hand), and calls GET /api/auth/whoami
as many times, the two alternating in batches of 25 requests so that the
drifting load of a shared machine falls on both alike. Each figure is the
process's CPU time (time.process_time) over the requests, divided by their
number. With no server, no network and no other client in the way, the
ratio of the two is the application's own.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import itertools
import json
import os
import pstats
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.api import DEFAULT_DB, DEFAULT_REDIS, HOST, RULES, deal, environment, fresh_redis, setup_django  # noqa: E402
from benchmarks.databases import fresh_database  # noqa: E402

BATCH = 25


class Caller:
    """Calls the WSGI application as gunicorn would, one request at a time."""

    def __init__(self, token: str) -> None:
        from django.core.wsgi import get_wsgi_application

        self.app = get_wsgi_application()
        self.token = token

    def call(self, method: str, path: str, body: Any = None, key: str = "") -> tuple[int, Any]:
        payload = b"" if body is None else json.dumps(body).encode()
        environ = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": HOST,
            "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": HOST, "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(payload), "wsgi.errors": sys.stderr, "wsgi.multithread": True,
            "wsgi.multiprocess": True, "wsgi.run_once": False, "wsgi.version": (1, 0),
            "HTTP_AUTHORIZATION": f"Token {self.token}", "CONTENT_LENGTH": str(len(payload)),
            "CONTENT_TYPE": "application/json",
        }
        if key:
            environ["HTTP_IDEMPOTENCY_KEY"] = key
        status: list[str] = []
        chunks = self.app(environ, lambda line, headers, *rest: status.append(line))
        data = b"".join(chunks)
        getattr(chunks, "close", lambda: None)()
        return int(status[0].split()[0]), json.loads(data) if data else None


def writes(caller: Caller, games: list[list[dict[str, Any]]]) -> Iterator[bool]:
    """Plays the games over and over, one request a step; yields whether
    the step was a move (else a game's creation or tiles shown)."""
    for number, sheet in enumerate(itertools.cycle(games)):
        status, state = caller.call("POST", "/api/games", {"rules": RULES, "seats": ["Ann", "Bob"]})
        assert status == 201, state
        yield False
        game, seq = state["id"], state["seq"]
        for index, write in enumerate(sheet):
            if "move" in write:
                status, reply = caller.call("POST", f"/api/games/{game}/moves", {**write["move"], "seq": seq},
                                            f"{number}/{index}")
            else:
                status, reply = caller.call("POST", f"/api/games/{game}/hands/{write['hand']}/shown",
                                            {**write["shown"], "seq": seq}, f"{number}/{index}")
            assert status == 201, reply
            seq = reply["state"]["seq"]
            yield "move" in write


def trivial(caller: Caller) -> Iterator[bool]:
    while True:
        status, _ = caller.call("GET", "/api/auth/whoami")
        assert status == 200
        yield True


def measure(steps: Iterator[bool], count: int, profiler: cProfile.Profile | None) -> tuple[float, int]:
    """CPU seconds of `count` requests, and how many were moves."""
    began = time.process_time()
    if profiler:
        profiler.enable()
    moves = sum(next(steps) for _ in range(count))
    if profiler:
        profiler.disable()
    return time.process_time() - began, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=2000, help="writes, and as many trivial requests, a round")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the one of median ratio is kept")
    parser.add_argument("--profile", action="store_true", help="print cProfile's top functions (slows the run)")
    args = parser.parse_args()

    database_url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    redis_url = os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)
    fresh_database(database_url)
    fresh_redis(redis_url)
    token = setup_django(environment(database_url, redis_url))
    caller = Caller(token)
    games = deal(16, seed=2026)
    moves, calls = writes(caller, games), trivial(caller)
    measure(moves, 200, None)  # warm-up: imports, connection, caches
    measure(calls, 200, None)
    # The two alternate in small batches, so that the load of a shared
    # machine, which drifts, falls on both alike.
    profilers = (cProfile.Profile(time.process_time), cProfile.Profile(time.process_time)) if args.profile else None
    rounds = []
    for _ in range(args.repeat):
        spent = {"writes": 0.0, "trivial": 0.0}
        made = 0
        for _ in range(args.requests // BATCH):
            seconds, count = measure(moves, BATCH, profilers[0] if profilers else None)
            spent["writes"] += seconds
            made += count
            spent["trivial"] += measure(calls, BATCH, profilers[1] if profilers else None)[0]
        done = BATCH * (args.requests // BATCH)
        rounds.append((spent["writes"] / spent["trivial"], 1000 * spent["writes"] / done,
                       1000 * spent["trivial"] / done, made))
    ratio, write_ms, trivial_ms, made = sorted(rounds)[len(rounds) // 2]
    if profilers:
        for profiler in profilers:
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(60)
            print(out.getvalue())
    print(f"writes (moves, shown tiles, new games: {made} moves of {done}) {write_ms:.3f} ms CPU a request;"
          f" trivial {trivial_ms:.3f} ms; ratio {ratio:.2f}")
    print("rounds (ratio, write ms, trivial ms): " + "; ".join(f"{r:.2f} ({w:.3f}/{t:.3f})" for r, w, t, _ in rounds))


if __name__ == "__main__":
    main()
