"""Properties of whole games: random games played through the engine.

Each example is a game dealt and played at random by ``scoring.simulate``
under a drawn rule set (a preset, overrides, 2-4 seats, partners, with and
without table mistakes). The properties compare the incremental ``Game``
with ``scoring.check`` on the same moves, and check what must hold of any
adjudicated game. A failing example prints its scoresheet (``note``), so it
can be saved and run with ``python -m scoring check``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from property_examples import examples

import scoring
from scoring import simulate
from scoring.simulate import play_out
from sheets import run_examples

Sheet = dict[str, Any]

# What the presets of docs/scoresheet.md say of finishing, and who may play in pairs.
TARGETS = {"pub": 61, "pagat": 61, "jaques": 61, "network": 61, "threes-and-fives": 251}
REACH = {"jaques", "threes-and-fives"}  # the presets that finish on reaching the target
PARTNERS = {"pub": "optional", "pagat": "required", "jaques": "optional", "network": "no",
            "threes-and-fives": "no"}
MAX_HANDS = 30  # a game nobody can finish (multiples to an exact target) stops here
ACTIONS = ("deduct 5", "deduct 8", "back-or-award 8", "award 5", "none")

GAMES = settings(max_examples=examples(40), deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@dataclass(frozen=True)
class Table:
    """The setting of one random game: what ``play_out`` needs, and a seed."""

    rules: dict[str, Any]
    seats: int
    partners: bool
    mistakes: float
    seed: int

    def play(self, max_hands: int = MAX_HANDS) -> tuple[Sheet, scoring.Game]:
        sheet, game = play_out(random.Random(self.seed), self.rules, self.seats, self.partners,
                               self.mistakes, max_hands=max_hands)
        note(json.dumps(sheet))
        return sheet, game

    @property
    def target(self) -> int:
        return int(self.rules.get("target", TARGETS[self.rules["preset"]]))

    @property
    def exact(self) -> bool:
        finish = "reach" if self.rules["preset"] in REACH else "exact"
        return bool(self.rules.get("finish", finish) == "exact")


@st.composite
def penalties(draw: st.DrawFn, /, two_sides: bool) -> dict[str, str]:
    """A penalty policy: some offences given an action, perhaps an under-peg policy."""
    actions = st.sampled_from(ACTIONS + (("lose-game",) if two_sides else ()))
    chosen = draw(st.fixed_dictionaries({}, optional={
        "false-knock": actions, "misplay": actions, "over-peg": actions,
        "under-peg": st.sampled_from(["forfeit", "correct", "muggins"]),
    }))
    return dict(chosen)


@st.composite
def tables(draw: st.DrawFn, /, **fixed: Any) -> Table:
    """A preset, seats and partners it allows, overrides, a mistake rate and a seed."""
    preset = draw(st.sampled_from(sorted(TARGETS)))
    seats = draw(st.integers(2, 4))
    pairs = PARTNERS[preset]
    partners = seats == 4 and (pairs == "required" or (pairs == "optional" and draw(st.booleans())))
    overrides = draw(st.fixed_dictionaries({}, optional={
        "target": st.sampled_from([31, 61, 121]),
        "finish": st.sampled_from(["exact", "reach"]),
        "chip_out_bonus": st.sampled_from([0, 1]),
        "doubles": st.sampled_from(["both", "single"]),
        "scoring": st.sampled_from(["fives-and-threes", "fives", "threes", "multiples"]),
        "down_can_win": st.booleans(),
        "leader": st.sampled_from(["rotate", "double"]),
        "drawing": st.booleans(),
        "layout": st.sampled_from(["line", "spinner", "spinners"]),
        "block": st.sampled_from(["none", "lowest-rounded", "pips"]),
        "domino": st.sampled_from(["none", "pips"]),
        "hand_size": st.integers(3, 28 // seats),
        "penalties": penalties(two_sides=seats == 2 or partners),
    }))
    rules = {"preset": preset, **overrides, **fixed}
    mistakes = draw(st.sampled_from([0.0, 0.0, 0.05, 0.25]))
    return Table(rules, seats, partners, mistakes, draw(st.integers(0, 2**32 - 1)))


# The boneyard and spinner games: the two presets as docs/scoresheet.md gives
# them, and the pub game with either spinner layout.
BONEYARD_RULES = [{"preset": "jaques"}, {"preset": "threes-and-fives"},
                  {"preset": "pub", "layout": "spinner"}, {"preset": "pub", "layout": "spinners"}]


@st.composite
def boneyard_tables(draw: st.DrawFn, /, **fixed: Any) -> Table:
    """A boneyard or spinner preset with at most a target, a finish or a scoring changed."""
    base = draw(st.sampled_from(BONEYARD_RULES))
    seats = draw(st.integers(2, 4))
    pairs = PARTNERS[base["preset"]]
    partners = seats == 4 and pairs == "optional" and draw(st.booleans())
    overrides = draw(st.fixed_dictionaries({}, optional={
        "target": st.sampled_from([31, 61, 121]),
        "finish": st.sampled_from(["exact", "reach"]),
        "scoring": st.sampled_from(["fives", "threes"]),
    }))
    rules = {**base, **overrides, **fixed}
    mistakes = draw(st.sampled_from([0.0, 0.0, 0.05, 0.25]))
    return Table(rules, seats, partners, mistakes, draw(st.integers(0, 2**32 - 1)))


def any_tables(**fixed: Any) -> st.SearchStrategy[Table]:
    return st.one_of(tables(**fixed), boneyard_tables(**fixed))


def cut(sheet: Sheet, hand: int, moves: int | None) -> Sheet:
    """The sheet as it stood after ``moves`` moves of ``hand`` (None: after its showing).

    Cut mid-hand, or before the showing, the last hand has no ``shown``.
    """
    hands = [dict(h) for h in sheet["hands"][:hand + 1]]
    if moves is not None:
        hands[-1]["moves"] = hands[-1]["moves"][:moves]
        hands[-1].pop("shown", None)
    return {**sheet, "hands": hands}


def settled(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events without the ``open`` hand-end that ``check`` adds to a sheet cut mid-hand."""
    if events and events[-1]["type"] == "hand-end" and events[-1]["ended"] == "open":
        return events[:-1]
    return events


def assert_agrees(game: scoring.Game, new_events: list[dict[str, Any]], sheet: Sheet) -> None:
    """The game agrees with ``check`` on ``sheet``: scores, winner, every event."""
    result = scoring.check(sheet)
    expected = settled(result["events"])
    assert game.scores == result["scores"]
    assert game.winner == result["winner"]
    assert new_events, "every move and every showing yields events"
    assert new_events == expected[-len(new_events):]
    assert settled(game.events) == expected


@pytest.mark.slow
@given(tables())
@settings(GAMES, max_examples=examples(25))
def test_the_game_after_every_move_agrees_with_check_on_the_sheet_cut_there(table: Table) -> None:
    """...and the sheet the game writes after each hand reads back the same."""
    agrees_move_by_move(table)


def agrees_move_by_move(table: Table, max_hands: int = MAX_HANDS) -> None:
    """After every move and every showing the game agrees with ``check`` on the sheet so far,
    and the sheet the game writes after each hand reads back the same."""
    sheet, _ = table.play(max_hands)
    game = scoring.Game.new(rules=sheet["rules"], seats=sheet["seats"],
                            partners=sheet.get("partners", False))
    for number, hand in enumerate(sheet["hands"]):
        for count, move in enumerate(hand["moves"], start=1):
            game, events = game.apply(move)
            assert_agrees(game, events, cut(sheet, number, count))
        if "shown" in hand:
            game, events = game.show(hand["shown"])
            assert_agrees(game, events, cut(sheet, number, None))
        assert scoring.check(game.to_sheet()) == scoring.check(cut(sheet, number, None))


@pytest.mark.slow
@given(tables(finish="exact"))
@GAMES
def test_scores_never_pass_the_target_when_the_finish_is_exact(table: Table) -> None:
    sheet, _ = table.play()
    for event in scoring.check(sheet)["events"]:
        assert max(event["scores"]) <= table.target, event


@pytest.mark.slow
@given(tables())
@GAMES
def test_scores_are_never_negative(table: Table) -> None:
    sheet, _ = table.play()
    for event in scoring.check(sheet)["events"]:
        assert min(event["scores"]) >= 0, event


@given(tables())
@GAMES
def test_a_winner_has_reached_the_target_unless_an_offence_lost_the_game(table: Table) -> None:
    sheet, _ = table.play()
    result = scoring.check(sheet)
    if result["winner"] is None or "lose-game" in json.dumps(table.rules):
        return
    score = result["scores"][result["winner"]]
    assert score == table.target if table.exact else score >= table.target


@given(tables())
@GAMES
def test_every_tile_is_played_at_most_once_a_hand(table: Table) -> None:
    sheet, _ = table.play()
    played = Counter((e["hand"], tuple(sorted(e["tile"].split("-"))))
                     for e in scoring.check(sheet)["events"] if e["type"] == "play")
    assert not [tile for tile, times in played.items() if times > 1]


@given(tables())
@GAMES
def test_check_gives_plain_json_whose_final_scores_are_the_last_events(table: Table) -> None:
    sheet, _ = table.play()
    result = scoring.check(sheet)
    assert json.loads(json.dumps(result)) == result
    assert result["scores"] == result["events"][-1]["scores"]


@pytest.mark.slow
@given(tables())
@GAMES
def test_a_sheet_written_from_a_game_readjudicates_to_the_same_result(table: Table) -> None:
    sheet, game = table.play()
    written = game.to_sheet()
    assert json.loads(json.dumps(written)) == written
    assert scoring.check(written) == scoring.check(sheet)


@given(tables())
@GAMES
def test_a_game_replayed_from_its_sheet_is_the_game_that_was_played(table: Table) -> None:
    sheet, game = table.play()
    replayed = scoring.Game.from_sheet(sheet)
    assert (replayed.scores, replayed.winner, replayed.status) == (game.scores, game.winner,
                                                                   game.status)
    assert replayed.events == game.events


@given(tables())
@GAMES
def test_a_game_played_without_mistakes_has_right_pegs_and_no_penalties(table: Table) -> None:
    sheet, _ = play_out(random.Random(table.seed), table.rules, table.seats, table.partners,
                        max_hands=MAX_HANDS)
    note(json.dumps(sheet))
    for event in scoring.check(sheet)["events"]:
        assert event["penalties"] == [], event
        assert event.get("verdict", "correct") == "correct", event


@pytest.mark.slow
@given(boneyard_tables())
@settings(GAMES, max_examples=examples(20))
def test_boneyard_and_spinner_games_agree_with_check_after_every_move(table: Table) -> None:
    # the first four hands: a game to 251 runs long, and each move re-checks the sheet
    agrees_move_by_move(table, max_hands=4)


@pytest.mark.slow
@given(boneyard_tables(finish="exact"))
@GAMES
def test_boneyard_and_spinner_games_never_pass_an_exact_target(table: Table) -> None:
    sheet, _ = table.play()
    for event in scoring.check(sheet)["events"]:
        assert max(event["scores"]) <= table.target, event


# Penalty actions that credit an opposing side: with them one event can bring
# two sides to the target at once.
CREDITING = ("award", "back-or-award", "muggins")


@pytest.mark.slow
@given(any_tables(finish="reach"))
@GAMES
def test_under_reach_the_game_ends_as_soon_as_a_side_reaches_the_target(table: Table) -> None:
    sheet, _ = table.play()
    result = scoring.check(sheet)
    events = result["events"]
    reached = [n for n, e in enumerate(events) if max(e["scores"]) >= table.target]
    if reached:
        # nothing is played after the event that reached it: only its hand's end
        assert all(e["type"] == "hand-end" for e in events[reached[0] + 1:]), events[reached[0]:]
        assert result["winner"] is not None
    if "lose-game" in json.dumps(table.rules):
        return
    if result["winner"] is None:
        assert max(result["scores"]) < table.target
        return
    scores = result["scores"]
    assert scores[result["winner"]] >= table.target
    if not any(word in json.dumps(table.rules.get("penalties", {})) for word in CREDITING):
        assert [s for side, s in enumerate(scores) if side != result["winner"]
                if s >= table.target] == []


def _honest(apply: Any) -> Any:
    """``simulate``'s move, checked against the rules of drawing and knocking first."""

    def checked(self: Any, move: dict[str, Any]) -> None:
        game, hands = self.game, self.hands
        if "draw" in move:
            count, held = move["draw"], hands[move["seat"]]
            assert 1 <= count <= game.boneyard == len(self.boneyard) + count
            # one tile at a time: nothing held fitted, nor any drawn tile but the last,
            # and the last fits unless the boneyard was drawn dry
            assert not [t for t in held[:-1] if game.options(t)], (move, held)
            assert game.options(held[-1]) or count == game.boneyard, (move, held)
        if "knock" in move:
            assert game.boneyard == 0, move
            if not self.mistakes:
                assert not [t for t in hands[move["seat"]] if game.options(t)], move
        apply(self, move)
        game = self.game
        if game.status == "playing":
            assert [game.held(s) for s in range(len(hands))] == [len(h) for h in hands]
            assert game.boneyard == (len(self.boneyard) if self.drawing else 0)

    return checked


@pytest.mark.slow
@given(any_tables())
@GAMES
def test_the_simulation_draws_only_when_nothing_fits_and_knocks_only_on_an_empty_boneyard(
        table: Table) -> None:
    with mock.patch.object(simulate._Deal, "apply", _honest(simulate._Deal.apply)):
        sheet, _ = table.play()
    scoring.check(sheet)


def _scores(total: int, rule: str) -> int:
    """What an end total scores (docs/scoresheet.md, `scoring`), written out afresh."""
    threes, fives = total % 3 == 0, total % 5 == 0
    if total <= 0:
        return 0
    return {"fives-and-threes": threes * total // 3 + fives * total // 5,
            "fives": fives * total // 5, "threes": threes * total // 3,
            "multiples": (threes + fives) * total}[rule]


def expected_awards(rules: scoring.Rules, ended: str, side_pips: list[int],
                    out: int | None) -> list[tuple[int, int, str]]:
    """The awards docs/scoresheet.md gives a hand that ended so, with these pips shown per side."""
    if ended == "block" and rules.block != "none":
        lowest = min(side_pips)
        if side_pips.count(lowest) > 1:
            return []
        side, others = side_pips.index(lowest), sum(side_pips) - lowest
        if rules.block == "pips":
            return [(side, others - lowest, "block")]
        rounded = next(t for t in range(others, others + 6) if _scores(t, rules.scoring))
        return [(side, _scores(rounded, rules.scoring), "block")] if others else []
    if ended == "chip-out" and rules.domino == "pips" and out is not None:
        points = sum(side_pips) - side_pips[out]
        return [(out, points, "domino")] if points else []
    return []


@pytest.mark.slow
@given(any_tables())
@GAMES
def test_block_and_domino_awards_are_what_rules_md_makes_of_the_shown_tiles(table: Table) -> None:
    sheet, _ = table.play()
    rules = scoring.Rules.parse(table.rules)
    result = scoring.check(sheet)
    events = result["events"]
    for number, hand in enumerate(sheet["hands"]):
        at = next(n for n, e in enumerate(events) if e["type"] == "hand-end" and e["hand"] == number)
        end = events[at]
        if end["ended"] not in ("block", "chip-out") or "shown" not in hand:
            continue
        pips = [sum(int(t[0]) + int(t[-1]) for seat in side for t in hand["shown"].get(str(seat), []))
                for side in result["sides"]]
        last_play = next(e for e in reversed(events[:at]) if e["type"] == "play")
        wanted = expected_awards(rules, end["ended"], pips, last_play["side"])
        got = [(a["side"], a["points"], a["reason"]) for a in end["awards"]]
        before = events[at - 1]["scores"]
        # under an exact finish an award that would pass the target is credited as 0
        wanted = [(side, 0 if rules.finish == "exact" and before[side] + points > rules.target
                   else points, reason) for side, points, reason in wanted]
        assert got == wanted, (number, hand.get("shown"), end)


def test_the_simulator_examples_hold() -> None:
    failures, tried = run_examples(simulate.__name__)
    assert tried and not failures
