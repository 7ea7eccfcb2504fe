"""Why the formats package refuses a value.

Terminology: every refusal is a ``FormatsError``, itself a ``ValueError``.
``FormatError`` is a match format or rubber that makes no sense on its face
(best of 2, a rubber of three players, an override the rules engine does not
know).  ``SchemeError`` is a points scheme that would pay a loser more than a
winner.  ``UnknownFormat`` and ``UnknownScheme`` are keys with no preset.
``ResultError`` is a result that cannot happen: a negative score, a game
played after its rubber was already decided.
"""

from __future__ import annotations


class FormatsError(ValueError):
    """Anything the formats package rejects."""


class FormatError(FormatsError):
    """A match format or rubber with a missing, repeated or out-of-range value."""


class SchemeError(FormatsError):
    """A points scheme whose values contradict each other."""


class UnknownFormat(FormatsError):
    """A match format key with no preset."""


class UnknownScheme(FormatsError):
    """A points scheme key with no preset."""


class ResultError(FormatsError):
    """A rubber's games or a match score that no match could produce."""
