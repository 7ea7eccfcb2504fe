"""league/engine.py is the service's one doorway to the rules engine.

Outside it, code under league/ may name the engine's types, errors and
constants (for annotations, `except`, tables) and read a rule set with
`Rules.parse`, and may ask an engine value it was given for its next state;
it never calls anything else reached through `scoring`: starting a game,
checking or replaying a sheet, drawing the table, analysing a game all go
through league/engine.py. The demo data may use `scoring.simulate` to pick
random moves, which it then records through the services like any tablet.
Read from the source with `ast`; nothing is imported.
"""
import ast
from pathlib import Path

import pytest

LEAGUE = Path(__file__).resolve().parents[2] / "league"
DOORWAY = LEAGUE / "engine.py"
ALLOWED_CALLS = {"scoring.Rules.parse", "scoring.rules.Rules.parse"}
ALLOWED_ELSEWHERE = {"demo": ("scoring.simulate.",)}


def _aliases(tree: ast.Module) -> dict[str, str]:
    """Each local name bound to something of `scoring`, and its dotted path."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] != "scoring":
                    continue
                if alias.asname:  # import scoring.analysis as an: `an` is scoring.analysis
                    names[alias.asname] = alias.name
                else:  # import scoring.analysis: binds `scoring`
                    names["scoring"] = "scoring"
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "scoring":
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return names


def _dotted(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """The dotted path of `scoring` an expression names (`scoring.Game.new`),
    or None when it names nothing of `scoring`."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name) and node.id in aliases:
        return ".".join([aliases[node.id], *reversed(parts)])
    return None


def engine_calls_outside_the_doorway(source: str, place: str) -> list[str]:
    """The calls of `scoring` a module makes that only the doorway may make."""
    tree = ast.parse(source)
    aliases = _aliases(tree)
    allowed_prefixes = ALLOWED_ELSEWHERE.get(place, ())
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = _dotted(node.func, aliases)
        if called is None or called in ALLOWED_CALLS or called.startswith(allowed_prefixes):
            continue
        found.append(f"line {node.lineno}: {called}")
    return found


def test_nothing_outside_league_engine_calls_the_rules_engine() -> None:
    found = {}
    for path in sorted(LEAGUE.rglob("*.py")):
        if path == DOORWAY or "migrations" in path.parts:
            continue
        place = path.relative_to(LEAGUE).parts[0]
        calls = engine_calls_outside_the_doorway(path.read_text(), place)
        if calls:
            found[str(path.relative_to(LEAGUE.parent))] = calls
    assert found == {}


@pytest.mark.parametrize(("source", "found"), [
    ("import scoring\nscoring.check(sheet)", ["line 2: scoring.check"]),
    ("import scoring\ngame = scoring.Game.new(rules=None, seats=[])", ["line 2: scoring.Game.new"]),
    ("from scoring import table_view\ntable_view.table_view({}, [])", ["line 2: scoring.table_view.table_view"]),
    ("from scoring.analysis import analyse as a\na({}, [])", ["line 2: scoring.analysis.analyse"]),
    ("import scoring\nrules = scoring.Rules.parse('pub')", []),
    ("from scoring import Rules\nRules.parse('pub').target", []),
    ("import scoring\ndef f(g: scoring.Game) -> None:\n    g.apply({})", []),
    ("import scoring\ntry:\n    pass\nexcept scoring.ScoringError:\n    pass", []),
])
def test_the_rule_sees_a_call_of_the_engine_however_it_was_imported(source: str, found: list[str]) -> None:
    assert engine_calls_outside_the_doorway(source, "services") == found


def test_the_demo_may_pick_random_moves_but_no_other_module_may() -> None:
    source = "from scoring.simulate import random_game\nrandom_game(1)"
    assert engine_calls_outside_the_doorway(source, "demo") == []
    assert engine_calls_outside_the_doorway(source, "services") == ["line 2: scoring.simulate.random_game"]
