"""Moves as a scoresheet writes them, read into small values.

Terminology: a *play* lays a tile (``end`` names where, ``peg`` what the
player claimed); a *knock* passes; a *draw* takes tiles from the boneyard; a
*misplay* is a tile laid that fits no end; a *ruling* is an offence ruled at
the table (``penalty``), which does not pass the turn.

>>> read_move({"seat": 1, "tile": "3-3", "end": "right", "peg": 4})
Play(seat=1, tile=Tile(a=3, b=3), end='right', peg=4)
>>> read_move({"seat": 0, "knock": True})
Knock(seat=0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Union

from .errors import UnknownMove
from .rules import OFFENCES
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    tile: Tile
    end: str | None = None
    peg: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "tile": str(self.tile)}
        if self.end is not None:
            out["end"] = self.end
        if self.peg is not None:
            out["peg"] = self.peg
        return out


@dataclass(frozen=True, slots=True)
class Knock:
    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "knock": True}


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int
    count: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "draw": self.count}


@dataclass(frozen=True, slots=True)
class Misplay:
    seat: int
    tile: Tile

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "misplay": str(self.tile)}


@dataclass(frozen=True, slots=True)
class Ruling:
    """An offence ruled at the table.

    ``move`` names the knock a false-knock ruling is about (so the showing
    of tiles does not penalise it again); ``points`` is what an under-peg
    ruling says was missed.
    """

    seat: int
    offence: str
    move: int | None = None
    points: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "penalty": self.offence}
        if self.move is not None:
            out["move"] = self.move
        if self.points:
            out["points"] = self.points
        return out


Move = Union[Play, Knock, Draw, Misplay, Ruling]

_KINDS = ("tile", "knock", "draw", "misplay", "penalty")
_FIELDS = {
    "tile": {"seat", "tile", "end", "peg"},
    "knock": {"seat", "knock"},
    "draw": {"seat", "draw"},
    "misplay": {"seat", "misplay"},
    "penalty": {"seat", "penalty", "move", "points"},
}


def read_move(raw: object) -> Move:
    """Read one move object; raise ``UnknownMove`` for one of no known kind."""
    if not isinstance(raw, Mapping):
        raise UnknownMove("a move must be an object")
    kinds = [k for k in _KINDS if k in raw]
    if len(kinds) != 1:
        raise UnknownMove(
            "a move is one of a play (tile), knock, draw, misplay or ruling (penalty); "
            f"this one has {', '.join(kinds) or 'none of them'}"
        )
    kind = kinds[0]
    extra = sorted(set(raw) - _FIELDS[kind])
    if extra:
        raise UnknownMove(f"a {_NAMES[kind]} has no field {extra[0]!r}")
    seat = _whole(raw.get("seat"), "seat", minimum=0)
    if kind == "tile":
        end = raw.get("end")
        if end is not None and not isinstance(end, str):
            raise UnknownMove(f"end {end!r} must be a string such as \"left\" or \"right\"")
        peg = raw.get("peg")
        return Play(seat, Tile.parse(raw["tile"]), end, None if peg is None else _whole(peg, "peg", 0))
    if kind == "knock":
        if raw["knock"] is not True:
            raise UnknownMove("a knock is written \"knock\": true")
        return Knock(seat)
    if kind == "draw":
        return Draw(seat, _whole(raw["draw"], "draw", minimum=1))
    if kind == "misplay":
        return Misplay(seat, Tile.parse(raw["misplay"]))
    return _ruling(raw, seat)


def _ruling(raw: Mapping[str, Any], seat: int) -> Ruling:
    offence = raw["penalty"]
    if offence not in OFFENCES:
        raise UnknownMove(f"penalty {offence!r} is not an offence ({', '.join(OFFENCES)})")
    move = raw.get("move")
    if move is not None and offence != "false-knock":
        raise UnknownMove("only a false-knock ruling names a move (the knock)")
    points = raw.get("points", 0)
    if points and offence != "under-peg":
        raise UnknownMove("only an under-peg ruling gives points (those missed)")
    return Ruling(
        seat,
        offence,
        None if move is None else _whole(move, "move", 0),
        _whole(points, "points", 0),
    )


_NAMES = {"tile": "play", "knock": "knock", "draw": "draw", "misplay": "misplay", "penalty": "ruling"}


def _whole(value: object, name: str, minimum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise UnknownMove(f"{name} must be a whole number of at least {minimum}, not {value!r}")
    return value
