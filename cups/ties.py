"""Who goes through a tie: one match or two legs, replays, deciders and
walkovers.

Terminology: a tie is played as one *leg* (a single match, or a single
game in a singles knockout) or two, home and away.  Each leg's result is
the *games* each side won (rubbers in a team match; 1-0 for a single game)
and the *points* each side pegged.  A tie's *format* says how many legs
there are, the *tie-break chain* (the measures compared, in order, over
the legs together: ``games``, ``points``, and for two legs ``away_games``
and ``away_points``, what each side won or pegged in the leg it played
away) and what settles a tie the chain leaves level: a ``replay`` (another
match, decided on its own by the same chain without the away measures,
and replayed again if still level) or a ``decider`` (one more match,
decided on games then points alone; a team cup's decider is a whole match,
and one that ends level on both is followed by another decider).  Replays
and deciders are entered as legs after the regular ones.  A *walkover* in any leg, replay or decider puts the side it
was given to through, whatever else was played.

>>> cup = TieFormat(legs=2, chain=("games", "points", "away_games"))
>>> first = Leg(home=1, away=2, home_games=5, away_games=4, home_points=420, away_points=400)
>>> second = Leg(home=2, away=1, home_games=5, away_games=4, home_points=410, away_points=410)
>>> decide(cup, 1, 2, [first]).status
'undecided'
>>> decide(cup, 1, 2, [first, second])
Outcome(status='through', winner=1, reason='9-9 on aggregate games, then 830-810 on aggregate points')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .errors import TieError
from .values import EntrantId

Measure = Literal["games", "points", "away_games", "away_points"]
Settler = Literal["replay", "decider"]
Status = Literal["through", "replay", "decider", "undecided"]

MEASURES: tuple[Measure, ...] = ("games", "points", "away_games", "away_points")
AWAY_MEASURES = frozenset({"away_games", "away_points"})


@dataclass(frozen=True, slots=True)
class TieFormat:
    """How a tie is played and settled: ``legs`` (1 or 2), the ``chain`` of
    measures compared in order, and what settles it when all are level."""

    legs: int = 1
    chain: tuple[Measure, ...] = ("games", "points")
    level: Settler = "replay"

    def __post_init__(self) -> None:
        if self.legs not in (1, 2):
            raise TieError(f"a tie is played over one leg or two, not {self.legs}")
        unknown = [m for m in self.chain if m not in MEASURES]
        if unknown:
            raise TieError(f"no such tie-break: {unknown[0]!r} (one of {', '.join(MEASURES)})")
        if self.legs == 1 and AWAY_MEASURES.intersection(self.chain):
            raise TieError("away games and away points settle only a tie of two legs")
        if self.level not in ("replay", "decider"):
            raise TieError(f"a level tie is settled by a replay or a decider, not {self.level!r}")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TieFormat:
        return cls(legs=int(data.get("legs", 1)), chain=tuple(data.get("chain", ("games", "points"))),
                   level=data.get("level", "replay"))


@dataclass(frozen=True, slots=True)
class Leg:
    """One leg, replay or decider as played (or given as a walkover)."""

    home: EntrantId
    away: EntrantId
    home_games: int = 0
    away_games: int = 0
    home_points: int = 0
    away_points: int = 0
    walkover_to: EntrantId | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Leg:
        given = data.get("walkover_to")
        return cls(home=int(data["home"]), away=int(data["away"]),
                   home_games=int(data.get("home_games", 0)), away_games=int(data.get("away_games", 0)),
                   home_points=int(data.get("home_points", 0)), away_points=int(data.get("away_points", 0)),
                   walkover_to=None if given is None else int(given))


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where a tie stands.  ``status`` is ``through`` (``winner`` goes on),
    ``replay`` or ``decider`` (the chain left it level: one is needed) or
    ``undecided`` (a leg, replay or decider still to be played); ``reason``
    says why in words, without names (the caller has them)."""

    status: Status
    winner: EntrantId | None
    reason: str


def decide(tie_format: TieFormat, first: EntrantId, second: EntrantId, legs: Sequence[Leg]) -> Outcome:
    """Who goes through the tie between ``first`` and ``second`` on the legs
    played so far (regular legs first, then any replays or the decider)."""
    _check(first, second, legs)
    for number, leg in enumerate(legs, start=1):
        if leg.walkover_to is not None:
            if number < len(legs):
                raise TieError(f"leg {number} was a walkover, so nothing can be played after it")
            return Outcome("through", leg.walkover_to, f"a walkover in {_leg_name(tie_format, number)}")
    regular, extra = list(legs[:tie_format.legs]), list(legs[tie_format.legs:])
    if len(regular) < tie_format.legs:
        return Outcome("undecided", None, f"{_leg_name(tie_format, len(regular) + 1)} is still to be played")
    winner, how = _compare(tie_format.chain, first, second, regular, aggregate=tie_format.legs > 1)
    for number, leg in enumerate(extra, start=tie_format.legs + 1):
        if winner is not None:
            raise TieError(f"the tie was settled ({how}), so {_leg_name(tie_format, number)} cannot be added")
        chain = tuple(m for m in tie_format.chain if m not in AWAY_MEASURES)
        if tie_format.level == "decider":
            chain = ("games", "points")
        winner, how = _compare(chain, first, second, [leg], aggregate=False)
        how = f"{how} in {_leg_name(tie_format, number)}"
    if winner is not None:
        return Outcome("through", winner, how)
    # A team cup's decider is a whole match, which can end level on games
    # and points as a replay can: then another decider is played.
    again = f"another {tie_format.level}" if extra else f"a {tie_format.level}"
    return Outcome(tie_format.level, None, f"{how}: {again} is needed")


def totals(entrant: EntrantId, legs: Sequence[Leg]) -> dict[Measure, int]:
    """What ``entrant`` won and pegged over the legs, by measure."""
    found: dict[Measure, int] = dict.fromkeys(MEASURES, 0)
    for leg in legs:
        at_home = leg.home == entrant
        games = leg.home_games if at_home else leg.away_games
        points = leg.home_points if at_home else leg.away_points
        found["games"] += games
        found["points"] += points
        if not at_home:
            found["away_games"] += games
            found["away_points"] += points
    return found


def _compare(chain: Sequence[Measure], first: EntrantId, second: EntrantId, legs: Sequence[Leg],
             *, aggregate: bool) -> tuple[EntrantId | None, str]:
    """The side the chain puts ahead, and the words for how: each measure
    compared in turn, the level ones named before the one that tells."""
    mine, theirs = totals(first, legs), totals(second, legs)
    said = []
    for measure in chain:
        ahead, behind = max(mine[measure], theirs[measure]), min(mine[measure], theirs[measure])
        said.append(f"{ahead}-{behind} on {'aggregate ' if aggregate else ''}{measure.replace('_', ' ')}")
        if mine[measure] != theirs[measure]:
            return (first if mine[measure] > theirs[measure] else second), ", then ".join(said)
    return None, "level: " + ", ".join(said) if said else "level"


def _check(first: EntrantId, second: EntrantId, legs: Sequence[Leg]) -> None:
    if first == second:
        raise TieError("a tie needs two different sides")
    for number, leg in enumerate(legs, start=1):
        if {leg.home, leg.away} != {first, second}:
            raise TieError(f"leg {number} is between {leg.home} and {leg.away}, "
                           f"not the tie's {first} and {second}")
        if leg.walkover_to is not None and leg.walkover_to not in (first, second):
            raise TieError(f"leg {number} gives a walkover to {leg.walkover_to}, who is not in the tie")
        if min(leg.home_games, leg.away_games, leg.home_points, leg.away_points) < 0:
            raise TieError(f"leg {number} has a negative score")


def _leg_name(tie_format: TieFormat, number: int) -> str:
    if number <= tie_format.legs:
        return "the match" if tie_format.legs == 1 else ("the first leg" if number == 1 else "the second leg")
    extra = number - tie_format.legs
    if tie_format.level == "decider":
        return "the decider" if extra == 1 else f"decider {extra}"
    return "the replay" if extra == 1 else f"replay {extra}"
