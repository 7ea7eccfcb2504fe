"""The shipped match formats and points schemes, by key.

Terminology: a *preset* is a named format or scheme a league picks by key
(and a division may pick another).  Sources are the rules of real leagues;
docs/formats.md gives each preset's source and the decisions where the
source is silent (the split of Leek's nine games, the player limits where
none are given, Leek's number of substitutes, the points for a draw no
nine-rubber match can reach).

>>> format_get("leek").counts(), format_get("leek").substitutes, scheme_get("leek").walkover.score
({'singles': 6, 'pairs': 3}, 2, (5, 4))
>>> format_get("guisborough").pairs
'drawn'
>>> [r.game for r in format_get("northallerton").rubbers].count("block")
4
>>> format_get("darts")
Traceback (most recent call last):
...
league.formats.errors.UnknownFormat: unknown match format 'darts' (formats: plain, leek, solihull, northallerton, guisborough, best-of-three)
"""

from __future__ import annotations

from .errors import UnknownFormat, UnknownScheme
from .matchformats import MatchFormat
from .points import LosingBonus, PointsScheme, Walkover
from .rubbers import Rubber

_SINGLE = Rubber("singles")
_PAIR = Rubber("pairs")
# Leek: a false knock costs 8, pegged back or given to the opponents, as
# they choose; the engine's back-or-award pegs back, or gives the 8 when the
# offender holds fewer than 8 (docs/scoresheet.md).
_LEEK_PENALTIES = ("penalties", (("false-knock", "back-or-award 8"),))
# Leek: singles to 61 with nine tiles each; pairs one game "twice round the
# board" (121), six tiles each for the four players, four sleeping.
_LEEK_SINGLE = Rubber("singles", rules=(("target", 61), ("hand_size", 9), _LEEK_PENALTIES))
_LEEK_PAIR = Rubber("pairs", rules=(("target", 121), ("hand_size", (("4", 6),)), _LEEK_PENALTIES))
# Northallerton: every game four-handed, half of them block dominoes, which
# the engine does not adjudicate (unchecked rubbers).
_BLOCK_PAIR = Rubber("pairs", game="block")
# Leek: "substitutes agreed before the start", no number given: 2 (a Decision).
# Guisborough: "3 pairs drawn by the captains": drawn at the table from a seed.

FORMATS: dict[str, MatchFormat] = {f.key: f for f in (
    MatchFormat("plain", "Plain (nine singles)", (_SINGLE,) * 9, max_singles=1),
    MatchFormat("leek", "Leek", (_LEEK_SINGLE,) * 6 + (_LEEK_PAIR,) * 3, max_singles=1, max_pairs=1,
                substitutes=2),
    MatchFormat("solihull", "Solihull & Warwickshire", (_SINGLE,) * 6 + (_PAIR,) * 3,
                max_singles=1, max_pairs=1),
    MatchFormat("northallerton", "Northallerton", (_BLOCK_PAIR,) * 4 + (_PAIR,) * 4, min_players=6),
    MatchFormat("guisborough", "Guisborough", (_PAIR,) * 3, max_pairs=1, min_players=6, pairs="drawn"),
    MatchFormat("best-of-three", "Five singles, best of three", (Rubber("singles", best_of=3),) * 5,
                max_singles=1),
)}

SCHEMES: dict[str, PointsScheme] = {s.key: s for s in (
    PointsScheme("plain", "Plain (2 for a win, 1 for a draw)", win=2, draw=1, loss=0),
    PointsScheme("leek", "Leek", win=2, draw=1, loss=0, per_game=1, walkover=Walkover(score=(5, 4))),
    PointsScheme("solihull", "Solihull & Warwickshire", win=3, draw=1, loss=0,
                 losing_bonus=LosingBonus(points=1, within=1)),
)}


def format_get(key: str) -> MatchFormat:
    """The match format preset called ``key``; ``UnknownFormat`` if there is none."""
    try:
        return FORMATS[key]
    except KeyError:
        raise UnknownFormat(f"unknown match format {key!r} (formats: {', '.join(FORMATS)})") from None


def scheme_get(key: str) -> PointsScheme:
    """The points scheme preset called ``key``; ``UnknownScheme`` if there is none."""
    try:
        return SCHEMES[key]
    except KeyError:
        raise UnknownScheme(f"unknown points scheme {key!r} (schemes: {', '.join(SCHEMES)})") from None
