"""A Redis outage never blocks recording a move; the work queued for the
workers (publishing the live state for spectators) is caught up later."""
import contextlib
import socket
import threading
import time

import kombu.pools
import pytest
import redis.exceptions
from django.core.cache import cache
from django.test import override_settings
from tablets import new_game, post_move, tablet_for

from config.celery import app as celery_app
from league.models import Game
from league.selectors.games import live_state_key
from league.services import live
from league.services.live import live_catch_up, live_publish_pending


class DeadRedis:
    """A Redis that is down: a local port that takes each connection and
    drops it at once, counting the attempts, so a test can tell a single
    try from a client that keeps retrying while the scorer waits."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.attempts = 0
        self.url = f"redis://127.0.0.1:{self.server.getsockname()[1]}/0"
        threading.Thread(target=self._drop_all, daemon=True).start()

    def _drop_all(self) -> None:
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return  # closed by the test
            self.attempts += 1
            connection.close()

    def close(self) -> None:
        # Shut down first: closing alone leaves the thread blocked in
        # accept() holding the socket, which would go on listening (and
        # counting) after the test.
        with contextlib.suppress(OSError):
            self.server.shutdown(socket.SHUT_RDWR)
        self.server.close()


def forget_connections() -> None:
    """Drops the broker connections made for the previous broker URL."""
    kombu.pools.reset()
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@contextlib.contextmanager
def redis_at(url: str):
    """Points the broker and the cache at `url`, as REDIS_URL would."""
    saved = {name: celery_app.conf[name] for name in ("broker_url", "task_always_eager")}
    celery_app.conf.update(broker_url=url, task_always_eager=False)
    forget_connections()
    live._last_kick = 0.0
    caches = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
                          "KEY_PREFIX": f"outage-test-{time.time()}",
                          "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.5}}}
    try:
        with override_settings(CACHES=caches, CELERY_TASK_ALWAYS_EAGER=False):
            yield
    finally:
        celery_app.conf.update(saved)
        forget_connections()
        live._last_kick = 0.0


# The broker is tried once for the kick that queues the live state.
ATTEMPTS_PER_MOVE = 1


def pending(game_id):
    game = Game.objects.get(pk=game_id)
    return game.published_seq < game.seq


def test_a_move_is_stored_and_answered_while_redis_is_down(tablet, dead_redis, django_capture_on_commit_callbacks):
    game = new_game(tablet)
    with redis_at(dead_redis.url):
        with django_capture_on_commit_callbacks(execute=True):
            response = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3}, seq=0)
        assert response.status_code == 201
        assert tablet.get(f"/api/games/{game['id']}").json()["seq"] == 1
        # Spectators still get the state, from the database.
        assert tablet.get(f"/api/games/{game['id']}/live").json()["scores"] == [3, 0]
        # The work is kept, not lost: the game waits for the catch-up,
        # which cannot publish while Redis is down either.
        assert pending(game["id"])
        with pytest.raises(redis.exceptions.ConnectionError):
            live_publish_pending()
        assert pending(game["id"])
    # Redis is back (here: the test run's own cache).
    assert live_publish_pending() == 1
    assert not pending(game["id"])
    assert cache.get(live_state_key(game["id"]))["scores"] == [3, 0]


def test_while_redis_is_down_each_move_tries_the_broker_once_and_never_retries(
        tablet, dead_redis, django_capture_on_commit_callbacks):
    """A client that retried a dead broker would keep the scorer waiting on
    every move; the service makes one attempt and leaves the rest to the
    catch-up."""
    game = new_game(tablet)
    moves = [{"seat": 0, "tile": "6-3"}, {"seat": 1, "tile": "3-3", "end": "right"}, {"seat": 0, "tile": "6-6", "end": "left"}]
    with redis_at(dead_redis.url):
        for move in moves:
            live._last_kick = 0.0  # each move tries the broker afresh
            before = dead_redis.attempts
            with django_capture_on_commit_callbacks(execute=True):
                assert post_move(tablet, game["id"], move).status_code == 201
            assert dead_redis.attempts - before == ATTEMPTS_PER_MOVE
    assert tablet.get(f"/api/games/{game['id']}").json()["seq"] == 3


def test_the_catch_up_leaves_recent_changes_to_their_own_task(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})  # no commit hooks: never queued
    assert live_catch_up() == 0
    Game.objects.filter(pk=game["id"]).update(updated_at=Game.objects.get(pk=game["id"]).updated_at.replace(year=2020))
    assert live_catch_up() == 1
    assert live_catch_up() == 0


def test_without_a_broker_the_live_state_is_published_at_once(tablet, django_capture_on_commit_callbacks):
    game = new_game(tablet)
    with override_settings(CELERY_TASK_ALWAYS_EAGER=True), django_capture_on_commit_callbacks(execute=True):
        post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3})
    assert not pending(game["id"])
    assert tablet.get(f"/api/games/{game['id']}/live").json()["scores"] == [3, 0]


@pytest.mark.django_db(transaction=True)
def test_queued_work_reaches_the_real_broker_and_a_worker_publishes_the_live_state(redis_url, scorer):
    import redis

    tablet = tablet_for(scorer)
    game = new_game(tablet)
    with redis_at(redis_url):
        client = redis.Redis.from_url(redis_url)
        queued_before = client.llen("celery") + client.zcard("unacked")
        response = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3})
        assert response.status_code == 201
        assert client.llen("celery") + client.zcard("unacked") == queued_before + 1
        # What a worker does with the message: the task itself, run here.
        from league.tasks import live_publish_pending_task

        assert live_publish_pending_task.apply().get() >= 1
        assert not pending(game["id"])
        assert cache.get(live_state_key(game["id"]))["scores"] == [3, 0]
