"""Sheets the rules cannot accept: each raises a ScoringError (a ValueError)
whose message names where and why (docs/scoresheet.md, the exit status 2
cases of `python -m scoring check`)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import scoring
from scoring.rules import Rules
from sheets import REPO, assert_names_place, event, hand, knock, mentions_tile, play, preset, pub, sheet


def _error(s: dict) -> str:
    with pytest.raises(scoring.ScoringError) as err:
        scoring.check(s)
    assert isinstance(err.value, ValueError)
    return str(err.value)


def test_scoring_error_is_a_value_error():
    assert issubclass(scoring.ScoringError, ValueError)


# --- tiles ----------------------------------------------------------------------------

def test_a_tile_played_twice_in_a_hand():
    # Ann 6-3; Bob 3-3 right (6, 6); Ann 6-3 again
    message = _error(sheet(hand(play(0, "6-3"), play(1, "3-3", "right"), play(0, "6-3", "left"))))
    assert_names_place(message, 0, 2, 0)
    assert mentions_tile(message, 6, 3)


@pytest.mark.parametrize("tile", ["7-2", "2-7", "6--1", "x-1", "6", "6-3-1", ""])
def test_a_tile_that_is_not_a_double_six_domino(tile):
    message = _error(sheet(hand(play(0, "0-1"), play(1, tile, "right"))))
    assert_names_place(message, 0, 1, 1)
    assert tile in message


def test_a_tile_that_fits_neither_end():
    message = _error(sheet(hand(play(0, "5-1"), play(1, "2-4"))))
    assert_names_place(message, 0, 1, 1)
    assert mentions_tile(message, 2, 4)


def test_a_tile_laid_on_an_end_it_does_not_fit():
    # 6-3 down: 3-1 fits the right end (3), not the left (6)
    message = _error(sheet(hand(play(0, "6-3"), play(1, "3-1", "left"))))
    assert_names_place(message, 0, 1, 1)


def test_an_end_that_is_neither_left_nor_right_on_a_line():
    message = _error(sheet(hand(play(0, "6-3"), play(1, "3-1", "middle"))))
    assert_names_place(message, 0, 1, 1)


def test_an_ambiguous_end():
    # 6-3, then 3-1 right: the ends are 6 and 1, and 6-1 fits both with different results
    message = _error(sheet(hand(play(0, "6-3"), play(1, "3-1", "right"), play(0, "6-1"))))
    assert_names_place(message, 0, 2, 0)
    assert mentions_tile(message, 6, 1)


def test_an_end_may_be_left_out_where_the_tile_fits_only_one_end():
    result = scoring.check(sheet(hand(play(0, "6-3"), play(1, "3-1"))))
    second = event(result, 0, 1)
    assert second["end"] == "right"
    assert second["ends"] == [6, 1]


def test_an_end_left_out_where_both_ways_give_the_same_line_goes_on_the_left():
    # 4-4 down: 4-1 on either side leaves a 1 and the double 4-4 (8) at the ends
    result = scoring.check(sheet(hand(play(0, "4-4"), play(1, "4-1"))))
    second = event(result, 0, 1)
    assert second["end"] == "left"
    assert second["ends"] == [1, 8]
    assert second["total"] == 9


def test_a_misplayed_tile_shown_by_another_seat():
    s = sheet(hand(play(0, "6-3"), {"seat": 1, "misplay": "2-4"}, play(1, "3-5", "right"),
                   knock(0), knock(1), shown={"0": ["2-4", "0-0"], "1": ["1-1", "0-1"]}),
              rules=pub(hand_size=3))
    _error(s)


# --- shown tiles ----------------------------------------------------------------------

BLOCKED = [play(0, "6-3"), knock(1), play(0, "3-5", "right"), knock(1), knock(0)]


def test_a_shown_tile_that_was_played():
    s = sheet(hand(*BLOCKED, shown={"0": ["0-0"], "1": ["6-3", "2-2", "4-4"]}), rules=pub(hand_size=3))
    message = _error(s)
    assert mentions_tile(message, 6, 3)
    assert "hand 0" in message or "hand 1" in message


def test_a_tile_shown_by_two_seats():
    s = sheet(hand(*BLOCKED, shown={"0": ["0-0"], "1": ["0-0", "2-2", "4-4"]}), rules=pub(hand_size=3))
    _error(s)


def test_shown_tiles_on_a_hand_that_has_not_ended():
    s = sheet(hand(play(0, "6-3"), knock(1), shown={"0": ["0-0", "1-1"], "1": ["2-2", "4-4", "0-1"]}),
              rules=pub(hand_size=3))
    _error(s)


def test_shown_tiles_of_a_seat_that_does_not_exist():
    s = sheet(hand(*BLOCKED, shown={"0": ["0-0"], "1": ["1-1", "2-2", "4-4"], "2": ["0-1"]}),
              rules=pub(hand_size=3))
    _error(s)


# --- seats and moves -------------------------------------------------------------------

@pytest.mark.parametrize("seat", [2, 5, -1])
def test_a_seat_that_does_not_exist(seat):
    message = _error(sheet(hand(play(0, "6-3"), {"seat": seat, "tile": "3-3", "end": "right"})))
    assert_names_place(message, 0, 1, seat)


@pytest.mark.parametrize("move", [
    {"seat": 1, "dance": True},
    {"seat": 1},
])
def test_a_move_of_no_known_kind(move):
    message = _error(sheet(hand(play(0, "6-3"), move)))
    assert_names_place(message, 0, 1, 1)


def test_a_draw_where_the_rules_have_no_drawing():
    message = _error(sheet(hand(play(0, "6-3"), {"seat": 1, "draw": 1})))
    assert_names_place(message, 0, 1, 1)


def test_a_knock_with_tiles_left_in_the_boneyard():
    message = _error(sheet(hand(play(0, "6-3"), knock(1)), rules="jaques"))
    assert_names_place(message, 0, 1, 1)


def test_a_ruling_for_an_unknown_offence():
    _error(sheet(hand(play(0, "6-3"), {"seat": 1, "penalty": "cheek"})))


@pytest.mark.parametrize("seats", [["Ann"], ["Ann", "Bob", "Cat", "Dan", "Eve"], []])
def test_a_game_needs_two_to_four_seats(seats):
    _error(sheet(hand(play(0, "6-3")), seats=seats))


# --- rules ----------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["darts", {"preset": "darts"}])
def test_an_unknown_preset(rules):
    assert "darts" in _error(sheet(hand(play(0, "6-3")), rules=rules))


def test_an_unknown_rule_key():
    assert "colour" in _error(sheet(hand(play(0, "6-3")), rules=pub(colour="red")))


@pytest.mark.parametrize("rules", [
    pub(scoring="sevens"),
    pub(finish="nearly"),
    pub(doubles="triple"),
    pub(penalties={"misplay": "fine 5"}),
    pub(penalties={"spilt-pint": "deduct 5"}),
])
def test_an_unknown_rule_value_or_penalty(rules):
    _error(sheet(hand(play(0, "6-3")), rules=rules))


def test_rules_without_a_preset_mean_pub():
    # pub: no winning on the down, so 57 + 4 stays 57
    result = scoring.check(sheet(hand(play(0, "6-6")), rules={"hand_size": 3}, start=[57, 0]))
    assert result["scores"] == [57, 0]
    result = scoring.check(sheet(hand(play(0, "6-6")), start=[57, 0]))
    assert result["scores"] == [57, 0]


def test_a_preset_may_be_named_as_a_string():
    result = scoring.check(sheet(hand(play(0, "6-6")), rules="pagat", start=[57, 0]))
    assert result["winner"] == 0


# --- start ----------------------------------------------------------------------------------

@pytest.mark.parametrize("start", [[0], [0, 0, 0], [61, 0], [0, 75]])
def test_start_needs_one_score_per_side_below_the_target(start):
    _error(sheet(hand(play(0, "6-3")), start=start))


def test_start_counts_sides_not_seats_in_partners():
    result = scoring.check(sheet(hand(play(0, "6-3")), seats=4, partners=True, start=[10, 20]))
    assert result["scores"] == [13, 20]
    _error(sheet(hand(play(0, "6-3")), seats=4, partners=True, start=[10, 20, 0, 0]))


def test_start_below_a_raised_target_is_accepted():
    result = scoring.check(sheet(hand(play(0, "6-3")), rules=pub(target=121), start=[100, 0]))
    assert result["scores"] == [103, 0]


# --- numbers only in ASCII digits, and within what a game can score -----------------------
# str.isdigit() and int() take "²" and "٣" as digits; a scoresheet never means them.

@pytest.mark.parametrize("rules", [
    pub(target="²"), pub(target="٦١"), pub(hand_size="٣"), pub(hand_size={"2": "٥"}),
    pub(chip_out_bonus="¹"), pub(penalties={"misplay": "deduct ٥"}), pub(target=10_001), pub(target="10001"),
    pub(chip_out_bonus=10 ** 20), pub(penalties={"over-peg": "deduct 99999999999999999999"}),
], ids=["superscript target", "Arabic-Indic target", "Arabic-Indic hand size", "Arabic-Indic hand size for 2",
        "superscript bonus", "Arabic-Indic penalty", "target above 10,000", "target above 10,000 as text",
        "bonus beyond any score", "penalty beyond any score"])
def test_a_rule_number_in_other_digits_or_beyond_any_game_is_refused(rules):
    message = _error(sheet(hand(play(0, "6-6")), rules=rules))
    assert message.startswith("rules: ")


def test_a_rule_number_in_ascii_digits_is_still_read():
    rules = Rules.parse(pub(target="121", hand_size="5"))
    assert (rules.target, rules.hand_size_for(2)) == (121, 5)


@pytest.mark.parametrize("tile", ["٦-٦", "６-６", "6-٣"])
def test_a_tile_written_in_other_digits_is_not_a_tile(tile):
    assert tile in _error(sheet(hand(play(0, tile))))


# --- a peg that is no claim at all -----------------------------------------------------
# A peg above what any play scores is still a claim (an over-peg, penalised:
# test_penalties.py); only a number no game could ever peg, or no number at
# all, is refused.

@pytest.mark.parametrize(("rules", "peg", "words"), [
    (pub(), 62, "peg 62 is more than the whole game is played to (target 61)"),
    (preset("pagat"), 1000, "peg 1000 is more than the whole game is played to (target 61)"),
    (pub(target=121), 122, "peg 122 is more than the whole game is played to (target 121)"),
    (pub(), -1, "peg must be a whole number of at least 0, not -1"),
    (pub(), 2.5, "peg must be a whole number of at least 0, not 2.5"),
    (pub(), "4", "peg must be a whole number of at least 0, not '4'"),
    (pub(), True, "peg must be a whole number of at least 0, not True"),
], ids=["beyond pub's target", "beyond pagat's target", "beyond a raised target", "negative", "fraction",
        "text", "true"])
def test_a_peg_no_game_could_score_or_that_is_no_number_is_refused(rules, peg, words):
    message = _error(sheet(hand(play(0, "6-6", peg=peg)), rules=rules))
    assert_names_place(message, 0, 0, 0)
    assert words in message


@pytest.mark.slow  # a subprocess each
@pytest.mark.parametrize("rules", [pub(target="²"), pub(hand_size="٣"), pub(target=50_000)],
                         ids=["superscript target", "Arabic-Indic hand size", "target above 10,000"])
def test_the_command_line_refuses_such_a_rule_with_exit_status_2_not_a_traceback(rules, tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet(hand(play(0, "6-6")), rules=rules)), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-m", "scoring", "check", str(path)], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "rules: " in done.stderr
