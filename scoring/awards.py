"""Awards at the end of a hand, from the tiles shown.

Terminology (docs/scoresheet.md, the ``block`` and ``domino`` keys): a
*block award* goes to the side with the lowest pip total left in hand when
a hand blocks (a tie for lowest: nobody); ``lowest-rounded`` (the Jaques of
London text) rounds the other sides' pips up to the nearest total that
scores and scores it as an end total (13 → 15 → 8 points); ``pips`` (the
Threes and Fives text) scores the other sides' pips minus its own.  A
*domino award* (``domino: pips``, the same text) gives the side that went
out the other sides' pips.

>>> from scoring.rules import Rules
>>> jaques = Rules.parse("jaques")
>>> hand_awards("block", jaques, [[9], [6, 7]], None)
[(0, 8, 'block')]
>>> hand_awards("block", jaques, [[5], [5]], None)
[]
"""

from __future__ import annotations

from .kinds import AwardReason, HandEnding, Scoring
from .rules import Rules
from .totals import award


def hand_awards(ended: HandEnding, rules: Rules, pips: list[list[int]],
                out_side: int | None) -> list[tuple[int, int, AwardReason]]:
    """(side, points, reason) of each award; ``pips`` lists each side's shown tiles' pips."""
    totals = [sum(side) for side in pips]
    if ended == "block" and rules.block != "none":
        lowest = min(totals)
        if totals.count(lowest) > 1:
            return []
        side = totals.index(lowest)
        others = sum(totals) - lowest
        if rules.block == "pips":
            points = others - lowest
        else:
            points = award(round_up(others, rules.scoring), rules.scoring)
        return [(side, points, "block")] if points > 0 else []
    if ended == "chip-out" and rules.domino == "pips" and out_side is not None:
        points = sum(totals) - totals[out_side]
        return [(out_side, points, "domino")] if points > 0 else []
    return []


def round_up(total: int, scoring: Scoring) -> int:
    """The nearest total at or above ``total`` that scores under ``scoring`` (0 stays 0).

    >>> round_up(13, "fives-and-threes"), round_up(16, "fives"), round_up(0, "threes")
    (15, 20, 0)
    """
    while total > 0 and award(total, scoring) == 0:
        total += 1
    return total
