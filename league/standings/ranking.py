"""Ranking: splitting a division into the groups of teams that share a position.

Terminology: a *group* is teams level on every tie-breaker applied so far;
the table starts as one group, and each tie-breaker in turn splits every
group of two or more, best first.  *Head-to-head* splits a group by a
*mini-table*: the match points each team earned in the matches among the
group's teams only (walkovers included, sanctions not).  Where that leaves
a smaller group still level (three teams: one ahead, two level), the
mini-table is drawn again for that smaller group alone, its matches with the
team now separated left out, and so on until it separates no one; a group it
cannot split at all goes on to the next tie-breaker as it is.  Within a
group, teams are listed by name if ``"name"`` is a tie-breaker, else by id.

>>> from league.formats import scheme_get
>>> from .tally import line_result
>>> from .values import MatchLine
>>> lines = [MatchLine(1, 2, 6, 3), MatchLine(2, 3, 5, 4), MatchLine(3, 1, 5, 4), MatchLine(1, 4, 9, 0)]
>>> mini_table({1, 2, 3}, [(line, line_result(scheme_get("solihull"), line)) for line in lines])
{1: 4, 2: 3, 3: 4}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby

from .tally import Scored, Totals
from .tiebreakers import HEAD_TO_HEAD, NAME, TIE_BREAKER_RULES, TieBreaker

Group = list[Totals]


def ranked_groups(totals: Sequence[Totals], scored: Sequence[Scored],
                  tie_breakers: Sequence[TieBreaker]) -> list[Group]:
    """The teams in table order, as groups that share a position."""
    groups: list[Group] = [list(totals)] if totals else []
    for breaker in tie_breakers:
        if breaker != NAME:
            groups = [part for group in groups for part in _split(group, breaker, scored)]
    listing = _by_name if NAME in tie_breakers else _by_id
    return [sorted(group, key=listing) for group in groups]


def _split(group: Group, breaker: TieBreaker, scored: Sequence[Scored]) -> list[Group]:
    if len(group) < 2:
        return [group]
    statistic = TIE_BREAKER_RULES[breaker].statistic
    if statistic is not None:
        return _partition(group, statistic)
    assert breaker == HEAD_TO_HEAD, f"tie-breaker {breaker!r} has no statistic and no ranking of its own"
    return _head_to_head(group, scored)


def _head_to_head(group: Group, scored: Sequence[Scored]) -> list[Group]:
    points = mini_table({t.team for t in group}, scored)
    parts = _partition(group, lambda t: points[t.team])
    if len(parts) == 1:
        return parts
    # Each part is smaller than the group, so this ends.
    return [sub for part in parts for sub in _head_to_head(part, scored)]


def mini_table(teams: set[int], scored: Sequence[Scored]) -> dict[int, int]:
    """The match points each of ``teams`` earned in matches among ``teams`` only."""
    points = dict.fromkeys(teams, 0)
    for line, result in scored:
        if line.home in teams and line.away in teams:
            points[line.home] += result.home_points
            points[line.away] += result.away_points
    return points


def _partition(group: Group, value: Callable[[Totals], int]) -> list[Group]:
    ordered = sorted(group, key=value, reverse=True)
    return [list(level) for _, level in groupby(ordered, key=value)]


def _by_name(team: Totals) -> tuple[str, str, int]:
    return team.name.casefold(), team.name, team.team


def _by_id(team: Totals) -> int:
    return team.team
