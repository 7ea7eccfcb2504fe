"""Undoing the last move: voided, never deleted."""
import pytest
from tablets import new_game, play_sheet, post_move, post_shown, sample_sheet
from test_api_shown import EXAMPLE_MOVES, EXAMPLE_SHOWN, blocked_example

from league.models import GameEntry


def undo(tablet, game_id, **body):
    return tablet.post(f"/api/games/{game_id}/undo", body, format="json")


def test_undo_voids_the_last_move_and_restores_the_state_before_it(tablet):
    game = new_game(tablet)
    before = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3}).json()["state"]
    post_move(tablet, game["id"], {"seat": 1, "tile": "3-3", "end": "right", "peg": 4})
    response = undo(tablet, game["id"], seq=2)
    assert response.status_code == 201
    reply = response.json()
    assert reply["events"] == [{"type": "void", "seq": 2, "hand": 0,
                                "move": {"seat": 1, "tile": "3-3", "end": "right", "peg": 4}}]
    after = reply["state"]
    assert after["seq"] == 3
    assert {k: v for k, v in after.items() if k != "seq"} == {k: v for k, v in before.items() if k != "seq"}


def test_the_voided_move_stays_in_the_log_with_who_voided_it_and_when(tablet, scorer):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})
    undo(tablet, game["id"])
    rows = list(GameEntry.objects.filter(game_id=game["id"]).order_by("seq"))
    assert [(row.seq, row.kind) for row in rows] == [(1, "move"), (2, "undo")]
    assert rows[1].voids == rows[0]
    assert (rows[1].entered_by, rows[0].payload) == (scorer, {"seat": 0, "tile": "6-3"})
    log = tablet.get(f"/api/games/{game['id']}/log").json()
    assert log[0]["voided_by"]["seq"] == 2
    assert log[0]["voided_by"]["by"] == "scorer"
    assert log[0]["voided_by"]["at"]
    assert log[1]["voids"] == 1


def test_after_an_undo_the_same_seat_can_play_another_tile(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})
    undo(tablet, game["id"])
    response = post_move(tablet, game["id"], {"seat": 0, "tile": "5-5"})
    assert response.status_code == 201
    assert response.json()["state"]["ends"] == [5, 5] or response.json()["state"]["ends"] == [10]


def test_successive_undos_void_successive_moves(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})
    post_move(tablet, game["id"], {"seat": 1, "tile": "3-3", "end": "right"})
    undo(tablet, game["id"])
    state = undo(tablet, game["id"]).json()["state"]
    assert (state["ends"], state["scores"], state["seq"]) == ([], [0, 0], 4)
    voided = GameEntry.objects.filter(game_id=game["id"], kind="undo").values_list("voids__seq", flat=True)
    assert sorted(voided) == [1, 2]


def test_undo_with_nothing_to_undo_is_409(tablet):
    game = new_game(tablet)
    response = undo(tablet, game["id"])
    assert response.status_code == 409
    assert response.json()["state"]["seq"] == 0


def test_undoing_the_move_that_ended_a_hand_reopens_it_and_drops_its_showing(tablet):
    state = blocked_example(tablet)
    post_shown(tablet, state["id"], 0, EXAMPLE_SHOWN)
    state = undo(tablet, state["id"]).json()["state"]
    assert (state["status"], state["turn"]) == ("playing", 0)
    # Ann knocks again: the hand ends again, and shows again.
    state = post_move(tablet, state["id"], EXAMPLE_MOVES[-1]).json()["state"]
    assert state["status"] == "hand-ended"
    assert post_shown(tablet, state["id"], 0, EXAMPLE_SHOWN).status_code == 201


def test_undoing_the_first_move_of_a_hand_returns_to_the_ended_hand_with_its_showing(tablet):
    state = blocked_example(tablet)
    shown_state = post_shown(tablet, state["id"], 0, EXAMPLE_SHOWN).json()["state"]
    post_move(tablet, state["id"], {"seat": 1, "tile": "5-5"})
    state = undo(tablet, state["id"]).json()["state"]
    assert state["status"] == "hand-ended"
    assert state["scores"] == shown_state["scores"]


def test_an_undo_can_be_retried_with_its_key(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})
    post_move(tablet, game["id"], {"seat": 1, "tile": "3-3", "end": "right"})
    first = tablet.post(f"/api/games/{game['id']}/undo", {}, format="json", HTTP_IDEMPOTENCY_KEY="u1")
    again = tablet.post(f"/api/games/{game['id']}/undo", {}, format="json", HTTP_IDEMPOTENCY_KEY="u1")
    assert again.json() == first.json()
    assert GameEntry.objects.filter(game_id=game["id"], kind="undo").count() == 1


@pytest.mark.slow
def test_a_won_game_can_be_corrected_by_undoing_its_last_move(tablet):
    state, _ = play_sheet(tablet, sample_sheet(8))
    assert state["status"] == "won"
    state = undo(tablet, state["id"]).json()["state"]
    assert state["status"] == "playing"
    assert state["winner"] is None
    assert state["turn"] is not None
