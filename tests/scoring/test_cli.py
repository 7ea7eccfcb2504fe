"""The command line: `python -m scoring check FILE... | - | --jsonl [--text]`."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from sheets import REPO, assert_names_place, hand, mentions_tile, play, sheet

BAD = sheet(hand(play(0, "5-1"), play(1, "2-4")))          # 2-4 fits neither 5 nor 1
GOOD = sheet(hand(play(0, "6-6")))


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "scoring", "check", *args], input=stdin,
                          capture_output=True, text=True, cwd=REPO, env=env, timeout=60)


def decode_all(text: str) -> list:
    """Every JSON value in text, one after another, however they are spaced."""
    decoder, values, i = json.JSONDecoder(), [], 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i == len(text):
            return values
        value, i = decoder.raw_decode(text, i)
        values.append(value)


@pytest.fixture
def example_file(tmp_path, scoresheet_example):
    path = tmp_path / "example.json"
    path.write_text(json.dumps(scoresheet_example[0]), encoding="utf-8")
    return path


def test_check_prints_the_example_result_and_exits_0(example_file, scoresheet_example):
    done = run(str(example_file))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == scoresheet_example[1]


def test_check_reads_a_sheet_from_stdin_with_a_dash(scoresheet_example):
    done = run("-", stdin=json.dumps(scoresheet_example[0]))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == scoresheet_example[1]


def test_check_prints_one_result_per_file(tmp_path, example_file, scoresheet_example):
    other = tmp_path / "other.json"
    other.write_text(json.dumps(GOOD), encoding="utf-8")
    done = run(str(example_file), str(other))
    assert done.returncode == 0, done.stderr
    results = decode_all(done.stdout)
    assert len(results) == 2
    assert results[0] == scoresheet_example[1]
    assert results[1]["scores"] == [4, 0]


def test_a_bad_sheet_exits_2_with_the_message_on_stderr_and_no_traceback(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(BAD), encoding="utf-8")
    done = run(str(path))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert_names_place(done.stderr, 0, 1, 1)
    assert mentions_tile(done.stderr, 2, 4)


def test_a_sheet_from_stdin_that_the_rules_reject_exits_2():
    done = run("-", stdin=json.dumps(sheet(hand(play(0, "6-3"), play(0, "3-3", "right")))))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert_names_place(done.stderr, 0, 1, 0)


def test_jsonl_writes_one_result_a_line(scoresheet_example):
    lines = [json.dumps(scoresheet_example[0]), json.dumps(GOOD)]
    done = run("--jsonl", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert len(out) == 2
    assert json.loads(out[0]) == scoresheet_example[1]
    assert json.loads(out[1])["scores"] == [4, 0]


def test_jsonl_gives_an_error_line_for_a_bad_sheet_and_exits_2(scoresheet_example):
    lines = [json.dumps(GOOD), json.dumps(BAD), json.dumps(scoresheet_example[0])]
    done = run("--jsonl", stdin="\n".join(lines) + "\n")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == 3
    assert out[0]["scores"] == [4, 0]
    assert list(out[1]) == ["error"]
    assert_names_place(out[1]["error"], 0, 1, 1)
    assert out[2] == scoresheet_example[1]


# --- the text scorecard ----------------------------------------------------------------------

SEAT = {0: r"\b(Ann|seat 0)\b", 1: r"\b(Bob|seat 1)\b"}
# the plays of the example: seat, tile, award, running scores
PLAYS = [(0, (6, 3), 3, (3, 0)), (1, (3, 3), 4, (3, 4)), (1, (3, 1), 0, (3, 0)),
         (0, (6, 5), 2, (5, 0))]


@pytest.fixture
def scorecard(example_file) -> list[str]:
    done = run(str(example_file), "--text")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    return done.stdout.splitlines()


def _line_of(lines: list[str], a: int, b: int, after: int) -> int:
    for i in range(after + 1, len(lines)):
        if mentions_tile(lines[i], a, b):
            return i
    raise AssertionError(f"no line after line {after} mentions the tile {a}-{b}:\n" + "\n".join(lines))


def test_the_scorecard_shows_each_play_with_seat_tile_award_and_running_scores(scorecard):
    at = -1
    for seat, (a, b), award, scores in PLAYS:
        at = _line_of(scorecard, a, b, at)
        block = "\n".join(scorecard[at:at + 2])
        assert re.search(SEAT[seat], block), block
        numbers = [int(n) for n in re.findall(r"\d+", block)]
        for n in (award, *scores):
            assert n in numbers, f"{n} missing from:\n{block}"


def test_the_scorecard_shows_the_knocks_and_the_misplay(scorecard):
    knocks = [line for line in scorecard if re.search(r"knock", line, re.I)
              and not re.search(r"false", line, re.I)]
    assert len(knocks) >= 3
    assert any(re.search(r"misplay", line, re.I) and mentions_tile(line, 2, 4) for line in scorecard)


def test_the_scorecard_puts_penalties_on_their_own_lines(scorecard):
    play_lines = {i for i, line in enumerate(scorecard)
                  if any(mentions_tile(line, *tile) for _, tile, _, _ in PLAYS)}
    false_knock = [i for i, line in enumerate(scorecard)
                   if re.search(r"false[- ]knock", line, re.I) and "5" in line]
    assert false_knock, "\n".join(scorecard)
    assert set(false_knock) - play_lines
    misplay = [i for i, line in enumerate(scorecard) if re.search(r"misplay", line, re.I) and "5" in line]
    assert set(misplay) - play_lines, "\n".join(scorecard)


def test_the_scorecard_names_the_players_and_how_the_hand_ended(scorecard):
    text = "\n".join(scorecard)
    assert "Ann" in text and "Bob" in text
    assert re.search(r"\bblock", text, re.I)


def test_the_scorecard_counts_hands_and_moves_from_one(scorecard):
    """People count from 1; the sheet and its events count from 0."""
    assert "Hand 1" in scorecard and "Hand 0" not in scorecard
    first_move = scorecard[scorecard.index("Hand 1") + 2]
    assert first_move.split()[0] == "1", first_move
    assert any(re.match(r"\s+hand 1 ends", line) for line in scorecard)


def test_a_claim_above_any_play_is_adjudicated_as_an_over_peg_and_one_above_the_target_refused():
    claimed = {**sheet(hand(play(0, "6-3", peg=10))), "rules": {"preset": "pagat"}}
    done = run("--jsonl", stdin=json.dumps(claimed) + "\n" + json.dumps({**claimed, "hands": [hand(play(0, "6-3", peg=62))]}) + "\n")
    assert done.returncode == 2, done.stderr  # one sheet of the two refused
    over, refused = (json.loads(line) for line in done.stdout.splitlines())
    assert over["events"][0]["verdict"] == "over"
    assert over["events"][0]["penalties"] == [{"offence": "over-peg", "side": 0, "points": -5}]
    assert over["scores"] == [0, 0]  # 3 for the play, then pegged back to nothing
    assert "peg 62 is more than the whole game is played to (target 61)" in refused["error"]
