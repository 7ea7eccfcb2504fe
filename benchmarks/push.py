"""Benchmark of the push process: spectators' event streams while tablets play.

A script that measures, not a test: it prints figures and never fails on
them. It needs PostgreSQL and Redis on this machine and sends traffic to
127.0.0.1 only, for a bounded time.

    .venv/bin/python benchmarks/push.py                       # 5,000 streams, 300 games, 60 s
    .venv/bin/python benchmarks/push.py --connections 8000 --processes 2 --move-every 5 --json

What it does, in one run:
1. makes a fresh database (`bench_push` on the local PostgreSQL, or
   BENCH_DATABASE_URL), migrates it, and creates `--games` games, each
   published as the workers publish it (its live state stored in the cache
   and announced); empties its own Redis database (1, or BENCH_REDIS_URL)
   and uses its own cache key prefix, so that no other user of the same
   Redis is heard (pub/sub ignores Redis's databases);
2. starts `--processes` push processes (`uvicorn config.push_asgi:app`,
   as docs/operations.md runs them) on free loopback ports;
3. raises its own limit of open files (RLIMIT_NOFILE, soft up to hard:
   the push processes inherit it) and opens `--connections` event streams
   (`GET /push/games/{id}`, raw asyncio sockets, as a browser's
   EventSource asks), spread evenly over the games and the processes, and
   waits for each to receive its game's stored state;
4. starts the tablets, a child process with Django: every game gets a move
   every `--move-every` seconds on average (15 s is a real table's pace),
   recorded by the scoring service (`move_record`, `shown_record`: one
   transaction on PostgreSQL each) and published after commit by the real
   publishing task (`live_publish_pending`, run at once instead of queued:
   the queue's own delay, up to KICK_WINDOW_SECONDS, is not measured). The
   instant each move commits is noted with its game and seq. With
   `--unwatched` it also announces that many states a second for games no
   stream follows, through the project's `announce`: what a push process
   hears of the rest of a national night (it subscribes to every channel);
5. for `--seconds`, each stream notes the arrival of every event (its id is
   the game's seq); after the run, each arrival is matched to its move's
   commit: the latency is commit to arrival at the spectator's socket.
   Beside it, how long the publishing task took (it stores and announces
   the state, then marks the game published and renews page versions) and
   how late the spectators' own event loop woke: on a busy machine either
   may be what a slow arrival waited for;
6. reads the push processes' memory (VmRSS, /proc/<pid>/status) before the
   streams open and while they are held, and their CPU time (utime + stime,
   /proc/<pid>/stat) over the timed play.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.api import HOST, cpu_seconds, deal, environment, free_port, fresh_redis  # noqa: E402
from benchmarks.databases import fresh_database  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/bench_push"
DEFAULT_REDIS = "redis://127.0.0.1:6379/1"
KEY_PREFIX = "pushbench"
EVENT_ID = re.compile(rb"(?m)^id: ([0-9]+)\n")


# --- the league: games made and published as the service does -----------------

def setup_django(env: dict[str, str]) -> None:
    os.environ.update(env)
    import django

    django.setup()
    from django.conf import settings

    # Publishing after each commit, in this process: what a Celery worker
    # does a moment later, without the queue's own delay.
    settings.CELERY_TASK_ALWAYS_EAGER = True


def build(env: dict[str, str], games: int, seed: int) -> list[int]:
    """Migrates the fresh database; creates `games` games and plays the
    first move of each, published as the workers publish it."""
    setup_django(env)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from benchmarks.api import RULES
    from league.services.games import game_create

    call_command("migrate", verbosity=0, interactive=False)
    user = get_user_model().objects.create_user("bench", password="bench-pass-123")
    ids = [game_create(rules=RULES, seats=["Ann", "Bob"], created_by=user).pk for _ in range(games)]
    table = Table(user, ids, seed)
    for pk in ids:
        table.play(pk)
    return ids


class Table:
    """The games' moves (dealt by `deal`), recorded one at a time as a
    tablet records them: one transaction, published after its commit."""

    def __init__(self, user: Any, ids: list[int], seed: int) -> None:
        self.user = user
        self.writes = dict(zip(ids, deal(len(ids), seed=seed), strict=True))
        self.seqs = {pk: 0 for pk in ids}

    def play(self, pk: int) -> tuple[int, float, float] | None:
        """Records the game's next write; its seq, when it committed and when
        its publishing returned (None when the game is over)."""
        from django.db import transaction

        from league.services.moves import move_record, shown_record

        if len(self.writes[pk]) <= self.seqs[pk]:
            return None
        write, seq = self.writes[pk][self.seqs[pk]], self.seqs[pk]
        committed: list[float] = []
        with transaction.atomic():
            # Runs first after the commit, before the publishing the write queues.
            transaction.on_commit(lambda: committed.append(time.time()))
            if "move" in write:
                reply = move_record(game_id=pk, move=write["move"], user=self.user, key=f"m{pk}-{seq}", seq=seq)
            else:
                reply = shown_record(game_id=pk, hand=write["hand"], shown=write["shown"], user=self.user,
                                     key=f"m{pk}-{seq}", seq=seq)
            # Runs last, after the publishing (the state stored and announced).
            transaction.on_commit(lambda: committed.append(time.time()))
        self.seqs[pk] = reply["state"]["seq"]
        return self.seqs[pk], committed[0], committed[1]


def tablets(spec: dict[str, Any]) -> None:
    """The child process: plays moves for `seconds`, each game's turn coming
    every `move_every` seconds on average, and writes when each committed.
    Its environment (the benchmark's settings) is inherited."""
    setup_django({})
    from django.contrib.auth import get_user_model
    from django.core.cache import cache

    from league.selectors.games import live_state_key
    from league.selectors.push import game_channel
    from league.services.push import announce

    user = get_user_model().objects.get(username="bench")
    ids = spec["games"]
    table = Table(user, ids, spec["seed"])
    for pk in ids:
        table.seqs[pk] = cache.get(live_state_key(pk))["seq"]  # each game's first move made by `build`
    stamps: list[tuple[int, int, float, float]] = []
    errors: dict[str, int] = {}
    interval = spec["move_every"] / len(ids)  # between two moves of the whole room
    unwatched = spec["unwatched"]
    some_state = cache.get(live_state_key(ids[0]))
    began = time.time()
    deadline = began + spec["seconds"]
    due = began
    turn = 0
    announced = 0
    while time.time() < deadline:
        due += interval
        pk = ids[turn % len(ids)]
        turn += 1
        try:
            played = table.play(pk)
            if played is not None:
                stamps.append((pk, *played))
        except Exception as err:  # counted, not fatal: the run goes on
            errors[type(err).__name__] = errors.get(type(err).__name__, 0) + 1
        if unwatched:
            # The rest of the night, as far as a push process hears it: states
            # announced on channels nobody here follows.
            owed = int((time.time() - began) * unwatched) - announced
            if owed > 0:
                announce({game_channel(10_000_000 + announced + n): some_state for n in range(owed)})
                announced += owed
        pause = due - time.time()
        if pause > 0:
            time.sleep(pause)
    elapsed = time.time() - began
    Path(spec["out"]).write_text(json.dumps({"stamps": stamps, "errors": errors, "seconds": elapsed,
                                             "unwatched_announced": announced}))


# --- the push processes ------------------------------------------------------

def start_push(env: dict[str, str], port: int, connections: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.push_asgi:app", "--host", HOST, "--port", str(port),
         "--no-access-log", "--log-level", "warning", "--limit-concurrency", str(connections + 100),
         "--backlog", "4096", "--timeout-graceful-shutdown", "1"],
        cwd=ROOT, env=env)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def healthy(port: int, limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
            writer.write(f"GET /push/health HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
            answer = await reader.read()
            writer.close()
            if answer.startswith(b"HTTP/1.1 200"):
                return
        except OSError:
            pass
        await asyncio.sleep(0.2)
    raise SystemExit(f"the push process on port {port} did not become healthy")


# --- the spectators ----------------------------------------------------------

class Spectator:
    """One EventSource: the ids of the events it receives, with when."""

    def __init__(self, port: int, game: int) -> None:
        self.port, self.game = port, game
        self.arrivals: list[tuple[int, float]] = []
        self.first = asyncio.get_running_loop().create_future()
        self.error: str | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def follow(self, opening: asyncio.Semaphore) -> None:
        try:
            async with opening:  # not every connection at once: the listen backlog is finite
                reader, self.writer = await asyncio.open_connection(HOST, self.port)
                self.writer.write(f"GET /push/games/{self.game} HTTP/1.1\r\nHost: {HOST}\r\n"
                             "Accept: text/event-stream\r\n\r\n".encode())
                head = await reader.readuntil(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200"):
                raise ConnectionError(head.split(b"\r\n", 1)[0].decode())
            pending = b""
            while data := await reader.read(65536):
                now = time.time()
                pending += data
                complete, _, pending = pending.rpartition(b"\n\n")
                for seq in EVENT_ID.findall(complete + b"\n"):
                    self.arrivals.append((int(seq), now))
                    if not self.first.done():
                        self.first.set_result(None)
            raise ConnectionError("the stream ended")
        except (OSError, ConnectionError, asyncio.IncompleteReadError) as err:
            self.error = f"{type(err).__name__}: {err}"
            if not self.first.done():
                self.first.set_result(None)


async def spectate(ports: list[int], games: list[int], connections: int, opening: int,
                   ready_limit: float) -> tuple[list[Spectator], list[asyncio.Task[None]], float]:
    semaphore = asyncio.Semaphore(opening)
    spectators = [Spectator(ports[n % len(ports)], games[n % len(games)]) for n in range(connections)]
    began = time.perf_counter()
    tasks = [asyncio.create_task(spectator.follow(semaphore)) for spectator in spectators]
    await asyncio.wait([asyncio.ensure_future(s.first) for s in spectators], timeout=ready_limit)
    return spectators, tasks, time.perf_counter() - began


async def loop_lag(lags: list[float]) -> None:
    """How late this process's own loop wakes (ms): a spectator's arrival is
    noted late by as much, so a stall here is not the push process's."""
    while True:
        began = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append((time.perf_counter() - began - 0.01) * 1000)


# --- the run -----------------------------------------------------------------

def raise_file_limit(wanted: int) -> tuple[int, int]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        soft = min(wanted, hard) if hard != resource.RLIM_INFINITY else wanted
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft, hard


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def prepare(args: argparse.Namespace) -> tuple[dict[str, str], list[int]]:
    """The fresh database and Redis, and the games (Django, before the event loop)."""
    database_url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    redis_url = os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)
    env = {**environment(database_url, redis_url), "CACHE_KEY_PREFIX": KEY_PREFIX}
    fresh_database(database_url)
    fresh_redis(redis_url)
    return env, build(env, args.games, args.seed)


async def run(args: argparse.Namespace, env: dict[str, str], games: list[int]) -> dict[str, Any]:
    # Each stream is a socket at both ends, and both ends are on this machine.
    limit = raise_file_limit(2 * args.connections + 1000)
    ports = [free_port() for _ in range(args.processes)]
    push_env = {**env, "DATABASE_URL": "postgres://nobody@127.0.0.1:9/nothing"}  # it must never need one
    servers = [start_push(push_env, port, args.connections) for port in ports]
    try:
        for port in ports:
            await healthy(port)
        rss_before = {server.pid: rss_kib(server.pid) for server in servers}
        spectators, tasks, opened_in = await spectate(ports, games, args.connections, args.opening, 120.0)
        held = [s for s in spectators if s.error is None and s.arrivals]
        await asyncio.sleep(1.0)
        rss_held = {server.pid: rss_kib(server.pid) for server in servers}
        for spectator in spectators:
            spectator.arrivals.clear()  # the stored states sent on connecting are not timed
        gc.freeze()  # the streams' objects, out of the collector's way while timing
        lags: list[float] = []
        watch = asyncio.create_task(loop_lag(lags))

        out = Path(tempfile.mkstemp(prefix="push-bench-", suffix=".json")[1])
        spec = {"games": games, "seconds": args.seconds, "move_every": args.move_every,
                "seed": args.seed, "unwatched": args.unwatched, "out": str(out)}
        cpu_before = {server.pid: cpu_seconds(server.pid) for server in servers}
        load_before = os.getloadavg()
        began = time.perf_counter()
        orders = out.with_suffix(".spec")
        orders.write_text(json.dumps(spec))
        tablet = await asyncio.create_subprocess_exec(sys.executable, __file__, "--tablets", str(orders),
                                                      cwd=ROOT, env=env)
        await tablet.wait()
        await asyncio.sleep(args.drain)  # the last moves' events on their way
        played = time.perf_counter() - began
        cpu_spent = sum(cpu_seconds(server.pid) - cpu_before[server.pid] for server in servers)
        load_after = os.getloadavg()
        rss_end = {server.pid: rss_kib(server.pid) for server in servers}
        still_held = sum(1 for s in spectators if s.error is None)
        watch.cancel()
        for task in tasks:
            task.cancel()
        for spectator in spectators:
            if spectator.writer is not None:
                spectator.writer.close()
        await asyncio.sleep(1.0)  # the push processes see the streams end
        played_out = json.loads(out.read_text())
        out.unlink()
        orders.unlink()
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait()

    committed = {(pk, seq): at for pk, seq, at, _ in played_out["stamps"]}
    published = {(pk, seq): at for pk, seq, _, at in played_out["stamps"]}
    publishing = [(published[move] - at) * 1000 for move, at in committed.items()]
    latencies, unmatched = [], 0
    for spectator in spectators:
        for seq, at in spectator.arrivals:
            when = committed.get((spectator.game, seq))
            if when is None:
                unmatched += 1
            else:
                latencies.append((at - when) * 1000)
    followers = {pk: 0 for pk in games}
    for spectator in held:
        followers[spectator.game] += 1
    expected = sum(followers[pk] for pk, _ in committed)
    errors: dict[str, int] = {}
    for spectator in spectators:
        if spectator.error is not None:
            errors[spectator.error] = errors.get(spectator.error, 0) + 1
    delivered = len(latencies)
    rss_grown = sum(rss_held[pid] - rss_before[pid] for pid in rss_before)
    return {
        "connections_asked": args.connections,
        "connections_held": len(held),
        "connections_held_at_end": still_held,
        "opened_in_s": round(opened_in, 1),
        "push_processes": args.processes,
        "games": args.games,
        "file_limit": list(limit),
        "moves": len(committed),
        "moves_per_s": round(len(committed) / played_out["seconds"], 1),
        "unwatched_announced_per_s": round(played_out["unwatched_announced"] / played_out["seconds"], 1),
        "tablet_errors": played_out["errors"],
        "updates_expected": expected,
        "updates_delivered": delivered,
        "updates_unmatched": unmatched,
        "delivered_per_s": round(delivered / played, 1),
        "latency_ms": {"p50": round(percentile(latencies, 0.5), 1), "p99": round(percentile(latencies, 0.99), 1),
                       "max": round(max(latencies), 1)} if latencies else None,
        "publishing_ms": {"p50": round(percentile(publishing, 0.5), 1), "p99": round(percentile(publishing, 0.99), 1)}
        if publishing else None,
        "client_loop_lag_ms": {"p99": round(percentile(lags, 0.99), 1), "max": round(max(lags), 1)} if lags else None,
        "rss_mib": {"before": round(sum(rss_before.values()) / 1024, 1), "held": round(sum(rss_held.values()) / 1024, 1),
                    "end": round(sum(rss_end.values()) / 1024, 1)},
        "rss_kib_per_connection": round(rss_grown / max(1, len(held)), 1),
        "cpu_s": round(cpu_spent, 2),
        "cpu_share_of_a_core": round(cpu_spent / played, 3),
        "cpu_ms_per_delivered_update": round(cpu_spent * 1000 / max(1, delivered), 3),
        "stream_errors": errors,
        "load_average": [round(load_before[0], 1), round(load_after[0], 1)],
        "seconds": round(played, 1),
    }


def report(figures: dict[str, Any]) -> None:
    latency = figures["latency_ms"] or {"p50": "-", "p99": "-", "max": "-"}
    print(f"connections   {figures['connections_held']} held of {figures['connections_asked']} "
          f"({figures['connections_held_at_end']} at the end), opened in {figures['opened_in_s']} s, "
          f"{figures['push_processes']} push process(es), {figures['games']} games, "
          f"file limit {figures['file_limit'][0]}")
    print(f"tablets       {figures['moves']} moves, {figures['moves_per_s']}/s; "
          f"unwatched announcements {figures['unwatched_announced_per_s']}/s; errors {figures['tablet_errors'] or 'none'}")
    print(f"delivered     {figures['updates_delivered']} of {figures['updates_expected']} updates "
          f"({figures['delivered_per_s']}/s), unmatched {figures['updates_unmatched']}")
    print(f"latency       commit to spectator: p50 {latency['p50']} ms, p99 {latency['p99']} ms, max {latency['max']} ms")
    publishing = figures["publishing_ms"] or {"p50": "-", "p99": "-"}
    print(f"              (the publishing task, which announces midway, took p50 {publishing['p50']} ms, "
          f"p99 {publishing['p99']} ms)")
    lag = figures["client_loop_lag_ms"] or {"p99": "-", "max": "-"}
    print(f"              (the spectators' own loop woke late by p99 {lag['p99']} ms, at most {lag['max']} ms)")
    rss = figures["rss_mib"]
    print(f"memory        RSS {rss['before']} MiB before, {rss['held']} MiB held, {rss['end']} MiB at the end: "
          f"{figures['rss_kib_per_connection']} KiB a connection")
    print(f"cpu           {figures['cpu_s']} s over {figures['seconds']} s ({figures['cpu_share_of_a_core']} of a core): "
          f"{figures['cpu_ms_per_delivered_update']} ms a delivered update")
    print(f"errors        {figures['stream_errors'] or 'none'}")
    print(f"load average  {figures['load_average'][0]} before, {figures['load_average'][1]} after (shared machine)")


def main() -> None:
    if sys.argv[1:2] == ["--tablets"]:
        tablets(json.loads(Path(sys.argv[2]).read_text()))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--connections", type=int, default=5000)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--processes", type=int, default=1, help="push processes (uvicorn), streams spread evenly")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the tablets play")
    parser.add_argument("--move-every", type=float, default=15.0, help="seconds between two moves of a game")
    parser.add_argument("--unwatched", type=float, default=0.0, help="announcements a second for games nobody follows")
    parser.add_argument("--opening", type=int, default=200, help="connections being opened at once")
    parser.add_argument("--drain", type=float, default=2.0, help="seconds to wait for the last events")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    env, games = prepare(args)
    figures = asyncio.run(run(args, env, games))
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        report(figures)


if __name__ == "__main__":
    main()
