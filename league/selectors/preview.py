"""What the scorer's pad asks before it sends anything, answered by the
engine without recording a thing: the table as it stands (the line, the
tiles held, where each of the 28 tiles would go and what it would score),
and what a move would do if it were sent.

The table itself is `scoring.table_view`, the same function the pad runs in
the browser when it has no connection (docs/pad.md): here it is given the
game's live log, and the state the game row caches.
"""
from typing import Any

import scoring
from league.engine import engine_of, live_ops, log_rows, table_drawn
from league.models import Game
from league.refusals import MoveRejected
from league.selectors.state import game_state
from scoring import table_view


def game_table(*, game: Game) -> dict[str, Any]:
    """The table as the pad draws it, replayed from the log (the truth)."""
    setup = {"rules": game.rules, "seats": game.seats, "partners": game.partners, "start": game.start}
    ops: list[table_view.Op] = [("move" if row.kind == "move" else "show", row.payload)
                                for row in live_ops(log_rows(game))]
    return {"state": game_state(game=game), **table_drawn(setup, ops)}


def move_preview(*, game: Game, move: dict[str, Any]) -> dict[str, Any]:
    """The events `move` would produce now. Records nothing; raises
    MoveRejected with the engine's message for a move the rules refuse."""
    try:
        after, events = engine_of(game).apply(move)
    except scoring.ScoringError as err:
        raise MoveRejected(str(err)) from None
    return {"events": events, "scores": after.scores, "status": after.status}
