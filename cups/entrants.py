"""Checks on a list of entrants, and the order of an open draw.

An open draw must not depend on the order the entrants happen to be listed
in (the order a database returns them, the order they entered): it sorts
them by id, then shuffles them with ``random.Random(seed)``.  The same
entrants and the same seed therefore give the same draw, on any machine.
The shuffle is written out here (Fisher and Yates's, taking each place from
``Random.random()``) rather than left to ``Random.shuffle``: Python
promises that ``random()`` gives the same numbers from the same seed in
every version to come, and promises nothing of ``shuffle``, so a draw made
today can still be checked from its seed years on.

>>> [e.name for e in drawn_order([Entrant(3, "Swan"), Entrant(1, "Crown"), Entrant(2, "Bell")], 7)]
['Bell', 'Swan', 'Crown']
>>> [e.name for e in drawn_order([Entrant(2, "Bell"), Entrant(3, "Swan"), Entrant(1, "Crown")], 7)]
['Bell', 'Swan', 'Crown']
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

from .errors import DrawError
from .values import Entrant

T = TypeVar("T")


def checked(entrants: Sequence[Entrant], *, at_least: int = 2) -> tuple[Entrant, ...]:
    """The entrants as a tuple, refusing too few or one entered twice."""
    found = tuple(entrants)
    if len(found) < at_least:
        raise DrawError(f"a draw needs at least {at_least} entrants, not {len(found)}")
    seen: set[int] = set()
    for entrant in found:
        if entrant.id in seen:
            raise DrawError(f"{entrant.name} (id {entrant.id}) is entered twice")
        seen.add(entrant.id)
    return found


def drawn_order(entrants: Sequence[Entrant], seed: int) -> list[Entrant]:
    """The entrants in the order an open draw takes them out of the hat."""
    order = sorted(entrants, key=lambda entrant: entrant.id)
    shuffle(order, random.Random(seed))
    return order


def in_pairs(order: Sequence[Entrant], size: int) -> list[tuple[Entrant, Entrant | None]]:
    """A round of an open draw from the names in the order drawn, in a
    bracket of ``size`` places: the first at home to the second, the third
    to the fourth, as many ties as bring the field down to half the size;
    then the names left in the hat, each with a bye (``None`` for its
    opponent), in the order drawn.

    >>> [(home.name, away.name if away else None)
    ...  for home, away in in_pairs([Entrant(i, f"T{i}") for i in (3, 1, 2)], 4)]
    [('T3', 'T1'), ('T2', None)]
    """
    playing = 2 * (len(order) - size // 2)
    ties: list[tuple[Entrant, Entrant | None]] = [(order[i], order[i + 1]) for i in range(0, playing, 2)]
    return ties + [(entrant, None) for entrant in order[playing:]]


def shuffle(items: list[T], draw: random.Random) -> None:
    """Shuffles ``items`` in place from ``draw``'s ``random()`` alone."""
    for last in range(len(items) - 1, 0, -1):
        pick = int(draw.random() * (last + 1))
        items[last], items[pick] = items[pick], items[last]


def new_seed() -> int:
    """A fresh seed for an open draw, to be recorded with it."""
    return secrets.randbelow(2**31)


def names(entrants: Sequence[Entrant]) -> dict[int, str]:
    return {entrant.id: entrant.name for entrant in entrants}
