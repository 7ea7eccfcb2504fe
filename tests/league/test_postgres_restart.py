"""PostgreSQL stopping and starting again under the running service loses
nothing (docs/operations.md, "PostgreSQL: backups and restarts").

The test starts a PostgreSQL of its own on a private port (initdb in a
temporary folder, trust auth, 127.0.0.1 only), migrates it with `manage.py`
and runs the service on it under gunicorn with production settings, as
tests/league/test_production.py does. A scorer's tablet plays a game through
the API, sending each write with an Idempotency-Key and the seq it expects,
as the pad's outbox does (static/js/pad-outbox.js). The database is stopped
mid-game: every request is then answered 503 with Retry-After and a JSON
error, never 500, and gunicorn stays up. Once the database is back the
writes the tablet kept are sent again with the same keys, and each is
recorded exactly once: the game's state and log are those of the sheet
played, by the engine's own reckoning (`scoring.check`).

Needs PostgreSQL's server programs (/usr/lib/postgresql/*/bin); under
CI=true it fails without them."""
import json
import os
import random
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest
from test_production import BIN, ROOT, _manage, _production_env, _stop, _wait_until_listening
from test_worker_faults import free_port, missing_service

import scoring
from scoring.simulate import random_game

pytestmark = pytest.mark.slow

SCORER, PASSWORD = "scorer", "pint-and-a-pen"
# Long enough for a start or a stop on a busy machine, short enough that a
# stuck one fails the test rather than hanging it.
PG_CTL_WAIT_SECONDS = 60


def _server_programs() -> Path | None:
    """The newest installed PostgreSQL's bin folder, if any."""
    found = [path for path in Path("/usr/lib/postgresql").glob("*/bin")
             if (path / "initdb").exists() and (path / "pg_ctl").exists()]
    versions = [(int(folder.parent.name), folder) for folder in found if folder.parent.name.isdigit()]
    return max(versions)[1] if versions else None


class OwnPostgres:
    """A PostgreSQL cluster of the test's own. PostgreSQL refuses to run as
    root, so under root its programs run as the `postgres` user, in a
    folder that user owns."""

    def __init__(self, programs: Path, port: int) -> None:
        self.programs = programs
        self.port = port
        self.home = Path(tempfile.mkdtemp(prefix="league-pg-"))
        self.data = self.home / "data"
        self.url = f"postgres://postgres@127.0.0.1:{port}/postgres"
        self.as_owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_owner:
            shutil.chown(self.home, user="postgres", group="postgres")

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([*self.as_owner, str(self.programs / program), *args], capture_output=True,
                              text=True, timeout=PG_CTL_WAIT_SECONDS + 30)
        if done.returncode != 0:
            raise AssertionError(f"{program} {' '.join(args)}: exit {done.returncode}\n{done.stderr}{self.log()}")

    def log(self) -> str:
        path = self.home / "postgres.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""

    def create(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale")

    def start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.home}"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.home / "postgres.log"), "-o", options,
                  "-w", "-t", str(PG_CTL_WAIT_SECONDS), "start")

    def stop(self, mode: str = "fast") -> None:
        """`fast`, as an administrator's restart or a package upgrade does:
        open connections are cut, open transactions rolled back."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", str(PG_CTL_WAIT_SECONDS), "stop")

    def remove(self) -> None:
        if (self.data / "postmaster.pid").exists():
            try:
                self.stop(mode="immediate")
            except AssertionError:
                pass  # already stopped: nothing to do
        shutil.rmtree(self.home, ignore_errors=True)


@dataclass
class Service:
    url: str
    postgres: OwnPostgres
    server: subprocess.Popen[bytes]


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    """The service under gunicorn with production settings, on a migrated
    database in a PostgreSQL of its own, with one scorer."""
    programs = _server_programs()
    if programs is None:
        missing_service("needs PostgreSQL's server programs under /usr/lib/postgresql/*/bin")
    assert programs is not None  # missing_service has skipped or failed the test
    if os.geteuid() == 0 and not shutil.which("runuser"):
        missing_service("needs runuser to run PostgreSQL as the postgres user")
    postgres = OwnPostgres(programs, free_port())
    server: subprocess.Popen[bytes] | None = None
    try:
        postgres.create()
        postgres.start()
        env = {**_production_env(tmp_path_factory.mktemp("pg-restart")), "DATABASE_URL": postgres.url}
        _manage(env, "migrate", "--noinput")
        _manage(env, "shell", "-c",
                f"from django.contrib.auth.models import User; User.objects.create_user({SCORER!r}, password={PASSWORD!r})")
        port = free_port()
        server = subprocess.Popen(
            [str(BIN / "gunicorn"), "-c", "config/gunicorn.py", "--bind", f"127.0.0.1:{port}",
             "--workers", "1", "--threads", "2", "config.wsgi"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        _wait_until_listening(port, server)
        yield Service(f"http://127.0.0.1:{port}", postgres, server)
    finally:
        if server is not None:
            _stop(server)
        postgres.remove()


@dataclass
class Answer:
    status: int
    retry_after: str | None
    body: Any


class Tablet:
    """A scorer's tablet: a device token, JSON, HTTPS as the proxy says."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.token = ""
        login = self.send("POST", "/api/auth/token", {"username": SCORER, "password": PASSWORD, "device": "pad"})
        assert login.status == 200, login.body
        self.token = login.body["token"]

    def send(self, method: str, path: str, body: Any = None, key: str | None = None) -> Answer:
        request = Request(self.base + path, method=method,
                          data=None if body is None else json.dumps(body).encode())
        request.add_header("Content-Type", "application/json")
        request.add_header("X-Forwarded-Proto", "https")
        if self.token:
            request.add_header("Authorization", f"Token {self.token}")
        if key:
            request.add_header("Idempotency-Key", key)
        try:
            response = urlopen(request, timeout=30)
        except HTTPError as refused:
            response = refused
        with response:
            text = response.read().decode()
            return Answer(response.status, response.headers.get("Retry-After"), json.loads(text) if text else None)


@dataclass
class Write:
    """A write the tablet made, kept until answered, as the outbox keeps it."""
    path: str
    body: dict[str, Any]
    key: str


class Scorer:
    """Plays a sheet through the API as the pad does: its moves one by one,
    and the tiles shown after each hand that ended blocked; each write with
    a key of its own and the seq it expects (the last answer's, plus the
    writes queued before it)."""

    def __init__(self, tablet: Tablet, sheet: dict[str, Any]) -> None:
        self.tablet = tablet
        created = tablet.send("POST", "/api/games", {"rules": sheet["rules"], "seats": sheet["seats"]})
        assert created.status == 201, created.body
        self.state: dict[str, Any] = created.body
        self.game = self.state["id"]
        # ("moves", move) or ("hands/N/shown", tiles), in the sheet's order.
        self.steps: list[tuple[str, dict[str, Any]]] = []
        for number, hand in enumerate(sheet["hands"]):
            self.steps += [("moves", move) for move in hand["moves"]]
            if "shown" in hand:
                self.steps.append((f"hands/{number}/shown", hand["shown"]))
        self.recorded: list[tuple[str, dict[str, Any]]] = []  # what the log should hold, in order

    def queue(self, count: int) -> list[Write]:
        """The next `count` writes, made without an answer in between, as
        the outbox holds them while the service does not answer."""
        writes = []
        for _ in range(count):
            what, body = self.steps.pop(0)
            seq = self.state["seq"] + len(writes)
            writes.append(Write(f"/api/games/{self.game}/{what}", {**body, "seq": seq}, f"{self.game}-{seq}"))
            self.recorded.append((what, body))
        return writes

    def send(self, write: Write) -> Answer:
        answer = self.tablet.send("POST", write.path, write.body, key=write.key)
        if answer.status == 201:
            self.state = answer.body["state"]
        return answer

    def play(self, writes: int | None = None) -> None:
        """Plays on, `writes` writes or to the end, each answered 201."""
        while self.steps and (writes is None or writes > 0):
            if self.steps[0][0] != "moves" and self.state["status"] != "hand-ended":
                self.steps.pop(0)  # the hand was not blocked: no tiles to show
                continue
            [write] = self.queue(1)
            answer = self.send(write)
            assert answer.status == 201, (write.path, write.body, answer.status, answer.body)
            writes = None if writes is None else writes - 1

    def play_to_mid_hand(self) -> None:
        """Plays on until the next two writes are moves within one hand."""
        self.play(writes=len(self.steps) // 3)
        while not all(what == "moves" for what, _ in self.steps[:3]):
            self.play(writes=1)


SHEET_SEED = 7


def _sheet() -> dict[str, Any]:
    sheet: dict[str, Any] = random_game(random.Random(SHEET_SEED), {"preset": "pub"}, seats=2)
    return sheet


def test_writes_during_a_postgres_restart_are_503_and_the_resent_ones_are_recorded_once(service: Service) -> None:
    tablet = Tablet(service.url)
    sheet = _sheet()
    scorer = Scorer(tablet, sheet)
    scorer.play_to_mid_hand()
    # The last write before the stop, answered; the pad may not have heard
    # the answer, so it is sent again below with the same key.
    [answered] = scorer.queue(1)
    assert scorer.send(answered).status == 201
    seq_before = scorer.state["seq"]

    service.postgres.stop()
    kept = scorer.queue(2)
    for write in kept:
        for _ in range(2):  # the pad tries again; still down
            answer = scorer.send(write)
            assert answer.status == 503, (answer.status, answer.body)
            assert answer.retry_after is not None and int(answer.retry_after) > 0
            assert "database" in answer.body["error"]
    reading = tablet.send("GET", f"/api/games/{scorer.game}")
    assert (reading.status, reading.retry_after is not None) == (503, True)
    assert service.server.poll() is None, "gunicorn exited while the database was down"

    service.postgres.start()
    again = scorer.send(answered)
    assert again.status == 201 and again.body["state"]["seq"] == seq_before  # its stored answer
    for write in kept:
        answer = scorer.send(write)
        assert answer.status == 201, (answer.status, answer.body)  # at the first try after the restart
    for write in [answered, *kept]:
        repeated = scorer.send(write)
        assert repeated.status == 201 and repeated.body["state"]["seq"] == scorer.state["seq"]
    scorer.play()

    expected = scoring.check(sheet)
    state = tablet.send("GET", f"/api/games/{scorer.game}").body
    assert (state["scores"], state["winner"], state["status"]) == (expected["scores"], expected["winner"], "won")
    log = tablet.send("GET", f"/api/games/{scorer.game}/log").body
    assert [row["seq"] for row in log] == list(range(1, len(scorer.recorded) + 1))
    assert [(row["kind"], row["payload"]) for row in log] == [
        ("move" if what == "moves" else "shown", body) for what, body in scorer.recorded]
    played = tablet.send("GET", f"/api/games/{scorer.game}/sheet").body
    assert [hand["moves"] for hand in played["hands"]] == [hand["moves"] for hand in sheet["hands"]]


def test_a_restart_between_two_moves_goes_unnoticed_by_the_scorer(service: Service) -> None:
    """No request reaches the service while the database is down: each
    worker thread still holds a connection from before, which the database
    has closed. It is checked before it is used (CONN_HEALTH_CHECKS) and
    replaced, so the next moves are answered as usual."""
    tablet = Tablet(service.url)
    scorer = Scorer(tablet, _sheet())
    scorer.play_to_mid_hand()
    service.postgres.stop()
    service.postgres.start()
    for write in scorer.queue(3):
        answer = scorer.send(write)
        assert answer.status == 201, (answer.status, answer.body)
    assert service.server.poll() is None
