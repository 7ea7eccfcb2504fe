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
from .tiles import Tile


def read_shown(shown: object, held: list[int],
               check_in_hand: Callable[[Tile, int], None]) -> dict[int, list[Tile]]:
    """The tiles each seat turned up, checked against what the table knows."""
    if not isinstance(shown, Mapping):
        raise SheetError("shown must be an object of seat number to tiles")
    tiles: dict[int, list[Tile]] = {}
    seen: set[int] = set()
    for key, listed in shown.items():
        seat = _seat(key, len(held))
        if not isinstance(listed, list):
            raise SheetError(f"seat {seat}: shown tiles must be a list")
        tiles[seat] = [Tile.parse(text) for text in listed]
        for tile in tiles[seat]:
            if tile.key in seen:
                raise TileAlreadyPlayed(f"{tile} is shown twice")
            seen.add(tile.key)
            check_in_hand(tile, seat)
    for seat, count in enumerate(held):
        given = len(tiles.get(seat, []))
        if given != count:
            raise SheetError(
                f"seat {seat} holds {count} tile{'' if count == 1 else 's'}, not {given}: "
                "show exactly the tiles left"
            )
    return tiles


def false_knocks(knocks: Iterable[tuple[int, int, tuple[int, ...]]],
                 plays: Iterable[tuple[int, int, Tile]], tiles: dict[int, list[Tile]],
                 ruled: frozenset[int]) -> list[dict[str, Any]]:
    """Every knock made while holding a tile that fitted, oldest first."""
    plays = list(plays)
    found = []
    for move, seat, values in knocks:
        if move in ruled:
            continue
        held_then = tiles.get(seat, []) + [t for m, s, t in plays if s == seat and m > move]
        fitting = [str(t) for t in held_then if t.a in values or t.b in values]
        if fitting:
            found.append({"seat": seat, "move": move, "tiles": fitting})
    return found


def _seat(key: object, seats: int) -> int:
    text = str(key)
    if not text.isdigit() or int(text) >= seats:
        raise SheetError(f"there is no seat {key!r} (seats 0-{seats - 1})")
    return int(text)
