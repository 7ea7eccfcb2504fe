"""The players an honour names: the leaders on one figure, ties shared,
named as anyone may see them (`shown_names.name_public`): the same marks
serve the honours page kept in the spectators' cache and the API.

Terms: a player's *totals* are their games added up (played, pegged,
games won on the target, 15s), whichever teams they played them for.
*Leaders* are every player whose figure equals the best one; the first
SHOWN of them by name are named and the rest counted, so a week where
twenty players each won one game on 61 still reads as one line.
"""
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from league.models import Player, Team
from league.selectors.shown_names import name_public

SHOWN = 6


@dataclass
class Totals:
    played: int = 0
    pegged: int = 0
    on_target: int = 0
    fifteens: int = 0
    teams: set[int] = field(default_factory=set)

    @property
    def average(self) -> Fraction:
        # Exact, so that players level on average are level, not a rounding apart.
        return Fraction(self.pegged, self.played) if self.played else Fraction(0)


@dataclass(frozen=True)
class PlayerMark:
    """A named player and the teams they played for."""

    name: str
    player_id: int
    teams: tuple[Team, ...]

    @property
    def team(self) -> str:
        """The teams' names, as a line shows them."""
        return ", ".join(team.name for team in self.teams)


@dataclass(frozen=True)
class Leaders:
    """An honour's holders: `count` is the figure (games, 15s), `average`
    the average pegged over `played` games, when that is the honour, and
    `rise` how far a rating rose, when that is."""

    players: list[PlayerMark]
    others: int
    count: int = 0
    average: float = 0.0
    played: int = 0
    rise: float = 0.0


def totals_by_player(rows: Iterable[Mapping[str, Any]]) -> dict[int, Totals]:
    """Rows of player_id, team_id and figures (per team, per division...)
    added up per player."""
    totals: dict[int, Totals] = {}
    for row in rows:
        mine = totals.setdefault(row["player_id"], Totals())
        mine.played += row["played"]
        mine.pegged += row["pegged"] or 0
        mine.on_target += row["on_target"]
        mine.fifteens += row["fifteens"] or 0
        mine.teams.add(row["team_id"])
    return totals


def leaders(totals: dict[int, Totals], key: Callable[[Totals], Any], *, eligible: Callable[[Totals], bool],
            names: dict[int, Player]) -> list[int]:
    """The ids of the eligible players level on the best `key`, by name."""
    eligible_ids = [pk for pk, mine in totals.items() if eligible(mine)]
    if not eligible_ids:
        return []
    best = max(key(totals[pk]) for pk in eligible_ids)
    return sorted((pk for pk in eligible_ids if key(totals[pk]) == best),
                  key=lambda pk: (name_public(names[pk]).lower(), pk))


def marks(ids: list[int], totals: dict[int, Totals], names: dict[int, Player],
          teams: dict[int, Team]) -> tuple[list[PlayerMark], int]:
    """The first SHOWN of `ids` as the public sees them, and how many more."""
    shown = []
    for pk in ids[:SHOWN]:
        played_for = tuple(sorted((teams[t] for t in totals[pk].teams), key=lambda team: (team.name, team.pk)))
        shown.append(PlayerMark(name_public(names[pk]), pk, played_for))
    return shown, max(0, len(ids) - SHOWN)


def people_of(totals: Iterable[dict[int, Totals]]) -> tuple[dict[int, Player], dict[int, Team]]:
    """The players and teams the totals name, in two queries."""
    every = list(totals)
    names = Player.objects.in_bulk({pk for some in every for pk in some})
    teams = Team.objects.in_bulk({t for some in every for mine in some.values() for t in mine.teams})
    return names, teams


def honour_leaders(totals: dict[int, Totals], kind: str, *, min_games: int = 1,
                   people: tuple[dict[int, Player], dict[int, Team]] | None = None) -> Leaders | None:
    """The leaders of `kind` ("on_target", "fifteens" or "average"), or
    None when nobody qualifies; `people` from `people_of`, if at hand."""
    names, teams = people or people_of([totals])
    if kind == "average":
        # Level averages go to the player who kept it up over more games.
        ids = leaders(totals, lambda t: (t.average, t.played), eligible=lambda t: t.played >= min_games,
                      names=names)
    else:
        ids = leaders(totals, lambda t: getattr(t, kind), eligible=lambda t: getattr(t, kind) > 0,
                      names=names)
    if not ids:
        return None
    players, others = marks(ids, totals, names, teams)
    first = totals[ids[0]]
    if kind == "average":
        return Leaders(players, others, average=float(first.average), played=first.played)
    return Leaders(players, others, count=getattr(first, kind))
