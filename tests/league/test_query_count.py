"""Recording a move costs the same number of queries however long the game."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from league.engine import ENGINES
from tablets import new_game, post_move, sample_sheet


def queries_per_move(tablet, callbacks, *, forget_engines: bool) -> dict[int, int]:
    """Plays 60 moves of a long game; the queries of moves 1, 30 and 60."""
    sheet = sample_sheet(31, rules={"preset": "pub", "target": 121})
    moves = [move for hand in sheet["hands"] for move in hand["moves"]]
    assert len(moves) > 60
    with callbacks(execute=True):
        game = new_game(tablet, rules=sheet["rules"], seats=sheet["seats"])
    counts, seq = {}, 0
    for number, move in enumerate(moves[:60], start=1):
        if forget_engines:
            ENGINES.clear()
        # The work queued after commit (the outbox) runs here too, and counts.
        with CaptureQueriesContext(connection) as queries, callbacks(execute=True):
            response = post_move(tablet, game["id"], move, seq=seq)
        assert response.status_code == 201, response.json()
        seq = response.json()["state"]["seq"]
        if number in (1, 30, 60):
            counts[number] = len(queries)
    return counts


def test_move_60_costs_the_same_queries_as_move_1(tablet, django_capture_on_commit_callbacks):
    counts = queries_per_move(tablet, django_capture_on_commit_callbacks, forget_engines=False)
    assert counts[1] == counts[30] == counts[60], counts


@pytest.mark.slow
def test_in_a_process_that_has_not_seen_the_game_a_move_costs_one_more_query_at_any_length(
    tablet, django_capture_on_commit_callbacks
):
    seen = queries_per_move(tablet, django_capture_on_commit_callbacks, forget_engines=False)
    unseen = queries_per_move(tablet, django_capture_on_commit_callbacks, forget_engines=True)
    assert unseen[1] == unseen[30] == unseen[60] == seen[60] + 1, (seen, unseen)
