"""`make run` without Redis: one process serves the pages and the push
streams (config/run_asgi.py) and feeds the streams in memory, so a board
or a night's page follows its game with no Redis, no worker and no push
process of its own (docs/operations.md, "The push process")."""
import asyncio
import contextlib
import http.client
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from matchnights import Night, a_match_night, sheet_entered
from push_process import ROOT, InProcess, free_port
from rest_framework.test import APIClient
from tablets import new_game, post_move, sample_sheet, tablet_for

from config.run_asgi import Router
from league.push.app import PushApp
from league.push.memory import MemoryHub
from league.selectors.page_versions import night_frame_key
from league.selectors.push import push_redis_url
from league.services.match_games import rubber_game_card, rubber_game_start


@pytest.fixture
def no_redis(settings: Any) -> None:
    """The embedded defaults, whatever this run's environment: the cache in
    this process's memory, and the tasks run where they are queued."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": "push-in-process"}}
    settings.CELERY_TASK_ALWAYS_EAGER = True
    assert push_redis_url() is None


@pytest.fixture
def served(no_redis: None) -> Iterator[InProcess]:
    from django.core.asgi import get_asgi_application

    process = InProcess(Router(get_asgi_application(), PushApp(MemoryHub())))
    process.start()
    yield process
    process.stop()


def move(tablet: APIClient, game_id: int, seq: int, commit: Any) -> int:
    """One move recorded through the API; once it commits, its state is
    published where the move was recorded (no broker)."""
    rules = tablet.get(f"/api/games/{game_id}").json()["rules"]
    played = sample_sheet(11, rules=rules)["hands"][0]["moves"][seq]
    with commit(execute=True):
        response = post_move(tablet, game_id, played, seq=seq)
    assert response.status_code == 201, response.json()
    return int(response.json()["state"]["seq"])


def test_without_redis_a_move_recorded_through_the_api_reaches_a_board_following_the_stream(
        served: InProcess, db: None, django_user_model: Any, django_capture_on_commit_callbacks: Any) -> None:
    tablet = tablet_for(django_user_model.objects.create_user("scorer"))
    game_id = new_game(tablet)["id"]
    stream = served.stream(f"/games/{game_id}")
    assert stream.status == 200

    first = move(tablet, game_id, 0, django_capture_on_commit_callbacks)
    event_id, state = stream.next()
    assert (event_id, state) == (str(first), APIClient().get(f"/api/games/{game_id}/live").json())
    second = move(tablet, game_id, first, django_capture_on_commit_callbacks)
    assert stream.next()[0] == str(second)

    # A board opening now is sent the state stored in the process's cache first.
    assert served.stream(f"/games/{game_id}").next()[0] == str(second)


def test_without_redis_a_match_night_page_is_told_of_a_card_result(
        served: InProcess, db: None, django_capture_on_commit_callbacks: Any) -> None:
    night: Night = a_match_night("plain")
    with django_capture_on_commit_callbacks(execute=True):
        sheet_entered(night, ["singles"] * 9)
    stream = served.stream(f"/nights/{night.fixture.pk}")
    _, current = stream.next()
    with django_capture_on_commit_callbacks(execute=True):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=1, home_score=61, away_score=40, user=night.secretary)
    _, told = stream.next()
    assert told != current and told["frame"].startswith(cache.get(night_frame_key(night.fixture.pk)))


def test_without_redis_a_match_night_page_is_sent_its_games_states(
        served: InProcess, db: None, django_capture_on_commit_callbacks: Any) -> None:
    """The night's set of games with a published state is kept in memory, beside the streams."""
    night: Night = a_match_night("plain")
    with django_capture_on_commit_callbacks(execute=True):
        sheet_entered(night, ["singles"] * 9)
        game_id = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer).game_id
    tablet = tablet_for(night.home_scorer)
    first = move(tablet, game_id, 0, django_capture_on_commit_callbacks)

    # On connecting: the night's structure, then the stored state of each of its games.
    stream = served.stream(f"/nights/{night.fixture.pk}")
    _, frame = stream.next()
    assert list(frame) == ["frame"] and frame["frame"].startswith(cache.get(night_frame_key(night.fixture.pk)))
    live = APIClient().get(f"/api/games/{game_id}/live").json()
    assert stream.next() == (None, live) and live["seq"] == first
    # Then each new state as announced, with no id and no new structure.
    second = move(tablet, game_id, first, django_capture_on_commit_callbacks)
    assert stream.next() == (None, APIClient().get(f"/api/games/{game_id}/live").json())
    assert second > first


def test_the_one_process_serves_the_pages_beside_the_streams(served: InProcess) -> None:
    assert served.get("/push/health").status == 200
    page = served.get("/api/docs")
    assert page.status == 200 and page.getheader("Content-Type", "").startswith("text/html")
    assert served.get("/push/players/1").status == 404  # the streams' own answer, not a page


def test_the_router_gives_the_streams_their_addresses_and_the_lifespan_and_django_the_rest() -> None:
    seen: list[tuple[str, str]] = []

    def app(name: str) -> Any:
        async def answer(scope: dict[str, Any], receive: Any, send: Any) -> None:
            seen.append((name, scope.get("path", scope["type"])))
        return answer

    router = Router(app("django"), app("push"))
    for scope in ({"type": "lifespan"}, {"type": "http", "path": "/push/games/1"},
                  {"type": "http", "path": "/pushed"}, {"type": "http", "path": "/games/1/board"}):
        asyncio.run(router(scope, None, None))
    assert seen == [("push", "lifespan"), ("push", "/push/games/1"), ("django", "/pushed"),
                    ("django", "/games/1/board")]


@pytest.mark.slow  # a server started in a process of its own
def test_make_runs_server_serves_the_pages_and_the_streams_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    """`python -m config.run_server`, as `make run` starts it without Redis:
    the pages on one port, the streams (for the browser, on a port of their
    own) on the other."""
    port, push_port = free_port(), free_port()
    env = {**os.environ, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings",
           "PUSH_URL": f"http://127.0.0.1:{push_port}/push", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env.pop("REDIS_URL", None)
    env.pop("CELERY_BROKER_URL", None)
    # Ctrl-C reaches the whole process group, as in a terminal.
    server = subprocess.Popen([sys.executable, "-m", "config.run_server", f"127.0.0.1:{port}", str(push_port)],
                              cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        health = None
        for _ in range(300):
            with contextlib.suppress(OSError):
                connection = http.client.HTTPConnection("127.0.0.1", push_port, timeout=2)
                connection.request("GET", "/push/health")
                health = connection.getresponse().status
                break
            time.sleep(0.1)
        assert health == 200
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/api/docs")
        assert connection.getresponse().status == 200
        os.killpg(server.pid, signal.SIGINT)
        assert server.wait(timeout=20) == 0
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
