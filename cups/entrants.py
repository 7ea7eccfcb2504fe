"""Checks on a list of entrants, and the order of an open draw.

An open draw must not depend on the order the entrants happen to be listed
in (the order a database returns them, the order they entered): it sorts
them by id, then shuffles them with ``random.Random(seed)``.  The same
entrants and the same seed therefore give the same draw, on any machine
and any Python from 3.2 on (``Random.shuffle`` with an integer seed has
given the same sequence since then).

>>> [e.name for e in drawn_order([Entrant(3, "Swan"), Entrant(1, "Crown"), Entrant(2, "Bell")], 7)]
['Swan', 'Crown', 'Bell']
>>> [e.name for e in drawn_order([Entrant(2, "Bell"), Entrant(3, "Swan"), Entrant(1, "Crown")], 7)]
['Swan', 'Crown', 'Bell']
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from .errors import DrawError
from .values import Entrant


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
    random.Random(seed).shuffle(order)
    return order


def new_seed() -> int:
    """A fresh seed for an open draw, to be recorded with it."""
    return secrets.randbelow(2**31)


def names(entrants: Sequence[Entrant]) -> dict[int, str]:
    return {entrant.id: entrant.name for entrant in entrants}
