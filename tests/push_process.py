"""The push process (league.push) as the tests run it: uvicorn in a child
process on a free port, against the test run's Redis and cache prefix, with
a database address that answers nothing (it must never need one); and a
spectator's event stream read the way a browser reads it."""
import http.client
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from django.conf import settings

ROOT = Path(__file__).resolve().parents[1]
# Nothing listens here: a push process that touched the database would fail.
NO_DATABASE = "postgres://nobody@127.0.0.1:9/nothing"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PushProcess:
    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/push"
        self.child: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        cache = settings.CACHES["default"]
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test", "DATABASE_URL": NO_DATABASE,
               "REDIS_URL": cache["LOCATION"], "CACHE_KEY_PREFIX": cache["KEY_PREFIX"]}
        self.child = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.push_asgi:app", "--host", "127.0.0.1",
             "--port", str(self.port), "--log-level", "warning", "--timeout-graceful-shutdown", "1"],
            cwd=ROOT, env=env)
        for _ in range(300):
            if self._healthy():
                return
            assert self.child.poll() is None, "the push process stopped"
            time.sleep(0.05)
        raise AssertionError("the push process never answered its health check")

    def stop(self) -> None:
        if self.child is not None:
            self.child.kill()
            self.child.wait()
            self.child = None

    def _healthy(self) -> bool:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            connection.request("GET", "/push/health")
            return connection.getresponse().status == 200
        except OSError:
            return False

    def stream(self, path: str, last_event_id: int | None = None) -> "Stream":
        return Stream(self.port, f"/push{path}", last_event_id)


class Stream:
    """One EventSource connection: its events, as (id, data) in order."""

    def __init__(self, port: int, path: str, last_event_id: int | None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.headers = dict(self.response.getheaders())

    def next(self) -> tuple[str | None, Any]:
        """The next event (waiting for it): its id and its data as JSON."""
        event_id, data = None, None
        while True:
            line = self.response.readline().decode()
            if line == "":
                raise EOFError("the stream ended")
            line = line.rstrip("\n")
            if line == "" and data is not None:
                return event_id, json.loads(data)
            field, _, value = line.partition(": ")
            if field == "id":
                event_id = value
            elif field == "data":
                data = value

    def close(self) -> None:
        self.connection.close()
