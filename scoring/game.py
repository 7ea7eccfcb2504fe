"""A game as an immutable value, one move at a time.

Terminology: ``apply`` takes one move (as a scoresheet writes it) and
returns the next ``Game`` and the *events* the move produced, the same
JSON-ready objects ``check`` reports.  ``show`` turns up the tiles left when
a hand has ended and re-judges that hand's end (false knocks, penalties).
``options`` tells the scorer's pad where a tile fits and what each
placement would score.  A game is its move log: ``to_sheet`` writes it out.

The rules themselves live in ``GameState``; a ``Game`` copies its state
before each change, which costs the same at move 60 as at move 1.

>>> game = Game.new(rules={"preset": "pub", "hand_size": 3}, seats=["Ann", "Bob"])
>>> game, events = game.apply({"seat": 0, "tile": "6-3", "peg": 3})
>>> events[0]["total"], events[0]["verdict"], game.scores, game.turn
(9, 'correct', [3, 0], 1)
>>> [(o["end"], o["total"], o["award"]) for o in game.options("3-3")]
[('right', 12, 4)]
"""

from __future__ import annotations

from typing import Any, Mapping

from .events import Event, Option
from .kinds import Status
from .setup import new_state
from .sheet import replay
from .state import GameState, _items


class Game:
    """One game's rules, seats, scores and the hand in play."""

    __slots__ = ("_state", "_dealt")

    def __init__(self, state: GameState) -> None:
        self._state = state
        # Between hands, the next hand's deal that options are asked of:
        # made at the first asking, kept for the rest (the state never changes).
        self._dealt: GameState | None = None

    @staticmethod
    def new(rules: object = None, seats: object = (), partners: object = False,
            start: object = None, record: bool = True) -> "Game":
        """A game before its first move; raises ``ScoringError`` for a bad set-up.

        Without ``record`` the game keeps no log (``events`` and ``to_sheet``
        stay empty): a replay that reads only the events each move returns."""
        return Game(new_state(rules, seats, partners, start, record))

    @staticmethod
    def from_sheet(sheet: Mapping[str, Any]) -> "Game":
        """Replay a whole scoresheet, shown tiles included."""
        return Game(replay(sheet).state)

    # ----- changing ---------------------------------------------------------

    def apply(self, move: object) -> tuple["Game", list[Event]]:
        """The game after one move, and the events it produced."""
        state = self._state.copy()
        events = state.apply(move)
        return Game(state), events

    def show(self, shown: object) -> tuple["Game", list[Event]]:
        """The game once the ended hand's tiles are shown, and its new ``hand-end`` event."""
        state = self._state.copy()
        event = state.show(shown)
        return Game(state), [event]

    def options(self, tile: str, seat: int | None = None) -> list[Option]:
        """Every way ``tile`` can be laid now by ``seat`` (default: the seat to move)."""
        state = self._state
        if state.ended is not None and state.winner is None:
            if self._dealt is None:
                self._dealt = state.dealt()
            state = self._dealt
        return state.options(tile, seat)

    # ----- reading ----------------------------------------------------------

    @property
    def status(self) -> Status:
        state = self._state
        if state.winner is not None:
            return "won"
        return "hand-ended" if state.ended is not None else "playing"

    @property
    def hand(self) -> int:
        return self._state.hand

    @property
    def leader(self) -> int | None:
        return self._state.leader

    @property
    def turn(self) -> int | None:
        state = self._state
        if state.winner is not None:
            return None
        return state.next_leader() if state.ended is not None else state.turn

    @property
    def ends(self) -> list[int]:
        return self._state.open_values()

    @property
    def scores(self) -> list[int]:
        return list(self._state.scores)

    @property
    def winner(self) -> int | None:
        return self._state.winner

    @property
    def sides(self) -> list[list[int]]:
        return [list(side) for side in self._state.sides]

    @property
    def seats(self) -> list[str]:
        return list(self._state.seats)

    @property
    def partners(self) -> bool:
        return self._state.partners

    @property
    def rules(self) -> dict[str, Any]:
        return dict(self._state.rules.given)

    @property
    def boneyard(self) -> int:
        """Tiles left to draw in the current hand (0 without drawing)."""
        return self._state.boneyard

    @property
    def moves_in_hand(self) -> int:
        return self._state.moves

    def held(self, seat: int) -> int:
        """How many tiles ``seat`` holds in the current hand (after it ends: has to show)."""
        return self._state.held[seat]

    @property
    def hand_size(self) -> int:
        """How many tiles each seat is dealt for a hand."""
        return self._state.rules.hand_size_for(len(self._state.seats))

    @property
    def events(self) -> list[Event]:
        return _items(self._state.events)

    def to_sheet(self) -> dict[str, Any]:
        """The game so far as a scoresheet."""
        state = self._state
        hands: list[dict[str, Any]] = []
        for kind, index, leader, payload in _items(state.log):
            while len(hands) <= index:
                hands.append({"moves": []})
            if leader is not None:
                hands[index]["leader"] = leader
            if kind == "move":
                hands[index]["moves"].append(dict(payload))
            else:
                hands[index]["shown"] = payload
        sheet: dict[str, Any] = {
            "format": "fives-and-threes/1", "rules": self.rules, "seats": self.seats,
        }
        if state.partners:
            sheet["partners"] = True
        if any(state.start):
            sheet["start"] = list(state.start)
        sheet["hands"] = [dict(sorted(h.items(), key=lambda kv: _ORDER[kv[0]])) for h in hands]
        return sheet


_ORDER = {"leader": 0, "moves": 1, "shown": 2}
