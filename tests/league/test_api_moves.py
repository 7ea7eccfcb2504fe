"""Recording moves: the events, and the order of the checks (a stored
answer for a known key, then the seq, then the rules)."""
import pytest
from tablets import new_game, play_sheet, post_move, sample_sheet

import scoring
from league.models import GameEntry


def merged_events(replies):
    """Every event the API answered, a later showing's hand-end event
    replacing the one the hand's last move gave, as `check` lists them."""
    events = []
    for reply in replies:
        for event in reply["events"]:
            if event["type"] == "hand-end" and events and events[-1]["type"] == "hand-end" \
                    and events[-1]["hand"] == event["hand"]:
                events[-1] = event
            else:
                events.append(event)
    return events


def test_a_move_answers_201_with_its_events_and_the_new_state(tablet):
    game = new_game(tablet)
    response = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3}, seq=0)
    assert response.status_code == 201
    reply = response.json()
    assert reply["events"] == [
        {"hand": 0, "move": 0, "seat": 0, "side": 0, "type": "play", "tile": "6-3", "end": None,
         "ends": [6, 3], "total": 9, "award": 3, "bonus": 0, "bust": False, "worth": 3,
         "peg": 3, "verdict": "correct", "points": 3, "penalties": [], "scores": [3, 0]},
    ]
    state = reply["state"]
    assert (state["seq"], state["scores"], state["ends"], state["turn"]) == (1, [3, 0], [6, 3], 1)


@pytest.mark.slow
def test_the_events_of_a_whole_game_are_exactly_those_check_reports(tablet):
    sheet = sample_sheet(3, mistakes=0.08)
    state, replies = play_sheet(tablet, sheet)
    expected = scoring.check(sheet)
    assert merged_events(replies) == expected["events"]
    assert (state["scores"], state["winner"]) == (expected["scores"], expected["winner"])


@pytest.mark.slow
def test_a_four_seat_partners_game_is_scored_as_check_scores_it(tablet):
    sheet = sample_sheet(4, rules="pagat", seats=4, partners=True, mistakes=0.05)
    state, replies = play_sheet(tablet, sheet)
    expected = scoring.check(sheet)
    assert merged_events(replies) == expected["events"]
    assert state["sides"] == expected["sides"]


def test_the_move_that_ends_a_hand_also_answers_its_hand_end_event(tablet):
    sheet = sample_sheet(5)
    game = new_game(tablet)
    seq = 0
    for move in sheet["hands"][0]["moves"]:
        reply = post_move(tablet, game["id"], move, seq=seq).json()
        seq = reply["state"]["seq"]
    assert [event["type"] for event in reply["events"]][-1] == "hand-end"
    assert reply["state"]["status"] == "hand-ended"


def test_the_first_move_after_a_hand_ends_starts_the_next_hand(tablet):
    sheet = sample_sheet(5)
    game = new_game(tablet)
    for move in sheet["hands"][0]["moves"]:
        state = post_move(tablet, game["id"], move).json()["state"]
    assert (state["status"], state["hand"]) == ("hand-ended", 0)
    reply = post_move(tablet, game["id"], sheet["hands"][1]["moves"][0]).json()
    assert reply["events"][0]["hand"] == 1
    assert (reply["state"]["status"], reply["state"]["hand"]) == ("playing", 1)
    assert GameEntry.objects.filter(game_id=game["id"]).order_by("-seq").first().hand == 1


def test_a_move_the_rules_reject_gets_422_with_the_engines_message_and_changes_nothing(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})
    response = post_move(tablet, game["id"], {"seat": 1, "tile": "2-4"}, seq=1)
    assert response.status_code == 422
    message = response.json()["error"]
    engine, _ = scoring.Game.new(rules={"preset": "pub"}, seats=["Ann", "Bob"]).apply({"seat": 0, "tile": "6-3"})
    with pytest.raises(scoring.ScoringError) as refused:
        engine.apply({"seat": 1, "tile": "2-4"})
    assert message == str(refused.value)
    assert tablet.get(f"/api/games/{game['id']}").json()["seq"] == 1
    assert GameEntry.objects.filter(game_id=game["id"]).count() == 1


def test_a_move_out_of_turn_is_refused(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})
    response = post_move(tablet, game["id"], {"seat": 0, "tile": "3-3"})
    assert response.status_code == 422
    assert "seat 0" in response.json()["error"]


def test_a_stale_seq_gets_409_with_the_current_state(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"}, seq=0)
    response = post_move(tablet, game["id"], {"seat": 1, "tile": "3-3", "end": "right"}, seq=0)
    assert response.status_code == 409
    body = response.json()
    assert body["error"]
    assert body["state"]["seq"] == 1
    assert GameEntry.objects.filter(game_id=game["id"]).count() == 1


def test_the_seq_is_checked_before_the_rules(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"}, seq=0)
    assert post_move(tablet, game["id"], {"seat": 1, "tile": "2-4"}, seq=0).status_code == 409


def test_a_move_without_a_seq_is_recorded_at_the_current_seq(tablet):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"})
    response = post_move(tablet, game["id"], {"seat": 1, "tile": "3-3", "end": "right"})
    assert response.status_code == 201
    assert response.json()["state"]["seq"] == 2


def test_a_retry_with_an_answered_key_gets_the_same_answer_and_records_nothing(tablet):
    game = new_game(tablet)
    first = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3}, key="tablet-1/1", seq=0)
    again = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3}, key="tablet-1/1", seq=0)
    assert again.status_code == 201
    assert again.json() == first.json()
    assert GameEntry.objects.filter(game_id=game["id"]).count() == 1
    assert tablet.get(f"/api/games/{game['id']}").json()["seq"] == 1


def test_a_known_key_is_answered_before_the_seq_and_the_rules_are_checked(tablet):
    game = new_game(tablet)
    first = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"}, key="k1", seq=0)
    post_move(tablet, game["id"], {"seat": 1, "tile": "3-3", "end": "right"}, key="k2", seq=1)
    # The game has moved on and the move would now be out of turn, yet the
    # retry is answered as before.
    again = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"}, key="k1", seq=0)
    assert again.status_code == 201
    assert again.json() == first.json()
    assert GameEntry.objects.filter(game_id=game["id"]).count() == 2


def test_idempotency_keys_are_per_game(tablet):
    one, two = new_game(tablet), new_game(tablet)
    assert post_move(tablet, one["id"], {"seat": 0, "tile": "6-3"}, key="same").status_code == 201
    response = post_move(tablet, two["id"], {"seat": 0, "tile": "5-5"}, key="same")
    assert response.status_code == 201
    assert response.json()["events"][0]["tile"] == "5-5"


def test_a_refused_move_does_not_use_up_its_key(tablet):
    game = new_game(tablet)
    assert post_move(tablet, game["id"], {"seat": 0, "knock": True}, key="k").status_code == 422
    assert post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"}, key="k").status_code == 201


def test_a_move_with_an_unknown_field_is_a_bad_request(tablet):
    game = new_game(tablet)
    response = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "pegg": 3})
    assert response.status_code == 400
    assert "pegg" in response.json()["fields"]


def test_every_move_is_logged_with_who_entered_it_and_when(tablet, scorer):
    game = new_game(tablet)
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3"}, key="abc")
    row = GameEntry.objects.get(game_id=game["id"])
    assert (row.seq, row.kind, row.hand, row.payload) == (1, "move", 0, {"seat": 0, "tile": "6-3"})
    assert (row.entered_by, row.idempotency_key) == (scorer, "abc")
    assert row.entered_at is not None
