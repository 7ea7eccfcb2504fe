"""A browser for the page tests: logged in as someone, with CSRF checked as
a real browser's would be, posting as the pages' forms do."""
from typing import Any

from django.test import Client

# A browser's CSRF cookie, and the token its forms send back with it.
CSRF = "formsformsformsformsforms0123456"


def browser(user: Any = None) -> Client:
    """A browser, logged in as `user` if given."""
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user)
    return client


def post(client: Client, address: str, data: dict[str, Any] | None = None) -> Any:
    """Posts as one of the page's forms does, with the CSRF token."""
    client.cookies["csrftoken"] = CSRF
    return client.post(address, {**(data or {}), "csrfmiddlewaretoken": CSRF})


def text(response: Any) -> str:
    return response.content.decode()
