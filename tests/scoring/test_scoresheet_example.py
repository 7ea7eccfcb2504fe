"""The worked example of docs/scoresheet.md: `check` gives exactly the output printed there."""
from __future__ import annotations

import copy
import json

import scoring
from sheets import REPO, event, hand_end

CORPUS_CASE = REPO / "tests" / "scoring" / "corpus" / "scoresheet-worked-example.json"


def test_check_gives_exactly_the_output_printed_in_the_format_doc(scoresheet_example):
    sheet, expected = scoresheet_example
    assert scoring.check(sheet) == expected


def test_the_corpus_records_the_worked_example_as_the_format_doc_prints_it(scoresheet_example):
    case = json.loads(CORPUS_CASE.read_text(encoding="utf-8"))
    assert (case["sheet"], case["check"]) == scoresheet_example


def test_check_does_not_change_the_sheet_it_is_given(scoresheet_example):
    sheet, _ = scoresheet_example
    before = copy.deepcopy(sheet)
    scoring.check(sheet)
    assert sheet == before


def test_the_example_lists_one_event_per_move_then_the_hand_end(scoresheet_example):
    sheet, _ = scoresheet_example
    result = scoring.check(sheet)
    kinds = [e["type"] for e in result["events"]]
    assert kinds == ["play", "play", "knock", "misplay", "play", "play", "knock", "knock", "hand-end"]
    assert [e.get("move") for e in result["events"][:-1]] == list(range(8))


def test_the_example_finds_anns_knock_while_holding_6_5_as_a_false_knock(scoresheet_example):
    sheet, _ = scoresheet_example
    end = hand_end(scoring.check(sheet))
    assert end["ended"] == "block"
    assert end["false_knocks"] == [{"seat": 0, "move": 2, "tiles": ["6-5"]}]
    assert end["penalties"] == [{"offence": "false-knock", "side": 0, "points": -5}]
    assert end["scores"] == [0, 0]


def test_the_example_misplay_pegs_bob_back_to_zero_but_lists_the_full_five(scoresheet_example):
    sheet, _ = scoresheet_example
    misplayed = event(scoring.check(sheet), 0, 3)
    assert misplayed["type"] == "misplay"
    assert misplayed["penalties"] == [{"offence": "misplay", "side": 1, "points": -5}]
    assert misplayed["scores"] == [3, 0]


def test_the_example_without_shown_tiles_judges_no_false_knock(scoresheet_example):
    sheet, _ = scoresheet_example
    unshown = copy.deepcopy(sheet)
    del unshown["hands"][0]["shown"]
    result = scoring.check(unshown)
    end = hand_end(result)
    assert end["false_knocks"] == []
    assert end["penalties"] == []
    assert result["scores"] == [5, 0]


def test_the_example_reads_the_other_tile_spellings_alike(scoresheet_example):
    sheet, expected = scoresheet_example
    respelled = copy.deepcopy(sheet)
    moves = respelled["hands"][0]["moves"]
    moves[0]["tile"] = "63"        # the down keeps its orientation: 6 left, 3 right
    moves[1]["tile"] = "3|3"
    moves[4]["tile"] = "[3|1]"
    result = scoring.check(respelled)
    assert [e["scores"] for e in result["events"]] == [e["scores"] for e in expected["events"]]
    assert [e.get("total") for e in result["events"]] == [e.get("total") for e in expected["events"]]
    assert result["events"][0]["ends"] == [6, 3]
