"""A league night on this machine: tablets scoring, spectators watching.

A script that measures, not a test: it prints figures and never fails on
them. It needs PostgreSQL and Redis on this machine (the ones `.ci/run`
starts) and sends traffic to 127.0.0.1 only, in loops bounded by time.

    .venv/bin/python benchmarks/league_night.py --quick     # about two minutes
    .venv/bin/python benchmarks/league_night.py             # a few minutes
    .venv/bin/python benchmarks/league_night.py --json

What it does:
1. makes a fresh database (`league_night_bench`, or BENCH_DATABASE_URL) and
   empties its own Redis database (14, or BENCH_REDIS_URL); builds a league
   in it: divisions of ten teams, nine weeks of "plain" fixtures (nine
   singles), every team sheet entered, and one secretary with a device token;
2. starts gunicorn with production settings and a Celery worker process,
   as benchmarks/api.py does;
3. tablets: each takes the next rubber of the next fixture, starts its game
   live (POST /api/fixtures/{id}/night/rubbers/{n}/games), and scores it move
   by move (POST /api/games/{id}/moves with seq and an Idempotency-Key, the
   hands shown after each hand), thinking 10-20 s between moves; the tablet
   that finishes a fixture's last rubber submits and confirms the result,
   which queues the division's table rebuild for the Celery worker;
4. spectators: each polls what a phone or a pub TV polls, at the pages' own
   pace: a game's board (GET /api/games/{id}/live, every 2 s, 60%), a match
   night's live fragment (GET /fixtures/{id}/night/live, every 3 s, 30%), or
   reloads a division page (GET /divisions/{id}/, every 30 s, 10%);
5. time is compressed by --speed (default 20): every pause is divided by
   it, so one simulated tablet or spectator does the work of `speed` real
   ones. Capacity is reported at the real pace: sustainable moves/s x 15 s
   a move = tablets; reads/s / (reads a spectator makes a second) = spectators;
6. searches, in phases of --phase seconds: the most tablets (no spectators)
   whose moves keep p99 < 300 ms with no error, doubling then bisecting;
   then, with half that many tablets scoring, the most spectators whose
   reads keep p99 < 500 ms (and the moves theirs) with no error;
7. CPU: utime + stime from /proc/<pid>/stat of the gunicorn master and
   workers, the Celery worker's processes and PostgreSQL's backends of the
   benchmark's database, over each phase; CPU a move is taken from the
   moves-only phases, CPU a read from the spectator phases less their moves.

The clients run in this process, on the same cores as the server: on a
shared two-core machine the figures are a floor, not a ceiling.
"""
from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import platform
import random
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.api import HOST, environment, free_port, fresh_redis, wait_until_serving  # noqa: E402
from benchmarks.databases import fresh_database  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/league_night_bench"
DEFAULT_REDIS = "redis://127.0.0.1:6379/14"
MOVE_P99_MS, READ_P99_MS = 300.0, 500.0
THINK = (10.0, 20.0)  # seconds between a tablet's moves, at the real pace
MOVE_SECONDS = sum(THINK) / 2
# What a spectator polls, how often at the real pace (seconds), how many do.
SPECTATING = (("board", 2.0, 0.6), ("night", 3.0, 0.3), ("division", 30.0, 0.1))
READS_PER_SPECTATOR = sum(share / every for _, every, share in SPECTATING)
# Who the n-th spectator is, ten at a time: the shares above, interleaved,
# so that a few spectators are already a fair mix.
ROTA = ("board", "night", "board", "board", "night", "board", "division", "board", "night", "board")
TEAMS, WEEKS = 10, 9
STATIC_ROOT = os.environ.get("BENCH_STATIC_ROOT", "/tmp/league_night_static")  # kept between runs: faster


# --- the league ---------------------------------------------------------

def setup_league(env: dict[str, str], divisions: int) -> tuple[str, list[int], list[int]]:
    """Migrates, builds the league; returns the secretary's device token,
    the fixtures in the order tablets take them, and the divisions."""
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from league.models import Division, DivisionEntry, Fixture, League, Player, Season, SquadRegistration, Team, Venue
    from league.services.devices import device_token_issue
    from league.services.teamsheets import team_sheet_enter

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)  # the pages name hashed files
    secretary = get_user_model().objects.create_user("secretary", password="bench-pass-123")
    league = League.objects.create(name="National", slug="national", match_format="plain")
    league.secretaries.add(secretary)
    today = date.today()
    season = Season.objects.create(league=league, name="Winter", start=today - timedelta(days=70),
                                   registration_deadline=today - timedelta(days=80), squad_max=12, squad_min=1)
    fixtures: list[tuple[int, int]] = []  # (week, id)
    division_ids = []
    for number in range(divisions):
        division = Division.objects.create(season=season, name=f"Division {number + 1}")
        division_ids.append(division.pk)
        teams = []
        for index in range(TEAMS):
            name = f"D{number + 1} Team {index + 1}"
            team = Team.objects.create(league=league, name=name, home_venue=Venue.objects.create(name=name))
            DivisionEntry.objects.create(division=division, team=team)
            roster = Player.objects.bulk_create(Player(name=f"{name} player {p}") for p in range(1, 10))
            SquadRegistration.objects.bulk_create(SquadRegistration(season=season, team=team, player=p)
                                                  for p in roster)
            teams.append((team, roster))
        for week, pairs in enumerate(round_robin(TEAMS), start=1):
            for home, away in pairs:
                fixture = Fixture.objects.create(
                    division=division, week=week, date=today - timedelta(days=7 * (WEEKS - week)),
                    home_team=teams[home][0], away_team=teams[away][0], venue=teams[home][0].home_venue,
                    status=Fixture.Status.PUBLISHED)
                lineups = [([teams[home][1][r].pk], [teams[away][1][r].pk]) for r in range(9)]
                team_sheet_enter(fixture_id=fixture.pk, lineups=lineups, user=secretary)
                fixtures.append((week, fixture.pk))
    order = [pk for _, pk in sorted(fixtures)]  # week by week, as the nights come
    return device_token_issue(user=secretary, name="tablets").raw, order, division_ids


def round_robin(teams: int) -> list[list[tuple[int, int]]]:
    """The circle method: each week, every team once."""
    ring = list(range(teams))
    weeks = []
    for _ in range(teams - 1):
        weeks.append([(ring[i], ring[-1 - i]) for i in range(teams // 2)])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return weeks


# --- the server's CPU ---------------------------------------------------

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime


def descendants(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        found.extend(frontier)
    return found


def backends(database_url: str) -> list[int]:
    from urllib.parse import urlparse

    import psycopg

    name = urlparse(database_url).path.lstrip("/")
    with psycopg.connect(database_url, autocommit=True) as connection:
        rows = connection.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                                  (name,)).fetchall()
    return [row[0] for row in rows]


class CpuMeter:
    """Server CPU seconds, by part, between `start` and `stop`."""

    def __init__(self, gunicorn: int, celery: int, database_url: str) -> None:
        self.roots = {"web": gunicorn, "celery": celery}
        self.database_url = database_url

    def sample(self) -> dict[str, dict[int, float]]:
        parts = {name: descendants(root) for name, root in self.roots.items()}
        parts["postgres"] = backends(self.database_url)
        return {name: {pid: cpu_seconds(pid) for pid in pids} for name, pids in parts.items()}

    def between(self, before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]) -> dict[str, float]:
        return {name: round(sum(seconds - before[name].get(pid, 0.0) for pid, seconds in after[name].items()), 3)
                for name in after}


# --- the clients --------------------------------------------------------

class Connection:
    """One kept-alive connection, as a tablet or a phone holds."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.http = http.client.HTTPConnection(HOST, port, timeout=30)
        self.headers = {"Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = f"Token {token}"

    def call(self, method: str, path: str, body: Any = None, key: str | None = None) -> tuple[int, bytes]:
        headers = {**self.headers, **({"Idempotency-Key": key} if key else {})}
        try:
            self.http.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = self.http.getresponse()
            return response.status, response.read()
        except (OSError, http.client.HTTPException) as failure:
            self.http.close()
            return 0, type(failure).__name__.encode()


@dataclass
class Tally:
    moves: list[float] = field(default_factory=list)
    reads: list[float] = field(default_factory=list)
    kinds: dict[str, list[float]] = field(default_factory=dict)
    confirms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


class Night:
    """What the tablets play: fixtures in order, each one's rubbers handed
    out one a tablet; who finishes a fixture's last rubber returns it."""

    def __init__(self, fixtures: list[int], divisions: list[int]) -> None:
        self.lock = threading.Lock()
        self.slots = ((fixture, rubber) for fixture in fixtures for rubber in range(1, 10))
        self.left: dict[int, int] = {fixture: 9 for fixture in fixtures}
        self.divisions = divisions
        self.live_games: list[int] = []
        self.live_fixtures: list[int] = []

    def next_slot(self) -> tuple[int, int] | None:
        with self.lock:
            slot = next(self.slots, None)
            if slot and slot[0] not in self.live_fixtures:
                self.live_fixtures.append(slot[0])
            return slot

    def finished(self, fixture: int) -> bool:
        with self.lock:
            self.left[fixture] -= 1
            return self.left[fixture] == 0


class Tablet:
    """A scorer's tablet; its game lasts across phases."""

    def __init__(self, number: int, port: int, token: str, night: Night, seed: int) -> None:
        self.connection = Connection(port, token)
        self.night, self.rng, self.keys = night, random.Random(seed + number), itertools.count()
        self.game: int | None = None
        self.fixture, self.seq = 0, 0
        self.writes: Iterator[tuple[str, Any]] = iter(())

    def start_game(self, tally: Tally) -> bool:
        from scoring.simulate import random_game

        slot = self.night.next_slot()
        if slot is None:
            tally.error("no fixtures left")
            return False
        self.fixture, rubber = slot
        status, body = self.connection.call("POST", f"/api/fixtures/{self.fixture}/night/rubbers/{rubber}/games",
                                            {"live": True})
        if status != 201:
            tally.error(f"start {status}")
            return False
        self.game = json.loads(body)["rubbers"][rubber - 1]["games"][-1]["game"]
        status, body = self.connection.call("GET", f"/api/games/{self.game}")
        state = json.loads(body)
        self.seq = state["seq"]
        sheet = random_game(self.rng, state["rules"], seats=2)
        writes: list[tuple[str, Any]] = []
        for number, hand in enumerate(sheet["hands"]):
            writes.extend((f"/api/games/{self.game}/moves", move) for move in hand["moves"])
            if "shown" in hand:
                writes.append((f"/api/games/{self.game}/hands/{number}/shown", hand["shown"]))
        self.writes = iter(writes)
        with self.night.lock:
            self.night.live_games.append(self.game)
        return True

    def step(self, tally: Tally) -> bool:
        """One write (a move, or a hand shown and its move); False on an error."""
        if self.game is None and not self.start_game(tally):
            return False
        for path, body in self.writes:
            key = f"{self.game}/{next(self.keys)}"
            began = time.perf_counter()
            status, reply = self.connection.call("POST", path, {**body, "seq": self.seq}, key)
            if path.endswith("/moves"):
                tally.moves.append(time.perf_counter() - began)
            if status != 201:
                tally.error(f"move {status}")
                return False
            self.seq = json.loads(reply)["state"]["seq"]
            if path.endswith("/moves"):
                return True
        self.game_won(tally)
        return True

    def game_won(self, tally: Tally) -> None:
        with self.night.lock:
            if self.game in self.night.live_games:
                self.night.live_games.remove(self.game)
        self.game = None
        if self.night.finished(self.fixture):
            began = time.perf_counter()
            for step in ("submit", "confirm"):
                status, _ = self.connection.call("POST", f"/api/fixtures/{self.fixture}/night/{step}")
                if status != 200:
                    tally.error(f"{step} {status}")
            tally.confirms.append(time.perf_counter() - began)
            with self.night.lock:
                self.night.live_fixtures.remove(self.fixture)


def tablet_loop(tablet: Tablet, speed: float, deadline: float, tally: Tally) -> None:
    time.sleep(tablet.rng.uniform(0, THINK[1]) / speed)  # tablets do not start in step
    while time.perf_counter() < deadline:
        if not tablet.step(tally):
            tablet.game = None  # as a scorer would: start again on the next rubber
        time.sleep(tablet.rng.uniform(*THINK) / speed)


def spectator_loop(port: int, night: Night, speed: float, deadline: float, tally: Tally, number: int,
                   only: str | None) -> None:
    rng = random.Random(7919 * number)
    connection = Connection(port)
    kind = only or ROTA[number % len(ROTA)]
    every = next(seconds for name, seconds, _ in SPECTATING if name == kind)
    time.sleep(rng.uniform(0, every) / speed)
    target = None
    while time.perf_counter() < deadline:
        with night.lock:
            if kind == "board" and night.live_games and target not in night.live_games:
                target = rng.choice(night.live_games)
            elif kind == "night" and night.live_fixtures and target not in night.live_fixtures:
                target = rng.choice(night.live_fixtures)
            elif kind == "division" and target is None:
                target = rng.choice(night.divisions)
        if target is not None:
            path = {"board": f"/api/games/{target}/live", "night": f"/fixtures/{target}/night/live",
                    "division": f"/divisions/{target}/"}[kind]
            began = time.perf_counter()
            status, _ = connection.call("GET", path)
            tally.reads.append(time.perf_counter() - began)
            tally.kinds.setdefault(kind, []).append(tally.reads[-1])
            if status != 200:
                tally.error(f"{kind} {status}")
        time.sleep(every / speed)


# --- a phase and the search ---------------------------------------------

def percentile(values: list[float], share: float) -> float | None:
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * share))], 1) if ordered else None


class Bench:
    def __init__(self, args: argparse.Namespace, port: int, token: str, night: Night, meter: CpuMeter) -> None:
        self.args, self.port, self.token, self.night, self.meter = args, port, token, night, meter
        self.tablets: list[Tablet] = []
        self.phases: list[dict[str, Any]] = []
        self.calibration: list[dict[str, Any]] = []  # one kind of read at a time

    def phase(self, tablets: int, spectators: int, record: bool = True, only: str | None = None) -> dict[str, Any]:
        while len(self.tablets) < tablets:
            self.tablets.append(Tablet(len(self.tablets), self.port, self.token, self.night, self.args.seed))
        tally = Tally()
        deadline = time.perf_counter() + self.args.phase
        threads = [threading.Thread(target=tablet_loop, args=(t, self.args.speed, deadline, tally), daemon=True)
                   for t in self.tablets[:tablets]]
        threads += [threading.Thread(target=spectator_loop, daemon=True,
                                     args=(self.port, self.night, self.args.speed, deadline, tally, n, only))
                    for n in range(spectators)]
        load = os.getloadavg()[0]
        before, began = self.meter.sample(), time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=self.args.phase + 60)
        seconds = time.perf_counter() - began
        cpu = self.meter.between(before, self.meter.sample())
        row: dict[str, Any] = {
            "tablets": tablets, "spectators": spectators, "seconds": round(seconds, 1),
            "moves": len(tally.moves), "moves_per_s": round(len(tally.moves) / seconds, 1),
            "move_p50_ms": percentile(tally.moves, 0.5), "move_p99_ms": percentile(tally.moves, 0.99),
            "reads": len(tally.reads), "reads_per_s": round(len(tally.reads) / seconds, 1),
            "read_p50_ms": percentile(tally.reads, 0.5), "read_p99_ms": percentile(tally.reads, 0.99),
            "read_kinds": {kind: {"reads": len(times), "p50_ms": percentile(times, 0.5),
                                  "p99_ms": percentile(times, 0.99)} for kind, times in sorted(tally.kinds.items())},
            "only": only, "load_average": [round(load, 1), round(os.getloadavg()[0], 1)],
            "confirmed": len(tally.confirms), "confirm_max_ms": percentile(tally.confirms, 1.0),
            "errors": tally.errors, "cpu_s": cpu, "cpu_s_total": round(sum(cpu.values()), 2),
        }
        row["held"] = (not tally.errors and (row["move_p99_ms"] or 0) < MOVE_P99_MS
                       and (row["read_p99_ms"] or 0) < READ_P99_MS)
        if record:
            self.phases.append(row)
        elif only is None:
            return row
        else:
            self.calibration.append(row)
        if not self.args.json:
            print(phase_line(row), flush=True)
        return row

    def largest(self, start: int, run: Any) -> tuple[int, dict[str, Any] | None]:
        """Doubles from `start` while `run(n)` holds, then bisects; returns
        the largest n that held and its phase."""
        held, best, failed = 0, None, None
        size = start
        while size <= self.args.most:
            row = run(size)
            if not row["held"]:
                failed = size
                break
            held, best, size = size, row, size * 2
        for _ in range(self.args.bisect):
            if failed is None or failed - held <= max(1, held // 8):
                break
            size = (held + failed) // 2
            row = run(size)
            if row["held"]:
                held, best = size, row
            else:
                failed = size
        return held, best


def phase_line(row: dict[str, Any]) -> str:
    return (f"{row['tablets']:4} tablets {row['spectators']:4} {row['only'] or 'spectators':10} "
            f"moves {row['moves_per_s']:6.1f}/s p99 {row['move_p99_ms']} ms  "
            f"reads {row['reads_per_s']:6.1f}/s p99 {row['read_p99_ms']} ms  "
            f"confirmed {row['confirmed']}  cpu {row['cpu_s_total']} s  load {row['load_average'][1]}  "
            f"{'held' if row['held'] else 'NOT held'}{'  errors ' + str(row['errors']) if row['errors'] else ''}")


def per_unit(bench: Bench) -> dict[str, float | None]:
    """Server CPU ms a move (moves-only phases) and a read (spectator
    phases, less their moves at that rate). Phases with errors are left
    out; those over the latency limits are not: CPU is spent all the same."""
    only_moves = [r for r in bench.phases if not r["errors"] and not r["spectators"] and r["moves"]]
    move_ms = (1000 * sum(r["cpu_s_total"] for r in only_moves) / sum(r["moves"] for r in only_moves)
               if only_moves else None)
    with_reads = [r for r in bench.phases if not r["errors"] and r["spectators"] and r["reads"]]
    read_ms = None
    if with_reads and move_ms is not None:
        spent = sum(1000 * r["cpu_s_total"] - move_ms * r["moves"] for r in with_reads)
        read_ms = spent / sum(r["reads"] for r in with_reads)
    parts = {}
    for part in ("web", "celery", "postgres"):
        if only_moves:
            parts[f"move_{part}_ms"] = round(1000 * sum(r["cpu_s"][part] for r in only_moves)
                                             / sum(r["moves"] for r in only_moves), 2)
    by_kind = {}
    for row in bench.calibration:
        if move_ms is not None and row["reads"] and not row["errors"]:
            by_kind[row["only"]] = round((1000 * row["cpu_s_total"] - move_ms * row["moves"]) / row["reads"], 2)
    mix = (sum(share * by_kind[kind] / every for kind, every, share in SPECTATING) / READS_PER_SPECTATOR
           if len(by_kind) == len(SPECTATING) else None)
    return {"cpu_ms_per_move": round(move_ms, 2) if move_ms else None,
            "cpu_ms_per_read": round(read_ms, 2) if read_ms else None, **parts,
            "cpu_ms_per_read_by_kind": by_kind, "cpu_ms_per_read_of_the_mix": round(mix, 2) if mix else None,
            # What one core could do were it given to this work alone (no headroom).
            "moves_per_core_s": round(1000 / move_ms, 1) if move_ms else None,
            "reads_per_core_s": round(1000 / mix, 1) if mix else None}


def summary(args: argparse.Namespace, bench: Bench, tablets: int, moves_row: dict[str, Any] | None,
            spectators: int, reads_row: dict[str, Any] | None) -> dict[str, Any]:
    moves_per_s = moves_row["moves_per_s"] if moves_row else 0.0
    reads_per_s = reads_row["reads_per_s"] if reads_row else 0.0
    return {
        "date": date.today().isoformat(),
        "machine": f"{platform.node()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end;"
                   " the clients run on the same cores, and other work may share them",
        "speed": args.speed,
        "gunicorn": f"{args.workers} workers x {args.threads} threads (gthread); Celery worker concurrency 1",
        "largest": {"simulated_tablets": tablets, "sustained_moves_per_s": moves_per_s,
                    "real_tablets": round(moves_per_s * MOVE_SECONDS),
                    "simulated_spectators": spectators, "with_simulated_tablets": reads_row["tablets"] if reads_row else 0,
                    "sustained_reads_per_s": reads_per_s,
                    "real_spectators": round(reads_per_s / READS_PER_SPECTATOR)},
        "reads_per_spectator_per_s": round(READS_PER_SPECTATOR, 3),
        **per_unit(bench),
        "phases": bench.phases,
        "calibration": bench.calibration,
    }


def print_summary(report: dict[str, Any]) -> None:
    big = report["largest"]
    print(f"\n{report['date']}  {report['machine']}")
    print(f"time compressed x{report['speed']}: one simulated tablet = {report['speed']} real ones"
          f" (a move every {THINK[0]:.0f}-{THINK[1]:.0f} s), likewise a spectator ({report['reads_per_spectator_per_s']}"
          f" reads/s each at the real pace); gunicorn {report['gunicorn']}")
    print(f"{'':34}{'sustained':>12}{'real clients':>14}")
    print(f"{'moves (p99 < 300 ms, no error)':34}{big['sustained_moves_per_s']:>10}/s{big['real_tablets']:>14}  tablets")
    print(f"{'reads (p99 < 500 ms, no error)':34}{big['sustained_reads_per_s']:>10}/s{big['real_spectators']:>14}"
          f"  spectators (beside {big['with_simulated_tablets']} simulated tablets)")
    print(f"server CPU a move  {report['cpu_ms_per_move']} ms (web {report.get('move_web_ms')}, celery "
          f"{report.get('move_celery_ms')}, postgres {report.get('move_postgres_ms')})")
    print(f"server CPU a read  {report['cpu_ms_per_read']} ms in the search; alone, by kind: "
          f"{report['cpu_ms_per_read_by_kind']}, the spectators' mix {report['cpu_ms_per_read_of_the_mix']} ms")
    print(f"one core, CPU alone: {report['moves_per_core_s']} moves/s or {report['reads_per_core_s']} reads/s")


def start_server(args: argparse.Namespace, env: dict[str, str], port: int) -> tuple[Any, Any]:
    bin_dir = Path(sys.executable).parent
    server = subprocess.Popen(
        [str(bin_dir / "gunicorn"), "config.wsgi", "--config", "python:config.gunicorn", "--bind", f"{HOST}:{port}",
         "--workers", str(args.workers), "--threads", str(args.threads), "--log-level", "warning"], cwd=ROOT, env=env)
    worker = subprocess.Popen([str(bin_dir / "celery"), "-A", "config", "worker", "--concurrency", "1",
                               "--loglevel", "WARNING"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return server, worker


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="short phases, coarse search: about two minutes")
    parser.add_argument("--speed", type=float, default=20.0, help="time compression (pauses divided by it)")
    parser.add_argument("--phase", type=float, default=25.0, help="seconds a phase")
    parser.add_argument("--start", type=int, default=2, help="simulated tablets (and spectators) to start from")
    parser.add_argument("--most", type=int, default=512, help="never more simulated clients than this")
    parser.add_argument("--bisect", type=int, default=3, help="bisection steps after doubling")
    parser.add_argument("--divisions", type=int, default=12)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=2, help="threads per gunicorn worker")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.phase, args.bisect, args.start = min(args.phase, 8.0), 0, args.start
        args.divisions = min(args.divisions, 4)
    args.phase = min(args.phase, 120.0)  # bounded, whatever is asked
    return args


def main() -> None:
    args = arguments()
    database_url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    redis_url = os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS)
    env = {**environment(database_url, redis_url), "STATIC_ROOT": STATIC_ROOT}
    fresh_database(database_url)
    fresh_redis(redis_url)
    token, fixtures, divisions = setup_league(env, args.divisions)
    port = free_port()
    server, worker = start_server(args, env, port)
    try:
        wait_until_serving(port, server)
        bench = Bench(args, port, token, Night(fixtures, divisions), CpuMeter(server.pid, worker.pid, database_url))
        if not args.json:
            print(f"league night: {len(fixtures)} fixtures in {len(divisions)} divisions; phases of {args.phase} s,"
                  f" time x{args.speed}; {os.cpu_count()} cores shared with the clients and other work")
        # Warm-up, not counted: every worker imports, connects, fills its caches.
        bench.phase(args.start, args.start, record=False)
        tablets, moves_row = bench.largest(args.start, lambda n: bench.phase(n, 0))
        background = max(1, tablets // 2)
        spectators, reads_row = bench.largest(args.start, lambda m: bench.phase(background, m))
        for kind, *_ in SPECTATING:  # what each kind of read costs, alone beside a few tablets
            bench.phase(background, args.start * 2, record=False, only=kind)
    finally:
        for process in (server, worker):
            process.terminate()
            process.wait(timeout=30)
    report = summary(args, bench, tablets, moves_row, spectators, reads_row)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_summary(report)


if __name__ == "__main__":
    main()
