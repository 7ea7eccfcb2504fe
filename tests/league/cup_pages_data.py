"""A team cup to show on the pages, made straight in the database as the
cup services would leave it (what is under test is the page): a season,
six teams with captains, the cup's own division, entries, and ties."""
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone
from leagues import a_league, a_season, a_team

from league.models import Competition, CupEntry, CupTie, Division, Fixture, League, Season, Team

NAMES = ["Red Lion A", "Crown B", "Swan", "Bell", "Plough", "Anchor"]


@dataclass
class Cup:
    league: League
    season: Season
    competition: Competition
    teams: list[Team]
    entries: list[CupEntry]
    secretary: Any
    captains: list[Any]


def a_cup(*, names: list[str] = NAMES, league: League | None = None, **fields: Any) -> Cup:
    league = league or a_league()
    season = a_season(league)
    secretary = get_user_model().objects.create_user(f"cup-secretary-{league.pk}")
    league.secretaries.add(secretary)
    teams, captains = [], []
    for name in names:
        team = a_team(league, name)
        captain = get_user_model().objects.create_user(f"captain-{team.pk}")
        team.captain = captain
        team.save()
        teams.append(team)
        captains.append(captain)
    division = Division.objects.create(season=season, name="Knockout Cup", is_cup=True)
    competition = Competition.objects.create(season=season, name="Knockout Cup", slug="knockout-cup",
                                             division=division, **fields)
    entries = [CupEntry.objects.create(competition=competition, team=team) for team in teams]
    return Cup(league, season, competition, teams, entries, secretary, captains)


def a_tie(cup: Cup, round: int, number: int, home: int | None, away: int | None, **fields: Any) -> CupTie:
    """A tie between entries numbered from 0 (None: a place still to fill)."""
    return CupTie.objects.create(
        competition=cup.competition, round=round, number=number,
        home=cup.entries[home] if home is not None else None,
        away=cup.entries[away] if away is not None else None, bye=away is None and home is not None, **fields)


def a_leg(cup: Cup, tie: CupTie, *, leg: int = 1, days: int = 7, status: str = Fixture.Status.PUBLISHED,
          on: date | None = None, **fields: Any) -> Fixture:
    """The tie's leg `leg`, at the home side's (the away side's for a second leg)."""
    assert tie.home is not None and tie.away is not None and tie.home.team and tie.away.team
    home, away = (tie.home.team, tie.away.team) if leg != 2 else (tie.away.team, tie.home.team)
    return Fixture.objects.create(
        division=cup.competition.division, week=tie.round, date=on or timezone.localdate() + timedelta(days=days),
        home_team=home, away_team=away, venue=fields.pop("venue", home.home_venue), status=status, cup_tie=tie,
        leg=leg, **fields)


def first_round_of_six(cup: Cup) -> list[CupTie]:
    """Six entries: two byes (entries 0 and 3) and two ties (1 v 2, 4 v 5),
    the semi-finals and final still to fill."""
    return [a_tie(cup, 1, 1, 0, None, winner=cup.entries[0]), a_tie(cup, 1, 2, 1, 2),
            a_tie(cup, 1, 3, 3, None, winner=cup.entries[3]), a_tie(cup, 1, 4, 4, 5)]
