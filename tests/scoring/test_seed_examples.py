"""The worked examples of the rule texts behind the five presets.

Each test's name starts with a number for the text it comes from: 000, the
pub rules text (PlayElephant; `pub`); 001, the Jaques of London text
(`jaques`); 002, the network game text (`network`); 003, the Pagat text
(`pagat`); 004, the Threes and Fives text of domino-play
(`threes-and-fives`). tests/scoring/corpus/ holds whole games from the same
texts with their full results.
"""
from __future__ import annotations

import pytest

import scoring
from sheets import event, hand, hand_end, move_events, play, preset, pub, sheet

# --- the pub rules text (pub) -------------------------------------------------

def test_000_a_double_down_counts_once_with_both_halves_66_makes_12_for_4_points():
    down = event(scoring.check(sheet(hand(play(0, "6-6")))), 0, 0)
    assert down["ends"] == [12]
    assert down["total"] == 12
    assert down["award"] == 4
    assert down["scores"] == [4, 0]


def test_000_any_other_down_adds_its_two_halves_63_makes_9_for_3_points():
    down = event(scoring.check(sheet(hand(play(0, "6-3")))), 0, 0)
    assert down["ends"] == [6, 3]
    assert down["total"] == 9
    assert down["award"] == 3
    assert down["scores"] == [3, 0]


def test_000_no_winning_on_your_own_down_under_pub():
    # 57 + 4 would make exactly 61 with the down: it does not count (the pub rules, §8)
    result = scoring.check(sheet(hand(play(0, "6-6")), start=[57, 0]))
    down = event(result, 0, 0)
    assert down["award"] == 4
    assert down["bust"] is True
    assert down["worth"] == 0
    assert down["points"] == 0
    assert down["scores"] == [57, 0]
    assert result["winner"] is None


def test_000_a_down_that_does_not_win_scores_as_usual_under_pub():
    down = event(scoring.check(sheet(hand(play(0, "6-6")), start=[50, 0])), 0, 0)
    assert down["bust"] is False
    assert down["worth"] == 4
    assert down["scores"] == [54, 0]


def test_000_you_can_win_with_a_later_domino_including_your_last_one():
    # 59, then Ann's last tile makes 4 + 2 = 6: 2 points, exactly 61
    s = sheet(hand(play(0, "0-1"), play(1, "1-2", "right"), play(0, "0-4", "left")),
              rules=pub(hand_size=2), start=[59, 0])
    result = scoring.check(s)
    last = event(result, 0, 2)
    assert last["total"] == 6
    assert last["worth"] == 2
    assert last["scores"] == [61, 0]
    assert result["winner"] == 0
    assert hand_end(result)["ended"] == "won"


# --- the Pagat text (pagat) ---------------------------------------------------

def test_003_doubles_at_the_ends_line_1_4_then_1_1_then_4_4_then_3_4():
    s = sheet(hand(play(0, "1-4"), play(1, "1-1", "left"), play(0, "4-4", "right"),
                   play(1, "3-4", "right")), rules="pagat")
    events = move_events(scoring.check(s))
    assert [e["ends"] for e in events] == [[1, 4], [2, 4], [2, 8], [2, 3]]
    assert [e["total"] for e in events] == [5, 6, 10, 5]
    assert [e["award"] for e in events] == [1, 2, 2, 1]
    assert events[-1]["scores"] == [3, 3]


def test_003_3_6_then_6_6_makes_15_for_8_points():
    s = sheet(hand(play(0, "3-6"), play(1, "6-6", "right")), rules="pagat")
    last = event(scoring.check(s), 0, 1)
    assert last["ends"] == [3, 12]
    assert last["total"] == 15
    assert last["award"] == 8
    assert last["scores"] == [3, 8]


@pytest.mark.parametrize(("tile", "ends", "total"), [("0-0", [0], 0), ("2-2", [4], 4)])
def test_003_a_lone_double_down_scoring_nothing(tile, ends, total):
    down = event(scoring.check(sheet(hand(play(0, tile)), rules="pagat")), 0, 0)
    assert down["ends"] == ends
    assert down["total"] == total
    assert down["award"] == 0
    assert down["scores"] == [0, 0]


def _pagat_chip_out_at(start_score: int, hand_size: int = 2) -> dict:
    # Ann's third move, her last tile with two a hand, leaves 4 + 2 = 6 on the line
    return sheet(hand(play(0, "0-1"), play(1, "1-2", "right"), play(0, "0-4", "left")),
                 rules=preset("pagat", hand_size=hand_size), start=[start_score, 0])


def test_003_59_plus_2_plus_the_chip_out_point_is_void_as_a_whole():
    result = scoring.check(_pagat_chip_out_at(59))
    last = event(result, 0, 2)
    assert (last["total"], last["award"], last["bonus"]) == (6, 2, 1)
    assert last["bust"] is True
    assert last["worth"] == 0
    assert last["points"] == 0
    assert last["scores"] == [59, 0]
    assert result["winner"] is None
    assert hand_end(result)["ended"] == "chip-out"


def test_003_58_plus_2_plus_the_chip_out_point_wins_exactly():
    result = scoring.check(_pagat_chip_out_at(58))
    last = event(result, 0, 2)
    assert last["bust"] is False
    assert last["worth"] == 3
    assert last["scores"] == [61, 0]
    assert result["winner"] == 0
    assert hand_end(result)["ended"] == "won"


def test_003_59_plus_2_wins_when_the_tile_is_not_the_last_one():
    result = scoring.check(_pagat_chip_out_at(59, hand_size=3))
    last = event(result, 0, 2)
    assert last["bonus"] == 0
    assert last["worth"] == 2
    assert last["scores"] == [61, 0]
    assert result["winner"] == 0


# --- the Jaques of London text (jaques) ---------------------------------------

def test_001_15_scores_5_for_the_threes_plus_3_for_the_fives():
    # a line reaches 15 only with a double counting both halves, so doubles: both here
    s = sheet(hand(play(0, "3-6"), play(1, "6-6", "right")), rules=preset("jaques", doubles="both"))
    last = event(scoring.check(s), 0, 1)
    assert last["total"] == 15
    assert last["award"] == 8


@pytest.mark.parametrize(("tile", "total", "award"), [("0-6", 6, 2), ("4-6", 10, 2)])
def test_001_open_ends_of_6_and_10_score_2(tile, total, award):
    down = event(scoring.check(sheet(hand(play(0, tile)), rules="jaques")), 0, 0)
    assert (down["total"], down["award"]) == (total, award)


SINGLE = [pytest.param("jaques", id="jaques"), pytest.param(pub(doubles="single"), id="pub-single")]


@pytest.mark.parametrize("rules", SINGLE)
@pytest.mark.parametrize(("tile", "total", "award"), [
    ("6-6", 6, 2),   # face value: 6, not 12
    ("5-5", 5, 1),
    ("4-4", 4, 0),   # "double-4 counts as 4, not 8"
    ("3-3", 3, 1),
])
def test_001_a_double_down_counts_its_face_value_once_under_doubles_single(tile, total, award, rules):
    down = event(scoring.check(sheet(hand(play(0, tile)), rules=rules)), 0, 0)
    assert down["ends"] == [total]
    assert (down["total"], down["award"]) == (total, award)


@pytest.mark.parametrize("rules", SINGLE)
def test_001_a_double_at_an_end_counts_its_face_value_under_doubles_single(rules):
    s = sheet(hand(play(0, "3-6"), play(1, "6-6", "right")), rules=rules)
    last = event(scoring.check(s), 0, 1)
    assert last["ends"] == [3, 6]
    assert last["total"] == 9
    assert last["award"] == 3


@pytest.mark.parametrize("rules", SINGLE)
def test_001_the_double_blank_is_a_live_end_counting_zero(rules):
    s = sheet(hand(play(0, "0-6"), play(1, "0-0", "left")), rules=rules)
    last = event(scoring.check(s), 0, 1)
    assert last["ends"] == [0, 6]
    assert last["total"] == 6
    assert last["award"] == 2


def test_pub_with_doubles_single_counts_a_double_down_once():
    down = event(scoring.check(sheet(hand(play(0, "6-6")), rules=pub(doubles="single"))), 0, 0)
    assert down["total"] == 6
    assert down["award"] == 2


# --- the network game text (network) ------------------------------------------

def test_002_on_60_points_a_2_point_play_does_not_count():
    s = sheet(hand(play(0, "1-1"), play(1, "1-2", "right"), play(0, "1-4", "left")),
              rules="network", start=[60, 0])
    result = scoring.check(s)
    last = event(result, 0, 2)
    assert last["total"] == 6
    assert last["award"] == 2
    assert last["bust"] is True
    assert last["scores"] == [60, 0]
    assert result["winner"] is None


def test_002_on_60_points_a_1_point_play_wins():
    s = sheet(hand(play(0, "1-1"), play(1, "1-2", "right"), play(0, "2-3", "right")),
              rules="network", start=[60, 0])
    result = scoring.check(s)
    last = event(result, 0, 2)
    assert last["ends"] == [2, 3]
    assert last["worth"] == 1
    assert last["scores"] == [61, 0]
    assert result["winner"] == 0


# --- the Threes and Fives text (threes-and-fives) -----------------------------

@pytest.mark.parametrize(("tile", "total", "award"), [("3-3", 6, 6), ("5-5", 10, 10)])
def test_004_a_multiple_of_only_3_or_only_5_scores_the_total_itself(tile, total, award):
    down = event(scoring.check(sheet(hand(play(0, tile)), rules="threes-and-fives")), 0, 0)
    assert (down["total"], down["award"]) == (total, award)
