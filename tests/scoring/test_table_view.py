"""The pad's table (scoring.table_view): the one function behind the
server's GET /options and the engine the pad runs offline. Worked out from
a scoresheet plus the writes still waiting on a tablet, it is the table
the server would give once they were recorded; and it never fails on a
game the rules reached."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_examples import examples

import scoring
from scoring import table_view
from scoring.simulate import play_out
from test_properties import GAMES, MAX_HANDS, Table, any_tables

PUB = {"rules": "pub", "seats": ["Ann", "Bob"]}


def writes_of(sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """A sheet's moves and showings as the pad writes them."""
    found: list[dict[str, Any]] = []
    for hand in sheet["hands"]:
        found += [{"move": move} for move in hand["moves"]]
        if "shown" in hand:
            found.append({"shown": hand["shown"]})
    return found


def sheet_of(setup: dict[str, Any], writes: list[dict[str, Any]]) -> dict[str, Any]:
    """The sheet the server would export after `writes`."""
    return table_view.replay(setup, table_view.pad_ops(writes)).to_sheet()


@pytest.mark.parametrize(("moves", "faces"), [
    # The down lies as written, the 6 at the left.
    ([("6-4", None)], [[6, 4]]),
    # A tile on the right turns to match the 4; one on the left, the 6.
    ([("6-4", None), ("2-4", "right")], [[6, 4], [4, 2]]),
    ([("6-4", None), ("2-4", "right"), ("6-1", "left")], [[1, 6], [6, 4], [4, 2]]),
])
def test_the_line_reads_left_to_right_as_the_tiles_lie(moves: list[tuple[str, str | None]],
                                                       faces: list[list[int]]) -> None:
    ops: list[table_view.Op] = []
    for number, (tile, end) in enumerate(moves):
        move: dict[str, Any] = {"seat": number % 2, "tile": tile}
        if end:
            move["end"] = end
        ops.append(("move", move))
    assert [laid["faces"] for laid in table_view.table_view(PUB, ops)["line"]] == faces


def test_an_undo_voids_the_last_move_and_the_showing_that_followed_it() -> None:
    sheet, _ = play_out(random.Random(3), "pub", 2, False, max_hands=2)
    writes = writes_of(sheet)
    shown_at = next(i for i, write in enumerate(writes) if "shown" in write)
    before = table_view.sheet_table(sheet_of(sheet, writes[:shown_at - 1]))
    undone = table_view.sheet_table(sheet_of(sheet, writes[:shown_at - 1]), writes[shown_at - 1:shown_at + 1]
                                    + [{"undo": True}])
    assert undone == before


def test_a_write_the_rules_refuse_raises_the_engines_own_message() -> None:
    sheet = sheet_of(PUB, [{"move": {"seat": 0, "tile": "6-4"}}])
    wrong = {"seat": 1, "tile": "1-2"}
    with pytest.raises(scoring.ScoringError) as refused:
        table_view.sheet_preview(sheet, [], wrong)
    game = scoring.Game.from_sheet(sheet)
    with pytest.raises(scoring.ScoringError) as engine:
        game.apply(wrong)
    assert str(refused.value) == str(engine.value)
    with pytest.raises(scoring.ScoringError):
        table_view.sheet_table(sheet, [{"move": wrong}])


def test_the_state_is_the_servers_with_the_engines_fields_and_one_seq_a_write() -> None:
    sheet = sheet_of(PUB, [{"move": {"seat": 0, "tile": "6-3", "peg": 3}}])
    server_state = {"id": 7, "rules": {"preset": "pub"}, "seats": ["Ann", "Bob"], "seq": 1, "status": "playing",
                    "hand": 0, "turn": 1, "ends": [6, 3], "sides": [[0], [1]], "scores": [3, 0], "winner": None}
    state = table_view.sheet_table(sheet, [{"move": {"seat": 1, "knock": True}}], server_state)["state"]
    assert list(state) == list(server_state)
    assert state == {**server_state, "seq": 2, "turn": 0}


def test_a_bodys_seq_is_left_to_the_server() -> None:
    sheet = sheet_of(PUB, [])
    with_seq = table_view.sheet_table(sheet, [{"move": {"seat": 0, "tile": "6-3", "seq": 0}}])
    assert with_seq == table_view.sheet_table(sheet, [{"move": {"seat": 0, "tile": "6-3"}}])


def test_a_write_that_is_none_of_the_three_is_refused() -> None:
    with pytest.raises(scoring.ScoringError, match="not a move"):
        table_view.sheet_table(sheet_of(PUB, []), [{"draw": 1}])


@given(any_tables(), st.data())
@settings(GAMES, max_examples=examples(30))
def test_the_table_never_fails_and_queued_writes_give_the_recorded_table(table: Table, data: st.DataObject) -> None:
    sheet, _ = table.play(max_hands=min(MAX_HANDS, 3))
    writes = writes_of(sheet)
    recorded = data.draw(st.integers(0, len(writes)), label="recorded")
    queued = data.draw(st.integers(0, len(writes) - recorded), label="queued")
    upto = recorded + queued
    full = table_view.sheet_table(sheet_of(sheet, writes[:upto]))
    waiting = table_view.sheet_table(sheet_of(sheet, writes[:recorded]), writes[recorded:upto])
    assert waiting == full
    assert len(full["tiles"]) == 28
    # The line holds this hand's plays, each tile once.
    played = sorted(event["tile"] for event in full["events"] if event["type"] == "play")
    assert sorted(laid["tile"] for laid in full["line"]) == played
