"""The engine tests' fixtures; the helpers they use are in sheets.py."""
from __future__ import annotations

from typing import Any

import pytest

from sheets import worked_example_blocks


@pytest.fixture(scope="session")
def scoresheet_example() -> tuple[dict[str, Any], dict[str, Any]]:
    """The input sheet and the output printed for it in docs/scoresheet.md."""
    blocks = worked_example_blocks()
    assert len(blocks) == 2, "the worked example should be the sheet and its output"
    return blocks[0], blocks[1]
