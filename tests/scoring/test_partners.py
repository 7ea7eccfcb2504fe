"""Partnerships (docs/scoresheet.md `partners` and "When a hand ends"): seats
0 and 2 against 1 and 3."""
from __future__ import annotations

import pytest

import scoring
from sheets import event, hand, hand_end, knock, misplay, move_events, play, preset, pub, sheet


def _pairs(*moves, rules=None, start=None, shown=None):
    return sheet(hand(*moves, shown=shown), seats=4, partners=True, rules=rules or pub(hand_size=2),
                 start=start)


def test_partners_sit_opposite_seats_0_and_2_against_1_and_3():
    result = scoring.check(_pairs(play(0, "6-3")))
    assert result["sides"] == [[0, 2], [1, 3]]
    assert result["scores"] == [3, 0]


def test_without_partners_every_seat_is_its_own_side():
    result = scoring.check(sheet(hand(play(0, "6-3")), seats=4))
    assert result["sides"] == [[0], [1], [2], [3]]
    assert result["scores"] == [3, 0, 0, 0]


def test_points_go_to_the_players_side():
    # Ann 6-3 (9), Bob 3-3 right (6 + 6), Cat 6-0 left (0 + 6), Dan 0-4 left (4 + 6)
    result = scoring.check(_pairs(play(0, "6-3"), play(1, "3-3", "right"), play(2, "6-0", "left"),
                                  play(3, "0-4", "left"), rules=pub(hand_size=3)))
    events = move_events(result)
    assert [e["side"] for e in events] == [0, 1, 0, 1]
    assert [e["award"] for e in events] == [3, 4, 2, 2]
    assert [e["scores"] for e in events] == [[3, 0], [3, 4], [5, 4], [5, 6]]


def test_a_penalty_falls_on_the_offenders_side():
    result = scoring.check(_pairs(play(0, "0-1"), play(1, "1-2", "right"), misplay(2, "4-4"),
                                  start=[10, 10]))
    misplayed = event(result, 0, 2)
    assert misplayed["side"] == 0
    assert misplayed["penalties"] == [{"offence": "misplay", "side": 0, "points": -5}]
    assert misplayed["scores"] == [5, 10]


# Two tiles each. Ann goes out first (move 4); Bob, Cat knock; Dan goes out (move 7);
# Ann is skipped; Bob plays his last tile and side 1 is out (move 8).
FIRST_FIVE = [play(0, "0-1"), play(1, "1-2", "right"), play(2, "2-3", "right"),
              play(3, "3-4", "right"), play(0, "0-5", "left")]
TO_THE_END = FIRST_FIVE + [knock(1), knock(2), play(3, "4-6", "right"), play(1, "5-3", "left")]


def test_the_first_partner_out_does_not_end_the_hand():
    result = scoring.check(_pairs(*FIRST_FIVE))
    assert hand_end(result)["ended"] == "open"


def test_a_partner_who_is_out_is_skipped_and_the_hand_ends_when_both_partners_of_a_side_are_out():
    result = scoring.check(_pairs(*TO_THE_END))
    assert [e["seat"] for e in move_events(result)] == [0, 1, 2, 3, 0, 1, 2, 3, 1]
    assert hand_end(result)["ended"] == "chip-out"
    assert result["events"][-1]["type"] == "hand-end"
    assert result["scores"] == [4, 3]


def test_a_partner_who_is_out_may_not_move_again():
    moves = FIRST_FIVE + [knock(1), knock(2), play(3, "4-6", "right"), knock(0)]
    with pytest.raises(scoring.ScoringError):
        scoring.check(_pairs(*moves))


def test_the_chip_out_bonus_goes_with_the_final_tile_of_the_side():
    result = scoring.check(_pairs(*TO_THE_END, rules=preset("pagat", hand_size=2)))
    first_out = event(result, 0, 4)
    assert (first_out["award"], first_out["bonus"], first_out["worth"]) == (3, 0, 3)
    last = event(result, 0, 8)
    assert (last["total"], last["award"], last["bonus"], last["worth"]) == (9, 3, 1, 4)
    assert last["side"] == 1
    assert result["scores"] == [4, 4]


def test_a_block_with_a_partner_out_needs_knocks_only_from_the_seats_holding_tiles():
    moves = FIRST_FIVE + [knock(1), knock(2), knock(3)]
    shown = {"1": ["6-6"], "2": ["1-1"], "3": ["0-0"]}
    result = scoring.check(_pairs(*moves, shown=shown))
    end = hand_end(result)
    assert end["ended"] == "block"
    assert end["false_knocks"] == []
    assert result["events"][-1]["type"] == "hand-end"


def test_in_individual_play_at_four_seats_the_first_player_out_ends_the_hand():
    result = scoring.check(sheet(hand(*FIRST_FIVE), seats=4, rules=pub(hand_size=2)))
    assert hand_end(result)["ended"] == "chip-out"
    assert result["scores"] == [3, 0, 1, 0]


def test_pagat_accepts_four_seats_in_partners():
    result = scoring.check(_pairs(play(0, "6-3"), rules="pagat"))
    assert result["sides"] == [[0, 2], [1, 3]]


@pytest.mark.parametrize("partners", [None, False])
def test_pagat_requires_partners_at_four_seats(partners):
    with pytest.raises(scoring.ScoringError):
        scoring.check(sheet(hand(play(0, "6-3")), seats=4, partners=partners, rules="pagat"))


@pytest.mark.parametrize("seats", [2, 3])
def test_partners_need_four_seats(seats):
    with pytest.raises(scoring.ScoringError):
        scoring.check(sheet(hand(play(0, "6-3")), seats=seats, partners=True))


def test_a_partner_wins_for_the_side():
    # Cat's 2-3 leaves 0 + 3: 1 point, taking side 0 from 60 to 61
    result = scoring.check(_pairs(*FIRST_FIVE[:3], start=[60, 0]))
    assert result["winner"] == 0
    assert result["scores"] == [61, 0]
    assert hand_end(result)["ended"] == "won"


def test_the_game_knows_the_turn_skips_a_partner_who_is_out():
    game = scoring.Game.new(rules=pub(hand_size=2), seats=["Ann", "Bob", "Cat", "Dan"],
                            partners=True, start=None)
    for move in TO_THE_END[:8]:
        game, _ = game.apply(move)
    assert game.held(0) == 0
    assert game.turn == 1
