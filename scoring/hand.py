"""What the table knows about the hand being played.

Terminology: a *hand* runs from the down to a chip-out, a block or a win.
The engine cannot see the players' tiles; it knows how many each seat
holds, which tiles have been played, the knocks made since the last tile
(a *block* is every seat still holding tiles having knocked since then),
and, for judging false knocks once the tiles are *shown*, the ends at each
knock and the tiles each seat played afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .line import Line
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class KnockRecord:
    move: int
    seat: int
    values: tuple[int, ...]  # the open end values the knock was made against


@dataclass(frozen=True, slots=True)
class PlayRecord:
    move: int
    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class HandState:
    """One hand, as far as it has gone."""

    index: int
    leader: int | None
    held: tuple[int, ...]
    line: Line | None = None
    turn: int | None = None
    moves: int = 0
    played: int = 0  # bit set of Tile.key
    knocked: int = 0  # bit set of seats that knocked since the last tile was laid
    knocks: tuple[KnockRecord, ...] = ()
    plays: tuple[PlayRecord, ...] = ()
    misplayed: tuple[tuple[int, int, int], ...] = ()  # (tile key, seat, move)
    ruled: frozenset[int] = frozenset()  # knocks already penalised by a ruling
    ended: str | None = None
    scores_at_end: tuple[int, ...] = ()
    shown: dict[str, Any] | None = field(default=None, compare=False)

    @staticmethod
    def deal(index: int, leader: int | None, seats: int, size: int) -> "HandState":
        return HandState(index=index, leader=leader, held=(size,) * seats, turn=leader)

    def is_played(self, tile: Tile) -> bool:
        return bool(self.played >> tile.key & 1)

    def misplayed_by(self, tile: Tile) -> tuple[int, int] | None:
        """The seat that misplayed ``tile`` in this hand and the move, if any."""
        for key, seat, move in self.misplayed:
            if key == tile.key:
                return seat, move
        return None

    def played_at(self, tile: Tile) -> int:
        return next(p.move for p in self.plays if p.tile.key == tile.key)

    def next_holder(self, seat: int, held: tuple[int, ...]) -> int:
        """The next seat clockwise after ``seat`` that still holds tiles."""
        count = len(held)
        for step in range(1, count + 1):
            candidate = (seat + step) % count
            if held[candidate]:
                return candidate
        return seat

    def holders(self) -> int:
        return sum(1 << seat for seat, count in enumerate(self.held) if count)

    def advance(self, **changes: Any) -> "HandState":
        """This hand one move on, with ``changes``."""
        return replace(self, moves=self.moves + 1, **changes)

    def but(self, **changes: Any) -> "HandState":
        """This hand with ``changes`` and no move counted."""
        return replace(self, **changes)
