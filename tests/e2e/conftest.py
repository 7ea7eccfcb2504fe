"""A real browser against the live server: Debian's Chromium, headless,
driven by Playwright, with a scorer logged in by their session cookie.

Without /usr/bin/chromium these tests skip, except under CI=true, where they
fail (`.ci/run` installs the chromium package)."""
import importlib.util
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from browsers import TABLET_PORTRAIT, logged_in_context

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _missing_service() -> Callable[[str], None]:
    """tests/conftest.py's helper (skip locally, fail in CI), loaded by its
    path: every conftest module is named `conftest`, so it cannot be imported
    by name from here."""
    spec = importlib.util.spec_from_file_location("tests_root_conftest", Path(__file__).parent.parent / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.missing_service  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One browser a test module. While it runs, Playwright's sync API keeps
    an event loop in this thread, and Django would refuse the tests' own ORM
    calls as if they came from async code: allowed for this module only."""
    if not os.path.exists(CHROMIUM):
        _missing_service()(f"needs Chromium at {CHROMIUM}: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    allowed = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
    finally:
        if allowed is None:
            del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = allowed


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    """Where a test's screenshots go: a temporary folder, so a test run
    changes no tracked file; `make screenshots` points SCREENSHOTS_DIR at
    docs/screenshots to refresh the README's pictures."""
    folder = os.environ.get("SCREENSHOTS_DIR")
    return Path(folder) if folder else tmp_path


@pytest.fixture
def scorer(transactional_db: None) -> Any:
    return get_user_model().objects.create_user("scorer", password="pint-and-a-pen")


@pytest.fixture
def tablet(chromium: Any, live_server: Any, scorer: Any) -> Iterator[Any]:
    """The scorer's tablet, upright."""
    context = logged_in_context(chromium, live_server, scorer, viewport=TABLET_PORTRAIT)
    yield context
    context.close()


@pytest.fixture
def spectator(chromium: Any, live_server: Any) -> Iterator[Any]:
    """Someone watching on their phone, not logged in."""
    context = chromium.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def screens(chromium: Any, live_server: Any, scorer: Any) -> Iterator[Callable[[int, int], Any]]:
    """Opens a context for the scorer at a given screen size; closes them all."""
    opened: list[Any] = []

    def screen(width: int, height: int) -> Any:
        opened.append(logged_in_context(chromium, live_server, scorer, viewport={"width": width, "height": height}))
        return opened[-1]

    yield screen
    for context in opened:
        context.close()


def named_by_the_pages(settings: Any, process: Any) -> None:
    """The pages name the streams at `process` (PUSH_URL), and their
    Content-Security-Policy lets them connect there."""
    settings.PUSH_URL = process.url
    policy = settings.CONTENT_SECURITY_POLICY
    directives = {**policy["DIRECTIVES"], "connect-src": ["'self'", f"http://127.0.0.1:{process.port}"]}
    settings.CONTENT_SECURITY_POLICY = {**policy, "DIRECTIVES": directives}


@pytest.fixture
def push(redis_url: str, settings: Any) -> Iterator[Any]:
    """The push process beside the live server (tests/push_process.py),
    named by the pages (PUSH_URL) and allowed by their Content-Security-Policy."""
    from push_process import PushProcess

    process = PushProcess()
    process.start()
    named_by_the_pages(settings, process)
    yield process
    process.stop()


@pytest.fixture
def push_in_process(settings: Any) -> Iterator[Any]:
    """`make run`'s streams without Redis: served from this process (the
    live server's), fed in memory by what its requests and the test record,
    with the cache in memory and the tasks run where they are queued."""
    from push_process import InProcess

    from league.push.app import PushApp
    from league.push.memory import MemoryHub

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": "push-in-process"}}
    settings.CELERY_TASK_ALWAYS_EAGER = True
    process = InProcess(PushApp(MemoryHub()))
    process.start()
    named_by_the_pages(settings, process)
    yield process
    process.stop()


@pytest.fixture(params=["push process", "without Redis"])
def streams(request: pytest.FixtureRequest) -> Any:
    """The push process with Redis, or `make run`'s streams fed in memory by
    this process: a page that follows a stream is tested with both."""
    return request.getfixturevalue("push" if request.param == "push process" else "push_in_process")
