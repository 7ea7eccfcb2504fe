"""The pad on the screens it is used on: a 10-inch tablet upright and on its
side, and a phone. Nothing scrolls sideways, every target is big enough for
a finger, and each test takes its screenshot (into docs/screenshots/ for the README
when run by `make screenshots`)."""
from typing import Any

import pytest
from playwright.sync_api import expect

from league.services.games import game_create
from league.services.moves import move_record
from offline import offline_ready
from pad_page import Pad

# Big enough for a finger (WCAG's target size is 44 CSS pixels).
FINGER = 44
MOVES = [
    {"seat": 0, "tile": "6-3", "peg": 3},
    {"seat": 1, "tile": "3-3", "end": "right", "peg": 4},
    {"seat": 0, "tile": "6-5", "end": "left", "peg": 0},
    {"seat": 1, "tile": "5-4", "end": "left", "peg": 2},
]


@pytest.fixture
def game_in_play(scorer: Any) -> Any:
    game = game_create(rules="pub", seats=["Ann", "Bob"], label="The Crown v The Anchor", created_by=scorer)
    for move in MOVES:
        move_record(game_id=game.pk, move=move, user=scorer)
    return game


def open_pad(screens: Any, game: Any, width: int, height: int) -> Pad:
    pad = Pad(screens(width, height).new_page()).open(game.pk)
    # Shown as the scorer sees it from then on: kept for working offline.
    offline_ready(pad)
    return pad


def assert_fits_the_screen(pad: Pad) -> None:
    overflow = pad.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    small = pad.page.evaluate(
        """(least) => [...document.querySelectorAll('#pad button')]
             .filter((b) => b.offsetParent !== null && getComputedStyle(b).visibility !== 'hidden')
             .map((b) => [b.textContent.trim() || b.dataset.tile, b.getBoundingClientRect()])
             .filter(([, box]) => box.width < least || box.height < least)
             .map(([name, box]) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`)""",
        FINGER,
    )
    assert small == [], f"targets too small for a finger: {small}"


def test_on_an_upright_tablet_the_pad_shows_every_tile_with_what_it_scores(screenshots, screens, game_in_play):
    pad = open_pad(screens, game_in_play, 800, 1280)
    expect(pad.page.locator('#tiles button[data-tile="3-4"] .badge')).to_have_text("+3 / +0")
    expect(pad.page.locator('#tiles button[data-tile="6-3"]')).to_be_hidden()
    expect(pad.page.locator('#tiles button[data-tile="0-0"]')).to_be_disabled()
    assert_fits_the_screen(pad)
    pad.page.screenshot(path=screenshots / "pad-tablet-portrait.png", full_page=True)


def test_on_a_tablet_on_its_side_a_wrong_peg_is_explained_before_it_is_sent(screenshots, screens, game_in_play):
    pad = open_pad(screens, game_in_play, 1280, 800)
    pad.play("2-4", peg=2)
    expect(pad.page.locator("#peg-warning")).to_contain_text("Rules give 0; you pegged 2.")
    expect(pad.page.locator("#peg-warning")).to_contain_text("Penalty: over peg: \u22125 to Ann")
    assert_fits_the_screen(pad)
    pad.page.screenshot(path=screenshots / "pad-tablet-landscape.png")


def test_on_a_phone_the_pad_asks_for_the_end_only_when_it_changes_the_score(screenshots, screens, game_in_play):
    pad = open_pad(screens, game_in_play, 360, 780)  # a small phone
    assert_fits_the_screen(pad)  # the 28 tiles too, seven abreast
    pad.tap_tile("3-4")
    choices = pad.page.locator("#step button[data-end]")
    expect(choices).to_have_count(2)
    expect(choices.nth(0)).to_contain_text("on the 4 (left)ends 9: scores 3")
    expect(choices.nth(1)).to_contain_text("on the 3 (right)ends 8: scores 0")
    assert_fits_the_screen(pad)
    pad.page.screenshot(path=screenshots / "pad-phone.png", full_page=True)


def test_the_scoreboard_fills_a_pub_tv(screenshots, screens, game_in_play):
    page = screens(1920, 1080).new_page()
    page.goto(f"/games/{game_in_play.pk}/board")
    expect(page.locator(".side-score")).to_have_text(["3", "6"])
    expect(page.locator("#turn")).to_have_text("Hand 1: Ann to play")
    page.screenshot(path=screenshots / "board-tv.png")
