"""Match formats and points schemes as data: an exact round trip for every
preset and for generated ones, and every problem with bad data named, where
it is, in a sentence.  No database.
"""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.formats import (
    FORMATS,
    SCHEMES,
    FormatError,
    FormatsError,
    LosingBonus,
    MatchFormat,
    PointsScheme,
    Rubber,
    SchemeError,
    Walkover,
    format_from_data,
    format_problems,
    format_to_data,
    scheme_from_data,
    scheme_problems,
    scheme_to_data,
)
from league.formats import data as data_module
from scoring import Rules

# Round trips.

@pytest.mark.parametrize("key", list(FORMATS))
def test_every_format_preset_comes_back_from_its_data_unchanged(key: str) -> None:
    data = format_to_data(FORMATS[key])
    assert format_from_data(json.loads(json.dumps(data))) == FORMATS[key]


@pytest.mark.parametrize("key", list(SCHEMES))
def test_every_scheme_preset_comes_back_from_its_data_unchanged(key: str) -> None:
    data = scheme_to_data(SCHEMES[key])
    assert scheme_from_data(json.loads(json.dumps(data))) == SCHEMES[key]


RULE_CHANGES = st.dictionaries(
    st.sampled_from(["target", "hand_size", "penalties", "finish", "down_can_win"]), st.none(), max_size=3,
).flatmap(lambda keys: st.fixed_dictionaries({key: {
    "target": st.sampled_from([61, 121, 31]),
    "hand_size": st.one_of(st.integers(5, 9), st.dictionaries(st.sampled_from(["2", "3", "4"]),
                                                               st.integers(5, 9), min_size=1)),
    "penalties": st.dictionaries(st.sampled_from(["misplay", "over-peg", "false-knock"]),
                                 st.sampled_from(["deduct 5", "award 10", "none"]), min_size=1),
    "finish": st.sampled_from(["exact", "reach"]),
    "down_can_win": st.booleans(),
}[key] for key in keys}))

RUBBERS = st.one_of(
    st.builds(lambda kind, best_of, rules: {"kind": kind, "best_of": best_of, "rules": rules,
                                            "game": "fives-and-threes"},
              st.sampled_from(["singles", "pairs"]), st.sampled_from([1, 3, 5]), RULE_CHANGES),
    # A block-dominoes rubber is unchecked: it changes no rules.
    st.builds(lambda kind, best_of: {"kind": kind, "best_of": best_of, "rules": {}, "game": "block"},
              st.sampled_from(["singles", "pairs"]), st.sampled_from([1, 3])),
)


@st.composite
def format_data(draw: st.DrawFn) -> dict[str, Any]:
    rubbers = draw(st.lists(RUBBERS, min_size=1, max_size=10))
    places = sum(1 if r["kind"] == "singles" else 2 for r in rubbers)
    return {
        "key": "own:cup", "name": draw(st.text(min_size=1, max_size=20).filter(str.strip)),
        "rubbers": rubbers,
        "max_singles": draw(st.one_of(st.none(), st.integers(1, 10))),
        "max_pairs": draw(st.one_of(st.none(), st.integers(1, 10))),
        "min_players": draw(st.integers(1, places)),
        "pairs": draw(st.sampled_from(["named", "drawn"])),
        "substitutes": draw(st.integers(0, 5)),
        "concede_score": draw(st.one_of(st.none(), st.integers(1, 121))),
    }


@given(format_data())
def test_any_format_the_data_allows_round_trips_exactly(data: dict[str, Any]) -> None:
    problems = format_problems(data)
    if problems:  # the limits can leave no sheet possible: then it says so
        assert [p.where for p in problems] == ["max_singles"]
        return
    fmt = format_from_data(data)
    assert format_to_data(fmt) == data
    assert format_from_data(json.loads(json.dumps(format_to_data(fmt)))) == fmt
    hash(fmt)  # still usable as a key


@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.integers(0, 3),
       st.one_of(st.none(), st.tuples(st.integers(1, 3), st.integers(1, 4))), st.integers(0, 9), st.integers(0, 9))
def test_any_scheme_round_trips_exactly(loss: int, draw_extra: int, win_extra: int, per_game: int,
                                        bonus: tuple[int, int] | None, lost: int, extra: int) -> None:
    draw = loss + (bonus[0] if bonus else 0) + draw_extra
    scheme = PointsScheme("own:s", "S", win=draw + win_extra, draw=draw, loss=loss, per_game=per_game,
                          losing_bonus=LosingBonus(*bonus) if bonus else None,
                          walkover=Walkover(score=(lost + extra, lost), loser_points=min(loss, 1)))
    assert scheme_from_data(json.loads(json.dumps(scheme_to_data(scheme)))) == scheme


def test_a_rubbers_rule_changes_reach_the_engine_as_objects() -> None:
    fmt = format_from_data({"key": "k", "name": "K", "rubbers": [
        {"kind": "pairs", "rules": {"target": 121, "hand_size": {"4": 6}, "penalties": {"misplay": "deduct 10"}}}]})
    rules = Rules.parse(fmt.rubbers[0].rules_over("pub"))
    assert (rules.target, rules.hand_size_for(4), rules.penalties.misplay.amount) == (121, 6, 10)


def test_left_out_fields_take_their_defaults() -> None:
    fmt = format_from_data({"key": "k", "name": "K", "rubbers": [{"kind": "singles"}]})
    assert fmt == MatchFormat("k", "K", (Rubber("singles"),))
    assert (fmt.pairs, fmt.substitutes, fmt.min_players) == ("named", 0, 1)
    assert scheme_from_data({"key": "k", "name": "K", "win": 2, "draw": 1, "loss": 0}) == \
        PointsScheme("k", "K", win=2, draw=1, loss=0)


# Problems: where, and what.

GOOD_FORMAT: dict[str, Any] = {"key": "own:cup", "name": "Cup", "rubbers": [{"kind": "singles"}, {"kind": "pairs"}]}
GOOD_SCHEME: dict[str, Any] = {"key": "own:cup", "name": "Cup", "win": 3, "draw": 1, "loss": 0}


@pytest.mark.parametrize(("change", "where", "words"), [
    ({"name": ""}, "name", "The name is some text"),
    ({"rubbers": []}, "rubbers", "at least one rubber"),
    ({"rubbers": [{"kind": "singles"}] * 31}, "rubbers", "at most 30 rubbers"),
    ({"rubbers": [{"kind": "triples"}]}, "rubbers.1.kind", "Rubber 1 is singles or pairs, not \"triples\""),
    ({"rubbers": [{"kind": "singles"}, {"kind": "pairs", "best_of": 2}]}, "rubbers.2.best_of", "odd number"),
    ({"rubbers": [{"kind": "singles", "best_of": True}]}, "rubbers.1.best_of", "odd number"),
    ({"rubbers": [{"kind": "singles", "rules": {"target": 0}}]}, "rubbers.1.rules", "target must be"),
    ({"rubbers": [{"kind": "singles", "rules": {"preset": "jaques"}}]}, "rubbers.1.rules", "cannot change the preset"),
    ({"rubbers": [{"kind": "singles", "rules": {"colour": "red"}}]}, "rubbers.1.rules", "unknown rule key 'colour'"),
    ({"rubbers": [{"kind": "singles", "rules": [["target", 61]]}]}, "rubbers.1.rules", "an object of rule keys"),
    ({"rubbers": [{"kind": "singles", "colour": 1}]}, "rubbers.1", "has no field 'colour'"),
    ({"max_singles": 0}, "max_singles", "from 1"),
    ({"max_pairs": "two"}, "max_pairs", "or empty for no limit"),
    ({"min_players": 4}, "min_players", "The fewest players a team fields must be from 1 to 3"),
    ({"max_singles": 1, "rubbers": [{"kind": "singles"}] * 3, "min_players": 1}, "", None),
    ({"pairs": "chosen"}, "pairs", "\"named\" on the team sheet or \"drawn\""),
    ({"substitutes": -1}, "substitutes", "from 0"),
    ({"colour": "red"}, "", "has no field 'colour'"),
])
def test_each_problem_with_a_format_is_named_where_it_is(change: dict[str, Any], where: str,
                                                         words: str | None) -> None:
    problems = format_problems({**GOOD_FORMAT, **change})
    if words is None:
        assert problems == []
        return
    assert [p.where for p in problems] == [where]
    assert words in problems[0].message
    assert problems[0].message.endswith(".")
    with pytest.raises(FormatError, match="."):
        format_from_data({**GOOD_FORMAT, **change})


def test_every_problem_is_listed_at_once() -> None:
    problems = format_problems({**GOOD_FORMAT, "name": "", "substitutes": "x",
                                "rubbers": [{"kind": "x", "best_of": 4, "rules": {"target": -1}}]})
    assert [p.where for p in problems] == ["name", "rubbers.1.kind", "rubbers.1.best_of", "rubbers.1.rules",
                                           "substitutes"]


@pytest.mark.parametrize(("change", "where", "words"), [
    ({"win": -1}, "win", "A win is worth a whole number"),
    ({"draw": 1.5}, "draw", "A draw is worth"),
    ({"loss": None}, "loss", "A defeat is worth"),
    ({"per_game": True}, "per_game", "A game won is worth"),
    ({"win": 1, "draw": 2}, "draw", "A win (1) must be worth at least a draw (2)"),
    ({"losing_bonus": {"points": 4, "within": 1}}, "draw", "bonus 4"),
    ({"losing_bonus": {"points": 0, "within": 1}}, "losing_bonus.points", "at least 1"),
    ({"losing_bonus": {"points": 1, "within": 0}}, "losing_bonus.within", "at least 1"),
    ({"losing_bonus": {"points": 1}}, "losing_bonus", "points and within"),
    ({"walkover": {"score": [4, 5]}}, "walkover.score", "must favour the team that turned up"),
    ({"walkover": {"score": [5]}}, "walkover.score", "two whole numbers"),
    ({"walkover": {"score": [5, 4], "loser_points": 1}}, "walkover", "must favour the team that turned up"),
    ({"walkover": {"score": [5, 4], "loser_points": -1}}, "walkover.loser_points", "0 or more"),
    ({"walkover": {"score": [5, 4], "bonus": 1}}, "walkover", "a score and loser_points"),
])
def test_each_problem_with_a_scheme_is_named_where_it_is(change: dict[str, Any], where: str, words: str) -> None:
    problems = scheme_problems({**GOOD_SCHEME, **change})
    assert [p.where for p in problems] == [where]
    assert words in problems[0].message
    with pytest.raises(SchemeError):
        scheme_from_data({**GOOD_SCHEME, **change})


@pytest.mark.parametrize("data", [None, [], "leek", 3])
def test_data_that_is_not_an_object_is_refused_in_a_sentence(data: Any) -> None:
    assert [p.where for p in format_problems(data)] == [""]
    assert [p.where for p in scheme_problems(data)] == [""]
    with pytest.raises(FormatsError):
        format_from_data(data)


def test_pairs_drawn_and_substitutes_are_checked_on_the_format_itself() -> None:
    with pytest.raises(FormatError, match="named"):
        MatchFormat("k", "K", (Rubber("pairs"),), pairs="picked")  # type: ignore[arg-type]
    with pytest.raises(FormatError, match="substitutes"):
        MatchFormat("k", "K", (Rubber("pairs"),), substitutes=-1)


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(data_module).failed == 0
