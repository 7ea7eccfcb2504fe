"""A bracket drawn all at once: properties of every draw, seeded or at random."""
from __future__ import annotations

import random

import pytest
from cupdata import counts, entrants, seeds
from hypothesis import given, settings
from hypothesis import strategies as st
from property_examples import examples

from cups import Bracket, DrawError, Entrant, Tie, bracket_order, bracket_rounds, champion, draw_bracket, first_round
from cups.bracket import TieKey

DRAWS = settings(max_examples=examples(60), deadline=None)


def bracket_for(count: int, seed: int | None) -> Bracket:
    return draw_bracket(entrants(count), seed=seed)


@DRAWS
@given(counts, st.one_of(st.none(), seeds))
def test_every_entrant_is_placed_exactly_once(count: int, seed: int | None) -> None:
    bracket = bracket_for(count, seed)
    placed = [slot for slot in bracket.slots if slot is not None]
    assert sorted(placed) == [e.id for e in entrants(count)]


@DRAWS
@given(counts, st.one_of(st.none(), seeds))
def test_the_bracket_is_the_next_power_of_two_and_byes_never_meet(count: int, seed: int | None) -> None:
    bracket = bracket_for(count, seed)
    assert bracket.size >= count > bracket.size // 2
    assert bracket.size & (bracket.size - 1) == 0
    ties = first_round(bracket)
    assert sum(tie.bye for tie in ties) == bracket.size - count
    assert all(tie.home is not None for tie in ties)


@DRAWS
@given(counts, st.one_of(st.none(), seeds), st.randoms(use_true_random=False))
def test_byes_only_in_the_first_round_however_the_ties_go(count: int, seed: int | None,
                                                           chance: random.Random) -> None:
    bracket = bracket_for(count, seed)
    rounds, winners = play_through(bracket, chance)
    assert all(not tie.bye and None not in tie.sides for ties in rounds[1:] for tie in ties)
    assert champion(bracket, winners) in {e.id for e in entrants(count)}


@DRAWS
@given(counts, seeds)
def test_a_draw_from_the_same_entrants_and_seed_is_the_same_whatever_their_order(count: int, seed: int) -> None:
    field = entrants(count)
    shuffled = field[:]
    random.Random(seed + 1).shuffle(shuffled)
    assert draw_bracket(shuffled, seed=seed).slots == draw_bracket(field, seed=seed).slots


@DRAWS
@given(st.integers(min_value=2, max_value=64))
def test_seeded_byes_go_to_the_top_seeds(count: int) -> None:
    field = entrants(count)
    bracket = draw_bracket(field)
    with_byes = {tie.home for tie in first_round(bracket) if tie.bye}
    assert with_byes == {e.id for e in field[:bracket.size - count]}


@DRAWS
@given(counts)
def test_the_top_two_seeds_are_in_opposite_halves_so_they_can_meet_only_in_the_final(count: int) -> None:
    field = entrants(count)
    bracket = draw_bracket(field)
    half = bracket.size // 2
    assert field[0].id in bracket.slots[:half] and field[1].id in bracket.slots[half:]
    assert draw_bracket(field) == bracket  # a seeded draw follows from the seeds alone


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_when_the_bracket_is_full_the_top_two_seeds_meet_only_in_the_final(size: int) -> None:
    field = entrants(size)
    bracket = draw_bracket(field)
    favourites, _ = play_through(bracket, random.Random(0), favourite_wins=True)
    final = favourites[-1][0]
    assert final.sides == (field[0].id, field[1].id)
    assert all({field[0].id, field[1].id} != set(tie.sides) for ties in favourites[:-1] for tie in ties)
    # the top four are in four different quarters of the bracket: they meet in the semi-finals at the earliest
    if size >= 4:
        quarters = [bracket.slots[i:i + size // 4] for i in range(0, size, size // 4)]
        assert sorted(next(q for q, part in enumerate(quarters) if e.id in part) for e in field[:4]) == [0, 1, 2, 3]


@pytest.mark.parametrize(("size", "order"), [
    (2, [1, 2]),
    (4, [1, 4, 2, 3]),
    (8, [1, 8, 4, 5, 2, 7, 3, 6]),
    (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
])
def test_the_standard_bracket_order(size: int, order: list[int]) -> None:
    assert bracket_order(size) == order


def test_five_seeded_entrants_the_top_three_have_byes() -> None:
    bracket = draw_bracket(entrants(5))
    assert [(t.home, t.away, t.bye) for t in first_round(bracket)] == [
        (101, None, True), (104, 105, False), (102, None, True), (103, None, True)]


def test_a_later_round_fills_in_as_the_winners_are_known() -> None:
    bracket = draw_bracket(entrants(5))
    assert [t.sides for t in bracket_rounds(bracket)[1]] == [(101, None), (102, 103)]
    assert [t.sides for t in bracket_rounds(bracket, {(1, 2): 105})[1]] == [(101, 105), (102, 103)]


@pytest.mark.parametrize(("winners", "reason"), [
    ({(1, 2): 101}, "round 1 tie 2: 101 was not in it"),
    ({(2, 1): 101}, "round 2 tie 1: 101 was not in it"),  # its other side is not known yet
])
def test_a_winner_who_was_not_in_the_tie_is_refused(winners: dict[TieKey, int], reason: str) -> None:
    with pytest.raises(DrawError, match=reason):
        bracket_rounds(draw_bracket(entrants(5)), winners)


@pytest.mark.parametrize(("field", "reason"), [
    ([Entrant(1, "Swan")], "at least 2 entrants, not 1"),
    ([Entrant(1, "Swan"), Entrant(1, "Swan")], r"Swan \(id 1\) is entered twice"),
])
def test_a_draw_that_cannot_be_made_says_why(field: list[Entrant], reason: str) -> None:
    with pytest.raises(DrawError, match=reason):
        draw_bracket(field, seed=1)


def play_through(bracket: Bracket, chance: random.Random, *,
                 favourite_wins: bool = False) -> tuple[tuple[tuple[Tie, ...], ...], dict[TieKey, int]]:
    """The bracket's rounds with every tie decided (by seed, or at random), and the winners."""
    rank = {e.id: i for i, e in enumerate(bracket.entrants)}
    winners: dict[TieKey, int] = {}
    while True:
        rounds = bracket_rounds(bracket, winners)
        open_ties = [t for ties in rounds for t in ties
                     if not t.bye and None not in t.sides and (t.round, t.number) not in winners]
        if not open_ties:
            return rounds, winners
        for tie in open_ties:
            sides = [s for s in tie.sides if s is not None]
            best = min(sides, key=rank.__getitem__)
            winners[(tie.round, tie.number)] = best if favourite_wins else chance.choice(sides)

