"""The live scoreboard follows a game scored elsewhere, within seconds."""
from typing import Any

from playwright.sync_api import expect

from league.services.games import game_create
from league.services.moves import move_record


def test_the_scoreboard_follows_moves_made_on_another_tablet(spectator: Any, scorer: Any) -> None:
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    board = spectator.new_page()
    board.goto(f"/games/{game.pk}/board")
    expect(board.locator("#turn")).to_have_text("Hand 1: waiting for the down")

    move_record(game_id=game.pk, move={"seat": 0, "tile": "6-3", "peg": 3}, user=scorer)
    expect(board.locator(".side-score")).to_have_text(["3", "0"], timeout=5_000)
    expect(board.locator("#turn")).to_have_text("Hand 1: Bob to play")
    expect(board.locator("#last")).to_have_text("Ann played 6-3: ends 9, scores 3")

    move_record(game_id=game.pk, move={"seat": 1, "tile": "3-3", "end": "right", "peg": 4}, user=scorer)
    expect(board.locator(".side-score")).to_have_text(["3", "4"], timeout=5_000)
    expect(board.locator("#line svg.tile")).to_have_count(2)
