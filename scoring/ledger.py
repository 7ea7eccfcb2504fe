"""The score board during one scoring event: credits, peggings back, penalties.

Terminology: an *event* is one move's effect on the scores (or a hand's
end).  A *credit* is points pegged on; under ``finish: exact`` a credit that
would take a side above the target is void (docs/scoresheet.md,
``finish``).  A *pegging back* never takes a score below zero, but the
penalty lists its full amount.  The win is tested once the event's
penalties are all in, taking the sides in turn from the one that acted,
clockwise.

>>> from scoring.rules import Rules
>>> scores = [3, 59]
>>> ledger = Ledger(scores, Rules.parse("pub"), acting=0)
>>> ledger.credit(1, 5), ledger.credit(1, 2), ledger.winner(), scores
(0, 2, 1, [3, 61])
"""

from __future__ import annotations

from .events import Penalty
from .kinds import Offence
from .rules import Rules


class Ledger:
    """The scores during one event: it changes the list it is given."""

    __slots__ = ("scores", "rules", "acting", "loser", "penalties")

    def __init__(self, scores: list[int], rules: Rules, acting: int) -> None:
        self.scores = scores
        self.rules = rules
        self.acting = acting
        self.loser: int | None = None
        self.penalties: list[Penalty] = []

    def would_bust(self, side: int, points: int) -> bool:
        return self.rules.finish == "exact" and self.scores[side] + points > self.rules.target

    def reaches(self, side: int, points: int) -> bool:
        """Whether crediting ``points`` would make ``side`` win."""
        after = self.scores[side] + points
        target = self.rules.target
        return after == target if self.rules.finish == "exact" else after >= target

    def credit(self, side: int, points: int) -> int:
        """Peg ``points`` on for ``side`` as a scoring event; returns what was credited."""
        if points <= 0 or self.would_bust(side, points):
            return 0
        self.scores[side] += points
        return points

    def add(self, side: int, points: int) -> None:
        """Peg on points already tested against the target."""
        self.scores[side] += points

    def opponents(self, side: int) -> list[int]:
        count = len(self.scores)
        return [(side + step) % count for step in range(1, count)]

    def penalise(self, offence: Offence, side: int) -> None:
        """Apply the rules' action for ``offence`` committed by ``side``."""
        action = self.rules.penalties.action(offence)
        if action.kind == "deduct" or (
            action.kind == "back-or-award" and self.scores[side] >= action.amount
        ):
            self.peg_back(offence, side, action.amount)
        elif action.kind in ("award", "back-or-award"):
            self.award_opponents(offence, side, action.amount)
        elif action.kind == "lose-game":
            self.loser = side
            self.penalties.append({"offence": offence, "side": side, "points": 0})
        else:  # none: on the record, no change to the score
            self.penalties.append({"offence": offence, "side": side, "points": 0})

    def peg_back(self, offence: Offence, side: int, amount: int) -> None:
        self.scores[side] = max(0, self.scores[side] - amount)
        self.penalties.append({"offence": offence, "side": side, "points": -amount})

    def award_opponents(self, offence: Offence, side: int, amount: int) -> None:
        for other in self.opponents(side):
            credited = self.credit(other, amount)
            self.penalties.append({"offence": offence, "side": other, "points": credited})

    def muggins(self, side: int, missed: int) -> None:
        """Points a side failed to peg go to each opposing side, as a scoring event of theirs."""
        for other in self.opponents(side):
            self.penalties.append(
                {"offence": "under-peg", "side": other, "points": self.credit(other, missed)}
            )

    def winner(self) -> int | None:
        """The side that has won once this event is in, if any."""
        if self.loser is not None:
            return 1 - self.loser  # lose-game is only allowed with two sides
        for side in [self.acting, *self.opponents(self.acting)]:
            if self.reaches(side, 0):
                return side
        return None
