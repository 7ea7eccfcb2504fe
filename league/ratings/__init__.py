"""Player ratings: each player's skill as a Weng-Lin (OpenSkill) rating, a
mean `mu` and an uncertainty `sigma`, updated game by game in the order
the games were played. A pairs game rates both partners as one team
(docs/ratings.md).

The rating arithmetic is the `openskill` library's Plackett-Luce model;
this package only feeds it the games in order and keeps the count of
games each rating stands on. No Django here: the selectors gather the
games, the services store what `replay` yields.
"""
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date

from openskill.models import PlackettLuce, PlackettLuceRating

# The library's defaults (mu 25, sigma 25/3, tau 25/300): tau widens every
# rating a little before each game, so a player who improves is followed.
MODEL = PlackettLuce()

# A game's place in the order of play: its date first, then league games
# before cup games, then the game's own id (a stable order within a day).
# One integer, so "from this game on" is one indexed comparison.
_DAY = 10**12
_KIND = 10**11
KINDS = ("league", "cup")


def position_of(played_on: date, kind: str, game_id: int) -> int:
    assert 0 <= game_id < _KIND
    return played_on.toordinal() * _DAY + KINDS.index(kind) * _KIND + game_id


def day_start(played_on: date) -> int:
    """The position before every game of that day."""
    return played_on.toordinal() * _DAY


def position_parts(position: int) -> tuple[date, str, int]:
    """The date, kind ("league" or "cup") and game id a position stands for."""
    day, rest = divmod(position, _DAY)
    kind, game_id = divmod(rest, _KIND)
    return date.fromordinal(day), KINDS[kind], game_id


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The library's conservative figure (mu - 3 sigma), which ranks a
        leaderboard: a rating on few games ranks below a sure one."""
        return self.mu - 3 * self.sigma


NEW = Rating(mu=MODEL.mu, sigma=MODEL.sigma, games=0)


@dataclass(frozen=True)
class Game:
    """One confirmed game: its position, the players on each side (one
    each for singles, two for pairs) and the side that won ("" for none)."""

    position: int
    home: tuple[int, ...]
    away: tuple[int, ...]
    winner: str


def rate(game: Game, ratings: Mapping[int, Rating], model: PlackettLuce = MODEL) -> dict[int, Rating]:
    """The new ratings of the game's players, from their ratings before it
    (a player missing from `ratings` starts new)."""
    teams = [[_library(model, ratings.get(p, NEW)) for p in side] for side in (game.home, game.away)]
    ranks = {"home": [1.0, 2.0], "away": [2.0, 1.0]}.get(game.winner, [1.0, 1.0])
    rated = model.rate(teams, ranks=ranks)
    return {player: Rating(mu=after.mu, sigma=after.sigma, games=ratings.get(player, NEW).games + 1)
            for side, team in zip((game.home, game.away), rated, strict=True)
            for player, after in zip(side, team, strict=True)}


def replay(games: Iterable[Game], start: Mapping[int, Rating],
           model: PlackettLuce = MODEL) -> Iterator[tuple[Game, dict[int, Rating]]]:
    """Each game in turn with its players' ratings after it, starting from
    `start` (the ratings before the first game)."""
    current = dict(start)
    for game in games:
        after = rate(game, current, model)
        current.update(after)
        yield game, after


def _library(model: PlackettLuce, rating: Rating) -> PlackettLuceRating:
    return model.rating(mu=rating.mu, sigma=rating.sigma)
