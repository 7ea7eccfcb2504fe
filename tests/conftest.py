"""Fixtures shared by the whole test tree.

PostgreSQL and Redis: when DATABASE_URL or REDIS_URL is set (CI sets both),
the tests run against those services and fail, never skip, if they cannot be
reached. A test that needs one of them when it is not configured is skipped
with the reason, except under CI=true, where it fails instead.
"""
import os
import socket
from collections.abc import Iterator
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


def pytest_sessionstart(session: pytest.Session) -> None:
    redis_url = os.environ.get("REDIS_URL")
    if redis_url and not _reachable(redis_url):
        raise pytest.UsageError(f"REDIS_URL is set to {redis_url} but nothing answers there")


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


@pytest.fixture(autouse=True)
def _fresh_process_caches() -> Iterator[None]:
    """Each test starts with empty in-memory caches (engine values, tokens),
    so no test passes thanks to what an earlier one left there."""
    from league.api.authentication import CachedTokenAuthentication
    from league.engine import ENGINES

    ENGINES.clear()
    CachedTokenAuthentication.forget_all()
    yield
    ENGINES.clear()
    CachedTokenAuthentication.forget_all()
