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
from .events import Event, HandEnd, MoveEvent, Option
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
    takes them). Raises ``ScoringError`` for an op the rules refuse."""
    game = new_game(setup)
    rules = Rules.parse(setup.get("rules"))
    on_a_line = rules.layout == "line"
    befores: list[Game] = []
    events: list[list[Event]] = []
    lines: list[list[dict[str, Any]]] = []
    line: list[dict[str, Any]] = []
    shown: dict[int, Mapping[str, Any]] = {}
    for kind, payload in live_ops(ops):
        if kind != "move":
            game, ended = game.show(payload)
            shown[game.hand] = payload
            events[-1] = [events[-1][0], ended[0]]
            continue
        befores.append(game)
        game, made = game.apply(payload)
        events.append(made)
        if game.moves_in_hand == 1:
            line = []
        first = made[0]
        if first["type"] == "play":
            laid = _laid(first, game.ends if on_a_line else None)
            if on_a_line and laid["end"] == "left":
                line = [laid, *line]
            else:
                line = [*line, laid]
        lines.append(line)
    moves = [_move(made[0]) for made in events]
    known = known_tiles(moves, shown)
    steps = [_step(index, befores[index], moves[index], known[index], events[index], lines[index], rules.target)
             for index in range(len(moves))]
    return {
        "target": rules.target, "layout": rules.layout, "seats": game.seats, "sides": game.sides,
        "steps": steps, "figures": seat_figures(steps, len(game.seats)),
    }


def _step(index: int, before: Game, event: MoveEvent, held: list[str], made: list[Event],
          line: list[dict[str, Any]], target: int) -> Step:
    kind = event["type"]
    tile: str | None = None
    worth = 0
    made_15 = made_finish = False
    if event["type"] == "play":
        tile, worth = event["tile"], event["worth"]
        made_15 = _is_15(event["total"], event["bust"])
    elif event["type"] == "misplay":
        tile = event["tile"]
    score = before.scores[event["side"]]
    made_finish = worth > 0 and score + worth >= target
    known: list[str] = []
    best: Chance | None = None
    can_15 = can_finish = False
    if kind == "play" or kind == "knock":
        known = held
        for text in known:
            for option in _options(before, text, event["seat"]):
                chance = _chance(text, option, score, target)
                can_15 = can_15 or (_is_15(chance["total"], False) and chance["worth"] > 0)
                can_finish = can_finish or chance["finishes"]
                if best is None or chance["worth"] > best["worth"]:
                    best = chance  # the first of the most points: the tile played, on a tie
    missed_15 = can_15 and not made_15
    missed_finish = can_finish and not made_finish
    left = best["worth"] - worth if best is not None else 0
    return {
        "index": index, "hand": event["hand"], "move": event["move"], "seat": event["seat"],
        "side": event["side"], "type": kind, "tile": tile, "worth": worth, "known": known,
        "best": best, "left": max(left, 0), "found": best is not None and left <= 0,
        "missed_15": missed_15, "missed_finish": missed_finish, "event": event,
        "hand_end": _hand_end(made), "line": line, "scores": list(event["scores"]),
    }


def known_tiles(moves: Sequence[MoveEvent], shown: Mapping[int, Mapping[str, Any]]) -> list[list[str]]:
    """For each move, the tiles its seat is known to have held then: the
    tile it plays there, the tiles it lays or misplays later in the hand
    (until it next draws) and, if it draws no more, those it shows at the
    end. Worked backwards, once over the game."""
    known: list[list[str]] = [[] for _ in moves]
    later: dict[tuple[int, int], list[Tile]] = {}
    for index in range(len(moves) - 1, -1, -1):
        event = moves[index]
        key = (event["hand"], event["seat"])
        if key not in later:
            later[key] = [Tile.parse(text) for text in shown.get(key[0], {}).get(str(key[1]), ())]
        if event["type"] == "draw":
            later[key] = []  # a tile laid after a draw may be one it drew
        elif event["type"] == "play" or event["type"] == "misplay":
            tile = Tile.parse(event["tile"])
            if all(held.key != tile.key for held in later[key]):
                later[key] = [tile, *later[key]]
        known[index] = [tile.text for tile in later[key]]
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


def _options(game: Game, tile: str, seat: int) -> list[Option]:
    try:
        return game.options(tile, seat)
    except ScoringError:  # cannot be laid now (already on the table)
        return []


def _chance(tile: str, option: Option, score: int, target: int) -> Chance:
    worth = option["worth"]
    return {"tile": tile, "end": option["end"], "total": option["total"], "worth": worth,
            "finishes": worth > 0 and score + worth >= target}


def _is_15(total: int, bust: bool) -> bool:
    return total == 15 and not bust


def _move(event: Event) -> MoveEvent:
    assert event["type"] != "hand-end"
    return event


def _hand_end(made: list[Event]) -> HandEnd | None:
    last = made[-1]
    return last if last["type"] == "hand-end" else None
