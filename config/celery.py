"""The Celery app. Configured from Django's settings (CELERY_* names), so
with REDIS_URL unset the tasks run in-process (see settings.py).

Beat runs, besides settings.CELERY_BEAT_SCHEDULE, the nightly work:
a full rebuild of every table, the check for overdue results and, weekly,
the results by email (the times are the project's TIME_ZONE, London:
Celery takes it from Django).

The broker, when it is Redis, is reached through `RedisTransport` (named by
settings.CELERY_BROKER_TRANSPORT): kombu's Redis transport with one fault
mended, so that a worker outlives Redis restarting (docs/operations.md)."""
import logging
import os
from typing import Any

from celery import Celery
from celery.schedules import crontab
from kombu.transport import redis as kombu_redis
from kombu.transport.virtual import QoS as VirtualQoS

log = logging.getLogger(__name__)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class _RedisQoS(kombu_redis.QoS):
    """A worker's hold on the tasks it took, kept in Redis.

    When Redis goes away while a worker holds unacknowledged tasks, kombu
    (5.7, the newest) tears the connection down under the channel and then
    uses the channel again: to put the held tasks back, and to acknowledge a
    task that finishes after the outage. Both raised AttributeError, which
    Celery treats as fatal: the worker stopped for good. Here a channel cut
    off from Redis does neither. Whatever it held stays where Redis keeps
    it (its unacknowledged set, if Redis kept its data), and goes back to
    the queue after the broker's visibility timeout, to run again: every
    task is safe to run twice. A table such a task would have rebuilt does
    not wait for that: the standings catch-up has it (docs/operations.md)."""

    def _cut_off(self) -> bool:
        transport = self.channel.connection
        return transport is None or transport.client is None

    def restore_unacked(self, client: Any | None = None) -> None:
        if client is None and self._cut_off():
            held = self._delivered
            log.warning("broker connection gone: %d unacknowledged task(s) left to the visibility timeout",
                        len(held or ()))
            if held:
                held.clear()
            return
        super().restore_unacked(client)

    def ack(self, delivery_tag: str) -> None:
        if self._cut_off():
            log.warning("broker connection gone: task %s runs again after the visibility timeout", delivery_tag)
            VirtualQoS.ack(self, delivery_tag)  # forgotten here; Redis still holds it
            return
        super().ack(delivery_tag)

    def reject(self, delivery_tag: str, requeue: bool = False) -> None:
        if self._cut_off():
            VirtualQoS.ack(self, delivery_tag)  # as ack: Redis gives it back in time
            return
        super().reject(delivery_tag, requeue=requeue)


class _RedisChannel(kombu_redis.Channel):
    QoS = _RedisQoS


class RedisTransport(kombu_redis.Transport):
    """kombu's Redis transport, whose channels survive a broker restart."""

    Channel = _RedisChannel


app = Celery("league")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

NIGHTLY = {
    # Tables are rebuilt as results land, and the standings catch-up (each
    # minute, settings.CELERY_BEAT_SCHEDULE) rebuilds those a lost task left
    # behind; this also puts right a table changed outside the services
    # (the admin, the database by hand).
    "standings-rebuild-all": {"task": "league.tasks.standings_rebuild_all", "schedule": crontab(hour=3, minute=0)},
    # After the rebuild, in the morning: a secretary reads the notices over breakfast.
    "results-overdue-check": {"task": "league.tasks.results_overdue_check", "schedule": crontab(hour=7, minute=0)},
    # Weekly, Monday morning: the week's results to those who asked for
    # them (league.services.digests). Keyed by the ISO week: a rerun sends nothing new.
    "weekly-results": {"task": "league.tasks.digests_send", "schedule": crontab(hour=8, minute=0, day_of_week=1)},
}


@app.on_after_configure.connect
def _nightly(sender: Celery, **kwargs: Any) -> None:
    sender.conf.beat_schedule = {**sender.conf.beat_schedule, **NIGHTLY}
