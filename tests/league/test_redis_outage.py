"""A Redis outage never blocks recording a move; the work queued for the
workers (publishing the live state for spectators) is caught up later."""
import contextlib
import socket
import time

import kombu.pools
import pytest
from django.core.cache import cache
from django.test import override_settings
from league.models import OutboxMessage
from league.selectors.games import live_state_key
from league.services.outbox import outbox_catch_up, outbox_publish
from tablets import new_game, post_move

from config.celery import app as celery_app


def closed_port_url() -> str:
    """A Redis URL on a local port that nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


def forget_connections() -> None:
    """Drops the broker connections made for the previous broker URL."""
    kombu.pools.reset()
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@contextlib.contextmanager
def redis_at(url: str):
    """Points the broker and the cache at `url` (as REDIS_URL would)."""
    saved = {name: celery_app.conf[name] for name in ("broker_url", "task_always_eager")}
    celery_app.conf.update(broker_url=url, task_always_eager=False)
    forget_connections()
    caches = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
                          "KEY_PREFIX": "outage-test", "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.5}}}
    try:
        with override_settings(CACHES=caches):
            yield
    finally:
        celery_app.conf.update(saved)
        forget_connections()


def test_a_move_is_stored_and_answered_in_milliseconds_while_redis_is_down(tablet, django_capture_on_commit_callbacks):
    game = new_game(tablet)
    with redis_at(closed_port_url()):
        started = time.perf_counter()
        with django_capture_on_commit_callbacks(execute=True):
            response = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3}, seq=0)
        elapsed = time.perf_counter() - started
        assert response.status_code == 201
        assert elapsed < 0.5, f"recording a move took {elapsed:.3f}s with Redis down"
        # Spectators still get the state, from the database.
        assert tablet.get(f"/api/games/{game['id']}/live").json()["scores"] == [3, 0]
        # The work is kept, not lost: the outbox row waits for the catch-up.
        assert OutboxMessage.objects.filter(game_id=game["id"], published_at=None).count() == 1
        # While Redis is down, the catch-up cannot deliver either, and says so.
        assert outbox_catch_up(older_than_seconds=0) == 0
    # Redis is back (here: the test's own cache and broker).
    assert outbox_catch_up(older_than_seconds=0) == 1
    assert OutboxMessage.objects.filter(game_id=game["id"], published_at=None).count() == 0
    assert cache.get(live_state_key(game["id"]))["scores"] == [3, 0]


def test_the_catch_up_leaves_young_messages_to_their_own_task(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})  # no commit hooks: never queued
    assert outbox_catch_up(older_than_seconds=60) == 0
    assert outbox_catch_up(older_than_seconds=0) == 1
    assert outbox_catch_up(older_than_seconds=0) == 0


@pytest.mark.django_db(transaction=True)
def test_queued_work_reaches_the_real_broker_and_a_worker_publishes_the_live_state(redis_url, scorer):
    import redis
    from tablets import tablet_for

    tablet = tablet_for(scorer)
    game = new_game(tablet)
    with redis_at(redis_url):
        client = redis.Redis.from_url(redis_url)
        queued_before = client.llen("celery")
        response = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3})
        assert response.status_code == 201
        assert client.llen("celery") == queued_before + 1
        message = OutboxMessage.objects.get(game_id=game["id"])
        # What a worker does with the message: the task itself, run here.
        from league.tasks import outbox_deliver_task

        assert outbox_deliver_task.apply(args=[message.pk]).get() is True
        assert cache.get(live_state_key(game["id"]))["scores"] == [3, 0]
        assert outbox_publish(message_id=message.pk) is True
