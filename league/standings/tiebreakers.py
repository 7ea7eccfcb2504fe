"""Tie-breakers: the keys a league orders its table by, what each reads,
how it reads to people, and checking a league's list of them.

Terminology: a league orders its table by a list of *tie-breakers*, the
first one deciding and each later one ordering only the teams still level
on all before it.  ``TIE_BREAKER_RULES`` is the one register of them: each
one's key, the statistic it ranks teams by, and its words on the public
pages; the ranking, the settings check and the pages all read it, so a new
tie-breaker is added there alone.  Most rank by a figure of each team's
own totals.  Two do not: ``"head_to_head"`` ranks by the points earned in
the matches among the teams still level (see ``ranking``), and ``"name"``
lists teams level on everything else alphabetically but never separates
them: they share a position, so it may only come last.  Teams still level
when the list ends share their position.

>>> tie_breakers_check(["points", "head_to_head", "name"])
('points', 'head_to_head', 'name')
>>> TIE_BREAKER_RULES["games_difference"].words
'games difference'
>>> tie_breakers_check(["points", "goals"])
Traceback (most recent call last):
...
league.standings.errors.TieBreakerError: unknown tie-breaker 'goals' (tie-breakers: points, games_difference, games_won, head_to_head, pegged_difference, name)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .errors import TieBreakerError
from .tally import Totals

# A key of TIE_BREAKER_RULES.
TieBreaker = str
HEAD_TO_HEAD: TieBreaker = "head_to_head"
NAME: TieBreaker = "name"


@dataclass(frozen=True)
class TieBreakerRule:
    """One tie-breaker. ``statistic`` is the figure of a team's own totals
    it ranks by, highest first; None for the two that read something else
    (``HEAD_TO_HEAD``, ``NAME``).  ``words`` is how it reads on the public
    pages, in "teams level on points are separated by ..."."""

    key: TieBreaker
    words: str
    statistic: Callable[[Totals], int] | None = None


def _rules(*rules: TieBreakerRule) -> dict[TieBreaker, TieBreakerRule]:
    return {rule.key: rule for rule in rules}


# In the order a league lists them by default; "name" last, as it must be.
TIE_BREAKER_RULES = _rules(
    TieBreakerRule("points", "points", lambda t: t.points),  # after sanctions
    TieBreakerRule("games_difference", "games difference", lambda t: t.games_for - t.games_against),
    TieBreakerRule("games_won", "games won", lambda t: t.games_for),
    TieBreakerRule(HEAD_TO_HEAD, "head-to-head (points in their matches against each other)"),
    TieBreakerRule("pegged_difference", "pegged difference", lambda t: t.pegged_for - t.pegged_against),
    TieBreakerRule(NAME, "name"),
)
TIE_BREAKERS: tuple[TieBreaker, ...] = tuple(TIE_BREAKER_RULES)
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
        if NAME in checked:
            raise TieBreakerError(f"tie-breaker {key!r} comes after 'name', which must be last: "
                                  f"'name' lists level teams but never separates them")
        checked.append(key)
    if not [key for key in checked if key != NAME]:
        raise TieBreakerError("a table needs at least one tie-breaker other than 'name' to order it")
    return tuple(checked)
