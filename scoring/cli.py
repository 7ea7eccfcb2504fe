"""``python -m scoring check``: adjudicate scoresheets from files or standard input.

Exit status 0 when every sheet is one the rules accept, 2 when any is not
(the reason on standard error, or as ``{"error": ...}`` with ``--jsonl``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from .errors import ScoringError
from .sheet import check
from .text import scorecard


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.jsonl:
        return _check_lines(sys.stdin, sys.stdout, args.text)
    if not args.files:
        print("scoring check: name a FILE, - for standard input, or --jsonl", file=sys.stderr)
        return 2
    status = 0
    for name in args.files:
        try:
            sheet = _load(name)
            result = check(sheet)
        except (OSError, ScoringError) as err:
            print(f"{name}: {err}", file=sys.stderr)
            status = 2
            continue
        sys.stdout.write(scorecard(sheet, result) if args.text else json.dumps(result) + "\n")
    return status


def _check_lines(source: TextIO, out: TextIO, text: bool) -> int:
    status = 0
    for number, line in enumerate(source, start=1):
        if not line.strip():
            continue
        try:
            sheet = _parse(line, f"line {number}")
            result = check(sheet)
        except ScoringError as err:
            out.write(json.dumps({"error": str(err)}) + "\n")
            status = 2
            continue
        out.write(scorecard(sheet, result) if text else json.dumps(result) + "\n")
    return status


def _load(name: str) -> Any:
    if name == "-":
        return _parse(sys.stdin.read(), "<stdin>")
    with open(name, encoding="utf-8") as handle:
        return _parse(handle.read(), name)


def _parse(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise ScoringError(f"{where} is not JSON: {err}") from None


# Not the module's docstring: the compiled build (mypyc) keeps none, and
# argparse would be handed None.
DESCRIPTION = "Adjudicate scoresheets from files or standard input."


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m scoring", description=DESCRIPTION)
    commands = parser.add_subparsers(dest="command", required=True)
    checker = commands.add_parser("check", help="adjudicate scoresheets")
    checker.add_argument("files", nargs="*", metavar="FILE", help="scoresheet files; - reads stdin")
    checker.add_argument("--jsonl", action="store_true", help="one sheet a line on stdin")
    checker.add_argument("--text", action="store_true", help="print a readable scorecard")
    return parser
