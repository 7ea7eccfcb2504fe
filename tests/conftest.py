"""Fixtures shared by the whole test tree.

PostgreSQL and Redis: when DATABASE_URL or REDIS_URL is set (CI sets both),
the tests run against those services and fail, never skip, if they cannot be
reached. A test that needs one of them when it is not configured is skipped
with the reason, except under CI=true, where it fails instead.
"""
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def missing_service(reason: str) -> None:
    """Skip locally; fail in CI, which must exercise every service."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: CI must run this test)", pytrace=False)
    pytest.skip(reason)


def _reachable(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), timeout=2):
            return True
    except OSError:
        return False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test under tests/e2e drives a browser: marked so, for
    `make test-fast` to leave them out."""
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.browser)


def pytest_sessionstart(session: pytest.Session) -> None:
    redis_url = os.environ.get("REDIS_URL")
    if redis_url and not _reachable(redis_url):
        raise pytest.UsageError(f"REDIS_URL is set to {redis_url} but nothing answers there")


@pytest.fixture(scope="session", autouse=True)
def collected_static(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The static files collected once a session, as a deployment does, into
    a temporary STATIC_ROOT: the pages then name them by their hashed names
    from the manifest, as in production, and a page that names a file that
    is not there fails its test."""
    from django.core.management import call_command
    from django.test import override_settings

    root = tmp_path_factory.mktemp("static")
    with override_settings(STATIC_ROOT=str(root)):
        call_command("collectstatic", "--noinput", verbosity=0)
        yield root


@pytest.fixture(scope="session")
def live_server(collected_static: Path) -> Iterator[Any]:
    """pytest-django's live server, its static files served as in production,
    by WhiteNoise from the collected STATIC_ROOT: Django's test handler would
    look for them among the sources, which hold no hashed names."""
    from pytest_django.live_server_helper import LiveServer

    server = LiveServer(os.environ.get("DJANGO_LIVE_TEST_SERVER_ADDRESS", "localhost"), start=False)
    server.thread.static_handler = lambda application: application
    server.start()
    yield server
    server.stop()


@pytest.fixture
def postgres(db: None) -> None:
    """The test needs PostgreSQL (row locks, real concurrent connections)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        missing_service("needs PostgreSQL: set DATABASE_URL=postgres://...")


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("REDIS_URL", "")
    if not url:
        missing_service("needs Redis: set REDIS_URL=redis://...")
    return url


# What a dump of the demo leaves out: rows that migrations and flush make
# afresh (content types are referred to by their natural keys instead).
DEMO_DUMP_EXCLUDES = ["contenttypes", "auth.permission", "sessions"]


@pytest.fixture(scope="session")
def demo_snapshot(django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo league as `make run` leaves it, built once for the whole test
    session and kept as a dump: building it plays a few hundred games' worth
    of moves, loading the dump takes a few seconds. Loaded twice, as a second
    `make run` would, so the dump also shows that loading again adds nothing."""
    from django.core.management import call_command

    from league.services.ratings import ratings_catch_up
    from league.services.standings import standings_rebuild_all

    path = tmp_path_factory.mktemp("demo") / "demo.json"
    with django_db_blocker.unblock():
        call_command("demo_load", verbosity=0)
        call_command("demo_load", verbosity=0)
        # What the worker does once the results are in, where a broker
        # takes the tasks rather than running them at once.
        standings_rebuild_all()
        ratings_catch_up()
        call_command("dumpdata", "--natural-foreign", exclude=DEMO_DUMP_EXCLUDES, output=str(path), verbosity=0)
        call_command("flush", "--noinput", verbosity=0)
    return path


def demo_snapshot_load(path: Path) -> None:
    from django.core.management import call_command

    call_command("loaddata", str(path), verbosity=0)


@pytest.fixture
def demo(demo_snapshot: Path, db: None) -> Any:
    """The demo league, read within the test's transaction."""
    from league.models import League

    demo_snapshot_load(demo_snapshot)
    return League.objects.get(slug="demo")


@pytest.fixture
def demo_committed(demo_snapshot: Path, transactional_db: None) -> Any:
    """The demo league, committed for a live server's threads to read."""
    from league.models import League

    demo_snapshot_load(demo_snapshot)
    return League.objects.get(slug="demo")


@pytest.fixture(autouse=True)
def _fresh_process_caches() -> Iterator[None]:
    """Each test starts with an empty in-memory cache of engine values, and
    with no spectators' page cached before it (a new version of every page,
    rather than emptying a Redis other processes may share), so no test
    passes, or fails, thanks to what an earlier one left there."""
    from django.core.cache import cache

    from league.engine import ENGINES
    from league.selectors.page_versions import EVERYTHING, VERSION_TTL_SECONDS, new_token

    ENGINES.clear()
    cache.set(EVERYTHING, new_token(), VERSION_TTL_SECONDS)
    yield
    ENGINES.clear()
