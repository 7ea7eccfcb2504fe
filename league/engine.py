"""The service's one doorway to the rules engine (`scoring`).

The service never re-implements a rule: a game's state is always what
`scoring.Game` makes of its log. Everything the service asks the engine to
do (start a game, replay or check a sheet, draw the table, analyse a game)
is asked here; elsewhere in `league` the engine's types, errors and
constants are named directly, and a rule set is read with `Rules.parse`,
but nothing else of `scoring` is called (tests/league/test_engine_doorway.py). This module builds that engine value for a
game by replaying its log rows (the truth), and keeps the values of recently
written games in memory so that a move need not replay the game.

Terms: an *op* is a live log row, one the engine must replay: a move that no
undo has voided, or a showing of tiles that still belongs to an ended hand.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

import scoring
from league.models import GameEntry
from league.refusals import MoveRejected
from scoring import table_view
from scoring.analysis import Analysis, analyse
from scoring.table_view import OpKind


class LogRow(Protocol):
    kind: str
    payload: Any


R = TypeVar("R", bound="LogRow")


def live_ops(rows: Iterable[R]) -> list[R]:
    """The rows still in force, in log order.

    An undo voids the newest live move; tiles shown after that move belonged
    to the hand it ended, a hand end that no longer happened, so they go too.
    """
    ops: list[R] = []
    for row in rows:
        if row.kind != "undo":
            ops.append(row)
            continue
        while ops:
            if ops.pop().kind == "move":
                break
    return ops


def engine_replay(*, game: Any, rows: Sequence[LogRow]) -> scoring.Game:
    """Replays a game's log rows through the engine, from the first move."""
    engine = scoring.Game.new(rules=game.rules, seats=game.seats, partners=game.partners, start=game.start)
    for row in live_ops(rows):
        if row.kind == "move":
            engine, _ = engine.apply(row.payload)
        else:
            engine, _ = engine.show(row.payload)
    return engine


def engine_state(engine: scoring.Game) -> dict[str, Any]:
    """What the game row caches of an engine value, as JSON-ready values."""
    return {
        "status": engine.status,
        "hand": engine.hand,
        "turn": engine.turn,
        "ends": list(engine.ends),
        "sides": [list(side) for side in engine.sides],
        "scores": list(engine.scores),
        "winner": engine.winner,
    }


class EngineCache:
    """The engine values of recently written games, by (game, seq).

    Per process: a tablet's next move usually lands on the same worker (it
    keeps its connection); a miss costs one query and a replay of the log.
    The key carries the game's creation time as well, so that a game id
    reused by another database (tests) can never match.
    """

    def __init__(self, size: int = 1024) -> None:
        self._size = size
        self._items: OrderedDict[tuple[Any, ...], scoring.Game] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> scoring.Game | None:
        with self._lock:
            engine = self._items.get(key)
            if engine is not None:
                self._items.move_to_end(key)
            return engine

    def put(self, key: tuple[Any, ...], engine: scoring.Game) -> None:
        with self._lock:
            self._items[key] = engine
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


ENGINES = EngineCache()


def engine_key(game: Any) -> tuple[Any, ...]:
    return (game.pk, game.created_at, game.seq)


def engine_of(game: Any) -> scoring.Game:
    """The engine value of a game row as it stands: from memory when this
    process wrote the game's last change (the usual case: a tablet keeps its
    connection, and so its worker), else replayed from the log in one query."""
    engine = ENGINES.get(engine_key(game))
    if engine is not None:
        return engine
    return engine_replay(game=game, rows=log_rows(game))


def log_rows(game: Any) -> list[Any]:
    """A game's whole log, oldest first, as much of each row as a replay
    needs: one query."""
    return list(GameEntry.objects.filter(game=game).only("seq", "kind", "payload").order_by("seq"))


def game_new(*, rules: Any, seats: list[str], partners: bool = False, start: list[int] | None = None) -> scoring.Game:
    """A new game's engine value, before its first move. Raises
    scoring.ScoringError for a set-up the rules refuse."""
    return scoring.Game.new(rules=rules, seats=seats, partners=partners, start=start)


def sheet_replayed(sheet: dict[str, Any]) -> tuple[scoring.Game, list[GameEntry]]:
    """A scoresheet checked as a whole, then replayed move by move and
    showing by showing: the engine value it ends in, and its log rows in
    order (unsaved, without game or seq). Raises scoring.ScoringError with
    the engine's message, or MoveRejected where the sheet as a whole says
    other than its moves one by one."""
    # The engine checks the sheet's shape first (a hand's moves not a
    # list, a move not an object): the replay below trusts it.
    expected = scoring.check(sheet)
    engine = game_new(rules=sheet.get("rules"), seats=sheet["seats"], partners=bool(sheet.get("partners", False)),
                      start=sheet.get("start"))
    rows: list[GameEntry] = []
    for hand in sheet.get("hands", []):
        for move in hand.get("moves", []):
            engine, _ = engine.apply(move)
            rows.append(GameEntry(kind=GameEntry.Kind.MOVE, hand=engine.hand, payload=move))
        if "shown" in hand and engine.status == "hand-ended":
            engine, _ = engine.show(hand["shown"])
            rows.append(GameEntry(kind=GameEntry.Kind.SHOWN, hand=engine.hand, payload=hand["shown"]))
    if expected["scores"] != list(engine.scores) or expected["winner"] != engine.winner:
        raise MoveRejected("the sheet cannot be replayed move by move (a leader other than the first mover?)")
    return engine, rows


def table_drawn(setup: dict[str, Any], ops: list[table_view.Op]) -> dict[str, Any]:
    """The table as the pad draws it after `ops`: the same function the pad
    runs in the browser (docs/pad.md)."""
    return table_view.table_view(setup, ops)


def game_analysed(setup: dict[str, Any], ops: list[tuple[OpKind, Any]]) -> Analysis:
    """The engine's analysis of a game replayed from its ops (docs/analysis.md)."""
    return analyse(setup, ops)


def sides_scoring_together(seats: int, partners: bool) -> tuple[tuple[int, ...], ...]:
    """The seats that score together, as the engine pairs them (partners
    sit opposite)."""
    return scoring.sides_of(seats, partners)
