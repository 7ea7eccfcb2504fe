"""The Celery app. Configured from Django's settings (CELERY_* names), so
with REDIS_URL unset the tasks run in-process (see settings.py)."""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("league")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
