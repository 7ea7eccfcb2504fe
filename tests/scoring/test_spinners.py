"""Spinner layouts (docs/scoresheet.md: `layout`, and `end` on a spinner
layout; docs/rules.md "Spinners").

A spinner is a double laid crosswise: its two long sides continue the line,
its two cross sides open once both long sides carry a tile. While a long
side is open it counts both halves once; once both are covered it counts
nothing and each arm counts its own end; an open cross side with nothing on
it counts nothing. `layout: spinner` spins the first double of a hand only,
`spinners` every double.

The exact totals below are worked out by hand from those sentences, mostly
under `threes-and-fives` (the Threes and Fives text: `spinners`,
`multiples`, doubles count both halves), where a total that is a multiple
of only one of 3 and 5 scores itself and one of both scores twice itself
(30 -> 60).
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_examples import examples

import scoring
from sheets import assert_names_place, event, hand, hand_end, knock, move_events, play, preset, sheet

T5 = "threes-and-fives"
SPINNER_ONLY = preset(T5, layout="spinner")


def _events(moves, rules=T5, seats=2, **kw):
    return move_events(scoring.check(sheet(hand(*moves), rules=rules, seats=seats, **kw)))


def _alternate(*plays: tuple[str, str | None]) -> list[dict]:
    """Plays by seats 0 and 1 in turn: (tile, end)."""
    return [play(i % 2, tile, end) for i, (tile, end) in enumerate(plays)]


def _error(moves, rules=T5, seats=2) -> scoring.ScoringError:
    with pytest.raises(scoring.ScoringError) as caught:
        scoring.check(sheet(hand(*moves), rules=rules, seats=seats))
    return caught.value


# --- one spinner down, arm by arm -------------------------------------------------

# 5-5 down, then an arm on each side in turn. (tile, end, the end the event
# reports, its counted ends, total, award under multiples)
FOUR_ARMS = [
    # a lone spinner down counts both halves once
    ("5-5", None, None, [10], 10, 10),
    # one long side covered: the spinner still counts both halves, plus the arm end
    ("5-2", "left", "5-5/left", [10, 2], 12, 12),
    # both long sides covered: the spinner counts nothing, its open cross
    # sides (5 and 5) count nothing; each arm counts its own end: 2 + 3
    ("5-3", "right", "5-5/right", [2, 3], 5, 5),
    # a third arm, across
    ("5-1", "5-5/up", "5-5/up", [2, 3, 1], 6, 6),
    # all four arms: 2 + 3 + 1 + 4
    ("5-4", "5-5/down", "5-5/down", [2, 3, 1, 4], 10, 10),
]


def test_a_spinner_down_scores_arm_by_arm_up_to_four_arms():
    events = _events(_alternate(*[(tile, end) for tile, end, *_ in FOUR_ARMS]))
    assert [e["end"] for e in events] == [row[2] for row in FOUR_ARMS]
    assert [e["ends"] for e in events] == [row[3] for row in FOUR_ARMS]
    assert [e["total"] for e in events] == [row[4] for row in FOUR_ARMS]
    assert [e["award"] for e in events] == [row[5] for row in FOUR_ARMS]
    # seat 0 scored 10 + 5 + 10, seat 1 12 + 6
    assert events[-1]["scores"] == [25, 18]


def test_the_open_cross_sides_of_a_spinner_are_open_ends_that_count_nothing():
    game = scoring.Game.new(rules=T5, seats=["Ann", "Bob"])
    for move in _alternate(("5-5", None), ("5-2", "left")):
        game, _ = game.apply(move)
    assert sorted(game.ends) == [2, 5]  # the cross sides are shut while a long side is open
    game, events = game.apply(play(0, "5-3", "right"))
    assert sorted(game.ends) == [2, 3, 5, 5]  # now open across: 5 up, 5 down
    assert events[0]["ends"] == [2, 3]
    assert events[0]["total"] == 5


def test_under_doubles_single_a_spinner_counts_its_face_value_once():
    rules = preset("jaques", layout="spinners")  # doubles: single, fives-and-threes
    events = _events(_alternate(("5-5", None), ("5-2", "left"), ("5-3", "right")), rules=rules)
    assert [e["ends"] for e in events] == [[5], [5, 2], [2, 3]]
    assert [e["award"] for e in events] == [1, 0, 1]  # 5 -> 1, 7 -> 0, 5 -> 1


# --- the Threes and Fives text: 10 -> 10 and 30 -> 60, on real layouts -----------

# Found by searching play sequences under threes-and-fives for one whose total
# reaches 30: 5-5 down, an arm on each of its four sides, then a double
# (spinning, its far side open, so counting both halves) at each arm's end.
THIRTY = [("5-5", None), ("5-6", "left"), ("5-4", "right"), ("5-3", "5-5/up"),
          ("5-2", "5-5/down"), ("6-6", None), ("4-4", None), ("3-3", None), ("2-2", None)]
THIRTY_TOTALS = [
    ([10], 10, 10),               # the lone spinner: 10 scores 10
    ([10, 6], 16, 0),
    ([6, 4], 10, 10),             # both long sides covered: 6 + 4 = 10 scores 10
    ([6, 4, 3], 13, 0),
    ([6, 4, 3, 2], 15, 30),       # a multiple of 3 and of 5: twice 15
    ([4, 3, 2, 12], 21, 21),      # 6-6 at the end of the 6 arm counts both halves
    ([3, 2, 12, 8], 25, 25),
    ([2, 12, 8, 6], 28, 0),
    ([12, 8, 6, 4], 30, 60),      # Threes and Fives: "if the layout's open ends total 30 ... they score 60"
]


def test_004_open_ends_totalling_30_score_60_on_a_real_four_armed_layout():
    events = _events(_alternate(*THIRTY))
    assert [(e["ends"], e["total"], e["award"]) for e in events] == THIRTY_TOTALS
    last = events[-1]
    assert (last["total"], last["award"], last["worth"], last["points"]) == (30, 60, 60, 60)
    # seat 0: 10 + 10 + 30 + 25 + 60, seat 1: 21
    assert last["scores"] == [135, 21]


def test_004_open_ends_totalling_10_score_10_not_double():
    events = _events(_alternate(("5-5", None), ("5-6", "left"), ("5-4", "right")))
    assert [(e["total"], e["award"]) for e in events] == [(10, 10), (16, 0), (10, 10)]
    assert events[-1]["scores"] == [20, 0]


def test_a_total_of_30_scores_60_also_when_pegged_exactly():
    moves = _alternate(*THIRTY)
    moves[-1]["peg"] = 60
    last = _events(moves)[-1]
    assert (last["verdict"], last["points"]) == ("correct", 60)


# --- layout: spinner (the first double only) versus spinners (every double) --------

# 5-5 down with both long sides covered, then 6-6 at the end of the 6 arm and a
# tile on its far side.
LATER_DOUBLE = [("5-5", None), ("5-6", "left"), ("5-3", "right"), ("6-6", None), ("6-4", "6-6")]


@pytest.mark.parametrize("rules", [T5, SPINNER_ONLY], ids=["spinners", "spinner"])
def test_a_later_double_at_an_arm_end_counts_both_halves_while_its_far_side_is_open(rules):
    events = _events(_alternate(*LATER_DOUBLE[:4]), rules=rules)
    assert events[-1]["ends"] == [3, 12]  # 5-5 covered: nothing; 5-3: 3; 6-6: 12
    assert (events[-1]["total"], events[-1]["award"]) == (15, 30)


def test_under_spinner_a_later_double_opens_nothing_across():
    game = scoring.Game.from_sheet(sheet(hand(*_alternate(*LATER_DOUBLE)), rules=SPINNER_ONLY))
    # open: 5-5 up and down, 3 on the right, 4 beyond 6-6 -- nothing across 6-6
    assert sorted(game.ends) == [3, 4, 5, 5]
    assert game.options("6-1") == []
    message = str(_error(_alternate(*LATER_DOUBLE, ("6-1", "6-6/up")), rules=SPINNER_ONLY))
    assert "6-6/up" in message
    assert_names_place(message, 0, 5, 1)


def test_under_spinners_a_double_in_an_arm_opens_across_once_its_far_side_is_covered():
    moves = _alternate(*LATER_DOUBLE, ("6-1", "6-6/up"), ("6-2", "6-6/down"))
    events = _events(moves)
    ends = [(e["end"], e["ends"], e["total"], e["award"]) for e in events[4:]]
    assert ends == [
        ("6-6/left", [3, 4], 7, 0),        # 6-6 covered on both long sides: it counts nothing
        ("6-6/up", [3, 4, 1], 8, 0),       # its cross sides open and count once built on
        ("6-6/down", [3, 4, 1, 2], 10, 10),
    ]
    game = scoring.Game.from_sheet(sheet(hand(*moves), rules=T5))
    # 5-5's cross sides are still open (5, 5) and count nothing
    assert sorted(game.ends) == [1, 2, 3, 4, 5, 5]


def test_under_spinners_the_cross_sides_of_a_double_in_an_arm_are_shut_before_its_far_side_is_covered():
    message = str(_error(_alternate(*LATER_DOUBLE[:4], ("6-4", "6-6/up"))))
    assert "6-6/up" in message


def test_under_spinner_the_first_double_spins_even_when_it_is_not_the_down():
    rules = preset("pub", layout="spinner")  # fives-and-threes, doubles both
    moves = _alternate(("5-6", None), ("6-6", "right"), ("6-4", "6-6"), ("6-1", "6-6/up"),
                       ("6-2", "6-6/down"), ("5-5", "left"))
    events = _events(moves, rules=rules)
    assert [(e["ends"], e["total"], e["award"]) for e in events] == [
        ([5, 6], 11, 0),
        ([5, 12], 17, 0),          # 6-6 spins: its far side is open, it counts 12
        ([5, 4], 9, 3),            # both long sides covered
        ([5, 4, 1], 10, 2),
        ([5, 4, 1, 2], 12, 4),
        ([4, 1, 2, 10], 17, 0),    # 5-5 is the second double: it counts at its end, 10
    ]
    # ... and, not spinning, it opens nothing across
    message = str(_error(moves + [play(0, "5-3", "5-5"), play(1, "5-0", "5-5/up")], rules=rules))
    assert "5-5/up" in message
    assert_names_place(message, 0, 7, 1)


def test_under_spinners_the_second_double_opens_across_too():
    rules = preset("pub", layout="spinners")
    moves = _alternate(("5-6", None), ("6-6", "right"), ("6-4", "6-6"), ("5-5", "left"),
                       ("5-3", "5-5"), ("5-0", "5-5/up"))
    events = _events(moves, rules=rules)
    assert events[-1]["end"] == "5-5/up"
    assert events[-1]["ends"] == [4, 3, 0]
    assert events[-1]["total"] == 7


# --- naming the end ----------------------------------------------------------------

def _after_four_arms_on_5_5():
    return _alternate(("5-5", None), ("5-2", "left"), ("5-3", "right"))


@pytest.mark.parametrize("written", ["5-5/up", "5|5/up", "up"])
def test_a_cross_side_of_the_down_is_named_tile_and_side_or_by_a_bare_direction(written):
    events = _events(_after_four_arms_on_5_5() + [play(1, "5-1", written)])
    assert events[-1]["end"] == "5-5/up"
    assert events[-1]["ends"] == [2, 3, 1]


def test_a_bare_direction_names_the_end_of_the_arm_leaving_the_down_that_way():
    moves = _after_four_arms_on_5_5() + [play(1, "5-1", "up"), play(0, "1-4", "up"),
                                         play(1, "2-6", "left")]
    events = _events(moves)
    assert [e["end"] for e in events[3:]] == ["5-5/up", "5-1/up", "5-2/left"]
    assert events[-1]["ends"] == [3, 4, 6]


def test_a_tile_with_one_open_side_may_be_named_alone():
    # 6-6 down, 6-3 on the left, 6-1 on the right: 3-1 fits the 3 and the 1
    moves = _alternate(("6-6", None), ("6-3", "left"), ("6-1", "right"), ("3-1", "6-3"))
    events = _events(moves)
    assert events[-1]["end"] == "6-3/left"
    assert events[-1]["ends"] == [1, 1]
    moves[-1]["end"] = "6-1"
    events = _events(moves)
    assert events[-1]["end"] == "6-1/right"
    assert events[-1]["ends"] == [3, 3]


def test_an_ambiguous_play_without_end_is_an_error_naming_the_options():
    # 2-3 fits the 2 of 5-2 (leaving 3) and the 3 of 5-3 (leaving 2)
    err = _error(_after_four_arms_on_5_5() + [play(1, "2-3")])
    assert isinstance(err, scoring.AmbiguousEnd)
    message = str(err)
    assert "5-2/left" in message and "5-3/right" in message
    assert_names_place(message, 0, 3, 1)


def test_end_may_be_left_out_where_every_side_gives_the_same_layout():
    # the two long sides of a lone spinner, then its two cross sides
    events = _events(_alternate(("5-5", None), ("5-2", None)))
    assert events[-1]["ends"] == [10, 2]
    events = _events(_after_four_arms_on_5_5() + [play(1, "5-1")])
    assert events[-1]["end"] in ("5-5/up", "5-5/down")
    assert events[-1]["ends"] == [2, 3, 1]


@pytest.mark.parametrize("written", [
    "5-5/up",      # shut: a long side of the spinner is still open
    "5-5/left",    # covered already
    "6-6/right",   # no such tile on the table
    "5-2/right",   # 5-2's right side holds the spinner
])
def test_a_play_naming_a_side_that_is_not_open_is_an_error(written):
    moves = _alternate(("5-5", None), ("5-2", "left"), ("5-0", written))
    err = _error(moves)
    assert isinstance(err, scoring.MoveError)
    assert_names_place(str(err), 0, 2, 0)


def test_a_play_event_always_reports_its_end_as_tile_and_side():
    events = _events(_alternate(("6-3", None), ("3-3", "right"), ("3-5", "3-3"), ("6-2", "left")),
                     rules=preset("pub", layout="spinners"))
    assert [e["end"] for e in events] == [None, "6-3/right", "3-3/right", "6-3/left"]


def test_options_list_every_open_side_a_tile_fits_with_its_worth():
    game = scoring.Game.from_sheet(sheet(hand(*_after_four_arms_on_5_5()), rules=T5))
    options = sorted(game.options("5-1"), key=lambda o: o["end"])
    assert [o["end"] for o in options] == ["5-5/down", "5-5/up"]
    assert [(o["ends"], o["total"], o["award"], o["worth"]) for o in options] == \
        [([2, 3, 1], 6, 6, 6)] * 2
    options = sorted(game.options("2-3"), key=lambda o: o["end"])
    assert [(o["end"], sorted(o["ends"]), o["total"]) for o in options] == [
        ("5-2/left", [3, 3], 6), ("5-3/right", [2, 2], 4)]


def test_a_knock_while_a_cross_side_fits_is_a_false_knock():
    # no boneyard, three tiles a hand: Bob knocks holding 5-1, which fits 5-5 across
    rules = preset(T5, drawing=False, hand_size=3)
    s = sheet(hand(play(0, "5-5"), play(1, "5-2", "left"), play(0, "5-3", "right"), knock(1),
                   play(0, "3-3", "5-3"), shown={"1": ["5-1", "6-6"]}),
              rules=rules, start=[0, 20])
    result = scoring.check(s)
    end = hand_end(result)
    assert end["ended"] == "chip-out"
    assert end["false_knocks"] == [{"seat": 1, "move": 3, "tiles": ["5-1"]}]
    assert end["penalties"] == [{"offence": "false-knock", "side": 1, "points": -5}]
    assert event(result, 0, 4)["ends"] == [2, 6]  # 3-3 at its end counts both halves


# --- every layout reached at random, against a model written from the docs ---------

class Model:
    """The layout as the docs describe it, kept apart from the engine's code.

    Open sides are (tile, direction) -> pips showing. A spinner is a double
    laid crosswise; its long sides lie along the direction it was laid in.
    """

    OPPOSITE = {"left": "right", "right": "left", "up": "down", "down": "up"}
    ACROSS = {"left": ("up", "down"), "right": ("up", "down"),
              "up": ("left", "right"), "down": ("left", "right")}

    def __init__(self, every: bool, both: bool) -> None:
        self.every, self.both = every, both
        self.open: dict[tuple[str, str], int] = {}
        self.spinners: dict[str, tuple[str, str]] = {}  # tile -> its long sides
        self.doubles: set[str] = set()
        self.spun = False

    def down(self, a: int, b: int) -> None:
        tile = _name(a, b)
        if a == b:
            self.doubles.add(tile)
            self.spinners[tile] = ("left", "right")
            self.spun = True
        self.open[(tile, "left")], self.open[(tile, "right")] = a, b

    def place(self, a: int, b: int, on: str, side: str) -> None:
        value = self.open.pop((on, side))
        tile = _name(a, b)
        long_sides = self.spinners.get(on, ())
        if side in long_sides and all((on, s) not in self.open for s in long_sides):
            for across in self.ACROSS[self.spinners[on][0]]:
                self.open[(on, across)] = value  # both long sides carry a tile now
        if a == b:
            self.doubles.add(tile)
            if self.every or not self.spun:
                self.spinners[tile] = (self.OPPOSITE[side], side)
                self.spun = True
        self.open[(tile, side)] = b if a == value else a

    def fits(self, a: int, b: int) -> set[str]:
        return {f"{t}/{s}" for (t, s), v in self.open.items() if v in (a, b)}

    def counted(self) -> list[int]:
        found = []
        for tile in self.doubles:
            face = int(tile[0])
            long_open = tile in self.spinners and any(
                (tile, s) in self.open for s in self.spinners[tile])
            if long_open or (tile not in self.spinners and any(t == tile for t, _ in self.open)):
                found.append(2 * face if self.both else face)
        found += [v for (t, _), v in self.open.items() if t not in self.doubles]
        return found


def _name(a: int, b: int) -> str:
    return f"{a}-{b}"


LAYOUTS = [("threes-and-fives", True, True), (SPINNER_ONLY, False, True),
           (preset("jaques", layout="spinners", drawing=False), True, False),
           (preset("pub", layout="spinner"), False, True)]


@given(layout=st.sampled_from(LAYOUTS), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_spinner_layouts_total_what_rules_md_says(layout, seed):
    rules, every, both = layout
    rng = random.Random(seed)
    # one seat in turn plays every tile, so nobody runs out: the sheet's two
    # seats hold fourteen each, no boneyard, and the target is out of reach
    rules = {**(rules if isinstance(rules, dict) else {"preset": rules}),
             "hand_size": 14, "drawing": False, "target": 10_000, "finish": "reach"}
    game = scoring.Game.new(rules=rules, seats=["Ann", "Bob"])
    model = Model(every, both)
    tiles = [(a, b) for a in range(7) for b in range(a, 7)]
    rng.shuffle(tiles)
    doubles = [t for t in tiles if t[0] == t[1]]
    first = doubles[0] if rules.get("leader") == "double" or rules["preset"] == T5 else tiles[0]
    game, events = game.apply(play(0, _name(*first)))
    model.down(*first)
    left = [t for t in tiles if t != first]
    seat = 1
    while game.status == "playing":
        fitting = [t for t in left if model.fits(*t)]
        if not fitting:
            break
        a, b = rng.choice(fitting)
        options = game.options(_name(a, b))
        assert {o["end"] for o in options} == model.fits(a, b)
        where = rng.choice(sorted(model.fits(a, b)))
        game, events = game.apply(play(seat, _name(a, b), where))
        on, side = where.split("/")
        model.place(a, b, on, side)
        left.remove((a, b))
        seat = 1 - seat
        made = events[0]
        assert made["end"] == where
        assert Counter(made["ends"]) == Counter(model.counted()), (where, made)
        assert made["total"] == sum(model.counted())
        assert Counter(game.ends) == Counter(model.open.values())
