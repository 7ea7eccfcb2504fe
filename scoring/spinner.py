"""Spinner layouts: doubles laid crosswise that can be built on from four sides.

Terminology (RULES.md "Spinners"): a *spinner* is a double laid crosswise.
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
end (004).

Sides are named by direction on the table: ``left`` and ``right`` along the
first tile, ``up`` and ``down`` across it.  A play names where it goes as
the tile it builds on and that tile's side, ``"5-5/up"``; a plain
direction (``"up"``) names the end of the arm leaving the first tile that
way, and ``"5-5"`` alone does when that tile has one open side.

>>> layout = Spinners(every=False)
>>> table = layout.down(Tile(5, 5))
>>> layout.contributions(table, True)
(10,)
>>> end, table = layout.place(table, Tile(5, 2), "5-5/left", True)
>>> end, layout.contributions(table, True)
('5-5/left', (10, 2))
>>> end, table = layout.place(table, Tile(5, 3), "right", True)
>>> sorted(layout.values(table)), layout.contributions(table, True)
([2, 3, 5, 5], (2, 3))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .errors import AmbiguousEnd, IllegalPlay
from .errors import TileError
from .tiles import Tile
from .totals import award

DIRECTIONS = ("left", "right", "up", "down")
_OPPOSITE = {"left": "right", "right": "left", "up": "down", "down": "up"}
_ACROSS = {"left": ("up", "down"), "right": ("up", "down"), "up": ("left", "right"),
           "down": ("left", "right")}


@dataclass(frozen=True, slots=True)
class Node:
    """A tile on the table; ``long_open`` counts a spinner's open long sides."""

    tile: Tile
    spinner: bool = False
    axis: str = "left"  # a spinner's long sides: this direction and its opposite
    long_open: int = 0


@dataclass(frozen=True, slots=True)
class Port:
    """An open side a tile can be laid against."""

    node: int
    side: str
    value: int
    arm: str  # the direction in which this arm leaves the first tile


@dataclass(frozen=True, slots=True)
class Table:
    nodes: tuple[Node, ...]
    ports: tuple[Port, ...]
    spun: bool  # a spinner is down (``layout: spinner`` spins only the first double)


class Spinners:
    """The layout functions the rules engine calls, for spinner play."""

    def __init__(self, every: bool) -> None:
        self.every = every

    def down(self, tile: Tile) -> Table:
        if tile.a == tile.b:
            node = Node(tile, spinner=True, axis="left", long_open=2)
            ports = (Port(0, "left", tile.a, "left"), Port(0, "right", tile.a, "right"))
            return Table((node,), ports, True)
        ports = (Port(0, "left", tile.a, "left"), Port(0, "right", tile.b, "right"))
        return Table((Node(tile),), ports, False)

    def values(self, table: Table) -> tuple[int, ...]:
        return tuple(port.value for port in table.ports)

    def describe(self, table: Table) -> str:
        return "(" + ", ".join(str(v) for v in self.values(table)) + ")"

    def contributions(self, table: Table, both: bool) -> tuple[int, ...]:
        """What each counted end adds to the total, in the order the tiles were laid."""
        counted = []
        for index, node in enumerate(table.nodes):
            double = node.tile.a + node.tile.a if both else node.tile.a
            if node.spinner:
                if node.long_open:
                    counted.append(double)
                continue
            for port in table.ports:
                if port.node == index:
                    counted.append(double if node.tile.a == node.tile.b else port.value)
        return tuple(counted)

    def scoring_table(self, both: bool, scoring: str) -> "_Worths":
        return _Worths(self, both, scoring)

    def fits(self, table: Table, tile: Tile) -> bool:
        return any(tile.a == p.value or tile.b == p.value for p in table.ports)

    def placements(self, table: Table, tile: Tile) -> list[tuple[str, Table]]:
        """Every open side ``tile`` fits, named ``"tile/side"``, with the layout it makes."""
        return [
            (f"{table.nodes[port.node].tile}/{port.side}", self._attach(table, port, tile))
            for port in table.ports
            if tile.a == port.value or tile.b == port.value
        ]

    def place(self, table: Table, tile: Tile, end: object, both: bool) -> tuple[str, Table]:
        """Lay ``tile`` where ``end`` says, or where it can only go one way."""
        if end is not None and not isinstance(end, str):
            raise IllegalPlay(f'end {end!r} must name a tile and side, such as "5-5/up"')
        options = [
            (name, after) for name, after in self.placements(table, tile)
            if end is None or self._names(table, name, end)
        ]
        if not options:
            if end is not None:
                self._check_end(table, end)
                raise IllegalPlay(f"{tile} does not fit the end {end}")
            raise IllegalPlay(f"{tile} fits no open end {self.describe(table)}")
        shapes = {self._shape(after, both) for _, after in options}
        if len(shapes) > 1:
            names = ", ".join(name for name, _ in options)
            raise AmbiguousEnd(f"{tile} fits {names} with different results: say which end")
        return options[0]

    # ----- helpers -----------------------------------------------------------

    def _attach(self, table: Table, port: Port, tile: Tile) -> Table:
        nodes = list(table.nodes)
        ports = [p for p in table.ports if p != port]
        parent = nodes[port.node]
        if parent.spinner and port.side in (parent.axis, _OPPOSITE[parent.axis]):
            parent = replace(parent, long_open=parent.long_open - 1)
            nodes[port.node] = parent
            if not parent.long_open:  # both long sides covered: the cross sides open
                for side in _ACROSS[parent.axis]:
                    arm = side if port.node == 0 else port.arm
                    ports.append(Port(port.node, side, parent.tile.a, arm))
        double = tile.a == tile.b
        spins = double and (self.every or not table.spun)
        index = len(nodes)
        other = tile.b if tile.a == port.value else tile.a
        nodes.append(Node(tile, spinner=spins, axis=port.side, long_open=1 if spins else 0))
        ports.append(Port(index, port.side, other, port.arm))
        return Table(tuple(nodes), tuple(ports), table.spun or spins)

    def _names(self, table: Table, name: str, end: str) -> bool:
        """Whether ``end``, as a sheet writes it, names the open side ``name``."""
        if end == name:
            return True
        tile_text, side = name.split("/")
        if end in DIRECTIONS:
            port = next(p for p in table.ports if f"{table.nodes[p.node].tile}/{p.side}" == name)
            return port.arm == end
        wanted, _, wanted_side = end.partition("/")
        try:
            same_tile = Tile.parse(wanted).key == Tile.parse(tile_text).key
        except TileError:
            return False
        return same_tile and wanted_side in ("", side)

    def _check_end(self, table: Table, end: str) -> None:
        if end in DIRECTIONS or any(self._names(table, f"{table.nodes[p.node].tile}/{p.side}", end)
                                    for p in table.ports):
            return
        raise IllegalPlay(f"{end} is not an open end of the layout {self.describe(table)}")

    def _shape(self, table: Table, both: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
        # Two placements are the same when they leave the same open values
        # and the same counted contributions.
        return (tuple(sorted(self.values(table))), tuple(sorted(self.contributions(table, both))))


class _Worths:
    """(contributions, total, award) of a spinner layout, looked up like the line's table."""

    def __init__(self, layout: Spinners, both: bool, scoring: str) -> None:
        self.layout, self.both, self.scoring = layout, both, scoring

    def __getitem__(self, table: Any) -> tuple[tuple[int, ...], int, int]:
        counted = self.layout.contributions(table, self.both)
        total = sum(counted)
        return counted, total, award(total, self.scoring)
