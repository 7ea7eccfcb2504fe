"""The match night on the pub's TV (1920x1080): every rubber of a nine-rubber
night on the screen at once, with no scrolling, and the rubbers being
played stand out from the rest."""
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from league.services.match_games import rubber_game_card, rubber_game_start
from nights import a_night

TV = {"width": 1920, "height": 1080}


@pytest.fixture
def tv(chromium: Any, live_server: Any) -> Any:
    context = chromium.new_context(base_url=live_server.url, viewport=TV)
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def night_under_way(transactional_db: None) -> Any:
    """A Solihull night (six singles, three pairs) part played: four rubbers
    from the card, two being scored live, three still to start."""
    night = a_night("solihull")
    fixture = night.fixture.pk
    for rubber, (home, away) in zip((1, 2, 3, 7), ((61, 40), (55, 61), (61, 58), (61, 12)), strict=True):
        rubber_game_card(fixture_id=fixture, rubber=rubber, home_score=home, away_score=away, user=night.scorer)
    for rubber in (4, 8):
        rubber_game_start(fixture_id=fixture, rubber=rubber, user=night.scorer)
    return night


def test_a_tv_shows_every_rubber_of_the_night_without_scrolling(tv: Any, night_under_way: Any,
                                                                screenshots: Path) -> None:
    page = tv.new_page()
    page.goto(f"/fixtures/{night_under_way.fixture.pk}/night")
    expect(page.locator("#night-connection")).to_contain_text("Live: updated")
    page.screenshot(path=str(screenshots / "night-tv.png"))
    rows = page.locator("table.rubbers tbody tr")
    expect(rows).to_have_count(9)
    for number in range(1, 10):
        box = page.locator(f"#rubber-{number}").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= TV["height"], number
        assert box["x"] >= 0 and box["x"] + box["width"] <= TV["width"], number
    score = page.locator(".score").bounding_box()
    assert score is not None and score["y"] + score["height"] <= TV["height"]
    assert page.evaluate("document.documentElement.scrollHeight") <= TV["height"]


def test_the_rubbers_being_played_are_highlighted_on_the_tv(tv: Any, night_under_way: Any) -> None:
    page = tv.new_page()
    page.goto(f"/fixtures/{night_under_way.fixture.pk}/night")
    expect(page.locator("table.rubbers tr.live")).to_have_count(2)
    for number in (4, 8):
        row = page.locator(f"#rubber-{number}")
        expect(row).to_have_class(re.compile(r"\blive\b"))
        expect(row).to_contain_text("In play")
    plain = page.locator("#rubber-5").evaluate("(n) => getComputedStyle(n).backgroundColor")
    live = page.locator("#rubber-4").evaluate("(n) => getComputedStyle(n).backgroundColor")
    assert live != plain
