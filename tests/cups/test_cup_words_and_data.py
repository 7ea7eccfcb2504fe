"""A draw in words for the audit log, as JSON for storing, and the package
standing alone (standard library only, its examples true)."""
from __future__ import annotations

import dataclasses
import doctest
import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
from cupdata import entrants

import cups
from cups import (
    Bracket,
    Entrant,
    GroupDraw,
    Leg,
    RoundDraw,
    TieFormat,
    describe,
    draw_bracket,
    draw_round,
    round_name,
    split_groups,
)

ROOT = Path(__file__).resolve().parents[2]


def test_a_round_in_words_names_every_tie_and_bye_and_how_it_was_drawn() -> None:
    field = [Entrant(1, "Red Lion A"), Entrant(2, "Crown B"), Entrant(3, "Swan")]
    assert describe(draw_round(field, round=1)) == "Round 1 (seeded): Red Lion A: bye; Crown B v Swan"
    assert describe(draw_round(field, round=1, seed=11)) == (
        "Round 1 (drawn at random, seed 11): Red Lion A v Swan; Crown B: bye")


def test_a_bracket_in_words_names_each_round_and_where_its_sides_come_from() -> None:
    assert describe(draw_bracket(entrants(6))).splitlines() == [
        "Seeded bracket of 6: 3 rounds",
        "Quarter-finals: Red Lion A: bye; Swan v Bell; Red Lion B: bye; Crown v Plough",
        "Semi-finals: Red Lion A v winner of quarter-final 2; Red Lion B v winner of quarter-final 4",
        "Final: winner of semi-final 1 v winner of semi-final 2",
    ]


def test_an_earlier_round_is_named_by_its_number_and_its_ties_by_theirs() -> None:
    lines = describe(draw_bracket(entrants(20), seed=5)).splitlines()
    assert lines[0] == "Bracket of 20 drawn at random, seed 5: 5 rounds"
    assert lines[1].startswith("Round 1: ") and lines[1].count(": bye") == 12
    assert lines[2].startswith("Round 2: ") and "winner of round 1 tie" in lines[2]


def test_the_draw_docs_cups_md_shows_is_reproduced_from_its_seed() -> None:
    doc = (ROOT / "docs" / "cups.md").read_text(encoding="utf-8")
    shown = doc.split("```text\n")[1].split("\n```")[0]
    pubs = ["Red Lion A", "Red Lion B", "Crown", "Swan", "Bell", "Plough"]
    field = [Entrant(i, name) for i, name in enumerate(pubs, start=1)]
    assert describe(draw_round(field, round=1, seed=20261201)) == shown
    assert describe(draw_bracket(field)) == doc.split("```text\n")[2].split("\n```")[0]


def test_groups_in_words() -> None:
    assert describe(split_groups(entrants(5), 2)) == (
        "Groups (seeded, in a snake): Group A: Red Lion A, Swan, Bell; Group B: Red Lion B, Crown")


@pytest.mark.parametrize(("round", "rounds", "name"), [
    (5, 5, "Final"), (4, 5, "Semi-finals"), (3, 5, "Quarter-finals"), (2, 5, "Round 2"), (1, 1, "Final"),
])
def test_the_rounds_are_called_as_leagues_call_them(round: int, rounds: int, name: str) -> None:
    assert round_name(round, rounds) == name


@pytest.mark.parametrize("value", [
    draw_bracket(entrants(11), seed=42),
    draw_bracket(entrants(5)),
    draw_round(entrants(7), round=1, seed=3),
    split_groups(entrants(9), 3, seed=8),
])
def test_a_draw_stored_as_json_reads_back_the_same(value: Bracket | RoundDraw | GroupDraw) -> None:
    stored = json.loads(json.dumps(dataclasses.asdict(value)))
    assert type(value).from_dict(stored) == value


def test_a_tie_format_and_a_leg_stored_as_json_read_back_the_same() -> None:
    tie_format = TieFormat(legs=2, chain=("games", "away_points"), level="decider")
    leg = Leg(home=1, away=2, home_games=5, away_games=4, home_points=400, away_points=390, walkover_to=None)
    for value in (tie_format, leg):
        assert type(value).from_dict(json.loads(json.dumps(dataclasses.asdict(value)))) == value


MODULES = sorted(name for _, name, _ in pkgutil.iter_modules(cups.__path__, "cups."))


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_module_docstrings_hold(name: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(name))
    assert failures == 0


def test_the_cup_rules_import_and_draw_without_any_installed_package() -> None:
    # -S leaves site-packages off the path and -E ignores PYTHONPATH: the checkout and the standard library only.
    code = (
        "import sys, cups;"
        "print(cups.describe(cups.draw_round([cups.Entrant(1, 'Swan'), cups.Entrant(2, 'Bell')], round=1)));"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'rest_framework', 'celery', 'league'}))"
    )
    run = subprocess.run([sys.executable, "-S", "-E", "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["Round 1 (seeded): Swan v Bell", "[]"]
