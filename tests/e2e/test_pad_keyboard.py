"""The pad by keyboard alone: the tiles a few Tabs from the top (a skip
link, and the 28 tiles one Tab stop moved through with the arrow keys),
the keyboard at the peg once a tile is chosen, and Enter recording the
move once, without pressing the tile the focus lands on next."""
from typing import Any

from playwright.sync_api import expect

from league.models import GameEntry
from league.services.games import game_create
from pad_page import Pad


def focused(page: Any, attribute: str) -> Any:
    return page.evaluate(f"document.activeElement.getAttribute({attribute!r})")


def worth_of(page: Any, tile: str) -> int:
    """What the pad says the tile scores, from its button's name ("5-5, scores 2")."""
    label = page.locator(f'#tiles button[data-tile="{tile}"]').get_attribute("aria-label")
    return int(label.rsplit(" ", 1)[1])


def tabs_to(page: Any, done: Any, most: int) -> int:
    """Presses Tab until `done()` holds; how many presses it took."""
    for count in range(1, most + 1):
        page.keyboard.press("Tab")
        if done():
            return count
    raise AssertionError(f"not reached in {most} presses of Tab")


def test_the_skip_link_takes_the_keyboard_to_the_tiles_and_the_actions_are_one_tab_past_them(tablet: Any, scorer: Any) -> None:
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    page = pad.page
    tabs_to(page, lambda: focused(page, "id") == "skip", 10)  # the site's own links come first
    expect(page.locator("#skip")).to_have_text("Skip to the tiles")
    expect(page.locator("#skip")).to_be_visible()
    page.keyboard.press("Enter")
    assert focused(page, "data-tile") == "0-0"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert focused(page, "data-tile") == "1-1"  # below 0-1, in the triangle
    assert tabs_to(page, lambda: focused(page, "id") == "knock", 3) == 1


def test_tabbing_from_the_top_of_the_page_reaches_a_tile_in_a_few_presses(tablet: Any, scorer: Any) -> None:
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    page = pad.page
    pressed = tabs_to(page, lambda: focused(page, "data-tile") is not None, 28)
    assert pressed <= 10


def test_enter_after_typing_the_peg_records_the_move_once_and_picks_no_tile(tablet: Any, scorer: Any) -> None:
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    page = pad.page
    page.locator("#seats button", has_text="Ann").focus()
    page.keyboard.press("Enter")  # who puts the down
    assert page.evaluate("document.activeElement.textContent") == "Ann"  # still there, chosen
    expect(page.locator("#seats button", has_text="Ann")).to_have_attribute("aria-pressed", "true")
    worth = worth_of(page, "5-5")
    page.locator('#tiles button[data-tile="5-5"]').focus()
    page.keyboard.press("Enter")  # the down
    assert focused(page, "id") == "peg"
    expect(page.locator("#skip")).to_have_text("Skip to the peg")
    page.keyboard.type(str(worth))
    assert focused(page, "id") == "peg"
    expect(page.locator("#peg")).to_have_text(str(worth))
    page.keyboard.press("Enter")
    pad.settled()
    expect(page.locator("#moves")).to_contain_text("Ann played 5-5")
    expect(page.locator("#step")).to_contain_text("Tap the tile played.")  # no tile picked by the same Enter
    assert focused(page, "data-tile") is not None  # back at the tiles for the next move
    assert GameEntry.objects.filter(game=game).count() == 1
    expect(page.locator(".side-score").first).to_have_text(str(worth))


def test_a_peg_the_rules_disagree_with_puts_the_keyboard_on_the_warning(tablet: Any, scorer: Any) -> None:
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    page = pad.page
    pad.choose_seat("Ann")
    worth = worth_of(page, "5-5")
    page.locator('#tiles button[data-tile="5-5"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.type("6")
    page.keyboard.press("Enter")
    expect(page.locator("#peg-warning")).to_contain_text(f"Rules give {worth}; you pegged 6.")
    assert page.evaluate("document.activeElement.textContent") == "Record as pegged"
    assert GameEntry.objects.filter(game=game).count() == 0
