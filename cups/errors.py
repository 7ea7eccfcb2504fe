"""Errors the cup rules raise for input they cannot accept.

Terminology: every error is a ``CupError``, itself a ``ValueError``, so a
caller can catch the whole family or one kind of mistake.  The message says
what was wrong in words a secretary can read.
"""

from __future__ import annotations


class CupError(ValueError):
    """Any input the cup rules reject."""


class DrawError(CupError):
    """A draw that cannot be made: too few entrants, an entrant twice, a
    later round that is not a power of two, a winner who was not in the tie."""


class TieError(CupError):
    """Results that cannot belong to the tie: a leg between other sides, a
    replay after the tie was settled, a decider left level."""
