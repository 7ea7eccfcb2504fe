"""A move the server refuses in the middle of moves made offline: it is
shown with the reason in the scorer's words, the moves after it are kept
(held, across a reload), and once the scorer changes or deletes it they are
sent, each recorded once with the right seq. Logged out, every move is
kept and sent once the scorer has logged in again."""
import re
from typing import Any

from playwright.sync_api import expect

from league.models import GameEntry
from league.services.games import game_create
from offline import enter_offline, go_offline, go_online, kept_unchecked, no_engine, without_engine
from pad_page import Pad

RULES = {"preset": "pub", "hand_size": 3}
# Ann puts 3-6 down (3 at the left, 6 at the right).
DOWN = {"seat": 0, "tile": "3-6", "peg": 3}
# The scorer taps 3-4 on the right for Bob: it does not fit the 6.
WRONG = {"seat": 1, "tile": "3-4", "end": "right", "peg": 0}
# What Bob really played: 6-4 on the 6, making 3 and 4 (7, nothing).
BOBS = {"seat": 1, "tile": "4-6", "peg": 0}
# Then Ann's 3-5 on the 3 (5 and 4: 9, worth 3), and Bob knocks.
LATER = [{"seat": 0, "tile": "3-5", "end": "left", "peg": 3}, {"seat": 1, "knock": True}]
REASON = ("Bob plays 3-4 on the right, pegs 0: the rules do not allow it. "
          "Hand 1, move 2 (Bob): 3-4 does not fit the right end (6)")


def recorded(game: Any) -> list[dict[str, Any]]:
    return [row.payload for row in GameEntry.objects.filter(game=game).order_by("seq")]


def queue_offline(tablet: Any, pad: Pad, moves: list[dict[str, Any]]) -> None:
    """Moves entered with no connection, without the engine in the browser
    (which would not let the scorer tap a tile that does not fit)."""
    no_engine(pad)
    kept_unchecked(pad)
    go_offline(tablet, pad)
    for move in moves:
        enter_offline(pad, move)
    expect(pad.page.locator("#queue li.queued")).to_have_count(len(moves))


def refused_and_held(pad: Pad, held: int) -> Any:
    refused = pad.page.locator("#queue li.refused")
    expect(refused).to_contain_text(REASON)
    expect(refused).to_contain_text(f"The {held} moves after it are kept on this tablet")
    expect(pad.page.locator("#queue li.held")).to_have_count(held)
    return refused


def test_a_refused_move_is_changed_and_the_moves_after_it_are_sent(tablet: Any, scorer: Any) -> None:
    without_engine(tablet)
    game = game_create(rules=RULES, seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    queue_offline(tablet, pad, [DOWN, WRONG, *LATER])

    go_online(tablet)
    refused_and_held(pad, held=2)
    expect(pad.page.locator("#alerts .alert.error")).to_contain_text("the rules do not allow it")
    assert recorded(game) == [DOWN]

    pad.page.reload()  # kept across a reload, still held
    refused = refused_and_held(pad, held=2)
    assert recorded(game) == [DOWN]

    refused.locator('button[data-do="change"]').click()
    # The pad draws the game the corrected move goes on: Bob to play, and
    # what 4-6 scores there. Tile, peg, record: three taps.
    expect(pad.page.locator("#turn")).to_have_text("Bob to play")
    pad.tap_tile(BOBS["tile"])
    expect(pad.page.locator("#step .peg .hint")).to_have_text("Rules give 0. Enter what the player pegged.")
    pad.type_peg(BOBS["peg"])
    pad.record()

    pad.settled()
    expect(pad.page.locator("#waiting")).to_be_hidden()
    assert recorded(game) == [DOWN, BOBS, *LATER]
    expect(pad.page.locator(".side-score")).to_have_text(["6", "0"])


def test_a_refused_move_deleted_lets_the_moves_after_it_go_with_the_right_seq(tablet: Any, scorer: Any) -> None:
    without_engine(tablet)
    game = game_create(rules=RULES, seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    # The scorer entered Bob's move again, right, after the wrong one.
    queue_offline(tablet, pad, [DOWN, WRONG, {**BOBS, "end": "right"}, LATER[0]])

    go_online(tablet)
    refused = refused_and_held(pad, held=2)
    refused.locator('button[data-do="delete"]').click()

    pad.settled()
    expect(pad.page.locator("#waiting")).to_be_hidden()
    assert recorded(game) == [DOWN, {**BOBS, "end": "right"}, LATER[0]]
    expect(pad.page.locator(".side-score")).to_have_text(["6", "0"])


def test_logged_out_the_moves_are_kept_and_sent_once_logged_in_again(tablet: Any, scorer: Any) -> None:
    game = game_create(rules=RULES, seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    tablet.clear_cookies()  # the session ended (logged out on another page, or expired)
    pad.choose_seat("Ann")
    pad.play(DOWN["tile"], peg=DOWN["peg"])

    paused = pad.page.locator("#queue li.paused")
    expect(paused).to_contain_text("log in again; your moves are kept on this tablet")
    expect(paused.locator("a", has_text="Log in")).to_have_attribute("href", f"/accounts/login/?next=%2Fgames%2F{game.pk}%2Fpad")
    expect(pad.page.locator("#queue li.queued")).to_have_count(1)
    assert recorded(game) == []

    paused.locator("a", has_text="Log in").click()
    pad.page.fill('input[name="username"]', "scorer")
    pad.page.fill('input[name="password"]', "pint-and-a-pen")
    pad.page.locator('button[type="submit"]', has_text="Log in").click()
    expect(pad.page).to_have_url(re.compile(rf"/games/{game.pk}/pad$"))
    pad.settled()  # back on the pad, which sends what it kept
    expect(pad.page.locator("#waiting")).to_be_hidden()
    assert recorded(game) == [DOWN]
