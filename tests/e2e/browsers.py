"""Browser contexts for the tests: a fresh profile each, a user logged in by
their session cookie."""
from typing import Any

from django.conf import settings
from django.test import Client

TABLET_PORTRAIT = {"width": 800, "height": 1280}  # a 10-inch tablet, upright


def logged_in_context(chromium: Any, live_server: Any, user: Any, **options: Any) -> Any:
    """A browser context (its own cookies and storage) with `user` logged in."""
    client = Client()
    client.force_login(user)
    context = chromium.new_context(base_url=live_server.url, **options)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}])
    context.set_default_timeout(10_000)
    return context
