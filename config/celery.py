"""The Celery app. Configured from Django's settings (CELERY_* names), so
with REDIS_URL unset the tasks run in-process (see settings.py).

Beat runs, besides settings.CELERY_BEAT_SCHEDULE, the nightly work:
a full rebuild of every table and the check for overdue results (the times are
the project's TIME_ZONE, London: Celery takes it from Django)."""
import os
from typing import Any

from celery import Celery
from celery.schedules import crontab

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("league")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

NIGHTLY = {
    # Tables are rebuilt as results land; this puts right whatever a lost
    # task or a broker outage left behind.
    "standings-rebuild-all": {"task": "league.tasks.standings_rebuild_all", "schedule": crontab(hour=3, minute=0)},
    # After the rebuild, in the morning: a secretary reads the notices over breakfast.
    "results-overdue-check": {"task": "league.tasks.results_overdue_check", "schedule": crontab(hour=7, minute=0)},
}


@app.on_after_configure.connect
def _nightly(sender: Celery, **kwargs: Any) -> None:
    sender.conf.beat_schedule = {**sender.conf.beat_schedule, **NIGHTLY}
