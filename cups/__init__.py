"""Cups beside the league: the draw and the progression rules.

Pure Python, standard library only, like ``scoring``: it stores nothing
and knows nothing of Django.  The service that runs a cup stores what these
functions return (plain frozen dataclasses: ``dataclasses.asdict`` gives
JSON, each draw's ``from_dict`` reads it back) and asks them again.

- ``draw_bracket``: a straight knockout drawn all at once, seeded or at
  random from a recorded seed, with byes to the next power of two (the
  procedure it was drawn by recorded with it: ``IN_PAIRS``, or
  ``AS_SEEDS`` for a bracket drawn before);
  ``bracket_rounds`` fills its later rounds from the winners so far;
- ``draw_round``: one round drawn at a time from the entrants still in,
  ``through`` the entrants left for the next;
- ``decide``: who goes through a tie of one leg or two, with its
  tie-break chain, replays, a decider and walkovers;
- ``split_groups``, ``group_rounds``, ``group_table``, ``qualifiers`` and
  ``draw_knockout``: a group stage of mini-leagues feeding a knockout;
- ``describe``: a draw in plain words for the audit log.

docs/cups.md gives the rules in words and how a draw is reproduced.
"""

from .bracket import (
    AS_SEEDS,
    IN_PAIRS,
    Bracket,
    bracket_order,
    bracket_rounds,
    champion,
    draw_bracket,
    first_round,
    size_for,
)
from .entrants import drawn_order, new_seed
from .errors import CupError, DrawError, TieError
from .groups import Group, GroupDraw, group_rounds, split_groups
from .knockout import draw_knockout
from .rounds import RoundDraw, draw_round, through
from .tables import GroupRules, Qualifier, Row, Table, group_table, qualifiers
from .ties import Leg, Outcome, TieFormat, decide
from .values import Entrant, EntrantId, Tie
from .words import describe, round_name

__all__ = [
    "AS_SEEDS", "IN_PAIRS", "Bracket", "CupError", "DrawError", "Entrant", "EntrantId", "Group", "GroupDraw", "GroupRules", "Leg",
    "Outcome", "Qualifier", "RoundDraw", "Row", "Table", "Tie", "TieError", "TieFormat", "bracket_order",
    "bracket_rounds", "champion", "decide", "describe", "draw_bracket", "draw_knockout", "draw_round",
    "drawn_order", "first_round", "group_rounds", "group_table", "new_seed", "qualifiers", "round_name",
    "size_for", "split_groups", "through",
]
