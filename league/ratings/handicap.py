"""A handicap cup's start score: the weaker side of a game begins on a
score the league's rule works out from the two sides' ratings
(docs/ratings.md, "Handicaps").

The rule: the difference between the sides' ratings (`mu`, the figure the
player's page shows) times the league's points per rating point, rounded
to the nearest step (half a step rounds up), and capped at the league's
maximum; never at or above the game's target, the cap then being the
largest whole step below it. A pairs side's rating is the partners'
average. A side with a player whose rating is not shown yet (fewer games
than the league's minimum) has no rating, and the game no handicap: a
start worked out from a guess would decide too much.

No Django here: the selectors gather the ratings, the services give the
start to the engine (the scoresheet's `start`, one score per side, home
first).
"""
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

MAX_PER_POINT = Decimal("20")
MAX_STEP = 50
MAX_MOST = 200


@dataclass(frozen=True)
class HandicapRule:
    per_point: Decimal  # points of start per point of rating difference
    step: int  # the start is a whole number of these (5: Fives and Threes scores come in fives)
    most: int  # the most start a side is given


@dataclass(frozen=True)
class Handicap:
    """A game's start scores, home first, and the ratings they came from
    (None for a side without a shown rating)."""

    start: tuple[int, int]
    home: float | None
    away: float | None

    @property
    def given(self) -> bool:
        return any(self.start)

    @property
    def receiver(self) -> str:
        """"home" or "away", the side given the start; "" for none."""
        return "home" if self.start[0] else "away" if self.start[1] else ""

    @property
    def points(self) -> int:
        return max(self.start)


def rule_problem(per_point: Decimal, step: int, most: int) -> str | None:
    """The problem with a rule's figures, or None (the form, the API and
    the service refuse the same values with these words)."""
    if not Decimal(0) <= per_point <= MAX_PER_POINT:
        return f"points of start per rating point are from 0 to {MAX_PER_POINT}, not {per_point}"
    if not 1 <= step <= MAX_STEP:
        return f"the start is rounded to a step from 1 to {MAX_STEP}, not {step}"
    if not 0 <= most <= MAX_MOST:
        return f"the most start is from 0 to {MAX_MOST}, not {most}"
    return None


def side_rating(ratings: Sequence[float | None]) -> float | None:
    """A side's rating: its player's, or a pair's average; None when any
    of them has no shown rating (or the side has no one)."""
    if not ratings or any(rating is None for rating in ratings):
        return None
    return sum(rating for rating in ratings if rating is not None) / len(ratings)


def start_points(rule: HandicapRule, difference: float, target: int) -> int:
    """The start the weaker side gets for a rating `difference` (>= 0)."""
    step = Decimal(rule.step)
    raw = Decimal(repr(abs(difference))) * rule.per_point
    rounded = int((raw / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step)
    cap = min(rule.most, target - 1)
    return max(0, min(rounded, cap // rule.step * rule.step))


def handicap(rule: HandicapRule, home: float | None, away: float | None, target: int) -> Handicap:
    """The start scores of a game between sides rated `home` and `away`
    under the rule, for a game to `target`: the lower rated side starts on
    the points, the other on 0; (0, 0) when either side has no rating or
    they are level."""
    if home is None or away is None or home == away:
        return Handicap(start=(0, 0), home=home, away=away)
    points = start_points(rule, home - away, target)
    return Handicap(start=(0, points) if home > away else (points, 0), home=home, away=away)
