"""Recording a move costs the same number of queries however long the game."""
from django.db import connection
from django.test.utils import CaptureQueriesContext
from league.engine import ENGINES
from tablets import new_game, post_move, sample_sheet


def moves_of(sheet):
    return [move for hand in sheet["hands"] for move in hand["moves"]]


def test_move_60_costs_the_same_queries_as_move_1(tablet, django_capture_on_commit_callbacks):
    # A long game (to 121) so that move 60 is still in play.
    sheet = sample_sheet(31, rules={"preset": "pub", "target": 121})
    moves = moves_of(sheet)
    assert len(moves) > 60
    game = new_game(tablet, rules=sheet["rules"], seats=sheet["seats"])
    counts = {}
    seq = 0
    for number, move in enumerate(moves[:60], start=1):
        if number in (1, 30, 60):
            ENGINES.clear()  # the worst case: this process has not seen the game
        # The work queued after commit (the outbox) runs here too, and counts.
        with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True):
            response = post_move(tablet, game["id"], move, seq=seq)
        assert response.status_code == 201, response.json()
        seq = response.json()["state"]["seq"]
        counts[number] = len(queries)
    assert counts[1] == counts[30] == counts[60], counts
    assert len(set(counts.values())) == 1, counts
    print(f"queries per move: {counts[60]}")
