"""Tiles shown when a hand has ended: false knocks and their penalties."""
from tablets import new_game, post_move, post_shown

# The worked example of docs/scoresheet.md: Ann knocks at move 2 holding 6-5.
EXAMPLE_RULES = {"preset": "pub", "hand_size": 3}
EXAMPLE_MOVES = [
    {"seat": 0, "tile": "6-3", "peg": 3},
    {"seat": 1, "tile": "3-3", "end": "right", "peg": 4},
    {"seat": 0, "knock": True},
    {"seat": 1, "misplay": "2-4"},
    {"seat": 1, "tile": "3-1", "end": "right", "peg": 0},
    {"seat": 0, "tile": "6-5", "end": "left", "peg": 2},
    {"seat": 1, "knock": True},
    {"seat": 0, "knock": True},
]
EXAMPLE_SHOWN = {"0": ["0-0"], "1": ["2-4"]}


def blocked_example(tablet):
    game = new_game(tablet, rules=EXAMPLE_RULES)
    for move in EXAMPLE_MOVES:
        state = post_move(tablet, game["id"], move).json()["state"]
    assert state["status"] == "hand-ended"
    return state


def test_showing_the_tiles_finds_the_false_knock_and_penalises_it(tablet):
    state = blocked_example(tablet)
    response = post_shown(tablet, state["id"], 0, EXAMPLE_SHOWN, seq=state["seq"])
    assert response.status_code == 201
    reply = response.json()
    assert reply["events"] == [
        {"hand": 0, "type": "hand-end", "ended": "block",
         "false_knocks": [{"seat": 0, "move": 2, "tiles": ["6-5"]}], "awards": [],
         "penalties": [{"offence": "false-knock", "side": 0, "points": -5}], "scores": [0, 0]},
    ]
    assert reply["state"]["scores"] == [0, 0]
    assert reply["state"]["seq"] == state["seq"] + 1


def test_a_second_showing_corrects_the_first(tablet):
    state = blocked_example(tablet)
    post_shown(tablet, state["id"], 0, {"0": ["6-5"], "1": ["2-4"]})
    corrected = post_shown(tablet, state["id"], 0, {"0": ["0-0"], "1": ["2-4"]}).json()
    assert corrected["events"][0]["false_knocks"] == [{"seat": 0, "move": 2, "tiles": ["6-5"]}]
    assert corrected["state"]["scores"] == [0, 0]


def test_showing_tiles_for_a_hand_still_being_played_is_409(tablet):
    game = new_game(tablet, rules=EXAMPLE_RULES)
    post_move(tablet, game["id"], EXAMPLE_MOVES[0])
    response = post_shown(tablet, game["id"], 0, EXAMPLE_SHOWN)
    assert response.status_code == 409
    assert response.json()["state"]["status"] == "playing"


def test_showing_tiles_after_the_next_hand_has_started_is_409(tablet):
    state = blocked_example(tablet)
    post_move(tablet, state["id"], {"seat": 1, "tile": "5-5"})
    response = post_shown(tablet, state["id"], 0, EXAMPLE_SHOWN)
    assert response.status_code == 409
    assert "later hand" in response.json()["error"]


def test_showing_tiles_for_a_hand_that_ended_the_game_is_409(tablet):
    game = new_game(tablet, rules={"preset": "pub", "finish": "reach"}, start=[58, 0])
    state = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"}).json()["state"]
    state = post_move(tablet, game["id"], {"seat": 1, "tile": "3-3", "end": "right"}).json()["state"]
    state = post_move(tablet, game["id"], {"seat": 0, "tile": "6-6", "end": "left"}).json()["state"]
    assert state["status"] == "won", state
    response = post_shown(tablet, game["id"], 0, {"1": ["1-1"]})
    assert response.status_code == 409
    assert "ended the game" in response.json()["error"]


def test_tiles_that_were_played_cannot_be_shown(tablet):
    state = blocked_example(tablet)
    response = post_shown(tablet, state["id"], 0, {"0": ["6-3"], "1": ["2-4"]})
    assert response.status_code == 422
    assert "6-3" in response.json()["error"] or "3-6" in response.json()["error"]


def test_a_stale_seq_on_a_showing_is_409(tablet):
    state = blocked_example(tablet)
    assert post_shown(tablet, state["id"], 0, EXAMPLE_SHOWN, seq=state["seq"] - 1).status_code == 409
