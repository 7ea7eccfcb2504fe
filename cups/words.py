"""A draw in plain words, for the audit log and the secretary's page.

>>> from cups import Entrant, draw_bracket, draw_round
>>> teams = [Entrant(1, "Red Lion A"), Entrant(2, "Crown B"), Entrant(3, "Swan")]
>>> print(describe(draw_round(teams, round=1, seed=11)))
Round 1 (drawn at random, seed 11): Red Lion A v Swan; Crown B: bye
>>> print(describe(draw_bracket(teams)))
Seeded bracket of 3: 2 rounds
Semi-finals: Red Lion A: bye; Crown B v Swan
Final: Red Lion A v winner of semi-final 2
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .bracket import AS_SEEDS, Bracket, bracket_rounds
from .entrants import names
from .groups import GroupDraw
from .rounds import RoundDraw
from .values import EntrantId, Tie

__all__ = ["describe", "round_name"]


def describe(draw: RoundDraw | Bracket | GroupDraw) -> str:
    """One line a round (or a group), naming every entrant and bye."""
    if isinstance(draw, RoundDraw):
        how = "seeded" if draw.seed is None else f"drawn at random, seed {draw.seed}"
        return f"Round {draw.round} ({how}): {_ties(draw.ties, names(draw.entrants), None)}"
    if isinstance(draw, GroupDraw):
        called = names(draw.entrants)
        how = "seeded, in a snake" if draw.seed is None else f"drawn at random, seed {draw.seed}"
        groups = "; ".join(f"Group {g.name}: {', '.join(called[e] for e in g.entrants)}" for g in draw.groups)
        return f"Groups ({how}): {groups}"
    return _bracket(draw)


def round_name(round: int, rounds: int) -> str:
    """What a round is called: the final, the semi-finals, the quarter-finals, or round N."""
    from_end = rounds - round
    return {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}.get(from_end, f"Round {round}")


def _bracket(bracket: Bracket) -> str:
    called = names(bracket.entrants)
    if bracket.method == "seeded":
        head = f"Seeded bracket of {len(bracket.entrants)}"
    elif bracket.method == "groups":
        head = f"Knockout of {len(bracket.entrants)} from the groups, drawn at random, seed {bracket.seed}"
    else:
        head = f"Bracket of {len(bracket.entrants)} drawn at random, seed {bracket.seed}"
        if bracket.procedure == AS_SEEDS:
            head += ", the order drawn placed as seeds (procedure 1)"
    lines = [f"{head}: {bracket.rounds} rounds"]
    rounds = bracket_rounds(bracket)
    for number, ties in enumerate(rounds, start=1):
        earlier = round_name(number - 1, bracket.rounds).lower() if number > 1 else None
        lines.append(f"{round_name(number, bracket.rounds)}: {_ties(ties, called, earlier)}")
    return "\n".join(lines)


def _ties(ties: Sequence[Tie], called: Mapping[EntrantId, str], earlier: str | None) -> str:
    """Ties in the draw's order; a side not known yet is the winner of the
    tie feeding it in the round before."""
    def side(tie: Tie, entrant: EntrantId | None, feeder: int) -> str:
        if entrant is not None:
            return called[entrant]
        return f"winner of {_singular(earlier or 'round')} {feeder}"

    said = []
    for tie in ties:
        if tie.bye:
            said.append(f"{side(tie, tie.home, 2 * tie.number - 1)}: bye")
        else:
            said.append(f"{side(tie, tie.home, 2 * tie.number - 1)} v {side(tie, tie.away, 2 * tie.number)}")
    return "; ".join(said)


def _singular(name: str) -> str:
    if name.endswith("-finals"):
        return name[:-1]
    return f"{name} tie"
