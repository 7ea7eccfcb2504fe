"""Tiles of a double-six set.

Terminology: a *tile* has two halves, ``a`` and ``b``, each showing 0 to 6
pips.  A *double* shows the same number on both halves.  A tile is written
``"a-b"``; ``"ab"``, ``"a|b"`` and ``"[a|b]"`` are read too.  The order of the
halves matters only for the down, where ``a`` lies at the left end; for
every other purpose ``6-3`` and ``3-6`` are the same tile, and ``Tile.key``
names it.

>>> Tile.parse("[6|3]")
Tile(a=6, b=3)
>>> str(Tile.parse("63")), Tile.parse("3-6").key == Tile.parse("6-3").key
('6-3', True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .errors import TileError

# ASCII digits only: \d alone also matches "٦" and the other scripts' digits.
_PATTERN = re.compile(r"^\s*\[?\s*(\d)\s*[-|]?\s*(\d)\s*\]?\s*$", re.ASCII)


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile, as laid: ``a`` then ``b``; ``key`` names it either way round (0..27)."""

    a: int
    b: int
    key: int = field(init=False, repr=False, compare=False)
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Computed once: the tile cache hands out the same objects all game.
        low, high = (self.a, self.b) if self.a <= self.b else (self.b, self.a)
        object.__setattr__(self, "key", high * (high + 1) // 2 + low)
        object.__setattr__(self, "text", f"{self.a}-{self.b}")

    @staticmethod
    def parse(text: object) -> "Tile":
        """Read a tile from its text; raise ``TileError`` for anything else."""
        if isinstance(text, str) and text in _WRITTEN:
            return _WRITTEN[text]
        if not isinstance(text, str):
            raise TileError(f"{text!r} is not a tile (write tiles as \"a-b\")")
        return _parse(text)

    @property
    def pips(self) -> int:
        return self.a + self.b

    def fits(self, value: int) -> bool:
        """Whether either half matches an open end showing ``value``."""
        return self.a == value or self.b == value

    def other(self, value: int) -> int:
        """The half left open when the ``value`` half is laid against an end."""
        return self.b if self.a == value else self.a

    def __str__(self) -> str:
        return self.text


@lru_cache(maxsize=512)
def _parse(text: str) -> Tile:
    # Tiles arrive as short strings thousands of times a game; caching the
    # parse keeps a replay cheap.
    match = _PATTERN.match(text)
    if match is None:
        raise TileError(f"{text!r} is not a tile (write tiles as \"a-b\")")
    a, b = int(match.group(1)), int(match.group(2))
    if a > 6 or b > 6:
        raise TileError(f"{text!r} is not a tile of a double-six set (halves run 0 to 6)")
    return Tile(a, b)


ALL_TILES: tuple[Tile, ...] = tuple(Tile(low, high) for high in range(7) for low in range(high + 1))
"""The 28 tiles, indexed by ``Tile.key``."""

# Every tile as a scoresheet normally writes it ("6-3"), read without parsing:
# ``read(text)`` is the fast path for a move's tile.
_WRITTEN: dict[str, Tile] = {
    f"{a}-{b}": Tile(a, b) for a in range(7) for b in range(7)
}


def read(text: object) -> Tile:
    """``Tile.parse``, but a plain dictionary lookup for the usual spelling."""
    try:
        return _WRITTEN[text]  # type: ignore[index]
    except (KeyError, TypeError):  # another spelling, or not even a string
        return Tile.parse(text)
