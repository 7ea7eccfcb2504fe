"""Errors the engine raises for input the rules cannot accept.

Terminology: every error is a ``ScoringError``, itself a ``ValueError``, so a
caller can catch the whole family or one kind of mistake.  Errors about a
move carry the place they happened in their message, in the form the
scoresheet contract fixes: ``hand 2, move 7 (seat 1): <reason>``.

>>> err = located(IllegalPlay("6-3 does not fit"), "hand 2, move 7 (seat 1)")
>>> type(err).__name__, str(err), isinstance(err, ValueError)
('IllegalPlay', 'hand 2, move 7 (seat 1): 6-3 does not fit', True)
"""

from __future__ import annotations


class ScoringError(ValueError):
    """Any input the rules engine rejects."""


class RulesError(ScoringError):
    """An unknown preset or rule key, or a value a rule key does not take."""


class SheetError(ScoringError):
    """A scoresheet whose structure is wrong: seats, partners, start, hands, shown."""


class TileError(ScoringError):
    """Text that does not name a tile of a double-six set."""


class MoveError(ScoringError):
    """A move the rules reject."""


class UnknownMove(MoveError):
    """A move object of no known kind, or with fields it cannot have."""


class NotYourTurn(MoveError):
    """A seat moved out of turn, or a seat that does not exist moved."""


class IllegalPlay(MoveError):
    """A tile laid where it does not fit, a knock or misplay that cannot be."""


class AmbiguousEnd(MoveError):
    """A play without ``end`` where the tile could go more than one way."""


class TileAlreadyPlayed(MoveError):
    """A tile played, misplayed or shown when it is no longer in that hand."""


class GameOver(MoveError):
    """A move after a side has won."""


class HandNotOver(MoveError):
    """Tiles shown for a hand that is still being played."""


def located(err: ScoringError, where: str) -> ScoringError:
    """The same kind of error with the place it happened put in front."""
    return type(err)(f"{where}: {err}")
