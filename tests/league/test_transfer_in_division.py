"""A player transferred between two teams of one division has played for
both: the division's player statistics keep a line for each team, and the
table is rebuilt as ever (a player's one line a division broke it)."""
from datetime import timedelta

from django.utils import timezone
from matchnights import a_match_night

from league.models import Fixture, PlayerStats, SquadRegistration
from league.selectors.standings import player_leaderboard
from league.services.match_games import rubber_game_card
from league.services.results import match_confirm, match_submit
from league.services.standings import division_standings_rebuild
from league.services.teamsheets import team_sheet_enter
from league.services.transfers import transfer_direct


def test_a_player_who_played_for_both_teams_of_a_division_has_a_line_for_each(db: None) -> None:
    night = a_match_night(transfers="secretary")
    SquadRegistration.objects.update(registered_at=timezone.now() - timedelta(days=60))
    mover = night.away_players[0]
    played(night.fixture, night.lineups(["singles"] * 9), night)
    transfer_direct(season_id=night.season.pk, player_id=mover.pk, to_team_id=night.home.pk, user=night.secretary)
    return_leg = Fixture.objects.create(
        division=night.division, week=2, date=timezone.localdate(), home_team=night.home, away_team=night.away,
        venue=night.home.home_venue, status=Fixture.Status.PUBLISHED)
    lineups = night.lineups(["singles"] * 9)
    lineups[0] = ([mover.pk], [night.away_players[9].pk])
    played(return_leg, lineups, night)

    division_standings_rebuild(division_id=night.division.pk)

    lines = {(row.team_id, row.played) for row in PlayerStats.objects.filter(player=mover)}
    assert lines == {(night.away.pk, 1), (night.home.pk, 1)}
    board = [(row.player_id, row.team_id) for row in player_leaderboard(division_id=night.division.pk)]
    assert board.count((mover.pk, night.away.pk)) == board.count((mover.pk, night.home.pk)) == 1


def played(fixture: Fixture, lineups: list[tuple[list[int], list[int]]], night: object) -> None:
    """The sheet entered, nine singles from the card (home wins the odd
    ones), submitted and confirmed."""
    home_captain, away_captain, scorer = night.home_captain, night.away_captain, night.home_scorer  # type: ignore[attr-defined]
    team_sheet_enter(fixture_id=fixture.pk, lineups=lineups, user=home_captain)
    for number in range(1, 10):
        home, away = (61, 30) if number % 2 else (20, 61)
        rubber_game_card(fixture_id=fixture.pk, rubber=number, home_score=home, away_score=away, user=scorer)
    match_submit(fixture_id=fixture.pk, user=home_captain)
    match_confirm(fixture_id=fixture.pk, user=away_captain)
