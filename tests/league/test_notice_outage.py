"""Every notice goes out once Redis, a worker, beat and the mail server are
all back, whatever failed meanwhile (docs/notices.md states how soon).

As it happened: the mail server was down, so a notice's task was waiting
to retry; Redis restarted under the worker and that retry vanished with
it; a beat tick fell inside the outage; and a notice whose subject holds
a line break stood first in the queue. Here a real worker with beat (its
catch-up every 2 s, instead of every 2 minutes) runs against the test's
own redis-server and PostgreSQL database, and a real SMTP server is
stopped and started. Needs both; under CI=true it fails without them."""
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import transaction
from matchnights import Night, a_match_night
from smtp_server import MailServer
from test_worker_faults import RedisServer, Worker, broker, database_url, own_redis, wait_for, worker_started  # noqa: F401

from league.models import Notice
from league.services.notices import notice_queue


@pytest.fixture
def smtp() -> Iterator[MailServer]:
    server = MailServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def worker_with_beat(postgres: None, transactional_db: None, broker: RedisServer, smtp: MailServer,  # noqa: F811
                     tmp_path: Path) -> Iterator[Worker]:
    """A worker process running beat too, sending by SMTP to `smtp`."""
    env = {**os.environ, "DATABASE_URL": database_url(), "REDIS_URL": broker.url,
           "SECRET_KEY": "a-notice-outage-test-key-" + uuid.uuid4().hex,
           "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend", "EMAIL_HOST": "127.0.0.1",
           "EMAIL_PORT": str(smtp.port), "EMAIL_TIMEOUT": "5",
           "NOTICES_CATCH_UP_SECONDS": "2", "NOTICES_CATCH_UP_AFTER_SECONDS": "3"}
    options = ["--beat", "--schedule", str(tmp_path / "beat-schedule"),
               "--hostname", f"notices-{uuid.uuid4().hex[:8]}@%h"]
    with worker_started(env, options, tmp_path / "worker.log") as running:
        yield running


def queue(night: Night, to: str, subject: str) -> None:
    """A notice written as a change commits: its task goes to Redis."""
    with transaction.atomic():
        notice_queue(kind="fixture_changed", event=f"outage:{to}", league=night.league,
                     to=[to], subject=subject, body="See the tie.", link="http://localhost:8000/")


@pytest.mark.slow
def test_notices_are_sent_once_everything_is_back_after_redis_restarts_under_a_worker_while_mail_is_down(
        worker_with_beat: Worker, own_redis: RedisServer, smtp: MailServer) -> None:  # noqa: F811
    night = a_match_night("plain")
    smtp.stop()
    queue(night, "away@league.test", "Dates offered: Cup\r\nBcc: victim@example.org")
    queue(night, "home@league.test", "Cup leg dated")
    wait_for(lambda: Notice.objects.filter(status=Notice.Status.FAILED).count() == 2,
             "both tasks failing on the mail server, their retries waiting")

    own_redis.kill()  # the retries vanish with it
    wait_for(lambda: worker_with_beat.said("Connection to broker lost"), "the worker noticing Redis gone")
    smtp.start()
    own_redis.start()

    wait_for(lambda: len(smtp.messages) >= 2, "both notices delivered after the restart", seconds=90)
    assert sorted(m["To"] for m in smtp.messages) == ["away@league.test", "home@league.test"]
    [cup] = smtp.to("away@league.test")
    assert cup["Subject"] == "Dates offered: Cup Bcc: victim@example.org"
    assert set(Notice.objects.values_list("status", flat=True)) == {Notice.Status.SENT}
    assert worker_with_beat.alive()
