"""The examples in the engine's module docstrings run and give what they show."""

from __future__ import annotations

import pkgutil

import pytest

import scoring
from sheets import run_examples

MODULES = sorted(
    name for _, name, _ in pkgutil.iter_modules(scoring.__path__, "scoring.")
    if name not in ("scoring.__main__", "scoring.simulate")  # simulate's are run with its properties
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_module_docstrings_hold(name: str) -> None:
    failures, tried = run_examples(name)
    assert failures == 0
    if name in ("scoring.tiles", "scoring.line", "scoring.spinner", "scoring.totals", "scoring.game"):
        assert tried > 0, f"{name} shows no examples"
