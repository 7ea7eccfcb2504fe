"""`make run`'s one process without Redis (started by config/run_server.py):
Django's pages, API and static files, and the spectators' push streams
under /push/, fed in memory by the same process (league.push.memory), so
that the pages follow the games over the streams with no Redis, no worker
and no second process. With REDIS_URL set it follows Redis, as the push
process does. Production keeps them apart: gunicorn serves Django and
config/push_asgi.py the streams (docs/operations.md, "The push process")."""
import os
import warnings
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.core.asgi import get_asgi_application  # noqa: E402

from league.push.app import PushApp  # noqa: E402
from league.push.hub import Followers, Hub  # noqa: E402
from league.push.memory import MemoryHub  # noqa: E402
from league.selectors.push import every_channel, push_redis_url  # noqa: E402

# WhiteNoise serves the static files (as it does under runserver in DEBUG)
# from a file's synchronous iterator, which Django reads in a thread under
# ASGI: fine for a development server, and not worth a warning to it.
warnings.filterwarnings("ignore", message="StreamingHttpResponse must consume synchronous iterators")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Any, Any, Any], Awaitable[None]]  # an ASGI application, whatever its own names for these


class Router:
    """/push/ to the streams, everything else to Django. The lifespan (the
    streams' hub starting and stopping) is the streams' alone: Django's
    application serves HTTP only."""

    def __init__(self, django_app: App, push_app: App) -> None:
        self.django_app = django_app
        self.push_app = push_app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan" or (scope["type"] == "http" and scope["path"].startswith("/push/")):
            await self.push_app(scope, receive, send)
        else:
            await self.django_app(scope, receive, send)


def _hub() -> Followers:
    url = push_redis_url()
    return Hub(url, every_channel()) if url else MemoryHub()


app = Router(get_asgi_application(), PushApp(_hub()))
