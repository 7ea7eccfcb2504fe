"""Spinner layouts: doubles laid crosswise that can be built on from four sides.

Terminology (docs/scoresheet.md, ``layout``; docs/rules.md "Spinners"): a
*spinner* is a double laid crosswise.
Its two *long sides* continue the line it sits in; its two *cross sides*
open once both long sides carry a tile.  Under ``layout: spinner`` only the
first double laid in a hand spins; under ``spinners`` every double does.
An *arm* is a run of tiles leaving a spinner (or the down) in one
direction; its *end* is the open side of its last tile.

Counting: while a long side of a spinner is open, the spinner counts both
halves once (its face value under ``doubles: single``); once both long
sides are covered it counts nothing, and each arm counts its own end.  Open
cross sides with nothing on them count nothing.  A double at the end of an
arm that does not spin counts as on a line.  The total adds every counted
end (the Threes and Fives text).

Sides are named by direction on the table: ``left`` and ``right`` along the
first tile, ``up`` and ``down`` across it.  A play names where it goes as
the tile it builds on and that tile's side, ``"5-5/up"``; a plain
direction (``"up"``) names the end of the arm leaving the first tile that
way, and ``"5-5"`` alone does when that tile has one open side.

>>> spinners = Spinners(every=False)
>>> layout = spinners.down(Tile(5, 5))
>>> spinners.contributions(layout, True)
(10,)
>>> end, layout = spinners.place(layout, Tile(5, 2), "5-5/left", True)
>>> end, spinners.contributions(layout, True)
('5-5/left', (10, 2))
>>> end, layout = spinners.place(layout, Tile(5, 3), "right", True)
>>> sorted(spinners.values(layout)), spinners.contributions(layout, True)
([2, 3, 5, 5], (2, 3))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .errors import AmbiguousEnd, IllegalPlay, TileError
from .kinds import DIRECTIONS, Direction, Scoring
from .tiles import Tile
from .totals import award

_OPPOSITE: dict[Direction, Direction] = {"left": "right", "right": "left", "up": "down",
                                         "down": "up"}
_ACROSS: dict[Direction, tuple[Direction, Direction]] = {
    "left": ("up", "down"), "right": ("up", "down"), "up": ("left", "right"),
    "down": ("left", "right"),
}


@dataclass(frozen=True, slots=True)
class Node:
    """A tile on the layout; ``long_open`` counts a spinner's open long sides."""

    tile: Tile
    spinner: bool = False
    axis: Direction = "left"  # a spinner's long sides: this direction and its opposite
    long_open: int = 0


@dataclass(frozen=True, slots=True)
class Port:
    """An open side a tile can be laid against."""

    node: int
    side: Direction
    value: int
    arm: Direction  # the direction in which this arm leaves the first tile


@dataclass(frozen=True, slots=True)
class Layout:
    """The tiles laid in a hand and the sides still open to build on."""

    nodes: tuple[Node, ...]
    ports: tuple[Port, ...]
    spun: bool  # a spinner is down (``layout: spinner`` spins only the first double)


class Spinners:
    """The layout functions the rules engine calls, for spinner play."""

    def __init__(self, every: bool) -> None:
        self.every = every

    def down(self, tile: Tile) -> Layout:
        if tile.a == tile.b:
            node = Node(tile, spinner=True, axis="left", long_open=2)
            ports = (Port(0, "left", tile.a, "left"), Port(0, "right", tile.a, "right"))
            return Layout((node,), ports, True)
        ports = (Port(0, "left", tile.a, "left"), Port(0, "right", tile.b, "right"))
        return Layout((Node(tile),), ports, False)

    def values(self, layout: Layout) -> tuple[int, ...]:
        return tuple(port.value for port in layout.ports)

    def open_pips(self, layout: Layout) -> int:
        """The values showing at the open sides, as a bit set (bit ``v`` for ``v`` pips)."""
        bits = 0
        for port in layout.ports:
            bits |= 1 << port.value
        return bits

    def describe(self, layout: Layout) -> str:
        return "(" + ", ".join(str(v) for v in self.values(layout)) + ")"

    def contributions(self, layout: Layout, both: bool) -> tuple[int, ...]:
        """What each counted end adds to the total, in the order the tiles were laid."""
        counted = []
        for index, node in enumerate(layout.nodes):
            double = node.tile.a + node.tile.a if both else node.tile.a
            if node.spinner:
                if node.long_open:
                    counted.append(double)
                continue
            for port in layout.ports:
                if port.node == index:
                    counted.append(double if node.tile.a == node.tile.b else port.value)
        return tuple(counted)

    def worths(self, both: bool, scoring: Scoring) -> "_Worths":
        return _Worths(self, both, scoring)

    def fits(self, layout: Layout, tile: Tile) -> bool:
        return any(tile.a == p.value or tile.b == p.value for p in layout.ports)

    def placements(self, layout: Layout, tile: Tile) -> list[tuple[str, Layout]]:
        """Every open side ``tile`` fits, named ``"tile/side"``, with the layout it makes."""
        return [
            (f"{layout.nodes[port.node].tile}/{port.side}", self._attach(layout, port, tile))
            for port in layout.ports
            if tile.a == port.value or tile.b == port.value
        ]

    def place(self, layout: Layout, tile: Tile, end: object, both: bool) -> tuple[str, Layout]:
        """Lay ``tile`` where ``end`` says, or where it can only go one way."""
        if end is not None and not isinstance(end, str):
            raise IllegalPlay(f'end {end!r} must name a tile and side, such as "5-5/up"')
        options = [
            (name, after) for name, after in self.placements(layout, tile)
            if end is None or self._names(layout, name, end)
        ]
        if not options:
            if end is not None:
                self._check_end(layout, end)
                raise IllegalPlay(f"{tile} does not fit the end {end}")
            raise IllegalPlay(f"{tile} fits no open end {self.describe(layout)}")
        shapes = {self._shape(after, both) for _, after in options}
        if len(shapes) > 1:
            names = ", ".join(name for name, _ in options)
            raise AmbiguousEnd(f"{tile} fits {names} with different results: say which end")
        return options[0]

    # ----- helpers -----------------------------------------------------------

    def _attach(self, layout: Layout, port: Port, tile: Tile) -> Layout:
        nodes = list(layout.nodes)
        ports = [p for p in layout.ports if p != port]
        parent = nodes[port.node]
        if parent.spinner and port.side in (parent.axis, _OPPOSITE[parent.axis]):
            parent = replace(parent, long_open=parent.long_open - 1)
            nodes[port.node] = parent
            if not parent.long_open:  # both long sides covered: the cross sides open
                for side in _ACROSS[parent.axis]:
                    arm = side if port.node == 0 else port.arm
                    ports.append(Port(port.node, side, parent.tile.a, arm))
        double = tile.a == tile.b
        spins = double and (self.every or not layout.spun)
        index = len(nodes)
        other = tile.b if tile.a == port.value else tile.a
        nodes.append(Node(tile, spinner=spins, axis=port.side, long_open=1 if spins else 0))
        ports.append(Port(index, port.side, other, port.arm))
        return Layout(tuple(nodes), tuple(ports), layout.spun or spins)

    def _names(self, layout: Layout, name: str, end: str) -> bool:
        """Whether ``end``, as a sheet writes it, names the open side ``name``."""
        if end == name:
            return True
        tile_text, side = name.split("/")
        if end in DIRECTIONS:
            port = next(p for p in layout.ports if f"{layout.nodes[p.node].tile}/{p.side}" == name)
            return port.arm == end
        wanted, _, wanted_side = end.partition("/")
        try:
            same_tile = Tile.parse(wanted).key == Tile.parse(tile_text).key
        except TileError:
            return False
        return same_tile and wanted_side in ("", side)

    def _check_end(self, layout: Layout, end: str) -> None:
        if end in DIRECTIONS or any(self._names(layout, f"{layout.nodes[p.node].tile}/{p.side}", end)
                                    for p in layout.ports):
            return
        raise IllegalPlay(f"{end} is not an open end of the layout {self.describe(layout)}")

    def _shape(self, layout: Layout, both: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
        # Two placements are the same when they leave the same open values
        # and the same counted contributions.
        return (tuple(sorted(self.values(layout))), tuple(sorted(self.contributions(layout, both))))


class _Worths:
    """(contributions, total, award) of a spinner layout, looked up like the line's worths."""

    def __init__(self, spinners: Spinners, both: bool, scoring: Scoring) -> None:
        self.spinners, self.both, self.scoring = spinners, both, scoring

    def __getitem__(self, layout: Any) -> tuple[tuple[int, ...], int, int]:
        counted = self.spinners.contributions(layout, self.both)
        total = sum(counted)
        return counted, total, award(total, self.scoring)
