"""The knockout after a group stage: the qualifiers into a bracket.

The qualifiers are ranked by their place in their group (the winners, then
the runners-up, then any best third-placed), those of the same place drawn
in random order from the recorded seed, and placed as seeds in the
standard bracket order (``cups.bracket``): the winners are the top seeds,
have the byes if there are any, and meet the runners-up in the first
round.  Where a group's winner is drawn against its own runner-up (or any
two of one group meet in the first round), the lower-placed side swaps
with the lower-placed side of another first-round tie, of the same place,
where neither tie then holds two of one group; failing that the
better-placed side swaps the same way (with a bye, if need be).  When no
such swap exists (one group only) the tie stands.

>>> from cups import Qualifier, first_round
>>> teams = [Entrant(i, f"T{i}") for i in range(1, 5)]
>>> through = [Qualifier(1, "A", 1), Qualifier(2, "B", 1), Qualifier(3, "A", 2), Qualifier(4, "B", 2)]
>>> [(t.home, t.away) for t in first_round(draw_knockout(teams, through, seed=3))]
[(2, 3), (1, 4)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .bracket import Bracket, bracket_order, size_for
from .entrants import checked, shuffle
from .errors import DrawError
from .tables import Qualifier
from .values import Entrant


def draw_knockout(entrants: Sequence[Entrant], qualified: Sequence[Qualifier], *, seed: int) -> Bracket:
    """The bracket of the group stage's qualifiers, drawn from ``seed``.
    ``entrants`` names them (it may hold the whole competition's)."""
    known = {entrant.id: entrant for entrant in checked(entrants)}
    missing = [q.entrant for q in qualified if q.entrant not in known]
    if missing:
        raise DrawError(f"qualifier {missing[0]} is not among the entrants")
    ranked = _ranked(qualified, seed)
    checked([known[q.entrant] for q in ranked])
    order = bracket_order(size_for(len(ranked)))
    slots: list[Qualifier | None] = [ranked[s - 1] if s <= len(ranked) else None for s in order]
    _keep_groups_apart(slots)
    return Bracket(entrants=tuple(known[q.entrant] for q in ranked), method="groups", seed=seed,
                   slots=tuple(None if q is None else q.entrant for q in slots))


def _ranked(qualified: Sequence[Qualifier], seed: int) -> list[Qualifier]:
    """By place, and within a place in an order drawn from ``seed``
    (starting from group order, so the draw does not depend on the order
    the qualifiers were listed in)."""
    draw = random.Random(seed)
    ranked: list[Qualifier] = []
    for place in sorted({q.place for q in qualified}):
        same = sorted((q for q in qualified if q.place == place), key=lambda q: (q.group, q.entrant))
        shuffle(same, draw)
        ranked += same
    return ranked


def _keep_groups_apart(slots: list[Qualifier | None]) -> None:
    """Swap sides of the same place between first-round ties until no tie
    holds two of one group, where a swap allows it: the lower sides first."""
    pairs = len(slots) // 2
    for tie in range(pairs):
        if not _clash(slots[2 * tie], slots[2 * tie + 1]):
            continue
        swaps = [(2 * tie + side, 2 * other + side)
                 for side in (1, 0) for other in range(pairs) if other != tie]
        for mine, theirs in swaps:
            if _swap_clears(slots, mine, theirs):
                slots[mine], slots[theirs] = slots[theirs], slots[mine]
                break


def _swap_clears(slots: list[Qualifier | None], mine: int, theirs: int) -> bool:
    """Whether swapping the two slots (sides of one place) leaves neither tie with two of one group."""
    moving, coming = slots[mine], slots[theirs]
    if moving is None or (coming is not None and coming.place != moving.place):
        return False
    if coming is None and slots[theirs ^ 1] is None:
        return False  # never two byes in one tie
    return not _clash(slots[mine ^ 1], coming) and not _clash(slots[theirs ^ 1], moving)


def _clash(upper: Qualifier | None, lower: Qualifier | None) -> bool:
    return upper is not None and lower is not None and upper.group == lower.group
