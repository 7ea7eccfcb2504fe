"""Scoring chances (scoring.analysis): hand-made games whose best option was
worked out by hand from the rules, and random games for what must always hold."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.analysis import Step, analyse
from scoring.simulate import random_game
from scoring.table_view import Op, sheet_ops


def moves(*items: dict[str, Any]) -> list[Op]:
    return [("move", item) for item in items]


def steps_of(setup: dict[str, Any], ops: list[Op]) -> list[Step]:
    return analyse(setup, ops)["steps"]


def test_a_better_tile_played_later_in_the_hand_shows_the_points_left() -> None:
    # Ends 6 and 1 after Bob's 4-1. Ann lays 6-2 on the left (2+1 = 3: 1 point)
    # but held 1-3, which on the right makes 6+3 = 9: 3 points.
    steps = steps_of({"rules": "pub", "seats": ["Ann", "Bob"]}, moves(
        {"seat": 0, "tile": "6-4"}, {"seat": 1, "tile": "4-1"},
        {"seat": 0, "tile": "6-2", "end": "left"}, {"seat": 1, "knock": True}, {"seat": 0, "tile": "1-3"}))
    step = steps[2]
    assert step["known"] == ["6-2", "1-3"]
    assert (step["worth"], step["left"], step["found"]) == (1, 2, False)
    assert step["best"] == {"tile": "1-3", "end": "right", "total": 9, "worth": 3, "finishes": False}
    assert [s["found"] for s in steps if s["best"]] == [True, True, False, True]
    assert steps[3]["best"] is None  # Bob's knock: nothing known that he could have laid


def test_a_missed_15() -> None:
    # 6-4 down, Bob's 4-3 on the right: ends 6 and 3. Ann's 6-6 on the 6
    # makes 12+3 = 15 (8 points); she lays 3-0 instead (6+0 = 6: 2 points).
    steps = steps_of({"rules": "pub", "seats": ["Ann", "Bob"]}, moves(
        {"seat": 0, "tile": "6-4"}, {"seat": 1, "tile": "4-3"}, {"seat": 0, "tile": "3-0"},
        {"seat": 1, "tile": "0-2"}, {"seat": 0, "tile": "6-6"}))
    step = steps[2]
    assert step["missed_15"] and not step["missed_finish"]
    assert step["best"] is not None
    assert (step["best"]["tile"], step["best"]["total"], step["best"]["worth"]) == ("6-6", 15, 8)
    assert (step["worth"], step["left"]) == (2, 6)
    assert not any(s["missed_15"] for s in steps if s is not step)


FINISH_SETUP = {"seats": ["Ann", "Bob"], "start": [57, 0]}
# Ann (57) leads 6-4 (10: 2 points, 59); Bob's 4-1 leaves ends 6 and 1. Ann
# holds 6-2 (left: 2+1 = 3, 1 point), 1-0 (right: 6+0 = 6, 2 points: 61) and
# 1-3 (right: 6+3 = 9, 3 points: 62). She lays 6-2 (60), then 1-0 (2+0:
# nothing) where 1-3 made 2+3 = 5: 1 point, 61; both knock and the hand
# blocks with 1-3 shown.
FINISH_MOVES = moves(
    {"seat": 0, "tile": "6-4"}, {"seat": 1, "tile": "4-1"}, {"seat": 0, "tile": "6-2", "end": "left"},
    {"seat": 1, "knock": True}, {"seat": 0, "tile": "1-0"}, {"seat": 1, "knock": True},
    {"seat": 0, "knock": True},
) + [("show", {"0": ["1-3"], "1": ["3-3", "5-5", "3-5"]})]


@pytest.mark.parametrize(("finish", "best_tile", "best_worth", "left"), [
    # exact: 1-3 would pass 61 and is voided; 1-0 lands on it.
    ("exact", "1-0", 2, 1),
    # reach: 1-3 passes 61, which wins too, and scores more.
    ("reach", "1-3", 3, 2),
])
def test_a_missed_61(finish: str, best_tile: str, best_worth: int, left: int) -> None:
    setup = {**FINISH_SETUP, "rules": {"preset": "pub", "hand_size": 4, "finish": finish}}
    steps = steps_of(setup, FINISH_MOVES)
    step = steps[2]
    assert step["known"] == ["6-2", "1-0", "1-3"]
    assert step["best"] is not None and step["best"]["finishes"]
    assert (step["best"]["tile"], step["best"]["worth"], step["left"]) == (best_tile, best_worth, left)
    assert step["missed_finish"] and not step["found"]
    figures = analyse(setup, FINISH_MOVES)["figures"][0]
    assert steps[4]["missed_finish"] and steps[4]["best"] == {
        "tile": "1-3", "end": "right", "total": 5, "worth": 1, "finishes": True}
    assert steps[6]["best"] is None  # her last knock: 1-3 fits neither 2 nor 0
    # Three plays were decisions; the knock with nothing known to lay was not.
    assert (figures["missed_finish"], figures["hands"], figures["decisions"], figures["found"]) == (2, 1, 3, 1)


def test_a_spinner_hand() -> None:
    # threes-and-fives without drawing: 5-5 spins. Bob's 5-0 on its right
    # leaves 10 (both halves, a long side open) + 0 = 10: 10 points under
    # `multiples`. Ann's 5-1 on the left covers the last long side, so the
    # spinner counts nothing: 1+0 = 1, nothing; her 5-3 there made 3+0 = 3: 3 points.
    setup = {"rules": {"preset": "threes-and-fives", "drawing": False}, "seats": ["Ann", "Bob"]}
    steps = steps_of(setup, moves(
        {"seat": 0, "tile": "5-5"}, {"seat": 1, "tile": "5-0", "end": "5-5/right"},
        {"seat": 0, "tile": "5-1", "end": "5-5/left"}, {"seat": 1, "knock": True},
        {"seat": 0, "tile": "5-3", "end": "5-5/up"}))
    assert (steps[1]["worth"], steps[1]["found"]) == (10, True)
    step = steps[2]
    assert step["known"] == ["5-1", "5-3"]
    assert step["worth"] == 0
    assert step["best"] is not None
    assert (step["best"]["tile"], step["best"]["end"], step["best"]["total"], step["best"]["worth"]) == (
        "5-3", "5-5/left", 3, 3)
    assert step["left"] == 3
    assert [tile["tile"] for tile in step["line"]] == ["5-5", "5-0", "5-1"]


def test_tiles_played_after_a_draw_are_not_known_to_have_been_held_before_it() -> None:
    # jaques draws: Ann's 3-4 after her draw may be the tile she drew.
    steps = steps_of({"rules": "jaques", "seats": ["Ann", "Bob"]}, moves(
        {"seat": 0, "tile": "6-6"}, {"seat": 1, "tile": "6-1"}, {"seat": 0, "tile": "1-2"},
        {"seat": 1, "tile": "2-3"}, {"seat": 0, "draw": 1}, {"seat": 0, "tile": "3-4"}))
    assert steps[2]["known"] == ["1-2"]
    assert steps[4]["best"] is None and steps[5]["known"] == ["3-4"]


def test_a_false_knock_is_a_decision_made_with_the_tiles_shown() -> None:
    # Bob knocks on ends 6 and 4 holding 4-5 (6+5 = 11 on the 4: nothing) and
    # 2-2; Ann chips out and Bob shows both.
    setup = {"rules": {"preset": "pub", "hand_size": 2}, "seats": ["Ann", "Bob"]}
    ops = moves({"seat": 0, "tile": "6-4"}, {"seat": 1, "knock": True}, {"seat": 0, "tile": "4-1"}) + [
        ("show", {"1": ["4-5", "2-2"]})]
    steps = steps_of(setup, ops)
    assert steps[1]["known"] == ["4-5", "2-2"]
    assert steps[1]["best"] == {"tile": "4-5", "end": "right", "total": 11, "worth": 0, "finishes": False}
    assert (steps[1]["left"], steps[1]["found"]) == (0, True)
    assert steps[1]["hand_end"] is None and steps[2]["hand_end"] is not None
    assert steps[2]["hand_end"]["false_knocks"] == [{"seat": 1, "move": 1, "tiles": ["4-5"]}]


@pytest.mark.parametrize(("rules", "seats", "partners"), [
    ("pub", 2, False), ("pagat", 4, True), ("jaques", 3, False), ("threes-and-fives", 2, False),
])
def test_random_games_never_score_a_play_above_its_best(rules: str, seats: int, partners: bool) -> None:
    rng = random.Random(11)
    for _ in range(5):
        sheet = random_game(rng, rules, seats=seats, partners=partners, mistakes=0.05)
        analysis = analyse(sheet, sheet_ops(sheet))
        for step in analysis["steps"]:
            if step["type"] == "play":
                assert step["tile"] in step["known"] and step["best"] is not None
                assert step["best"]["worth"] >= step["worth"]
                assert step["found"] == (step["left"] == 0)
            if step["missed_finish"]:
                assert step["best"] is not None and step["best"]["finishes"]
        figures = analysis["figures"]
        assert sum(f["left"] for f in figures) == sum(s["left"] for s in analysis["steps"])
        assert all(0 <= f["found"] <= f["decisions"] for f in figures)
