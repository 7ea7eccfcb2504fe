"""A game's scoring chances in the browser: stepped through by keyboard on a
tablet and by taps on a phone, the address following the move, the line
drawn as on the pad; and every move listed when scripts are off."""
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from league.models import Game
from league.services.games import game_create
from league.services.moves import move_record

PHONE = {"width": 390, "height": 844}
# Ann's 6-2 (move 3) leaves 2 points on the table: 1-3, laid later, made 3.
MOVES = [{"seat": 0, "tile": "6-4"}, {"seat": 1, "tile": "4-1"}, {"seat": 0, "tile": "6-2", "end": "left"},
         {"seat": 1, "knock": True}, {"seat": 0, "tile": "1-3"}]


@pytest.fixture
def game(scorer: Any) -> Game:
    made = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    for move in MOVES:
        move_record(game_id=made.pk, move=move, user=scorer)
    return made


@pytest.fixture
def phone(chromium: Any, live_server: Any) -> Iterator[Any]:
    """A touch phone held upright, not logged in: the page is public."""
    context = chromium.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(10_000)
    yield context
    context.close()


def current(page: Any) -> str:
    return str(page.locator("#steps > .step.current").get_attribute("id"))


def test_the_moves_are_stepped_through_by_keyboard(tablet: Any, game: Game) -> None:
    page = tablet.new_page()
    page.goto(f"/games/{game.pk}/analysis")
    assert current(page) == "move-1"
    assert page.locator("#steps > .step:visible").count() == 1
    assert page.locator("#step-back").is_disabled()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert current(page) == "move-3"
    assert page.url.endswith("#move-3")
    step = page.locator("#move-3")
    assert "2 left on the table" in step.inner_text()
    assert step.locator(".analysis-line svg.tile").count() == 3  # the line after 6-2: 2-6, 6-4, 4-1
    assert page.locator("#step-where").inner_text() == "Move 3 of 5"
    page.keyboard.press("ArrowLeft")
    assert current(page) == "move-2"
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    assert current(page) == "move-5" and page.locator("#step-forward").is_disabled()


def test_the_moves_are_stepped_through_by_taps_on_a_phone(phone: Any, game: Game, screenshots: Path) -> None:
    page = phone.new_page()
    page.goto(f"/games/{game.pk}/analysis?move=2")
    assert current(page) == "move-2"
    forward, back = page.locator("#step-forward"), page.locator("#step-back")
    for button in (forward, back):
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44  # big enough for a thumb
    forward.tap()
    assert current(page) == "move-3" and page.url.endswith("#move-3")
    page.screenshot(path=str(screenshots / "analysis-phone.png"))
    back.tap()
    back.tap()
    assert current(page) == "move-1" and back.is_disabled()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling


def test_a_link_to_a_move_opens_on_it(phone: Any, game: Game) -> None:
    page = phone.new_page()
    page.goto(f"/games/{game.pk}/analysis#move-4")
    assert current(page) == "move-4"
    assert "No choice to judge" in page.locator("#move-4").inner_text()


def test_without_scripts_every_move_is_shown(chromium: Any, live_server: Any, game: Game) -> None:
    context = chromium.new_context(base_url=live_server.url, viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"/games/{game.pk}/analysis")
        assert page.locator("#steps > .step:visible").count() == len(MOVES)
        assert page.locator("#stepper").is_hidden()
        assert "[2|6] [6|4] [4|1]" in page.locator("#move-3").inner_text()
    finally:
        context.close()
