"""The push process (league.push) as the tests run it: uvicorn in a child
process on a free port, against the test run's Redis and cache prefix, with
a database address that answers nothing (it must never need one); `make
run`'s single process without Redis, as uvicorn on a thread of the test's
own process (`InProcess`); and a spectator's event stream read the way a
browser reads it."""
import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
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
    def __init__(self, redis_url: str | None = None) -> None:
        self.redis_url = redis_url  # another Redis than the cache's (one that is down)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/push"
        self.child: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        cache = settings.CACHES["default"]
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test", "DATABASE_URL": NO_DATABASE,
               "REDIS_URL": self.redis_url or cache["LOCATION"], "CACHE_KEY_PREFIX": cache["KEY_PREFIX"]}
        self.child = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.push_asgi:app", "--host", "127.0.0.1",
             "--port", str(self.port), "--log-level", "warning", "--timeout-graceful-shutdown", "1"],
            cwd=ROOT, env=env)
        self.wait_for(lambda status: status == 200 or (status is not None and self.redis_url is not None))

    def wait_for(self, good: Callable[[int | None], bool]) -> None:
        """Until the health check answers as `good` says (15 s at most)."""
        for _ in range(300):
            if good(self.health()):
                return
            assert self.child is not None and self.child.poll() is None, "the push process stopped"
            time.sleep(0.05)
        raise AssertionError(f"the push process's health check answered {self.health()}")

    def stop(self) -> None:
        if self.child is not None:
            self.child.kill()
            self.child.wait()
            self.child = None

    def health(self) -> int | None:
        """The health check's status; None while nothing answers."""
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            connection.request("GET", "/push/health")
            return connection.getresponse().status
        except OSError:
            return None

    def stream(self, path: str, last_event_id: int | None = None) -> "Stream":
        return Stream(self.port, f"/push{path}", last_event_id)


class InProcess:
    """An ASGI application (config/run_asgi.py's, or its streams alone)
    served by uvicorn on a thread of this process, on a free port: the
    streams hear what this process announces, in memory."""

    def __init__(self, app: Any) -> None:
        import uvicorn

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/push"
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, lifespan="on",
                                                    log_level="warning", timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.streams: list[Stream] = []

    def start(self) -> None:
        self.thread.start()
        for _ in range(300):
            if self.server.started:
                return
            time.sleep(0.05)
        raise AssertionError("the server did not start")

    def stop(self) -> None:
        for stream in self.streams:  # each ends as a browser's does, before the server stops
            stream.close()
        self.server.should_exit = True
        self.thread.join(10)

    def get(self, path: str) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", path)
        return connection.getresponse()

    def stream(self, path: str, last_event_id: int | None = None) -> "Stream":
        self.streams.append(Stream(self.port, f"/push{path}", last_event_id))
        return self.streams[-1]


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


class Relay:
    """A TCP relay to Redis that the test can cut (every connection dropped,
    new ones refused) and restore: Redis restarting, as the push process
    sees it, without touching the Redis other tests share."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self.open: list[socket.socket] = []
        self.server: socket.socket | None = None
        self.restore()

    def restore(self) -> None:
        self.server = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, args=(self.server,), daemon=True).start()

    def cut(self) -> None:
        assert self.server is not None
        self.server.close()
        for connection in self.open:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()
        self.open.clear()

    def _accept(self, server: socket.socket) -> None:
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return  # cut
            upstream = socket.create_connection(self.target)
            self.open += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_RDWR)
