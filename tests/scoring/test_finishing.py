"""Finishing the game (docs/scoresheet.md: `target`, `finish`, `down_can_win`):
exact or reach, the down, the chip-out bonus tested together with the
placement, the target, and the win."""
from __future__ import annotations

import pytest

import scoring
from sheets import event, hand, hand_end, knock, play, preset, pub, sheet


def _ann_makes_6_with(rules, start, last_tile="0-4"):
    """Ann 0-1 down (1), Bob 1-2 right (0 + 2), Ann's third move on the left:
    0-4 leaves 4 + 2 = 6 (2 points), 0-2 leaves 2 + 2 = 4 (nothing)."""
    return sheet(hand(play(0, "0-1"), play(1, "1-2", "right"), play(0, last_tile, "left")),
                 rules=rules, start=start)


# --- exact and reach --------------------------------------------------------------

def test_exact_making_the_target_exactly_wins_at_once():
    result = scoring.check(_ann_makes_6_with(pub(), [59, 0]))
    assert event(result, 0, 2)["scores"] == [61, 0]
    assert result["winner"] == 0
    assert result["scores"] == [61, 0]
    assert hand_end(result)["ended"] == "won"


def test_exact_an_event_that_would_pass_the_target_is_void_and_play_goes_on():
    result = scoring.check(_ann_makes_6_with(pub(), [60, 0]))
    last = event(result, 0, 2)
    assert (last["award"], last["bust"], last["worth"], last["points"]) == (2, True, 0, 0)
    assert last["scores"] == [60, 0]
    assert result["winner"] is None
    assert hand_end(result)["ended"] == "open"


def test_exact_has_no_bounce_back():
    result = scoring.check(_ann_makes_6_with(pub(), [60, 0]))
    assert result["scores"] == [60, 0]


def test_reach_passing_the_target_wins_at_once():
    result = scoring.check(_ann_makes_6_with(pub(finish="reach"), [60, 0]))
    last = event(result, 0, 2)
    assert (last["bust"], last["worth"]) == (False, 2)
    assert result["winner"] == 0
    assert result["scores"] == [62, 0]


def test_reach_short_of_the_target_does_not_win():
    result = scoring.check(_ann_makes_6_with(pub(finish="reach"), [58, 0]))
    assert result["winner"] is None
    assert result["scores"] == [60, 0]


def test_jaques_wins_on_reaching_or_passing_61():
    result = scoring.check(_ann_makes_6_with("jaques", [60, 0]))
    assert result["winner"] == 0
    assert result["scores"] == [62, 0]


def test_a_later_target_lets_the_same_play_count():
    result = scoring.check(_ann_makes_6_with(pub(target=121), [60, 0]))
    assert result["scores"] == [62, 0]
    assert result["winner"] is None


def test_a_target_of_121_is_won_at_121():
    result = scoring.check(_ann_makes_6_with(pub(target=121), [119, 0]))
    assert result["winner"] == 0
    assert result["scores"] == [121, 0]


def test_the_opponent_cannot_win_for_the_side_that_scores():
    # Bob, on 60, is not affected by Ann's points
    result = scoring.check(_ann_makes_6_with(pub(), [0, 60]))
    assert result["winner"] is None
    assert result["scores"] == [2, 60]


# --- the down -------------------------------------------------------------------

def test_down_can_win_no_voids_a_down_that_would_make_the_target():
    down = event(scoring.check(sheet(hand(play(0, "6-6")), start=[57, 0])), 0, 0)
    assert (down["bust"], down["worth"], down["scores"]) == (True, 0, [57, 0])


def test_down_can_win_no_under_reach_voids_a_down_that_would_pass_the_target():
    result = scoring.check(sheet(hand(play(0, "6-6")), rules=pub(finish="reach"), start=[58, 0]))
    down = event(result, 0, 0)
    assert (down["bust"], down["worth"], down["scores"]) == (True, 0, [58, 0])
    assert result["winner"] is None


def test_down_can_win_yes_lets_the_down_make_the_target():
    result = scoring.check(sheet(hand(play(0, "6-6")), rules="pagat", start=[57, 0]))
    down = event(result, 0, 0)
    assert (down["bust"], down["worth"], down["scores"]) == (False, 4, [61, 0])
    assert result["winner"] == 0


def test_a_down_that_would_pass_the_target_is_void_under_exact_even_where_the_down_can_win():
    result = scoring.check(sheet(hand(play(0, "6-6")), rules="pagat", start=[58, 0]))
    down = event(result, 0, 0)
    assert (down["bust"], down["scores"]) == (True, [58, 0])
    assert result["winner"] is None


def test_the_down_rule_voids_only_the_down_not_a_later_play():
    # pub: Ann on 59 wins with her second tile (not the down)
    result = scoring.check(_ann_makes_6_with(pub(), [59, 0]))
    assert result["winner"] == 0


# --- the chip-out bonus ------------------------------------------------------------

def test_the_chip_out_bonus_goes_with_the_last_tile():
    result = scoring.check(_ann_makes_6_with(pub(hand_size=2, chip_out_bonus=1), [0, 0]))
    last = event(result, 0, 2)
    assert (last["award"], last["bonus"], last["worth"], last["points"]) == (2, 1, 3, 3)
    assert last["scores"] == [3, 0]
    assert hand_end(result)["ended"] == "chip-out"


def test_no_chip_out_bonus_by_default_in_pub():
    last = event(scoring.check(_ann_makes_6_with(pub(hand_size=2), [0, 0])), 0, 2)
    assert (last["bonus"], last["worth"]) == (0, 2)


def test_no_chip_out_bonus_before_the_last_tile():
    last = event(scoring.check(_ann_makes_6_with(pub(hand_size=3, chip_out_bonus=1), [0, 0])), 0, 2)
    assert (last["bonus"], last["worth"]) == (0, 2)


def test_the_chip_out_bonus_alone_can_make_the_target_exactly():
    result = scoring.check(_ann_makes_6_with(pub(hand_size=2, chip_out_bonus=1), [60, 0],
                                             last_tile="0-2"))
    last = event(result, 0, 2)
    assert (last["total"], last["award"], last["bonus"], last["worth"]) == (4, 0, 1, 1)
    assert result["winner"] == 0
    assert result["scores"] == [61, 0]


def test_placement_and_chip_out_bonus_are_void_together_when_they_pass_the_target():
    result = scoring.check(_ann_makes_6_with(pub(hand_size=2, chip_out_bonus=1), [59, 0]))
    last = event(result, 0, 2)
    assert (last["award"], last["bonus"], last["bust"], last["worth"]) == (2, 1, True, 0)
    assert result["scores"] == [59, 0]
    assert result["winner"] is None
    assert hand_end(result)["ended"] == "chip-out"


def test_placement_and_chip_out_bonus_win_together_under_reach():
    result = scoring.check(_ann_makes_6_with(pub(hand_size=2, chip_out_bonus=1, finish="reach"),
                                             [59, 0]))
    assert result["winner"] == 0
    assert result["scores"] == [62, 0]


def test_a_block_gives_no_chip_out_bonus_and_no_award_in_pagat():
    # Ann 6-3; Bob 3-5 right (6 + 5); both knock: a block with tiles in every hand
    s = sheet(hand(play(0, "6-3"), play(1, "3-5", "right"), knock(0), knock(1),
                   shown={"0": ["0-0"], "1": ["1-1"]}),
              rules=preset("pagat", hand_size=2))
    result = scoring.check(s)
    end = hand_end(result)
    assert end["ended"] == "block"
    assert end["awards"] == []
    assert end["penalties"] == []
    assert result["scores"] == [3, 0]


# --- the end of the game ---------------------------------------------------------

def test_a_move_after_the_game_is_won_is_an_error():
    s = _ann_makes_6_with(pub(), [59, 0])
    s["hands"][0]["moves"].append(play(1, "2-3", "right"))
    with pytest.raises(scoring.ScoringError):
        scoring.check(s)


def test_a_hand_after_the_game_is_won_is_an_error():
    s = _ann_makes_6_with(pub(), [59, 0])
    s["hands"].append(hand(play(1, "6-6")))
    with pytest.raises(scoring.ScoringError):
        scoring.check(s)


def test_the_win_ends_the_hand_with_tiles_still_in_hand():
    result = scoring.check(_ann_makes_6_with(pub(hand_size=7), [59, 0]))
    assert result["events"][-1]["type"] == "hand-end"
    assert result["events"][-1]["ended"] == "won"
    assert result["events"][-1]["scores"] == [61, 0]


def test_start_scores_are_where_the_game_begins():
    result = scoring.check(sheet(hand(play(0, "6-3")), start=[10, 20]))
    assert event(result, 0, 0)["scores"] == [13, 20]
    assert result["scores"] == [13, 20]
