"""The pad on a phone held upright (390x844): at the start of a game the
scores, whose turn it is and all 28 tiles are on the first screen, with
no scrolling, and the dominoes' pips are big enough to read at arm's
length (at least 6 px across, as drawn)."""
from pathlib import Path
from typing import Any

from league.services.games import game_create
from pad_page import Pad

PHONE = {"width": 390, "height": 844}
SMALLEST_PIP = 6  # px across


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    return page.eval_on_selector_all(selector, """nodes => nodes.map((n) => {
      const box = n.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, left: box.left, right: box.right, width: box.width };
    })""")


def on_screen(box: dict[str, float]) -> bool:
    return box["top"] >= 0 and box["bottom"] <= PHONE["height"] and box["left"] >= 0 and box["right"] <= PHONE["width"]


def test_the_scores_the_turn_and_every_tile_are_on_a_phones_first_screen(screens: Any, scorer: Any,
                                                                          screenshots: Path) -> None:
    game = game_create(rules="pub", seats=["Annie Whitehouse", "Bob Fairbrother"], created_by=scorer)
    pad = Pad(screens(**PHONE).new_page()).open(game.pk)
    page = pad.page
    page.screenshot(path=str(screenshots / "pad-phone-first-screen.png"))
    assert page.evaluate("window.scrollY") == 0
    scores, turn, tiles = boxes(page, ".side-score"), boxes(page, "#turn"), boxes(page, "#tiles button")
    assert len(scores) == 2 and len(tiles) == 28
    assert [box for box in scores + turn + tiles if not on_screen(box)] == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling


def test_the_pips_on_a_phone_are_at_least_six_pixels_across(screens: Any, scorer: Any) -> None:
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    page = Pad(screens(**PHONE).new_page()).open(game.pk).page
    # On a loaded machine a first measure has caught a pip with no box yet
    # (0 px) while the pad was still drawing: measure once every pip has a
    # box. A pip drawn too small still fails below.
    page.wait_for_function("""() => {
      const pips = [...document.querySelectorAll('#tiles svg .pip')];
      return pips.length > 0 && pips.every((n) => n.getBoundingClientRect().width > 0);
    }""")
    pips = boxes(page, "#tiles svg .pip")
    assert len(pips) == sum(a + b for a in range(7) for b in range(a, 7))  # every pip of the 28 tiles drawn
    assert min(box["width"] for box in pips) >= SMALLEST_PIP
