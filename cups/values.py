"""What the draws take and give: small frozen values, plain data.

Terminology: an *entrant* is whoever entered the competition (a team in a
team cup, a player in a singles knockout, a pair in a pairs knockout),
known by its id and shown by its name.  A *tie* is one meeting in a round:
the side named first (*home*) against the side named second (*away*).  In
the first round an entrant may have a *bye*: no opponent, straight through
to the second round.  In a bracket drawn all at once a side of a later
round may not be known yet: it is ``None`` until the tie feeding it has a
winner.

Every value here is a frozen dataclass of ints, strings, booleans, ``None``
and tuples, so ``dataclasses.asdict`` turns it into JSON as it stands, and
each draw has a ``from_dict`` to read it back (see ``cups.draws``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

EntrantId = int


@dataclass(frozen=True, slots=True)
class Entrant:
    """A team, player or pair in the competition."""

    id: EntrantId
    name: str

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Entrant:
        return cls(id=int(data["id"]), name=str(data["name"]))


@dataclass(frozen=True, slots=True)
class Tie:
    """One tie of a round, numbered from 1 down the draw.

    ``bye`` is True for a first-round entrant with no opponent: it is the
    ``home`` side and ``away`` is ``None``.  Otherwise a side that is
    ``None`` is not known yet (the winner of a tie still to be played).
    """

    round: int
    number: int
    home: EntrantId | None
    away: EntrantId | None
    bye: bool = False

    @property
    def sides(self) -> tuple[EntrantId | None, EntrantId | None]:
        return self.home, self.away

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tie:
        return cls(round=int(data["round"]), number=int(data["number"]), home=_id(data["home"]),
                   away=_id(data["away"]), bye=bool(data.get("bye", False)))


def _id(value: Any) -> EntrantId | None:
    return None if value is None else int(value)
