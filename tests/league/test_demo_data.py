"""The demo data `make run` loads."""
import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from league.demo.league import CAPTAIN_LOGINS, DEMO_RATING_MIN_GAMES
from league.demo.load import DEMO_GAMES, DEMO_LABEL, DEMO_USERS
from league.models import Division, Fixture, Game, GameEntry, League, MatchNight, RubberGame, Team
from league.selectors.matches import results_overdue
from league.selectors.ratings import rating_board
from league.selectors.replay import games_out_of_step

# Loading the demo plays a few hundred games' worth of moves.
pytestmark = pytest.mark.slow


@pytest.fixture
def loaded(demo: League) -> League:
    """The demo as `make run` leaves it after loading it twice (built once
    for the test session: tests/conftest.py)."""
    return demo


def test_the_demo_data_loads_once_its_games_replay_and_its_logins_work(loaded: League) -> None:
    assert Game.objects.filter(label__startswith=DEMO_LABEL).count() == len(DEMO_GAMES)
    assert League.objects.count() == 1
    assert set(Game.objects.values_list("status", flat=True)) >= {"won", "playing"}
    assert GameEntry.objects.filter(kind="undo").exists()
    assert games_out_of_step() == []
    call_command("games_check")
    logins = [(u.username, u.password) for u in DEMO_USERS] + list(CAPTAIN_LOGINS.values())
    for username, password in logins:
        # As the login page asks: the login throttle wants the request.
        request = RequestFactory().post("/accounts/login/")
        assert authenticate(request, username=username, password=password) is not None


def test_the_demo_league_has_two_divisions_of_eight_teams_or_more_and_two_sharing_a_pub(loaded: League) -> None:
    assert Division.objects.filter(season__league=loaded, is_cup=False).count() == 2  # the cups' are their own
    teams = Team.objects.filter(league=loaded)
    assert teams.count() >= 8
    shared = [t for t in teams if teams.filter(home_venue=t.home_venue).count() > 1]
    assert {t.name for t in shared} == {"Red Lion A", "Red Lion B"}
    assert shared[0].home_venue.board_sets == 1


def test_the_demo_season_is_half_played_with_every_kind_of_result(loaded: League) -> None:
    fixtures = Fixture.objects.filter(division__season__league=loaded)
    nights = MatchNight.objects.filter(fixture__in=fixtures)
    confirmed = nights.filter(status="confirmed").count()
    assert confirmed >= fixtures.count() // 3
    assert nights.filter(status="disputed").count() == 1
    assert nights.filter(status="submitted").count() == 1
    assert fixtures.filter(status="postponed").count() == 1
    assert len(results_overdue(league_id=loaded.pk)) == 1
    assert fixtures.filter(night__isnull=True, status="published").count() >= fixtures.count() // 4


def test_some_demo_match_games_were_scored_live_and_one_is_in_play(loaded: League) -> None:
    live = RubberGame.objects.filter(source="live", rubber__night__fixture__division__season__league=loaded)
    assert live.count() >= 3
    assert all(GameEntry.objects.filter(game=rg.game).count() > 10 for rg in live)
    assert live.filter(game__status="playing").count() == 1


def test_the_demo_leagues_rating_board_shows_its_regular_players(loaded: League) -> None:
    board = rating_board(league=loaded)
    assert loaded.rating_min_games == DEMO_RATING_MIN_GAMES
    assert len(board) >= 5
    assert all(line.rating.games >= DEMO_RATING_MIN_GAMES for line in board)
