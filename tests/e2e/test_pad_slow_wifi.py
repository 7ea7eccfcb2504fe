"""The pad on slow wifi: every request takes a second and a half each way,
and the scorer taps the next tile while the last move is still on its way.
Whatever the pad shows for that tile (the end, what it scores, the peg
check) must be worked out from the game after the last move, never from
the table before it."""
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from browsers import TABLET_PORTRAIT, logged_in_context
from league.models import GameEntry
from league.services.games import game_create
from offline import engine_ready, without_engine
from pad_page import Pad

RULES = {"preset": "pub"}
LATENCY_MS = 1500
# Ann puts 0-2 down, Bob plays 2-3 on the 2: the ends are then 0 and 3.
# Ann's 0-6 goes on the 0 either way, making 6 and 3: 9, worth 3. Worked out
# from the table before Bob's move (ends 0 and 2) it would make 6 and 2: 8,
# worth nothing.
DOWN = {"seat": 0, "tile": "0-2", "peg": 0}
BOBS = {"seat": 1, "tile": "2-3", "peg": 1}
NEXT_TILE, NEXT_WORTH = "0-6", 3


@pytest.fixture
def tablet_without_worker(chromium: Any, live_server: Any, scorer: Any) -> Iterator[Any]:
    """The scorer's tablet with no service worker: Chromium's network
    emulation slows the page's own requests, and a worker would make them
    on the page's behalf, out of its reach."""
    context = logged_in_context(chromium, live_server, scorer, viewport=TABLET_PORTRAIT, service_workers="block")
    yield context
    context.close()


def slow_wifi(pad: Pad) -> None:
    """Every request from now on waits LATENCY_MS before it is answered."""
    cdp = pad.page.context.new_cdp_session(pad.page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": LATENCY_MS, "downloadThroughput": -1, "uploadThroughput": -1,
    })


def at_seq(pad: Pad, seq: int) -> None:
    """The pad has drawn the table the server had after `seq` writes."""
    expect(pad.page.locator(f'#pad[data-seq="{seq}"]')).to_be_attached()
    # Two moves queued behind each other each wait out a send and a table,
    # LATENCY_MS apiece: more than the default 5 s on a busy machine.
    expect(pad.page.locator("#waiting")).to_be_hidden(timeout=4 * LATENCY_MS + 5_000)


def worths_shown(pad: Pad) -> list[str]:
    """Every worth the step shows: on the end choices and the keypad's hint."""
    texts = pad.page.locator("#step .worth, #step .peg .hint").all_inner_texts()
    return [text for text in texts if "score" in text or "Rules give" in text]


def none_or_right(pad: Pad, engine: bool) -> None:
    """While the last move is on its way, the pad shows no worth at all, or,
    with the engine in the browser, the worth for the game after that move."""
    shown = worths_shown(pad)
    if engine:
        assert set(shown) <= {f"Rules give {NEXT_WORTH}. Enter what the player pegged."}
    else:
        assert shown == []


def record_bobs_move(pad: Pad) -> None:
    pad.tap_tile(BOBS["tile"])
    pad.type_peg(BOBS["peg"])
    pad.record()


def finish_next_move(pad: Pad) -> None:
    """Once the table has caught up: the pad has worked out the end and the
    worth for the game as it now stands, and the scorer pegs what the rules
    give (as a player who counts right does)."""
    at_seq(pad, 2)
    expect(pad.page.locator("#step .peg .hint")).to_have_text(f"Rules give {NEXT_WORTH}. Enter what the player pegged.")
    assert worths_shown(pad) == [f"Rules give {NEXT_WORTH}. Enter what the player pegged."]
    pad.type_peg(NEXT_WORTH)
    pad.record()
    at_seq(pad, 3)


def recorded(game: Any) -> list[dict[str, Any]]:
    return [row.payload for row in GameEntry.objects.filter(game=game).order_by("seq")]


def start(tablet: Any, scorer: Any, engine: bool) -> tuple[Any, Pad]:
    if not engine:
        without_engine(tablet)
    game = game_create(rules=RULES, seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    if engine:
        engine_ready(pad)
    else:
        expect(pad.page.locator('#pad[data-engine="none"]')).to_be_attached()
    pad.choose_seat("Ann")
    pad.play(DOWN["tile"], peg=DOWN["peg"])
    at_seq(pad, 1)
    slow_wifi(pad)
    return game, pad


ENGINE = pytest.mark.parametrize("engine", [False, True], ids=["without the engine", "with the engine"])


@ENGINE
def test_a_tile_tapped_while_the_last_move_is_sending_shows_no_worth_until_the_table_catches_up(
        tablet_without_worker: Any, scorer: Any, engine: bool) -> None:
    game, pad = start(tablet_without_worker, scorer, engine)
    record_bobs_move(pad)
    expect(pad.page.locator("#connection")).to_contain_text("Sending")
    pad.tap_tile(NEXT_TILE)
    expect(pad.page.locator("#step")).to_contain_text("Ann plays")
    none_or_right(pad, engine)  # nothing worked out from the table before Bob's move
    if not engine and pad.page.locator("#step .peg .hint").count():
        expect(pad.page.locator("#step .peg .hint")).to_have_text("Waiting for the last move to be recorded.")

    finish_next_move(pad)
    assert recorded(game) == [DOWN, BOBS, {"seat": 0, "tile": NEXT_TILE, "peg": NEXT_WORTH}]
    expect(pad.page.locator(".side-score")).to_have_text(["3", "1"])
    expect(pad.page.locator("#alerts")).not_to_contain_text("pegged")


@ENGINE
def test_a_tile_tapped_after_the_answer_but_before_the_new_table_shows_no_worth_from_the_old_one(
        tablet_without_worker: Any, scorer: Any, engine: bool) -> None:
    game, pad = start(tablet_without_worker, scorer, engine)
    with pad.page.expect_response("**/api/games/*/moves"):
        record_bobs_move(pad)
    # The move is recorded; the table after it is still a second and a half away.
    pad.tap_tile(NEXT_TILE)
    expect(pad.page.locator("#step")).to_contain_text("Ann plays")
    none_or_right(pad, engine)

    finish_next_move(pad)
    assert recorded(game) == [DOWN, BOBS, {"seat": 0, "tile": NEXT_TILE, "peg": NEXT_WORTH}]
    expect(pad.page.locator(".side-score")).to_have_text(["3", "1"])
