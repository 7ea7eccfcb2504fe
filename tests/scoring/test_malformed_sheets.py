"""Whatever a sheet holds, the engine answers with a result or a ScoringError.

Real sheets are damaged at random (a field replaced by any JSON value, a key
dropped, moves swapped) and handed to `check` and to the command line: the
engine must never fail with anything but its own errors, which the command
line turns into exit status 2 and one line on stderr.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_examples import examples

import scoring
from scoring.simulate import random_game

ROOT = Path(__file__).resolve().parents[2]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.sampled_from(
        ["", "6-3", "7-2", "left", "5-5/up", "pub", "deduct 5", "knock", "x"]
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["seat", "tile", "end", "peg", "0", "1", "preset", "moves"]), inner, max_size=3
    ),
    max_leaves=6,
)


def _places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a sheet."""
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _places(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _places(value, path + (index,))
    return found


def _damage(sheet: dict[str, Any], rng: random.Random, value: Any) -> dict[str, Any]:
    damaged = json.loads(json.dumps(sheet))
    path = rng.choice(_places(damaged)[1:])
    parent = damaged
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    action = rng.choice(["replace", "replace", "drop", "swap"])
    if action == "drop":
        del parent[last]
    elif action == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[last], parent[other] = parent[other], parent[last]
    else:
        parent[last] = value
    return damaged


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), value=json_values,
       preset=st.sampled_from(["pub", "pagat", "jaques", "threes-and-fives"]))
def test_a_damaged_sheet_gets_a_result_or_a_scoring_error(seed: int, value: Any, preset: str) -> None:
    rng = random.Random(seed)
    seats = 4 if preset == "pagat" else rng.choice([2, 3])
    sheet = random_game(rng, {"preset": preset, "target": 31}, seats=seats,
                        partners=preset == "pagat", mistakes=0.1)
    damaged = _damage(sheet, rng, value)
    try:
        result = scoring.check(damaged)
    except scoring.ScoringError as err:
        # Either outcome is right here, so no pytest.raises: an error must say why.
        assert str(err)  # noqa: PT017
    else:
        json.dumps(result)


def test_the_command_line_reports_damaged_sheets_without_a_traceback() -> None:
    rng = random.Random(7)
    lines = []
    for _ in range(40):
        sheet = random_game(rng, "pub", seats=2, mistakes=0.1)
        lines.append(json.dumps(_damage(sheet, rng, rng.choice([None, "7-2", -1, {"x": 1}]))))
    run = subprocess.run(
        [sys.executable, "-m", "scoring", "check", "--jsonl"], input="\n".join(lines) + "\n",
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    assert "Traceback" not in run.stderr
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert any("error" in answer for answer in answers)
    assert run.returncode == 2
