"""The engine's two builds: the pure-Python reference (scoring/) and the
mypyc build of it (make engine-fast, build/engine/), chosen by SCORING_BUILD
(config/engine_build.py). CI runs the engine's tests on each: these say which
one a run is testing, so that neither is skipped unnoticed."""
from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

import scoring
import scoring.state
from config import engine_build

ROOT = Path(__file__).resolve().parents[2]


def test_the_build_scoring_build_names_is_the_one_being_tested() -> None:
    wanted = os.environ.get("SCORING_BUILD") or "auto"
    compiled = engine_build.is_compiled(scoring.state.__file__)
    if wanted == "auto":
        wanted = "compiled" if engine_build.compiled_build_problem() is None else "pure"
    assert ("compiled" if compiled else "pure") == wanted, scoring.state.__file__


def test_every_module_of_a_compiled_engine_is_compiled_and_none_of_a_pure_one() -> None:
    modules = [scoring, scoring.state, scoring.game, scoring.sheet, scoring.line, scoring.tiles]
    kinds = {engine_build.is_compiled(module.__file__) for module in modules}
    assert len(kinds) == 1


def _build(tmp_path: Path, sources: dict[str, str], built: dict[str, str], done: bool = True) -> Path:
    (tmp_path / "scoring").mkdir()
    (tmp_path / "build" / "scoring").mkdir(parents=True)
    for name, text in sources.items():
        (tmp_path / "scoring" / name).write_text(text)
    for name, text in built.items():
        (tmp_path / "build" / "scoring" / name).write_text(text)
    if done:
        suffix = engine_build.importlib.machinery.EXTENSION_SUFFIXES[0]
        (tmp_path / "build" / "scoring" / f"state{suffix}").write_bytes(b"")
        (tmp_path / "build" / ".built").write_text("")
    return tmp_path


@pytest.mark.parametrize(("sources", "built", "done", "problem"), [
    ({"state.py": "a"}, {"state.py": "a"}, True, None),
    ({"state.py": "b"}, {"state.py": "a"}, True, "scoring/ has changed since the build (state.py)"),
    ({"state.py": "a", "new.py": ""}, {"state.py": "a"}, True, "scoring/ has changed since the build (new.py)"),
    ({"state.py": "a"}, {"state.py": "a"}, False, "there is no compiled build"),
])
def test_a_compiled_build_is_used_only_while_it_matches_the_sources(
        tmp_path: Path, sources: dict[str, str], built: dict[str, str], done: bool,
        problem: str | None) -> None:
    root = _build(tmp_path, sources, built, done)
    found = engine_build.compiled_build_problem(root / "build", root / "scoring")
    assert (found is None) if problem is None else (found is not None and found.startswith(problem))


def test_an_unknown_scoring_build_is_refused_by_name() -> None:
    with pytest.raises(engine_build.EngineBuildError, match="SCORING_BUILD='fast'"):
        engine_build.choose({"SCORING_BUILD": "fast"})


def test_a_copied_game_state_carries_every_field_of_the_original() -> None:
    # GameState.copy names each field (a compiled class has no __slots__ to
    # loop over): a field added to the class must be added to the copy too.
    tree = ast.parse((ROOT / "scoring" / "state.py").read_text())
    state = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GameState")
    slots = next(n for n in state.body if isinstance(n, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in n.targets))
    fields = set(ast.literal_eval(slots.value))
    copy = next(n for n in state.body if isinstance(n, ast.FunctionDef) and n.name == "copy")
    copied = {target.attr for node in ast.walk(copy) if isinstance(node, ast.Assign)
              for element in node.targets
              for target in (element.elts if isinstance(element, ast.Tuple) else [element])
              if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
              and target.value.id == "other"}
    assert copied == fields


def test_a_copied_game_state_is_equal_field_by_field_and_shares_no_list() -> None:
    game = scoring.Game.new(rules="pub", seats=["Ann", "Bob"])
    game, _ = game.apply({"seat": 0, "tile": "6-3", "peg": 3})
    state = game._state
    other = state.copy()
    for name in ("scores", "held", "hand", "leader", "turn", "line", "moves", "played", "plays",
                 "rules", "seats", "sides", "_worths", "_correct"):
        assert getattr(other, name) == getattr(state, name), name
    assert other.scores is not state.scores and other.held is not state.held
