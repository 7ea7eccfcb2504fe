"""The line: the layout of the pub game, with exactly two open ends.

Terminology: the *down* is the first tile of a hand; the *ends* are the two
open ends, ``left`` and ``right``; an end's *value* is the pips showing
there; its *contribution* is what it adds to the end total (a double
standing at an end counts both halves under ``doubles: both``, its face
value once under ``single``; a double inside the line counts nothing).  A
lone double as the down is one end for counting: 6-6 counts 12 once, not
twice (the pub rules, §4).

A line has only 203 possible states (two end values, whether a double
stands at each, or a lone double), so each gets a number and every
placement, contribution and total is worked out once, when the module is
imported: laying a tile during a replay is a list lookup.

>>> line = down(Tile(6, 6))
>>> contributions(line, True), contributions(line, False)
((12,), (6,))
>>> end, line = place(line, Tile(6, 3), "right", True)
>>> values(line), contributions(line, True)
((6, 3), (12, 3))
"""

from __future__ import annotations

from functools import lru_cache

from .errors import AmbiguousEnd, IllegalPlay
from .kinds import LINE_ENDS, LineEnd, Scoring
from .tiles import ALL_TILES, Tile
from .totals import award

Line = int  # a state number: an index into STATES
State = tuple[int, int, bool, bool, bool]  # left, right, double at left, at right, lone double
SIDES = LINE_ENDS


def _states() -> list[State]:
    found: list[State] = [(v, v, True, True, True) for v in range(7)]
    for left in range(7):
        for right in range(7):
            for left_double in (False, True):
                for right_double in (False, True):
                    found.append((left, right, left_double, right_double, False))
    return found


STATES: list[State] = _states()
_NUMBER = {state: number for number, state in enumerate(STATES)}


def _extend(state: State, side: LineEnd, tile: Tile) -> Line:
    left, right, left_double, right_double, _ = state
    double = tile.a == tile.b
    if side == "left":
        return _NUMBER[(tile.b if tile.a == left else tile.a, right, double, right_double, False)]
    return _NUMBER[(left, tile.b if tile.a == right else tile.a, left_double, double, False)]


def _placements(state: State, tile: Tile) -> tuple[tuple[LineEnd, Line], ...]:
    return tuple(
        (side, _extend(state, side, tile))
        for side, value in zip(SIDES, state[:2], strict=True)
        if tile.a == value or tile.b == value
    )


# _PLACEMENTS[line * 28 + tile key]: every end the tile fits, with the line it makes.
_PLACEMENTS = [_placements(state, tile) for state in STATES for tile in ALL_TILES]
_DOWN = {(a, b): _NUMBER[(a, b, a == b, a == b, a == b)] for a in range(7) for b in range(7)}


def _contributions(state: State, both: bool) -> tuple[int, ...]:
    left, right, left_double, right_double, lone = state
    if lone:
        return (left + left if both else left,)
    return (
        left + left if left_double and both else left,
        right + right if right_double and both else right,
    )


_CONTRIBUTIONS = {both: [_contributions(state, both) for state in STATES] for both in (True, False)}


def down(tile: Tile) -> Line:
    return _DOWN[(tile.a, tile.b)]


def values(line: Line) -> tuple[int, int]:
    state = STATES[line]
    return (state[0], state[1])


# The pips open at each line's ends, as a bit set: a knock is judged by it.
_OPEN_PIPS = [1 << state[0] | 1 << state[1] for state in STATES]


def open_pips(line: Line) -> int:
    """The values showing at the open ends, as a bit set (bit ``v`` for ``v`` pips)."""
    return _OPEN_PIPS[line]


def describe(line: Line) -> str:
    state = STATES[line]
    return f"({state[0]}, {state[1]})"


def contributions(line: Line, both: bool) -> tuple[int, ...]:
    """What each open end adds to the end total."""
    return _CONTRIBUTIONS[both][line]


@lru_cache(maxsize=None)
def worths(both: bool, scoring: Scoring) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """(contributions, total, award) of every line state under one rule pair."""
    rows = []
    for ends in _CONTRIBUTIONS[both]:
        rows.append((ends, sum(ends), award(sum(ends), scoring)))
    return tuple(rows)


def fits(line: Line, tile: Tile) -> bool:
    return bool(_PLACEMENTS[line * 28 + tile.key])


def placements(line: Line, tile: Tile) -> tuple[tuple[str, Line], ...]:
    """Every end ``tile`` fits, with the line it would make."""
    return _PLACEMENTS[line * 28 + tile.key]


def place(line: Line, tile: Tile, end: object, both: bool) -> tuple[str, Line]:
    """Lay ``tile`` at the named end, or at the only end that matters when none is named."""
    options = _PLACEMENTS[line * 28 + tile.key]
    for option in options:
        if option[0] == end:
            return option
    if end is not None and end not in SIDES:
        raise IllegalPlay(f"end {end!r} is not an end of the line (left or right)")
    if not options:
        raise IllegalPlay(f"{tile} fits neither end {describe(line)}")
    if end is not None:
        raise IllegalPlay(f"{tile} does not fit the {end} end ({values(line)[SIDES.index(end)]})")
    if len(options) == 2 and _shape(options[0][1], both) != _shape(options[1][1], both):
        raise AmbiguousEnd(
            f"{tile} fits both ends {describe(line)} with different results: say which end"
        )
    return options[0]


def _shape(line: Line, both: bool) -> list[tuple[int, int]]:
    # Two placements are the same when the open ends show the same values
    # with the same counted contributions, in whichever order. A lone tile
    # has two values and one contribution: its end counts once.
    return sorted(zip(values(line), contributions(line, both), strict=False))
