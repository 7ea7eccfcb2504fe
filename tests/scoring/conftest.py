"""The engine tests' fixtures; the helpers they use are in sheets.py."""
from __future__ import annotations

from typing import Any

import pytest

import scoring.state
from sheets import worked_example_blocks


def pytest_report_header() -> str:
    """Which build of the engine the run tests (SCORING_BUILD, config/engine_build.py)."""
    compiled = not scoring.state.__file__.endswith(".py")
    return f"scoring: the {'compiled' if compiled else 'pure-Python'} build, {scoring.state.__file__}"


@pytest.fixture(scope="session")
def scoresheet_example() -> tuple[dict[str, Any], dict[str, Any]]:
    """The input sheet and the output printed for it in docs/scoresheet.md."""
    blocks = worked_example_blocks()
    assert len(blocks) == 2, "the worked example should be the sheet and its output"
    return blocks[0], blocks[1]
