"""Promotion and relegation: from each division's final table, where every
team plays next season, by the league's rule.

Pure Python: the change-over service (`league.services.changeover`) reads
the stored tables and the rule, and asks `proposal` here.

Terms: divisions are listed *top first*. Between each pair of adjacent
divisions the same number of teams goes up as comes down: the rule's
`places`, or its override for that pair (keyed by the upper division's
place from the top, 1 the top). Teams are *level* when the table shares
their position: equal on every tie-breaker but the name. With
`playoff_when_level`, two teams level across a line play it off: until
the play-off's result is known the move is *pending*, and the table's
order (by name) stands in. A team that moved venue goes to the bottom
division when the rule says `relegate`.
"""
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

VENUE_MOVE_RULES = [("nothing", "Nothing happens"), ("relegate", "Relegated to the lowest division")]

UP, DOWN, STAYS, PLAYOFF, VENUE = "up", "down", "stays", "playoff", "venue"


@dataclass(frozen=True, slots=True)
class Placed:
    """One line of a final table: the team, its position and whether the
    position is shared."""

    team: int
    position: int
    shared: bool = False


@dataclass(frozen=True, slots=True)
class Rule:
    places: int = 1
    overrides: Mapping[int, int] | None = None
    playoff_when_level: bool = False
    relegate_venue_movers: bool = False

    def between(self, upper: int) -> int:
        """How many go each way between the division `upper` (1 the top)
        and the one below."""
        return (self.overrides or {}).get(upper, self.places)


@dataclass(frozen=True, slots=True)
class Move:
    team: int
    source: int  # the division's index, 0 the top
    target: int
    kind: str  # UP, DOWN, STAYS, PLAYOFF (pending) or VENUE
    rival: int | None = None  # the other side of a pending play-off


def proposal(tables: Sequence[Sequence[Placed]], rule: Rule, *, venue_movers: frozenset[int] = frozenset(),
             playoff_winners: Mapping[frozenset[int], int] | None = None) -> list[Move]:
    """Where each team of `tables` (each a division's final table, best
    first; divisions top first) plays next: one Move a team."""
    winners = playoff_winners or {}
    moves: list[Move] = []
    last = len(tables) - 1
    for index, table in enumerate(tables):
        rows = list(table)
        up = min(rule.between(index), len(rows)) if index > 0 else 0
        down = min(rule.between(index + 1), len(rows) - up) if index < last else 0
        targets = [index - 1] * up + [index] * (len(rows) - up - down) + [index + 1] * down
        pending: dict[int, int] = {}
        for line in (up, len(rows) - down):
            if rule.playoff_when_level and 0 < line < len(rows) and targets[line - 1] != targets[line]:
                above, below = rows[line - 1], rows[line]
                if above.position == below.position:
                    winner = winners.get(frozenset({above.team, below.team}))
                    if winner == below.team:
                        rows[line - 1], rows[line] = below, above
                    elif winner is None:
                        pending[above.team], pending[below.team] = below.team, above.team
        for row, target in zip(rows, targets, strict=True):
            kind = UP if target < index else DOWN if target > index else STAYS
            rival = pending.get(row.team)
            if rival is not None:
                kind = PLAYOFF
            if row.team in venue_movers and rule.relegate_venue_movers and target < last:
                target, kind, rival = last, VENUE, None
            moves.append(Move(team=row.team, source=index, target=target, kind=kind, rival=rival))
    return moves


def level_pairs(moves: Sequence[Move]) -> list[tuple[int, int]]:
    """The play-offs the proposal waits for, each once, as (team, rival)."""
    seen: set[frozenset[int]] = set()
    pairs = []
    for move in moves:
        if move.kind == PLAYOFF and move.rival is not None and frozenset({move.team, move.rival}) not in seen:
            seen.add(frozenset({move.team, move.rival}))
            pairs.append((move.team, move.rival))
    return pairs


def promotion_overrides_problem(value: Any) -> str | None:
    """None for overrides like {"1": 2}: each key a division's place from
    the top (1 the top), each number how many go each way below it."""
    example = 'like {"1": 2}'
    if not isinstance(value, Mapping):
        return f"promotion overrides: must be an object, {example}"
    for key, number in value.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) >= 1):
            return f"promotion overrides: {key!r} is not a division's place from the top (1, 2, ...)"
        if not (isinstance(number, int) and not isinstance(number, bool) and number >= 0):
            return f"promotion overrides: the number for {key} must be a whole number, 0 or more"
    return None


def overrides_of(value: Mapping[str, int]) -> dict[int, int]:
    """Stored overrides (string keys, as JSON keeps them) by place."""
    return {int(key): number for key, number in value.items()}
