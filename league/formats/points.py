"""Points schemes: what a match result is worth in the league table.

Terminology: a match's *score* is the rubbers (games) each side won, 5-4.
A *points scheme* gives the *match points* for it: points for a win, a draw
or a loss, plus points per game won, plus a *losing bonus* for a loser who
lost by at most ``within`` games (Solihull: 1 for losing 5-4).  A
*walkover* is a match one team did not play (a forfeit): the winner takes
the points for winning by the scheme's recorded score, the team that gave
the walkover takes ``loser_points`` (0 in every preset: it played no games,
so it earns neither game points nor a losing bonus).

>>> scheme = PointsScheme("demo", "Demo", win=2, draw=1, loss=0, per_game=1,
...                       walkover=Walkover(score=(5, 4)))
>>> match_points(scheme, 6, 3), match_points(scheme, 4, 5)
((8, 3), (4, 7))
>>> walkover_result(scheme, "away")
MatchResult(home_games=4, away_games=5, home_points=0, away_points=7, walkover=True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import ResultError, SchemeError
from .matchformats import MatchFormat
from .rubbers import Side


@dataclass(frozen=True, slots=True)
class LosingBonus:
    """``points`` for a loser beaten by ``within`` games or fewer."""

    points: int
    within: int


@dataclass(frozen=True, slots=True)
class Walkover:
    """How a walkover is recorded: the score (winner's games first) and the
    points of the team that gave it; the winner's points follow from the score."""

    score: tuple[int, int] = (0, 0)
    loser_points: int = 0


@dataclass(frozen=True, slots=True)
class PointsScheme:
    """Match points for a result: see the module's terminology."""

    key: str
    name: str
    win: int
    draw: int
    loss: int
    per_game: int = 0
    losing_bonus: LosingBonus | None = None
    walkover: Walkover = field(default_factory=Walkover)

    def __post_init__(self) -> None:
        values = (self.win, self.draw, self.loss, self.per_game, self.walkover.loser_points,
                  *self.walkover.score, *((self.losing_bonus.points, self.losing_bonus.within)
                                          if self.losing_bonus else ()))
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
            raise SchemeError(f"{self.name}: every number in a points scheme is a whole number, 0 or more")
        bonus = self.best_defeat - self.loss
        # The order a table relies on: a win is worth at least a draw and at
        # least the best defeat, so a winner never takes fewer points. A
        # draw against a defeat matters only where a match can be drawn:
        # `draw_problem`, which knows the match format.
        if not (self.win >= self.draw and self.win >= self.best_defeat):
            raise SchemeError(f"{self.name}: a win ({self.win}) must be worth at least a draw "
                              f"({self.draw}) and at least a defeat ({self.loss} + bonus {bonus})")
        winner_games, loser_games = self.walkover.score
        if winner_games < loser_games or self.walkover.loser_points > self.loss:
            raise SchemeError(f"{self.name}: a walkover must favour the team that turned up")


    @property
    def best_defeat(self) -> int:
        """The most a defeat is worth before game points: a close one's, with its bonus."""
        return self.loss + (self.losing_bonus.points if self.losing_bonus else 0)


def draw_problem(scheme: PointsScheme, fmt: MatchFormat) -> str | None:
    """Why the scheme does not suit the format, or None: where a match of
    the format can end level, a draw must be worth at least the best
    defeat, or a side would do better to lose narrowly than to draw. With
    an odd number of rubbers no match is drawn, and the draw's points are
    never given (Solihull's 3, 0, 0 with a losing bonus of 1 over nine)."""
    if not fmt.draws_possible() or scheme.draw >= scheme.best_defeat:
        return None
    return (f"the {scheme.name} points scheme gives a draw ({scheme.draw}) less than a close defeat "
            f"({scheme.loss} + bonus {scheme.best_defeat - scheme.loss}), and a match of {len(fmt.rubbers)} "
            f"rubbers ({fmt.name}) can be drawn: give a draw at least {scheme.best_defeat} points, or play an "
            "odd number of rubbers")


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match's score and match points, home first."""

    home_games: int
    away_games: int
    home_points: int
    away_points: int
    walkover: bool = False


def match_points(scheme: PointsScheme, home_games: int, away_games: int) -> tuple[int, int]:
    """(home points, away points) for a match won ``home_games`` to ``away_games``."""
    for games in (home_games, away_games):
        if isinstance(games, bool) or not isinstance(games, int) or games < 0:
            raise ResultError(f"a match score is two whole numbers, 0 or more, not {home_games!r}-{away_games!r}")
    if home_games == away_games:
        drawn = scheme.draw + scheme.per_game * home_games
        return drawn, drawn
    if home_games > away_games:
        return _winner(scheme, home_games), _loser(scheme, away_games, home_games - away_games)
    return _loser(scheme, home_games, away_games - home_games), _winner(scheme, away_games)


def match_result(scheme: PointsScheme, home_games: int, away_games: int) -> MatchResult:
    """The score and its match points, as one value."""
    return MatchResult(home_games, away_games, *match_points(scheme, home_games, away_games))


def walkover_result(scheme: PointsScheme, winner: Side) -> MatchResult:
    """The result recorded when ``winner``'s opponents gave a walkover."""
    won, lost = scheme.walkover.score
    # Computed as a win even when the recorded score is level (0-0): there
    # was no match to draw, and the team that turned up takes it.
    points = _winner(scheme, won), scheme.walkover.loser_points
    if winner == "home":
        return MatchResult(won, lost, points[0], points[1], walkover=True)
    if winner == "away":
        return MatchResult(lost, won, points[1], points[0], walkover=True)
    raise ResultError(f"the winner of a walkover is 'home' or 'away', not {winner!r}")


def _winner(scheme: PointsScheme, games: int) -> int:
    return scheme.win + scheme.per_game * games


def _loser(scheme: PointsScheme, games: int, margin: int) -> int:
    bonus = scheme.losing_bonus
    close = bonus.points if bonus is not None and margin <= bonus.within else 0
    return scheme.loss + scheme.per_game * games + close
