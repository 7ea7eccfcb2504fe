"""The stored division table and player statistics: rebuilt when a result
is confirmed, a walkover or void lands, or a result is corrected."""
from typing import Any

import pytest
from matchnights import Night, a_match_night, sheet_entered

from league.models import PlayerStats, TableEntry
from league.services.fixtures import fixture_void, fixture_walkover
from league.services.match_games import rubber_game_card
from league.services.results import match_confirm, match_result_correct, match_submit

PLAIN = ["singles"] * 9
FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain", points_scheme="solihull")


def returned(night: Night, scores: list[tuple[int, int]]) -> None:
    sheet_entered(night, PLAIN)
    for number, (home, away) in enumerate(scores, start=1):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=home, away_score=away,
                         user=night.home_scorer)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)


def table(night: Night) -> list[tuple[str, int, int, int, int]]:
    return [(e.team.name, e.position, e.played, e.won, e.points)
            for e in TableEntry.objects.filter(division=night.division).select_related("team")]


def test_a_confirmed_result_is_in_the_stored_table(night: Night, django_capture_on_commit_callbacks: Any) -> None:
    returned(night, FIVE_FOUR)
    with django_capture_on_commit_callbacks(execute=True):
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    assert table(night) == [(night.home.name, 1, 1, 1, 3), (night.away.name, 2, 1, 0, 1)]
    home = TableEntry.objects.get(team=night.home)
    assert (home.games_for, home.games_against, home.pegged_for, home.pegged_against) == (5, 4, 5 * 61 + 4 * 30,
                                                                                          5 * 40 + 4 * 61)
