"""The line: the layout of the pub game, with exactly two open ends.

Terminology: the *down* is the first tile of a hand; the *ends* are the two
open ends, ``left`` and ``right``; an end's *value* is the pips showing
there; its *contribution* is what it adds to the end total (a double
standing at an end counts both halves under ``doubles: both``, its face
value once under ``single``; a double inside the line counts nothing).  A
lone double as the down is one end for counting: 6-6 counts 12 once, not
twice (000 §4).

>>> line = Line.down(Tile(6, 6))
>>> line.contributions("both"), line.contributions("single")
((12,), (6,))
>>> line = line.extend("right", Tile(6, 3))
>>> line.values(), line.contributions("both")
((6, 3), (12, 3))
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import AmbiguousEnd, IllegalPlay
from .tiles import Tile

SIDES = ("left", "right")


@dataclass(frozen=True, slots=True)
class Line:
    """Two open ends: their values, and whether a double stands at each."""

    left: int
    right: int
    left_double: bool
    right_double: bool
    lone: bool  # only the down is on the table, and it is a double

    @staticmethod
    def down(tile: Tile) -> "Line":
        double = tile.is_double
        return Line(tile.a, tile.b, double, double, double)

    def values(self) -> tuple[int, int]:
        return (self.left, self.right)

    def contributions(self, doubles: str) -> tuple[int, ...]:
        if self.lone:
            return (self.left * 2 if doubles == "both" else self.left,)
        factor = 2 if doubles == "both" else 1
        return (
            self.left * factor if self.left_double else self.left,
            self.right * factor if self.right_double else self.right,
        )

    def fits(self, tile: Tile) -> bool:
        return tile.fits(self.left) or tile.fits(self.right)

    def extend(self, side: str, tile: Tile) -> "Line":
        """The line after laying ``tile`` at ``side`` (which it must fit)."""
        if side == "left":
            return Line(tile.other(self.left), self.right, tile.is_double, self.right_double, False)
        return Line(self.left, tile.other(self.right), self.left_double, tile.is_double, False)

    def placements(self, tile: Tile) -> list[tuple[str, "Line"]]:
        """Every end ``tile`` fits, with the line it would make."""
        return [(side, self.extend(side, tile)) for side in SIDES if tile.fits(self._value(side))]

    def place(self, tile: Tile, end: object, doubles: str) -> tuple[str, "Line"]:
        """Lay ``tile`` at the named end, or at the only end that matters when none is named."""
        if end is not None and end not in SIDES:
            raise IllegalPlay(f"end {end!r} is not an end of the line (left or right)")
        options = self.placements(tile)
        if not options:
            raise IllegalPlay(f"{tile} fits neither end ({self.left}, {self.right})")
        if end is not None:
            for side, line in options:
                if side == end:
                    return side, line
            raise IllegalPlay(f"{tile} does not fit the {end} end ({self._value(end)})")
        if len(options) == 2 and options[0][1]._shape(doubles) != options[1][1]._shape(doubles):
            raise AmbiguousEnd(
                f"{tile} fits both ends ({self.left}, {self.right}) with different results: "
                "say which end"
            )
        return options[0]

    def _value(self, side: str) -> int:
        return self.left if side == "left" else self.right

    def _shape(self, doubles: str) -> tuple[tuple[int, int], ...]:
        # Two placements are the same when the open ends show the same values
        # with the same counted contributions, in whichever order.
        return tuple(sorted(zip(self.values(), self.contributions(doubles))))
