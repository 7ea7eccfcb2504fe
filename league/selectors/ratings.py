"""Reading ratings: the confirmed games of a league in the order they
were played, with the players on each side (what the ratings are worked
out from), the ratings stored before a point in that order, and the
leaderboards and histories the pages show (docs/ratings.md).

A league game counts once its night is confirmed, on a fixture neither
voided, drafted nor awarded as a walkover, and is rated from the players'
games recorded with the result (`PlayerGame`: conceded rubbers and block
dominoes are not there), so a correction is rated as corrected. A cup
game counts once it is won, in a singles or pairs competition (a team
cup's matches are league-style nights in its own division). A game's date
is its fixture's (the new one once rearranged) or its tie's, else the day
it was entered.
"""
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import date

from django.db.models import F, Max
from django.db.models.functions import Coalesce, TruncDate

from league.models import (
    Competition,
    CupGame,
    Division,
    Fixture,
    League,
    MatchNight,
    Player,
    PlayerGame,
    RatingSnapshot,
)
from league.ratings import Game, Rating, position_of, position_parts
from league.ratings.chart import Point

NOT_PLAYED = (Fixture.Status.WALKOVER, Fixture.Status.VOID, Fixture.Status.DRAFT)


def rated_games(*, league_id: int, since: int | None = None) -> list[Game]:
    """The league's confirmed games at or after position `since` (all of
    them for None), in the order they were played."""
    games = _league_games(league_id, since) + _cup_games(league_id, since)
    games.sort(key=lambda game: game.position)
    return games


def _league_games(league_id: int, since: int | None) -> list[Game]:
    rows = (PlayerGame.objects
            .filter(night__status=MatchNight.Status.CONFIRMED, night__fixture__division__season__league_id=league_id)
            .exclude(night__fixture__status__in=NOT_PLAYED)
            .annotate(played_on=Coalesce("night__fixture__rearranged_to", "night__fixture__date"),
                      home_team=F("night__fixture__home_team_id")))
    if since is not None:
        rows = rows.filter(played_on__gte=position_parts(since)[0])
    found: dict[int, _Sides] = {}
    for game_id, player_id, team_id, won, played_on, home_team in rows.order_by("rubber_game_id", "id").values_list(
            "rubber_game_id", "player_id", "team_id", "won", "played_on", "home_team"):
        sides = found.setdefault(game_id, _Sides(played_on))
        side = "home" if team_id == home_team else "away"
        (sides.home if side == "home" else sides.away).append(player_id)
        sides.winner = side if won else sides.winner
    games = [Game(position=position_of(s.played_on, "league", game_id), home=tuple(s.home), away=tuple(s.away),
                  winner=s.winner) for game_id, s in found.items() if s.home and s.away]
    return [game for game in games if since is None or game.position >= since]


@dataclass
class _Sides:
    played_on: date
    home: list[int] = field(default_factory=list)
    away: list[int] = field(default_factory=list)
    winner: str = ""


def _cup_games(league_id: int, since: int | None) -> list[Game]:
    rows = (CupGame.objects
            .filter(tie__competition__season__league_id=league_id, winner__in=["home", "away"],
                    tie__competition__kind__in=[Competition.Kind.SINGLES, Competition.Kind.PAIRS],
                    tie__home__player__isnull=False, tie__away__player__isnull=False)
            .annotate(played_on=Coalesce("tie__date", TruncDate("entered_at"))))
    if since is not None:
        rows = rows.filter(played_on__gte=position_parts(since)[0])
    games = []
    for game_id, played_on, winner, home, home_partner, away, away_partner in rows.values_list(
            "pk", "played_on", "winner", "tie__home__player_id", "tie__home__partner_id",
            "tie__away__player_id", "tie__away__partner_id"):
        games.append(Game(position=position_of(played_on, "cup", game_id), winner=winner,
                          home=tuple(p for p in (home, home_partner) if p is not None),
                          away=tuple(p for p in (away, away_partner) if p is not None)))
    return [game for game in games if since is None or game.position >= since]


def ratings_before(*, league_id: int, position: int | None,
                   player_ids: Collection[int] | None = None) -> dict[int, Rating]:
    """Each player's latest stored rating before `position` (their rating
    now for None), by player id; only those of `player_ids` when given."""
    snapshots = RatingSnapshot.objects.filter(league_id=league_id)
    if position is not None:
        snapshots = snapshots.filter(position__lt=position)
    if player_ids is not None:
        snapshots = snapshots.filter(player_id__in=player_ids)
    latest = dict(snapshots.values("player_id").annotate(last=Max("position")).values_list("player_id", "last"))
    if not latest:
        return {}
    rows = (RatingSnapshot.objects.filter(league_id=league_id, position__in=set(latest.values()),
                                          player_id__in=set(latest))
            .values_list("player_id", "position", "mu", "sigma", "games"))
    return {player: Rating(mu=mu, sigma=sigma, games=games) for player, at, mu, sigma, games in rows
            if latest.get(player) == at}


def shown_ratings(*, league: League, player_ids: Collection[int]) -> dict[int, float]:
    """The players' ratings now (`mu`, as their pages show it), by player
    id; a player under the league's minimum of games is left out, as the
    public pages leave them out."""
    ratings = ratings_before(league_id=league.pk, position=None, player_ids=player_ids)
    return {player: rating.mu for player, rating in ratings.items() if rating.games >= league.rating_min_games}


@dataclass(frozen=True)
class BoardLine:
    player: Player
    rating: Rating


def rating_board(*, league: League, division: Division | None = None) -> list[BoardLine]:
    """The league's rated players with at least its minimum of games, best
    first by the conservative figure (mu - 3 sigma); with a division, only
    the players who played in it."""
    ratings = ratings_before(league_id=league.pk, position=None)
    shown = {player: rating for player, rating in ratings.items() if rating.games >= league.rating_min_games}
    if division is not None:
        played = set(PlayerGame.objects.filter(division_id=division.pk, night__status=MatchNight.Status.CONFIRMED)
                     .values_list("player_id", flat=True).distinct())
        shown = {player: rating for player, rating in shown.items() if player in played}
    players = Player.objects.in_bulk(list(shown))
    lines = [BoardLine(players[p], rating) for p, rating in shown.items() if p in players]
    lines.sort(key=lambda line: (-line.rating.ordinal, line.player.public_name, line.player.pk))
    return lines


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating in one league, with its history for the chart."""

    league: League
    rating: Rating
    history: list[Point]

    @property
    def public(self) -> bool:
        return self.rating.games >= self.league.rating_min_games


def player_ratings(*, player_id: int) -> list[PlayerRating]:
    """The player's rating in each league they have played in, most games
    first."""
    by_league: dict[int, list[RatingSnapshot]] = defaultdict(list)
    leagues: dict[int, League] = {}
    for snapshot in (RatingSnapshot.objects.filter(player_id=player_id).select_related("league")
                     .order_by("league_id", "position")):
        by_league[snapshot.league_id].append(snapshot)
        leagues[snapshot.league_id] = snapshot.league
    found = [PlayerRating(leagues[league_id], Rating(mu=rows[-1].mu, sigma=rows[-1].sigma, games=rows[-1].games),
                          [Point(row.played_on, row.mu, row.sigma) for row in rows])
             for league_id, rows in by_league.items()]
    found.sort(key=lambda found: (-found.rating.games, found.league.name))
    return found


def leagues_behind() -> list[int]:
    """The leagues whose ratings wait for a re-rate."""
    return list(League.objects.filter(ratings_behind_from__isnull=False).order_by("pk").values_list("pk", flat=True))


def league_of_division(*, division_id: int) -> int:
    return int(Division.objects.filter(pk=division_id).values_list("season__league_id", flat=True).get())


def snapshots_count(*, league_id: int) -> int:
    return RatingSnapshot.objects.filter(league_id=league_id).count()




def leagues_to_rate(*, slug: str | None = None) -> list[League]:
    """Every league, or the one with this slug (none when there is none)."""
    leagues = League.objects.order_by("name")
    return list(leagues.filter(slug=slug) if slug else leagues)
