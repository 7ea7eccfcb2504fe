"""Dependencies point one way: pages and api -> services -> selectors ->
models -> the pure packages. Read from the source with `ast`, so no module
is imported and the test needs no database.

Where each module sits (the longest matching prefix decides):

- pure: `scoring`, `cups` (the cups' draws and ties), the league's pure
  packages (`league.standings`, `league.formats`, `league.scheduling`),
  `league.calendar` (iCalendar text),
  `league.competition_settings` (settings and their checks),
  `league.refusals` (what a write can refuse) and `league.text_lines`
  (single-line and multi-line text, for the API and the forms alike). No Django in any of them.
- models: `league.models`, their migrations, and `league.authors` (who made
  a change: a user or nobody known).
- selectors: `league.selectors`, and `league.engine`, which reads a game's
  log and replays it through `scoring`.
- tasks: `league.tasks`, below the services so that a service can queue a
  task; a task's body imports the service it calls when it runs, the one
  place a function-level import may point up.
- services: `league.services`.
- entry points: `league.api`, `league.pages`, `league.admin`, the management
  commands, the demo data (`league.demo`, built through the services the way
  a user would) and the app itself.
- config: settings, urls, the Celery app, wsgi and asgi.
"""
import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LAYERS = ["pure", "models", "selectors", "tasks", "services", "entry points", "config"]

PLACES = {
    "scoring": "pure",
    "cups": "pure",
    "league.standings": "pure",
    "league.formats": "pure",
    "league.scheduling": "pure",
    "league.ratings": "pure",
    "league.calendar": "pure",
    "league.competition_settings": "pure",
    "league.refusals": "pure",
    "league.text_lines": "pure",
    "league.models": "models",
    "league.migrations": "models",
    "league.authors": "models",
    "league.selectors": "selectors",
    "league.engine": "selectors",
    "league.tasks": "tasks",
    "league.services": "services",
    "league.api": "entry points",
    "league.pages": "entry points",
    "league.admin": "entry points",
    "league.management": "entry points",
    "league.demo": "entry points",
    "league.apps": "entry points",
    "league": "entry points",
    "config": "config",
}

# Function-level imports that may point up: (importing layer, imported layer).
LATE_IMPORTS_ALLOWED = {("tasks", "services")}

# Where `.objects` may not be read: views ask selectors and services.
NO_MANAGERS = ("league.api", "league.pages")


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    target: str  # the module it imports
    late: bool  # inside a function


def place(module: str) -> str | None:
    """The layer of a project module; None for anything outside the project."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        found = PLACES.get(".".join(parts[:end]))
        if found is not None:
            return found
    return None


def modules() -> Iterator[tuple[str, Path]]:
    for folder in ("league", "config", "scoring", "cups"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            yield ".".join(parts), path


def is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports(module: str, path: Path) -> Iterator[Import]:
    """Every import in the module, with whether it runs inside a function.
    `from package import name` counts as importing package.name when that
    is a module."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))

    def walk(node: ast.AST, late: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield Import(module, alias.name, late)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                for alias in child.names:
                    name = f"{base}.{alias.name}"
                    yield Import(module, name if is_module(name) else base, late)
            inside = late or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            yield from walk(child, inside)

    yield from walk(tree, False)


def wrong_way(found: Import) -> str | None:
    """Why the import points the wrong way, or None when it may stand."""
    mine, theirs = place(found.module), place(found.target)
    if mine is None or theirs is None:
        return None
    if LAYERS.index(theirs) <= LAYERS.index(mine):
        return None
    if found.late and (mine, theirs) in LATE_IMPORTS_ALLOWED:
        return None
    where = " inside a function" if found.late else ""
    return f"{module_path(found.module)} imports {found.target}{where}: {mine} may not import {theirs}"


def module_path(module: str) -> str:
    path = ROOT.joinpath(*module.split("."))
    return str((path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).relative_to(ROOT))


# Each import once, in the order the modules and their lines come.
ALL_IMPORTS = list(dict.fromkeys(found for module, path in modules() for found in imports(module, path)))


def test_every_import_points_down_the_layers() -> None:
    wrong = [reason for found in ALL_IMPORTS if (reason := wrong_way(found)) is not None]
    assert not wrong, "\n".join(wrong)


def test_the_pure_packages_import_nothing_from_django() -> None:
    # scoring goes further, standard library only: tests/scoring/test_engine_purity.py.
    wrong = [
        f"{module_path(found.module)} imports {found.target}: pure modules know nothing of Django"
        for found in ALL_IMPORTS
        if place(found.module) == "pure" and found.target.split(".")[0] in {"django", "rest_framework", "celery"}
    ]
    assert not wrong, "\n".join(wrong)


def test_api_and_pages_read_no_model_manager() -> None:
    wrong = [
        f"{module_path(module)}:{line} reads .objects: views ask selectors and services"
        for module, path in modules() if module.startswith(NO_MANAGERS)
        for line in sorted(node.lineno for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                           if isinstance(node, ast.Attribute) and node.attr == "objects")
    ]
    assert not wrong, "\n".join(wrong)


def test_every_module_has_a_place() -> None:
    assert [module for module, _ in modules() if place(module) is None] == []


# The checks themselves: each kind of wrong import is caught and told.

@pytest.mark.parametrize(("module", "target", "late", "reason"), [
    ("league.selectors.access", "league.services.log", False,
     "league/selectors/access.py imports league.services.log: selectors may not import services"),
    ("league.models.game", "league.selectors.games", True,
     "league/models/game.py imports league.selectors.games inside a function: models may not import selectors"),
    ("league.services.live", "league.api.games", False,
     "league/services/live.py imports league.api.games: services may not import entry points"),
    ("league.standings.table", "league.models", False,
     "league/standings/table.py imports league.models: pure may not import models"),
    ("league.tasks", "league.services.live", False,
     "league/tasks.py imports league.services.live: tasks may not import services"),
])
def test_an_import_up_the_layers_is_named_with_its_rule(module: str, target: str, late: bool, reason: str) -> None:
    assert wrong_way(Import(module, target, late)) == reason


@pytest.mark.parametrize(("module", "target", "late"), [
    ("league.tasks", "league.services.live", True),
    ("league.services.live", "league.tasks", False),
    ("league.pages.public", "league.selectors.public", False),
    ("league.selectors.games", "league.engine", False),
    ("league.api.games", "django.http", False),
])
def test_an_import_down_the_layers_or_a_task_calling_its_service_stands(module: str, target: str,
                                                                         late: bool) -> None:
    assert wrong_way(Import(module, target, late)) is None


def test_only_a_task_imports_project_code_inside_a_function() -> None:
    """An import hidden in a function is how a cycle between modules gets
    papered over; with the layers kept, only a task needs one."""
    wrong = [
        f"{module_path(found.module)} imports {found.target} inside a function: import it at the top"
        for found in ALL_IMPORTS
        if found.late and place(found.target) is not None and place(found.module) != "tasks"
    ]
    assert not wrong, "\n".join(wrong)
