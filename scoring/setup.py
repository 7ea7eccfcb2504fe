"""A game's set-up: the state of its first hand from a scoresheet's set-up
fields (rules, seats, partners and starting scores), each checked.

Terminology: a *side* scores together: a seat on its own, or two partners
sitting opposite each other.

>>> new_state({"preset": "pub"}, ["Ann", "Bob", "Cy", "Di"], True, None).scores
[0, 0]
>>> new_state({"preset": "pub"}, ["Ann", "Bob", "Cy"], True, None)
Traceback (most recent call last):
...
scoring.errors.SheetError: partners need four seats, not 3
"""

from __future__ import annotations

from .errors import RulesError, SheetError
from .rules import Rules
from .state import GameState


def new_state(rules: object, seats: object, partners: object, start: object,
              record: bool = True) -> GameState:
    """A game's state for its first hand, from a scoresheet's set-up fields."""
    parsed = Rules.parse(rules)
    names = _seats(seats)
    if not isinstance(partners, bool):
        raise SheetError("partners must be true or false")
    _check_sides(parsed, len(names), partners)
    sides = 2 if partners else len(names)
    return GameState.new(parsed, names, partners, _start(start, sides, parsed.target), record)


def _seats(seats: object) -> tuple[str, ...]:
    if not isinstance(seats, (list, tuple)) or not 2 <= len(seats) <= 4:
        raise SheetError("seats must list 2 to 4 players")
    if not all(isinstance(name, str) and name.strip() for name in seats):
        raise SheetError("every seat needs a player's name")
    return tuple(seats)


def _check_sides(rules: Rules, players: int, partners: bool) -> None:
    if partners and players != 4:
        raise SheetError(f"partners need four seats, not {players}")
    if rules.partners == "required" and players == 4 and not partners:
        raise SheetError(f"{rules.preset} plays four seats as partners: set partners to true")
    if rules.partners == "no" and partners:
        raise SheetError(f"{rules.preset} has no partners")
    if rules.penalties.loses_game() and (2 if partners else players) > 2:
        raise RulesError("rules: lose-game is only allowed in a game of two sides")
    size = rules.hand_size_for(players)
    if size * players > 28:
        raise RulesError(f"rules: {players} hands of {size} need more than the 28 tiles of a set")


def _start(start: object, sides: int, target: int) -> tuple[int, ...]:
    if start is None:
        return (0,) * sides
    if not isinstance(start, (list, tuple)) or len(start) != sides:
        raise SheetError(f"start must give one score for each of the {sides} sides")
    for score in start:
        if type(score) is not int or not 0 <= score < target:
            raise SheetError(f"start score {score!r} must be a whole number from 0 to {target - 1}")
    return tuple(start)
