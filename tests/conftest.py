"""Fixtures shared by the whole test tree.

PostgreSQL and Redis: when DATABASE_URL or REDIS_URL is set (CI sets both),
the tests run against those services and fail, never skip, if they cannot be
reached. A test that needs one of them when it is not configured is skipped
with the reason, except under CI=true, where it fails instead.
"""
import gc
import os
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from filelock import FileLock

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


def pytest_collection_finish(session: pytest.Session) -> None:
    """Garbage collection tuned for a test process: what is made before the
    first test (Django's registry, the imported modules, thousands of
    collected tests) lives to the end, so it is frozen out of the
    collector's passes; and the collector starts a pass after 10,000 new
    objects rather than Python's 700, as a test makes and drops many. Each
    saves a few percent of a run's CPU time (benchmarks/test_times.py)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


def pytest_configure(config: pytest.Config) -> None:
    """A run that leaves out the slow tests (`make test-fast`) tries fewer
    examples of each property test (tests/property_examples.py): loaded
    here, before the test modules are imported and their settings made."""
    from hypothesis import settings
    from property_examples import FAST, FAST_DEFAULT

    settings.register_profile(FAST, max_examples=FAST_DEFAULT)
    if "not slow" in (config.option.markexpr or ""):
        settings.load_profile(FAST)


def pytest_sessionstart(session: pytest.Session) -> None:
    redis_url = os.environ.get("REDIS_URL")
    if redis_url and not _reachable(redis_url):
        raise pytest.UsageError(f"REDIS_URL is set to {redis_url} but nothing answers there")


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]) -> Path:
    """A folder `build` fills once for the whole run. Under pytest-xdist the
    workers share the run's temporary folder: the first to arrive builds,
    holding a lock, and the others wait for it and reuse what it built,
    rather than each spending the same seconds on the same result."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    folder = root / name
    done = folder / ".built"
    with FileLock(str(root / f"{name}.lock")):
        if not done.exists():
            folder.mkdir(exist_ok=True)
            build(folder)
            done.touch()
    return folder


def _collect_static(root: Path) -> None:
    from django.core.management import call_command
    from django.test import override_settings

    with override_settings(STATIC_ROOT=str(root)):
        call_command("collectstatic", "--noinput", verbosity=0)


@pytest.fixture(scope="session", autouse=True)
def collected_static(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The static files collected once a run, as a deployment does, into a
    temporary STATIC_ROOT: the pages then name them by their hashed names
    from the manifest, as in production, and a page that names a file that
    is not there fails its test."""
    from django.test import override_settings

    root = built_once(tmp_path_factory, "static", _collect_static)
    with override_settings(STATIC_ROOT=str(root)):
        yield root


@pytest.fixture(scope="session")
def django_db_setup(django_test_environment: None, django_db_blocker: Any, django_db_modify_db_settings: None,
                    tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Iterator[None]:
    """The test database (pytest-django's fixture of that name, replaced).
    Under pytest-xdist each worker's is a copy of one migrated once for the
    run, or kept from an earlier run while the migrations are the same
    (tests/schema_once.py); in one process it is migrated as usual."""
    from django.test.utils import setup_databases, teardown_databases
    from schema_once import template_build, worker_database_copy

    worker = os.environ.get("PYTEST_XDIST_WORKER")
    with django_db_blocker.unblock():
        if worker:
            kept = pytestconfig.cache.mkdir("schema") if pytestconfig.cache is not None else None
            folder = built_once(tmp_path_factory, "schema", lambda folder: template_build(folder, kept))
            worker_database_copy(folder, worker)
        config = setup_databases(verbosity=0, interactive=False, aliases={"default"}, serialized_aliases=set(),
                                 keepdb=bool(worker))
    yield
    with django_db_blocker.unblock():
        teardown_databases(config, verbosity=0)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The run's PostgreSQL template is dropped by the process that ran the
    workers, once they are all done with it."""
    if os.environ.get("PYTEST_XDIST_WORKER") or not session.config.getoption("numprocesses", None):
        return
    from pytest_django.plugin import blocking_manager_key
    from schema_once import template_drop

    with session.config.stash[blocking_manager_key].unblock():
        template_drop()


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
    run and kept as a dump: building it plays a few hundred games' worth of
    moves, loading the dump takes a few seconds. Loaded twice, as a second
    `make run` would, so the dump also shows that loading again adds nothing."""

    def build(folder: Path) -> None:
        from django.core.management import call_command

        from league.services.ratings import ratings_catch_up
        from league.services.standings import standings_rebuild_all

        with django_db_blocker.unblock():
            call_command("demo_load", verbosity=0)
            call_command("demo_load", verbosity=0)
            # What the worker does once the results are in, where a broker
            # takes the tasks rather than running them at once.
            standings_rebuild_all()
            ratings_catch_up()
            call_command("dumpdata", "--natural-foreign", exclude=DEMO_DUMP_EXCLUDES,
                         output=str(folder / "demo.json"), verbosity=0)
            call_command("flush", "--noinput", verbosity=0)

    return built_once(tmp_path_factory, "demo", build) / "demo.json"


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
