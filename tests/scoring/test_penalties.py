"""Mistakes and penalties (docs/scoresheet.md `penalties`; docs/rules.md "Pegs
and penalties"): misplays, pegs, false knocks, rulings, and every penalty
action."""
from __future__ import annotations

import pytest

import scoring
from sheets import event, hand, hand_end, knock, misplay, penalties_of, play, preset, pub, ruling, sheet

# --- misplays and the penalty actions ------------------------------------------
# Ann puts 0-1 down (1: nothing); Bob lays 2-4, which fits neither 0 nor 1; Bob plays again.

def _bob_misplays(rules, start, seats=2, partners=None):
    moves = [play(0, "0-1"), misplay(1, "2-4"), play(1, "1-3", "right")]
    return sheet(hand(*moves), rules=rules, seats=seats, partners=partners, start=start)


def test_a_misplay_pegs_the_side_back_5_by_default():
    misplayed = event(scoring.check(_bob_misplays(pub(), [0, 7])), 0, 1)
    assert misplayed["type"] == "misplay"
    assert misplayed["penalties"] == [{"offence": "misplay", "side": 1, "points": -5}]
    assert misplayed["scores"] == [0, 2]


def test_pegging_back_stops_at_zero_but_lists_the_full_amount():
    misplayed = event(scoring.check(_bob_misplays(pub(), [0, 3])), 0, 1)
    assert misplayed["penalties"] == [{"offence": "misplay", "side": 1, "points": -5}]
    assert misplayed["scores"] == [0, 0]


def test_a_misplayed_tile_stays_in_the_misplayers_hand_so_another_seat_cannot_play_it():
    s = sheet(hand(play(0, "0-1"), misplay(1, "2-4"), play(1, "1-2", "right"),
                   play(0, "2-4", "right")), rules=pub(hand_size=3), start=[0, 7])
    with pytest.raises(scoring.ScoringError):
        # 2-4 is in Bob's hand: Ann cannot play it
        scoring.check(s)


def test_deduct_n_pegs_back_n():
    rules = pub(penalties={"misplay": "deduct 8"})
    misplayed = event(scoring.check(_bob_misplays(rules, [0, 10])), 0, 1)
    assert misplayed["penalties"] == [{"offence": "misplay", "side": 1, "points": -8}]
    assert misplayed["scores"] == [0, 2]


def test_back_or_award_pegs_back_a_side_that_has_the_points():
    rules = pub(penalties={"misplay": "back-or-award 8"})
    misplayed = event(scoring.check(_bob_misplays(rules, [0, 10])), 0, 1)
    assert misplayed["penalties"] == [{"offence": "misplay", "side": 1, "points": -8}]
    assert misplayed["scores"] == [0, 2]


def test_back_or_award_with_exactly_n_points_still_pegs_back():
    rules = pub(penalties={"misplay": "back-or-award 8"})
    misplayed = event(scoring.check(_bob_misplays(rules, [3, 8])), 0, 1)
    assert misplayed["penalties"] == [{"offence": "misplay", "side": 1, "points": -8}]
    assert misplayed["scores"] == [3, 0]


def test_back_or_award_with_fewer_than_n_points_awards_n_to_the_opponent_instead():
    rules = pub(penalties={"misplay": "back-or-award 8"})
    misplayed = event(scoring.check(_bob_misplays(rules, [3, 5])), 0, 1)
    assert misplayed["penalties"] == [{"offence": "misplay", "side": 0, "points": 8}]
    assert misplayed["scores"] == [11, 5]


def test_award_n_pegs_each_opposing_side_on():
    rules = pub(penalties={"misplay": "award 5"})
    misplayed = event(scoring.check(_bob_misplays(rules, [10, 10])), 0, 1)
    assert misplayed["penalties"] == [{"offence": "misplay", "side": 0, "points": 5}]
    assert misplayed["scores"] == [15, 10]


def test_award_n_goes_to_every_opposing_side_of_three():
    rules = pub(penalties={"misplay": "award 5"})
    misplayed = event(scoring.check(_bob_misplays(rules, [1, 2, 3], seats=3)), 0, 1)
    assert sorted(misplayed["penalties"], key=lambda p: p["side"]) == [
        {"offence": "misplay", "side": 0, "points": 5},
        {"offence": "misplay", "side": 2, "points": 5},
    ]
    assert misplayed["scores"] == [6, 2, 8]


def test_an_award_that_makes_the_target_exactly_wins_under_exact():
    s = sheet(hand(play(0, "0-1"), misplay(1, "2-4")),
              rules=pub(penalties={"misplay": "award 5"}), start=[56, 0])
    result = scoring.check(s)
    assert event(result, 0, 1)["scores"] == [61, 0]
    assert result["winner"] == 0
    assert result["scores"] == [61, 0]


def test_an_award_that_would_pass_the_target_is_void_under_exact():
    result = scoring.check(_bob_misplays(pub(penalties={"misplay": "award 5"}), [58, 0]))
    assert event(result, 0, 1)["scores"] == [58, 0]
    assert result["winner"] is None


def test_an_award_that_passes_the_target_wins_under_reach():
    s = sheet(hand(play(0, "0-1"), misplay(1, "2-4")),
              rules=pub(finish="reach", penalties={"misplay": "award 5"}), start=[58, 0])
    result = scoring.check(s)
    assert result["winner"] == 0
    assert result["scores"][0] == 63


def test_lose_game_makes_the_other_side_win_at_once():
    s = sheet(hand(play(0, "0-1"), misplay(1, "2-4")), rules=pub(penalties={"misplay": "lose-game"}))
    result = scoring.check(s)
    assert result["winner"] == 0


def test_lose_game_ends_the_game_so_a_later_move_is_an_error():
    s = _bob_misplays(pub(penalties={"misplay": "lose-game"}), [0, 0])
    with pytest.raises(scoring.ScoringError):
        scoring.check(s)


def test_lose_game_is_allowed_for_two_partnerships():
    s = sheet(hand(play(0, "0-1"), misplay(1, "2-4")), seats=4, partners=True,
              rules=pub(penalties={"misplay": "lose-game"}))
    assert scoring.check(s)["winner"] == 0


@pytest.mark.parametrize(("seats", "partners"), [(3, None), (4, None), (4, False)])
def test_lose_game_is_rejected_for_more_than_two_sides(seats, partners):
    # rejected as a rule of the game, even before anybody offends
    s = sheet(hand(play(0, "0-1")), seats=seats, partners=partners,
              rules=pub(penalties={"false-knock": "lose-game"}))
    with pytest.raises(scoring.ScoringError):
        scoring.check(s)


def test_none_records_the_misplay_without_changing_the_score():
    result = scoring.check(_bob_misplays(pub(penalties={"misplay": "none"}), [0, 7]))
    misplayed = event(result, 0, 1)
    assert misplayed["type"] == "misplay"
    assert misplayed["scores"] == [0, 7]
    assert all(p["points"] == 0 for p in misplayed["penalties"])


# --- pegs --------------------------------------------------------------------
# Ann's down 6-3 is worth 3.

def _down_pegged(peg, rules=None, start=None, seats=2):
    return event(scoring.check(sheet(hand(play(0, "6-3", peg=peg)), rules=rules, start=start,
                                     seats=seats)), 0, 0)


def test_a_correct_peg_scores_the_worth():
    down = _down_pegged(3)
    assert (down["verdict"], down["points"], down["penalties"]) == ("correct", 3, [])
    assert down["scores"] == [3, 0]


def test_without_a_peg_the_move_scores_its_worth_unchecked():
    down = _down_pegged(None)
    assert (down["verdict"], down["points"]) == ("unchecked", 3)
    assert "peg" not in down or down["peg"] is None
    assert down["scores"] == [3, 0]


def test_an_under_peg_forfeits_the_rest_by_default():
    down = _down_pegged(1)
    assert (down["verdict"], down["points"], down["penalties"]) == ("under", 1, [])
    assert down["worth"] == 3
    assert down["scores"] == [1, 0]


def test_pegging_nothing_for_a_scoring_move_is_an_under_peg():
    down = _down_pegged(0)
    assert (down["verdict"], down["points"]) == ("under", 0)
    assert down["scores"] == [0, 0]


def test_an_under_peg_under_correct_scores_the_full_worth():
    down = _down_pegged(1, rules=pub(penalties={"under-peg": "correct"}))
    assert (down["verdict"], down["points"], down["penalties"]) == ("under", 3, [])
    assert down["scores"] == [3, 0]


def test_an_under_peg_under_muggins_gives_the_missed_points_to_the_opponent():
    down = _down_pegged(1, rules=pub(penalties={"under-peg": "muggins"}))
    assert (down["verdict"], down["points"]) == ("under", 1)
    assert down["penalties"] == [{"offence": "under-peg", "side": 1, "points": 2}]
    assert down["scores"] == [1, 2]


def test_muggins_gives_the_missed_points_to_each_opposing_side():
    down = _down_pegged(1, rules=pub(penalties={"under-peg": "muggins"}), seats=3)
    assert sorted(down["penalties"], key=lambda p: p["side"]) == [
        {"offence": "under-peg", "side": 1, "points": 2},
        {"offence": "under-peg", "side": 2, "points": 2},
    ]
    assert down["scores"] == [1, 2, 2]


def test_an_over_peg_scores_the_true_worth_then_pegs_back_5():
    down = _down_pegged(5, start=[10, 0])
    assert (down["verdict"], down["points"]) == ("over", 3)
    assert down["penalties"] == [{"offence": "over-peg", "side": 0, "points": -5}]
    assert down["scores"] == [8, 0]


def test_an_over_peg_from_nothing_stops_at_zero():
    down = _down_pegged(4)
    assert down["penalties"] == [{"offence": "over-peg", "side": 0, "points": -5}]
    assert down["scores"] == [0, 0]


def test_an_over_peg_follows_the_leagues_action():
    down = _down_pegged(5, rules=pub(penalties={"over-peg": "deduct 8"}), start=[10, 0])
    assert down["penalties"] == [{"offence": "over-peg", "side": 0, "points": -8}]
    assert down["scores"] == [5, 0]


# A claim above anything one play can score (8 under pub, 9 under pagat) is
# pegging the wrong score like any other: an over-peg, by the league's action.
# Ann puts 6-3 down (9: 3 points) from 20.
@pytest.mark.parametrize(("rules", "peg", "penalty", "scores", "winner"), [
    (preset("pagat"), 10, -5, [18, 20], None),
    (pub(), 9, -5, [18, 20], None),
    (pub(), 61, -5, [18, 20], None),
    (pub(target=121), 121, -5, [18, 20], None),
    (pub(penalties={"over-peg": "deduct 8"}), 10, -8, [15, 20], None),
    (pub(penalties={"over-peg": "award 5"}), 12, 5, [23, 25], None),
    (pub(penalties={"over-peg": "lose-game"}), 10, 0, [23, 20], 1),
], ids=["pagat, 10", "pub, 9", "pub, the target itself", "raised target", "deduct 8", "award 5", "lose-game"])
def test_a_peg_above_anything_a_play_scores_is_an_over_peg(rules, peg, penalty, scores, winner):
    result = scoring.check(sheet(hand(play(0, "6-3", peg=peg)), rules=rules, start=[20, 20]))
    down = event(result, 0, 0)
    assert (down["worth"], down["verdict"], down["points"]) == (3, "over", 3)
    side = 1 if penalty > 0 else 0  # an award pegs the other side on
    assert down["penalties"] == [{"offence": "over-peg", "side": side, "points": penalty}]
    assert (result["scores"], result["winner"]) == (scores, winner)


def test_one_move_at_a_time_a_claim_above_any_play_is_penalised_and_one_above_the_target_refused():
    game = scoring.Game.new(rules="pagat", seats=["Ann", "Bob"], partners=False, start=[20, 20])
    with pytest.raises(scoring.ScoringError, match="peg 62 is more than the whole game is played to"):
        game.apply(play(0, "6-3", peg=62))
    game, events = game.apply(play(0, "6-3", peg=10))
    assert (events[0]["verdict"], events[0]["penalties"]) == ("over", [{"offence": "over-peg", "side": 0, "points": -5}])
    assert game.scores == [18, 20]


def test_a_chip_out_peg_is_checked_against_award_plus_bonus():
    # pagat: Ann's last tile makes 6 (2 points) plus the chip-out point
    s = sheet(hand(play(0, "0-1"), play(1, "1-2", "right"), play(0, "0-4", "left", peg=3)),
              rules={"preset": "pagat", "hand_size": 2})
    last = event(scoring.check(s), 0, 2)
    assert (last["worth"], last["verdict"], last["points"]) == (3, "correct", 3)


def test_pegging_nothing_on_a_void_event_is_correct():
    s = sheet(hand(play(0, "6-6", peg=0)), start=[57, 0])   # no winning on the down (pub)
    down = event(scoring.check(s), 0, 0)
    assert (down["bust"], down["worth"], down["verdict"]) == (True, 0, "correct")


# --- false knocks ------------------------------------------------------------------
# Ann 6-3; Bob knocks holding 3-1 (it fits the 3: a false knock); Ann 3-5 right (6, 5);
# Bob knocks, rightly; Ann knocks holding 0-0: a block.

FALSE_KNOCK_SHOWN = {"0": ["0-0"], "1": ["3-1", "2-2", "4-4"]}


def _false_knock_sheet(rules=None, start=(0, 10), shown=FALSE_KNOCK_SHOWN, with_ruling=False):
    moves = [play(0, "6-3"), knock(1), play(0, "3-5", "right")]
    if with_ruling:
        moves.append(ruling(1, "false-knock", move=1))
    moves += [knock(1), knock(0)]
    return sheet(hand(*moves, shown=shown), rules=rules or pub(hand_size=3), start=list(start))


def test_a_false_knock_is_found_from_a_tile_still_shown():
    result = scoring.check(_false_knock_sheet())
    end = hand_end(result)
    assert end["ended"] == "block"
    assert end["false_knocks"] == [{"seat": 1, "move": 1, "tiles": ["3-1"]}]
    assert end["penalties"] == [{"offence": "false-knock", "side": 1, "points": -5}]
    assert end["scores"] == [3, 5]
    assert result["scores"] == [3, 5]


def test_the_knock_event_itself_carries_no_penalty():
    knocked = event(scoring.check(_false_knock_sheet()), 0, 1)
    assert knocked["type"] == "knock"
    assert knocked["penalties"] == []
    assert knocked["scores"] == [3, 10]


def test_a_hand_never_shown_is_not_judged_for_false_knocks():
    result = scoring.check(_false_knock_sheet(shown=None))
    end = hand_end(result)
    assert end["false_knocks"] == []
    assert end["penalties"] == []
    assert result["scores"] == [3, 10]


def test_a_false_knock_already_ruled_at_the_table_is_not_penalised_again():
    result = scoring.check(_false_knock_sheet(with_ruling=True))
    ruled = event(result, 0, 3)
    assert ruled["type"] == "ruling"
    assert ruled["offence"] == "false-knock"
    assert ruled["penalties"] == [{"offence": "false-knock", "side": 1, "points": -5}]
    assert [p for p in hand_end(result)["penalties"] if p["offence"] == "false-knock"] == []
    assert result["scores"] == [3, 5]


def test_a_ruling_does_not_pass_the_turn():
    # the ruling is entered on Bob's turn; Bob then knocks: still his turn
    result = scoring.check(_false_knock_sheet(with_ruling=True))
    assert event(result, 0, 4)["type"] == "knock"
    assert event(result, 0, 4)["seat"] == 1


def test_a_false_knock_is_found_from_a_tile_the_knocker_played_later():
    # Ann 5-2; Bob knocks holding 2-4; Ann 5-5 left (10 + 2); Bob plays 2-4 right;
    # Ann knocks holding 0-0, Bob knocks holding 1-1 and 3-3: a block
    s = sheet(hand(play(0, "5-2"), knock(1), play(0, "5-5", "left"), play(1, "2-4", "right"),
                   knock(0), knock(1), shown={"0": ["0-0"], "1": ["1-1", "3-3"]}),
              rules=pub(hand_size=3), start=[0, 10])
    end = hand_end(scoring.check(s))
    assert end["false_knocks"] == [{"seat": 1, "move": 1, "tiles": ["2-4"]}]
    assert end["penalties"] == [{"offence": "false-knock", "side": 1, "points": -5}]
    assert end["scores"] == [4, 5]


def test_each_false_knock_costs_its_own_penalty():
    # Ann 6-6; Bob knocks holding 6-1; Ann 6-4 right; Bob knocks again (the 6-6 still
    # stands at the left end); Ann 6-2 left, her last tile: chip-out
    s = sheet(hand(play(0, "6-6"), knock(1), play(0, "6-4", "right"), knock(1),
                   play(0, "6-2", "left"), shown={"1": ["6-1", "0-0", "0-1"]}),
              rules=pub(hand_size=3), start=[0, 20])
    end = hand_end(scoring.check(s))
    assert end["ended"] == "chip-out"
    assert end["false_knocks"] == [{"seat": 1, "move": 1, "tiles": ["6-1"]},
                                   {"seat": 1, "move": 3, "tiles": ["6-1"]}]
    assert end["penalties"] == [{"offence": "false-knock", "side": 1, "points": -5}] * 2
    assert end["scores"] == [6, 10]


def test_a_right_knock_is_not_a_false_knock():
    # the same block, but Bob shows nothing that fitted when he knocked
    shown = {"0": ["0-0"], "1": ["1-1", "2-2", "4-4"]}
    end = hand_end(scoring.check(_false_knock_sheet(shown=shown)))
    assert end["false_knocks"] == []
    assert end["penalties"] == []
    assert end["scores"] == [3, 10]


def test_a_false_knock_is_not_judged_in_a_hand_that_was_won():
    # Bob knocks holding 2-4; Ann then makes 61 exactly with 5-5 (10 + 2 = 12: 4 points)
    s = sheet(hand(play(0, "5-2"), knock(1), play(0, "5-5", "left"),
                   shown={"0": ["0-0"], "1": ["2-4", "1-1", "3-3"]}),
              rules=pub(hand_size=3), start=[57, 10])
    result = scoring.check(s)
    assert result["winner"] == 0
    assert result["scores"] == [61, 10]
    assert [p for p in penalties_of(result) if p["offence"] == "false-knock"] == []


@pytest.mark.parametrize(("action", "start", "scores", "penalty"), [
    ("deduct 8", (0, 10), [3, 2], {"offence": "false-knock", "side": 1, "points": -8}),
    ("back-or-award 8", (0, 10), [3, 2], {"offence": "false-knock", "side": 1, "points": -8}),
    ("back-or-award 8", (0, 5), [11, 5], {"offence": "false-knock", "side": 0, "points": 8}),
    ("award 5", (0, 10), [8, 10], {"offence": "false-knock", "side": 0, "points": 5}),
])
def test_a_false_knock_follows_the_leagues_action(action, start, scores, penalty):
    rules = pub(hand_size=3, penalties={"false-knock": action})
    end = hand_end(scoring.check(_false_knock_sheet(rules=rules, start=start)))
    assert end["penalties"] == [penalty]
    assert end["scores"] == scores


def test_a_false_knock_under_none_changes_no_score():
    rules = pub(hand_size=3, penalties={"false-knock": "none"})
    result = scoring.check(_false_knock_sheet(rules=rules))
    assert hand_end(result)["false_knocks"] == [{"seat": 1, "move": 1, "tiles": ["3-1"]}]
    assert result["scores"] == [3, 10]


def test_a_false_knock_under_lose_game_loses_the_game():
    rules = pub(hand_size=3, penalties={"false-knock": "lose-game"})
    assert scoring.check(_false_knock_sheet(rules=rules))["winner"] == 0


def test_a_false_knock_award_can_win_the_game():
    # Ann on 53 + 3 for her down = 56; the award of 5 makes 61
    rules = pub(hand_size=3, penalties={"false-knock": "award 5"})
    result = scoring.check(_false_knock_sheet(rules=rules, start=(53, 10)))
    assert result["winner"] == 0
    assert result["scores"] == [61, 10]


def test_a_ruled_misplay_is_penalised_and_does_not_pass_the_turn():
    s = sheet(hand(play(0, "0-1"), ruling(1, "misplay"), play(1, "1-2", "right")), start=[0, 7])
    result = scoring.check(s)
    ruled = event(result, 0, 1)
    assert (ruled["type"], ruled["offence"]) == ("ruling", "misplay")
    assert ruled["penalties"] == [{"offence": "misplay", "side": 1, "points": -5}]
    assert ruled["scores"] == [0, 2]
    assert event(result, 0, 2)["seat"] == 1


def test_a_ruled_over_peg_follows_the_over_peg_action():
    s = sheet(hand(play(0, "0-1"), ruling(1, "over-peg")),
              rules=pub(penalties={"over-peg": "deduct 8"}), start=[0, 10])
    ruled = event(scoring.check(s), 0, 1)
    assert ruled["penalties"] == [{"offence": "over-peg", "side": 1, "points": -8}]
    assert ruled["scores"] == [0, 2]


# --- the target and the penalties of one event ---------------------------------------------

def test_the_win_is_tested_after_the_penalties_of_the_event():
    # Ann on 59 plays 0-4 worth 2 but pegs 3: 61, then pegged back 5
    s = sheet(hand(play(0, "0-1"), play(1, "1-2", "right"), play(0, "0-4", "left", peg=3)),
              start=[59, 0])
    result = scoring.check(s)
    last = event(result, 0, 2)
    assert last["verdict"] == "over"
    assert last["scores"] == [56, 0]
    assert result["winner"] is None


def test_muggins_points_that_make_the_target_win_for_the_opponent():
    # Ann's down 6-3 is worth 3; she pegs 1; Bob, on 59, gets the missing 2
    result = scoring.check(sheet(hand(play(0, "6-3", peg=1)), start=[0, 59],
                                 rules=pub(penalties={"under-peg": "muggins"})))
    assert result["scores"] == [1, 61]
    assert result["winner"] == 1


def test_muggins_points_that_would_pass_the_target_are_void_under_exact():
    result = scoring.check(sheet(hand(play(0, "6-3", peg=1)), start=[0, 60],
                                 rules=pub(penalties={"under-peg": "muggins"})))
    assert result["scores"] == [1, 60]
    assert result["winner"] is None


def test_back_or_award_gives_n_to_each_opposing_side_of_three():
    rules = pub(penalties={"misplay": "back-or-award 8"})
    misplayed = event(scoring.check(_bob_misplays(rules, [1, 2, 3], seats=3)), 0, 1)
    assert sorted(misplayed["penalties"], key=lambda p: p["side"]) == [
        {"offence": "misplay", "side": 0, "points": 8},
        {"offence": "misplay", "side": 2, "points": 8},
    ]
    assert misplayed["scores"] == [9, 2, 11]
