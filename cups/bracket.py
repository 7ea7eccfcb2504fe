"""A straight knockout drawn all at once: the whole bracket, with byes.

Terminology: the *bracket* has a *size*, the power of two at or above the
number of entrants, and that many *slots* down the page; the first round
pairs slots 1 and 2, 3 and 4, and so on, and each later tie is fed by two
ties of the round before (tie ``k`` of a round by ties ``2k - 1`` and
``2k`` of the one before it, the upper one's winner named first).  A slot
without an entrant is a *bye*.  Entrants short of the size get byes, all in
the first round.

Seeded, the entrants are given best first and placed in the standard
bracket order, in which seed ``s`` meets seed ``size + 1 - s`` in the first
round and, if the better seeds keep winning, the top two meet only in the
final, the top four only in the semi-finals, and so on.  The byes are the
missing seeds at the bottom, so they go to the top seeds, and no two byes
ever meet: fewer than half the slots are byes, and each first-round tie
holds one seed from the top half.

Drawn at random, the names are taken out of the hat in the order
``entrants.drawn_order`` gives from the recorded seed and paired as a
round drawn on its own is (``entrants.in_pairs``): the first drawn at
home to the second, the third to the fourth, down the bracket, and the
names left in the hat have the byes, below the ties.  Round 1 of a whole
bracket is therefore the round ``draw_round`` makes from the same
entrants and seed, tie for tie.

Each bracket records the ``procedure`` it was drawn by, so that a bracket
drawn before the procedure changed is still made again from its seed:
``AS_SEEDS`` (1), the first, placed an open draw's names as if the order
drawn were their seeding (the byes to the first drawn, the next ones
meeting the last ones); ``IN_PAIRS`` (2) is the one above.  A seeded bracket
is the same under both.

>>> bracket_order(8)
[1, 8, 4, 5, 2, 7, 3, 6]
>>> b = draw_bracket([Entrant(1, "Red Lion A"), Entrant(2, "Crown"), Entrant(3, "Swan")])
>>> b.slots
(1, None, 2, 3)
>>> [(t.home, t.away, t.bye) for t in first_round(b)]
[(1, None, True), (2, 3, False)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .entrants import checked, drawn_order, in_pairs
from .errors import DrawError
from .values import Entrant, EntrantId, Tie

Method = Literal["seeded", "open", "groups"]
METHODS: dict[str, Method] = {"seeded": "seeded", "open": "open", "groups": "groups"}
TieKey = tuple[int, int]  # (round, tie number)
AS_SEEDS, IN_PAIRS = 1, 2  # the procedures an open bracket has been drawn by
PROCEDURES = (AS_SEEDS, IN_PAIRS)


@dataclass(frozen=True, slots=True)
class Bracket:
    """The whole draw of a straight knockout.

    ``slots`` holds the entrant ids down the bracket, ``None`` for a bye.
    ``method`` says how it was drawn: ``seeded`` (the entrants in seed
    order), ``open`` (at random from ``seed``) or ``groups`` (from a group
    stage's qualifiers, ``cups.knockout``, at random from ``seed``).
    ``procedure`` is the version of the procedure it was drawn by; one
    recorded without it was drawn by the first, ``AS_SEEDS``.
    """

    entrants: tuple[Entrant, ...]
    method: Method
    seed: int | None
    slots: tuple[EntrantId | None, ...]
    procedure: int = IN_PAIRS

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def rounds(self) -> int:
        """How many rounds, the final included."""
        return self.size.bit_length() - 1

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Bracket:
        method = METHODS.get(str(data["method"]))
        if method is None:
            raise DrawError(f"no such way of drawing a bracket: {data['method']!r}")
        seed = data.get("seed")
        return cls(entrants=tuple(Entrant.from_dict(e) for e in data["entrants"]), method=method,
                   seed=None if seed is None else int(seed),
                   slots=tuple(None if s is None else int(s) for s in data["slots"]),
                   procedure=_procedure(data.get("procedure", AS_SEEDS)))


def _procedure(given: object) -> int:
    found = next((procedure for procedure in PROCEDURES if given == procedure), None)
    if found is None:
        raise DrawError(f"no such procedure for drawing a bracket: {given!r}")
    return found


def size_for(count: int) -> int:
    """The bracket's size: the power of two at or above ``count``."""
    return 1 << max(count - 1, 1).bit_length()


def bracket_order(size: int) -> list[int]:
    """The seeds down a bracket of ``size`` slots, in the standard order.

    Built by doubling: each seed ``s`` of the bracket half the size is
    followed by ``2 * half + 1 - s``, the seed it meets in the new first
    round, so every first-round tie has the better seed named first.
    """
    if size < 2 or size & (size - 1):
        raise DrawError(f"a bracket has a power of two slots, at least 2, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def draw_bracket(entrants: Sequence[Entrant], *, seed: int | None = None, procedure: int = IN_PAIRS) -> Bracket:
    """The whole bracket: seeded in the order given when ``seed`` is None,
    otherwise drawn at random from ``seed`` (record it: the same entrants and
    seed give the same bracket).  ``procedure`` is for making again a
    bracket drawn by an earlier one (``AS_SEEDS``)."""
    found = checked(entrants)
    procedure = _procedure(procedure)
    if seed is None:
        return Bracket(entrants=found, method="seeded", seed=None, slots=placed(found), procedure=procedure)
    order = drawn_order(found, seed)
    slots = placed(order) if procedure == AS_SEEDS else paired(order)
    return Bracket(entrants=found, method="open", seed=seed, slots=slots, procedure=procedure)


def paired(order: Sequence[Entrant]) -> tuple[EntrantId | None, ...]:
    """The slots for names in the order drawn from the hat: the ties of
    ``in_pairs`` down the bracket, each bye an entrant above an empty slot."""
    pairs = in_pairs(order, size_for(len(order)))
    return tuple(side.id if side is not None else None for pair in pairs for side in pair)


def placed(ranked: Sequence[Entrant]) -> tuple[EntrantId | None, ...]:
    """The slots for entrants ranked best first: seed ``s`` in its place in
    the standard order, a bye where the seed is past the last entrant."""
    order = bracket_order(size_for(len(ranked)))
    return tuple(ranked[s - 1].id if s <= len(ranked) else None for s in order)


def first_round(bracket: Bracket) -> tuple[Tie, ...]:
    """Round 1's ties, a bye as a tie with the entrant at home and no one away."""
    ties = []
    for number, (upper, lower) in enumerate(zip(bracket.slots[::2], bracket.slots[1::2], strict=True), start=1):
        if upper is None and lower is None:  # cannot happen from placed(); refused if stored so
            raise DrawError(f"round 1 tie {number} is two byes")
        if upper is None or lower is None:
            alone = upper if lower is None else lower
            ties.append(Tie(round=1, number=number, home=alone, away=None, bye=True))
        else:
            ties.append(Tie(round=1, number=number, home=upper, away=lower))
    return tuple(ties)


def bracket_rounds(bracket: Bracket,
                   winners: Mapping[TieKey, EntrantId] | None = None) -> tuple[tuple[Tie, ...], ...]:
    """Every round of the bracket with each side filled in as far as the
    winners so far decide it.  ``winners`` maps (round, tie number) to the
    id of the side that went through; a bye goes through by itself.  A
    winner who was not in the tie is refused."""
    given = dict(winners or {})
    rounds = [first_round(bracket)]
    while len(rounds[-1]) > 1:
        previous = rounds[-1]
        ties = []
        for number in range(1, len(previous) // 2 + 1):
            upper, lower = previous[2 * number - 2], previous[2 * number - 1]
            ties.append(Tie(round=upper.round + 1, number=number,
                            home=winner(upper, given), away=winner(lower, given)))
        rounds.append(tuple(ties))
    winner(rounds[-1][0], given)  # checks the final's winner too
    return tuple(rounds)


def winner(tie: Tie, winners: Mapping[TieKey, EntrantId]) -> EntrantId | None:
    """Who went through from the tie, if known yet."""
    if tie.bye:
        return tie.home
    found = winners.get((tie.round, tie.number))
    if found is None:
        return None
    if found not in (tie.home, tie.away) or None in (tie.home, tie.away):
        raise DrawError(f"round {tie.round} tie {tie.number}: {found} was not in it")
    return found


def champion(bracket: Bracket, winners: Mapping[TieKey, EntrantId]) -> EntrantId | None:
    """The winner of the final, once it is known."""
    return winner(bracket_rounds(bracket, winners)[-1][0], winners)
