"""Why the standings package refuses its input.

Terminology: every refusal is a ``StandingsError``, itself a ``ValueError``.
``EntryError`` is a team, match line or sanction that makes no sense on its
face (a team listed twice, a team playing itself, a negative score, a
sanction that deducts nothing).  ``UnknownTeam`` is a match or sanction
naming a team that is not in the division.  ``TieBreakerError`` is a list of
tie-breakers that cannot order a table (an unknown key, a key twice,
``"name"`` anywhere but last).  A score the points scheme itself refuses
raises the formats package's ``ResultError``.
"""

from __future__ import annotations


class StandingsError(ValueError):
    """Anything the standings package rejects."""


class EntryError(StandingsError):
    """A team, match line or sanction with a missing, repeated or out-of-range value."""


class UnknownTeam(EntryError):
    """A match or sanction names a team the division does not have.

    Carries the team id, so a caller can say which row is out of place.
    """

    def __init__(self, message: str, team: int) -> None:
        super().__init__(message)
        self.team = team


class TieBreakerError(StandingsError):
    """A tie-breaker list with an unknown or repeated key, or ``"name"`` before the end."""
