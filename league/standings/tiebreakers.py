"""Tie-breakers: the keys a league orders its table by, and checking a list of them.

Terminology: a league orders its table by a list of *tie-breakers*, the
first one deciding and each later one ordering only the teams still level
on all before it.  ``"points"`` is league points after sanctions,
``"games_difference"`` games won less games lost, ``"games_won"`` games
won, ``"head_to_head"`` the points earned in the matches among the teams
still level (see ``ranking``), ``"pegged_difference"`` points pegged less
points pegged against.  ``"name"`` lists teams level on everything else
alphabetically but never separates them: they share a position, so it may
only come last.  Teams still level when the list ends share their position.

>>> tie_breakers_check(["points", "head_to_head", "name"])
('points', 'head_to_head', 'name')
>>> tie_breakers_check(["points", "goals"])
Traceback (most recent call last):
...
league.standings.errors.TieBreakerError: unknown tie-breaker 'goals' (tie-breakers: points, games_difference, games_won, head_to_head, pegged_difference, name)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from .errors import TieBreakerError

TieBreaker = Literal["points", "games_difference", "games_won", "head_to_head", "pegged_difference", "name"]
TIE_BREAKERS: tuple[TieBreaker, ...] = (
    "points", "games_difference", "games_won", "head_to_head", "pegged_difference", "name",
)
DEFAULT_TIE_BREAKERS: tuple[TieBreaker, ...] = TIE_BREAKERS


def tie_breakers_check(keys: Iterable[str]) -> tuple[TieBreaker, ...]:
    """``keys`` as a tie-breaker list; ``TieBreakerError`` if a table cannot be ordered by it."""
    if isinstance(keys, str):
        # A lone string would otherwise be read letter by letter.
        raise TieBreakerError(f"tie-breakers are a list of keys, not the string {keys!r}")
    checked: list[TieBreaker] = []
    for key in keys:
        if key not in TIE_BREAKERS:
            raise TieBreakerError(f"unknown tie-breaker {key!r} (tie-breakers: {', '.join(TIE_BREAKERS)})")
        if key in checked:
            raise TieBreakerError(f"tie-breaker {key!r} is listed twice")
        if "name" in checked:
            raise TieBreakerError(f"tie-breaker {key!r} comes after 'name', which must be last: "
                                  f"'name' lists level teams but never separates them")
        checked.append(key)
    if not [key for key in checked if key != "name"]:
        raise TieBreakerError("a table needs at least one tie-breaker other than 'name' to order it")
    return tuple(checked)
