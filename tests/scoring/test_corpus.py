"""The corpus of adjudicated games (tests/scoring/corpus/, described in its README).

Each file is one scoresheet and what the rules make of it, cited to the rule
text or the page of docs/ it comes from: either the exact output of `check`,
or, for a sheet the rules refuse, the exact message. The library and the
command line must both give exactly that, so a change to the engine that
alters a recorded adjudication fails here, naming the case.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import scoring
from scoring import cli
from sheets import REPO

CORPUS = Path(__file__).resolve().parent / "corpus"
CASES = sorted(CORPUS.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    case: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return case


def _valid() -> list[dict[str, Any]]:
    return [case for case in map(_load, CASES) if "check" in case]


def _check_command(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    """`python -m scoring check` run as a user runs it, in a process of its own."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "scoring", "check", *args], input=stdin,
                          capture_output=True, text=True, cwd=REPO, env=env, timeout=60)


def _check_in_process(stdin: str, capsys: pytest.CaptureFixture[str],
                      monkeypatch: pytest.MonkeyPatch) -> subprocess.CompletedProcess[str]:
    """The command line's own code on one sheet read from standard input,
    in this process: each case would otherwise pay for starting Python; the
    line-by-line tests below run the real command."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = cli.main(["check", "-"])
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["scoring", "check", "-"], status, out, err)


def _preset_of(sheet: dict[str, Any]) -> Any:
    rules = sheet.get("rules")
    if rules is None:
        return "pub"
    if isinstance(rules, str):
        return rules
    return rules.get("preset", "pub")


def test_the_corpus_is_there_and_every_case_is_well_formed() -> None:
    assert len(CASES) >= 40, f"the corpus in {CORPUS} is missing cases"
    for path in CASES:
        case = _load(path)
        outcome = {"check", "error"} & set(case)
        assert len(outcome) == 1, f"{path.name}: give either check or error"
        assert set(case) == {"title", "source", "sheet", *outcome}, f"{path.name}: {sorted(case)}"
        assert case["title"].strip() and case["source"].strip(), path.name


@pytest.mark.parametrize("path", CASES, ids=[path.stem for path in CASES])
def test_check_and_the_command_line_give_the_recorded_adjudication(path: Path, capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    case = _load(path)
    sheet = case["sheet"]
    done = _check_in_process(json.dumps(sheet), capsys, monkeypatch)
    if "error" in case:
        with pytest.raises(scoring.ScoringError) as caught:
            scoring.check(sheet)
        assert str(caught.value) == case["error"]
        assert done.returncode == 2
        assert done.stdout == ""
        assert done.stderr == f"-: {case['error']}\n"
    else:
        assert scoring.check(sheet) == case["check"]
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == case["check"]


def test_jsonl_gives_every_valid_sheet_its_result_line_by_line() -> None:
    cases = _valid()
    done = _check_command("--jsonl", stdin="".join(json.dumps(c["sheet"]) + "\n" for c in cases))
    assert done.returncode == 0, done.stderr
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert results == [case["check"] for case in cases]


def test_jsonl_gives_a_refused_sheet_its_message_on_its_own_line_and_exits_2() -> None:
    cases = [_load(path) for path in CASES]
    done = _check_command("--jsonl", stdin="".join(json.dumps(c["sheet"]) + "\n" for c in cases))
    assert done.returncode == 2
    expected = [{"error": c["error"]} if "error" in c else c["check"] for c in cases]
    assert [json.loads(line) for line in done.stdout.splitlines()] == expected


def test_every_preset_has_an_adjudicated_game_in_the_corpus() -> None:
    covered = {_preset_of(case["sheet"]) for case in _valid()}
    missing = sorted(set(scoring.PRESETS) - covered)
    assert not missing, f"no corpus case plays under {', '.join(missing)}: add one to {CORPUS}"
