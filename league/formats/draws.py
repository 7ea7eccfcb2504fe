"""Pairs drawn at random at the table, from a seed anyone can check.

Terminology: in a format whose ``pairs`` are ``"drawn"`` (Guisborough:
"3 pairs drawn by the captains"), each captain gives the players who will
play the pairs rubbers, and the pairs are *drawn*: the team's player ids,
sorted, are shuffled by Python's ``random.Random(f"{seed}:{side}")`` and
paired in order, the first two for the first pairs rubber.  The *seed* is
recorded with the team sheet, so anyone can draw again and get the same
pairs.  Singles rubbers are named as usual.

A side *short* of players gives fewer (an even number): its pairs drawn
fill the first pairs rubbers, in order, and it concedes the rest; a
singles rubber it cannot field it concedes as on a named sheet
(``conceded``: rubber number to the side).  Whether the players left are
enough is the team sheet's check (the format's minimum).  A sheet entered
by hand *agrees with a seed* when drawing its pairs' players again with
that seed gives the very pairs it names (``pairs_not_drawn``).

>>> pairs_drawn([11, 12, 13, 14], seed="guisborough", side="home")
[(11, 14), (12, 13)]
>>> fmt = MatchFormat("g", "G", (Rubber("singles"), Rubber("pairs"), Rubber("pairs")), pairs="drawn")
>>> drawn_lineups(fmt, [((1,), (9,))], [11, 12, 13, 14], [21, 22, 23, 24], seed="guisborough")[1]
Lineup(home=(11, 14), away=(23, 24), conceded_by=None)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence

from .errors import FormatError
from .matchformats import MatchFormat
from .rubbers import Rubber, Side
from .teamsheets import Lineup, PlayerId

__all__ = ["drawn_lineups", "draw_problems", "pairs_drawn", "pairs_not_drawn"]


def pairs_drawn(players: Sequence[PlayerId], *, seed: str, side: Side) -> list[tuple[PlayerId, PlayerId]]:
    """The side's pairs, drawn from ``players`` with ``seed``: the same
    players and seed always give the same pairs, whatever order the
    players were given in."""
    order = sorted(players)
    random.Random(f"{seed}:{side}").shuffle(order)
    return [(order[at], order[at + 1]) for at in range(0, len(order) - 1, 2)]


Singles = Sequence[tuple[Sequence[PlayerId], Sequence[PlayerId]]]


def draw_problems(fmt: MatchFormat, singles: Singles, home: Sequence[PlayerId], away: Sequence[PlayerId],
                  conceded: Mapping[int, Side] | None = None) -> list[str]:
    """What stops the draw, in words a captain can act on; empty when it can go ahead."""
    if fmt.pairs != "drawn":
        return [f"{fmt.name} names its pairs on the team sheet: there is nothing to draw."]
    counts = fmt.counts()
    problems = []
    if len(singles) != counts["singles"]:
        problems.append(f"{fmt.name} has {counts['singles']} singles rubbers; {len(singles)} were named.")
    for number in sorted(conceded or {}):
        if 1 <= number <= len(fmt.rubbers) and fmt.rubbers[number - 1].kind == "pairs":
            problems.append(f"Rubber {number} is a pairs rubber: a side short for it gives fewer players "
                            f"for the draw, and concedes the pairs rubbers its players do not fill.")
    places = 2 * counts["pairs"]
    for side, players in (("home", home), ("away", away)):
        given = f"{len(players)} player{'s' if len(players) != 1 else ''}"
        if len(players) > places:
            problems.append(f"The {side} side gives {given} for the pairs; the {counts['pairs']} pairs "
                            f"rubbers of {fmt.name} need {places}.")
        elif len(players) % 2:
            problems.append(f"The {side} side gives {given} for the pairs: pairs are drawn from an even number "
                            f"(a side short of players gives fewer, and concedes the pairs rubbers left over).")
        if len(set(players)) != len(players):
            problems.append(f"The {side} side gives a player twice for the draw.")
    both = [number for at, number in enumerate(_pairs_numbers(fmt)) if at >= len(home) // 2 and at >= len(away) // 2]
    if not problems and both:
        problems.append(f"Neither side fills pairs rubber {both[0]}: a rubber is conceded by one side, "
                            f"so one of them must give more players for the pairs.")
    return problems


def drawn_lineups(fmt: MatchFormat, singles: Singles, home: Sequence[PlayerId], away: Sequence[PlayerId], *,
                  seed: str, conceded: Mapping[int, Side] | None = None) -> tuple[Lineup, ...]:
    """The whole sheet, rubber by rubber: singles as named (or conceded),
    pairs as drawn, and the pairs rubbers a short side cannot fill conceded
    by it. Raises ``FormatError`` naming every problem ``draw_problems`` finds."""
    problems = draw_problems(fmt, singles, home, away, conceded)
    if problems:
        raise FormatError(" ".join(problems))
    named = iter(singles)
    drawn = {"home": iter(pairs_drawn(home, seed=seed, side="home")),
             "away": iter(pairs_drawn(away, seed=seed, side="away"))}
    return tuple(_lineup(rubber, named, drawn, (conceded or {}).get(number))
                 for number, rubber in enumerate(fmt.rubbers, start=1))


def pairs_not_drawn(fmt: MatchFormat, lineups: Sequence[Lineup], seed: str) -> list[int]:
    """The pairs rubbers (numbers) of a sheet whose pairs are not what
    ``seed`` draws from the players the sheet gives for its pairs, the
    pairs filling the first pairs rubbers and the rest conceded; empty when
    the sheet agrees with the seed (a pair's two players in either order)."""
    numbers = _pairs_numbers(fmt)
    wrong: set[int] = set()
    for side in ("home", "away"):
        named = [(number, _players_of(lineups[number - 1], side) if number <= len(lineups) else ())
                 for number in numbers]
        given = [player for _, players in named for player in players]
        drawn = pairs_drawn(given, seed=seed, side=side)
        for at, (number, players) in enumerate(named):
            expected = frozenset(drawn[at]) if at < len(drawn) else frozenset()
            if frozenset(players) != expected or len(players) != len(expected):
                wrong.add(number)
    return sorted(wrong)


def _pairs_numbers(fmt: MatchFormat) -> list[int]:
    return [number for number, rubber in enumerate(fmt.rubbers, start=1) if rubber.kind == "pairs"]


def _players_of(lineup: Lineup, side: Side) -> tuple[PlayerId, ...]:
    if lineup.conceded_by == side:
        return ()
    return lineup.home if side == "home" else lineup.away


Named = Iterator[tuple[Sequence[PlayerId], Sequence[PlayerId]]]
Drawn = dict[str, Iterator[tuple[PlayerId, PlayerId]]]


def _lineup(rubber: Rubber, named: Named, drawn: Drawn, conceded: Side | None) -> Lineup:
    if rubber.kind == "pairs":
        home_pair, away_pair = next(drawn["home"], None), next(drawn["away"], None)
        short: Side | None = "home" if home_pair is None else "away" if away_pair is None else None
        return Lineup(home_pair or (), away_pair or (), short)
    home, away = next(named)
    return Lineup(tuple(home), tuple(away), conceded)
