"""Games with a boneyard and spinners go through the same endpoints: the
service passes draws and spinner ends to the engine and asks it nothing
else."""
import pytest
from tablets import new_game, play_sheet, post_move, sample_sheet
from test_api_moves import merged_events

import scoring


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "seats"), [
    ({"preset": "jaques"}, 2),
    ({"preset": "threes-and-fives"}, 3),
    ({"preset": "pub", "layout": "spinner"}, 2),
])
def test_a_whole_boneyard_or_spinner_game_is_scored_as_check_scores_it(tablet, rules, seats):
    sheet = sample_sheet(11, rules=rules, seats=seats, mistakes=0.05)
    state, replies = play_sheet(tablet, sheet)
    expected = scoring.check(sheet)
    assert merged_events(replies) == expected["events"]
    assert (state["scores"], state["winner"]) == (expected["scores"], expected["winner"])


def test_a_draw_and_a_spinner_end_are_recorded_and_a_knock_with_tiles_to_draw_is_refused(tablet):
    game = new_game(tablet, rules={"preset": "threes-and-fives"}, seats=["Ann", "Bob"])
    assert post_move(tablet, game["id"], {"seat": 0, "tile": "5-5"}).status_code == 201
    spinner = post_move(tablet, game["id"], {"seat": 1, "tile": "5-2", "end": "5-5/left", "peg": 12})
    assert spinner.status_code == 201
    assert spinner.json()["events"][0]["ends"] == [10, 2]
    refused = post_move(tablet, game["id"], {"seat": 0, "knock": True})
    assert refused.status_code == 422
    assert "boneyard" in refused.json()["error"]
    drawn = post_move(tablet, game["id"], {"seat": 0, "draw": 2})
    assert drawn.status_code == 201
    assert drawn.json()["events"][0] == {
        "hand": 0, "move": 2, "seat": 0, "side": 0, "type": "draw", "count": 2,
        "penalties": [], "scores": [10, 12],
    }
    assert drawn.json()["state"]["turn"] == 0
