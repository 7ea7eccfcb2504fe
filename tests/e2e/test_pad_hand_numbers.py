"""Hands as a person counts them, from 1, wherever the pad and the
scoreboard name one (the engine counts from 0): the hand being played,
the hand just ended, and where the engine says a refused move was."""
import random
from typing import Any

from playwright.sync_api import expect

from league.services.games import game_create
from league.services.moves import move_record, shown_record
from pad_page import Pad
from scoring.simulate import random_game


def test_the_second_hand_is_hand_2_on_the_pad_and_the_scoreboard(tablet: Any, spectator: Any, scorer: Any) -> None:
    sheet = random_game(random.Random(7), {"preset": "pub"})
    first, second = sheet["hands"][0], sheet["hands"][1]
    game = game_create(rules="pub", seats=sheet["seats"], created_by=scorer)
    for move in first["moves"]:
        move_record(game_id=game.pk, move=move, user=scorer)
    if "shown" in first:
        shown_record(game_id=game.pk, hand=0, shown=first["shown"], user=scorer)

    pad = Pad(tablet.new_page()).open(game.pk)
    expect(pad.page.locator("#turn")).to_contain_text("Hand 1 is over")
    expect(pad.page.locator("#alerts")).to_contain_text("Hand 1 ended")

    move_record(game_id=game.pk, move=second["moves"][0], user=scorer)  # another tablet starts hand 2
    expect(pad.page.locator("#hand-title")).to_have_text("Hand 2", timeout=8_000)
    board = spectator.new_page()
    board.goto(f"/games/{game.pk}/board")
    expect(board.locator("#turn")).to_contain_text("Hand 2:")

    # A peg no play can score: the engine's refusal says where, counted from 1.
    pad.tap_tile(fitting(pad)[0])
    if pad.asks_for_end():
        pad.page.locator("#step button[data-end]").first.click()
    pad.type_peg(99)
    pad.record()
    expect(pad.page.locator("#alerts")).to_contain_text("Hand 2, move 2")
    expect(pad.page.locator("#alerts")).not_to_contain_text("hand 1")


def fitting(pad: Pad) -> list[str]:
    """The tiles the pad offers to play now."""
    return pad.page.eval_on_selector_all("#tiles button:not([disabled]):not([hidden])",
                                         "nodes => nodes.map((n) => n.dataset.tile)")
