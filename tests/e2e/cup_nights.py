"""Cups for the browser tests: a league with teams whose names are as long
as a real league's, a team cup with its own division, a bracket drawn, and
a night of three cup matches at one venue, each with its team sheet in."""
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from league import formats
from league.models import (
    Competition,
    CupEntry,
    CupTie,
    Division,
    Fixture,
    League,
    Player,
    Season,
    SquadRegistration,
    Team,
    Venue,
)
from league.services.teamsheets import team_sheet_enter

TEAMS = ["Red Lion Ramblers A", "Crown & Anchor Dominoes B", "Swan with Two Necks", "Bell Inn Fives and Threes",
         "Plough & Harrow Old Boys", "Royal Oak Wednesday", "Coach and Horses Regulars", "Three Tuns Knockers"]
FIRST = ["Annie", "Bob", "Carol", "Dave", "Edna", "Frank", "Gwen", "Harry", "Iris", "Jack", "Kath", "Len"]
LAST = ["Whitehouse", "Fairbrother", "Ollerenshaw", "Bagshaw", "Hollinshead", "Cartwright"]


@dataclass
class LeagueMade:
    league: League
    season: Season
    teams: list[Team]
    secretary: Any


def a_league_with_teams(count: int, *, match_format: str = "plain") -> LeagueMade:
    today = timezone.localdate()
    league = League.objects.create(name="Solihull & District", slug="solihull", match_format=match_format)
    season = Season.objects.create(league=league, name="Winter", start=today - timedelta(days=30),
                                   registration_deadline=today - timedelta(days=20), squad_max=14, squad_min=1)
    secretary = get_user_model().objects.create_user("cup-secretary")
    league.secretaries.add(secretary)
    teams = []
    for number, name in enumerate(TEAMS[:count]):
        team = Team.objects.create(league=league, name=name, home_venue=Venue.objects.create(name=name[:12]))
        squad = [Player.objects.create(name=f"{first} {LAST[(n + number) % len(LAST)]}")
                 for n, first in enumerate(FIRST)]
        SquadRegistration.objects.bulk_create(SquadRegistration(season=season, team=team, player=p) for p in squad)
        teams.append(team)
    return LeagueMade(league, season, teams, secretary)


def a_team_cup(made: LeagueMade, **fields: Any) -> tuple[Competition, list[CupEntry]]:
    division = Division.objects.create(season=made.season, name="Knockout Cup", is_cup=True)
    competition = Competition.objects.create(season=made.season, name="Knockout Cup", slug="knockout-cup",
                                             division=division, **fields)
    return competition, [CupEntry.objects.create(competition=competition, team=team) for team in made.teams]


def a_drawn_bracket(made: LeagueMade) -> Competition:
    """Eight teams drawn as a whole bracket: the quarter-finals between
    them, the semi-finals and final still to fill."""
    competition, entries = a_team_cup(made, draw_mode=Competition.DrawMode.BRACKET,
                                      status=Competition.Status.DRAWN)
    for number in range(1, 5):
        CupTie.objects.create(competition=competition, round=1, number=number, home=entries[2 * number - 2],
                              away=entries[2 * number - 1])
    for round, count in ((2, 2), (3, 1)):
        for number in range(1, count + 1):
            CupTie.objects.create(competition=competition, round=round, number=number)
    return competition


def a_finals_night(made: LeagueMade) -> tuple[Competition, list[Fixture]]:
    """Tonight at the Town Hall: the three ties of a six-team cup's first
    round, every team sheet in (three matches side by side, as on a
    finals night of two semi-finals and a plate final)."""
    hall = Venue.objects.create(name="Town Hall")
    today = timezone.localdate()
    competition, entries = a_team_cup(made, finals_date=today, finals_venue=hall, status=Competition.Status.DRAWN)
    ties = [CupTie.objects.create(competition=competition, round=1, number=n, home=entries[2 * n - 2],
                                  away=entries[2 * n - 1], date=today) for n in (1, 2, 3)]
    fixtures = []
    for tie in ties:
        assert tie.home is not None and tie.away is not None and tie.home.team and tie.away.team
        fixture = Fixture.objects.create(division=competition.division, week=1, date=today,
                                         home_team=tie.home.team, away_team=tie.away.team, venue=hall,
                                         status=Fixture.Status.PUBLISHED, cup_tie=tie, leg=1)
        team_sheet_enter(fixture_id=fixture.pk, lineups=_lineups(made, fixture), user=made.secretary)
        fixtures.append(fixture)
    return competition, fixtures


def _lineups(made: LeagueMade, fixture: Fixture) -> list[tuple[list[int], list[int]]]:
    """Singles by the first players, each once; pairs by the rest, two by two."""
    home, away = ([r.player_id for r in SquadRegistration.objects.filter(season=made.season, team=team)
                   .order_by("id")] for team in (fixture.home_team, fixture.away_team))
    sheet, singles, pairs = [], 0, 0
    for rubber in formats.format_get(made.league.match_format).rubbers:
        if rubber.kind == "singles":
            sheet.append(([home[singles]], [away[singles]]))
            singles += 1
        else:
            at = 6 + 2 * pairs
            sheet.append((home[at:at + 2], away[at:at + 2]))
            pairs += 1
    return sheet
