"""Benchmark of the move endpoint under gunicorn on PostgreSQL.

A script that measures, not a test: it prints figures and never fails on
them. It needs PostgreSQL and Redis on this machine (the ones `.ci/run`
starts) and sends traffic to 127.0.0.1 only, in loops bounded by count and
time.

    .venv/bin/python benchmarks/api.py                  # defaults
    .venv/bin/python benchmarks/api.py --seconds 20 --clients 16 --json

What it does, in one run:
1. makes a fresh database (`league_bench` on the local PostgreSQL, or
   BENCH_DATABASE_URL), migrates it, and adds a user with a token; empties
   its own Redis database (15, or BENCH_REDIS_URL);
2. starts gunicorn on a free loopback port with production settings
   (DEBUG off, persistent connections, REDIS_URL set) and a Celery worker
   (unless --no-worker), so the moves' queued work, publishing live states
   for spectators, is done on the same machine while they are timed;
3. deals games on a simulated table before timing starts (pub to 121, so
   each game has well over 100 moves);
4. `--clients` threads, each one tablet with one kept-alive connection,
   post moves with `seq` and an Idempotency-Key as fast as answers come,
   starting a new game when one is won; the game set-up is not timed;
5. the same clients then call a trivial authenticated DRF endpoint
   (GET /api/auth/whoami: token check and a tiny JSON answer), for the same
   time, and the ratio of the two throughputs is printed;
6. the same clients then run the raw floor for the same time: each its own
   psycopg connection doing, in one transaction, the three statements of a
   move (the locking read of the game with the stored answer of its key,
   the log row's INSERT, the game row's UPDATE), with a real move's payload
   and answer, and nothing else: no HTTP, no Django, no engine;
7. reads the CPU time (utime + stime, /proc/<pid>/stat) of the gunicorn
   processes, of the PostgreSQL backends of the benchmark's database and of
   the Celery worker before and after each phase, and prints it per request:
   a rate moves with the load on a shared machine, the CPU a request costs
   much less;
8. counts the SQL queries of recording move 1 and move 60 of a game (the
   same code path, in-process, on the same database).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.databases import fresh_database  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/league_bench"
DEFAULT_REDIS = "redis://127.0.0.1:6379/15"
HOST = "127.0.0.1"
RULES = {"preset": "pub", "target": 121}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def environment(database_url: str, redis_url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "SECRET_KEY": "benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "DEBUG": "0",
        "ALLOWED_HOSTS": HOST,
        "SECURE_SSL_REDIRECT": "0",
        "CONN_MAX_AGE": "600",
        "LOG_LEVEL": "WARNING",
    }


def fresh_redis(url: str) -> None:
    """Empties the benchmark's own Redis database (BENCH_REDIS_URL): no
    messages or cached states left from an earlier run."""
    import redis

    redis.Redis.from_url(url).flushdb()


def setup_django(env: dict[str, str]) -> str:
    """Migrates and makes the benchmark user; returns its token."""
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from league.services.devices import device_token_issue

    call_command("migrate", verbosity=0, interactive=False)
    user = get_user_model().objects.create_user("bench", password="bench-pass-123")
    return device_token_issue(user=user, name="benchmark").raw


def deal(count: int, seed: int) -> list[list[dict[str, Any]]]:
    """Move lists of `count` whole games, one list per game, hands shown
    after each hand ended (as ("shown", hand, tiles) entries)."""
    from scoring.simulate import random_game

    rng = random.Random(seed)
    games = []
    for _ in range(count):
        sheet = random_game(rng, RULES, seats=2)
        writes: list[dict[str, Any]] = []
        for number, hand in enumerate(sheet["hands"]):
            writes.extend({"move": move} for move in hand["moves"])
            if "shown" in hand:
                writes.append({"shown": hand["shown"], "hand": number})
        games.append(writes)
    return games


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    moves: int = 0
    requests: int = 0  # every request sent, timed or not (a game's creation, shown tiles)
    server_seconds: float = 0.0  # the server's CPU over the timed requests alone (one client only)


# --- CPU time of processes, from /proc ----------------------------------------

TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name, in parentheses, may hold spaces: split after it.
    return text[text.rindex(")") + 2:].split()


def cpu_seconds(pid: int) -> float:
    """utime + stime of one process (all its threads), in seconds."""
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / TICKS


class ServerClock:
    """The CPU time of the gunicorn workers' threads, in nanoseconds
    (/proc/<pid>/task/<tid>/schedstat, user and system time alike): fine
    enough to read around one request. With one client, the only traffic
    the server has, the difference is that request's own CPU, so a move can
    be told apart from the game's creation and the shown tiles around it."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids

    def seconds(self) -> float:
        total = 0
        for pid in self.pids:
            for task in Path(f"/proc/{pid}/task").glob("*/schedstat"):
                try:
                    total += int(task.read_text().split()[0])
                except (OSError, ValueError, IndexError):
                    continue  # a thread that ended meanwhile
        return total / 1e9


# Set in main() for a run with one client.
server_clock: ServerClock | None = None


def timed(tally: Tally, call: Any, *args: Any) -> Any:
    """Runs one timed request, adding its latency and, with one client, the
    server's CPU it cost."""
    cpu = server_clock.seconds() if server_clock else 0.0
    began = time.perf_counter()
    answer = call(*args)
    tally.latencies.append(time.perf_counter() - began)
    if server_clock:
        tally.server_seconds += server_clock.seconds() - cpu
    return answer


def children(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and int(fields[1]) == parent:
                found.append(int(entry.name))
    return found


def database_backends(database: str) -> list[int]:
    """The PostgreSQL backends connected to `database` on this machine
    (their command line names it: "postgres: [cluster:] user database host(port) ...")."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        words = command.split()
        if words[:1] == ["postgres:"] and database in words[1:4]:
            found.append(int(entry.name))
    return found


class CpuMeter:
    """CPU seconds spent by groups of processes over a phase. Each group is
    found afresh at both ends (backends and threads come and go); a process
    first seen at the end counts from zero."""

    def __init__(self, groups: dict[str, Any]) -> None:
        self.groups = groups  # name -> callable returning pids

    def read(self) -> dict[str, dict[int, float]]:
        return {name: {pid: cpu_seconds(pid) for pid in find()} for name, find in self.groups.items()}

    @staticmethod
    def spent(before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]) -> dict[str, float]:
        return {name: sum(max(0.0, seconds - before[name].get(pid, 0.0)) for pid, seconds in pids.items())
                for name, pids in after.items()}


class Tablet:
    """One client: one kept-alive connection, like a tablet at a table."""

    def __init__(self, port: int, token: str) -> None:
        self.connection = http.client.HTTPConnection(HOST, port, timeout=30)
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}

    def call(self, method: str, path: str, body: Any = None, key: str | None = None) -> tuple[int, Any]:
        headers = dict(self.headers)
        if key:
            headers["Idempotency-Key"] = key
        payload = None if body is None else json.dumps(body)
        self.connection.request(method, path, body=payload, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else None


def play_moves(port: int, token: str, games: list[list[dict[str, Any]]], seconds: float, start: threading.Barrier,
               tally: Tally, number: int) -> None:
    tablet = Tablet(port, token)
    start.wait()
    deadline = time.perf_counter() + seconds
    cursor = number
    while time.perf_counter() < deadline:
        writes = games[cursor % len(games)]
        cursor += len(games) // 7 + 1
        status, state = tablet.call("POST", "/api/games", {"rules": RULES, "seats": ["Ann", "Bob"]})
        tally.requests += 1
        if status != 201:
            tally.errors[f"create {status}"] = tally.errors.get(f"create {status}", 0) + 1
            return
        game, seq = state["id"], state["seq"]
        for index, write in enumerate(writes):
            if time.perf_counter() >= deadline:
                break
            key = f"{game}/{index}"
            tally.requests += 1
            if "move" in write:
                status, reply = timed(tally, tablet.call, "POST", f"/api/games/{game}/moves",
                                      {**write["move"], "seq": seq}, key)
                tally.moves += 1
            else:
                status, reply = tablet.call("POST", f"/api/games/{game}/hands/{write['hand']}/shown",
                                            {**write["shown"], "seq": seq}, key)
            if status != 201:
                tally.errors[str(status)] = tally.errors.get(str(status), 0) + 1
                break
            seq = reply["state"]["seq"]


def call_trivial(port: int, token: str, seconds: float, start: threading.Barrier, tally: Tally) -> None:
    tablet = Tablet(port, token)
    start.wait()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        status, _ = timed(tally, tablet.call, "GET", "/api/auth/whoami")
        tally.moves += 1
        tally.requests += 1
        if status != 200:
            tally.errors[str(status)] = tally.errors.get(str(status), 0) + 1
            break


class Floor:
    """The raw psycopg floor: a move's three statements in one transaction,
    as `league.services.log` makes them, from a plain connection."""

    def __init__(self, database_url: str, user_id: int, payload: Any, reply: Any) -> None:
        from league.models import Game, GameEntry

        self.url, self.user_id, self.payload, self.reply = database_url, user_id, payload, reply
        self.games: list[int] = []  # one a client
        # One a client, opened before the phase and closed after the CPU is
        # read: a backend that has exited has no CPU time left to read.
        self.connections: list[Any] = []
        game, entry = Game._meta.db_table, GameEntry._meta.db_table
        self.lock = (f"SELECT g.*, (SELECT e.reply FROM {entry} e WHERE e.game_id = g.id AND e.idempotency_key = %s"
                     f" AND e.idempotency_key <> '') AS stored_reply FROM {game} g WHERE g.id = %s FOR UPDATE OF g")
        self.insert = (f"INSERT INTO {entry} (game_id, seq, kind, hand, payload, voids_id, entered_by_id, entered_at,"
                       f" idempotency_key, reply) VALUES (%s, %s, 'move', 0, %s, NULL, %s, %s, %s, %s)")
        self.update = (f"UPDATE {game} SET seq = %s, status = 'playing', hand = 0, turn = %s, ends = %s, sides = %s,"
                       f" scores = %s, winner = NULL, updated_at = %s WHERE id = %s")

    def new_game(self) -> int:
        from league.models import Game

        return int(Game.objects.create(rules=RULES, seats=["Ann", "Bob"], created_by_id=self.user_id).pk)


def run_floor(floor: Floor, seconds: float, start: threading.Barrier, tally: Tally, number: int) -> None:
    import datetime

    from psycopg.types.json import Jsonb

    game_id, connection = floor.games[number], floor.connections[number]
    state = floor.reply["state"]
    start.wait()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        began = time.perf_counter()
        with connection.transaction():
            row = connection.execute(floor.lock, (f"floor/{tally.moves}", game_id)).fetchone()
            assert row is not None
            seq = tally.moves + 1
            now = datetime.datetime.now(datetime.timezone.utc)
            connection.execute(floor.insert, (game_id, seq, Jsonb(floor.payload), floor.user_id, now,
                                              f"floor/{seq}", Jsonb(floor.reply)))
            connection.execute(floor.update, (seq, state["turn"], Jsonb(state["ends"]), Jsonb(state["sides"]),
                                              Jsonb(state["scores"]), now, game_id))
        tally.latencies.append(time.perf_counter() - began)
        tally.moves += 1
        tally.requests += 1


def run_clients(target: Any, clients: int, args: tuple[Any, ...], seconds: float,
                meter: CpuMeter | None = None) -> dict[str, Any]:
    start = threading.Barrier(clients + 1)
    tallies = [Tally() for _ in range(clients)]
    threads = []
    for number, tally in enumerate(tallies):
        extra = (number,) if target in (play_moves, run_floor) else ()
        threads.append(threading.Thread(target=target, args=(*args, seconds, start, tally, *extra), daemon=True))
    for thread in threads:
        thread.start()
    cpu_before = meter.read() if meter else None
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join(timeout=seconds + 60)
    elapsed = time.perf_counter() - began
    cpu = CpuMeter.spent(cpu_before, meter.read()) if meter and cpu_before else {}
    requests = sum(tally.requests for tally in tallies)
    latencies = sorted(latency for tally in tallies for latency in tally.latencies)
    errors: dict[str, int] = {}
    for tally in tallies:
        for name, count in tally.errors.items():
            errors[name] = errors.get(name, 0) + count
    return {
        "requests": len(latencies),
        "seconds": round(elapsed, 2),
        "per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": round(1000 * latencies[len(latencies) // 2], 2) if latencies else None,
        "p99_ms": round(1000 * latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))], 2) if latencies else None,
        "p90_ms": round(1000 * latencies[int(len(latencies) * 0.9)], 2) if latencies else None,
        "max_ms": round(1000 * latencies[-1], 2) if latencies else None,
        "mean_ms": round(1000 * statistics.fmean(latencies), 2) if latencies else None,
        # Per client: shows whether some tablets wait more than others.
        "client_mean_ms": sorted(round(1000 * statistics.fmean(t.latencies), 1) for t in tallies if t.latencies),
        "errors": errors,
        # Every request of the phase, timed or not, shares the CPU.
        "all_requests": requests,
        "cpu_ms_per_request": {name: round(1000 * seconds / requests, 3) if requests else None
                               for name, seconds in cpu.items()},
        # With one client: the server's CPU of the timed requests alone (the
        # moves, without the games' creation and the shown tiles).
        "server_cpu_ms_per_timed_request": (round(1000 * sum(t.server_seconds for t in tallies) / len(latencies), 3)
                                            if server_clock and latencies else None),
    }


def queries_per_move(token: str) -> dict[str, int]:
    """SQL queries of recording move 1 and move 60 of a game, through the
    test client in this process: as a worker that has seen the game (its
    engine value in memory) and as one that has not (replayed from the log)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from league.engine import ENGINES

    client = Client(HTTP_AUTHORIZATION=f"Token {token}", HTTP_HOST=HOST)
    writes = [w for w in deal(1, seed=60)[0] if "move" in w]
    counts = {}
    for seen in (True, False):
        state = json.loads(client.post("/api/games", {"rules": RULES, "seats": ["Ann", "Bob"]},
                                       content_type="application/json").content)
        for number, write in enumerate(writes[:60], start=1):
            if not seen:
                ENGINES.clear()
            with CaptureQueriesContext(connection) as queries:
                response = client.post(f"/api/games/{state['id']}/moves", {**write["move"], "seq": state["seq"]},
                                       content_type="application/json")
            state = json.loads(response.content)["state"]
            if number in (1, 60):
                counts[f"move {number}{'' if seen else ', game not in memory'}"] = len(queries)
    return counts


def floor_for(database_url: str, clients: int) -> Floor:
    """The floor, with a real move's payload and answer, and a game and a
    connection of its own for each client (the moves' games are left as
    they are)."""
    import psycopg

    from league.models import GameEntry

    entry = GameEntry.objects.filter(kind=GameEntry.Kind.MOVE).exclude(reply=None).order_by("-pk").first()
    assert entry is not None and entry.entered_by_id is not None, "no move was recorded"
    floor = Floor(database_url, entry.entered_by_id, entry.payload, entry.reply)
    floor.games = [floor.new_game() for _ in range(clients)]
    floor.connections = [psycopg.connect(database_url) for _ in range(clients)]
    return floor


def wait_until_serving(port: int, server: subprocess.Popen[bytes], limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("gunicorn exited before serving")
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=15.0, help="per phase (moves, then the trivial endpoint)")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=2, help="threads per gunicorn worker")
    parser.add_argument("--worker-connections", type=int, default=0,
                        help="connections per gunicorn worker; 0: clients / workers, rounded up (at least threads"
                             " + 1), so the clients' kept-alive connections spread evenly over the workers")
    parser.add_argument("--games", type=int, default=64, help="distinct games dealt before timing")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-worker", action="store_true",
                        help="run no Celery worker (the moves' publishing work then waits in Redis)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    args.seconds = min(args.seconds, 120.0)  # bounded, whatever is asked

    database_url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    redis_url = os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)
    env = environment(database_url, redis_url)
    fresh_database(database_url)
    fresh_redis(redis_url)
    token = setup_django(env)
    games = deal(args.games, args.seed)

    # At least one more than the threads: gunicorn keeps no connection
    # alive otherwise, and every request would pay for a new one.
    connections = args.worker_connections or max(-(-args.clients // args.workers), args.threads + 1)
    port = free_port()
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    server = subprocess.Popen(
        [gunicorn, "config.wsgi", "--config", "python:config.gunicorn", "--bind", f"{HOST}:{port}",
         "--workers", str(args.workers), "--threads", str(args.threads),
         "--worker-connections", str(connections), "--log-level", "warning"],
        cwd=ROOT, env=env,
    )
    worker = None
    if not args.no_worker:
        # The work each move queues (publishing live states) is done as in
        # production, on this same machine, while the moves are timed.
        celery = str(Path(sys.executable).with_name("celery"))
        worker = subprocess.Popen([celery, "-A", "config", "worker", "--concurrency", "1", "--loglevel", "WARNING"],
                                  cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    database = urlparse(database_url).path.lstrip("/")
    meter = CpuMeter({
        "server": lambda: [server.pid, *children(server.pid)],
        "database": lambda: database_backends(database),
        "celery": lambda: [worker.pid, *children(worker.pid)] if worker else [],
        "clients": lambda: [os.getpid()],
    })
    load_before = os.getloadavg()[0]
    try:
        wait_until_serving(port, server)
        # Warm-up: every worker imports, connects and fills its caches.
        run_clients(call_trivial, args.clients, (port, token), 2.0)
        if args.clients == 1:
            global server_clock
            server_clock = ServerClock(children(server.pid))
        moves = run_clients(play_moves, args.clients, (port, token, games), args.seconds, meter)
        trivial = run_clients(call_trivial, args.clients, (port, token), args.seconds, meter)
        floor = floor_for(database_url, args.clients)
        floor_run = run_clients(run_floor, args.clients, (floor,), args.seconds, meter)
        for connection in floor.connections:
            connection.close()
    finally:
        for process in (server, worker):
            if process is not None:
                process.terminate()
                process.wait(timeout=30)
    move_cpu = moves["cpu_ms_per_request"].get("server")
    trivial_cpu = trivial["cpu_ms_per_request"].get("server")
    report = {
        "clients": args.clients,
        "celery_worker": not args.no_worker,
        "gunicorn": f"{args.workers} workers x {args.threads} threads (gthread), {connections} connections a worker",
        "moves": moves,
        "trivial_endpoint": trivial,
        "raw_floor": floor_run,
        "moves_to_trivial_ratio": round(moves["per_second"] / trivial["per_second"], 3),
        "moves_to_floor_ratio": round(moves["per_second"] / floor_run["per_second"], 3),
        "move_cpu_to_trivial_cpu": round(move_cpu / trivial_cpu, 2) if move_cpu and trivial_cpu else None,
        "move_only_cpu_to_trivial_cpu": (
            round(moves["server_cpu_ms_per_timed_request"] / trivial["server_cpu_ms_per_timed_request"], 2)
            if moves["server_cpu_ms_per_timed_request"] and trivial["server_cpu_ms_per_timed_request"] else None),
        "queries_per_move": queries_per_move(token),
        # The machine's other work: rates move with it, CPU a request much less.
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    worker_note = "no Celery worker" if args.no_worker else "a Celery worker publishing live states"
    print(f"{args.clients} clients, gunicorn {report['gunicorn']}, PostgreSQL, Redis, {worker_note}")
    for name in ("moves", "trivial_endpoint", "raw_floor"):
        row = report[name]
        print(f"{name:17} {row['per_second']:8.1f}/s  p50 {row['p50_ms']} ms  p99 {row['p99_ms']} ms  "
              f"({row['requests']} in {row['seconds']} s, errors {row['errors'] or 'none'})")
        print(f"{'':17} CPU ms a request: " + ", ".join(f"{group} {ms}" for group, ms in row["cpu_ms_per_request"].items()))
    print(f"moves / trivial   {report['moves_to_trivial_ratio']} (throughput)")
    print(f"moves / floor     {report['moves_to_floor_ratio']} (throughput)")
    print(f"move CPU / trivial CPU  {report['move_cpu_to_trivial_cpu']} (gunicorn processes)")
    if report["move_only_cpu_to_trivial_cpu"] is not None:
        print(f"a move alone / trivial  {report['move_only_cpu_to_trivial_cpu']} (gunicorn worker, one request at a"
              f" time: {moves['server_cpu_ms_per_timed_request']} ms against"
              f" {trivial['server_cpu_ms_per_timed_request']} ms)")
    print(f"queries per move  {report['queries_per_move']}")
    print(f"load average      {report['load_average'][0]} before, {report['load_average'][1]} after (1 minute)")


if __name__ == "__main__":
    main()
