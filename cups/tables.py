"""A group's table, and who goes through from the group stage.

Terminology: each match of a group is entered as a ``Leg`` (``cups.ties``):
games and points each side won, or a walkover, which counts as a win for
the side given it (with whatever games the league awards it entered).  A
*row* adds up an entrant's matches; the league's *scheme* gives the table
points for a win, a draw and a defeat, and its *order* the measures that
rank the rows, in turn:

- ``score``: table points;
- ``wins``: matches won;
- ``games_difference`` and ``games_for``: games (rubbers) won less lost, and won;
- ``points_difference`` and ``points_for``: points pegged less conceded, and pegged.

Rows still level on every measure keep the order the group was dealt in
(the better seed, or the one drawn first), so a table is never left
undecided; a league that would rather play it off sees the two level rows
in ``Table.level``.

Who goes through: the top ``top`` of each group, then the best
``best_of_next`` of the entrants placed next (the best runners-up when
``top`` is 1, the best third-placed when 2), ranked by the same order
against each other.  When the groups differ in size, those are compared on
their matches against the entrants placed as high as the smallest group
has places only, so that nobody gains by having had a weaker entrant in
their group to beat; the last resort is the groups' order (A before B).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

from .errors import DrawError, TieError
from .groups import Group
from .ties import Leg
from .values import EntrantId

Standing = Literal["score", "wins", "games_difference", "games_for", "points_difference", "points_for"]
STANDINGS: tuple[Standing, ...] = ("score", "wins", "games_difference", "games_for", "points_difference",
                                   "points_for")
DEFAULT_ORDER: tuple[Standing, ...] = ("score", "games_difference", "games_for", "points_difference")


@dataclass(frozen=True, slots=True)
class GroupRules:
    """Table points for a win, a draw and a defeat, and the order of the rows."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    order: tuple[Standing, ...] = DEFAULT_ORDER

    def __post_init__(self) -> None:
        unknown = [m for m in self.order if m not in STANDINGS]
        if unknown:
            raise DrawError(f"no such way of ranking a table: {unknown[0]!r} (one of {', '.join(STANDINGS)})")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GroupRules:
        return cls(win=int(data.get("win", 2)), draw=int(data.get("draw", 1)), loss=int(data.get("loss", 0)),
                   order=tuple(data.get("order", DEFAULT_ORDER)))


@dataclass(frozen=True, slots=True)
class Row:
    """One entrant's line in its group's table."""

    entrant: EntrantId
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    games_for: int = 0
    games_against: int = 0
    points_for: int = 0
    points_against: int = 0
    score: int = 0

    def measure(self, standing: Standing) -> int:
        if standing == "wins":
            return self.won
        if standing == "games_difference":
            return self.games_for - self.games_against
        if standing == "points_difference":
            return self.points_for - self.points_against
        value: int = getattr(self, standing)
        return value


@dataclass(frozen=True, slots=True)
class Table:
    """A group's rows, best first, and the neighbours left level on every
    measure (placed by the order the group was dealt in)."""

    group: str
    rows: tuple[Row, ...]
    level: tuple[tuple[EntrantId, EntrantId], ...]


@dataclass(frozen=True, slots=True)
class Qualifier:
    """An entrant through to the knockout: its group and its place in it."""

    entrant: EntrantId
    group: str
    place: int


def group_table(group: Group, results: Sequence[Leg], rules: GroupRules | None = None) -> Table:
    """The group's table from the matches played so far (results between
    entrants of other groups are refused)."""
    rules = rules or GroupRules()
    rows = {entrant: _add_up(entrant, results, rules) for entrant in group.entrants}
    for number, leg in enumerate(results, start=1):
        if leg.home not in rows or leg.away not in rows:
            raise TieError(f"match {number} ({leg.home} v {leg.away}) is not between entrants "
                           f"of group {group.name}")
    ranked = sorted(group.entrants, key=lambda e: tuple(-rows[e].measure(m) for m in rules.order))
    level = tuple((a, b) for a, b in pairwise(ranked)
                  if all(rows[a].measure(m) == rows[b].measure(m) for m in rules.order))
    return Table(group=group.name, rows=tuple(rows[e] for e in ranked), level=level)


def qualifiers(groups: Sequence[Group], results: Sequence[Leg], *, top: int, best_of_next: int = 0,
               rules: GroupRules | None = None) -> tuple[Qualifier, ...]:
    """Who goes through: every group's top ``top`` (the winners first, in
    group order, then the runners-up...), then the best ``best_of_next`` of
    those placed ``top + 1``."""
    rules = rules or GroupRules()
    smallest = min(len(group.entrants) for group in groups)
    if top < 1 or top + (1 if best_of_next else 0) > smallest or best_of_next > len(groups):
        raise DrawError(f"top {top} and {best_of_next} best of the next cannot be taken from groups "
                        f"of {smallest} or more")
    tables = {group.name: group_table(group, _within(group, results), rules) for group in groups}
    chosen = [Qualifier(entrant=tables[g.name].rows[place - 1].entrant, group=g.name, place=place)
              for place in range(1, top + 1) for g in groups]
    if best_of_next:
        chosen += _best_of_next(groups, tables, results, rules, top + 1, smallest)[:best_of_next]
    return tuple(chosen)


def _best_of_next(groups: Sequence[Group], tables: dict[str, Table], results: Sequence[Leg],
                  rules: GroupRules, place: int, smallest: int) -> list[Qualifier]:
    candidates = []
    for index, group in enumerate(groups):
        rows = tables[group.name].rows
        counted = {row.entrant for row in rows[:smallest]}
        entrant = rows[place - 1].entrant
        row = _add_up(entrant, [leg for leg in results if {leg.home, leg.away} <= counted], rules)
        candidates.append((tuple(-row.measure(m) for m in rules.order), index,
                           Qualifier(entrant=entrant, group=group.name, place=place)))
    return [qualifier for *_, qualifier in sorted(candidates, key=lambda c: (c[0], c[1]))]


def _within(group: Group, results: Sequence[Leg]) -> list[Leg]:
    members = set(group.entrants)
    return [leg for leg in results if leg.home in members and leg.away in members]


def _add_up(entrant: EntrantId, results: Sequence[Leg], rules: GroupRules) -> Row:
    played = won = drawn = lost = games_for = games_against = points_for = points_against = 0
    for leg in results:
        if entrant not in (leg.home, leg.away):
            continue
        at_home = leg.home == entrant
        mine = (leg.home_games, leg.home_points) if at_home else (leg.away_games, leg.away_points)
        theirs = (leg.away_games, leg.away_points) if at_home else (leg.home_games, leg.home_points)
        played += 1
        games_for, games_against = games_for + mine[0], games_against + theirs[0]
        points_for, points_against = points_for + mine[1], points_against + theirs[1]
        if leg.walkover_to is not None:
            won, lost = (won + 1, lost) if leg.walkover_to == entrant else (won, lost + 1)
        elif mine[0] != theirs[0]:
            won, lost = (won + 1, lost) if mine[0] > theirs[0] else (won, lost + 1)
        else:
            drawn += 1
    return Row(entrant=entrant, played=played, won=won, drawn=drawn, lost=lost, games_for=games_for,
               games_against=games_against, points_for=points_for, points_against=points_against,
               score=won * rules.win + drawn * rules.draw + lost * rules.loss)
