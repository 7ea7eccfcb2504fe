"""A division whose records show a player for two teams: the team sheets
refuse it (a player may not play for two teams in one competition), but
records from before that rule may hold it. The table is rebuilt as ever,
the player's statistics a line for each team (one line a player in a
division made the rebuild fail)."""
from datetime import timedelta

import pytest
from django.utils import timezone
from matchnights import Night, a_match_night

from league.models import Fixture, PlayerGame, PlayerStats, SquadRegistration
from league.refusals import TeamSheetInvalid
from league.selectors.standings import player_leaderboard
from league.services.match_games import rubber_game_card
from league.services.results import match_confirm, match_submit
from league.services.standings import division_standings_rebuild
from league.services.teamsheets import team_sheet_enter
from league.services.transfers import transfer_direct

SINGLES = ["singles"] * 9


def test_a_player_recorded_for_both_teams_of_a_division_has_a_line_for_each(db: None) -> None:
    night = a_match_night(transfers="secretary")
    SquadRegistration.objects.update(registered_at=timezone.now() - timedelta(days=60))
    mover, replaced = night.away_players[0], night.home_players[0]
    played(night, night.fixture, night.lineups(SINGLES))
    transfer_direct(season_id=night.season.pk, player_id=mover.pk, to_team_id=night.home.pk, user=night.secretary)
    return_leg = Fixture.objects.create(
        division=night.division, week=2, date=timezone.localdate(), home_team=night.home, away_team=night.away,
        venue=night.home.home_venue, status=Fixture.Status.PUBLISHED)
    lineups = night.lineups(SINGLES)
    lineups[0] = (lineups[0][0], [night.away_players[9].pk])  # the mover's place
    with pytest.raises(TeamSheetInvalid, match="may not play for two teams in one competition"):
        team_sheet_enter(fixture_id=return_leg.pk, lineups=[([mover.pk], lineups[0][1]), *lineups[1:]],
                         user=night.home_captain)
    played(night, return_leg, lineups)
    # As a record from before the rule would have it.
    PlayerGame.objects.filter(night__fixture=return_leg, player=replaced).update(player=mover)

    division_standings_rebuild(division_id=night.division.pk)

    lines = {(row.team_id, row.played) for row in PlayerStats.objects.filter(player=mover)}
    assert lines == {(night.away.pk, 1), (night.home.pk, 1)}
    board = [(row.player_id, row.team_id) for row in player_leaderboard(division_id=night.division.pk)]
    assert board.count((mover.pk, night.away.pk)) == board.count((mover.pk, night.home.pk)) == 1


def played(night: Night, fixture: Fixture, lineups: list[tuple[list[int], list[int]]]) -> None:
    """The sheet entered, nine singles from the card (home wins the odd
    ones), submitted and confirmed."""
    team_sheet_enter(fixture_id=fixture.pk, lineups=lineups, user=night.home_captain)
    for number in range(1, 10):
        home, away = (61, 30) if number % 2 else (20, 61)
        rubber_game_card(fixture_id=fixture.pk, rubber=number, home_score=home, away_score=away,
                         user=night.home_scorer)
    match_submit(fixture_id=fixture.pk, user=night.home_captain)
    match_confirm(fixture_id=fixture.pk, user=night.away_captain)
