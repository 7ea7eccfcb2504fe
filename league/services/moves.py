"""What a scorer records at the table: a move, the tiles shown at the end of
a hand, and the undoing of the last move. Each is one transaction (see
`league.services.log`)."""
from typing import Any

import scoring
from league.authors import Author
from league.engine import engine_replay, live_ops
from league.models import Game, GameEntry
from league.refusals import GameConflict
from league.selectors.state import game_state
from league.services.log import Change, Reply, log_append


def move_record(*, game_id: int, move: dict[str, Any], user: Author, key: str = "", seq: int | None = None) -> Reply:
    """Records one move (docs/scoresheet.md). The first move after a hand has
    ended starts the next hand: the engine knows, and so the row's hand is
    the engine's hand after the move."""

    def make(game: Game, engine: scoring.Game) -> Change:
        after, events = engine.apply(move)
        return Change(kind=GameEntry.Kind.MOVE, hand=after.hand, payload=move, engine=after, events=events)

    return log_append(game_id=game_id, user=user, key=key, seq=seq, make=make)


def shown_record(
    *, game_id: int, hand: int, shown: dict[str, list[str]], user: Author, key: str = "", seq: int | None = None
) -> Reply:
    """Records the tiles turned face up when hand `hand` ended; posting again
    before the next hand's first move replaces the earlier showing."""

    def make(game: Game, engine: scoring.Game) -> Change:
        if game.status == Game.Status.WON and hand == game.hand:
            raise GameConflict(f"hand {hand} ended the game: nothing is judged after a win", game_state(game=game))
        if game.status != Game.Status.HAND_ENDED or hand != game.hand:
            raise GameConflict(_not_open_for_showing(game=game, hand=hand), game_state(game=game))
        after, events = engine.show(shown)
        return Change(kind=GameEntry.Kind.SHOWN, hand=hand, payload=shown, engine=after, events=events)

    return log_append(game_id=game_id, user=user, key=key, seq=seq, make=make)


def _not_open_for_showing(*, game: Game, hand: int) -> str:
    if hand > game.hand or (hand == game.hand and game.status == Game.Status.PLAYING):
        return f"hand {hand} has not ended"
    return f"hand {hand} is closed: a later hand has started"


def move_undo(*, game_id: int, user: Author, key: str = "", seq: int | None = None) -> Reply:
    """Voids the newest live move. Its row stays in the log; the undo row
    records who voided it and when. Tiles shown for the hand that move ended
    lapse with it (see `league.engine.live_ops`)."""

    def make(game: Game, engine: scoring.Game) -> Change:
        # An undo is rare and needs the log itself: the engine has no undo,
        # so the game is replayed without the voided move.
        rows = list(GameEntry.objects.filter(game=game).order_by("seq"))
        moves = [row for row in live_ops(rows) if row.kind == GameEntry.Kind.MOVE]
        if not moves:
            raise GameConflict("there is no move to undo", game_state(game=game))
        voided = moves[-1]
        undo = GameEntry(kind=GameEntry.Kind.UNDO, payload=None)
        after = engine_replay(game=game, rows=[*rows, undo])
        event = {"type": "void", "seq": voided.seq, "hand": voided.hand, "move": voided.payload}
        return Change(
            kind=GameEntry.Kind.UNDO, hand=voided.hand, payload=None, engine=after, events=[event], voids=voided
        )

    return log_append(game_id=game_id, user=user, key=key, seq=seq, make=make)
