"""The stored division table: rebuilt once a result is confirmed or upheld,
a confirmed result corrected, a fixture awarded or voided, a sanction
applied; only confirmed results count."""
import io
from typing import Any

import pytest
from django.core.management import call_command
from matchnights import Night, a_match_night, sheet_entered

from league.models import Division, PlayerGame, PlayerStats, TableEntry
from league.services.fixtures import fixture_void, fixture_walkover
from league.services.match_games import rubber_game_card
from league.services.results import match_confirm, match_dispute, match_resolve, match_result_correct, match_submit
from league.services.sanctions import sanction_apply
from league.services.standings import division_standings_rebuild, standings_rebuild_all

PLAIN = ["singles"] * 9
FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4

Row = tuple[str, str, int, int, int, int, int, int]  # name, position, played, won, lost, games for, against, points


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain", points_scheme="solihull")



def returned(night: Night, scores: list[tuple[int, int]]) -> None:
    sheet_entered(night, PLAIN)
    for number, (home, away) in enumerate(scores, start=1):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=home, away_score=away,
                         user=night.home_scorer)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)


def table(division: Division) -> list[Row]:
    return [(e.team.name, f"{e.position}{'=' if e.shared else ''}", e.played, e.won, e.lost, e.games_for,
             e.games_against, e.points)
            for e in TableEntry.objects.filter(division=division).select_related("team")]


def test_a_confirmed_result_is_in_the_stored_table_with_games_and_points_pegged(night: Night, committed: Any) -> None:
    returned(night, FIVE_FOUR)
    with committed():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    assert table(night.division) == [(night.home.name, "1", 1, 1, 0, 5, 4, 3), (night.away.name, "2", 1, 0, 1, 4, 5, 1)]
    home = TableEntry.objects.get(team=night.home)
    assert (home.pegged_for, home.pegged_against) == (5 * 61 + 4 * 30, 5 * 40 + 4 * 61)


def test_a_submitted_result_does_not_count_until_it_is_confirmed(night: Night, committed: Any) -> None:
    with committed():
        returned(night, FIVE_FOUR)
    division_standings_rebuild(division_id=night.division.pk)
    assert [row[2:] for row in table(night.division)] == [(0, 0, 0, 0, 0, 0)] * 2


def test_an_upheld_dispute_counts(night: Night, committed: Any) -> None:
    returned(night, FIVE_FOUR)
    match_dispute(fixture_id=night.fixture.pk, reason="Rubber 9 was ours", user=night.away_captain)
    assert not TableEntry.objects.exists()
    with committed():
        match_resolve(fixture_id=night.fixture.pk, decision="uphold", note="Card checked", user=night.secretary)
    assert table(night.division)[0][:4] == (night.home.name, "1", 1, 1)


def test_correcting_a_confirmed_result_moves_the_table(night: Night, committed: Any) -> None:
    returned(night, FIVE_FOUR)
    with committed():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    with committed():
        match_result_correct(fixture_id=night.fixture.pk, rubber=5, game=1, home_score=40, away_score=61,
                             reason="Card misread", user=night.secretary)
    assert table(night.division) == [(night.away.name, "1", 1, 1, 0, 5, 4, 3), (night.home.name, "2", 1, 0, 1, 4, 5, 1)]


def test_a_walkover_scores_as_the_divisions_forfeit_setting_records_it(db: None, committed: Any) -> None:
    night = a_match_night("plain", points_scheme="leek", forfeit={"score": [6, 0], "loser_points": 0})
    with committed():
        fixture_walkover(fixture_id=night.fixture.pk, winner_team_id=night.away.pk, reason="No team",
                         user=night.secretary)
    # Leek: 2 for the win and 1 a game of the recorded 6-0.
    assert table(night.division) == [(night.away.name, "1", 1, 1, 0, 6, 0, 8), (night.home.name, "2", 1, 0, 1, 0, 6, 0)]


def test_a_voided_fixture_counts_for_nothing_even_with_a_confirmed_result(night: Night, committed: Any) -> None:
    returned(night, FIVE_FOUR)
    with committed():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    with committed():
        fixture_void(fixture_id=night.fixture.pk, reason="Ineligible player", user=night.secretary)
    assert [row[2:] for row in table(night.division)] == [(0, 0, 0, 0, 0, 0)] * 2


def test_a_sanction_comes_off_the_points_at_once(night: Night, committed: Any) -> None:
    returned(night, FIVE_FOUR)
    with committed():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    with committed():
        sanction_apply(division_id=night.division.pk, team_id=night.home.pk, points=3, reason="Late start",
                       user=night.secretary)
    assert table(night.division) == [(night.away.name, "1", 1, 0, 1, 4, 5, 1), (night.home.name, "2", 1, 1, 0, 5, 4, 0)]
    assert TableEntry.objects.get(team=night.home).sanctions == 3


def test_a_division_ordering_by_points_alone_shows_level_teams_sharing_a_place(night: Night, committed: Any) -> None:
    night.division.tie_breakers = ["points", "name"]
    night.division.save()
    returned(night, FIVE_FOUR)
    with committed():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
        sanction_apply(division_id=night.division.pk, team_id=night.home.pk, points=2, reason="Late start",
                       user=night.secretary)
    # 3 - 2 for the winners, 1 for the losers: level on points, and the
    # games that would separate them are not among this division's tie-breakers.
    assert [(name, position, points) for name, position, *_, points in table(night.division)] == [
        (night.away.name, "1=", 1), (night.home.name, "1=", 1)]


def test_the_league_default_orders_the_same_teams_by_games_difference(night: Night, committed: Any) -> None:
    returned(night, FIVE_FOUR)
    with committed():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
        sanction_apply(division_id=night.division.pk, team_id=night.home.pk, points=2, reason="Late start",
                       user=night.secretary)
    assert [(name, position) for name, position, *_ in table(night.division)] == [
        (night.home.name, "1"), (night.away.name, "2")]


def test_rebuilding_twice_changes_nothing(night: Night, committed: Any) -> None:
    returned(night, FIVE_FOUR)
    with committed():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    before = table(night.division)
    assert standings_rebuild_all() == 1
    division_standings_rebuild(division_id=night.division.pk)
    assert table(night.division) == before
    assert TableEntry.objects.count() == 2


def test_a_division_without_results_gets_a_table_of_its_teams_on_the_full_rebuild(night: Night) -> None:
    standings_rebuild_all()
    assert {row[0] for row in table(night.division)} == {night.home.name, night.away.name}


def test_the_rebuild_command_records_player_games_again_and_rebuilds_every_table(
    night: Night, committed: Any,
) -> None:
    returned(night, FIVE_FOUR)
    with committed():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    PlayerGame.objects.all().delete()
    TableEntry.objects.all().delete()
    out = io.StringIO()
    call_command("standings_rebuild", "--player-games", stdout=out)
    assert out.getvalue().splitlines() == ["18 player games recorded for 1 results", "1 division tables rebuilt"]
    assert table(night.division)[0][:4] == (night.home.name, "1", 1, 1)
    assert PlayerStats.objects.get(player=night.home_players[0]).won == 1
