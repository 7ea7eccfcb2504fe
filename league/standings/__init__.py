"""Division tables from confirmed match results, pure Python.

Give ``division_table`` the division's teams (``TeamEntry``), its confirmed
matches and walkovers (``MatchLine``), the league's points scheme and any
sanctions (``Sanction``), and it returns the table as ``TableRow``s, best
first: played, won, drawn, lost, games and pegged points for and against,
points deducted, points, position.  The order comes from a list of
tie-breakers (``TIE_BREAKER_RULES``, the one register of them and their
words; ``tie_breakers_check`` validates a league's list); teams level on
all of them share a position.  docs/standings.md
explains every column and tie-breaker.  Match points come from
``league.formats``; nothing here touches Django, so the task that stores
tables can call it with rows read from the database.
"""

from .errors import EntryError, StandingsError, TieBreakerError, UnknownTeam
from .table import division_table
from .tiebreakers import (
    DEFAULT_TIE_BREAKERS,
    TIE_BREAKER_RULES,
    TIE_BREAKERS,
    TieBreaker,
    TieBreakerRule,
    tie_breakers_check,
)
from .values import MatchLine, Sanction, TableRow, TeamEntry, TeamId

__all__ = [
    "DEFAULT_TIE_BREAKERS", "TIE_BREAKERS", "TIE_BREAKER_RULES", "EntryError", "MatchLine", "Sanction",
    "StandingsError", "TableRow", "TeamEntry", "TeamId", "TieBreaker", "TieBreakerError", "TieBreakerRule",
    "UnknownTeam", "division_table", "tie_breakers_check",
]
