"""A confirmed result reaches the stored table through a real Celery worker:
the rebuild is queued on commit to Redis, a worker consumes it and writes
the table to PostgreSQL. Needs both; under CI=true it fails without them."""
import os
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from celery.contrib.testing.worker import start_worker
from matchnights import a_match_night, submitted_five_four

from config.celery import app
from league.models import TableEntry
from league.services.results import match_confirm


@pytest.fixture
def own_queue(redis_url: str) -> Iterator[str]:
    """A queue of this test's own, so that no other worker on the same Redis
    takes its message, and no message left there by others reaches this one."""
    name = f"standings-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    before = app.conf.task_default_queue
    app.conf.task_default_queue = name  # read as each task is sent
    try:
        yield name
    finally:
        app.conf.task_default_queue = before


def wait_for(check: Any, seconds: float = 30) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    return check()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_confirmed_result_is_tabled_by_a_celery_worker_on_redis(postgres: None, own_queue: str) -> None:
    assert not app.conf.task_always_eager, "with REDIS_URL set, tasks go to the broker"
    night = a_match_night("plain", points_scheme="solihull")
    submitted_five_four(night)
    assert not TableEntry.objects.exists()
    with start_worker(app, pool="solo", perform_ping_check=False, queues=[own_queue], shutdown_timeout=30):
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)

        def tabled() -> list[tuple[str, int, int]]:
            return [(e.team.name, e.position, e.points)
                    for e in TableEntry.objects.filter(division=night.division, played=1).select_related("team")]

        assert wait_for(tabled) == [(night.home.name, 1, 3), (night.away.name, 2, 1)]
