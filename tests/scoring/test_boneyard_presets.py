"""The presets `jaques` (the Jaques of London text) and `threes-and-fives`
(the Threes and Fives text of domino-play) exactly as in the presets' table
of docs/scoresheet.md, key by key, and the Jaques text's variations "Fives
Only" and "Threes Only" written as `{"preset": "jaques", "scoring": ...}`.
"""
from __future__ import annotations

import pytest

import scoring
from sheets import event, hand, hand_end, knock, play, preset, sheet

# docs/scoresheet.md's presets' table, the jaques and threes-and-fives columns
TABLE = {
    "jaques": {
        "partners": "optional", "hand_size": {2: 7, 3: 5, 4: 5}, "drawing": True,
        "layout": "line", "doubles": "single", "scoring": "fives-and-threes", "target": 61,
        "finish": "reach", "down_can_win": True, "chip_out_bonus": 0,
        "block": "lowest-rounded", "domino": "none", "leader": "rotate",
    },
    "threes-and-fives": {
        "partners": "no", "hand_size": {2: 7, 3: 7, 4: 7}, "drawing": True,
        "layout": "spinners", "doubles": "both", "scoring": "multiples", "target": 251,
        "finish": "reach", "down_can_win": True, "chip_out_bonus": 0,
        "block": "pips", "domino": "pips", "leader": "double",
    },
}
KEYS = ["partners", "hand_size", "drawing", "layout", "doubles", "scoring", "target", "finish",
        "down_can_win", "chip_out_bonus", "block", "domino", "leader"]


def _value(rules: scoring.Rules, key: str):
    if key == "hand_size":
        return {players: rules.hand_size_for(players) for players in (2, 3, 4)}
    return getattr(rules, key)


@pytest.mark.parametrize("name", sorted(TABLE))
@pytest.mark.parametrize("key", KEYS)
def test_a_preset_holds_the_value_of_the_rules_md_table(name, key):
    assert _value(scoring.Rules.parse(name), key) == TABLE[name][key]


@pytest.mark.parametrize("name", sorted(TABLE))
@pytest.mark.parametrize("written", ["name", "object"])
def test_a_preset_reads_the_same_by_name_and_as_an_object(name, written):
    rules = scoring.Rules.parse(name if written == "name" else {"preset": name})
    assert {key: _value(rules, key) for key in KEYS} == TABLE[name]
    assert rules.preset == name


@pytest.mark.parametrize("variation", ["fives", "threes"])
def test_001_the_fives_only_and_threes_only_variations_change_the_scoring_and_nothing_else(variation):
    rules = scoring.Rules.parse({"preset": "jaques", "scoring": variation})
    expected = {**TABLE["jaques"], "scoring": variation}
    assert {key: _value(rules, key) for key in KEYS} == expected


@pytest.mark.parametrize(("key", "value"), [
    ("target", 121),                 # Jaques "Extended Target (121 Points)"
    ("layout", "spinner"),           # Threes and Fives "the first initially set double ... the only spinner"
    ("layout", "line"),              # Threes and Fives "Sometimes played with no doubles as spinners"
    ("doubles", "both"),
    ("hand_size", {"2": 9}),
])
@pytest.mark.parametrize("name", sorted(TABLE))
def test_every_key_of_a_preset_can_be_overridden(name, key, value):
    rules = scoring.Rules.parse({"preset": name, key: value})
    expected = dict(TABLE[name])
    expected[key] = ({**expected["hand_size"], 2: 9} if key == "hand_size" else value)
    assert {k: _value(rules, k) for k in KEYS} == expected


# --- the presets at play -------------------------------------------------------------------

# (down, total) and its award under fives-and-threes (jaques), fives, threes;
# under jaques a double counts its face value once (the Jaques text)
VARIATIONS = [
    ("6-4", 10, (2, 2, 0)),
    ("6-3", 9, (3, 0, 3)),
    ("5-1", 6, (2, 0, 2)),
    ("5-0", 5, (1, 1, 0)),
    ("6-6", 6, (2, 0, 2)),
    ("5-5", 5, (1, 1, 0)),
    ("3-3", 3, (1, 0, 1)),
    ("6-5", 11, (0, 0, 0)),
]


@pytest.mark.parametrize(("index", "variation"), [(0, None), (1, "fives"), (2, "threes")],
                         ids=["fives-and-threes", "fives-only", "threes-only"])
@pytest.mark.parametrize(("down", "total", "awards"), VARIATIONS, ids=[v[0] for v in VARIATIONS])
def test_001_a_down_scores_under_jaques_and_its_variations(down, total, awards, index, variation):
    rules = preset("jaques", scoring=variation) if variation else "jaques"
    played = event(scoring.check(sheet(hand(play(0, down)), rules=rules)), 0, 0)
    assert played["total"] == total
    assert played["award"] == awards[index]


@pytest.mark.parametrize(("variation", "points"), [(None, 5), ("fives", 2), ("threes", 3)])
def test_001_a_line_scores_under_jaques_and_its_variations(variation, points):
    # 3-6 then 6-6 at the right: 3 + 6 (face value) = 9; then 3-4 on the left: 4 + 6 = 10
    rules = preset("jaques", scoring=variation) if variation else "jaques"
    s = sheet(hand(play(0, "3-6"), play(1, "6-6", "right"), play(0, "3-4", "left")), rules=rules)
    events = [e for e in scoring.check(s)["events"] if e["type"] == "play"]
    assert [e["total"] for e in events] == [9, 9, 10]
    assert sum(e["award"] for e in events if e["seat"] == 0) == points


def test_001_jaques_is_won_on_passing_61():
    result = scoring.check(sheet(hand(play(0, "6-3")), rules="jaques", start=[59, 0]))
    assert result["scores"] == [62, 0]  # 9: 3 points, the down may win
    assert result["winner"] == 0
    assert hand_end(result)["ended"] == "won"


def test_004_threes_and_fives_is_won_on_reaching_251_even_with_the_down():
    result = scoring.check(sheet(hand(play(0, "5-5")), rules="threes-and-fives", start=[245, 0]))
    assert result["scores"] == [255, 0]
    assert result["winner"] == 0


def test_004_threes_and_fives_is_not_won_below_251():
    result = scoring.check(sheet(hand(play(0, "5-5")), rules="threes-and-fives", start=[240, 0]))
    assert result["scores"] == [250, 0]
    assert result["winner"] is None


def test_004_the_down_must_be_a_double_under_threes_and_fives():
    with pytest.raises(scoring.IllegalPlay):
        scoring.check(sheet(hand(play(0, "6-5")), rules="threes-and-fives"))
    # any seat may lead it (who holds the heaviest double cannot be known)
    result = scoring.check(sheet(hand(play(1, "3-3")), rules="threes-and-fives"))
    assert result["scores"] == [0, 6]


def test_001_under_jaques_the_lead_rotates_and_any_tile_may_lead():
    first = hand(play(1, "6-5"), knock(0), knock(1))
    with pytest.raises(scoring.IllegalPlay):  # a knock with 14 tiles in the boneyard
        scoring.check(sheet(first, rules="jaques"))
    moves = [play(1, "6-5"), {"seat": 0, "draw": 14}, knock(0), knock(1)]
    result = scoring.check(sheet(hand(*moves), hand(play(0, "1-2")), rules="jaques"))
    assert hand_end(result, 0)["ended"] == "block"
    with pytest.raises(scoring.ScoringError):  # the lead passes to seat 0, not back to 1
        scoring.check(sheet(hand(*moves), hand(play(1, "1-2")), rules="jaques"))


@pytest.mark.parametrize(("name", "allowed"), [("jaques", True), ("threes-and-fives", False)])
def test_partners_at_four_seats_as_the_table_says(name, allowed):
    scoring.Game.new(rules=name, seats=["Ann", "Bob", "Cat", "Dan"], partners=False)
    if allowed:
        game = scoring.Game.new(rules=name, seats=["Ann", "Bob", "Cat", "Dan"], partners=True)
        assert game.sides == [[0, 2], [1, 3]]
    else:
        with pytest.raises(scoring.ScoringError):
            scoring.Game.new(rules=name, seats=["Ann", "Bob", "Cat", "Dan"], partners=True)


@pytest.mark.parametrize("name", sorted(TABLE))
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_preset_deals_its_hand_size(name, seats):
    game = scoring.Game.new(rules=name, seats=["Ann", "Bob", "Cat", "Dan"][:seats])
    assert [game.held(s) for s in range(seats)] == [TABLE[name]["hand_size"][seats]] * seats
    assert game.boneyard == 28 - seats * TABLE[name]["hand_size"][seats]
