"""Which build of the rules engine (`scoring`) this process imports.

`make engine-fast` compiles `scoring/` with mypyc into build/engine/ (a copy
of the sources beside their compiled modules); `scoring/` itself stays the
pure-Python reference, the one the pad's browser engine ships. The choice is
made here, once, before anything imports `scoring`: `config` is the first
package every entry point loads (manage.py, the WSGI and ASGI apps, the
Celery worker, pytest-django).

SCORING_BUILD says which:
- unset or `auto`: the compiled build when it is there and was built from
  the sources as they are now, else the pure one;
- `compiled`: the compiled build, or an error (CI sets it, so a missing or
  stale build fails rather than quietly testing the pure one);
- `pure`: the pure one.

Standard library only: it runs before Django is set up.
"""
from __future__ import annotations

import importlib
import importlib.machinery
import os
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "scoring"
BUILD = ROOT / "build" / "engine"
CHOICES = ("auto", "compiled", "pure")


class EngineBuildError(RuntimeError):
    """SCORING_BUILD asks for what cannot be had."""


def compiled_build_problem(build: Path = BUILD, sources: Path = SOURCES) -> str | None:
    """Why the compiled build cannot be used, or None when it can."""
    package = build / "scoring"
    if not (build / ".built").is_file():
        return f"there is no compiled build in {build} (make engine-fast)"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    if not (package / f"state{suffix}").is_file():
        return f"the build in {build} was not compiled for this Python ({suffix})"
    ours = {path.name: path.read_bytes() for path in sources.glob("*.py")}
    built = {path.name: path.read_bytes() for path in package.glob("*.py")}
    if ours != built:
        changed = sorted(set(ours) ^ set(built) | {n for n in ours.keys() & built if ours[n] != built[n]})
        return f"scoring/ has changed since the build ({', '.join(changed)}): make engine-fast"
    return None


def choose(environ: Mapping[str, str] = os.environ) -> str:
    """Put the build SCORING_BUILD asks for first on sys.path; return its name."""
    wanted = environ.get("SCORING_BUILD", "") or "auto"
    if wanted not in CHOICES:
        raise EngineBuildError(f"SCORING_BUILD={wanted!r}: use one of {', '.join(CHOICES)}")
    if wanted == "pure":
        return "pure"
    problem = compiled_build_problem()
    if problem is not None:
        if wanted == "compiled":
            raise EngineBuildError(f"SCORING_BUILD=compiled, but {problem}")
        return "pure"
    loaded = sys.modules.get("scoring")
    if loaded is not None and not is_compiled(loaded.__file__):
        if wanted == "compiled":
            raise EngineBuildError("SCORING_BUILD=compiled, but the pure scoring was imported first")
        return "pure"
    if str(BUILD) not in sys.path:
        sys.path.insert(0, str(BUILD))
    # Imported now, while the build leads sys.path: later entries put before
    # it (Celery's Django fix-up puts the working directory first) cannot
    # bring the pure package back, and its submodules follow the package.
    engine = importlib.import_module("scoring")
    if not is_compiled(engine.__file__):
        raise EngineBuildError(f"scoring was imported from {engine.__file__}, not from {BUILD}")
    return "compiled"


def is_compiled(module_file: str | None) -> bool:
    """Whether a module was loaded from a compiled extension, not a .py file."""
    return module_file is not None and not module_file.endswith(".py")
