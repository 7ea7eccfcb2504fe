"""Each team's totals: the columns of the table before it is ordered.

Terminology: a *scored match* is a match line with its ``MatchResult``, the
games and match points the league's points scheme gives it (for a walkover,
the scheme's recorded score and points).  A team's *totals* add up its
scored matches and its sanctions.  A match is *won* by the side with more
games, *drawn* at equal games; a walkover is won by the side it was awarded
to, whatever score it records (a 0-0 walkover is still a win).

>>> from league.formats import scheme_get
>>> leek = scheme_get("leek")
>>> line_result(leek, MatchLine(1, 2, 6, 3))
MatchResult(home_games=6, away_games=3, home_points=8, away_points=3, walkover=False)
>>> line_result(leek, MatchLine.walkover_to(1, 2, "home"))
MatchResult(home_games=5, away_games=4, home_points=7, away_points=0, walkover=True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from league.formats import MatchResult, PointsScheme, match_result, walkover_result

from .errors import EntryError, UnknownTeam
from .values import MatchLine, Sanction, TeamEntry, TeamId

Scored = tuple[MatchLine, MatchResult]


@dataclass(slots=True)
class Totals:
    """One team's running totals; ``points`` is after sanctions."""

    team: TeamId
    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    games_for: int = 0
    games_against: int = 0
    pegged_for: int = 0
    pegged_against: int = 0
    sanctions: int = 0
    points: int = 0

    def add(self, games: tuple[int, int], pegged: tuple[int, int], points: int, outcome: int) -> None:
        """Count one match, this team's figures first; ``outcome`` is 1, 0 or -1."""
        self.played += 1
        self.won += outcome == 1
        self.drawn += outcome == 0
        self.lost += outcome == -1
        self.games_for += games[0]
        self.games_against += games[1]
        self.pegged_for += pegged[0]
        self.pegged_against += pegged[1]
        self.points += points


def line_result(scheme: PointsScheme, line: MatchLine) -> MatchResult:
    """The games and match points ``scheme`` gives ``line``, or the scheme
    the line says it was scored under."""
    scheme = line.scheme or scheme
    if line.walkover is not None:
        return line.recorded or walkover_result(scheme, line.walkover)
    return match_result(scheme, line.home_games, line.away_games)


def home_outcome(line: MatchLine, result: MatchResult) -> int:
    """1 if the home team won, 0 for a draw, -1 if it lost."""
    if line.walkover is not None:
        return 1 if line.walkover == "home" else -1
    return (result.home_games > result.away_games) - (result.home_games < result.away_games)


def tally(teams: Sequence[TeamEntry], scored: Iterable[Scored],
          sanctions: Iterable[Sanction]) -> dict[TeamId, Totals]:
    """Every team's totals, teams without a match at zero."""
    totals: dict[TeamId, Totals] = {}
    for team in teams:
        if team.id in totals:
            raise EntryError(f"team {team.id} is listed twice in the division "
                             f"({totals[team.id].name!r} and {team.name!r})")
        totals[team.id] = Totals(team.id, team.name)
    for line, result in scored:
        home, away = _member(totals, line.home, line), _member(totals, line.away, line)
        outcome = home_outcome(line, result)
        home.add((result.home_games, result.away_games), (line.home_pegged, line.away_pegged),
                 result.home_points, outcome)
        away.add((result.away_games, result.home_games), (line.away_pegged, line.home_pegged),
                 result.away_points, -outcome)
    for sanction in sanctions:
        sanctioned = _member(totals, sanction.team, sanction)
        sanctioned.sanctions += sanction.points
        sanctioned.points -= sanction.points
    return totals


def _member(totals: dict[TeamId, Totals], team: TeamId, where: MatchLine | Sanction) -> Totals:
    try:
        return totals[team]
    except KeyError:
        raise UnknownTeam(f"team {team} is not in the division, but {where!r} names it", team) from None
