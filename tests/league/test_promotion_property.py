"""For any final tables and any up/down numbers that fit, every team lands
in exactly one division next season, and each division's size changes only
by the teams it gains and loses across its lines (league.standings.promotion)."""
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from league.standings.promotion import PLAYOFF, Placed, Rule, proposal


@st.composite
def tables_and_rule(draw: st.DrawFn) -> tuple[list[list[Placed]], Rule, dict[frozenset[int], int]]:
    sizes = draw(st.lists(st.integers(min_value=2, max_value=10), min_size=1, max_size=5))
    tables, team = [], 0
    for size in sizes:
        rows, position = [], 1
        for index in range(1, size + 1):
            if index == 1 or not draw(st.booleans()):
                position = index
            rows.append(Placed(team, position))
            team += 1
        tables.append(rows)
    fit = min(sizes) // 2
    places = draw(st.integers(min_value=0, max_value=fit))
    overrides = draw(st.dictionaries(st.integers(min_value=1, max_value=len(sizes)),
                                     st.integers(min_value=0, max_value=fit), max_size=3))
    rule = Rule(places=places, overrides=overrides, playoff_when_level=draw(st.booleans()))
    winners = {frozenset({a.team, b.team}): draw(st.sampled_from([a.team, b.team]))
               for rows in tables for a, b in pairwise(rows) if draw(st.booleans())}
    return tables, rule, winners


@given(tables_and_rule())
def test_every_team_lands_in_exactly_one_division_and_sizes_balance(case: tuple) -> None:
    tables, rule, winners = case
    moves = proposal(tables, rule, playoff_winners=winners)
    assert sorted(move.team for move in moves) == sorted(row.team for rows in tables for row in rows)
    assert all(0 <= move.target < len(tables) for move in moves)
    assert all(abs(move.target - move.source) <= 1 for move in moves)
    for index, rows in enumerate(tables):
        size_after = sum(1 for move in moves if move.target == index)
        gained = sum(1 for move in moves if move.target == index and move.source != index)
        lost = sum(1 for move in moves if move.source == index and move.target != index)
        assert size_after == len(rows) + gained - lost
        # Between adjacent divisions as many go up as come down.
        if index:
            up = sum(1 for move in moves if move.source == index and move.target == index - 1)
            down = sum(1 for move in moves if move.source == index - 1 and move.target == index)
            assert up == down == rule.between(index)
        assert size_after == len(rows)
    assert all(move.rival is not None for move in moves if move.kind == PLAYOFF)
