"""The push process's entry point (league.push):

    uvicorn config.push_asgi:app --host 0.0.0.0 --port 8001

Django is set up for its settings and the cache's key names only: nothing
here opens a database connection."""
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from league.push import collector  # noqa: E402
from league.push.app import PushApp  # noqa: E402
from league.push.hub import Hub  # noqa: E402
from league.selectors.push import every_channel, push_redis_url  # noqa: E402

# The streams live for hours: keep the collector from walking them all
# (league/push/collector.py).
collector.enable()
_url = push_redis_url()
app = PushApp(Hub(_url, every_channel()) if _url else None)
