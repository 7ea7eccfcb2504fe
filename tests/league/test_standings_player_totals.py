"""Player statistics added up in the database give what adding up each
player's games one by one gives: over random seasons of results in every
state (confirmed or not, on fixtures published, postponed, awarded, voided
or in a play-off), in a division beside another, with a team's results
expunged or not. On SQLite and on PostgreSQL alike."""
from collections import Counter
from datetime import date, timedelta
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from leagues import a_league, a_team, players
from property_examples import examples

from league.models import (
    Division,
    DivisionEntry,
    Fixture,
    MatchNight,
    PlayerGame,
    PlayerStats,
    Rubber,
    RubberGame,
    Season,
    Team,
    TeamWithdrawal,
)
from league.services.standings import division_standings_rebuild

TEAMS = 4
COUNTED_STATUSES = {Fixture.Status.PUBLISHED, Fixture.Status.POSTPONED, Fixture.Status.REARRANGED}

# A seat's pegged, won on target, 15s and penalties.
seat = st.tuples(st.integers(0, 61), st.booleans(), st.integers(0, 6), st.integers(0, 3))
game = st.tuples(st.booleans(), st.booleans(), seat, seat)  # home won, scored live, home seat, away seat
fixture = st.fixed_dictionaries({
    "home": st.integers(0, TEAMS - 1), "away": st.integers(1, TEAMS - 1),
    "other_division": st.booleans(),
    "status": st.sampled_from([s for s in Fixture.Status if s != Fixture.Status.REARRANGED]),
    "playoff": st.booleans(),
    "night": st.sampled_from([None, *MatchNight.Status]),
    "games": st.lists(game, max_size=3),
})


class Scene:
    """Two divisions of the same four teams, each team with two players."""

    def __init__(self) -> None:
        league = a_league("Totals League")
        season = Season.objects.create(league=league, name="Winter", start=date(2026, 9, 1),
                                       registration_deadline=date(2026, 8, 25))
        self.division, self.other = (Division.objects.create(season=season, name=name, level=level)
                                    for level, name in ((1, "One"), (2, "Two")))
        self.teams = [a_team(league, f"Pub {n} A") for n in range(TEAMS)]
        for team in self.teams:
            DivisionEntry.objects.create(division=self.division, team=team)
        self.squads = {team.pk: players(2, f"{team.name} player") for team in self.teams}

    def played(self, week: int, spec: dict[str, Any]) -> None:
        home = self.teams[spec["home"]]
        away = self.teams[(spec["home"] + spec["away"]) % TEAMS]
        status = spec["status"]
        division = self.other if spec["other_division"] else self.division
        made = Fixture.objects.create(
            division=division, week=week, date=date(2026, 9, 1) + timedelta(weeks=week), home_team=home,
            away_team=away, venue=home.home_venue, status=status, playoff=spec["playoff"],
            walkover_winner=home if status == Fixture.Status.WALKOVER else None)
        if spec["night"] is None:
            return
        night = MatchNight.objects.create(fixture=made, status=spec["night"], home_games=0, away_games=0)
        for number, (home_won, live, home_seat, away_seat) in enumerate(spec["games"], start=1):
            home_player, away_player = self.squads[home.pk][number % 2], self.squads[away.pk][number % 2]
            rubber = Rubber.objects.create(night=night, number=number, kind="singles", home_player=home_player,
                                           away_player=away_player)
            rubber_game = RubberGame.objects.create(rubber=rubber, number=1, source="card",
                                                    winner="home" if home_won else "away")
            for player, team, won, (pegged, on_target, fifteens, penalties) in (
                    (home_player, home, home_won, home_seat), (away_player, away, not home_won, away_seat)):
                PlayerGame.objects.create(
                    night=night, rubber_game=rubber_game, division=division, player=player, team=team, won=won,
                    pegged=pegged, on_target=won and on_target, live=live,
                    fifteens=fifteens if live else None, penalties=penalties if live else None)


def added_one_by_one(division: Division, expunged: set[int]) -> dict[int, tuple[int, ...]]:
    """Each player's counted games in the division, added up in Python."""
    totals: dict[int, Counter[str]] = {}
    for game in PlayerGame.objects.select_related("night__fixture"):
        fixture = game.night.fixture
        if (fixture.division_id != division.pk or game.night.status != MatchNight.Status.CONFIRMED
                or fixture.playoff or fixture.status not in COUNTED_STATUSES
                or {fixture.home_team_id, fixture.away_team_id} & expunged):
            continue
        counts = totals.setdefault(game.player_id, Counter(team=game.team_id))
        counts.update(played=1, won=int(game.won), pegged=game.pegged, on_target=int(game.on_target),
                      played_live=int(game.live), fifteens=game.fifteens or 0, penalties=game.penalties or 0)
    fields = ("team", "played", "won", "pegged", "on_target", "played_live", "fifteens", "penalties")
    return {player: tuple(counts[field] for field in fields) for player, counts in totals.items()}


def stored(division: Division) -> dict[int, tuple[int, ...]]:
    rows = PlayerStats.objects.filter(division=division).values_list(
        "player_id", "team_id", "played", "won", "pegged", "on_target", "played_live", "fifteens", "penalties")
    return {player: tuple(figures) for player, *figures in rows}


@pytest.fixture
def scene(db: None) -> Scene:
    return Scene()


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(st.lists(fixture, max_size=8), st.sampled_from([None, 0, 1]))
def test_stored_player_statistics_equal_each_players_counted_games_added_up(
        scene: Scene, fixtures: list[dict[str, Any]], expunged_team: int | None) -> None:
    with transaction.atomic():
        for week, spec in enumerate(fixtures, start=1):
            scene.played(week, spec)
        expunged: set[int] = set()
        if expunged_team is not None:
            team: Team = scene.teams[expunged_team]
            TeamWithdrawal.objects.create(division=scene.division, team=team, date=date(2026, 10, 1),
                                          reason="lost their pub", first_half=True,
                                          results=TeamWithdrawal.Results.EXPUNGE)
            expunged = {team.pk}
        division_standings_rebuild(division_id=scene.division.pk)
        assert stored(scene.division) == added_one_by_one(scene.division, expunged)
        transaction.set_rollback(True)


def test_an_expunged_teams_matches_leave_its_opponents_statistics_too(scene: Scene) -> None:
    won = (True, False, (61, True, 0, 0), (30, False, 0, 0))
    for week, home in enumerate([0, 2], start=1):  # Pub 0 beats Pub 1; Pub 2 beats Pub 3
        scene.played(week, {"home": home, "away": 1, "other_division": False, "status": "published",
                            "playoff": False, "night": "confirmed", "games": [won]})
    division_standings_rebuild(division_id=scene.division.pk)
    assert PlayerStats.objects.filter(division=scene.division).count() == 4
    TeamWithdrawal.objects.create(division=scene.division, team=scene.teams[0], date=date(2026, 10, 1),
                                  reason="lost their pub", first_half=True, results=TeamWithdrawal.Results.EXPUNGE)
    division_standings_rebuild(division_id=scene.division.pk)
    left = PlayerStats.objects.filter(division=scene.division).values_list("team__name", flat=True)
    assert sorted(left) == ["Pub 2 A", "Pub 3 A"]
