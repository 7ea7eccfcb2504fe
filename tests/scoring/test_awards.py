"""Awards at the end of a hand, from the tiles shown (docs/scoresheet.md,
`block` and `domino`; docs/rules.md "Awards at the end of a hand").

- `block: lowest-rounded` (the Jaques of London text, `jaques`): the side
  with the lowest pip total in hand wins the block (a tie: nobody); the
  other sides' pips are added, rounded up to the nearest total that scores,
  and scored as an end total (13 -> 15 -> 8 points).
- `block: pips` (the Threes and Fives text, `threes-and-fives`): the lowest
  hand scores the other players' pips minus its own.
- `domino: pips` (the same text): whoever goes out scores the other players'
  pips.

Awards need the hands shown. They are credited before the false-knock
penalties of the same showing, and the win is tested after them all.

Most sheets here switch the boneyard off and deal three tiles a hand, so that
a hand blocks straight after the down: the award reads only the shown tiles.
Three real hands played under the presets themselves (random games of
scoring.simulate, checked by hand) close the file.
"""
from __future__ import annotations

import pytest

import scoring
from sheets import event, hand, hand_end, knock, play, preset, sheet

T5 = "threes-and-fives"
JAQUES_SHORT = preset("jaques", drawing=False, hand_size=3)
T5_SHORT = preset(T5, drawing=False, hand_size=3)
T5_TWO = preset(T5, hand_size=2)

ANN_5 = ["1-1", "1-2"]  # 5 pips; Ann led 0-0 and holds these two


def _block(shown: dict, rules=JAQUES_SHORT, seats=2, start=None, partners=None) -> dict:
    """Ann leads 0-0 (counting nothing), then every seat knocks: a block."""
    moves = [play(0, "0-0")] + [knock(s) for s in list(range(1, seats)) + [0]]
    return scoring.check(sheet(hand(*moves, shown=shown), rules=rules, seats=seats, start=start,
                               partners=partners))


def _awards(result: dict) -> list[tuple[int, int]]:
    return [(a["side"], a["points"]) for a in hand_end(result)["awards"]]


# --- block: lowest-rounded (the Jaques of London text) --------------------------------

# Bob's three tiles and what Ann (5 pips, the lowest hand) scores for them
LOWEST_ROUNDED = [
    (["1-3", "2-3", "2-2"], 13, 8),    # the Jaques text: 13 -> 15 -> 5 + 3
    (["1-3", "2-2", "1-5"], 14, 8),    # 14 -> 15
    (["1-4", "2-4", "2-2"], 15, 8),    # 15 scores as it is
    (["1-3", "2-2", "3-5"], 16, 6),    # 16 -> 18 -> 6
    (["1-3", "2-2", "3-6"], 17, 6),    # 17 -> 18
    (["1-3", "2-2", "6-6"], 20, 4),    # 20 -> 4
    (["1-4", "2-5", "4-6"], 22, 8),    # 22 -> 24 -> 8
    (["3-4", "4-5", "4-6"], 26, 9),    # 26 -> 27 -> 9
    (["4-6", "5-5", "2-6"], 28, 16),   # 28 -> 30 -> 10 + 6
]


@pytest.mark.parametrize(("bob", "pips", "points"), LOWEST_ROUNDED, ids=[f"S={r[1]}" for r in LOWEST_ROUNDED])
def test_001_the_lowest_hand_scores_the_others_pips_rounded_up_to_a_scoring_total(bob, pips, points):
    assert sum(int(t[0]) + int(t[2]) for t in bob) == pips
    result = _block({"0": ANN_5, "1": bob})
    end = hand_end(result)
    assert end["ended"] == "block"
    assert end["awards"] == [{"side": 0, "points": points, "reason": "block"}]
    assert end["penalties"] == [] and end["false_knocks"] == []
    assert result["scores"] == [points, 0]


def test_001_the_block_goes_to_whichever_side_holds_the_lowest_hand():
    # Ann 5-6 + 4-6 = 21, Bob 2 + 3 + 4 = 9: Bob scores 21 (a multiple of 3: 7)
    result = _block({"0": ["5-6", "4-6"], "1": ["1-1", "1-2", "1-3"]})
    assert _awards(result) == [(1, 7)]
    assert result["scores"] == [0, 7]


def test_001_a_tie_for_the_lowest_hand_scores_nothing():
    result = _block({"0": ["1-4", "2-2"], "1": ["1-1", "1-2", "1-3"]})  # 9 and 9
    assert hand_end(result)["awards"] == []
    assert result["scores"] == [0, 0]


@pytest.mark.parametrize(("scoring_rule", "bob", "points"), [
    ("fives", ["1-3", "2-3", "2-2"], 3),    # 13 -> 15 -> 3
    ("fives", ["1-3", "2-2", "3-5"], 4),    # 16 -> 20 -> 4
    ("fives", ["1-3", "2-2", "6-6"], 4),    # 20 -> 4
    ("threes", ["1-3", "2-3", "2-2"], 5),   # 13 -> 15 -> 5
    ("threes", ["1-3", "2-2", "3-5"], 6),   # 16 -> 18 -> 6
    ("threes", ["1-3", "2-2", "6-6"], 7),   # 20 -> 21 -> 7
])
def test_001_fives_only_and_threes_only_round_to_what_they_score(scoring_rule, bob, points):
    rules = {**JAQUES_SHORT, "scoring": scoring_rule}
    assert _awards(_block({"0": ANN_5, "1": bob}, rules=rules)) == [(0, points)]


def test_001_with_three_players_the_other_hands_are_added():
    # Ann 5; Bob 13 and Cat 17 make 30: 10 + 6
    result = _block({"0": ANN_5, "1": ["1-3", "2-3", "2-2"], "2": ["1-4", "2-4", "3-3"]}, seats=3)
    assert _awards(result) == [(0, 16)]
    assert result["scores"] == [16, 0, 0]


def test_001_a_tie_for_the_lowest_of_three_hands_scores_nothing():
    result = _block({"0": ["1-4", "2-2"], "1": ["3-6", "4-6", "5-6"], "2": ["1-1", "1-2", "1-3"]},
                    seats=3)
    assert hand_end(result)["awards"] == []


def test_001_partners_pool_their_pips_and_the_lowest_side_wins_the_block():
    # side 0: Ann 5 + Cat 13 = 18; side 1: Bob 21 + Dan 22 = 43 -> 45 -> 15 + 9
    shown = {"0": ANN_5, "1": ["3-3", "3-4", "3-5"], "2": ["1-3", "2-2", "2-3"],
             "3": ["4-4", "4-5", "1-4"]}
    result = _block(shown, seats=4, partners=True)
    assert _awards(result) == [(0, 24)]
    assert result["scores"] == [24, 0]


# --- block: pips (the Threes and Fives text) ---------------------------------------------

@pytest.mark.parametrize(("shown", "awards"), [
    ({"0": ANN_5, "1": ["1-3", "2-3", "2-2"]}, [(0, 8)]),                # 13 - 5
    ({"0": ["5-6", "4-6"], "1": ["1-1", "1-2", "1-3"]}, [(1, 12)]),      # 21 - 9
    ({"0": ["1-4", "2-2"], "1": ["1-1", "1-2", "1-3"]}, []),             # 9 and 9: a tie
    ({"0": ANN_5, "1": ["1-3", "2-3", "2-2"], "2": ["1-4", "2-4", "3-3"]}, [(0, 25)]),  # 30 - 5
    ({"0": ["3-6", "4-6"], "1": ["1-1", "1-2", "1-3"], "2": ["1-4", "2-2", "3-3"]}, [(1, 25)]),
])
def test_004_the_lowest_hand_scores_the_other_pips_minus_its_own(shown, awards):
    result = _block(shown, rules=T5_SHORT, seats=len(shown))
    assert hand_end(result)["ended"] == "block"
    assert _awards(result) == awards
    assert all(a["reason"] == "block" for a in hand_end(result)["awards"])
    expected = [0] * len(shown)
    for side, points in awards:
        expected[side] = points
    assert result["scores"] == expected


# --- domino: pips (the Threes and Fives text) ---------------------------------------------

def _chip_out(shown: dict, seats=2, rules=T5_TWO, start=None) -> dict:
    # 4-4 down (8: nothing), 4-1 (8 + 1 = 9: 9), 4-2 (1 + 2 = 3: 3), and with
    # three players 4-3 across (1 + 2 + 3 = 6: 6); Ann then has laid both her tiles
    tiles = [("4-4", None), ("4-1", "4-4/left"), ("4-2", "4-4/right"), ("4-3", "4-4/up")]
    moves = [play(i % seats, tile, end) for i, (tile, end) in enumerate(tiles[:seats + 1])]
    return scoring.check(sheet(hand(*moves, shown=shown), rules=rules, seats=seats, start=start))


def test_004_going_out_scores_the_other_players_pips():
    result = _chip_out({"1": ["6-6"]})
    end = hand_end(result)
    assert end["ended"] == "chip-out"
    assert end["awards"] == [{"side": 0, "points": 12, "reason": "domino"}]
    assert result["scores"] == [3 + 12, 9]


def test_004_going_out_against_two_players_scores_both_their_pips():
    result = _chip_out({"1": ["6-6"], "2": ["5-6"]}, seats=3)
    assert _awards(result) == [(0, 23)]
    assert result["scores"] == [6 + 23, 9, 3]


def test_going_out_scores_nothing_where_domino_is_none():
    moves = [play(0, "4-4"), play(1, "4-1", "left"), play(0, "4-2", "right")]
    result = scoring.check(sheet(hand(*moves, shown={"1": ["6-6"]}),
                                 rules=preset("jaques", hand_size=2)))
    assert hand_end(result)["ended"] == "chip-out"
    assert hand_end(result)["awards"] == []


def test_a_block_scores_nothing_where_block_is_none():
    result = _block({"0": ANN_5, "1": ["1-3", "2-3", "2-2"]}, rules=preset("pub", hand_size=3))
    assert hand_end(result)["awards"] == []
    assert result["scores"] == [0, 0]


# --- no shown tiles, no award --------------------------------------------------------------

def test_a_block_without_shown_tiles_has_no_award():
    moves = [play(0, "0-0"), knock(1), knock(0)]
    result = scoring.check(sheet(hand(*moves), rules=JAQUES_SHORT))
    assert hand_end(result)["ended"] == "block"
    assert hand_end(result)["awards"] == []
    assert result["scores"] == [0, 0]


def test_a_chip_out_without_shown_tiles_has_no_award():
    moves = [play(0, "4-4"), play(1, "4-1", "4-4/left"), play(0, "4-2", "4-4/right")]
    result = scoring.check(sheet(hand(*moves), rules=preset(T5, hand_size=2)))
    assert hand_end(result)["ended"] == "chip-out"
    assert hand_end(result)["awards"] == []
    assert result["scores"] == [3, 9]


def test_the_award_comes_when_the_game_is_shown_the_tiles():
    game = scoring.Game.new(rules=JAQUES_SHORT, seats=["Ann", "Bob"])
    for move in [play(0, "0-0"), knock(1)]:
        game, _ = game.apply(move)
    game, events = game.apply(knock(0))
    assert events[-1]["awards"] == [] and game.scores == [0, 0]
    game, events = game.show({"0": ANN_5, "1": ["1-3", "2-3", "2-2"]})
    assert events[0]["awards"] == [{"side": 0, "points": 8, "reason": "block"}]
    assert game.scores == [8, 0]
    # a second showing replaces the first, award and all
    game, events = game.show({"0": ANN_5, "1": ["1-3", "2-2", "3-5"]})
    assert events[0]["awards"] == [{"side": 0, "points": 6, "reason": "block"}]
    assert game.scores == [6, 0]


# --- awards, penalties and the target ----------------------------------------------------------

def test_a_showing_that_wins_by_its_award_can_be_corrected_by_showing_again():
    # docs/rules.md: a showing can win the game, and can still be corrected by
    # showing again until the next hand starts
    game = scoring.Game.new(rules=JAQUES_SHORT, seats=["Ann", "Bob"], start=[55, 0])
    for move in [play(0, "0-0"), knock(1), knock(0)]:
        game, _ = game.apply(move)
    won, _ = game.show({"0": ANN_5, "1": ["1-3", "2-3", "2-2"]})
    assert (won.status, won.winner, won.scores) == ("won", 0, [63, 0])
    corrected, events = won.show({"0": ["5-6", "4-6"], "1": ["1-1", "1-2", "1-3"]})
    assert events[0]["awards"] == [{"side": 1, "points": 7, "reason": "block"}]
    assert (corrected.status, corrected.winner, corrected.scores) == ("hand-ended", None, [55, 7])
    following, _ = corrected.apply(play(1, "2-2"))  # the next hand, led by Bob
    assert (following.hand, following.status) == (1, "playing")


def _false_knocking_winner(start: list[int], rules=JAQUES_SHORT) -> dict:
    # Ann leads 0-1 (1: nothing); Bob knocks; Ann knocks holding 1-2, which fits
    # the 1. Ann 1-2 + 2-2 = 7, Bob 3-4 + 4-4 + 3-5 = 23 -> 24 -> 8.
    moves = [play(0, "0-1"), knock(1), knock(0)]
    shown = {"0": ["1-2", "2-2"], "1": ["3-4", "4-4", "3-5"]}
    return scoring.check(sheet(hand(*moves, shown=shown), rules=rules, start=start))


def test_an_award_is_credited_before_the_false_knock_penalties():
    result = _false_knocking_winner([3, 0])
    end = hand_end(result)
    assert end["false_knocks"] == [{"seat": 0, "move": 2, "tiles": ["1-2"]}]
    assert end["awards"] == [{"side": 0, "points": 8, "reason": "block"}]
    assert end["penalties"] == [{"offence": "false-knock", "side": 0, "points": -5}]
    assert result["scores"] == [6, 0]  # 3 + 8 - 5; pegging back first would leave 0 + 8


def test_the_win_is_tested_after_the_penalties_of_the_showing():
    # 55 + 8 = 63 would win, but the false knock takes Ann back to 58
    result = _false_knocking_winner([55, 0])
    assert result["scores"] == [58, 0]
    assert result["winner"] is None


def test_001_an_award_that_reaches_61_wins():
    result = _block({"0": ANN_5, "1": ["1-3", "2-3", "2-2"]}, start=[55, 0])
    assert result["scores"] == [63, 0]
    assert result["winner"] == 0


def test_an_award_that_overshoots_an_exact_target_is_void():
    rules = {**JAQUES_SHORT, "finish": "exact"}
    result = _block({"0": ANN_5, "1": ["1-3", "2-3", "2-2"]}, rules=rules, start=[55, 0])
    assert result["scores"] == [55, 0]
    assert result["winner"] is None


def test_004_a_block_award_that_reaches_251_wins():
    result = _block({"0": ANN_5, "1": ["1-3", "2-3", "2-2"]}, rules=T5_SHORT, start=[245, 0])
    assert result["scores"] == [253, 0]
    assert result["winner"] == 0


def test_004_a_domino_award_that_reaches_251_wins():
    result = _chip_out({"1": ["6-6"]}, start=[240, 0])
    assert event(result, 0, 2)["scores"] == [243, 9]  # the last tile alone does not win
    assert result["scores"] == [255, 9]
    assert result["winner"] == 0


def test_004_a_last_tile_that_wins_ends_the_game_before_any_award():
    # 248 + 3 = 251 with Ann's last tile: the hand ends "won", its shown tiles are ignored
    result = _chip_out({"1": ["6-6"]}, start=[248, 0])
    assert hand_end(result)["ended"] == "won"
    assert hand_end(result)["awards"] == []
    assert result["scores"] == [251, 9]
    assert result["winner"] == 0


def test_004_short_of_251_the_award_does_not_win():
    result = _chip_out({"1": ["1-2"]}, start=[240, 0])
    assert result["scores"] == [246, 9]
    assert result["winner"] is None


# --- real hands under the presets themselves ------------------------------------------------------

def draw(seat: int, count: int) -> dict:
    return {"seat": seat, "draw": count}


# jaques, two players: draws of 10, 2 and 2 empty the boneyard, then a block
# on a line closed at 5 and 5. Ann 4-4 + 1-4 + 4-6 = 23; Bob 73 -> 75 -> 25 + 15.
JAQUES_BLOCK = hand(
    play(0, "6-5", peg=0), play(1, "5-5", "right", peg=0), play(0, "4-5", "right", peg=2),
    play(1, "1-6", "left", peg=1), play(0, "3-4", "right", peg=0), play(1, "1-5", "left", peg=0),
    play(0, "3-5", "right", peg=2), draw(1, 10), play(1, "0-5", "right", peg=1),
    play(0, "0-0", "right", peg=1), play(1, "0-2", "right", peg=0), draw(0, 2),
    play(0, "2-5", "right", peg=2), draw(1, 2), knock(1), knock(0),
    shown={"0": ["4-4", "1-4", "4-6"],
           "1": ["0-6", "3-3", "0-1", "1-3", "2-2", "1-1", "2-3", "6-6", "1-2", "2-6", "0-3",
                 "2-4", "0-4", "3-6"]},
)

# threes-and-fives, four players (all 28 tiles dealt): a block with open ends
# 4, 6, 6, 4 and the 5-5 spinner's cross sides. Ann 1; the others 6 + 9 + 8 = 23.
T5_BLOCK = hand(
    play(0, "6-6", peg=12), play(1, "2-6", "6-6/right", peg=0), play(2, "2-4", "2-6/right", peg=0),
    play(3, "0-4", "2-4/right", peg=12), play(0, "0-6", "0-4/right", peg=18),
    play(1, "5-6", "0-6/right", peg=0), play(2, "2-5", "5-6/right", peg=0),
    play(3, "3-6", "6-6/left", peg=5), play(0, "0-2", "2-5/right", peg=3),
    play(1, "0-5", "0-2/right", peg=0), play(2, "4-6", "6-6/up", peg=12),
    play(3, "4-5", "4-6/up", peg=0), play(0, "1-5", "4-5/up", peg=9),
    play(1, "1-3", "3-6/left", peg=0), play(2, "1-6", "1-5/up", peg=12),
    play(3, "5-5", "0-5/right", peg=0), play(0, "1-4", "1-3/left", peg=20),
    play(1, "3-5", "5-5/right", peg=0), play(2, "3-4", "3-5/right", peg=0), knock(3),
    play(0, "4-4", "1-4/left", peg=18), knock(1), knock(2), knock(3), knock(0),
    shown={"0": ["0-1"], "1": ["1-2", "0-3"], "2": ["2-3", "2-2"], "3": ["1-1", "0-0", "3-3"]},
)

# threes-and-fives, two players: Ann goes out with 4-4 (1 + 10 + 2 + 8 = 21),
# Bob is left holding 3-3.
T5_DOMINO = hand(
    play(0, "6-6", peg=12), play(1, "0-6", "6-6/right", peg=12), play(0, "4-6", "6-6/left", peg=0),
    play(1, "1-6", "6-6/up", peg=5), play(0, "4-5", "4-6/left", peg=6),
    play(1, "5-5", "4-5/left", peg=0), play(0, "0-3", "0-6/right", peg=0),
    play(1, "2-6", "6-6/down", peg=0), play(0, "1-3", "0-3/right", peg=0),
    play(1, "2-2", "2-6/down", peg=0), play(0, "2-4", "2-2/down", peg=0),
    play(1, "1-1", "1-6/up", peg=0), play(0, "4-4", "2-4/down", peg=21),
    shown={"1": ["3-3"]},
)


@pytest.mark.parametrize(("rules", "seats", "played", "ended", "award", "scores"), [
    ("jaques", 2, JAQUES_BLOCK, "block", {"side": 0, "points": 40, "reason": "block"}, [47, 2]),
    (T5, 4, T5_BLOCK, "block", {"side": 0, "points": 22, "reason": "block"}, [102, 0, 24, 17]),
    (T5, 2, T5_DOMINO, "chip-out", {"side": 0, "points": 6, "reason": "domino"}, [45, 17]),
], ids=["jaques-block", "threes-and-fives-block", "threes-and-fives-domino"])
def test_real_hands_under_the_presets_score_their_awards(rules, seats, played, ended, award, scores):
    result = scoring.check(sheet(played, rules=rules, seats=seats))
    end = hand_end(result)
    assert end["ended"] == ended
    assert end["awards"] == [award]
    assert end["false_knocks"] == [] and end["penalties"] == []
    plays = [e for e in result["events"] if e["type"] == "play"]
    assert all(e["verdict"] == "correct" for e in plays)  # every peg checked, every one right
    assert result["scores"] == scores
