"""A past season's most improved rating on the roll of honour: the rise of
the leaderboard's figure (mu - 3 sigma) from a player's rating before the
season's first rated game day to their rating after its last, among
players rated on the league's minimum of games before the season who
played SEASON_AVERAGE_MIN_GAMES rated games in it; ties share. From a
fixture set whose answer is worked out by hand (improved_data.RISES)."""
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from improved_data import a_rated_league, a_rated_season

from league.models import Player, RatingSnapshot
from league.selectors.honour_marks import Leaders
from league.selectors.honours import roll_of_honour

pytestmark = pytest.mark.django_db


def named(leaders: Leaders | None) -> list[str]:
    assert leaders is not None
    return [f"{mark.name} ({mark.team})" if mark.team else mark.name for mark in leaders.players]


def past_start() -> Any:
    return timezone.localdate() - timedelta(days=200)


@pytest.mark.parametrize(("rating_min_games", "rise", "players"), [
    # Ann and Bob rose 5.5 each; Dan's 12.0 starts from a rating on 5 games, Eve's 20.0 is over 9 games.
    (20, 5.5, ["Ann Archer (Red Lion)", "Bob Brown (Crown)"]),
    # With a minimum of 5, Dan's rating before the season counts.
    (5, 12.0, ["Dan Dare (Bell)"]),
])
def test_the_most_improved_rating_is_the_known_answer(rating_min_games: int, rise: float,
                                                      players: list[str]) -> None:
    league, teams = a_rated_league(rating_min_games=rating_min_games)
    a_rated_season(league, teams, "Winter 2025-26", past_start())
    [season] = roll_of_honour(league=league)
    assert season.most_improved is not None
    assert (season.most_improved.rise, named(season.most_improved)) == (rise, players)


def test_a_newcomer_is_not_most_improved_however_far_their_rating_climbed() -> None:
    league, teams = a_rated_league(rating_min_games=0)
    a_rated_season(league, teams, "Winter 2025-26", past_start())
    RatingSnapshot.objects.exclude(player__name="Cat Cole").delete()
    [season] = roll_of_honour(league=league)
    assert season.most_improved is None


def test_a_season_in_which_no_rating_rose_has_no_most_improved() -> None:
    league, teams = a_rated_league()
    a_rated_season(league, teams, "Winter 2025-26", past_start())
    RatingSnapshot.objects.filter(played_on__gt=past_start() + timedelta(days=7)).update(mu=0.0)
    [season] = roll_of_honour(league=league)
    assert season.most_improved is None


def test_the_most_improved_is_named_as_they_chose_and_without_a_team_when_they_played_no_league_game() -> None:
    league, teams = a_rated_league()
    a_rated_season(league, teams, "Winter 2025-26", past_start())
    Player.objects.filter(name="Ann Archer").update(name_shown=Player.NameShown.HIDDEN)
    Player.objects.get(name="Bob Brown").stats.all().delete()  # his games were all in the cups
    [season] = roll_of_honour(league=league)
    assert named(season.most_improved) == ["A player (Red Lion)", "Bob Brown"]


def test_the_roll_of_honour_page_shows_the_most_improved_rating(client: Client) -> None:
    league, teams = a_rated_league()
    a_rated_season(league, teams, "Winter 2025-26", past_start())
    html = client.get(reverse("public-honours", args=[league.slug])).content.decode()
    assert "Most improved rating" in html and "(up 5.5)" in html
    assert "Ann Archer" in html and "Bob Brown" in html
    assert "a rating on 20 games before it" in html


def test_the_roll_of_honour_costs_the_same_queries_however_many_seasons_the_league_has_played() -> None:
    league, teams = a_rated_league()
    a_rated_season(league, teams, "Winter 2025-26", past_start())

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            roll = roll_of_honour(league=league)
            assert all(season.most_improved is not None for season in roll)
        return len(captured)

    one = queries()
    for years in (1, 2):
        a_rated_season(league, teams, f"Winter {2025 - years}-{26 - years}", past_start() - timedelta(days=365 * years),
                       suffix=f" {years}")
    assert len(roll_of_honour(league=league)) == 3
    assert queries() == one
