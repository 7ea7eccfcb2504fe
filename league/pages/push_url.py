"""The push process's address for the templates: spectators' pages name
their event stream with it (data-push), and poll without it."""
from django.conf import settings
from django.http import HttpRequest


def push_url(request: HttpRequest) -> dict[str, str]:
    return {"push_url": settings.PUSH_URL}
