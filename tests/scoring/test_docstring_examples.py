"""The examples in the engine's module docstrings run and give what they
show, and every module shows at least one unless it is named below with
the reason it has none."""

from __future__ import annotations

import pkgutil

import pytest

import scoring
from sheets import run_examples

MODULES = sorted(
    name for _, name, _ in pkgutil.iter_modules(scoring.__path__, "scoring.")
    if name not in ("scoring.__main__", "scoring.simulate")  # simulate's are run with its properties
)

# Modules whose docstrings show no example, and why none is wanted.
NO_EXAMPLES = {
    "scoring.cli": "a command line: tests/scoring/test_cli.py runs it as a user would",
    "scoring.events": "type declarations only (TypedDicts): nothing to run",
    "scoring.showing": "the end-of-hand showing inside GameState: Game's and check's examples reach it",
    "scoring.state": "the rules applied inside Game: Game's examples are its examples",
}


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_module_docstrings_hold(name: str) -> None:
    failures, tried = run_examples(name)
    assert failures == 0
    if name not in NO_EXAMPLES:
        assert tried > 0, f"{name} shows no examples"


def test_every_module_excused_from_examples_exists() -> None:
    assert set(NO_EXAMPLES) <= set(MODULES)
