"""What the scorer's pad asks before it sends anything, answered by the
engine without recording a thing: the table as it stands (the line, the
tiles held, where each of the 28 tiles would go and what it would score),
and what a move would do if it were sent.

Terms: a tile's *options* are the engine's `Game.options` for it; the
*line* lists the current hand's tiles from the left end to the right (on a
spinner layout, in the order played); a tile's *faces* are its two pips as
they lie, left to right, read from the open ends the engine reports after
each play.
"""
from typing import Any

import scoring

from league.engine import engine_of, live_ops, log_rows
from league.models import Game
from league.selectors.state import game_state
from league.refusals import MoveRejected


def game_table(*, game: Game) -> dict[str, Any]:
    """The table as the pad draws it, replayed from the log (the truth)."""
    rules = scoring.Rules.parse(game.rules)
    engine, line, shown = _replay_keeping_line(game=game, on_a_line=rules.layout == "line")
    return {
        "state": game_state(game=game),
        "target": rules.target,
        "layout": rules.layout,
        "held": [engine.held(seat) for seat in range(len(engine.seats))],
        "boneyard": engine.boneyard,
        "line": line,
        "shown": shown,
        "events": [event for event in engine.events if event.get("hand") == engine.hand],
        "tiles": [_tile_options(engine, tile.text) for tile in scoring.ALL_TILES],
    }


def move_preview(*, game: Game, move: dict[str, Any]) -> dict[str, Any]:
    """The events `move` would produce now. Records nothing; raises
    MoveRejected with the engine's message for a move the rules refuse."""
    try:
        after, events = engine_of(game).apply(move)
    except scoring.ScoringError as err:
        raise MoveRejected(str(err)) from None
    return {"events": events, "scores": after.scores, "status": after.status}


def _replay_keeping_line(*, game: Game, on_a_line: bool) -> tuple[scoring.Game, list[dict[str, Any]], bool]:
    """The engine after the log, the current hand's line, and whether the
    tiles of the hand that has just ended have been shown."""
    engine = scoring.Game.new(rules=game.rules, seats=game.seats, partners=game.partners, start=game.start)
    line: list[dict[str, Any]] = []
    shown = False
    for row in live_ops(log_rows(game)):
        shown = row.kind != "move"
        if shown:
            engine, _ = engine.show(row.payload)
            continue
        engine, events = engine.apply(row.payload)
        if engine.moves_in_hand == 1:  # the first move of a hand: a new line
            line = []
        if events[0]["type"] == "play":
            laid = _laid(events[0], engine.ends if on_a_line else None)
            # Along a line, left to right as on the table; spinners as played.
            if on_a_line and laid["end"] == "left":
                line.insert(0, laid)
            else:
                line.append(laid)
    return engine, line, shown


def _laid(play: scoring.PlayEvent, ends: list[int] | None) -> dict[str, Any]:
    """A play as it lies: which pip faces which way along a line (spinner
    layouts are drawn in the order played, as written)."""
    a, b = (int(pip) for pip in play["tile"].split("-"))
    end = play["end"]
    if ends is None or end is None:
        faces = [a, b]  # the down lies as written: a at the left
    elif end == "left":
        faces = [ends[0], b if a == ends[0] else a]
    else:
        faces = [a if b == ends[1] else b, ends[1]]
    return {"tile": play["tile"], "seat": play["seat"], "end": end, "faces": faces, "double": a == b}


def _tile_options(engine: scoring.Game, tile: str) -> dict[str, Any]:
    try:
        options = engine.options(tile)
    except scoring.ScoringError:  # played this hand, or misplayed by another seat
        return {"tile": tile, "played": True, "options": [], "ask_end": False}
    return {"tile": tile, "played": False, "options": options, "ask_end": _end_matters(engine, tile, options)}


def _end_matters(engine: scoring.Game, tile: str, options: list[scoring.Option]) -> bool:
    """Whether the scorer must say which end: the engine's own answer to the
    move sent without one."""
    if len(options) < 2:
        return False
    try:
        engine.apply({"seat": engine.turn, "tile": tile})
    except scoring.AmbiguousEnd:
        return True
    except scoring.ScoringError:
        return False
    return False
