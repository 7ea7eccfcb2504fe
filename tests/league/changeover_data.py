"""A league whose season has ended: three divisions of four teams, each
with a stored final table, squads, and a secretary (for the change-over
tests)."""
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.utils import timezone
from leagues import a_league

from league.models import (
    Division,
    DivisionEntry,
    Fixture,
    League,
    MatchNight,
    Player,
    Season,
    SquadRegistration,
    TableEntry,
    Team,
    Venue,
)

DIVISIONS = ("Premier", "First", "Second")


@dataclass
class Ended:
    league: League
    season: Season
    divisions: list[Division]
    teams: dict[str, Team]  # by name: "P1" is the Premier's top team


def ended_league(secretary: Any, *, sizes: tuple[int, ...] = (4, 4, 4), **rule: Any) -> Ended:
    """Team "<initial><n>" finishes n-th in its division ("F2": second in the First)."""
    league = a_league(**rule)
    league.secretaries.add(secretary)
    today = timezone.localdate()
    season = Season.objects.create(league=league, name="Winter 2025-26", start=today - timedelta(days=200),
                                   registration_deadline=today - timedelta(days=207))
    divisions, teams = [], {}
    for level, (name, size) in enumerate(zip(DIVISIONS, sizes, strict=True), start=1):
        division = Division.objects.create(season=season, name=name, level=level)
        divisions.append(division)
        for n in range(1, size + 1):
            team = a_team_at(league, f"{name[0]}{n}")
            teams[team.name] = team
            DivisionEntry.objects.create(division=division, team=team)
        table(division, [f"{name[0]}{n}" for n in range(1, size + 1)], teams)
    return Ended(league, season, divisions, teams)


def a_team_at(league: League, name: str) -> Team:
    return Team.objects.create(league=league, name=name, home_venue=Venue.objects.create(name=f"{name}'s pub"))


def table(division: Division, order: list[str], teams: dict[str, Team], *, level: tuple[int, ...] = ()) -> None:
    """Stores the division's table in `order`; the positions (from 1) in
    `level` share their position with the team below."""
    TableEntry.objects.filter(division=division).delete()
    position = 1
    for index, name in enumerate(order, start=1):
        shared = index in level or index - 1 in level
        if index - 1 not in level:
            position = index
        TableEntry.objects.create(division=division, team=teams[name], position=position, shared=shared, played=6,
                                  won=0, drawn=0, lost=0, games_for=0, games_against=0, pegged_for=0,
                                  pegged_against=0, sanctions=0, points=10 - index, rebuilt_at=timezone.now())


def squad(season: Season, team: Team, count: int = 2) -> list[Player]:
    players = [Player.objects.create(name=f"{team.name} player {n}") for n in range(1, count + 1)]
    for player in players:
        SquadRegistration.objects.create(season=season, team=team, player=player)
    return players


def fixture(division: Division, home: Team, away: Team, *, week: int = 1, **fields: Any) -> Fixture:
    return Fixture.objects.create(division=division, week=week, date=division.season.start + timedelta(weeks=week),
                                  home_team=home, away_team=away, venue=fields.pop("venue", home.home_venue),
                                  status=fields.pop("status", Fixture.Status.PUBLISHED), **fields)


def confirm(fixture: Fixture, home_games: int, away_games: int) -> MatchNight:
    return MatchNight.objects.create(fixture=fixture, status=MatchNight.Status.CONFIRMED, home_games=home_games,
                                     away_games=away_games, confirmed_at=timezone.now())
