"""Drawing from the boneyard (`drawing: true`; docs/scoresheet.md `drawing`
and `draw` moves; docs/rules.md "Drawing").

A player who cannot play draws from the boneyard one tile at a time until a
tile fits or the boneyard is empty, and only then knocks (the Jaques of
London text). The engine counts what each hand and the boneyard hold:
`{"seat": s, "draw": n}` adds n tiles to the seat's hand and does not pass
the turn; a knock while the boneyard holds tiles, or a draw of more than it
holds, is rejected.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import scoring
from sheets import REPO, assert_names_place, hand, hand_end, knock, move_events, play, preset, sheet

ALL_TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]


def draw(seat: int, count: int) -> dict:
    return {"seat": seat, "draw": count}


def _game(rules="jaques", seats=2) -> scoring.Game:
    return scoring.Game.new(rules=rules, seats=["Ann", "Bob", "Cat", "Dan"][:seats])


def _after(moves, rules="jaques", seats=2) -> scoring.Game:
    game = _game(rules, seats)
    for move in moves:
        game, _ = game.apply(move)
    return game


def _error(moves, rules="jaques", seats=2) -> scoring.ScoringError:
    with pytest.raises(scoring.ScoringError) as caught:
        scoring.check(sheet(hand(*moves), rules=rules, seats=seats))
    return caught.value


# --- what the boneyard holds --------------------------------------------------------

@pytest.mark.parametrize(("rules", "seats", "dealt", "boneyard"), [
    ("jaques", 2, 7, 14),
    ("jaques", 3, 5, 13),
    ("jaques", 4, 5, 8),
    ("threes-and-fives", 2, 7, 14),
    ("threes-and-fives", 3, 7, 7),
    ("threes-and-fives", 4, 7, 0),
    (preset("pub", drawing=True), 2, 7, 14),
    (preset("jaques", hand_size=9), 3, 9, 1),
    ("pub", 2, 7, 0),       # no drawing: the undealt tiles sleep
    ("network", 4, 6, 0),
])
def test_the_boneyard_holds_the_tiles_not_dealt(rules, seats, dealt, boneyard):
    game = _game(rules, seats)
    assert [game.held(s) for s in range(seats)] == [dealt] * seats
    assert game.boneyard == boneyard


def test_a_draw_adds_to_what_the_seat_holds_and_takes_from_the_boneyard():
    game = _after([play(0, "6-5")])
    assert (game.held(0), game.held(1), game.boneyard) == (6, 7, 14)
    game, events = game.apply(draw(1, 3))
    assert (game.held(0), game.held(1), game.boneyard) == (6, 10, 11)
    assert [e["type"] for e in events] == ["draw"]
    assert (events[0]["seat"], events[0]["side"]) == (1, 1)
    assert events[0]["penalties"] == []
    assert events[0]["scores"] == [0, 0]


def test_a_draw_does_not_pass_the_turn():
    game = _after([play(0, "6-5"), draw(1, 3)])
    assert game.turn == 1
    with pytest.raises(scoring.NotYourTurn):
        game.apply(play(0, "5-5", "right"))
    game, _ = game.apply(play(1, "5-5", "right"))
    assert (game.turn, game.held(1)) == (0, 9)


def test_drawing_one_tile_at_a_time_counts_like_one_draw_of_all_of_them():
    one_by_one = _after([play(0, "6-5"), draw(1, 1), draw(1, 1), draw(1, 1)])
    at_once = _after([play(0, "6-5"), draw(1, 3)])
    assert (one_by_one.held(1), one_by_one.boneyard) == (at_once.held(1), at_once.boneyard) == (10, 11)
    assert one_by_one.turn == 1


def test_three_players_draw_from_one_boneyard():
    game = _after([play(0, "6-5"), draw(1, 5), play(1, "5-5", "right"), draw(2, 8)], seats=3)
    assert [game.held(s) for s in range(3)] == [4, 9, 13]
    assert game.boneyard == 0
    game, events = game.apply(knock(2))  # lawful now
    assert events[0]["type"] == "knock"


# --- what is rejected ----------------------------------------------------------------

@pytest.mark.parametrize("drawn", [0, 13])
def test_a_knock_while_the_boneyard_holds_tiles_is_rejected(drawn):
    moves = [play(0, "6-5")] + ([draw(1, drawn)] if drawn else []) + [knock(1)]
    err = _error(moves)
    assert isinstance(err, scoring.IllegalPlay)
    assert "boneyard" in str(err)
    assert_names_place(str(err), 0, len(moves) - 1, 1)


@pytest.mark.parametrize(("before", "count", "left"), [
    ([], 15, 14),
    ([draw(1, 14)], 1, 0),
    ([draw(1, 10)], 5, 4),
])
def test_drawing_more_than_the_boneyard_holds_is_rejected(before, count, left):
    game = _after([play(0, "6-5"), *before])
    assert game.boneyard == left
    with pytest.raises(scoring.IllegalPlay):
        game.apply(draw(1, count))


def test_a_draw_is_rejected_where_every_tile_is_dealt():
    # threes-and-fives with four players deals all 28 tiles
    with pytest.raises(scoring.IllegalPlay):
        _after([play(0, "6-6")], rules="threes-and-fives", seats=4).apply(draw(1, 1))


@pytest.mark.parametrize("rules", ["pub", "pagat", "network", preset("jaques", drawing=False)])
def test_a_draw_is_rejected_where_the_rules_have_no_boneyard(rules):
    down = "6-6" if rules == "network" else "6-5"
    err = _error([play(0, down), draw(1, 1)], rules=rules)
    assert isinstance(err, scoring.IllegalPlay)
    assert_names_place(str(err), 0, 1, 1)


def test_a_draw_before_the_down_is_rejected():
    with pytest.raises(scoring.IllegalPlay):
        _game().apply(draw(0, 1))


def test_a_draw_out_of_turn_is_rejected():
    with pytest.raises(scoring.NotYourTurn):
        _after([play(0, "6-5")]).apply(draw(0, 1))


# --- once the boneyard is empty -----------------------------------------------------------

def test_once_the_boneyard_is_empty_a_knock_is_lawful_and_the_hand_can_block():
    game = _after([play(0, "6-5"), draw(1, 14)])
    assert (game.boneyard, game.held(1)) == (0, 21)
    game, events = game.apply(knock(1))
    assert game.status == "playing" and game.turn == 0
    game, events = game.apply(knock(0))
    assert game.status == "hand-ended"
    assert [e["type"] for e in events] == ["knock", "hand-end"]
    assert events[-1]["ended"] == "block"


# A real hand under jaques (a random game played by scoring.simulate, checked
# by hand): Bob draws 10 and plays the tenth, Ann draws 2 and plays the
# second, Bob draws the last 2, then both knock on a line closed at 5 and 5.
REAL_HAND = [
    play(0, "6-5", peg=0), play(1, "5-5", "right", peg=0), play(0, "4-5", "right", peg=2),
    play(1, "1-6", "left", peg=1), play(0, "3-4", "right", peg=0), play(1, "1-5", "left", peg=0),
    play(0, "3-5", "right", peg=2), draw(1, 10), play(1, "0-5", "right", peg=1),
    play(0, "0-0", "right", peg=1), play(1, "0-2", "right", peg=0), draw(0, 2),
    play(0, "2-5", "right", peg=2), draw(1, 2), knock(1), knock(0),
]
REAL_SHOWN = {"0": ["4-4", "1-4", "4-6"],
              "1": ["0-6", "3-3", "0-1", "1-3", "2-2", "1-1", "2-3", "6-6", "1-2", "2-6", "0-3",
                    "2-4", "0-4", "3-6"]}
# (Ann holds, Bob holds, the boneyard holds) after each move but the last
REAL_COUNTS = [(6, 7, 14), (6, 6, 14), (5, 6, 14), (5, 5, 14), (4, 5, 14), (4, 4, 14),
               (3, 4, 14), (3, 14, 4), (3, 13, 4), (2, 13, 4), (2, 12, 4), (4, 12, 2),
               (3, 12, 2), (3, 14, 0), (3, 14, 0)]


def test_a_real_hand_counts_every_hand_and_the_boneyard_move_by_move():
    game = _game()
    for move, counts in zip(REAL_HAND[:-1], REAL_COUNTS, strict=True):
        game, _ = game.apply(move)
        assert (game.held(0), game.held(1), game.boneyard) == counts, move
    game, events = game.apply(REAL_HAND[-1])
    assert events[-1]["ended"] == "block"
    game, events = game.show(REAL_SHOWN)
    assert events[0]["false_knocks"] == []


@pytest.mark.parametrize("at", [7, 11, 13])
def test_in_the_real_hand_a_knock_instead_of_a_draw_is_rejected(at):
    seat = REAL_HAND[at]["seat"]
    err = _error(REAL_HAND[:at] + [knock(seat)])
    assert isinstance(err, scoring.IllegalPlay)
    assert_names_place(str(err), 0, at, seat)


def test_the_shown_hands_must_hold_every_tile_drawn():
    bob_short = {"0": REAL_SHOWN["0"], "1": REAL_SHOWN["1"][:7]}  # what he was dealt, in number
    with pytest.raises(scoring.SheetError):
        scoring.check(sheet(hand(*REAL_HAND, shown=bob_short), rules="jaques"))
    ann_extra = {"0": REAL_SHOWN["0"] + ["5-6"], "1": REAL_SHOWN["1"]}
    with pytest.raises(scoring.ScoringError):
        scoring.check(sheet(hand(*REAL_HAND, shown=ann_extra), rules="jaques"))
    result = scoring.check(sheet(hand(*REAL_HAND, shown=REAL_SHOWN), rules="jaques"))
    assert hand_end(result)["ended"] == "block"


def test_a_sheet_with_draws_readjudicates_to_the_same_result_from_the_game():
    game = _game()
    for move in REAL_HAND:
        game, _ = game.apply(move)
    game, _ = game.show(REAL_SHOWN)
    written = game.to_sheet()
    assert [m for m in written["hands"][0]["moves"] if "draw" in m] == \
        [draw(1, 10), draw(0, 2), draw(1, 2)]
    result = scoring.check(written)
    assert result == scoring.check(sheet(hand(*REAL_HAND, shown=REAL_SHOWN), rules="jaques"))
    assert [e["type"] for e in move_events(result)].count("draw") == 3


def test_the_next_hand_is_dealt_from_a_full_set_again():
    game = _after(REAL_HAND)
    game, _ = game.show(REAL_SHOWN)
    # until the next move, the counts are the ended hand's: what each seat shows
    assert (game.held(0), game.held(1), game.boneyard) == (3, 14, 0)
    assert game.hand_size == 7
    game, _ = game.apply(play(1, "6-6"))  # the lead passes to Bob
    assert (game.held(0), game.held(1), game.boneyard) == (7, 6, 14)


# --- false knocks among drawn tiles ----------------------------------------------------------

def test_a_false_knock_is_found_among_the_tiles_the_knocker_drew():
    # Three tiles a hand, so 22 sleep in the boneyard. Ann leads 6-6; Bob draws
    # all 22 and knocks, though four of them hold a 6; Ann goes out.
    played = ["6-6", "1-6", "1-2", "3-6"]
    bob = [t for t in ALL_TILES if t not in played]  # every other tile ends in his hand
    moves = [play(0, "6-6"), draw(1, 22), knock(1), play(0, "6-1", "right"),
             play(1, "1-2", "right"), play(0, "6-3", "left")]
    result = scoring.check(sheet(hand(*moves, shown={"1": bob}),
                                 rules=preset("jaques", hand_size=3), start=[0, 10]))
    end = hand_end(result)
    assert end["ended"] == "chip-out"
    assert end["false_knocks"] == [{"seat": 1, "move": 2, "tiles": ["0-6", "2-6", "4-6", "5-6"]}]
    assert end["penalties"] == [{"offence": "false-knock", "side": 1, "points": -5}]
    assert result["scores"] == [3, 5]  # Ann: 6-6 (6: 2) and 3 + 2 = 5 (1); Bob 10 - 5


def test_a_knock_after_drawing_the_boneyard_dry_is_not_false_when_nothing_fits():
    result = scoring.check(sheet(hand(*REAL_HAND, shown=REAL_SHOWN), rules="jaques"))
    end = hand_end(result)
    assert end["false_knocks"] == []
    assert end["penalties"] == []


def test_the_command_line_refuses_a_knock_with_tiles_in_the_boneyard_with_status_2():
    bad = sheet(hand(play(0, "6-5"), draw(1, 3), knock(1)), rules="jaques")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-m", "scoring", "check", "-"], input=json.dumps(bad),
                          capture_output=True, text=True, cwd=REPO, env=env, timeout=60)
    assert done.returncode == 2
    assert "boneyard" in done.stderr
    assert_names_place(done.stderr, 0, 2, 1)
