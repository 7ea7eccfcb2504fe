"""A division's page in a real browser, as a visitor reads it: on a tablet
the whole table fits, on a phone it scrolls sideways inside its own box
with the team and the points kept in view, and the keyboard reaches every
link with its focus shown. The demo league fills it, and the tablet and
phone tests take the screenshots that `make screenshots` keeps in
docs/screenshots/ for the README."""
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from league.models import Division

TABLET = {"width": 800, "height": 1280}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def premier(demo_committed: Any) -> Division:
    return Division.objects.get(name="Premier", season__league=demo_committed)


@pytest.fixture
def visitor(chromium: Any, live_server: Any) -> Iterator[Any]:
    """Opens a page for someone not logged in, at a given screen size."""
    contexts: list[Any] = []

    def open_page(viewport: dict[str, int], path: str) -> Any:
        contexts.append(chromium.new_context(base_url=live_server.url, viewport=viewport))
        contexts[-1].set_default_timeout(10_000)
        page = contexts[-1].new_page()
        page.goto(path)
        return page

    yield open_page
    for context in contexts:
        context.close()


def page_overflow(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def box_overflow(page: Any) -> int:
    """How far the table's own box can scroll sideways."""
    return int(page.locator("#table .scroll").evaluate("(box) => box.scrollWidth - box.clientWidth"))


def test_on_a_tablet_the_whole_table_fits_the_screen(screenshots: Path, visitor: Any, premier: Division) -> None:
    page = visitor(TABLET, f"/divisions/{premier.pk}/")
    expect(page.locator("#division-table tbody tr")).to_have_count(6)
    expect(page.locator("#division-table thead th").last).to_be_in_viewport()
    assert page_overflow(page) <= 0, "the page scrolls sideways"
    assert box_overflow(page) <= 0, "the table scrolls sideways on a tablet"
    page.screenshot(path=screenshots / "table-tablet.png")


def test_on_a_phone_the_table_scrolls_in_its_box_keeping_team_and_points_in_view(screenshots: Path, 
        visitor: Any, premier: Division) -> None:
    page = visitor(PHONE, f"/divisions/{premier.pk}/")
    assert page_overflow(page) <= 0, "the page scrolls sideways"
    assert box_overflow(page) > 0, "every column squeezed onto a phone"
    leader = page.locator("#division-table tbody th").first
    points = page.locator("#division-table tbody td.pts").first
    expect(leader).to_be_in_viewport()
    expect(points).to_be_in_viewport()
    page.locator("#table .scroll").evaluate("(box) => { box.scrollLeft = box.scrollWidth; }")
    screen = page.viewport_size["width"]
    for cell in (leader, points):
        edge = cell.bounding_box()
        assert 0 <= edge["x"] and edge["x"] + edge["width"] <= screen, "a kept column scrolled out of view"
    page.locator("#table .scroll").evaluate("(box) => { box.scrollLeft = 0; }")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=screenshots / "table-phone.png")


def test_the_keyboard_reaches_the_tables_links_and_shows_where_it_is(visitor: Any, premier: Division) -> None:
    page = visitor(TABLET, f"/divisions/{premier.pk}/")
    reached: list[str] = []
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => {
            const el = document.activeElement, style = getComputedStyle(el);
            return {href: el.getAttribute('href') || el.className, outline: style.outlineStyle,
                    width: parseFloat(style.outlineWidth)};
        }""")
        assert focused["outline"] != "none" and focused["width"] >= 2, f"no visible focus on {focused['href']}"
        reached.append(focused["href"])
    team = premier.table_entries.order_by("position", "id").first()
    assert team is not None
    for link in (f"/teams/{team.team_id}/", f"/divisions/{premier.pk}/print",
                 f"/api/divisions/{premier.pk}/table.csv"):
        assert link in reached, f"the keyboard never reaches {link}"
    # The table's own box takes the focus too, so its columns scroll by keyboard.
    assert "scroll" in reached
