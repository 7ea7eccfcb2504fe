"""A league with a season of random results, made straight in the
database for the ratings' tests: each match night has singles and pairs
rubbers from the paper card, left submitted for the test to confirm in
the order it chooses (`confirm`), with each player's games recorded as
the results service records them."""
import random
from dataclasses import dataclass
from datetime import date, timedelta

from leagues import a_league, a_team, players

from league.models import Division, DivisionEntry, Fixture, League, MatchNight, Player, Rubber, RubberGame, Season
from league.scheduling.roundrobin import double_round_robin
from league.services.standings_player_games import player_games_record

KINDS = ["singles", "singles", "pairs", "singles", "pairs"]


@dataclass
class RatedSeason:
    league: League
    division: Division
    nights: list[MatchNight]
    squads: dict[int, list[Player]]


def a_season_of_results(rng: random.Random, *, teams: int = 4, weeks: int | None = None,
                        start: date | None = None, league: League | None = None) -> RatedSeason:
    league = league or a_league(f"Rated {rng.randrange(10**6)}")
    start = start or date(2025, 9, 2)
    season = Season.objects.create(league=league, name=f"Winter {start.year}", start=start,
                                   registration_deadline=start - timedelta(days=7))
    division = Division.objects.create(season=season, name="Premier")
    sides = [a_team(league, f"{league.slug} {season.pk} Team {t}") for t in range(teams)]
    squads = {team.pk: players(6, prefix=team.name) for team in sides}
    for team in sides:
        DivisionEntry.objects.create(division=division, team=team)
    nights = []
    for week, pairs in enumerate(double_round_robin(teams)[:weeks], start=1):
        for h, a in pairs:
            home, away = sides[h], sides[a]
            # A week's matches share a date: ordered among themselves by game id.
            fixture = Fixture.objects.create(division=division, week=week, date=start + timedelta(weeks=week),
                                             home_team=home, away_team=away, venue=home.home_venue,
                                             status=Fixture.Status.PUBLISHED)
            night = MatchNight.objects.create(fixture=fixture, status=MatchNight.Status.SUBMITTED,
                                              home_games=0, away_games=0)
            home_won = _rubbers(rng, night, squads[home.pk], squads[away.pk])
            night.home_games, night.away_games = home_won, len(KINDS) - home_won
            night.save(update_fields=["home_games", "away_games"])
            nights.append(night)
    player_games_record(night_ids=[n.pk for n in nights])
    return RatedSeason(league, division, nights, squads)


def _rubbers(rng: random.Random, night: MatchNight, home: list[Player], away: list[Player]) -> int:
    """Enters the night's rubbers; returns how many the home side won."""
    won = 0
    hp, ap = rng.sample(home, len(home)), rng.sample(away, len(away))
    for number, kind in enumerate(KINDS, start=1):
        if kind == "singles":
            rubber = Rubber.objects.create(night=night, number=number, kind=kind, home_player=hp[number % 6],
                                           away_player=ap[number % 6])
        else:
            rubber = Rubber.objects.create(night=night, number=number, kind=kind, home_player=hp[0], home_partner=hp[1],
                                           away_player=ap[0], away_partner=ap[1])
        home_won = rng.random() < 0.5
        won += home_won
        RubberGame.objects.create(rubber=rubber, number=1, source="card", home_score=61 if home_won else 40,
                                  away_score=35 if home_won else 61, winner="home" if home_won else "away")
    return won


def confirm(night: MatchNight) -> None:
    MatchNight.objects.filter(pk=night.pk).update(status=MatchNight.Status.CONFIRMED)
