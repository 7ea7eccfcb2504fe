"""A straight knockout drawn round by round, as leagues do at their
monthly meetings.

Each round is its own draw of the entrants still in, with its own recorded
seed.  Open, the names come out of the hat in the order
``entrants.drawn_order`` gives: the first drawn is at home to the second,
the third to the fourth, and so on (``entrants.in_pairs``, as a whole
bracket drawn at once pairs them too).  In the first round, when the number
of entrants is not a power of two, only as many ties are drawn as bring
the field down to one (``entrants - size / 2`` ties), and the names left
in the hat have byes; every later round is then a power of two and has
none.  Seeded (no seed given), the round follows the standard bracket
order of ``cups.bracket``, the byes going to the top seeds.

``through(draw, winners)`` gives the entrants left for the next draw.

>>> teams = [Entrant(i, name) for i, name in enumerate(["Red Lion A", "Crown B", "Swan"], start=1)]
>>> [(t.home, t.away, t.bye) for t in draw_round(teams, round=1).ties]
[(1, None, True), (2, 3, False)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .bracket import Bracket, first_round, placed, size_for
from .entrants import checked, drawn_order, in_pairs
from .errors import DrawError
from .values import Entrant, EntrantId, Tie


@dataclass(frozen=True, slots=True)
class RoundDraw:
    """One round's draw: the entrants it was made from, how, and its ties
    (byes last in an open draw).  ``seed`` is ``None`` for a seeded round."""

    round: int
    entrants: tuple[Entrant, ...]
    seed: int | None
    ties: tuple[Tie, ...]

    @property
    def seeded(self) -> bool:
        return self.seed is None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoundDraw:
        seed = data.get("seed")
        return cls(round=int(data["round"]), entrants=tuple(Entrant.from_dict(e) for e in data["entrants"]),
                   seed=None if seed is None else int(seed),
                   ties=tuple(Tie.from_dict(t) for t in data["ties"]))


def draw_round(entrants: Sequence[Entrant], *, round: int, seed: int | None = None) -> RoundDraw:
    """The draw of round ``round`` from the entrants still in: seeded in the
    order given when ``seed`` is None, otherwise open from ``seed``."""
    found = checked(entrants)
    if round < 1:
        raise DrawError(f"rounds are counted from 1, not {round}")
    size = size_for(len(found))
    if round > 1 and size != len(found):
        raise DrawError(f"round {round} has {len(found)} entrants: byes are given in the first round only, "
                        "so every later round has a power of two")
    if seed is None:
        ties = tuple(Tie(round=round, number=t.number, home=t.home, away=t.away, bye=t.bye)
                     for t in _seeded_ties(found))
    else:
        ties = _open_ties(drawn_order(found, seed), round, size)
    return RoundDraw(round=round, entrants=found, seed=seed, ties=ties)


def _seeded_ties(found: tuple[Entrant, ...]) -> tuple[Tie, ...]:
    return first_round(Bracket(entrants=found, method="seeded", seed=None, slots=placed(found)))


def _open_ties(order: list[Entrant], round: int, size: int) -> tuple[Tie, ...]:
    return tuple(Tie(round=round, number=n, home=home.id, away=None if away is None else away.id, bye=away is None)
                 for n, (home, away) in enumerate(in_pairs(order, size), start=1))


def through(draw: RoundDraw, winners: Mapping[int, EntrantId]) -> tuple[Entrant, ...]:
    """The entrants left for the next round's draw: each tie's winner
    (``winners`` maps tie number to the id that went through) and each bye.
    Every tie must have its winner.

    Open, in the order of the ties.  Seeded, in seed order again, each
    winner taking the place of the better seed of its tie, so that the
    next seeded round follows the bracket: with the top seeds winning, the
    top two meet only in the final, the top four only in the semi-finals.

    >>> teams = [Entrant(i, f"S{i}") for i in range(1, 6)]
    >>> first = draw_round(teams, round=1)
    >>> left = through(first, {2: 5})
    >>> [(t.home, t.away) for t in draw_round(left, round=2).ties]
    [(1, 5), (2, 3)]
    """
    by_id = {entrant.id: entrant for entrant in draw.entrants}
    place = {entrant.id: n for n, entrant in enumerate(draw.entrants)}
    left = []
    for tie in draw.ties:
        found = tie.home if tie.bye else winners.get(tie.number)
        if found is None:
            raise DrawError(f"round {draw.round} tie {tie.number} has no winner yet")
        if found not in (tie.home, tie.away):
            who = by_id[found].name if found in by_id else found
            raise DrawError(f"round {draw.round} tie {tie.number}: {who} was not in it")
        left.append((min(place[side] for side in (tie.home, tie.away) if side is not None), by_id[found]))
    if draw.seeded:
        left.sort(key=lambda placed: placed[0])
    return tuple(entrant for _, entrant in left)
