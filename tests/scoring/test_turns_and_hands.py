"""Turn order, knocking, misplays, leaders and the ends of hands
(docs/scoresheet.md: `leader`, "Moves", "When a hand ends" and `ended`)."""
from __future__ import annotations

import pytest

import scoring
from sheets import (
    assert_names_place,
    event,
    hand,
    hand_end,
    hand_ends,
    knock,
    misplay,
    move_events,
    play,
    preset,
    pub,
    sheet,
)

# --- whose turn --------------------------------------------------------------------

def test_play_passes_clockwise_in_seat_order():
    s = sheet(hand(play(0, "6-3"), play(1, "3-3", "right"), play(2, "6-1", "left")), seats=3)
    assert [e["seat"] for e in move_events(scoring.check(s))] == [0, 1, 2]


def test_a_move_out_of_turn_is_an_error_naming_the_place():
    s = sheet(hand(play(0, "6-3"), play(2, "3-3", "right")), seats=3)
    with pytest.raises(scoring.ScoringError) as err:
        scoring.check(s)
    assert_names_place(str(err.value), 0, 1, 2)


def test_the_same_seat_cannot_play_twice_running():
    with pytest.raises(scoring.ScoringError):
        scoring.check(sheet(hand(play(0, "6-3"), play(0, "3-3", "right"))))


def test_a_knock_passes_the_turn():
    s = sheet(hand(play(0, "6-3"), knock(1), play(0, "3-3", "right")))
    result = scoring.check(s)
    assert event(result, 0, 1)["type"] == "knock"
    assert event(result, 0, 2)["scores"] == [7, 0]


# --- misplays -------------------------------------------------------------------------

def test_after_a_misplay_the_same_seat_moves_again():
    s = sheet(hand(play(0, "0-1"), misplay(1, "2-4"), play(1, "1-3", "right")), start=[0, 7])
    result = scoring.check(s)
    again = event(result, 0, 2)
    assert (again["seat"], again["total"], again["award"]) == (1, 3, 1)
    assert again["scores"] == [0, 3]


def test_after_a_misplay_the_next_seat_may_not_move():
    s = sheet(hand(play(0, "0-1"), misplay(1, "2-4"), play(0, "1-3", "right")))
    with pytest.raises(scoring.ScoringError):
        scoring.check(s)


def test_a_misplay_on_an_empty_table_is_an_error():
    with pytest.raises(scoring.ScoringError) as err:
        scoring.check(sheet(hand(misplay(0, "2-4"))))
    assert_names_place(str(err.value), 0, 0, 0)


def test_a_misplay_with_a_tile_that_fits_is_an_error():
    s = sheet(hand(play(0, "0-1"), misplay(1, "1-4")))
    with pytest.raises(scoring.ScoringError) as err:
        scoring.check(s)
    assert_names_place(str(err.value), 0, 1, 1)


def test_a_knock_on_an_empty_table_is_an_error():
    with pytest.raises(scoring.ScoringError) as err:
        scoring.check(sheet(hand(knock(0))))
    assert_names_place(str(err.value), 0, 0, 0)


# --- leaders ----------------------------------------------------------------------------

def _short_hand(leader: int, seats: int) -> dict:
    """Two tiles a hand: the leader's second tile ends the hand by chip-out."""
    order = [(leader + i) % seats for i in range(seats + 1)]
    tiles = [("0-1", None), ("1-2", "right"), ("2-3", "right"), ("3-4", "right")]
    moves = [play(order[i], *tiles[i]) for i in range(seats)]
    moves.append(play(leader, "0-5", "left"))
    return hand(*moves)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_under_rotate_the_lead_passes_one_seat_clockwise_every_hand(seats):
    hands = [_short_hand(h % seats, seats) for h in range(seats + 1)]
    result = scoring.check(sheet(*hands, rules=pub(hand_size=2), seats=seats))
    ends = hand_ends(result)
    assert [e["ended"] for e in ends] == ["chip-out"] * (seats + 1)
    firsts = [move_events(result, h)[0]["seat"] for h in range(seats + 1)]
    assert firsts == [h % seats for h in range(seats + 1)]


def test_under_rotate_the_same_leader_twice_is_an_error():
    s = sheet(_short_hand(0, 2), _short_hand(0, 2), rules=pub(hand_size=2))
    with pytest.raises(scoring.ScoringError):
        scoring.check(s)


def test_under_rotate_the_lead_does_not_skip_a_seat():
    s = sheet(_short_hand(0, 3), _short_hand(2, 3), rules=pub(hand_size=2), seats=3)
    with pytest.raises(scoring.ScoringError):
        scoring.check(s)


def _cat_chips_out() -> dict:
    # three seats, two tiles each: Ann leads, Cat plays her last tile first
    return hand(play(0, "0-1"), play(1, "1-2", "right"), play(2, "2-3", "right"),
                knock(0), knock(1), play(2, "3-4", "right"))


def test_under_rotate_the_lead_passes_clockwise_whoever_won_the_hand():
    s = sheet(_cat_chips_out(), _short_hand(1, 3), rules=pub(hand_size=2), seats=3)
    result = scoring.check(s)
    assert hand_end(result, 0)["ended"] == "chip-out"
    assert move_events(result, 1)[0]["seat"] == 1


def test_under_rotate_the_winner_of_a_hand_does_not_lead_the_next():
    s = sheet(_cat_chips_out(), _short_hand(2, 3), rules=pub(hand_size=2), seats=3)
    with pytest.raises(scoring.ScoringError):
        scoring.check(s)


def test_the_first_leader_is_whoever_the_sheet_says():
    result = scoring.check(sheet(_short_hand(1, 2), _short_hand(0, 2), rules=pub(hand_size=2)))
    assert move_events(result, 0)[0]["seat"] == 1


def test_a_leader_field_must_match_the_seat_that_puts_the_down():
    h = _short_hand(0, 2)
    h["leader"] = 1
    with pytest.raises(scoring.ScoringError):
        scoring.check(sheet(h, rules=pub(hand_size=2)))


def test_a_leader_field_the_rules_forbid_is_an_error():
    h1 = _short_hand(0, 2)
    h1["leader"] = 0
    with pytest.raises(scoring.ScoringError):
        scoring.check(sheet(_short_hand(0, 2), h1, rules=pub(hand_size=2)))


def _double_led_hand(leader: int) -> dict:
    # 3-3 down, 3-1 right, the leader's last tile 3-2 left
    return hand(play(leader, "3-3"), play(1 - leader, "3-1", "right"), play(leader, "3-2", "left"))


@pytest.mark.parametrize("rules", [pub(leader="double"), preset("network")])
def test_under_leader_double_a_down_that_is_not_a_double_is_an_error(rules):
    with pytest.raises(scoring.ScoringError) as err:
        scoring.check(sheet(hand(play(0, "6-3")), rules=rules))
    assert_names_place(str(err.value), 0, 0, 0)


@pytest.mark.parametrize("rules", [pub(leader="double", hand_size=2), preset("network", hand_size=2)])
def test_under_leader_double_any_seat_may_lead_with_a_double(rules):
    s = sheet(_double_led_hand(1), _double_led_hand(1), _double_led_hand(0), rules=rules)
    result = scoring.check(s)
    assert [e["ended"] for e in hand_ends(result)] == ["chip-out"] * 3
    assert event(result, 0, 0)["total"] == 6


# --- how hands end ----------------------------------------------------------------------

def test_a_hand_ends_by_chip_out_when_a_player_plays_the_last_tile():
    s = sheet(hand(play(0, "6-3"), play(1, "3-3", "right"), play(0, "6-1", "left"),
                   knock(1), play(0, "1-4", "left")), rules=pub(hand_size=3))
    result = scoring.check(s)
    assert [e["type"] for e in result["events"]][-1] == "hand-end"
    end = hand_end(result)
    assert end["ended"] == "chip-out"
    assert end["scores"] == result["events"][-2]["scores"]


def test_a_hand_ends_by_block_when_every_seat_holding_tiles_has_knocked_since_the_last_play():
    s = sheet(hand(play(0, "6-3"), knock(1), knock(2), play(0, "3-5", "right"),
                   knock(1), knock(2), knock(0)), seats=3)
    result = scoring.check(s)
    assert [e["type"] for e in result["events"]].count("hand-end") == 1
    assert hand_end(result)["ended"] == "block"
    assert result["events"][-1]["type"] == "hand-end"


def test_knocks_by_the_others_alone_do_not_block_the_hand():
    s = sheet(hand(play(0, "6-3"), knock(1), knock(2)), seats=3)
    assert hand_end(scoring.check(s))["ended"] == "open"


def test_a_sheet_that_stops_mid_hand_ends_with_an_open_hand_end():
    result = scoring.check(sheet(hand(play(0, "6-3"), play(1, "3-3", "right"))))
    last = result["events"][-1]
    assert (last["type"], last["hand"], last["ended"]) == ("hand-end", 0, "open")
    assert result["winner"] is None
    assert result["scores"] == [3, 4]


def test_a_hand_that_has_not_ended_must_be_the_last():
    s = sheet(hand(play(0, "6-3")), _short_hand(1, 2), rules=pub(hand_size=2))
    with pytest.raises(scoring.ScoringError):
        scoring.check(s)


def test_a_tile_may_come_again_in_a_new_hand():
    s = sheet(_short_hand(0, 2), _short_hand(1, 2), rules=pub(hand_size=2))
    result = scoring.check(s)
    assert move_events(result, 1)[0]["tile"] in ("0-1", "1-0")


def test_each_ended_hand_has_its_hand_end_event_after_its_moves():
    s = sheet(_short_hand(0, 2), _short_hand(1, 2), hand(play(0, "6-3")), rules=pub(hand_size=2))
    result = scoring.check(s)
    kinds = [(e["type"], e["hand"]) for e in result["events"]]
    assert kinds == [("play", 0)] * 3 + [("hand-end", 0)] + [("play", 1)] * 3 + [("hand-end", 1)] \
        + [("play", 2), ("hand-end", 2)]
    assert [e["ended"] for e in hand_ends(result)] == ["chip-out", "chip-out", "open"]


# --- hand sizes --------------------------------------------------------------------------

RUN = [("0-0", None), ("0-1", "right"), ("1-1", "right"), ("1-2", "right"),
       ("2-2", "right"), ("2-3", "right"), ("3-3", "right")]


def _ann_plays_alone(tiles: int, seats: int) -> dict:
    """Ann plays the run tile by tile; everybody else knocks between."""
    moves = []
    for i in range(tiles):
        moves.append(play(0, *RUN[i]))
        if i < tiles - 1:
            moves.extend(knock(s) for s in range(1, seats))
    return hand(*moves)


@pytest.mark.parametrize(("seats", "tiles"), [(2, 7), (3, 5), (4, 5)])
def test_pub_hands_hold_7_tiles_for_two_players_and_5_for_three_or_four(seats, tiles):
    result = scoring.check(sheet(_ann_plays_alone(tiles, seats), seats=seats))
    assert hand_end(result)["ended"] == "chip-out"
    last = move_events(result)[-1]
    assert (last["seat"], last["tile"]) == (0, RUN[tiles - 1][0])


def test_with_two_players_the_fifth_tile_is_not_the_last():
    assert hand_end(scoring.check(sheet(_ann_plays_alone(5, 2))))["ended"] == "open"


@pytest.mark.parametrize("size", [2, 3, 4])
def test_hand_size_as_a_number(size):
    result = scoring.check(sheet(_ann_plays_alone(size, 2), rules=pub(hand_size=size)))
    assert hand_end(result)["ended"] == "chip-out"
    assert len([e for e in move_events(result) if e["type"] == "play"]) == size


@pytest.mark.parametrize(("seats", "size"), [(2, 2), (3, 3), (4, 4)])
def test_hand_size_as_an_object_by_player_count(seats, size):
    rules = pub(hand_size={"2": 2, "3": 3, "4": 4})
    result = scoring.check(sheet(_ann_plays_alone(size, seats), rules=rules, seats=seats))
    assert hand_end(result)["ended"] == "chip-out"
    shorter = scoring.check(sheet(_ann_plays_alone(size - 1, seats), rules=rules, seats=seats))
    assert hand_end(shorter)["ended"] == "open"


def test_shown_tiles_beyond_what_a_hand_holds_are_an_error():
    # hand_size 3: after one play each, a seat holds two tiles, not three
    s = sheet(hand(play(0, "6-3"), play(1, "3-5", "right"), knock(0), knock(1),
                   shown={"0": ["0-0", "1-1"], "1": ["2-2", "4-4", "0-1"]}),
              rules=pub(hand_size=3))
    with pytest.raises(scoring.ScoringError):
        scoring.check(s)


def test_shown_tiles_that_match_what_each_hand_holds_are_accepted():
    s = sheet(hand(play(0, "6-3"), play(1, "3-5", "right"), knock(0), knock(1),
                   shown={"0": ["0-0", "1-1"], "1": ["2-2", "4-4"]}),
              rules=pub(hand_size=3))
    assert hand_end(scoring.check(s))["ended"] == "block"
