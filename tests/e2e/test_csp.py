"""The Content-Security-Policy (config/settings.py) breaks nothing a user
sees: Chromium opens the pad (its service worker included), the scoreboard,
the match night page, a game's scoring chances, a division page and the secretary's home in the demo
league, and the page reports no violation of the policy."""
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import expect

from browsers import TABLET_PORTRAIT, logged_in_context
from league.models import Division, Game

# Each page keeps the violations it is told of; the policy's own report
# (an event) and Chromium's console line are both counted.
COLLECT_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} in ${event.sourceFile}:${event.lineNumber}`);
});
"""


@pytest.fixture
def secretary_tablet(chromium: Any, live_server: Any, demo_committed: Any) -> Iterator[Any]:
    """The demo league's secretary, who may open every page, on a tablet."""
    secretary = get_user_model().objects.get(username="secretary")
    context = logged_in_context(chromium, live_server, secretary, viewport=TABLET_PORTRAIT)
    context.add_init_script(COLLECT_VIOLATIONS)
    yield context
    context.close()


def violations_on(context: Any, url: str, ready: str) -> list[str]:
    """Opens `url`, waits until `ready` (a selector) shows the page's
    scripts have run, and returns what the policy blocked."""
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text)
            if "Content Security Policy" in message.text else None)
    response = page.goto(url)
    assert response is not None and response.status == 200, url
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    expect(page.locator(ready)).to_be_visible(timeout=15_000)
    found = list(page.evaluate("window.cspViolations")) + console
    page.close()
    return found


def test_no_page_breaks_the_content_security_policy(secretary_tablet: Any, demo_committed: Any) -> None:
    game = Game.objects.filter(match_night__isnull=False, status="playing").select_related("match_night").first()
    assert game is not None and game.match_night is not None
    division = Division.objects.filter(season__league=demo_committed, is_cup=False).first()
    assert division is not None
    pages = {
        # The pad is ready once its service worker is registered and has
        # kept the page for offline use.
        reverse("game-pad", args=[game.pk]): "#pad[data-offline-ready='yes']",
        reverse("game-board", args=[game.pk]): "#connection:text('Live')",
        # The scoring chances page is ready once its script shows the stepper.
        reverse("game-analysis", args=[game.pk]): "#stepper",
        reverse("night-page", args=[game.match_night.fixture_id]): "#night-connection:text('Live')",
        reverse("public-division", args=[division.pk]): "main h1",
        reverse("secretary-home"): "main h1",
    }
    found = {url: violations_on(secretary_tablet, url, ready) for url, ready in pages.items()}
    assert found == {url: [] for url in pages}


@pytest.fixture
def developer_tablet(chromium: Any, live_server: Any, demo_committed: Any) -> Iterator[Any]:
    """A developer with the admin's run of the site."""
    developer = get_user_model().objects.create_superuser("csp-developer", "dev@example.org", "unused-password-1")
    context = logged_in_context(chromium, live_server, developer, viewport=TABLET_PORTRAIT)
    context.add_init_script(COLLECT_VIOLATIONS)
    yield context
    context.close()


def test_the_admin_and_the_api_docs_keep_to_the_policy(developer_tablet: Any, demo_committed: Any) -> None:
    """The developers' pages: the admin's index, a change list with its
    filters and a change form with its widgets, and the API reference,
    whose scripts come from the site itself (the sidecar), not a CDN."""
    game = Game.objects.first()
    assert game is not None
    pages = {
        reverse("admin:index"): "#content h1",
        reverse("admin:league_fixture_changelist"): "#changelist-filter",
        reverse("admin:league_league_change", args=[demo_committed.pk]): "#content h1",
        reverse("api-docs"): ".swagger-ui .info",
    }
    found = {url: violations_on(developer_tablet, url, ready) for url, ready in pages.items()}
    assert found == {url: [] for url in pages}
