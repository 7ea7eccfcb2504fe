"""A handicap cup's start score from the two sides' ratings
(league.ratings.handicap, docs/ratings.md "Handicaps"): the weaker side
starts on the rating difference times the league's points per rating
point, rounded to its step and capped at its maximum, never reaching the
target; nobody starts ahead when either side has no shown rating."""
from decimal import Decimal

import pytest

from league.ratings.handicap import HandicapRule, handicap, rule_problem, side_rating

FIVES = HandicapRule(per_point=Decimal("3"), step=5, most=30)


@pytest.mark.parametrize(("rule", "home", "away", "target", "start"), [
    # (difference 10) x 3 = 30: the weaker side is given it, the stronger starts on 0.
    (FIVES, 35.0, 25.0, 61, (0, 30)),
    (FIVES, 25.0, 35.0, 61, (30, 0)),
    # 4 x 3 = 12, the nearest five is 10; 4.5 x 3 = 13.5 rounds to 15; 2.5 x 3 = 7.5 to 10 (half up).
    (FIVES, 29.0, 25.0, 61, (0, 10)),
    (FIVES, 25.0, 29.5, 61, (15, 0)),
    (FIVES, 27.5, 25.0, 61, (0, 10)),
    # Too small a difference to make a step: no start.
    (FIVES, 25.7, 25.0, 61, (0, 0)),
    # Level sides: no start.
    (FIVES, 25.0, 25.0, 61, (0, 0)),
    # Capped at the league's maximum.
    (FIVES, 45.0, 20.0, 61, (0, 30)),
    # A maximum not a whole number of steps: the largest step under it.
    (HandicapRule(per_point=Decimal("3"), step=5, most=32), 45.0, 20.0, 61, (0, 30)),
    # Never at or above the target: a game to 31 gives at most 30, one to 30 at most 25.
    (HandicapRule(per_point=Decimal("10"), step=5, most=100), 40.0, 20.0, 31, (0, 30)),
    (HandicapRule(per_point=Decimal("10"), step=5, most=100), 40.0, 20.0, 30, (0, 25)),
    # Steps of 1 and fractional points per rating point.
    (HandicapRule(per_point=Decimal("1.5"), step=1, most=30), 30.0, 25.0, 61, (0, 8)),
    # A rule of 0 points per rating point gives nobody a start.
    (HandicapRule(per_point=Decimal("0"), step=5, most=30), 40.0, 20.0, 61, (0, 0)),
    # A side without a shown rating: no handicap, whatever the other's.
    (FIVES, None, 25.0, 61, (0, 0)),
    (FIVES, 40.0, None, 61, (0, 0)),
])
def test_the_weaker_side_starts_on_the_rounded_capped_difference(
        rule: HandicapRule, home: float | None, away: float | None, target: int, start: tuple[int, int]) -> None:
    given = handicap(rule, home, away, target)
    assert given.start == start
    assert given.points == max(start)
    assert given.receiver == ("home" if start[0] else "away" if start[1] else "")


@pytest.mark.parametrize(("ratings", "side"), [
    ([30.0], 30.0),
    ([30.0, 20.0], 25.0),  # a pair: the partners' average
    ([30.0, None], None),  # one partner not shown yet: the pair has no rating
    ([None], None),
    ([], None),
])
def test_a_sides_rating_is_its_player_or_its_pairs_average(ratings: list[float | None], side: float | None) -> None:
    assert side_rating(ratings) == side


@pytest.mark.parametrize(("per_point", "step", "most", "problem"), [
    (Decimal("2"), 5, 30, None),
    (Decimal("0"), 1, 0, None),
    (Decimal("-1"), 5, 30, "per rating point"),
    (Decimal("21"), 5, 30, "per rating point"),
    (Decimal("2"), 0, 30, "step"),
    (Decimal("2"), 51, 30, "step"),
    (Decimal("2"), 5, 201, "most start"),
])
def test_a_rules_figures_are_checked(per_point: Decimal, step: int, most: int, problem: str | None) -> None:
    found = rule_problem(per_point, step, most)
    assert (found is None) if problem is None else (found is not None and problem in found)
