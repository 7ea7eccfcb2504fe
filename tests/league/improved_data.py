"""A league with a past season of known rating rises, for the most
improved rating on the roll of honour (tests/league/test_most_improved.py).

Ratings are stored as the ratings service stores them (a snapshot per
player after a game: mu, sigma, the games so far), written by hand so the
answer is known: the leaderboard's figure is mu - 3 sigma. The season's
rated games are real confirmed matches on its first and last game days,
with matches around them that must not move those days."""
from datetime import date, timedelta

from django.utils import timezone
from honours_data import SPOILER, Game, Week
from leagues import a_league

from league.models import (
    Division,
    Fixture,
    League,
    MatchNight,
    Player,
    PlayerStats,
    RatingSnapshot,
    Season,
    Team,
    Venue,
)
from league.ratings import position_of

TEAMS = ("Red Lion", "Crown", "Plough", "Bell")

# (player, team, [(days after the season's first game day, mu, sigma, games so far)])
RISES = [
    # 16.0 -> 21.5: up 5.5 (not from the older 5.0, nor to the mid-season 18.0)
    ("Ann Archer", "Red Lion", [(-30, 20.0, 5.0, 10), (-5, 25.0, 3.0, 20), (10, 27.0, 3.0, 26),
                                (63, 29.0, 2.5, 32)]),
    # 14.0 -> 19.5: up 5.5, level with Ann; a game on the first game day is in the season
    ("Bob Brown", "Crown", [(-40, 20.0, 2.0, 30), (0, 21.0, 2.0, 31), (63, 22.5, 1.0, 45)]),
    # New this season: 3.0 -> 21.0 is a rating settling, not an improvement
    ("Cat Cole", "Plough", [(0, 27.0, 8.0, 1), (63, 30.0, 3.0, 25)]),
    # 7.0 -> 19.0, up 12.0, from a rating on 5 games (the league's minimum is 20)
    ("Dan Dare", "Bell", [(-5, 25.0, 6.0, 5), (63, 28.0, 3.0, 25)]),
    # 10.0 -> 30.0, up 20.0, but over 9 games in the season (10 needed)
    ("Eve Evans", "Red Lion", [(-5, 19.0, 3.0, 30), (63, 36.0, 2.0, 39)]),
    # 14.0 -> 19.0, up 5.0; the 40.0 she reached after the season is not this season's
    ("Fay Fox", "Crown", [(-5, 20.0, 2.0, 30), (63, 22.0, 1.0, 40), (90, 46.0, 2.0, 50)]),
]
LAST_GAME_DAY = 63


def a_rated_league(*, rating_min_games: int = 20) -> tuple[League, dict[str, Team]]:
    """The league, its teams, and its current season begun ten days ago."""
    league = a_league("Improvers League", rating_min_games=rating_min_games)
    today = timezone.localdate()
    Season.objects.create(league=league, name="Winter 2026-27", start=today - timedelta(days=10),
                          registration_deadline=today - timedelta(days=17))
    teams = {name: Team.objects.create(league=league, name=name, home_venue=Venue.objects.create(name=f"The {name}"))
             for name in TEAMS}
    return league, teams


def a_rated_season(league: League, teams: dict[str, Team], name: str, start: date, *, suffix: str = "") -> Week:
    """A past season whose rated games run from a week after `start` (its
    first game day) to LAST_GAME_DAY days later, and whose players' ratings
    are RISES (their names followed by `suffix`)."""
    season = Season.objects.create(league=league, name=name, start=start,
                                   registration_deadline=start - timedelta(days=7))
    premier = Division.objects.create(season=season, name="Premier", level=1)
    first_division = Division.objects.create(season=season, name="First", level=2)
    cup = Division.objects.create(season=season, name="Cup", is_cup=True)
    week = Week(league, season, premier, first_division, cup, start, teams)
    first = start + timedelta(days=7)
    opener: list[Game] = [("Opener Home", "Opener Away", 61, 40, None, None)]
    week.match(premier, "Red Lion", "Crown", first, opener)
    week.match(premier, "Crown", "Red Lion", first + timedelta(days=LAST_GAME_DAY), opener)
    # Not rated, so they move neither end of the season's games.
    week.match(premier, "Plough", "Bell", first - timedelta(days=17), SPOILER, fixture_status=Fixture.Status.VOID)
    week.match(premier, "Bell", "Plough", first + timedelta(days=90), SPOILER, status=MatchNight.Status.SUBMITTED)
    for n, (player_name, team, ratings) in enumerate(RISES, start=1):
        player = Player.objects.create(name=f"{player_name}{suffix}")
        for offset, mu, sigma, games in ratings:
            day = first + timedelta(days=offset)
            RatingSnapshot.objects.create(league=league, player=player, position=position_of(day, "league", n),
                                          played_on=day, mu=mu, sigma=sigma, games=games)
        PlayerStats.objects.create(season=season, division=premier, player=player, team=teams[team], played=12,
                                   won=6, pegged=12 * 40, on_target=1, played_live=0, fifteens=0, penalties=0,
                                   rebuilt_at=timezone.now())
    return week
