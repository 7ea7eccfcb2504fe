"""Showing the tiles left at the end of a hand, and the false knocks they reveal.

Terminology: when a hand ends by chip-out or block, the players turn their
remaining tiles face up (the pub rules, §7): the *shown* tiles.  A *false
knock* is a knock made while the knocker held a tile that fitted an end at
that moment: a tile still shown, or one the knocker laid later in the hand.
A knock already penalised by a ruling at the table is not judged again.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .errors import SheetError, TileAlreadyPlayed
from .events import FalseKnock
from .tiles import Tile
from .tiles import read as read_tile


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
            tile = read_tile(text)
            if seen >> tile.key & 1:
                raise TileAlreadyPlayed(f"{tile} is shown twice")
            seen |= 1 << tile.key
            row.append(tile)
            if check_in_hand is not None:
                check_in_hand(tile, seat)
    if seen & played:
        seat, tile = next((s, t) for s, row in tiles.items() for t in row if played >> t.key & 1)
        raise TileAlreadyPlayed(f"seat {seat} shows {tile}, which was played this hand")
    for seat, count in enumerate(held):
        given = len(tiles.get(seat, ()))
        if given != count:
            raise SheetError(
                f"seat {seat} holds {count} tile{'' if count == 1 else 's'}, not {given}: "
                "show exactly the tiles left"
            )
    return tiles


def false_knocks(knocks: tuple[Any, Any] | None, plays: tuple[Any, Any] | None, tiles: dict[int, list[Tile]], ruled: frozenset[int],
                 open_pips: Callable[[Any], int]) -> list[FalseKnock]:
    """Every knock made while holding a tile that fitted, oldest first.

    ``knocks`` and ``plays`` are the hand's chains, newest first:
    ``((move, seat, layout), older)`` and ``((move, seat, tile), older)``;
    ``open_pips`` gives the pips open at the ends of a layout, as a bit set.
    Walking both back together, each seat's later plays are gathered once,
    as a bit set of the pips they show, so most knocks are cleared by one
    test and the tiles are listed only for a false one.
    """
    shown = {seat: _pips(row) for seat, row in tiles.items()}
    later: dict[int, list[Tile]] = {}
    later_pips: dict[int, int] = {}
    found: list[FalseKnock] = []
    # The chain links and their items typed, so that the compiled build
    # unpacks them as tuples and reads the tiles' pips as native ints.
    knock: tuple[int, int, Any]
    play: tuple[int, int, Tile]
    while knocks is not None:
        knock, knocks = knocks
        move, seat, layout = knock
        while plays is not None:
            play = plays[0]
            if play[0] <= move:
                break
            plays = plays[1]
            by, tile = play[1], play[2]
            if by in later:
                later[by].append(tile)
            else:
                later[by] = [tile]
            later_pips[by] = later_pips.get(by, 0) | 1 << tile.a | 1 << tile.b
        ends = open_pips(layout)
        if move in ruled or not (shown.get(seat, 0) | later_pips.get(seat, 0)) & ends:
            continue
        fitting = [t for t in tiles.get(seat, ()) if (1 << t.a | 1 << t.b) & ends]
        fitting += [t for t in reversed(later.get(seat, ())) if (1 << t.a | 1 << t.b) & ends]
        found.append({"seat": seat, "move": move, "tiles": [t.text for t in fitting]})
    found.reverse()
    return found


def _pips(row: list[Tile]) -> int:
    """A bit set of the pip values the tiles show."""
    bits = 0
    for tile in row:
        bits |= 1 << tile.a | 1 << tile.b
    return bits


# Seat numbers as a sheet writes them (JSON keys are strings) or as Python does.
_SEATS: dict[object, int] = {**{str(n): n for n in range(4)}, **{n: n for n in range(4)}}
