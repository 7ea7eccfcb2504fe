"""The pad on a tablet, the way a scorer uses it most: a play pegged as
the rules give is two taps (the tile, then "Pegs 4"); everything a scorer
taps is on the first screen, the tablet upright (768x1024) or on its side
(1024x768); a peg no play could score is asked about in the page before
it is sent; and the pad says it is ready to work offline only when it is."""
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from league.models import GameEntry
from league.services.games import game_create
from league.services.moves import move_record
from offline import enter_offline, go_offline, no_engine, without_engine
from pad_page import Pad

# Ann puts 6-3 down, Bob 3-3 on the 3, Ann 6-5 on the 6, Bob 5-4 on the 5:
# the ends are 4 and the double 3 (10), Ann to play, 3 to Bob's 6. Her 4-6
# goes only on the 4 (6 and the double 3 make 12: 4 points).
MOVES = [
    {"seat": 0, "tile": "6-3", "peg": 3},
    {"seat": 1, "tile": "3-3", "end": "right", "peg": 4},
    {"seat": 0, "tile": "6-5", "end": "left", "peg": 0},
    {"seat": 1, "tile": "5-4", "end": "left", "peg": 2},
]
UPRIGHT, ON_ITS_SIDE = (768, 1024), (1024, 768)


@pytest.fixture
def game_in_play(scorer: Any) -> Any:
    game = game_create(rules="pub", seats=["Ann", "Bob"], label="The Crown v The Anchor", created_by=scorer)
    for move in MOVES:
        move_record(game_id=game.pk, move=move, user=scorer)
    return game


def open_pad(screens: Any, game: Any, size: tuple[int, int]) -> Pad:
    context = screens(*size)
    without_engine(context)  # online, the server's table is the game: no need to wait for Pyodide
    pad = Pad(context.new_page()).open(game.pk)
    pad.page.on("dialog", lambda dialog: pytest.fail(f"the pad opened a browser dialog: {dialog.message}"))
    return pad


def off_the_screen(pad: Pad, selector: str) -> list[str]:
    """Each element shown (not hidden, not invisible) that reaches past the
    first screen, by its name and where it ends."""
    return pad.page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
             .filter((node) => node.offsetParent !== null && getComputedStyle(node).visibility !== "hidden")
             .map((node) => [node.dataset.tile || node.id || node.textContent.trim(), node.getBoundingClientRect()])
             .filter(([, box]) => box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth)
             .map(([name, box]) => `${name} at ${Math.round(box.right)}x${Math.round(box.bottom)}`)""",
        selector,
    )


def test_a_play_pegged_as_the_rules_give_is_recorded_in_two_taps(screens: Any, game_in_play: Any) -> None:
    pad = open_pad(screens, game_in_play, UPRIGHT)
    pad.tap_tile("4-6")  # one
    expect(pad.page.locator("#step .peg .hint")).to_have_text("Rules give 4. Enter what the player pegged.")
    pad.page.get_by_role("button", name="Pegs 4").click()  # two
    pad.settled()
    assert GameEntry.objects.filter(game=game_in_play).order_by("seq").last().payload == {"seat": 0, "tile": "4-6", "peg": 4}
    expect(pad.page.locator("#moves")).to_contain_text("Ann played 4-6 on the left: ends 12, scores 4")
    expect(pad.page.locator(".side-score")).to_have_text(["7", "6"])
    expect(pad.page.locator("#peg-warning")).to_have_count(0)


@pytest.mark.parametrize("size", [UPRIGHT, ON_ITS_SIDE], ids=["upright", "on its side"])
def test_everything_a_scorer_taps_is_on_a_tablets_first_screen_either_way_up(screens: Any, game_in_play: Any,
                                                                            size: tuple[int, int], screenshots: Path) -> None:
    pad = open_pad(screens, game_in_play, size)
    expect(pad.page.locator("#tiles button.tile-button")).to_have_count(28)
    assert off_the_screen(pad, "#tiles button, #knock, #misplay, #undo, .side, #turn, #line") == []
    pad.page.screenshot(path=screenshots / f"pad-tiles-{size[0]}x{size[1]}.png")

    pad.tap_tile("4-6")
    expect(pad.page.locator("#record-worth")).to_have_text("Pegs 4")
    assert off_the_screen(pad, "#step button, #peg, #step .hint, #knock, #misplay, #undo") == []
    pad.page.screenshot(path=screenshots / f"pad-peg-{size[0]}x{size[1]}.png")

    pad.type_peg(10)
    pad.record()
    expect(pad.page.locator("#peg-warning")).to_be_visible()
    assert off_the_screen(pad, "#peg-warning, #peg-warning button") == []

    # Recorded, with its penalty told above the tiles: the next move's taps are still in sight.
    pad.page.get_by_role("button", name="Yes: record 10 as pegged").click()
    pad.settled()
    expect(pad.page.locator("#alerts")).to_contain_text("over peg: −5 to Ann")
    assert off_the_screen(pad, "#alerts .alert, #tiles button, #knock, #misplay, #undo, .side, #turn") == []


def test_a_peg_no_play_scores_is_asked_about_in_the_page_before_it_is_sent(screens: Any, game_in_play: Any) -> None:
    pad = open_pad(screens, game_in_play, ON_ITS_SIDE)
    pad.tap_tile("4-6")
    pad.type_peg(10)
    pad.record()
    warning = pad.page.locator("#peg-warning")
    expect(warning).to_contain_text("No play scores 10: under these rules the most is 8. Was 10 really pegged?")
    expect(warning).to_contain_text("Rules give 4; you pegged 10.")
    expect(warning).to_contain_text("Penalty: over peg: \u22125 to Ann")
    # A slip is the likelier: the keyboard waits on changing it, not sending it.
    assert pad.page.evaluate("document.activeElement.textContent") == "Change the peg"
    assert GameEntry.objects.filter(game=game_in_play).count() == len(MOVES)

    warning.get_by_role("button", name="Yes: record 10 as pegged").click()
    pad.settled()
    last = GameEntry.objects.filter(game=game_in_play).order_by("seq").last()
    assert last.payload == {"seat": 0, "tile": "4-6", "peg": 10}
    expect(pad.page.locator("#moves")).to_contain_text("scores 4 (pegged 10, rules give 4) over peg: \u22125 to Ann")
    expect(pad.page.locator(".side-score")).to_have_text(["2", "6"])


def test_with_no_connection_a_peg_no_play_scores_is_asked_about_before_it_waits_on_the_tablet(
        screens: Any, game_in_play: Any) -> None:
    context = screens(*UPRIGHT)
    without_engine(context)
    pad = Pad(context.new_page()).open(game_in_play.pk)
    no_engine(pad)
    go_offline(context, pad)
    enter_offline(pad, {"seat": 0, "tile": "4-6", "peg": 10})
    warning = pad.page.locator("#peg-warning")
    expect(warning).to_contain_text("No play scores 10: under these rules the most is 8. Was 10 really pegged?")
    expect(warning).to_contain_text("If it was, it is an over-peg")
    expect(pad.page.locator("#queue li")).to_have_count(0)

    warning.get_by_role("button", name="Change the peg").click()
    pad.type_peg(4)
    pad.record()
    expect(pad.page.locator("#queue li")).to_have_count(1)
    expect(pad.page.locator("#queue")).to_contain_text("Ann plays 4-6, pegs 4")


def test_without_the_offline_engine_installed_the_pad_never_says_it_is_ready_offline(
        screens: Any, game_in_play: Any, settings: Any, tmp_path: Path) -> None:
    settings.PYODIDE_ROOT = str(tmp_path)  # no Pyodide under it
    pad = Pad(screens(*UPRIGHT).new_page()).open(game_in_play.pk)
    no_engine(pad)
    status = pad.page.locator("#connection")
    expect(pad.page.locator("#pad[data-offline-ready='yes']")).to_be_attached()
    expect(status).to_have_text("Connected: every move is recorded; offline, moves wait unchecked "
                                "(the rules engine is not installed)")
