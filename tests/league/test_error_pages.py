"""What a client sees when something goes wrong, with DEBUG off as in
production: under /api/ always JSON `{"error": ...}` with the status code;
elsewhere a page in the site's style with a way home.

The failures are real: an unknown URL, a body over Django's size limit, a
host the site does not serve, a view that raises, and a database that
cannot be reached (the connection pointed at a port nothing listens on)."""
import json
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import connections
from django.db.utils import load_backend
from django.http import HttpRequest, HttpResponse
from django.test import Client, override_settings
from django.urls import include, path

from league.api import errors


def _broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


def _forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied


# The site's URLs and its error handlers, plus views that fail, under /api/
# and among the pages.
urlpatterns = [
    path("api/broken", _broken),
    path("api/forbidden", _forbidden),
    path("broken", _broken),
    path("forbidden", _forbidden),
    path("", include("config.urls")),
]
handler400 = "league.api.errors.bad_request"
handler403 = "league.api.errors.permission_denied"
handler404 = "league.api.errors.page_not_found"
handler500 = "league.api.errors.server_error"

pytestmark = pytest.mark.usefixtures("production_errors")


@pytest.fixture
def production_errors() -> Iterator[None]:
    with override_settings(DEBUG=False, ROOT_URLCONF=__name__):
        yield


@pytest.fixture
def client() -> Client:
    """A client that gets the error response rather than the exception."""
    return Client(raise_request_exception=False)


def api_error(response: Any, status: int) -> str:
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    body = json.loads(response.content)
    assert list(body) == ["error"] and body["error"]
    return str(body["error"])


def error_page(response: Any, status: int) -> str:
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert '<header class="site">' in html and "css/site." in html  # the site's own look
    assert '<a href="/">Back to the front page</a>' in html
    return html


# Not found


def test_an_api_url_that_matches_nothing_is_a_json_404(client: Client) -> None:
    assert api_error(client.get("/api/games/abc"), 404) == "not found"
    api_error(client.get("/api/no-such-thing"), 404)


@pytest.mark.django_db
def test_a_page_that_does_not_exist_is_the_sites_404_page(client: Client) -> None:
    assert "There is no such page" in error_page(client.get("/no-such-page"), 404)
    error_page(client.get("/divisions/999999/"), 404)


# Too large


def test_an_api_body_over_the_size_limit_is_a_json_413_before_it_is_read(client: Client) -> None:
    body = json.dumps({"padding": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE})
    message = api_error(client.post("/api/games", body, content_type="application/json"), 413)
    assert str(settings.DATA_UPLOAD_MAX_MEMORY_SIZE) in message


@pytest.mark.django_db
def test_a_form_over_the_size_limit_is_the_sites_413_page(client: Client) -> None:
    form = {"username": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE, "password": "pw"}
    assert "too much to send" in error_page(client.post("/accounts/login/", form), 413)


# Bad request and forbidden


def test_a_host_the_site_does_not_serve_is_a_400_in_json_on_the_api_and_a_page_elsewhere(client: Client) -> None:
    api_error(client.get("/api/games", HTTP_HOST="elsewhere.example"), 400)
    assert "could not be understood" in error_page(client.get("/", HTTP_HOST="elsewhere.example"), 400)


def test_permission_denied_outside_the_api_views_is_a_json_403_or_the_403_page(client: Client) -> None:
    api_error(client.get("/api/forbidden"), 403)
    assert "Not allowed" in error_page(client.get("/forbidden"), 403)


@pytest.mark.django_db
def test_a_form_sent_without_its_csrf_token_is_the_expired_form_page() -> None:
    browser = Client(enforce_csrf_checks=True)
    response = browser.post("/accounts/login/", {"username": "scorer", "password": "pw"})
    assert "That form has expired" in error_page(response, 403)


# Server errors


def test_a_bug_is_a_json_500_on_the_api_and_the_500_page_elsewhere(client: Client) -> None:
    assert api_error(client.get("/api/broken"), 500) == "server error"
    assert "Something went wrong" in error_page(client.get("/broken"), 500)


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def database_down(django_db_blocker: Any) -> Iterator[None]:
    """The default connection, for this test only, points at PostgreSQL on a
    port where nothing listens: every query fails to connect, as when the
    database server is down."""
    real = connections["default"]
    backend = load_backend("django.db.backends.postgresql")
    unreachable = {**real.settings_dict, "ENGINE": "django.db.backends.postgresql", "HOST": "127.0.0.1",
                   "PORT": str(_closed_port()), "NAME": "league", "USER": "league", "PASSWORD": "",
                   "CONN_MAX_AGE": 0, "OPTIONS": {"connect_timeout": 2}}
    with django_db_blocker.unblock():
        connections["default"] = backend.DatabaseWrapper(unreachable, "default")
        try:
            yield
        finally:
            connections["default"].close()
            connections["default"] = real


@pytest.mark.usefixtures("database_down")
def test_with_the_database_down_the_api_answers_503_in_json_with_retry_after(client: Client) -> None:
    response = client.get("/api/games/1")
    assert "database" in api_error(response, 503)
    assert response["Retry-After"] == str(errors.DATABASE_RETRY_AFTER_SECONDS)


@pytest.mark.usefixtures("database_down")
def test_with_the_database_down_a_page_is_the_503_page_with_retry_after(client: Client) -> None:
    response = client.get("/divisions/1/")
    assert "out of reach" in error_page(response, 503)
    assert response["Retry-After"] == str(errors.DATABASE_RETRY_AFTER_SECONDS)
