"""A knockout drawn round by round, each round from its own recorded seed."""
from __future__ import annotations

import random

import pytest
from cupdata import counts, entrants, seeds
from hypothesis import given, settings
from property_examples import examples

from cups import DrawError, Entrant, bracket_rounds, draw_bracket, draw_round, through

DRAWS = settings(max_examples=examples(60), deadline=None)


@DRAWS
@given(counts, seeds)
def test_a_whole_cup_drawn_round_by_round_places_everyone_once_a_round_with_byes_only_in_round_1(
        count: int, seed: int) -> None:
    left = entrants(count)
    chance = random.Random(seed)
    number = 1
    while len(left) > 1:
        draw = draw_round(left, round=number, seed=chance.randrange(2**31))
        placed = [side for tie in draw.ties for side in tie.sides if side is not None]
        assert sorted(placed) == sorted(e.id for e in left)
        assert all(tie.away is not None for tie in draw.ties if not tie.bye)
        byes = sum(tie.bye for tie in draw.ties)
        assert byes == 0 or number == 1
        left = list(through(draw, {t.number: chance.choice([s for s in t.sides if s is not None]) for t in draw.ties
                                     if not t.bye}))
        assert len(left) & (len(left) - 1) == 0  # a power of two after round 1: no more byes
        number += 1


@DRAWS
@given(counts, seeds)
def test_a_round_drawn_again_from_its_seed_is_the_same(count: int, seed: int) -> None:
    field = entrants(count)
    again = list(reversed(field))
    assert draw_round(again, round=1, seed=seed).ties == draw_round(field, round=1, seed=seed).ties


def test_an_open_first_round_draws_only_the_ties_needed_and_the_rest_have_byes() -> None:
    draw = draw_round(entrants(6), round=1, seed=20261201)
    assert [t.bye for t in draw.ties] == [False, False, True, True]  # 6 down to 4: two ties, two byes


def test_a_later_round_that_is_not_a_power_of_two_is_refused() -> None:
    with pytest.raises(DrawError, match="round 2 has 3 entrants: byes are given in the first round only"):
        draw_round(entrants(3), round=2, seed=1)


def test_a_seeded_round_keeps_the_top_seeds_apart_and_gives_them_the_byes() -> None:
    draw = draw_round(entrants(6), round=1)
    assert [(t.home, t.away, t.bye) for t in draw.ties] == [
        (101, None, True), (104, 105, False), (102, None, True), (103, 106, False)]


@pytest.mark.parametrize(("winners", "reason"), [
    ({1: 101}, "tie 2 has no winner yet"),
    ({1: 103, 2: 102}, "round 1 tie 1: Crown was not in it"),
])
def test_the_next_round_waits_for_every_winner(winners: dict[int, int], reason: str) -> None:
    draw = draw_round(entrants(4), round=1)  # Red Lion A v Swan; Red Lion B v Crown
    with pytest.raises(DrawError, match=reason):
        through(draw, winners)


def test_the_entrants_left_are_the_winners_and_the_byes_in_the_order_of_the_ties() -> None:
    field = [Entrant(1, "Red Lion A"), Entrant(2, "Crown B"), Entrant(3, "Swan")]
    draw = draw_round(field, round=1)  # Red Lion A has the bye; Crown B v Swan
    assert [e.name for e in through(draw, {2: 3})] == ["Red Lion A", "Swan"]


def test_a_seeded_cup_drawn_round_by_round_keeps_its_top_two_seeds_apart_until_the_final() -> None:
    field = entrants(5)  # seeds 1 to 5: ids 101 to 105
    first = draw_round(field, round=1)  # 1, 2 and 3 have byes; 4 v 5
    semis = draw_round(through(first, {t.number: 105 for t in first.ties if not t.bye}), round=2)
    assert [(t.home, t.away) for t in semis.ties] == [(101, 105), (102, 103)]


@DRAWS
@given(counts, seeds)
def test_a_seeded_cup_drawn_round_by_round_meets_as_its_whole_bracket_would(count: int, seed: int) -> None:
    field = entrants(count)
    chance = random.Random(seed)
    bracket = draw_bracket(field)
    winners: dict[tuple[int, int], int] = {}
    left, number = field, 1
    while len(left) > 1:
        draw = draw_round(left, round=number)
        whole = bracket_rounds(bracket, winners)[number - 1]
        assert {frozenset(t.sides) for t in draw.ties} == {frozenset(t.sides) for t in whole}
        chosen = {t.number: chance.choice([s for s in t.sides if s is not None]) for t in draw.ties if not t.bye}
        for tie in whole:
            found = next(t for t in draw.ties if frozenset(t.sides) == frozenset(tie.sides))
            if not tie.bye:
                winners[(number, tie.number)] = chosen[found.number]
        left = list(through(draw, chosen))
        number += 1
