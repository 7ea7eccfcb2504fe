"""The group stage: the split, the round robins, the tables, who goes
through, and the knockout drawn from them."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from cupdata import entrants, seeds
from hypothesis import given, settings
from hypothesis import strategies as st
from property_examples import examples

from cups import (
    DrawError,
    Entrant,
    Group,
    GroupRules,
    Leg,
    Qualifier,
    draw_knockout,
    first_round,
    group_rounds,
    group_table,
    qualifiers,
    split_groups,
)

DRAWS = settings(max_examples=examples(60), deadline=None)


@st.composite
def splits(draw: st.DrawFn) -> tuple[int, int, int | None]:
    count = draw(st.integers(min_value=2, max_value=40))
    groups = draw(st.integers(min_value=1, max_value=count // 2))
    return count, groups, draw(st.one_of(st.none(), seeds))


@DRAWS
@given(splits())
def test_groups_take_everyone_once_and_differ_in_size_by_one_at_most(split: tuple[int, int, int | None]) -> None:
    count, number, seed = split
    draw = split_groups(entrants(count), number, seed=seed)
    placed = [e for group in draw.groups for e in group.entrants]
    assert sorted(placed) == [e.id for e in entrants(count)]
    sizes = [len(group.entrants) for group in draw.groups]
    assert len(sizes) == number and max(sizes) - min(sizes) <= 1 and min(sizes) >= 2
    # An open draw does not depend on the order the entrants are listed in.
    again = list(reversed(entrants(count))) if seed is not None else entrants(count)
    assert split_groups(again, number, seed=seed).groups == draw.groups


@DRAWS
@given(st.integers(min_value=2, max_value=12), st.booleans())
def test_in_a_group_every_pair_meets_once_and_nobody_plays_twice_in_a_round(size: int, twice: bool) -> None:
    group = Group("A", tuple(range(1, size + 1)))
    rounds = group_rounds(group, twice=twice)
    meetings = Counter(frozenset(tie.sides) for ties in rounds for tie in ties)
    assert set(meetings) == {frozenset(pair) for pair in combinations(group.entrants, 2)}
    assert set(meetings.values()) == {2 if twice else 1}
    for ties in rounds:
        playing = [side for tie in ties for side in tie.sides]
        assert len(playing) == len(set(playing)) == size - size % 2
    if twice:
        assert Counter((t.home, t.away) for ties in rounds for t in ties).most_common(1)[0][1] == 1


def test_seeded_groups_are_dealt_in_a_snake() -> None:
    draw = split_groups(entrants(8), 2)
    assert [g.entrants for g in draw.groups] == [(101, 104, 105, 108), (102, 103, 106, 107)]


@pytest.mark.parametrize(("count", "groups"), [(5, 3), (4, 0), (60, 27)])
def test_groups_that_cannot_be_made_are_refused(count: int, groups: int) -> None:
    with pytest.raises(DrawError, match=f"{count} entrants cannot make {groups} groups"):
        split_groups(entrants(count), groups)


def match(home: int, away: int, games: tuple[int, int], points: tuple[int, int] = (0, 0)) -> Leg:
    return Leg(home=home, away=away, home_games=games[0], away_games=games[1],
               home_points=points[0], away_points=points[1])


GROUP_A = Group("A", (1, 2, 3, 4))
RESULTS_A = [match(1, 2, (5, 4)), match(3, 4, (6, 3)), match(1, 3, (4, 5)), match(2, 4, (9, 0)),
             match(1, 4, (5, 4)), match(2, 3, (5, 4))]


def test_a_group_table_ranks_by_table_points_then_games_difference() -> None:
    table = group_table(GROUP_A, RESULTS_A)
    assert [(r.entrant, r.won, r.lost, r.score, r.games_for - r.games_against) for r in table.rows] == [
        (2, 2, 1, 4, 9), (3, 2, 1, 4, 3), (1, 2, 1, 4, 1), (4, 0, 3, 0, -13)]


@pytest.mark.parametrize(("rules", "order"), [
    (GroupRules(), [1, 3, 2]),  # all on 2 points; games difference +2, 0, -2
    (GroupRules(order=("score", "points_difference")), [2, 3, 1]),
    (GroupRules(order=("score",)), [1, 2, 3]),  # level on all: the order they were dealt
])
def test_the_table_follows_the_leagues_order_and_falls_back_to_the_draw(rules: GroupRules,
                                                                         order: list[int]) -> None:
    group = Group("B", (1, 2, 3))
    results = [match(1, 2, (6, 3), (300, 320)), match(2, 3, (5, 4), (330, 300)), match(3, 1, (5, 4), (310, 300))]
    table = group_table(group, results, rules)
    assert [row.entrant for row in table.rows] == order
    assert bool(table.level) == (rules.order == ("score",))


def test_a_walkover_counts_as_a_win_for_the_side_given_it() -> None:
    table = group_table(Group("C", (1, 2)), [Leg(home=1, away=2, walkover_to=2)])
    assert [(r.entrant, r.won, r.lost, r.score) for r in table.rows] == [(2, 1, 0, 2), (1, 0, 1, 0)]


def test_the_group_winners_then_runners_up_then_the_best_third_go_through() -> None:
    groups = [GROUP_A, Group("B", (5, 6, 7, 8))]
    results_b = [match(5, 6, (9, 0)), match(7, 8, (5, 4)), match(5, 7, (9, 0)), match(6, 8, (5, 4)),
                 match(5, 8, (9, 0)), match(6, 7, (5, 4))]  # 5 won all; 6 two; 7 one; 8 none
    found = qualifiers(groups, RESULTS_A + results_b, top=2, best_of_next=1)
    assert found == (Qualifier(2, "A", 1), Qualifier(5, "B", 1), Qualifier(3, "A", 2), Qualifier(6, "B", 2),
                     Qualifier(1, "A", 3))


def test_best_runners_up_of_unequal_groups_count_only_matches_against_the_top_places() -> None:
    # Group A has three, B two: A's runner-up's win over A's last is left out when comparing runners-up,
    # which leaves its 0-9 defeat by A's winner against B's runner-up's 4-5.
    groups = [Group("A", (1, 2, 3)), Group("B", (4, 5))]
    results = [match(1, 2, (9, 0)), match(1, 3, (5, 4)), match(2, 3, (9, 0)), match(4, 5, (5, 4))]
    assert qualifiers(groups, results, top=1, best_of_next=1)[-1] == Qualifier(5, "B", 2)


def test_asking_for_more_than_the_groups_hold_is_refused() -> None:
    with pytest.raises(DrawError, match="top 2 and 1 best of the next cannot be taken from groups of 2"):
        qualifiers([Group("A", (1, 2)), Group("B", (3, 4))], [], top=2, best_of_next=1)


@st.composite
def group_stages(draw: st.DrawFn) -> tuple[list[Qualifier], int]:
    number = draw(st.integers(min_value=2, max_value=8))
    top = draw(st.integers(min_value=1, max_value=2))
    best = draw(st.integers(min_value=0, max_value=number)) if top == 1 else 0
    through = [Qualifier(100 + 10 * g + place, chr(65 + g), place)
               for g in range(number) for place in range(1, top + 1)]
    through += [Qualifier(100 + 10 * g + top + 1, chr(65 + g), top + 1) for g in range(best)]
    return through, draw(seeds)


@DRAWS
@given(group_stages())
def test_a_knockout_from_the_groups_keeps_a_group_apart_in_its_first_round(
        stage: tuple[list[Qualifier], int]) -> None:
    through, seed = stage
    field = [q.entrant for q in through]
    named = [Entrant(e, f"Team {e}") for e in field]
    bracket = draw_knockout(named, through, seed=seed)
    assert sorted(s for s in bracket.slots if s is not None) == sorted(field)
    group = {q.entrant: q.group for q in through}
    clashes = [t for t in first_round(bracket) if not t.bye and group[t.home] == group[t.away]]  # type: ignore[index]
    assert clashes == []
    place = {q.entrant: q.place for q in through}
    byes = [place[t.home] for t in first_round(bracket) if t.bye]  # type: ignore[index]
    playing = [place[s] for t in first_round(bracket) if not t.bye for s in t.sides]  # type: ignore[index]
    assert not byes or max(byes) <= min(playing)  # the byes go to the best placed: the group winners first
    shuffled = through[:]
    random.Random(seed).shuffle(shuffled)
    assert draw_knockout(named, shuffled, seed=seed).slots == bracket.slots
