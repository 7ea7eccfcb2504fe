"""What an end total scores under each ``scoring`` rule.

Terminology: the *end total* is the sum of the counted contributions of the
open ends after a play; the *award* is what that total scores.  A total of 0
scores nothing (the Pagat text: "a positive total").

>>> [award(t, "fives-and-threes") for t in (5, 6, 9, 10, 12, 15, 18, 20)]
[1, 2, 3, 2, 4, 8, 6, 4]
>>> award(30, "multiples"), award(10, "multiples"), award(7, "multiples")
(60, 10, 0)
"""

from __future__ import annotations

from .kinds import Scoring


def award(total: int, scoring: Scoring) -> int:
    """The points an end total scores under the named scoring rule."""
    if total <= 0:
        return 0
    threes = total % 3 == 0
    fives = total % 5 == 0
    if scoring == "fives-and-threes":
        return (total // 3 if threes else 0) + (total // 5 if fives else 0)
    if scoring == "fives":
        return total // 5 if fives else 0
    if scoring == "threes":
        return total // 3 if threes else 0
    # multiples (the Threes and Fives text): the total itself, twice over when
    # both 3 and 5 divide it.
    return total * (threes + fives)

