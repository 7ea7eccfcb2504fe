"""Instructions per move of ``scoring.check`` and of the ``dominoes`` library, by callgrind.

Wall-clock rates on a shared two-core machine move with whatever else runs;
instruction counts do not. This runs each side under ``valgrind
--tool=callgrind`` twice, once doing the work and once only preparing it
(making the sheets, importing the library), and divides the difference by
the moves made. The same inputs as ``benchmarks/engine.py``.

    python benchmarks/instructions.py [--games 200] [--series 100] [--seed 2026] [--pure-only]

The compiled build (make engine-fast) is counted too when it is built.

It takes a few minutes: callgrind runs Python some fifty times slower.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The child: prepares the inputs, then (in "work" mode) does the work and
# prints the number of moves it made.
CHILD = r"""
import sys
sys.path.insert(0, {bench!r})
side, mode, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
if side == "compiled":
    sys.path.insert(0, {build!r})
import scoring
if (side == "compiled") == scoring.__file__.endswith(".py"):
    raise SystemExit(f"{{side}}: scoring was imported from {{scoring.__file__}}")
from engine import dominoes_series, make_sheets, sheet_moves
if side in ("check", "compiled"):
    sheets = make_sheets(seed, count)
    if mode == "work":
        for sheet in sheets:
            scoring.check(sheet)
    print(sheet_moves(sheets))
elif mode == "work":
    print(dominoes_series(seed, count))
else:
    print(0)
"""


def instructions(side: str, mode: str, seed: int, count: int) -> tuple[int, int]:
    """(instructions executed, moves made) of one child run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        child = Path(tmp) / "child.py"
        child.write_text(CHILD.format(bench=str(ROOT / "benchmarks"), build=str(ROOT / "build" / "engine")))
        env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)}
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
             sys.executable, str(child), side, mode, str(seed), str(count)],
            capture_output=True, text=True, env=env, check=True,
        )
    collected = re.search(r"Collected : (\d+)", run.stderr)
    if collected is None:
        raise SystemExit(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    return int(collected.group(1)), int(run.stdout.strip() or 0)


def per_move(side: str, seed: int, count: int) -> tuple[float, int]:
    work, moves = instructions(side, "work", seed, count)
    base, _ = instructions(side, "base", seed, count)
    return (work - base) / moves, moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="sheets checked (default 200)")
    parser.add_argument("--series", type=int, default=100, help="dominoes series (default 100)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--pure-only", action="store_true", help="leave out the compiled build")
    args = parser.parse_args(argv)
    ours, our_moves = per_move("check", args.seed, args.games)
    theirs, their_moves = per_move("dominoes", args.seed, args.series)
    print(f"scoring.check    {ours:10,.0f} instructions a move ({our_moves} moves)")
    print(f"dominoes 6.1.0   {theirs:10,.0f} instructions a move ({their_moves} moves)")
    print(f"ratio            {theirs / ours:10.2f}x fewer instructions a move (goal 2x)")
    if (ROOT / "build" / "engine" / ".built").is_file() and not args.pure_only:
        compiled, _ = per_move("compiled", args.seed, args.games)
        print(f"compiled check   {compiled:10,.0f} instructions a move (make engine-fast)")
        print(f"ratio            {theirs / compiled:10.2f}x fewer instructions a move")


if __name__ == "__main__":
    main()
