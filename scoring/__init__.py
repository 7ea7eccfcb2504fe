"""The rules engine for Fives and Threes dominoes.

Pure Python, standard library only.  It adjudicates games under the five
presets and their rule keys, reading and writing the scoresheet format of
docs/scoresheet.md:

- ``check(sheet) -> Result``: a whole scoresheet, as ``python -m scoring check``;
- ``Game``: one move at a time, for the live scoring service and the pad;
- ``ScoringError`` (a ``ValueError``) and its subclasses for input the rules
  cannot accept;
- ``Result``, ``Event`` (``MoveEvent``, ``PlayEvent``, ``HandEnd``) and
  ``Option``: the shapes of what ``check`` and ``Game`` return, as
  ``TypedDict``s (plain dicts at run time).

See docs/engine-api.md for the interface and docs/rules.md for the
decisions taken where the rule texts are silent.
"""

from .errors import (
    AmbiguousEnd,
    GameOver,
    HandNotOver,
    IllegalPlay,
    MoveError,
    NotYourTurn,
    RulesError,
    ScoringError,
    SheetError,
    TileAlreadyPlayed,
    TileError,
    UnknownMove,
)
from .events import Event, HandEnd, MoveEvent, Option, PlayEvent, Result
from .game import Game
from .rules import PRESETS, Rules
from .sheet import FORMAT, check
from .state import sides_of
from .tiles import ALL_TILES, Tile

__all__ = [
    "ALL_TILES", "FORMAT", "PRESETS", "AmbiguousEnd", "Event", "Game", "GameOver", "HandEnd",
    "HandNotOver", "IllegalPlay", "MoveError", "MoveEvent", "NotYourTurn", "Option", "PlayEvent",
    "Result", "Rules", "RulesError", "ScoringError", "SheetError", "Tile", "TileAlreadyPlayed",
    "TileError", "UnknownMove", "check", "sides_of",
]
