"""How fast the rules engine adjudicates, beside the ``dominoes`` library.

Run from the project root: ``python benchmarks/engine.py [--json]``.

Figures, each the median of several timed repetitions after a warm-up (the
engine and the library timed in turn, round after round, so that load on the
machine falls on both alike):

- ``check``: moves per second that ``scoring.check`` adjudicates over a batch
  of random complete scoresheets (made beforehand by ``scoring.simulate``,
  not timed): every play, knock, misplay and ruling, pegs checked, hands
  shown and judged;
- ``dominoes``: moves per second of the ``dominoes`` library (PyPI, 6.1.0)
  dealing and playing random four-seat series to 100 points, every play and
  every pass counted (it only plays; it scores nothing but the end of a
  game), and the ratio of the two;
- ``apply``: moves per second of the incremental ``scoring.Game.apply`` (and
  ``show``), replaying the same sheets one move at a time;
- the time of one ``Game.apply`` at move 1 and at move 60 (and later) of long
  games to 121: a game keeps its state, not its history, so it must not grow;
- the same ``check`` and ``apply`` rates, and the ratio, for the compiled
  build (``make engine-fast``, build/engine/) when it is built from the
  current sources: measured in a child process, beside ``dominoes`` again.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "engine"
# The child that measures the compiled build is started with this set: the
# build goes first on the path, so ``scoring`` is the compiled one.
COMPILED_CHILD = "SCORING_BENCH_COMPILED"
sys.path.insert(0, str(ROOT))
if os.environ.get(COMPILED_CHILD):
    sys.path.insert(0, str(BUILD))

import dominoes  # type: ignore[import-untyped]  # noqa: E402

import scoring  # noqa: E402
from scoring.simulate import random_games  # noqa: E402

Sheet = dict[str, Any]
# The batch: the common tables of a league night, with a few table mistakes.
MIXES: list[dict[str, Any]] = [
    {"rules": "pub", "seats": 2, "mistakes": 0.02},
    {"rules": {"preset": "pub", "target": 121}, "seats": 4, "partners": True, "mistakes": 0.02},
    {"rules": "pagat", "seats": 4, "partners": True, "mistakes": 0.02},
    {"rules": "network", "seats": 3, "mistakes": 0.0},
]
PROBES = (1, 60, 120)  # moves at which one apply is timed
GOAL_RATIO = 2.5  # check should adjudicate at least this many times dominoes' moves/s


def median_time(run: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``run`` over ``repeat`` timed calls, after one warm-up."""
    run()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def sheet_moves(sheets: list[Sheet]) -> int:
    """Moves written on the sheets."""
    return sum(len(hand["moves"]) for sheet in sheets for hand in sheet["hands"])


def make_sheets(seed: int, games: int) -> list[Sheet]:
    """``games`` random complete sheets, shared among the tables of ``MIXES``."""
    share = max(1, games // len(MIXES))
    return [s for i, mix in enumerate(MIXES) for s in random_games(seed + i, share, **mix)]


def check_all(sheets: list[Sheet]) -> None:
    """Adjudicate every sheet."""
    for sheet in sheets:
        scoring.check(sheet)


def replay(sheet: Sheet) -> list[scoring.Game]:
    """The game before each move of ``sheet``, applying moves and showings one at a time."""
    game = scoring.Game.new(rules=sheet["rules"], seats=sheet["seats"],
                            partners=sheet.get("partners", False))
    states = []
    for hand in sheet["hands"]:
        for move in hand["moves"]:
            states.append(game)
            game, _ = game.apply(move)
        if "shown" in hand:
            game, _ = game.show(hand["shown"])
    return states


def apply_all(sheets: list[Sheet]) -> None:
    """Replay every sheet through the incremental ``Game``."""
    for sheet in sheets:
        replay(sheet)


def dominoes_series(seed: int, count: int, target: int = 100) -> int:
    """Play ``count`` random four-seat series of ``dominoes``; returns the moves made.

    A move is a play or a pass. The library records a pass only when a later
    seat plays, so a stuck game's last round of passes (four) is added.
    """
    random.seed(seed)  # the library deals with the global generator
    moves = 0
    for _ in range(count):
        series = dominoes.Series(target_score=target)
        game = series.games[0]
        while game is not None:
            while game.result is None:
                game.make_move(*random.choice(game.valid_moves))
            moves += len(game.moves) + (0 if game.result.won else 4)
            game = series.next_game()
    return moves


def per_move_apply(sheets: list[Sheet], repeat: int) -> dict[int, float]:
    """Median seconds of one ``Game.apply`` at each move of ``PROBES``, over the sheets.

    A ``Game`` is immutable, so the same move is applied to the same state
    again and again.
    """
    timings: dict[int, list[float]] = {probe: [] for probe in PROBES}
    for sheet in sheets:
        moves = [m for hand in sheet["hands"] for m in hand["moves"]]
        states = replay(sheet)
        for probe in PROBES:
            if probe <= len(moves):
                timings[probe].append(time_apply(states[probe - 1], moves[probe - 1], repeat))
    return {probe: statistics.median(ts) for probe, ts in timings.items() if ts}


def time_apply(state: scoring.Game, move: dict[str, Any], repeat: int, loops: int = 100) -> float:
    """Median seconds of one ``state.apply(move)``, timed ``loops`` at a time."""
    def run() -> None:
        for _ in range(loops):
            state.apply(move)
    return median_time(run, repeat) / loops


def rates_side_by_side(runs: dict[str, tuple[Callable[[], object], int]],
                       repeat: int) -> dict[str, list[float]]:
    """Moves per second of each run, timed in turn round after round after a warm-up.

    Interleaving puts any load on the machine on every run alike.
    """
    for run, _ in runs.values():
        run()
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, (run, moves) in runs.items():
            start = time.perf_counter()
            run()
            rates[name].append(moves / (time.perf_counter() - start))
    return rates


def measure(seed: int, games: int, series: int, repeat: int) -> dict[str, Any]:
    """Every figure of the benchmark, as a JSON-ready dict."""
    sheets = make_sheets(seed, games)
    moves = sheet_moves(sheets)
    their_moves = dominoes_series(seed, series)
    rates = rates_side_by_side({
        "check": (lambda: check_all(sheets), moves),
        "dominoes": (lambda: dominoes_series(seed, series), their_moves),
        "apply": (lambda: apply_all(sheets), moves),
    }, repeat)
    ratios = [ours / theirs for ours, theirs in zip(rates["check"], rates["dominoes"], strict=True)]
    long_games = random_games(seed, 10, {"preset": "pub", "target": 121}, seats=4)
    per_move = per_move_apply(long_games, repeat)
    return {
        "games": len(sheets), "moves": moves, "repeat": repeat,
        "check_moves_per_s": statistics.median(rates["check"]),
        "apply_moves_per_s": statistics.median(rates["apply"]),
        "dominoes_series": series, "dominoes_moves": their_moves,
        "dominoes_moves_per_s": statistics.median(rates["dominoes"]),
        "ratio_check_to_dominoes": statistics.median(ratios),
        "apply_us_at_move": {str(k): seconds * 1e6 for k, seconds in per_move.items()},
    }


def compiled_problem() -> str | None:
    """Why the compiled build cannot be measured, or None (config/engine_build.py decides)."""
    path = ROOT / "config" / "engine_build.py"
    spec = importlib.util.spec_from_file_location("engine_build", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not through config/__init__, which imports the engine
    problem: str | None = module.compiled_build_problem()
    return problem


def measure_compiled(argv: list[str]) -> dict[str, Any]:
    """The figures of a child process running the compiled build (same arguments)."""
    run = subprocess.run([sys.executable, __file__, *argv, "--json", "--no-compiled"],
                         env={**os.environ, COMPILED_CHILD: "1"}, capture_output=True, text=True,
                         check=True)
    figures: dict[str, Any] = json.loads(run.stdout)
    if figures["build"] != "compiled":
        raise SystemExit(f"the child ran the {figures['build']} build, not the compiled one")
    return figures


def build_name() -> str:
    return "pure" if scoring.__file__ is None or scoring.__file__.endswith(".py") else "compiled"


def table(figures: dict[str, Any]) -> str:
    """The figures as a small text table."""
    rows = [
        (f"scoring.check, {figures['build']} ({figures['games']} sheets)", figures["moves"],
         f"{figures['check_moves_per_s']:,.0f} moves/s"),
        (f"dominoes {dominoes_version()} ({figures['dominoes_series']} series)",
         figures["dominoes_moves"], f"{figures['dominoes_moves_per_s']:,.0f} moves/s"),
        ("ratio check / dominoes", "",
         f"{figures['ratio_check_to_dominoes']:.2f}x (goal {GOAL_RATIO:g}x)"),
        ("scoring.Game.apply, replaying", figures["moves"],
         f"{figures['apply_moves_per_s']:,.0f} moves/s"),
    ]
    rows += [(f"one Game.apply at move {k} (to 121)", "", f"{us:.1f} us")
             for k, us in figures["apply_us_at_move"].items()]
    compiled = figures.get("compiled")
    if isinstance(compiled, dict):
        rows += [
            ("compiled scoring.check", compiled["moves"], f"{compiled['check_moves_per_s']:,.0f} moves/s"),
            ("  dominoes beside it", compiled["dominoes_moves"],
             f"{compiled['dominoes_moves_per_s']:,.0f} moves/s"),
            ("  ratio compiled check / dominoes", "",
             f"{compiled['ratio_check_to_dominoes']:.2f}x (goal {GOAL_RATIO:g}x)"),
            ("compiled scoring.Game.apply, replaying", compiled["moves"],
             f"{compiled['apply_moves_per_s']:,.0f} moves/s"),
            ("compiled / pure, each beside dominoes", "",
             f"{compiled['ratio_check_to_dominoes'] / figures['ratio_check_to_dominoes']:.2f}x"),
        ]
        rows += [(f"compiled Game.apply at move {k} (to 121)", "", f"{us:.1f} us")
                 for k, us in compiled["apply_us_at_move"].items()]
    elif compiled:
        rows.append(("compiled build", "", f"not measured: {compiled}"))
    width = max(len(r[0]) for r in rows)
    lines = [f"{'benchmark':<{width}}  {'moves':>7}  rate", "-" * (width + 30)]
    lines += [f"{name:<{width}}  {str(moves):>7}  {rate}" for name, moves, rate in rows]
    return "\n".join(lines)


def dominoes_version() -> str:
    from importlib.metadata import version
    return version("dominoes")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="random sheets to check")
    parser.add_argument("--series", type=int, default=200, help="dominoes series to play")
    parser.add_argument("--repeat", type=int, default=7, help="timed repetitions (median)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-compiled", action="store_true",
                        help="measure only the build this process imported")
    args = parser.parse_args(argv)
    figures = measure(args.seed, args.games, args.series, args.repeat)
    figures["build"] = build_name()
    if not args.no_compiled:
        problem = compiled_problem()
        shared = [f"--games={args.games}", f"--series={args.series}", f"--repeat={args.repeat}",
                  f"--seed={args.seed}"]
        figures["compiled"] = problem if problem else measure_compiled(shared)
    print(json.dumps(figures, indent=2) if args.json else table(figures))


if __name__ == "__main__":
    main()
