"""The table as the scorer's pad draws it, worked out from a game's set-up
and its ops: the one function behind the server's ``GET /options`` and the
engine the pad runs in the browser (Pyodide), so both answer alike.

Terms: an *op* is one entry of a game's log, ``("move", move)``,
``("show", shown)`` or ``("undo", None)``; a tile's *options* are
``Game.options`` for it; the *line* lists the current hand's tiles from the
left end to the right (on a spinner layout, in the order played); a tile's
*faces* are its two pips as they lie, left to right, read from the open
ends the engine reports after each play.

>>> view = table_view({"rules": "pub", "seats": ["Ann", "Bob"]},
...                   [("move", {"seat": 0, "tile": "6-4", "peg": 2})])
>>> view["line"], view["held"]
([{'tile': '6-4', 'seat': 0, 'end': None, 'faces': [6, 4], 'double': False}], [6, 7])
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from .errors import AmbiguousEnd, ScoringError
from .events import Event, Option, PlayEvent
from .game import Game
from .rules import Rules
from .tiles import ALL_TILES
from .tiles import read as read_tile

OpKind = Literal["move", "show", "undo"]
Op = tuple[OpKind, Any]

# The game's fields the pad's `state` carries, beside its id, rules and seq.
STATE_FIELDS = ("status", "hand", "turn", "ends", "sides", "scores", "winner")


def live_ops(ops: Iterable[Op]) -> list[Op]:
    """The ops still in force, in order: an undo voids the newest move still
    in force, and any showing after it (it showed a hand end that no longer
    happened).

    >>> live_ops([("move", 1), ("move", 2), ("show", {}), ("undo", None)])
    [('move', 1)]
    """
    kept: list[Op] = []
    for op in ops:
        if op[0] != "undo":
            kept.append(op)
            continue
        while kept:
            if kept.pop()[0] == "move":
                break
    return kept


def replay(setup: Mapping[str, Any], ops: Iterable[Op]) -> Game:
    """The game after its live ops. Raises ``ScoringError`` with the
    engine's message for a set-up or an op the rules refuse."""
    game = new_game(setup)
    for kind, payload in live_ops(ops):
        game, _ = game.apply(payload) if kind == "move" else game.show(payload)
    return game


def new_game(setup: Mapping[str, Any], record: bool = True) -> Game:
    """A game before its first move, from ``rules``, ``seats``, ``partners``
    and ``start`` as a scoresheet or a game row holds them (``record`` as
    ``Game.new`` takes it)."""
    return Game.new(rules=setup.get("rules"), seats=setup.get("seats", ()),
                    partners=setup.get("partners", False), start=setup.get("start"), record=record)


def table_view(setup: Mapping[str, Any], ops: Iterable[Op]) -> dict[str, Any]:
    """The table after ``ops`` (undos already resolved or not): everything
    of ``GET /options`` but the ``state``, which the caller adds."""
    game = new_game(setup)
    rules = Rules.parse(setup.get("rules"))
    on_a_line = rules.layout == "line"
    line: list[dict[str, Any]] = []
    shown = False
    for kind, payload in live_ops(ops):
        shown = kind != "move"
        if shown:
            game, _ = game.show(payload)
            continue
        game, events = game.apply(payload)
        if game.moves_in_hand == 1:  # the first move of a hand: a new line
            line = []
        first = events[0]
        if first["type"] == "play":
            laid = _laid(first, game.ends if on_a_line else None)
            # Along a line, left to right as on the table; spinners as played.
            if on_a_line and laid["end"] == "left":
                line.insert(0, laid)
            else:
                line.append(laid)
    return {
        "target": rules.target,
        "largest_peg": rules.largest_award,
        "layout": rules.layout,
        "held": [game.held(seat) for seat in range(len(game.seats))],
        "boneyard": game.boneyard,
        "line": line,
        "shown": shown,
        "events": this_hand(game.events, game.hand),
        "tiles": [tile_options(game, tile.text) for tile in ALL_TILES],
    }


def this_hand(events: Sequence[Event], hand: int) -> list[Event]:
    return [event for event in events if event.get("hand") == hand]


def game_state(game: Game) -> dict[str, Any]:
    """The engine's part of the pad's ``state``, as JSON-ready values."""
    return {
        "status": game.status,
        "hand": game.hand,
        "turn": game.turn,
        "ends": list(game.ends),
        "sides": [list(side) for side in game.sides],
        "scores": list(game.scores),
        "winner": game.winner,
    }


def sheet_ops(sheet: Mapping[str, Any]) -> list[Op]:
    """A scoresheet's moves and showings as ops, in the order they were made.
    (A hand's ``leader`` is only a check: the engine knows who led.)"""
    ops: list[Op] = []
    for hand in sheet.get("hands", []):
        ops += [("move", move) for move in hand["moves"]]
        if "shown" in hand:
            ops.append(("show", hand["shown"]))
    return ops


def pad_ops(writes: Iterable[Mapping[str, Any]]) -> list[Op]:
    """The pad's writes, ``{"move": body}``, ``{"shown": body}`` or
    ``{"undo": true}``, as ops; a body's ``seq`` is the server's business."""
    ops: list[Op] = []
    for write in writes:
        if "move" in write:
            ops.append(("move", {k: v for k, v in write["move"].items() if k != "seq"}))
        elif "shown" in write:
            ops.append(("show", {k: v for k, v in write["shown"].items() if k != "seq"}))
        elif write.get("undo"):
            ops.append(("undo", None))
        else:
            raise ScoringError(f"not a move, a showing or an undo: {dict(write)!r}")
    return ops


def sheet_table(sheet: Mapping[str, Any], writes: Iterable[Mapping[str, Any]] = (),
                state: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What ``GET /options`` would answer once ``writes`` were recorded on
    top of ``sheet``: ``state`` (the server's last) with the engine's fields
    brought up to date and ``seq`` one higher for each write."""
    queued = pad_ops(writes)
    ops = sheet_ops(sheet) + queued
    game = replay(sheet, ops)
    base = dict(state) if state is not None else {"id": None, "rules": sheet.get("rules"), "seq": None}
    seq = base.get("seq")
    after = {**base, "seats": list(game.seats), **game_state(game),
             "seq": seq + len(queued) if isinstance(seq, int) else seq}
    # The server's key order: id, rules, seats, then the cached fields.
    order = ["id", "rules", "seats", "seq", *STATE_FIELDS]
    ordered = {key: after[key] for key in order if key in after}
    ordered.update({key: value for key, value in after.items() if key not in ordered})
    return {"state": ordered, **table_view(sheet, ops)}


def sheet_preview(sheet: Mapping[str, Any], writes: Iterable[Mapping[str, Any]],
                  move: Mapping[str, Any]) -> dict[str, Any]:
    """What ``POST /preview`` would answer for ``move`` made after ``writes``
    on top of ``sheet``. Raises ``ScoringError`` for a move refused."""
    game = replay(sheet, sheet_ops(sheet) + pad_ops(writes))
    after, events = game.apply({k: v for k, v in move.items() if k != "seq"})
    return {"events": events, "scores": after.scores, "status": after.status}


def tile_options(game: Game, tile: str) -> dict[str, Any]:
    """A tile's options now, and whether the scorer must say which end."""
    try:
        options = game.options(tile)
    except ScoringError:  # played this hand, or misplayed by another seat
        return {"tile": tile, "played": True, "options": [], "ask_end": False}
    return {"tile": tile, "played": False, "options": options, "ask_end": _end_matters(game, tile, options)}


def _laid(play: PlayEvent, ends: list[int] | None) -> dict[str, Any]:
    """A play as it lies: which pip faces which way along a line (spinner
    layouts are drawn in the order played, as written)."""
    tile = read_tile(play["tile"])
    a, b = tile.a, tile.b
    end = play["end"]
    if ends is None or end is None:
        faces = [a, b]  # the down lies as written: a at the left
    elif end == "left":
        faces = [ends[0], b if a == ends[0] else a]
    else:
        faces = [a if b == ends[1] else b, ends[1]]
    return {"tile": play["tile"], "seat": play["seat"], "end": end, "faces": faces, "double": a == b}


def _end_matters(game: Game, tile: str, options: list[Option]) -> bool:
    """Whether the scorer must say which end: the engine's own answer to the
    move sent without one."""
    if len(options) < 2:
        return False
    try:
        game.apply({"seat": game.turn, "tile": tile})
    except AmbiguousEnd:
        return True
    except ScoringError:
        return False
    return False
