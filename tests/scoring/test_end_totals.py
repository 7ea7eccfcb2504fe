"""Every end total a line can show, 0..22, under every scoring rule
(docs/scoresheet.md, `scoring`).

Each total is built through real plays: totals 0..12 by the down alone
(a lone double counts both halves under `doubles: both`), 13..22 by
following plays that put doubles at the ends.
"""
from __future__ import annotations

import pytest

import scoring
from sheets import hand, move_events, play, pub, sheet

# total: the plays (tile, end) that leave exactly that total, seats 0, 1, 0 in turn
LINES = {
    0: [("0-0", None)],
    1: [("0-1", None)],
    2: [("0-2", None)],
    3: [("0-3", None)],
    4: [("0-4", None)],
    5: [("0-5", None)],
    6: [("0-6", None)],
    7: [("1-6", None)],
    8: [("2-6", None)],
    9: [("3-6", None)],
    10: [("4-6", None)],
    11: [("5-6", None)],
    12: [("6-6", None)],
    13: [("1-6", None), ("6-6", "right")],
    14: [("2-6", None), ("6-6", "right")],
    15: [("3-6", None), ("6-6", "right")],
    16: [("4-6", None), ("6-6", "right")],
    17: [("5-6", None), ("6-6", "right")],
    18: [("3-6", None), ("6-6", "right"), ("3-3", "left")],
    20: [("4-6", None), ("6-6", "right"), ("4-4", "left")],
    22: [("5-6", None), ("6-6", "right"), ("5-5", "left")],
}

# total: points under fives-and-threes, fives, threes, multiples
AWARDS = {
    0: (0, 0, 0, 0),
    1: (0, 0, 0, 0),
    2: (0, 0, 0, 0),
    3: (1, 0, 1, 3),
    4: (0, 0, 0, 0),
    5: (1, 1, 0, 5),
    6: (2, 0, 2, 6),
    7: (0, 0, 0, 0),
    8: (0, 0, 0, 0),
    9: (3, 0, 3, 9),
    10: (2, 2, 0, 10),
    11: (0, 0, 0, 0),
    12: (4, 0, 4, 12),
    13: (0, 0, 0, 0),
    14: (0, 0, 0, 0),
    15: (8, 3, 5, 30),
    16: (0, 0, 0, 0),
    17: (0, 0, 0, 0),
    18: (6, 0, 6, 18),
    20: (4, 4, 0, 20),
    22: (0, 0, 0, 0),
}

RULES = ("fives-and-threes", "fives", "threes", "multiples")
UNREACHABLE = "19 and 21 cannot occur on a line (docs/scoresheet.md): two doubles make an even total, one double and a plain end at most 12 + 5"


def _cases():
    for total in range(23):
        for i, rule in enumerate(RULES):
            if total in (19, 21):
                yield pytest.param(total, rule, None, id=f"{rule}-{total}",
                                   marks=pytest.mark.skip(reason=UNREACHABLE))
            else:
                yield pytest.param(total, rule, AWARDS[total][i], id=f"{rule}-{total}")


def _line_sheet(total: int, rule: str) -> dict:
    moves = [play(i % 2, tile, end) for i, (tile, end) in enumerate(LINES[total])]
    return sheet(hand(*moves), rules=pub(scoring=rule))


@pytest.mark.parametrize(("total", "rule", "points"), list(_cases()))
def test_an_end_total_scores_what_the_scoring_rule_says(total, rule, points):
    events = move_events(scoring.check(_line_sheet(total, rule)))
    last = events[-1]
    assert last["type"] == "play"
    assert last["total"] == total
    assert sum(last["ends"]) == total
    assert last["award"] == points
    assert last["worth"] == points
    assert last["points"] == points
    assert last["verdict"] == "unchecked"
    before = events[-2]["scores"] if len(events) > 1 else [0, 0]
    seat = last["seat"]
    assert last["scores"][seat] - before[seat] == points
    assert last["scores"][1 - seat] == before[1 - seat]


@pytest.mark.parametrize(("tile", "total"), [("0-0", 0), ("1-1", 2), ("2-2", 4), ("6-6", 12)])
def test_a_lone_double_down_is_one_end_entry_holding_both_halves(tile, total):
    down = move_events(scoring.check(sheet(hand(play(0, tile)))))[0]
    assert down["ends"] == [total]
    assert down["total"] == total


@pytest.mark.parametrize("total", [13, 14, 15, 16, 17])
def test_a_double_laid_at_an_end_counts_both_halves_beside_the_other_end(total):
    last = move_events(scoring.check(_line_sheet(total, "fives-and-threes")))[-1]
    assert last["ends"] == [total - 12, 12]


@pytest.mark.parametrize("total", [18, 20, 22])
def test_doubles_at_both_ends_each_count_both_halves(total):
    last = move_events(scoring.check(_line_sheet(total, "fives-and-threes")))[-1]
    assert last["ends"] == [total - 12, 12]


def test_a_double_inside_the_line_counts_nothing():
    # 3-6, 6-6 at the right (3 + 12), then 6-1 beyond it: the 6-6 is inside the line
    s = sheet(hand(play(0, "3-6"), play(1, "6-6", "right"), play(0, "6-1", "right")))
    last = move_events(scoring.check(s))[-1]
    assert last["ends"] == [3, 1]
    assert last["total"] == 4
    assert last["award"] == 0


def test_a_double_down_built_on_one_side_still_counts_both_halves_at_the_other():
    # 6-6 down, then 6-4 to its right: the 6-6 still stands at the left end (12 + 4)
    s = sheet(hand(play(0, "6-6"), play(1, "6-4", "right")))
    last = move_events(scoring.check(s))[-1]
    assert last["ends"] == [12, 4]
    assert last["total"] == 16
    assert last["award"] == 0
