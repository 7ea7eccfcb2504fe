"""Scoresheets: replaying a whole game and reporting what the rules make of it.

Terminology: a *scoresheet* is one game as the scorer saw it
(docs/scoresheet.md); ``check`` adjudicates it and returns the engine's output
(``sides``, ``scores``, ``winner``, ``events``).  A hand's ``shown`` tiles
re-judge its end, so its ``hand-end`` event is the one after showing.  A
sheet that stops mid-hand gets a last ``hand-end`` event with ``"ended":
"open"``.  The replay drives one ``GameState`` straight through, copying
nothing, which is what makes checking a sheet fast.

>>> result = check({"format": "fives-and-threes/1", "rules": {"preset": "pub", "hand_size": 3},
...                 "seats": ["Ann", "Bob"], "partners": False, "start": [0, 0],
...                 "hands": [{"leader": 0, "moves": [{"seat": 0, "tile": "6-3", "peg": 3}]}]})
>>> result["scores"], result["winner"], [event["type"] for event in result["events"]]
([3, 0], None, ['play', 'hand-end'])
>>> result["events"][-1]["ended"]
'open'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .errors import GameOver, HandNotOver, IllegalPlay, SheetError, located
from .events import Event, HandEnd, Result
from .setup import new_state
from .state import GameState

FORMAT = "fives-and-threes/1"
_SHEET_FIELDS = {"format", "rules", "seats", "partners", "start", "hands"}
_HAND_FIELDS = {"leader", "moves", "shown"}


@dataclass(frozen=True, slots=True)
class Replay:
    state: GameState
    events: list[Event]


def check(sheet: Mapping[str, Any]) -> Result:
    """Adjudicate a scoresheet; raise a ``ScoringError`` for one the rules cannot accept."""
    result = replay(sheet, record=False)
    state = result.state
    return {
        "sides": [list(side) for side in state.sides], "scores": list(state.scores), "winner": state.winner,
        "events": result.events,
    }


def replay(sheet: object, record: bool = True) -> Replay:
    """Play a scoresheet through the engine, hand by hand.

    Without ``record`` the game keeps no move log of its own (the events are
    returned all the same), which is all ``check`` needs.
    """
    if type(sheet) is not dict and not isinstance(sheet, Mapping):
        raise SheetError("a scoresheet must be a JSON object")
    _known_fields(sheet, _SHEET_FIELDS, "scoresheet")
    if sheet.get("format", FORMAT) != FORMAT:
        raise SheetError(f"format {sheet['format']!r} is not {FORMAT!r}")
    state = new_state(
        sheet.get("rules"), sheet.get("seats"), sheet.get("partners", False), sheet.get("start"),
        record,
    )
    hands = sheet.get("hands", [])
    if not isinstance(hands, list):
        raise SheetError("hands must be a list")
    events: list[Event] = []
    for index, hand in enumerate(hands):
        _replay_hand(state, index, hand, events)
    if hands and state.winner is None and state.ended is None:
        still_open: HandEnd = {
            "hand": state.hand, "type": "hand-end", "ended": "open", "false_knocks": [],
            "awards": [], "penalties": [], "scores": list(state.scores),
        }
        events.append(still_open)
    return Replay(state, events)


def _replay_hand(state: GameState, index: int, hand: object, events: list[Event]) -> None:
    where = f"hand {index}"
    if type(hand) is not dict and not isinstance(hand, Mapping):
        raise SheetError(f"{where}: a hand must be an object with moves")
    _known_fields(hand, _HAND_FIELDS, where)
    _check_hand_may_start(state, index, where)
    moves = hand.get("moves")
    if not isinstance(moves, list) or not moves:
        raise SheetError(f"{where}: moves must be a list of at least one move")
    leader = _leader(state, index, hand.get("leader"))
    unled = leader is not None  # the leader is checked once the hand's first play names it
    last = len(moves) - 1
    for number, move in enumerate(moves):
        produced = state.apply(move)
        events += produced
        if unled and state.leader is not None:
            unled = False
            if state.leader != leader:
                raise located(
                    IllegalPlay(f"seat {leader} is this hand's leader, so the down is theirs"),
                    f"{where}, move {number} (seat {state.leader})",
                )
        if len(produced) > 1 and number < last and state.winner is None:
            raise IllegalPlay(f"{where}, move {number + 1}: the hand has already ended")
    shown = hand.get("shown")
    if shown is None or state.winner is not None:
        return  # a hand that ended the game is not judged further
    if state.ended is None:
        raise HandNotOver(f"{where}, shown: the hand has not ended, so its tiles are not shown")
    events[-1] = state.show(shown)


def _check_hand_may_start(state: GameState, index: int, where: str) -> None:
    # A function of its own: the type checker would otherwise take the
    # winner and the hand's end as None for the rest of the hand, which the
    # compiled build enforces once the moves have changed them.
    if state.winner is not None:
        raise GameOver(f"{where}: the game was already won by side {state.winner}")
    if index > 0 and state.ended is None:
        raise SheetError(f"{where}: hand {index - 1} has not ended, so no hand can follow it")


def _leader(state: GameState, index: int, leader: object) -> int | None:
    if leader is None:
        return None
    if type(leader) is not int or not 0 <= leader < len(state.seats):
        raise SheetError(f"hand {index}: leader {leader!r} is not a seat")
    expected = state.next_leader() if index > 0 else None
    if expected is not None and leader != expected:
        raise SheetError(f"hand {index}: the lead passes to seat {expected} this hand, not seat {leader}")
    return leader


def _known_fields(obj: Mapping[str, Any], known: set[str], where: str) -> None:
    unknown = sorted(set(obj) - known)
    if unknown:
        raise SheetError(f"{where}: unknown field {unknown[0]!r}")
