"""The division table: its rows, in order, with their positions.

Terminology: a team's *position* is 1 plus the number of teams ranked above
it, so teams sharing a position take the higher place and the next team's
position skips past them (1=, 1=, 3); such a row is *shared*.  See
``tally`` for how matches, walkovers and sanctions count, and ``ranking``
for how the tie-breakers order the teams.

>>> from league.formats import scheme_get
>>> teams = [TeamEntry(1, "Red Lion"), TeamEntry(2, "Crown"), TeamEntry(3, "Plough")]
>>> rows = division_table(teams, [MatchLine(1, 2, 5, 4), MatchLine(2, 3, 5, 4)], scheme_get("plain"),
...                       tie_breakers=["points", "name"])
>>> [(r.position, r.shared, r.name, r.points) for r in rows]
[(1, True, 'Crown', 2), (1, True, 'Red Lion', 2), (3, False, 'Plough', 0)]

A team that withdrew with its results standing (``withdrawn``) is ranked
below every team still playing, and among those withdrawn by the same
tie-breakers:

>>> rows = division_table(teams, [MatchLine(1, 2, 5, 4), MatchLine(2, 3, 5, 4)], scheme_get("plain"),
...                       tie_breakers=["points", "name"], withdrawn={1})
>>> [(r.position, r.name, r.points, r.withdrawn) for r in rows]
[(1, 'Crown', 2, False), (2, 'Plough', 0, False), (3, 'Red Lion', 2, True)]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from league.formats import PointsScheme

from .ranking import ranked_groups
from .tally import Totals, line_result, tally
from .tiebreakers import DEFAULT_TIE_BREAKERS, tie_breakers_check
from .values import MatchLine, Sanction, TableRow, TeamEntry


def division_table(teams: Iterable[TeamEntry], matches: Iterable[MatchLine], scheme: PointsScheme, *,
                   tie_breakers: Iterable[str] = DEFAULT_TIE_BREAKERS,
                   sanctions: Iterable[Sanction] = (), withdrawn: Collection[int] = ()) -> list[TableRow]:
    """The table of ``teams`` after ``matches``, scored by ``scheme``, best
    first; the ``withdrawn`` teams' rows last."""
    breakers = tie_breakers_check(tie_breakers)
    scored = [(line, line_result(scheme, line)) for line in matches]
    totals = tally(list(teams), scored, sanctions)
    playing = [t for t in totals.values() if t.team not in withdrawn]
    gone = [t for t in totals.values() if t.team in withdrawn]
    rows: list[TableRow] = []
    for part in (playing, gone):
        for group in ranked_groups(part, scored, breakers):
            position = len(rows) + 1
            rows.extend(_row(team, position, shared=len(group) > 1, withdrawn=team.team in withdrawn)
                        for team in group)
    return rows


def _row(totals: Totals, position: int, *, shared: bool, withdrawn: bool) -> TableRow:
    return TableRow(
        team=totals.team, name=totals.name, played=totals.played, won=totals.won,
        drawn=totals.drawn, lost=totals.lost, games_for=totals.games_for,
        games_against=totals.games_against, pegged_for=totals.pegged_for,
        pegged_against=totals.pegged_against, sanctions=totals.sanctions,
        points=totals.points, position=position, shared=shared, withdrawn=withdrawn,
    )
