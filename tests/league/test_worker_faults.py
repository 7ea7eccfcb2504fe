"""A Celery worker outlives Redis restarting under it (docs/operations.md).

The test starts its own redis-server on a private port and a real worker
process (`celery -A config worker`, as compose and the README run it)
against that Redis and the test's PostgreSQL database. The worker is made to
hold unacknowledged tasks (two table rebuilds waiting on a row lock the test
holds, fewer than it may prefetch, so it is also waiting on Redis for more),
then Redis is killed and started again. Before config.celery.RedisTransport,
kombu's transport crashed the worker right there ("Unrecoverable error:
AttributeError"), and no table was rebuilt again until someone restarted it.
Needs PostgreSQL and redis-server; under CI=true it fails without them."""
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import kombu.pools
import pytest
from django.db import connection, transaction
from matchnights import Night, a_match_night, submitted_five_four

from config.celery import app as celery_app
from league.models import Division, TableEntry
from league.services.results import match_confirm
from league.tasks import division_standings_task

ROOT = Path(__file__).resolve().parents[2]
CELERY = ROOT / ".venv" / "bin" / "celery"
T = TypeVar("T")


def wait_for(check: Callable[[], T], what: str, seconds: float = 60) -> T:
    """Polls `check` until it gives something true; fails saying `what`
    never happened."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    found = check()
    assert found, f"{what}: not within {seconds} s"
    return found


def missing_service(reason: str) -> None:
    """As tests/conftest.py's (which this directory's conftest hides):
    skipped locally, a failure under CI=true."""
    if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
        pytest.fail(f"{reason} (CI=true: CI must run this test)", pytrace=False)
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RedisServer:
    """A redis-server of the test's own, keeping nothing on disk, so that a
    restart loses every queued task as a real crash of an unpersisted
    Redis does."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self._answers, "redis-server answering PING", seconds=10)

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """Stops it at once, as a crash or an out-of-memory kill would."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


@pytest.fixture
def own_redis() -> Iterator[RedisServer]:
    if not shutil.which("redis-server"):
        missing_service("needs redis-server on PATH (apt install redis-server)")
    server = RedisServer(free_port())
    server.start()
    try:
        yield server
    finally:
        server.kill()


def forget_connections() -> None:
    """Drops this process's broker connections, so the next task is sent
    over a fresh one."""
    kombu.pools.reset()
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def broker(own_redis: RedisServer) -> Iterator[RedisServer]:
    """This process sends its tasks to the test's own Redis."""
    saved = {name: celery_app.conf[name] for name in ("broker_url", "task_always_eager")}
    celery_app.conf.update(broker_url=own_redis.url, task_always_eager=False)
    forget_connections()
    try:
        yield own_redis
    finally:
        celery_app.conf.update(saved)
        forget_connections()


def database_url() -> str:
    """The URL of the test's own database, for the worker process."""
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
    return f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class Worker:
    def __init__(self, process: subprocess.Popen[bytes], log: Path) -> None:
        self.process = process
        self.log = log

    def said(self, text: str) -> int:
        """How many lines of the worker's log hold `text`."""
        return sum(text in line for line in self.log.read_text(errors="replace").splitlines())

    def alive(self) -> bool:
        return self.process.poll() is None


@contextlib.contextmanager
def worker_started(env: dict[str, str], options: list[str], log: Path) -> Iterator[Worker]:
    """A `celery -A config worker` process with two pool processes, the
    given environment and options, its output in `log`; stopped (warm, then
    killed if it hangs) when the block ends."""
    env = {**env, "DEBUG": "0"}
    env.pop("CELERY_BROKER_URL", None)
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(CELERY), "-A", "config", "worker", *options, "--loglevel", "INFO", "--concurrency", "2"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    running = Worker(process, log)
    try:
        wait_for(lambda: running.said(" ready.") or not running.alive(), "the worker starting")
        assert running.alive(), log.read_text(errors="replace")
        yield running
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


@pytest.fixture
def worker(postgres: None, transactional_db: None, broker: RedisServer, tmp_path: Path) -> Iterator[Worker]:
    """A worker process as production runs it (two pool processes, late
    acknowledgement, the production settings) on the test's Redis and
    database."""
    env = {**os.environ, "DATABASE_URL": database_url(), "REDIS_URL": broker.url,
           "SECRET_KEY": "a-worker-fault-test-key-" + uuid.uuid4().hex}
    with worker_started(env, ["--hostname", f"faults-{uuid.uuid4().hex[:8]}@%h"], tmp_path / "worker.log") as running:
        yield running


def waiting_on_locks() -> int:
    """Database sessions (the worker's pool processes) waiting for a row lock."""
    with connection.cursor() as cursor:
        # The statistics are read once a transaction unless cleared.
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT count(*) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND wait_event_type = 'Lock'")
        row: Any = cursor.fetchone()
        return int(row[0])


def tabled(night: Night) -> list[tuple[str, int, int]]:
    return [(entry.team.name, entry.position, entry.points) for entry in
            TableEntry.objects.filter(division=night.division, played=1).select_related("team").order_by("position")]


@pytest.mark.slow
def test_the_worker_survives_redis_restarting_while_it_holds_tasks_and_later_results_are_tabled(
        worker: Worker, own_redis: RedisServer) -> None:
    night = a_match_night("plain", points_scheme="solihull")
    submitted_five_four(night)

    with transaction.atomic():
        # The division's rebuilds wait on its row: the worker holds both
        # tasks unacknowledged while Redis goes away and comes back.
        Division.objects.select_for_update().get(pk=night.division.pk)
        division_standings_task.delay(night.division.pk)
        division_standings_task.delay(night.division.pk)
        wait_for(lambda: waiting_on_locks() >= 2, "the worker taking both rebuilds")
        own_redis.kill()
        wait_for(lambda: worker.said("Connection to broker lost"), "the worker noticing Redis gone")
        own_redis.start()
    # The two rebuilds finish now, after the outage; their acknowledgements
    # cannot reach the Redis they came from.
    wait_for(lambda: worker.said("Connected to") >= 2 or not worker.alive(), "the worker reconnecting")
    assert worker.alive(), worker.log.read_text(errors="replace")
    assert not worker.said("Unrecoverable error")

    # A result confirmed after the restart reaches the table through the
    # same worker (sent over a fresh connection, as a new web process would).
    forget_connections()
    match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    assert wait_for(lambda: tabled(night), "the confirmed result tabled by the worker") == [
        (night.home.name, 1, 3), (night.away.name, 2, 1)]
    assert worker.alive()
    assert not worker.said("Unrecoverable error")
