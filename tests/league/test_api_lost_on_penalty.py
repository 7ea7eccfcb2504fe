"""A live game lost on a penalty of `lose-game`: the game row records the
winner as soon as the offence is entered, and the next move is refused.

Each case is a short pub hand of three tiles a seat: Ann puts 6-3 down (9: 3
points), Bob lays 3-3 on the 3 (12: 4), Ann knocks holding 6-5, Bob knocks.
"""
from typing import Any

import pytest
from tablets import new_game, post_move, post_shown

import scoring
from league.models import Game, GameEntry

DOWN = {"seat": 0, "tile": "6-3", "peg": 3}
BOB_33 = {"seat": 1, "tile": "3-3", "end": "right", "peg": 4}
ANN_KNOCKS = {"seat": 0, "knock": True}

# (the offence set to lose-game, the moves up to the offence, the side that loses)
CASES = {
    "over-peg": ("over-peg", [{"seat": 0, "tile": "6-3", "peg": 5}], 0),
    "under-peg": ("under-peg", [{"seat": 0, "tile": "6-3", "peg": 1}], 0),
    "misplay": ("misplay", [DOWN, {"seat": 1, "misplay": "2-4"}], 1),
    "false-knock-ruled": ("false-knock", [DOWN, BOB_33, ANN_KNOCKS,
                                          {"seat": 0, "penalty": "false-knock", "move": 2}], 0),
    "over-peg-ruled": ("over-peg", [DOWN, {"seat": 1, "penalty": "over-peg"}], 1),
}


def _rules(offence: str) -> dict[str, Any]:
    return {"preset": "pub", "hand_size": 3, "penalties": {offence: "lose-game"}}


def _lost_game(tablet: Any, offence: str, moves: list[dict[str, Any]]) -> tuple[dict[str, Any], list[Any]]:
    """A new game with `offence` set to lose-game, played up to the offence."""
    state = new_game(tablet, rules=_rules(offence))
    replies = []
    for move in moves:
        response = post_move(tablet, state["id"], move, seq=state["seq"])
        assert response.status_code == 201, response.json()
        replies.append(response.json())
        state = replies[-1]["state"]
    return state, replies


@pytest.mark.parametrize(("offence", "moves", "loser"), CASES.values(), ids=CASES.keys())
def test_the_offence_that_loses_the_game_answers_the_other_side_as_winner(tablet, offence, moves, loser):
    state, replies = _lost_game(tablet, offence, moves)
    assert (state["status"], state["winner"], state["turn"]) == ("won", 1 - loser, None)
    carrier, end = replies[-1]["events"]
    assert carrier["penalties"] == [{"offence": offence, "side": loser, "points": 0}]
    assert end["type"] == "hand-end" and end["ended"] == "won"
    sheet = {"rules": _rules(offence), "seats": ["Ann", "Bob"], "hands": [{"moves": moves}]}
    assert [e for reply in replies for e in reply["events"]] == scoring.check(sheet)["events"]


@pytest.mark.parametrize(("offence", "moves", "loser"), CASES.values(), ids=CASES.keys())
def test_the_game_row_records_the_winner_of_a_game_lost_on_a_penalty(tablet, offence, moves, loser):
    state, _ = _lost_game(tablet, offence, moves)
    row = Game.objects.get(pk=state["id"])
    assert (row.status, row.winner) == (Game.Status.WON, 1 - loser)
    assert tablet.get(f"/api/games/{state['id']}").json()["winner"] == 1 - loser


@pytest.mark.parametrize(("offence", "moves", "loser"), CASES.values(), ids=CASES.keys())
def test_a_move_after_a_game_lost_on_a_penalty_is_refused_and_changes_nothing(tablet, offence, moves, loser):
    state, _ = _lost_game(tablet, offence, moves)
    entries = GameEntry.objects.filter(game_id=state["id"]).count()
    response = post_move(tablet, state["id"], {"seat": 1, "knock": True}, seq=state["seq"])
    assert response.status_code == 422
    assert f"the game is over: side {1 - loser} has won" in response.json()["error"]
    assert GameEntry.objects.filter(game_id=state["id"]).count() == entries
    assert tablet.get(f"/api/games/{state['id']}").json() == state


def test_a_false_knock_shown_after_the_block_loses_the_game_at_the_showing(tablet):
    state, _ = _lost_game(tablet, "false-knock", [DOWN, BOB_33, ANN_KNOCKS, {"seat": 1, "knock": True}])
    assert (state["status"], state["winner"]) == ("hand-ended", None)
    response = post_shown(tablet, state["id"], 0, {"0": ["6-5", "0-0"], "1": ["2-4", "1-1"]}, seq=state["seq"])
    assert response.status_code == 201
    end = response.json()["events"][0]
    assert (end["ended"], end["penalties"]) == ("block", [{"offence": "false-knock", "side": 0, "points": 0}])
    state = response.json()["state"]
    assert (state["status"], state["winner"]) == ("won", 1)
    assert Game.objects.get(pk=state["id"]).winner == 1
    refused = post_move(tablet, state["id"], {"seat": 1, "tile": "1-1"}, seq=state["seq"])
    assert refused.status_code == 422
    assert "side 1 has won" in refused.json()["error"]


def test_lose_game_for_a_game_of_three_sides_is_refused_when_the_game_is_set_up(tablet):
    response = tablet.post("/api/games", {"rules": _rules("over-peg"), "seats": ["Ann", "Bob", "Cath"]},
                           format="json")
    assert response.status_code == 422
    assert "two sides" in response.json()["error"]
