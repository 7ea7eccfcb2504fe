"""The CPU of a move and of the trivial endpoint inside one process, without
an HTTP server: the same WSGI application gunicorn runs, called directly.

A script that measures, not a test. It needs PostgreSQL and Redis on this
machine, like `api.py`, whose fresh database and settings it uses.

    .venv/bin/python benchmarks/inprocess.py              # CPU a request
    .venv/bin/python benchmarks/inprocess.py --profile    # and where it goes

One thread plays whole games move after move (and the tiles shown after
each hand), then calls GET /api/auth/whoami as many times; each figure is
the process's CPU time (time.process_time) over the requests, divided by
their number. With no server, no network and no other client in the way,
the ratio of the two is the application's own.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.api import DEFAULT_DB, DEFAULT_REDIS, HOST, RULES, deal, environment, fresh_redis, setup_django  # noqa: E402
from benchmarks.databases import fresh_database  # noqa: E402


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


def play(caller: Caller, games: list[list[dict[str, Any]]], limit: int) -> tuple[int, int]:
    """Plays until `limit` moves are made; returns (moves, every request)."""
    moves = requests = 0
    for number, writes in enumerate(games * (1 + limit // 100)):
        status, state = caller.call("POST", "/api/games", {"rules": RULES, "seats": ["Ann", "Bob"]})
        requests += 1
        assert status == 201, state
        game, seq = state["id"], state["seq"]
        for index, write in enumerate(writes):
            if moves >= limit:
                return moves, requests
            if "move" in write:
                status, reply = caller.call("POST", f"/api/games/{game}/moves", {**write["move"], "seq": seq},
                                            f"{number}/{index}")
                moves += 1
            else:
                status, reply = caller.call("POST", f"/api/games/{game}/hands/{write['hand']}/shown",
                                            {**write["shown"], "seq": seq}, f"{number}/{index}")
            requests += 1
            assert status == 201, reply
            seq = reply["state"]["seq"]
    return moves, requests


def trivial(caller: Caller, count: int) -> tuple[int, int]:
    for _ in range(count):
        status, _ = caller.call("GET", "/api/auth/whoami")
        assert status == 200
    return count, count


def cpu_of(work: Callable[[], tuple[int, int]], profile: bool) -> tuple[float, int, str]:
    """CPU ms a request of `work`, its moves, and (if asked) its profile."""
    profiler = cProfile.Profile(time.process_time) if profile else None  # CPU, not waiting
    began = time.process_time()
    if profiler:
        profiler.enable()
    made, requests = work()
    if profiler:
        profiler.disable()
    spent = time.process_time() - began
    text = ""
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(60)
        text = out.getvalue()
    return 1000 * spent / requests, made, text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3, help="rounds of moves then trivial; the median is kept")
    parser.add_argument("--profile", action="store_true", help="print cProfile's top functions (slows the run)")
    args = parser.parse_args()

    database_url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    redis_url = os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)
    fresh_database(database_url)
    fresh_redis(redis_url)
    token = setup_django(environment(database_url, redis_url))
    caller = Caller(token)
    games = deal(16, seed=2026)
    play(caller, games[:1], 200)  # warm-up: imports, connection, caches
    trivial(caller, 200)
    rounds = []
    for _ in range(args.repeat):
        move_ms, moves, move_profile = cpu_of(lambda: play(caller, games, args.moves), args.profile)
        trivial_ms, _, trivial_profile = cpu_of(lambda: trivial(caller, args.moves), args.profile)
        rounds.append((move_ms / trivial_ms, move_ms, trivial_ms))
    ratio, move_ms, trivial_ms = sorted(rounds)[len(rounds) // 2]
    if args.profile:
        print(move_profile)
        print(trivial_profile)
    print(f"write (move or shown) {move_ms:.3f} ms CPU a request; trivial {trivial_ms:.3f} ms; ratio {ratio:.2f}")
    print("rounds: " + "; ".join(f"{r:.2f} ({m:.3f}/{t:.3f})" for r, m, t in rounds))


if __name__ == "__main__":
    main()
