"""Recording a move costs the same number of queries however long the game."""
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from matchnights import a_match_night, sheet_entered
from tablets import new_game, post_move, post_shown, sample_sheet, tablet_for

from league.engine import ENGINES
from league.services.match_games import rubber_game_start
from scoring.simulate import random_game


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


def test_a_match_games_move_asks_who_may_score_it_in_one_query(db: None, django_capture_on_commit_callbacks) -> None:
    """Who may score a match's game (a team official or a secretary, while
    the night is open) is asked on every move: one query, the same for
    every move."""
    night = a_match_night()
    sheet_entered(night, ["singles"] * 9)
    scorer = tablet_for(night.home_scorer)
    rubber_game = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    state = scorer.get(f"/api/games/{rubber_game.game_id}").json()
    sheet = random_game(random.Random(5), state["rules"], seats=2)
    counts, access = [], []
    for move in sheet["hands"][0]["moves"][:3]:
        # The publishing queued after commit is not the move's: not run here.
        with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=False):
            response = post_move(scorer, state["id"], move, seq=state["seq"])
        assert response.status_code == 201, response.json()
        state = response.json()["state"]
        counts.append(len(queries))
        access.append([q["sql"] for q in queries.captured_queries if "league_matchnight" in q["sql"]])
    assert counts[0] == counts[1] == counts[2], counts
    assert all(len(asked) == 1 and "league_team" in asked[0] and "league_league_secretaries" in asked[0]
               for asked in access), access


def test_a_move_outside_a_match_asks_whether_its_cup_tie_is_decided_in_its_read_of_the_game(
        tablet, django_capture_on_commit_callbacks) -> None:
    """Only a decided tie's game is kept from its players, but every game
    outside a match is asked: in the one query that reads (and locks) the
    game, not in one of its own."""
    sheet = sample_sheet(7)
    with django_capture_on_commit_callbacks(execute=True):
        game = new_game(tablet, rules=sheet["rules"], seats=sheet["seats"])
    move = sheet["hands"][0]["moves"][0]
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=False):
        response = post_move(tablet, game["id"], move, seq=0)
    assert response.status_code == 201, response.json()
    assert_tie_asked_in_the_read_of_the_game(queries)


def test_tiles_shown_outside_a_match_ask_whether_the_cup_tie_is_decided_in_the_read_of_the_game(
        tablet, django_capture_on_commit_callbacks) -> None:
    """Who is asking is checked before the body (league.api.who_first), but
    a decided tie is the service's to refuse: asked once, as for a move."""
    sheet = next(sheet for sheet in map(sample_sheet, range(50)) if len(sheet["hands"]) > 1)
    with django_capture_on_commit_callbacks(execute=True):
        game = new_game(tablet, rules=sheet["rules"], seats=sheet["seats"])
        seq = 0
        for move in sheet["hands"][0]["moves"]:
            response = post_move(tablet, game["id"], move, seq=seq)
            seq = response.json()["state"]["seq"]
    assert response.json()["state"]["status"] == "hand-ended"
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=False):
        response = post_shown(tablet, game["id"], 0, sheet["hands"][0]["shown"], seq=seq)
    assert response.status_code == 201, response.json()
    assert_tie_asked_in_the_read_of_the_game(queries)


def assert_tie_asked_in_the_read_of_the_game(queries: CaptureQueriesContext) -> None:
    asked = [q["sql"] for q in queries.captured_queries if "league_cupgame" in q["sql"]]
    assert len(asked) == 1 and "FROM league_game g WHERE g.id" in asked[0], asked
