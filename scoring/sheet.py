"""Scoresheets: replaying a whole game and reporting what the rules make of it.

Terminology: a *scoresheet* is one game as the scorer saw it
(SCORESHEET.md); ``check`` adjudicates it and returns the engine's output
(``sides``, ``scores``, ``winner``, ``events``).  A hand's ``shown`` tiles
re-judge its end, so its ``hand-end`` event is the one after showing.  A
sheet that stops mid-hand gets a last ``hand-end`` event with ``"ended":
"open"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .errors import GameOver, HandNotOver, IllegalPlay, SheetError, located
from .game import Event, Game

FORMAT = "fives-and-threes/1"
_SHEET_FIELDS = {"format", "rules", "seats", "partners", "start", "hands"}
_HAND_FIELDS = {"leader", "moves", "shown"}


@dataclass(frozen=True, slots=True)
class Replay:
    game: Game
    events: list[Event]


def check(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """Adjudicate a scoresheet; raise a ``ScoringError`` for one the rules cannot accept."""
    result = replay(sheet)
    game = result.game
    return {
        "sides": [list(side) for side in game.sides],
        "scores": game.scores,
        "winner": game.winner,
        "events": result.events,
    }


def replay(sheet: object) -> Replay:
    """Play a scoresheet through the engine, hand by hand."""
    if not isinstance(sheet, Mapping):
        raise SheetError("a scoresheet must be a JSON object")
    _known_fields(sheet, _SHEET_FIELDS, "scoresheet")
    if sheet.get("format", FORMAT) != FORMAT:
        raise SheetError(f"format {sheet['format']!r} is not {FORMAT!r}")
    game = Game.new(
        rules=sheet.get("rules"), seats=sheet.get("seats"),
        partners=sheet.get("partners", False), start=sheet.get("start"),
    )
    hands = sheet.get("hands", [])
    if not isinstance(hands, list):
        raise SheetError("hands must be a list")
    events: list[Event] = []
    for index, hand in enumerate(hands):
        game = _replay_hand(game, index, hand, events)
    if game.status == "playing" and hands:
        events.append({
            "hand": game.hand, "type": "hand-end", "ended": "open", "false_knocks": [],
            "awards": [], "penalties": [], "scores": game.scores,
        })
    return Replay(game, events)


def _replay_hand(game: Game, index: int, hand: object, events: list[Event]) -> Game:
    where = f"hand {index}"
    if not isinstance(hand, Mapping):
        raise SheetError(f"{where}: a hand must be an object with moves")
    _known_fields(hand, _HAND_FIELDS, where)
    if game.winner is not None:
        raise GameOver(f"{where}: the game was already won by side {game.winner}")
    if index > 0 and game.status != "hand-ended":
        raise SheetError(f"{where}: hand {index - 1} has not ended, so no hand can follow it")
    moves = hand.get("moves")
    if not isinstance(moves, list) or not moves:
        raise SheetError(f"{where}: moves must be a list of at least one move")
    leader = _leader(game, index, hand.get("leader"))
    for number, move in enumerate(moves):
        if game.hand == index and game.status == "hand-ended":
            raise IllegalPlay(f"{where}, move {number}: the hand has already ended")
        game, produced = game.apply(move)
        if leader is not None and game.leader not in (None, leader):
            raise located(
                IllegalPlay(f"seat {leader} is this hand's leader, so the down is theirs"),
                f"{where}, move {number} (seat {game.leader})",
            )
        events.extend(produced)
    shown = hand.get("shown")
    if shown is None or events[-1].get("ended") == "won":
        return game  # a hand that ended the game is not judged further
    if game.status != "hand-ended":
        raise HandNotOver(f"{where}, shown: the hand has not ended, so its tiles are not shown")
    game, (event,) = game.show(shown)
    events[-1] = event
    return game


def _leader(game: Game, index: int, leader: object) -> int | None:
    if leader is None:
        return None
    if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < len(game.seats):
        raise SheetError(f"hand {index}: leader {leader!r} is not a seat")
    expected = game.turn if index > 0 else None
    if expected is not None and leader != expected:
        raise SheetError(f"hand {index}: the lead passes to seat {expected} this hand, not seat {leader}")
    return leader


def _known_fields(obj: Mapping[str, Any], known: set[str], where: str) -> None:
    unknown = sorted(set(obj) - known)
    if unknown:
        raise SheetError(f"{where}: unknown field {unknown[0]!r}")
