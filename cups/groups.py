"""A group stage: entrants split into mini-leagues, each a round robin.

Terminology: the entrants are split into *groups* named A, B, C...  Seeded
(entrants given best first), they are dealt in a *snake*: seeds 1, 2, 3 to
groups A, B, C, then 4, 5, 6 to C, B, A, and so on, so each group gets a
fair share of the strong and the weak.  Drawn (from a recorded seed), they
come out of the hat in ``entrants.drawn_order`` and are dealt A, B, C, A,
B, C...  Either way the groups' sizes differ by one at most, and within a
group the entrants keep the order they were dealt in (which is the last
resort of its table, ``cups.tables``).

Within a group everyone meets everyone once (or twice, home and away, with
``twice``), by the circle method: with an odd number one entrant a round
sits out.

>>> teams = [Entrant(i, f"T{i}") for i in range(1, 8)]
>>> [g.entrants for g in split_groups(teams, 3).groups]
[(1, 6, 7), (2, 5), (3, 4)]
>>> [[(t.home, t.away) for t in r] for r in group_rounds(Group("A", (1, 2, 3, 4)))]
[[(4, 1), (2, 3)], [(2, 4), (3, 1)], [(4, 3), (1, 2)]]
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .entrants import checked, drawn_order
from .errors import DrawError
from .values import Entrant, EntrantId, Tie


@dataclass(frozen=True, slots=True)
class Group:
    """One mini-league: its letter and its entrants, in the order dealt."""

    name: str
    entrants: tuple[EntrantId, ...]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Group:
        return cls(name=str(data["name"]), entrants=tuple(int(e) for e in data["entrants"]))


@dataclass(frozen=True, slots=True)
class GroupDraw:
    """The split into groups: seeded when ``seed`` is None, else drawn from it."""

    entrants: tuple[Entrant, ...]
    seed: int | None
    groups: tuple[Group, ...]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GroupDraw:
        seed = data.get("seed")
        return cls(entrants=tuple(Entrant.from_dict(e) for e in data["entrants"]),
                   seed=None if seed is None else int(seed),
                   groups=tuple(Group.from_dict(g) for g in data["groups"]))


def split_groups(entrants: Sequence[Entrant], count: int, *, seed: int | None = None) -> GroupDraw:
    """``count`` groups, snaked by seed (the order given) when ``seed`` is
    None, otherwise drawn from ``seed``.  Every group has at least two."""
    found = checked(entrants)
    if not 1 <= count <= min(len(string.ascii_uppercase), len(found) // 2):
        raise DrawError(f"{len(found)} entrants cannot make {count} groups of at least two")
    dealt: list[list[EntrantId]] = [[] for _ in range(count)]
    if seed is None:
        for place, entrant in enumerate(found):
            row, column = divmod(place, count)
            dealt[column if row % 2 == 0 else count - 1 - column].append(entrant.id)
    else:
        for place, entrant in enumerate(drawn_order(found, seed)):
            dealt[place % count].append(entrant.id)
    groups = tuple(Group(name=string.ascii_uppercase[i], entrants=tuple(ids)) for i, ids in enumerate(dealt))
    return GroupDraw(entrants=found, seed=seed, groups=groups)


def group_rounds(group: Group, *, twice: bool = False) -> tuple[tuple[Tie, ...], ...]:
    """The group's rounds of matches, every pair once (twice: the second
    time with home and away swapped).  An entrant sitting a round out has
    no tie in it."""
    slots: list[EntrantId | None] = list(group.entrants)
    if len(slots) % 2:
        slots.append(None)
    hub, circle = slots[-1], slots[:-1]
    rounds: list[list[tuple[EntrantId | None, EntrantId | None]]] = []
    for r in range(len(circle)):
        pairs = [(hub, circle[r]) if r % 2 == 0 else (circle[r], hub)]
        for i in range(1, len(slots) // 2):
            pairs.append((circle[(r + i) % len(circle)], circle[(r - i) % len(circle)]))
        rounds.append(pairs)
    if twice:
        rounds += [[(away, home) for home, away in pairs] for pairs in rounds]
    return tuple(_matches(number, pairs) for number, pairs in enumerate(rounds, start=1))


def _matches(round: int, pairs: list[tuple[EntrantId | None, EntrantId | None]]) -> tuple[Tie, ...]:
    """The round's pairs as ties, leaving out the one with the empty slot."""
    playing = [(home, away) for home, away in pairs if home is not None and away is not None]
    return tuple(Tie(round=round, number=n, home=home, away=away)
                 for n, (home, away) in enumerate(playing, start=1))
