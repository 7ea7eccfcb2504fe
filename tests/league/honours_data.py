"""A league with one match week of known honours, and matches around it
that must not count: a void fixture, a result not yet confirmed, a
play-off, a cup tie, the week before, a match moved out of the week.

The week is the one that started two Mondays before today's, so that it
is whole and past whatever day the tests run. Each game is stored as the
result's services store it: a rubber, its game, and a PlayerGame row for
each player (a live one with its 15s, a card one without)."""
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from django.utils import timezone
from leagues import a_league

from league.models import (
    Division,
    Fixture,
    League,
    MatchNight,
    Player,
    PlayerGame,
    Rubber,
    RubberGame,
    Season,
    Team,
    Venue,
)

# (home player, away player, home score, away score, home 15s, away 15s); 15s None: from the card.
Game = tuple[str, str, int, int, int | None, int | None]


@dataclass
class Week:
    league: League
    season: Season
    premier: Division
    first: Division
    cup: Division
    monday: date
    teams: dict[str, Team]
    players: dict[str, Player] = field(default_factory=dict)
    week_number: int = 0

    def player(self, name: str, team: str) -> Player:
        if name not in self.players:
            self.players[name] = Player.objects.create(name=name)
        return self.players[name]

    def match(self, division: Division, home: str, away: str, day: date, games: list[Game], *,
              status: str = MatchNight.Status.CONFIRMED, **fixture: Any) -> MatchNight:
        """A match and its games; the score is the games each side won."""
        self.week_number += 1
        fixture_row = Fixture.objects.create(
            division=division, week=self.week_number, date=day, home_team=self.teams[home],
            away_team=self.teams[away], venue=self.teams[home].home_venue,
            status=fixture.pop("fixture_status", Fixture.Status.PUBLISHED), **fixture)
        home_games = sum(1 for game in games if game[2] > game[3])
        night = MatchNight.objects.create(fixture=fixture_row, status=status, home_games=home_games,
                                          away_games=len(games) - home_games, confirmed_at=timezone.now())
        for number, (home_name, away_name, home_score, away_score, home_15s, away_15s) in enumerate(games, 1):
            home_player, away_player = self.player(home_name, home), self.player(away_name, away)
            rubber = Rubber.objects.create(night=night, number=number, kind=Rubber.Kind.SINGLES,
                                           home_player=home_player, away_player=away_player)
            winner = RubberGame.Side.HOME if home_score > away_score else RubberGame.Side.AWAY
            rubber_game = RubberGame.objects.create(rubber=rubber, number=1, source=RubberGame.Source.CARD,
                                                    home_score=home_score, away_score=away_score, winner=winner)
            for player, team, pegged, other, fifteens in ((home_player, home, home_score, away_score, home_15s),
                                                          (away_player, away, away_score, home_score, away_15s)):
                PlayerGame.objects.create(
                    night=night, rubber_game=rubber_game, division=division, player=player, team=self.teams[team],
                    won=pegged > other, pegged=pegged, on_target=pegged == 61, live=fifteens is not None,
                    fifteens=fifteens, penalties=None if fifteens is None else 0)
        return night


def a_week() -> Week:
    league = a_league("Honours League")
    today = timezone.localdate()
    season = Season.objects.create(league=league, name="Winter", start=today - timedelta(days=90),
                                   registration_deadline=today - timedelta(days=97))
    premier = Division.objects.create(season=season, name="Premier", level=1)
    first = Division.objects.create(season=season, name="First", level=2)
    cup = Division.objects.create(season=season, name="Cup", is_cup=True)
    teams = {name: Team.objects.create(league=league, name=name, home_venue=Venue.objects.create(name=f"The {name}"))
             for name in ("Red Lion", "Crown", "Plough", "Bell")}
    monday = today - timedelta(days=today.weekday() + 14)
    return Week(league, season, premier, first, cup, monday, teams)


# Three wins on 61 and nine 15s: enough to top every honour, if it counted.
SPOILER: list[Game] = [("Spoiler Home", "Spoiler Away", 61, 0, 9, 0)] * 3


def known_week() -> Week:
    """The week's answers (tests/league/test_week_honours.py):

    - maximums: Red Lion 3-0 v Crown (Tuesday), Bell 1-0 v Plough
      (Friday, rearranged into the week);
    - most 61s: Ann Archer, 2 (Red Lion);
    - most 15s: Dan Dare, 6 (Crown; live games only);
    - highest average: Ann Archer, 61.0 over 2 games (Cat Cole's 61.0 is
      over 1 game).
    """
    week = a_week()
    mon = week.monday
    week.match(week.premier, "Red Lion", "Crown", mon + timedelta(days=1), [
        ("Ann Archer", "Bob Brown", 61, 40, 3, 1),
        ("Cat Cole", "Dan Dare", 61, 55, 2, 6),
        ("Ann Archer", "Bob Brown", 61, 20, 2, 0)])
    week.match(week.first, "Plough", "Bell", mon + timedelta(days=2), [
        ("Eve Evans", "Fay Fox", 61, 30, None, None),
        ("Gus Grey", "Hal Hill", 61, 50, None, None),
        ("Eve Evans", "Fay Fox", 59, 61, None, None)])
    week.match(week.first, "Bell", "Plough", mon - timedelta(days=4), [("Hal Hill", "Gus Grey", 61, 58, None, None)],
               fixture_status=Fixture.Status.REARRANGED, rearranged_to=mon + timedelta(days=4))
    # None of these count.
    week.match(week.premier, "Crown", "Red Lion", mon - timedelta(days=2), SPOILER)  # the week before
    week.match(week.premier, "Crown", "Red Lion", mon + timedelta(days=3), SPOILER,  # moved to the week before
               fixture_status=Fixture.Status.REARRANGED, rearranged_to=mon - timedelta(days=3))
    week.match(week.premier, "Red Lion", "Crown", mon + timedelta(days=3), SPOILER, fixture_status=Fixture.Status.VOID)
    week.match(week.first, "Plough", "Bell", mon + timedelta(days=3), SPOILER, status=MatchNight.Status.SUBMITTED)
    week.match(week.first, "Bell", "Plough", mon + timedelta(days=3), SPOILER, playoff=True)
    week.match(week.cup, "Crown", "Plough", mon + timedelta(days=3), SPOILER)
    return week
