"""What the layers' import contracts cannot see.

The layers themselves (entry points -> services -> tasks -> selectors ->
models -> the pure packages; api, pages and admin independent; no
third-party library in a pure package) are import-linter's contracts in
.importlinter, with the reason for each layer; `make layers` checks them.
import-linter reads the import statements only, so this test, reading the
source with `ast` (no module imported, no database), checks the rest:

- an import by a string (`importlib.import_module`, `__import__`,
  `import_string`) of a project module, which no contract would see;
- a view (league.api, league.pages) reading the database itself rather than
  through a selector: a model manager, `get_object_or_404`, or a query on a
  related manager such as `game.entries.all()`;
- an import inside a function, which only a task may make (to call the
  service that queues it);
- a module under league/ that the league's layers do not name.
"""
import ast
import configparser
import functools
import re
from collections.abc import Iterator
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROJECT = ("league", "config", "scoring", "cups")

# Imports by a string that may stand: (importing module, imported module).
STRING_IMPORTS_ALLOWED = {
    # Imports the engine once the compiled build leads sys.path; config sits
    # above every layer.
    ("config.engine_build", "scoring"),
}

VIEWS = ("league.api", "league.pages")

# What reads the database in a view: the managers and Django's shortcuts...
MANAGERS = {"objects", "_default_manager", "_base_manager"}
SHORTCUTS = {"get_object_or_404", "get_list_or_404"}
# ...and the queryset methods no other type in the views has, which is how a
# related manager (`game.entries.all()`) or a queryset is read.
QUERIES = {
    "all", "filter", "exclude", "order_by", "select_related", "prefetch_related", "values_list",
    "annotate", "aggregate", "only", "defer", "in_bulk", "distinct", "earliest", "latest",
    "select_for_update", "iterator", "aiterator", "afirst", "aget", "acount", "aexists",
}

# The only module whose functions import project code: a task imports its
# service when it runs.
LATE_IMPORTS_ALLOWED = {"league.tasks"}


def modules() -> Iterator[tuple[str, Path]]:
    for folder in PROJECT:
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            yield ".".join(parts), path


def module_path(module: str) -> str:
    path = ROOT.joinpath(*module.split("."))
    return str((path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).relative_to(ROOT))


def is_project(name: str) -> bool:
    return name.split(".")[0] in PROJECT


@functools.cache
def trees() -> dict[str, ast.Module]:
    """Every project module's tree, parsed when a test first asks (not on
    import: every test process imports this module to collect it)."""
    return {module: ast.parse(path.read_text(encoding="utf-8"), filename=str(path)) for module, path in modules()}


def called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def imported_by_string(call: ast.Call) -> str | None:
    """The module a call imports by its name, when the name is written out
    (or begins so, in an f-string); None for any other call."""
    if called_name(call) not in {"import_module", "__import__", "import_string"} or not call.args:
        return None
    first = call.args[0]
    if isinstance(first, ast.JoinedStr) and first.values:
        first = first.values[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return None


def string_imports(module: str, tree: ast.AST) -> list[str]:
    return [
        f"{module_path(module)}:{node.lineno} imports {target} by a string: import it with a statement"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and (target := imported_by_string(node)) is not None
        and is_project(target) and (module, target) not in STRING_IMPORTS_ALLOWED
    ]


def database_reads(module: str, tree: ast.AST) -> list[str]:
    """Where a view reads the database itself: views ask selectors and services."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in MANAGERS:
            found.append((node.lineno, f".{node.attr}"))
        elif isinstance(node, ast.Name) and node.id in SHORTCUTS:
            found.append((node.lineno, node.id))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in QUERIES):
            found.append((node.lineno, f".{node.func.attr}()"))
    return [f"{module_path(module)}:{line} reads the database ({what}): ask a selector"
            for line, what in sorted(set(found))]


def late_imports(module: str, tree: ast.AST) -> list[str]:
    """Project imports inside a function: how a cycle between modules gets
    papered over. With the layers kept, only a task needs one."""
    wrong = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = ["." * node.level + (node.module or "")]
            else:
                continue
            wrong += [f"{module_path(module)}:{node.lineno} imports {name} inside a function: import it at the top"
                      for name in names if name.startswith(".") or is_project(name)]
    return sorted(set(wrong))


def test_no_project_module_is_imported_by_a_string() -> None:
    wrong = [reason for module, tree in trees().items() for reason in string_imports(module, tree)]
    assert not wrong, "\n".join(wrong)


def test_api_and_pages_read_the_database_through_selectors() -> None:
    wrong = [reason for module, tree in trees().items() if module.startswith(VIEWS)
             for reason in database_reads(module, tree)]
    assert not wrong, "\n".join(wrong)


def test_only_a_task_imports_project_code_inside_a_function() -> None:
    wrong = [reason for module, tree in trees().items() if module not in LATE_IMPORTS_ALLOWED
             for reason in late_imports(module, tree)]
    assert not wrong, "\n".join(wrong)


def contracts() -> configparser.ConfigParser:
    parser = configparser.ConfigParser()
    assert parser.read(ROOT / ".importlinter", encoding="utf-8")
    return parser


def test_the_league_layers_name_every_module_under_league() -> None:
    # import-linter's `exhaustive` says the same when it runs; this says it
    # with the tests, and that the contract stays exhaustive.
    league = contracts()["importlinter:contract:league"]
    assert league["containers"].split() == ["league"]
    assert league.getboolean("exhaustive")
    named = {part.strip() for layer in league["layers"].splitlines()
             for part in layer.replace("|", ":").split(":") if part.strip()}
    children = {path.stem for path in (ROOT / "league").glob("*.py") if path.name != "__init__.py"}
    children |= {path.parent.name for path in (ROOT / "league").glob("*/__init__.py")}
    assert sorted(children - named) == []
    assert sorted(named - children) == []


def test_the_contracts_read_every_project_package() -> None:
    assert sorted(contracts()["importlinter"]["root_packages"].split()) == sorted(PROJECT)
    assert sorted(path.parent.name for path in ROOT.glob("*/__init__.py")
                  if path.parent.name not in {"tests", "benchmarks"}) == sorted(PROJECT)


def test_the_pure_contracts_forbid_every_library_of_requirements_txt() -> None:
    """A new runtime dependency is forbidden to the pure packages from the
    day it is added: each name it is imported by is in both lists."""
    def canonical(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()

    required = {canonical(re.split(r"[\[=<>~;! ]", line.strip())[0])
                for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.lstrip().startswith(("#", "-"))}
    imported_as = {name for name, distributions in packages_distributions().items()
                   if name.isidentifier() and "__" not in name
                   and any(canonical(found) in required for found in distributions)}
    assert len(imported_as) >= len(required)
    for contract in ("pure", "scoring"):
        forbidden = set(contracts()[f"importlinter:contract:{contract}"]["forbidden_modules"].split())
        assert sorted(imported_as - forbidden) == [], contract


# The checks themselves: each is caught and told.

def parsed(source: str) -> ast.AST:
    return ast.parse(source)


@pytest.mark.parametrize("source", [
    "import importlib\nimportlib.import_module('league.services.live')",
    "from importlib import import_module\nimport_module(f'league.{name}')",
    "__import__('league.models')",
    "from django.utils.module_loading import import_string\nimport_string('league.selectors.games.game')",
])
def test_a_project_module_imported_by_a_string_is_named(source: str) -> None:
    assert len(string_imports("league.pages.pad", parsed(source))) == 1


@pytest.mark.parametrize("source", [
    "import importlib\nimportlib.import_module('json')",
    "import importlib\nimportlib.import_module(name)",
])
def test_a_library_or_an_unknown_name_imported_by_a_string_stands(source: str) -> None:
    assert string_imports("league.pages.pad", parsed(source)) == []


@pytest.mark.parametrize(("source", "what"), [
    ("Game.objects.get(pk=1)", ".objects"),
    ("Game._default_manager.get(pk=1)", "._default_manager"),
    ("get_object_or_404(Game, pk=1)", "get_object_or_404"),
    ("game.entries.all()", ".all()"),
    ("list(fixture.games.filter(finished=True))", ".filter()"),
    ("games_of(division).order_by('-id')", ".order_by()"),
])
def test_a_view_reading_the_database_is_named(source: str, what: str) -> None:
    assert database_reads("league.api.games", parsed(source)) == [
        f"league/api/games.py:1 reads the database ({what}): ask a selector"]


@pytest.mark.parametrize("source", [
    "game_of(game_id)",
    "request.data.get('id')",
    "sorted(rows.values())",
    "Path('x').exists()",
])
def test_a_view_calling_a_selector_or_reading_plain_data_stands(source: str) -> None:
    assert database_reads("league.api.games", parsed(source)) == []


def test_a_late_import_of_project_code_is_named() -> None:
    source = "def f():\n    from league.selectors.games import game_of\n    import json\n"
    assert late_imports("league.services.live", parsed(source)) == [
        "league/services/live.py:2 imports league.selectors.games inside a function: import it at the top"]
