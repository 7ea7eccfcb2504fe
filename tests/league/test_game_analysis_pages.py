"""Scoring chances on the site: a live game's page, move by move, linkable
to a move; the analysis kept under the game's seq; and a player's figures
over their live games in confirmed results."""
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from in_process import committing
from matchnights import Night, a_match_night, sheet_entered
from tablets import tablet_for
from test_standings_players import play_with_mistakes

from league.models import Game
from league.selectors.analysis import analysis_key, game_analysis, game_analysis_fresh
from league.services.games import game_create
from league.services.match_games import rubber_game_card, rubber_game_start
from league.services.moves import move_record
from league.services.results import match_confirm, match_submit
from scoring.analysis import analyse
from scoring.table_view import sheet_ops

# Ends 6 and 1 after Bob's 4-1: Ann's 6-2 on the left makes 3 (1 point) where
# the 1-3 she laid later made 6+3 = 9 (3 points) on the right.
MOVES = [{"seat": 0, "tile": "6-4"}, {"seat": 1, "tile": "4-1"}, {"seat": 0, "tile": "6-2", "end": "left"},
         {"seat": 1, "knock": True}, {"seat": 0, "tile": "1-3"}]


@pytest.fixture
def game(db: None) -> Game:
    user = get_user_model().objects.create_user("scorer")
    made = game_create(rules="pub", seats=["Ann", "Bob"], created_by=user)
    for move in MOVES:
        move_record(game_id=made.pk, move=move, user=user)
    made.refresh_from_db()
    return made


def test_the_game_page_lists_every_move_with_its_verdict_and_the_points_left(game: Game) -> None:
    page = Client().get(f"/games/{game.pk}/analysis")
    assert page.status_code == 200
    text = page.content.decode()
    for number in range(1, len(MOVES) + 1):
        assert f'id="move-{number}"' in text
    assert "The best was 1-3 on right (ends 9): 3 points, 2 left on the table." in text
    assert "not a judgement of strategy" in text
    assert 'id="analysis-lines"' in text and "js/analysis." in text
    assert "<script>" not in text  # no inline script (CSP): the lines travel as JSON


def test_a_move_can_be_pointed_at(game: Game) -> None:
    text = Client().get(f"/games/{game.pk}/analysis?move=3").content.decode()
    assert 'class="step missed chosen"' not in text  # 6-2 missed points, not a 15 or a finish
    assert 'class="step chosen" id="move-3"' in text
    assert 'data-chosen="3"' in text
    # A move the game does not have points at nothing.
    assert 'data-chosen=""' in Client().get(f"/games/{game.pk}/analysis?move=99").content.decode()


def test_an_unknown_game_is_not_found(db: None) -> None:
    assert Client().get("/games/999999/analysis").status_code == 404


def test_the_scoreboard_links_to_the_analysis(game: Game) -> None:
    assert f'href="/games/{game.pk}/analysis"' in Client().get(f"/games/{game.pk}/board").content.decode()


def test_a_new_move_gives_a_new_analysis_and_the_old_one_is_kept_under_its_seq(game: Game) -> None:
    old_key = analysis_key(game)
    cache.delete(old_key)
    before = game_analysis(game=game)
    assert cache.get(old_key) == before
    move_record(game_id=game.pk, move={"seat": 1, "knock": True}, user=game.created_by)
    game.refresh_from_db()
    after = game_analysis(game=game)
    assert analysis_key(game) != old_key
    assert len(after["steps"]) == len(before["steps"]) + 1
    assert after == game_analysis_fresh(game=game)


def test_the_analysis_reads_the_log_as_the_sheet_does(game: Game) -> None:
    sheet = {"rules": "pub", "seats": ["Ann", "Bob"], "hands": [{"moves": MOVES}]}
    assert game_analysis_fresh(game=game) == analyse(sheet, sheet_ops(sheet))


@pytest.mark.slow
def test_a_players_chances_add_up_their_live_games(db: None, django_capture_on_commit_callbacks: Any) -> None:
    night: Night = a_match_night("plain")
    sheet_entered(night, ["singles"] * 9)
    live = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    tablet = tablet_for(night.home_scorer)
    sheet = play_with_mistakes(tablet, tablet.get(f"/api/games/{live.game_id}").json(), seed=5)
    for number in range(2, 10):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=61, away_score=20,
                         user=night.home_scorer)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    with committing(django_capture_on_commit_callbacks)():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    figures = analyse(sheet, sheet_ops(sheet))["figures"]
    for seat, player in enumerate([night.home_players[0], night.away_players[0]]):
        page = Client().get(f"/players/{player.pk}/chances")
        assert page.status_code == 200
        row = page.context["rows"][0]
        assert (row.games, row.hands, row.decisions, row.found, row.left) == (
            1, figures[seat]["hands"], figures[seat]["decisions"], figures[seat]["found"], figures[seat]["left"])
        assert f"/players/{player.pk}/chances" in Client().get(f"/players/{player.pk}/").content.decode()
    # A player whose games all came from the paper card has none to show.
    page = Client().get(f"/players/{night.home_players[1].pk}/chances")
    assert page.context["rows"] == [] and "No games scored live" in page.content.decode()
