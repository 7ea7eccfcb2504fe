"""The incremental interface `scoring.Game` (docs/engine-api.md): one move at a
time gives the same events as `check`."""
from __future__ import annotations

import copy

import pytest

import scoring
from sheets import hand, knock, misplay, play, pub, sheet


def _new(rules=None, seats=("Ann", "Bob"), start=None, partners=False):
    return scoring.Game.new(rules=rules if rules is not None else pub(hand_size=3),
                            seats=list(seats), partners=partners, start=start)


def _apply_all(game, moves):
    events = []
    for move in moves:
        game, new = game.apply(move)
        events.extend(new)
    return game, events


def test_applying_the_example_move_by_move_gives_the_events_of_check(scoresheet_example):
    sheet_, expected = scoresheet_example
    game = _new(rules=sheet_["rules"], seats=sheet_["seats"])
    game, events = _apply_all(game, sheet_["hands"][0]["moves"])
    moves_only = [e for e in events if e["type"] != "hand-end"]
    assert moves_only == expected["events"][:-1]
    assert events[-1]["type"] == "hand-end"
    assert events[-1]["ended"] == "block"
    assert game.status == "hand-ended"
    game, shown_events = game.show(sheet_["hands"][0]["shown"])
    assert shown_events == [expected["events"][-1]]
    assert game.events == expected["events"]
    assert game.scores == [0, 0]


def test_the_hand_end_before_anything_is_shown_judges_no_false_knock(scoresheet_example):
    sheet_, _ = scoresheet_example
    game, events = _apply_all(_new(rules=sheet_["rules"]), sheet_["hands"][0]["moves"])
    end = events[-1]
    assert end["false_knocks"] == []
    assert end["penalties"] == []
    assert end["scores"] == [5, 0]
    assert game.scores == [5, 0]


# Ann 6-3; Bob knocks (holding 3-1 or not: see the shown tiles); Ann 3-5 right; Bob
# knocks; Ann knocks: a block.
BLOCK = [play(0, "6-3"), knock(1), play(0, "3-5", "right"), knock(1), knock(0)]
GUILTY = {"0": ["0-0"], "1": ["3-1", "2-2", "4-4"]}
INNOCENT = {"0": ["0-0"], "1": ["1-1", "2-2", "4-4"]}


def test_show_after_a_block_gives_the_hand_end_with_the_false_knocks():
    game, _ = _apply_all(_new(start=[0, 10]), BLOCK)
    game, events = game.show(GUILTY)
    assert len(events) == 1
    end = events[0]
    assert (end["type"], end["hand"], end["ended"]) == ("hand-end", 0, "block")
    assert end["false_knocks"] == [{"seat": 1, "move": 1, "tiles": ["3-1"]}]
    assert end["penalties"] == [{"offence": "false-knock", "side": 1, "points": -5}]
    assert game.scores == [3, 5]


def test_a_second_show_replaces_the_first():
    game, _ = _apply_all(_new(start=[0, 10]), BLOCK)
    game, _ = game.show(GUILTY)
    game, events = game.show(INNOCENT)
    assert events[0]["false_knocks"] == []
    assert events[0]["penalties"] == []
    assert game.scores == [3, 10]
    assert [e for e in game.events if e["type"] == "hand-end"] == events
    game, events = game.show(GUILTY)
    assert game.scores == [3, 5]
    assert [e for e in game.events if e["type"] == "hand-end"] == events


def test_show_matches_check_of_the_same_sheet():
    game, _ = _apply_all(_new(start=[0, 10]), BLOCK)
    game, _ = game.show(GUILTY)
    expected = scoring.check(sheet(hand(*BLOCK, shown=GUILTY), rules=pub(hand_size=3), start=[0, 10]))
    assert game.events == expected["events"]
    assert game.scores == expected["scores"]


def test_show_on_a_hand_still_being_played_raises():
    game, _ = _apply_all(_new(), BLOCK[:3])
    assert game.status == "playing"
    with pytest.raises(scoring.ScoringError):
        game.show(GUILTY)


def test_show_after_the_game_is_won_raises():
    game, _ = _apply_all(_new(start=[59, 0]), [play(0, "0-1"), play(1, "1-2", "right"),
                                                play(0, "0-4", "left")])
    assert game.status == "won"
    assert game.winner == 0
    assert game.turn is None
    with pytest.raises(scoring.ScoringError):
        game.show({"1": ["6-6", "5-5"]})


def test_a_move_after_the_game_is_won_raises():
    game, _ = _apply_all(_new(start=[59, 0]), [play(0, "0-1"), play(1, "1-2", "right"),
                                                play(0, "0-4", "left")])
    with pytest.raises(scoring.ScoringError):
        game.apply(play(1, "2-3", "right"))


def test_the_first_move_after_a_hand_has_ended_starts_the_next_hand():
    game, _ = _apply_all(_new(), BLOCK)
    assert game.hand == 0
    game, events = game.apply(play(1, "6-6"))
    assert game.hand == 1
    assert game.status == "playing"
    assert events[0]["hand"] == 1 and events[0]["move"] == 0
    assert game.moves_in_hand == 1
    assert game.held(1) == 2
    assert game.held(0) == 3


# --- state ----------------------------------------------------------------------------------

def test_a_game_is_immutable():
    game = _new()
    after, events = game.apply(play(0, "6-3"))
    assert events[0]["scores"] == [3, 0]
    assert after.scores == [3, 0]
    assert game.scores == [0, 0]
    assert game.moves_in_hand == 0
    assert game.events == []


def test_a_rejected_move_leaves_the_game_as_it_was():
    game, _ = _apply_all(_new(), [play(0, "6-3")])
    with pytest.raises(scoring.ScoringError):
        game.apply(play(1, "2-4", "right"))
    after, _ = game.apply(play(1, "3-3", "right"))
    assert after.scores == [3, 4]


def test_the_properties_describe_the_position():
    game, _ = _apply_all(_new(), [play(0, "6-3"), play(1, "3-3", "right")])
    assert game.status == "playing"
    assert game.hand == 0
    assert game.turn == 0
    assert game.ends == [6, 3]
    assert game.scores == [3, 4]
    assert game.winner is None
    assert game.sides == [[0], [1]]
    assert game.seats == ["Ann", "Bob"]
    assert game.rules == pub(hand_size=3)
    assert (game.held(0), game.held(1)) == (2, 2)
    assert game.moves_in_hand == 2


def test_a_new_game_has_an_empty_table_and_any_seat_may_lead():
    game = _new()
    assert game.ends == []
    assert game.turn is None
    assert game.scores == [0, 0]


def test_a_new_game_takes_start_scores_and_partners():
    game = _new(seats=("Ann", "Bob", "Cat", "Dan"), partners=True, start=[10, 20])
    assert game.sides == [[0, 2], [1, 3]]
    assert game.scores == [10, 20]


@pytest.mark.parametrize("rules", [None, "pagat"])
def test_rules_may_be_a_preset_name_or_none(rules):
    game = scoring.Game.new(rules=rules, seats=["Ann", "Bob"], partners=False, start=None)
    game, events = game.apply(play(0, "6-3"))
    assert events[0]["award"] == 3


def _closed(events):
    return [e for e in events if not (e["type"] == "hand-end" and e["ended"] == "open")]


def test_to_sheet_round_trips_through_check():
    game, _ = _apply_all(_new(start=[0, 10]), BLOCK)
    game, _ = game.show(GUILTY)
    game, _ = game.apply(play(1, "6-6"))
    result = scoring.check(game.to_sheet())
    # check closes the unfinished last hand with an "open" hand-end; compare the rest
    assert _closed(result["events"]) == _closed(game.events)
    assert len(_closed(result["events"])) == 7
    assert result["scores"] == game.scores


def test_from_sheet_replays_the_sheet_with_its_shown_tiles(scoresheet_example):
    sheet_, expected = scoresheet_example
    game = scoring.Game.from_sheet(copy.deepcopy(sheet_))
    assert game.events == expected["events"]
    assert game.scores == expected["scores"]
    assert game.status == "hand-ended"


# --- options -----------------------------------------------------------------------------------

def _plain(options):
    """Options with `ends` as a list, sorted by end: the content, whatever the sequence type."""
    return sorted(({**o, "ends": list(o["ends"])} for o in options), key=lambda o: str(o["end"]))


def test_options_list_each_end_and_what_it_would_score():
    # 6-3, 3-1 right: the ends are 6 and 1; 6-1 fits both
    game, _ = _apply_all(_new(), [play(0, "6-3"), play(1, "3-1", "right")])
    assert _plain(game.options("6-1")) == [
        {"end": "left", "ends": [1, 1], "total": 2, "award": 0, "bonus": 0, "bust": False, "worth": 0},
        {"end": "right", "ends": [6, 6], "total": 12, "award": 4, "bonus": 0, "bust": False, "worth": 4},
    ]


def test_options_for_a_tile_that_fits_one_end():
    game, _ = _apply_all(_new(), [play(0, "6-3"), play(1, "3-1", "right")])
    assert _plain(game.options("6-6")) == [
        {"end": "left", "ends": [12, 1], "total": 13, "award": 0, "bonus": 0, "bust": False, "worth": 0},
    ]


def test_options_for_a_tile_that_fits_no_end_are_empty():
    game, _ = _apply_all(_new(), [play(0, "6-3"), play(1, "3-1", "right")])
    assert game.options("2-4") == []


def test_options_for_the_down():
    options = _new().options("6-3")
    assert len(options) == 1
    assert options[0]["end"] is None
    assert (options[0]["total"], options[0]["award"], options[0]["worth"]) == (9, 3, 3)


def test_options_show_what_the_target_would_void():
    # 0-1 down, 1-2 right: 0-4 on the left leaves 4 + 2 = 6, worth 2
    moves = [play(0, "0-1"), play(1, "1-2", "right")]
    game, _ = _apply_all(_new(start=[59, 0]), moves)
    assert _plain(game.options("0-4")) == [
        {"end": "left", "ends": [4, 2], "total": 6, "award": 2, "bonus": 0, "bust": False, "worth": 2},
    ]
    game, _ = _apply_all(_new(start=[60, 0]), moves)
    assert _plain(game.options("0-4")) == [
        {"end": "left", "ends": [4, 2], "total": 6, "award": 2, "bonus": 0, "bust": True, "worth": 0},
    ]


def test_options_count_the_chip_out_bonus_of_a_last_tile():
    game, _ = _apply_all(_new(rules={"preset": "pagat", "hand_size": 2}),
                         [play(0, "0-1"), play(1, "1-2", "right")])
    assert game.held(0) == 1
    assert _plain(game.options("0-4")) == [
        {"end": "left", "ends": [4, 2], "total": 6, "award": 2, "bonus": 1, "bust": False, "worth": 3},
    ]


def test_an_option_has_the_fields_of_the_play_event_it_foretells():
    game, _ = _apply_all(_new(), [play(0, "6-3"), play(1, "3-1", "right")])
    option = next(o for o in game.options("6-1") if o["end"] == "right")
    _, events = game.apply(play(0, "6-1", "right"))
    assert option == {key: events[0][key] for key in option}


@pytest.mark.parametrize("tile", ["6-3", "3-6", "7-2", "nonsense"])
def test_options_reject_a_played_or_malformed_tile(tile):
    game, _ = _apply_all(_new(), [play(0, "6-3"), play(1, "3-1", "right")])
    with pytest.raises(scoring.ScoringError):
        game.options(tile)


# --- whole sheets, move by move ---------------------------------------------------------------

def _replay(s):
    """Apply a sheet's moves one at a time, showing each hand's tiles where it has them."""
    game = scoring.Game.new(rules=s.get("rules"), seats=s["seats"], partners=s.get("partners", False),
                            start=s.get("start"))
    returned = []
    for h in s["hands"]:
        for move in h["moves"]:
            game, new = game.apply(move)
            returned.extend(new)
        if "shown" in h and game.status == "hand-ended":
            game, new = game.show(h["shown"])
            assert returned[-1]["type"] == "hand-end"
            returned[-1:] = new
    return game, returned


SHEETS = {
    "two hands, rotating": sheet(
        hand(play(0, "6-3"), knock(1), play(0, "3-5", "right"), knock(1), knock(0), shown=GUILTY),
        hand(play(1, "0-1"), play(0, "1-2", "right"), play(1, "0-4", "left")),
        rules=pub(hand_size=3), start=[0, 10]),
    "partners to a chip-out": sheet(
        hand(play(0, "0-1"), play(1, "1-2", "right"), play(2, "2-3", "right"), play(3, "3-4", "right"),
             play(0, "0-5", "left"), knock(1), knock(2), play(3, "4-6", "right"), play(1, "5-3", "left"),
             shown={"2": ["6-6"]}),
        hand(play(1, "6-6", peg=4)),
        seats=4, partners=True, rules={"preset": "pagat", "hand_size": 2}),
    "won mid-hand": sheet(
        hand(play(0, "0-1"), misplay(1, "2-4"), play(1, "1-2", "right", peg=0), play(0, "0-4", "left", peg=2),
             shown={"1": ["2-4"]}),
        start=[59, 0]),
}


@pytest.mark.parametrize("name", list(SHEETS))
def test_a_sheet_applied_move_by_move_gives_the_events_of_check(name):
    s = SHEETS[name]
    game, returned = _replay(s)
    expected = scoring.check(s)
    assert _closed(returned) == _closed(expected["events"])
    assert _closed(game.events) == _closed(expected["events"])
    assert game.scores == expected["scores"]
    assert game.winner == expected["winner"]
