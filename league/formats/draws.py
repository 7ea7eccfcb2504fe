"""Pairs drawn at random at the table, from a seed anyone can check.

Terminology: in a format whose ``pairs`` are ``"drawn"`` (Guisborough:
"3 pairs drawn by the captains"), each captain gives the players who will
play the pairs rubbers, and the pairs are *drawn*: the team's player ids,
sorted, are shuffled by Python's ``random.Random(f"{seed}:{side}")`` and
paired in order, the first two for the first pairs rubber.  The *seed* is
recorded with the team sheet, so anyone can draw again and get the same
pairs.  Singles rubbers are named as usual.

>>> pairs_drawn([11, 12, 13, 14], seed="guisborough", side="home")
[(11, 14), (12, 13)]
>>> fmt = MatchFormat("g", "G", (Rubber("singles"), Rubber("pairs"), Rubber("pairs")), pairs="drawn")
>>> drawn_lineups(fmt, [((1,), (9,))], [11, 12, 13, 14], [21, 22, 23, 24], seed="guisborough")[1]
Lineup(home=(11, 14), away=(23, 24), conceded_by=None)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from .errors import FormatError
from .matchformats import MatchFormat
from .rubbers import Rubber, Side
from .teamsheets import Lineup, PlayerId

__all__ = ["drawn_lineups", "draw_problems", "pairs_drawn"]


def pairs_drawn(players: Sequence[PlayerId], *, seed: str, side: Side) -> list[tuple[PlayerId, PlayerId]]:
    """The side's pairs, drawn from ``players`` with ``seed``: the same
    players and seed always give the same pairs, whatever order the
    players were given in."""
    order = sorted(players)
    random.Random(f"{seed}:{side}").shuffle(order)
    return [(order[at], order[at + 1]) for at in range(0, len(order) - 1, 2)]


def draw_problems(fmt: MatchFormat, singles: Sequence[tuple[Sequence[PlayerId], Sequence[PlayerId]]],
                  home: Sequence[PlayerId], away: Sequence[PlayerId]) -> list[str]:
    """What stops the draw, in words a captain can act on; empty when it can go ahead."""
    if fmt.pairs != "drawn":
        return [f"{fmt.name} names its pairs on the team sheet: there is nothing to draw."]
    counts = fmt.counts()
    problems = []
    if len(singles) != counts["singles"]:
        problems.append(f"{fmt.name} has {counts['singles']} singles rubbers; {len(singles)} were named.")
    for side, players in (("home", home), ("away", away)):
        if len(players) != 2 * counts["pairs"]:
            given = f"{len(players)} player{'s' if len(players) != 1 else ''}"
            problems.append(f"The {side} side gives {given} for the pairs; the {counts['pairs']} pairs "
                            f"rubbers of {fmt.name} need {2 * counts['pairs']}.")
        if len(set(players)) != len(players):
            problems.append(f"The {side} side gives a player twice for the draw.")
    return problems


def drawn_lineups(fmt: MatchFormat, singles: Sequence[tuple[Sequence[PlayerId], Sequence[PlayerId]]],
                  home: Sequence[PlayerId], away: Sequence[PlayerId], *, seed: str) -> tuple[Lineup, ...]:
    """The whole sheet, rubber by rubber: singles as named, pairs as drawn.
    Raises ``FormatError`` naming every problem ``draw_problems`` finds."""
    problems = draw_problems(fmt, singles, home, away)
    if problems:
        raise FormatError(" ".join(problems))
    named = iter(singles)
    drawn = iter(zip(pairs_drawn(home, seed=seed, side="home"), pairs_drawn(away, seed=seed, side="away")))
    return tuple(_lineup(rubber, named, drawn) for rubber in fmt.rubbers)


Named = Iterator[tuple[Sequence[PlayerId], Sequence[PlayerId]]]
Drawn = Iterator[tuple[tuple[PlayerId, PlayerId], tuple[PlayerId, PlayerId]]]


def _lineup(rubber: Rubber, named: Named, drawn: Drawn) -> Lineup:
    if rubber.kind == "pairs":
        home_pair, away_pair = next(drawn)
        return Lineup(home_pair, away_pair)
    home, away = next(named)
    return Lineup(tuple(home), tuple(away))
