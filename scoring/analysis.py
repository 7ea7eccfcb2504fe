"""Scoring chances: what each play scored beside the best the engine offered
among the tiles the player is known to have held.

Terms (docs/analysis.md): a *decision* is a play or a knock; the tiles a
seat is *known* to hold at a decision are the tile it played there, the
tiles it laid (or misplayed) later in the same hand and the tiles it showed
at the hand's end, less any it may have drawn since (a seat that draws
after the decision may have laid a drawn tile, so only its plays before that
draw count, and its showing not at all); the *best* is the option of most
worth that ``Game.options`` reports for those tiles; the points *left* are
the best's worth less the worth of what was done (a knock is worth 0). A
*15* is an option making an end total of 15 that scores (not voided by the
target), as the league's 15s count; a *finish* (the missed 61) is an option
whose worth takes the side to the target (under ``finish: exact`` the engine
voids any play that passes it, so that is landing on it). Nothing here is a
rule: every worth is the engine's own.

The analysis says nothing of strategy (blocking an opponent, keeping a
tile back): only what the table offered to score.

>>> setup = {"rules": "pub", "seats": ["Ann", "Bob"]}
>>> ops = [("move", {"seat": 0, "tile": "6-4"}), ("move", {"seat": 1, "tile": "4-1"}),
...        ("move", {"seat": 0, "tile": "6-2", "end": "left"}), ("move", {"seat": 1, "knock": True}),
...        ("move", {"seat": 0, "tile": "1-3"})]
>>> step = analyse(setup, ops)["steps"][2]
>>> step["known"], step["worth"], step["best"]["tile"], step["best"]["worth"], step["left"]
(['6-2', '1-3'], 1, '1-3', 3, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypedDict

from .errors import ScoringError
from .events import Event, HandEnd, MoveEvent
from .game import Game
from .rules import Rules
from .table_view import Op, _laid, live_ops, new_game
from .tiles import Tile


class Chance(TypedDict):
    """One way to lay a known tile: the engine's option with its tile."""

    tile: str
    end: str | None
    total: int
    worth: int
    finishes: bool


class Step(TypedDict):
    """One move of the game, and for a decision, its chance."""

    index: int
    hand: int
    move: int
    seat: int
    side: int
    type: str
    tile: str | None
    worth: int
    known: list[str]
    best: Chance | None
    left: int
    found: bool
    missed_15: bool
    missed_finish: bool
    event: MoveEvent
    hand_end: HandEnd | None
    line: list[dict[str, Any]]
    scores: list[int]


class SeatFigures(TypedDict):
    """A seat's figures over one game."""

    seat: int
    hands: int
    decisions: int
    found: int
    left: int
    missed_15: int
    missed_finish: int


class Analysis(TypedDict):
    target: int
    layout: str
    seats: list[str]
    sides: list[list[int]]
    steps: list[Step]
    figures: list[SeatFigures]


def analyse(setup: Mapping[str, Any], ops: Iterable[Op]) -> Analysis:
    """The analysis of a game from its set-up and its ops (as ``table_view``
    takes them). Raises ``ScoringError`` for an op the rules refuse.

    One replay, a hand at a time: a hand's moves wait, each with the game as
    it stood before it, until the hand is over and its showing known; then
    they are judged and the games before them let go."""
    game = new_game(setup, record=False)  # the events are all it reads
    rules = Rules.parse(setup.get("rules"))
    on_a_line = rules.layout == "line"
    target = rules.target
    steps: list[Step] = []
    waiting: list[_Waiting] = []  # the moves of the hand being played
    line: list[dict[str, Any]] = []
    shown: Mapping[str, Any] = {}
    for kind, payload in live_ops(ops):
        if kind != "move":
            game, ended = game.show(payload)
            shown = payload
            last = waiting[-1]
            waiting[-1] = (last[0], [last[1][0], ended[0]], last[2])
            continue
        before = game
        game, made = game.apply(payload)
        if game.moves_in_hand == 1:  # a new hand: judge the last one
            _judge(waiting, shown, target, steps)
            waiting, line, shown = [], [], {}
        first = made[0]
        if first["type"] == "play":
            laid = _laid(first, game.ends if on_a_line else None)
            if on_a_line and laid["end"] == "left":
                line = [laid, *line]
            else:
                line = [*line, laid]
        waiting.append((before, made, line))
    _judge(waiting, shown, target, steps)
    return {
        "target": target, "layout": rules.layout, "seats": game.seats, "sides": game.sides,
        "steps": steps, "figures": seat_figures(steps, len(game.seats)),
    }


# A move waiting for its hand to end: the game before it, its events and the
# line after it.
_Waiting = tuple[Game, list[Event], list[dict[str, Any]]]


def _judge(waiting: list[_Waiting], shown: Mapping[str, Any], target: int, steps: list[Step]) -> None:
    """Judge one hand's moves, given its showing, onto ``steps``."""
    moves = [_move(made[0]) for _, made, _ in waiting]
    known = _known_in_hand(moves, shown)
    index = len(steps)
    for (before, made, line), event, held in zip(waiting, moves, known, strict=True):
        steps.append(_step(index, before, event, held, made, line, target))
        index += 1


def _step(index: int, before: Game, event: MoveEvent, held: list[str], made: list[Event],
          line: list[dict[str, Any]], target: int) -> Step:
    kind = event["type"]
    tile: str | None = None
    worth = 0
    made_15 = made_finish = False
    known: list[str] = []
    best: Chance | None = None
    left = 0
    missed_15 = missed_finish = False
    if event["type"] == "play":
        tile, worth = event["tile"], event["worth"]
        made_15 = event["total"] == 15 and not event["bust"]
    elif event["type"] == "misplay":
        tile = event["tile"]
    if kind == "play" or kind == "knock":
        seat = event["seat"]
        score = before.scores[event["side"]]
        made_finish = worth > 0 and score + worth >= target
        known = held
        can_15 = can_finish = False
        most = 0
        for text in known:
            try:
                options = before.options(text, seat)
            except ScoringError:  # cannot be laid now (already on the table)
                continue
            for option in options:
                value = option["worth"]
                if value > 0:
                    if option["total"] == 15:
                        can_15 = True
                    if score + value >= target:
                        can_finish = True
                if best is None or value > most:  # the first of the most points: the tile played, on a tie
                    most = value
                    best = {"tile": text, "end": option["end"], "total": option["total"], "worth": value,
                            "finishes": value > 0 and score + value >= target}
        missed_15 = can_15 and not made_15
        missed_finish = can_finish and not made_finish
        if best is not None:
            left = most - worth
    return {
        "index": index, "hand": event["hand"], "move": event["move"], "seat": event["seat"],
        "side": event["side"], "type": kind, "tile": tile, "worth": worth, "known": known,
        "best": best, "left": max(left, 0), "found": best is not None and left <= 0,
        "missed_15": missed_15, "missed_finish": missed_finish, "event": event,
        "hand_end": _hand_end(made), "line": line, "scores": list(event["scores"]),
    }


def _known_in_hand(moves: Sequence[MoveEvent], shown: Mapping[str, Any]) -> list[list[str]]:
    """For each move of one hand, the tiles its seat is known to have held
    then: the tile it plays there, the tiles it lays or misplays later in the
    hand (until it next draws) and, if it draws no more, those it shows at
    the end (``shown``, the hand's showing). Worked backwards, once over the
    hand, each seat's tiles kept as texts with their keys as a bit set."""
    known: list[list[str]] = []
    texts_of: dict[int, list[str]] = {}
    keys_of: dict[int, int] = {}
    for event in reversed(moves):
        seat = event["seat"]
        if seat not in texts_of:
            texts: list[str] = []
            keys = 0
            for text in shown.get(str(seat), ()):
                held = Tile.parse(text)
                texts.append(held.text)
                keys |= 1 << held.key
            texts_of[seat], keys_of[seat] = texts, keys
        if event["type"] == "draw":
            texts_of[seat], keys_of[seat] = [], 0  # a tile laid after a draw may be one it drew
        elif event["type"] == "play" or event["type"] == "misplay":
            tile = Tile.parse(event["tile"])
            keys = keys_of[seat]
            if not keys >> tile.key & 1:
                texts_of[seat], keys_of[seat] = [tile.text, *texts_of[seat]], keys | 1 << tile.key
        known.append(list(texts_of[seat]))
    known.reverse()
    return known


def seat_figures(steps: Iterable[Step], seats: int) -> list[SeatFigures]:
    """Each seat's decisions, best plays found, points left, missed 15s and
    missed finishes over ``steps``; its hands are those it made a move in."""
    figures: list[SeatFigures] = [
        {"seat": seat, "hands": 0, "decisions": 0, "found": 0, "left": 0, "missed_15": 0, "missed_finish": 0}
        for seat in range(seats)
    ]
    hands: list[set[int]] = [set() for _ in range(seats)]
    for step in steps:
        row = figures[step["seat"]]
        hands[step["seat"]].add(step["hand"])
        if step["best"] is None:
            continue
        row["decisions"] += 1
        row["found"] += step["found"]
        row["left"] += step["left"]
        row["missed_15"] += step["missed_15"]
        row["missed_finish"] += step["missed_finish"]
    for seat, row in enumerate(figures):
        row["hands"] = len(hands[seat])
    return figures


def _move(event: Event) -> MoveEvent:
    assert event["type"] != "hand-end"
    return event


def _hand_end(made: list[Event]) -> HandEnd | None:
    last = made[-1]
    return last if last["type"] == "hand-end" else None
