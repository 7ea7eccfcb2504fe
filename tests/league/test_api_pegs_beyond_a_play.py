"""A peg no play could score is pegging the wrong score like any other: the
move is recorded with the over-peg penalty the game's rules set (losing the
game included). Only a peg beyond what the whole game is played to is
refused, as a slip that says nothing.

Under pagat no play scores more than 9: Ann puts 6-3 down (9: 3 points)
and her scorer pegs 10.
"""
from typing import Any

import pytest
from tablets import new_game, post_move

from league.models import Game, GameEntry

CLAIM = {"seat": 0, "tile": "6-3", "peg": 10}


@pytest.mark.parametrize(("over_peg", "penalty", "scores", "winner"), [
    (None, {"offence": "over-peg", "side": 0, "points": -5}, [18, 20], None),
    ("deduct 8", {"offence": "over-peg", "side": 0, "points": -8}, [15, 20], None),
    ("lose-game", {"offence": "over-peg", "side": 0, "points": 0}, [23, 20], 1),
], ids=["pagat's deduct 5", "the league's deduct 8", "the league's lose-game"])
def test_a_claim_of_10_where_no_play_scores_more_than_9_is_recorded_with_the_over_peg_penalty(
        tablet: Any, over_peg: str | None, penalty: dict[str, Any], scores: list[int], winner: int | None) -> None:
    rules: dict[str, Any] = {"preset": "pagat"}
    if over_peg:
        rules["penalties"] = {"over-peg": over_peg}
    game = new_game(tablet, rules=rules, start=[20, 20])
    options = tablet.get(f"/api/games/{game['id']}/options").json()
    assert options["largest_peg"] == 9

    preview = tablet.post(f"/api/games/{game['id']}/preview", CLAIM, format="json")
    assert preview.status_code == 200, preview.json()
    response = post_move(tablet, game["id"], CLAIM, seq=0)

    assert response.status_code == 201, response.json()
    played = response.json()["events"][0]
    assert preview.json()["events"][0] == played  # the pad's warning is what is recorded
    assert (played["worth"], played["peg"], played["verdict"], played["points"]) == (3, 10, "over", 3)
    assert played["penalties"] == [penalty]
    state = response.json()["state"]
    assert (state["scores"], state["winner"]) == (scores, winner)
    assert [row.payload for row in GameEntry.objects.filter(game_id=game["id"])] == [CLAIM]
    assert Game.objects.get(pk=game["id"]).winner == winner


def test_a_peg_beyond_the_whole_game_is_a_422_and_records_nothing(tablet: Any) -> None:
    game = new_game(tablet, rules={"preset": "pagat"})
    response = post_move(tablet, game["id"], {**CLAIM, "peg": 62}, seq=0)
    assert response.status_code == 422
    assert "peg 62 is more than the whole game is played to (target 61)" in response.json()["error"]
    assert not GameEntry.objects.exists()
