"""Team sheets: who plays each rubber, checked against the squads and the format.

Terminology: a *squad* is a team's registered players (ids from the
database, names for messages).  A *lineup* is who plays one rubber: the home
and away player ids, one each for singles, two for pairs; a side short of
players *concedes* a rubber (``conceded_by``) and names nobody for it.
The format's limits hold for the players named, counted over the rubbers
the side plays; its minimum holds whatever is conceded.  A *team sheet* is
the two squads and a lineup for every rubber of the match, in the format's
order.  ``team_sheet_problems`` lists everything wrong with a sheet in words
a captain can act on, home team first, and an empty list when it is fine;
it never raises, so a page can show every problem at once.

>>> from league.formats import format_get
>>> red = Squad("Red Lion", (Player(1, "Ann"), Player(2, "Bob")))
>>> crown = Squad("Crown", (Player(7, "Cy"), Player(8, "Di")))
>>> fmt = format_get("solihull")
>>> sheet = TeamSheet(red, crown, (Lineup((1,), (7,)), Lineup((1,), (8,))))
>>> for problem in team_sheet_problems(fmt, sheet):
...     print(problem)
The sheet has 2 rubbers; Solihull & Warwickshire has 9.
Red Lion: Ann plays two singles; Solihull & Warwickshire allows one.
Red Lion fields 1 player; Solihull & Warwickshire needs at least 6.
Crown fields 2 players; Solihull & Warwickshire needs at least 6.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .matchformats import MatchFormat
from .rubbers import Rubber, Side

PlayerId = int

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player: the database id, and the name captains know."""

    id: PlayerId
    name: str


@dataclass(frozen=True, slots=True)
class Squad:
    """A team's name and its registered players; ``strangers`` says, for
    players who may be named but are not registered, who they are and why
    they may not play ("Jo Bloggs, who is registered for Crown B")."""

    team: str
    players: tuple[Player, ...]
    strangers: tuple[tuple[PlayerId, str], ...] = ()

    def name_of(self, player: PlayerId) -> str:
        """The player's name, or ``player 17`` for an id not in the squad."""
        return next((p.name for p in self.players if p.id == player), f"player {player}")


@dataclass(frozen=True, slots=True)
class Lineup:
    """Who plays one rubber: home and away player ids."""

    home: tuple[PlayerId, ...]
    away: tuple[PlayerId, ...]
    conceded_by: Side | None = None


@dataclass(frozen=True, slots=True)
class TeamSheet:
    """Both squads and a lineup per rubber, in the format's order."""

    home: Squad
    away: Squad
    rubbers: tuple[Lineup, ...]


def team_sheet_problems(fmt: MatchFormat, sheet: TeamSheet) -> list[str]:
    """Every way ``sheet`` breaks ``fmt`` or the squads; empty when it is fine."""
    problems: list[str] = []
    if len(sheet.rubbers) != len(fmt.rubbers):
        problems.append(f"The sheet has {len(sheet.rubbers)} rubbers; {fmt.name} has {len(fmt.rubbers)}.")
    sides: tuple[tuple[Squad, Side], ...] = ((sheet.home, "home"), (sheet.away, "away"))
    for squad, side in sides:
        # A sheet of the wrong length is a problem said above; its rubbers
        # are checked as far as they go.
        named = [(rubber, lineup.home if side == "home" else lineup.away)
                 for rubber, lineup in zip(fmt.rubbers, sheet.rubbers, strict=False) if lineup.conceded_by != side]
        problems += _conceded_problems(squad, side, sheet.rubbers)
        # A rubber missing from the sheet is not conceded: the side plays it.
        plays = [rubber for number, rubber in enumerate(fmt.rubbers)
                 if number >= len(sheet.rubbers) or sheet.rubbers[number].conceded_by != side]
        problems += _lineup_problems(squad, named) + _limit_problems(fmt, squad, named, plays)
    return problems


def _conceded_problems(squad: Squad, side: Side, lineups: tuple[Lineup, ...]) -> list[str]:
    """A rubber a side concedes names none of its players."""
    return [f"Rubber {number}: {squad.team} concedes it, so names no players for it."
            for number, lineup in enumerate(lineups, start=1)
            if lineup.conceded_by == side and (lineup.home if side == "home" else lineup.away)]


def _lineup_problems(squad: Squad, named: list[tuple[Rubber, tuple[PlayerId, ...]]]) -> list[str]:
    """Each rubber on its own: the right number of players, each once, each in the squad."""
    problems: list[str] = []
    registered = {p.id for p in squad.players}
    for number, (rubber, players) in enumerate(named, start=1):
        where = f"Rubber {number} ({rubber.kind})"
        if len(players) != rubber.players_a_side:
            problems.append(f"{where}: {squad.team} names {_players(len(players))}; "
                            f"a {rubber.kind} rubber needs {_players(rubber.players_a_side)}.")
        for player, count in Counter(players).items():
            if count > 1:
                problems.append(f"{where}: {squad.team} names {squad.name_of(player)} twice.")
        for player in dict.fromkeys(players):
            if player not in registered:
                why = dict(squad.strangers).get(player, f"player {player}, who is not in its squad")
                problems.append(f"{where}: {squad.team} names {why}.")
    return problems


def _limit_problems(fmt: MatchFormat, squad: Squad, named: list[tuple[Rubber, tuple[PlayerId, ...]]],
                    plays: list[Rubber]) -> list[str]:
    """The whole sheet for one team: the format's per-player limits and
    minimum, for the rubbers it ``plays`` (not those it concedes)."""
    problems: list[str] = []
    for kind in ("singles", "pairs"):
        limit = fmt.limit(kind)
        # A player named twice in one rubber is reported once, above.
        played = Counter(p for rubber, players in named if rubber.kind == kind for p in set(players))
        for player, count in played.items():
            if limit is not None and count > limit:
                problems.append(f"{squad.team}: {squad.name_of(player)} plays {_word(count)} {kind}; "
                                f"{fmt.name} allows {_word(limit)}.")
    fielded = {p for _, players in named for p in players}
    needed = fmt.players_needed(plays)
    if len(fielded) < needed:
        problems.append(f"{squad.team} fields {_players(len(fielded))}; {fmt.name} needs at least {needed}.")
    return problems


def _word(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _players(n: int) -> str:
    return f"{n} player" if n == 1 else f"{n} players"
