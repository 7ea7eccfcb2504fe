"""League match formats and points schemes, pure Python.

A *match format* (``MatchFormat``) says which rubbers two teams play, singles
or pairs, one game or best of N, with any rule changes per rubber, and how
often one player may play; ``team_sheet_problems`` checks a team sheet
against it and the squads.  A *points scheme* (``PointsScheme``) says what a
result is worth in the table, walkovers included.  Leagues pick presets by
key (``format_get``, ``scheme_get``), and a division may pick others; a
league's own formats are stored as data (``format_to_data``,
``format_from_data``).
docs/formats.md explains every preset and where it comes from.  Nothing here
touches Django, so services can call it inside their own transactions.
"""

from .data import (
    Problem,
    format_from_data,
    format_problems,
    format_to_data,
    scheme_from_data,
    scheme_problems,
    scheme_to_data,
)
from .draws import draw_problems, drawn_lineups, pairs_drawn, pairs_not_drawn
from .errors import FormatError, FormatsError, ResultError, SchemeError, UnknownFormat, UnknownScheme
from .matchformats import PAIRS_CHOICES, MatchFormat, match_score
from .points import (
    LosingBonus,
    MatchResult,
    PointsScheme,
    Walkover,
    draw_problem,
    match_points,
    match_result,
    walkover_result,
)
from .presets import FORMATS, SCHEMES, format_get, scheme_get
from .rubbers import SIDES, Rubber, Side, games_to_win, rubber_decided, rubber_winner
from .teamsheets import Lineup, Player, PlayerId, Squad, TeamSheet, team_sheet_problems

__all__ = [
    "FORMATS", "PAIRS_CHOICES", "Problem", "SCHEMES", "SIDES", "FormatError", "FormatsError", "Lineup",
    "LosingBonus", "MatchFormat", "MatchResult", "Player", "PlayerId", "PointsScheme", "ResultError", "Rubber",
    "SchemeError", "Side", "Squad", "TeamSheet", "UnknownFormat", "UnknownScheme", "Walkover", "draw_problem",
    "draw_problems",
    "drawn_lineups", "format_from_data", "format_get", "format_problems", "format_to_data", "games_to_win",
    "match_points", "match_result", "match_score", "pairs_drawn", "pairs_not_drawn", "rubber_decided", "rubber_winner",
    "scheme_from_data", "scheme_get", "scheme_problems", "scheme_to_data", "team_sheet_problems",
    "walkover_result",
]
