"""The rules engine stands alone: standard library only, and typed throughout."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_imports_and_checks_a_sheet_without_any_installed_package() -> None:
    # -S leaves site-packages (Django, DRF, Celery...) off the path and -E
    # ignores PYTHONPATH, so only the checkout and the standard library remain.
    code = (
        "import json, sys, scoring;"
        "r = scoring.check({'seats': ['Ann', 'Bob'], 'hands': [{'moves': [{'seat': 0, 'tile': '6-3'}]}]});"
        "print(json.dumps(r['scores']));"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'rest_framework', 'celery'}))"
    )
    run = subprocess.run([sys.executable, "-S", "-E", "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["[3, 0]", "[]"]


@pytest.mark.slow
def test_the_engine_passes_strict_type_checking() -> None:
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "scoring"],
                         cwd=ROOT, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
