"""Showing the tiles left at the end of a hand, and the false knocks they reveal.

Terminology: when a hand ends by chip-out or block, the players turn their
remaining tiles face up (000 §7): the *shown* tiles.  A *false knock* is a
knock made while the knocker held a tile that fitted an end at that moment:
a tile still shown, or one the knocker laid later in the hand.  A knock
already penalised by a ruling at the table is not judged again.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from .errors import SheetError, TileAlreadyPlayed
from .tiles import _WRITTEN, Tile


def read_shown(shown: object, held: list[int], played: int,
               check_in_hand: Callable[[Tile, int], None] | None) -> dict[int, list[Tile]]:
    """The tiles each seat turned up, checked against what the table knows.

    ``played`` is the bit set of tiles laid this hand; ``check_in_hand``,
    given only when tiles were misplayed, says why a tile cannot be shown.
    """
    if type(shown) is not dict and not isinstance(shown, Mapping):
        raise SheetError("shown must be an object of seat number to tiles")
    tiles: dict[int, list[Tile]] = {}
    seen = 0
    for key, listed in shown.items():
        seat = _SEATS.get(key)
        if seat is None or seat >= len(held):
            raise SheetError(f"there is no seat {key!r} (seats 0-{len(held) - 1})")
        if type(listed) is not list:
            raise SheetError(f"seat {seat}: shown tiles must be a list")
        row = tiles[seat] = []
        for text in listed:
            tile = _WRITTEN.get(text) or Tile.parse(text)
            if seen >> tile.key & 1:
                raise TileAlreadyPlayed(f"{tile} is shown twice")
            seen |= 1 << tile.key
            row.append(tile)
            if check_in_hand is not None:
                check_in_hand(tile, seat)
    if seen & played:
        tile = next(t for row in tiles.values() for t in row if played >> t.key & 1)
        raise TileAlreadyPlayed(f"{tile} was played this hand, so it cannot be shown")
    for seat, count in enumerate(held):
        given = len(tiles.get(seat, ()))
        if given != count:
            raise SheetError(
                f"seat {seat} holds {count} tile{'' if count == 1 else 's'}, not {given}: "
                "show exactly the tiles left"
            )
    return tiles


def false_knocks(knocks: Iterable[tuple[int, int, tuple[int, ...]]], plays: Any,
                 tiles: dict[int, list[Tile]], ruled: frozenset[int]) -> list[dict[str, Any]]:
    """Every knock made while holding a tile that fitted, oldest first.

    ``plays`` is the hand's chain of plays, newest first: ``((move, seat,
    tile), older)``, walked back only as far as each knock.
    """
    found = []
    for move, seat, values in knocks:
        if move in ruled:
            continue
        fitting = [t.text for t in tiles.get(seat, ()) if t.a in values or t.b in values]
        later = []
        chain = plays
        while chain is not None:
            (played_at, by, tile), chain = chain
            if played_at < move:
                break
            if by == seat and (tile.a in values or tile.b in values):
                later.append(tile.text)
        if fitting or later:
            found.append({"seat": seat, "move": move, "tiles": fitting + later[::-1]})
    return found


# Seat numbers as a sheet writes them (JSON keys are strings) or as Python does.
_SEATS: dict[object, int] = {**{str(n): n for n in range(4)}, **{n: n for n in range(4)}}
