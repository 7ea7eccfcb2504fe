"""Helpers for building scoresheets (docs/scoresheet.md) and reading results.

Sheets are plain dicts in the version-1 format; the helpers only save typing.
A module of its own (not conftest) so the test modules import it by a name
no other test folder uses.
"""
from __future__ import annotations

import ast
import doctest
import importlib
import json
import re
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
SCORESHEET_DOC = REPO / "docs" / "scoresheet.md"
WORKED_EXAMPLE = "## A worked example"

NAMES = ["Ann", "Bob", "Cat", "Dan"]


# --- moves -----------------------------------------------------------------

def play(seat: int, tile: str, end: str | None = None, peg: int | None = None) -> dict[str, Any]:
    move: dict[str, Any] = {"seat": seat, "tile": tile}
    if end is not None:
        move["end"] = end
    if peg is not None:
        move["peg"] = peg
    return move


def knock(seat: int) -> dict[str, Any]:
    return {"seat": seat, "knock": True}


def misplay(seat: int, tile: str) -> dict[str, Any]:
    return {"seat": seat, "misplay": tile}


def ruling(seat: int, offence: str, move: int | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": seat, "penalty": offence}
    if move is not None:
        entry["move"] = move
    return entry


def hand(*moves: dict[str, Any], leader: int | None = None,
         shown: dict[str, list[str]] | None = None) -> dict[str, Any]:
    h: dict[str, Any] = {"moves": list(moves)}
    if leader is not None:
        h["leader"] = leader
    if shown is not None:
        h["shown"] = shown
    return h


def sheet(*hands: dict[str, Any], rules: Any = None, seats: int | list[str] = 2,
          partners: bool | None = None, start: list[int] | None = None) -> dict[str, Any]:
    names = NAMES[:seats] if isinstance(seats, int) else list(seats)
    s: dict[str, Any] = {"format": "fives-and-threes/1", "seats": names, "hands": list(hands)}
    if rules is not None:
        s["rules"] = rules
    if partners is not None:
        s["partners"] = partners
    if start is not None:
        s["start"] = start
    return s


def pub(**overrides: Any) -> dict[str, Any]:
    return {"preset": "pub", **overrides}


def preset(name: str, **overrides: Any) -> dict[str, Any]:
    return {"preset": name, **overrides}


# --- reading results ---------------------------------------------------------

def move_events(result: dict[str, Any], hand_no: int = 0) -> list[dict[str, Any]]:
    return [e for e in result["events"] if e["hand"] == hand_no and e["type"] != "hand-end"]


def event(result: dict[str, Any], hand_no: int, move_no: int) -> dict[str, Any]:
    found = [e for e in result["events"]
             if e["hand"] == hand_no and e["type"] != "hand-end" and e["move"] == move_no]
    assert len(found) == 1, f"expected one event for hand {hand_no}, move {move_no}: {found}"
    return found[0]


def hand_end(result: dict[str, Any], hand_no: int = 0) -> dict[str, Any]:
    found = [e for e in result["events"] if e["type"] == "hand-end" and e["hand"] == hand_no]
    assert len(found) == 1, f"expected one hand-end event for hand {hand_no}: {found}"
    return found[0]


def hand_ends(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in result["events"] if e["type"] == "hand-end"]


def penalties_of(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Every penalty entry of every event, in order."""
    return [p for e in result["events"] for p in e.get("penalties", [])]


# --- messages ----------------------------------------------------------------

def tile_pattern(a: int, b: int) -> str:
    """A tile written either way round, as a-b, a|b, [a|b] or ab."""
    forms = [f"{x}-{y}" for x, y in ((a, b), (b, a))] + [f"{x}\\|{y}" for x, y in ((a, b), (b, a))]
    forms += [f"(?<![\\d-]){x}{y}(?![\\d-])" for x, y in ((a, b), (b, a))]
    return "(?:" + "|".join(forms) + ")"


def mentions_tile(text: str, a: int, b: int) -> bool:
    return re.search(tile_pattern(a, b), text) is not None


def assert_names_place(message: str, hand_no: int, move_no: int, seat: int) -> None:
    """The message names the hand, the move and the seat (docs/scoresheet.md:
    `hand 0, move 1 (seat 1): ...`). Whether hands and moves are counted from
    0 or 1 is not fixed by the contract, so either is accepted."""
    assert re.search(rf"\bhand ({hand_no}|{hand_no + 1})\b", message), message
    assert re.search(rf"\bmove ({move_no}|{move_no + 1})\b", message), message
    assert re.search(rf"\bseat {seat}\b", message), message


# --- the worked example of docs/scoresheet.md ------------------------------------

def _json_blocks(text: str) -> list[Any]:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


def worked_example_blocks() -> list[Any]:
    """The JSON blocks of the doc's worked example section, in order."""
    text = SCORESHEET_DOC.read_text(encoding="utf-8")
    assert WORKED_EXAMPLE in text, f"{SCORESHEET_DOC} has no section {WORKED_EXAMPLE!r}"
    section = text.split(WORKED_EXAMPLE, 1)[1].split("\n## ", 1)[0]
    return _json_blocks(section)


def run_examples(name: str) -> tuple[int, int]:
    """(failures, examples tried) of a module's docstrings, run in the module."""
    module = importlib.import_module(name)
    path = Path(module.__file__ or "")
    if path.suffix == ".py":
        return tuple(doctest.testmod(module))  # type: ignore[return-value]
    # A compiled module keeps no docstrings: they are read from its source,
    # which the build keeps beside it, and run against the compiled code.
    source = path.with_name(name.rsplit(".", 1)[1] + ".py")
    runner, parser = doctest.DocTestRunner(), doctest.DocTestParser()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
            text = ast.get_docstring(node)
            if text:
                runner.run(parser.get_doctest(text, dict(vars(module)), name, str(source), 0))
    return tuple(runner.summarize(verbose=False))  # type: ignore[return-value]
