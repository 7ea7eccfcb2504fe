"""What a division table is made from, and the rows it gives: small frozen values.

Terminology: a division's *teams* are ``TeamEntry``s (the database's id and
the name the table shows).  A *match line* is one confirmed match: the
*games* (rubbers) each side won, and the *pegged points* each side scored in
those games.  A *walkover* is a match line awarded to one side without
being played; its games and match points are those recorded when it was
awarded (``recorded``), or else the points scheme's (see
``league.formats.walkover_result``), its pegged points none.  A *sanction*
deducts league points from a team (a late result: 3 points).  A *table row*
is one team's line in the table.

>>> MatchLine(1, 2, 5, 4, home_pegged=412, away_pegged=398)
MatchLine(home=1, away=2, home_games=5, away_games=4, home_pegged=412, away_pegged=398, walkover=None)
>>> MatchLine.walkover_to(1, 2, "away").walkover
'away'
>>> MatchLine(3, 3, 5, 4)
Traceback (most recent call last):
...
league.standings.errors.EntryError: team 3 cannot play itself
"""

from __future__ import annotations

from dataclasses import dataclass, field

from league.formats import MatchResult, PointsScheme, Side

from .errors import EntryError

TeamId = int


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """A team in the division."""

    id: TeamId
    name: str


@dataclass(frozen=True, slots=True)
class MatchLine:
    """A confirmed match, home team first, or a walkover awarded to ``walkover``.

    A walkover line carries no games or pegged points of its own (make one
    with ``walkover_to``): the points scheme says what score it records.
    """

    home: TeamId
    away: TeamId
    home_games: int = 0
    away_games: int = 0
    home_pegged: int = 0
    away_pegged: int = 0
    walkover: Side | None = None
    # The points scheme the match was scored under, where it is not the
    # table's (a result confirmed before the league changed its scheme).
    scheme: PointsScheme | None = field(default=None, repr=False)
    # A walkover's score and points as recorded when it was awarded, home
    # first: a points scheme or forfeit setting changed later never moves it.
    recorded: MatchResult | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise EntryError(f"team {self.home} cannot play itself")
        numbers = (self.home_games, self.away_games, self.home_pegged, self.away_pegged)
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in numbers):
            raise EntryError(f"{self.home} v {self.away}: games and pegged points are whole numbers, "
                             f"0 or more, not {numbers!r}")
        if self.walkover not in (None, "home", "away"):
            raise EntryError(f"{self.home} v {self.away}: a walkover goes to 'home' or 'away', "
                             f"not {self.walkover!r}")
        if self.walkover is not None and any(numbers):
            raise EntryError(f"{self.home} v {self.away}: a walkover's score is the points scheme's; "
                             f"it records no games or pegged points of its own")

    @classmethod
    def walkover_to(cls, home: TeamId, away: TeamId, winner: Side,
                    recorded: MatchResult | None = None) -> MatchLine:
        """The line for a match ``winner`` was awarded because the other side
        gave a walkover, at the score and points ``recorded`` with it, if any."""
        return cls(home, away, walkover=winner, recorded=recorded)


@dataclass(frozen=True, slots=True)
class Sanction:
    """``points`` (1 or more) deducted from ``team``, and why."""

    team: TeamId
    points: int
    reason: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.points, bool) or not isinstance(self.points, int) or self.points < 1:
            raise EntryError(f"a sanction deducts a whole number of points, 1 or more, "
                             f"not {self.points!r} (team {self.team})")


@dataclass(frozen=True, slots=True)
class TableRow:
    """One team's line in the division table.

    ``points`` are the match points earned less ``sanctions`` (the points
    deducted), so they can be negative.  ``position`` counts from 1; teams
    level on every ranking tie-breaker share it (``shared``), and the next
    team's position skips past them: 1=, 1=, 3.  A ``withdrawn`` team's row
    stands below every other, whatever its figures.
    """

    team: TeamId
    name: str
    played: int
    won: int
    drawn: int
    lost: int
    games_for: int
    games_against: int
    pegged_for: int
    pegged_against: int
    sanctions: int
    points: int
    position: int
    shared: bool
    withdrawn: bool = False

    @property
    def games_difference(self) -> int:
        """Games won less games lost."""
        return self.games_for - self.games_against

    @property
    def pegged_difference(self) -> int:
        """Points pegged less points pegged against."""
        return self.pegged_for - self.pegged_against
