"""How long the test targets take in this checkout, run as a developer runs them.

    .venv/bin/python benchmarks/test_times.py            # make test-fast, three times
    .venv/bin/python benchmarks/test_times.py --cold     # each run migrates afresh
    .venv/bin/python benchmarks/test_times.py --target test --runs 1

Prints, for each run, the wall seconds, the CPU seconds of every process the
run started (the pytest workers, the browsers, the servers), and pytest's
count line; then the median wall time. A warm run copies the test schema
kept in .pytest_cache from an earlier run with the same migrations
(tests/schema_once.py); `--cold` deletes it before each run, as on a fresh
clone or after a change to the migrations. Measure on an otherwise idle
machine: other work on the cores shows up in the wall time. This script
prints figures and never fails on them.
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEPT_SCHEMA = ROOT / ".pytest_cache" / "d" / "schema"
COUNTS = re.compile(r"^=*\s*(\d+ (passed|failed).*?) in [\d.]+s", re.MULTILINE)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_run(target: str, cold: bool) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, pytest's first count line) of one `make target`."""
    if cold:
        shutil.rmtree(KEPT_SCHEMA, ignore_errors=True)
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run(["make", target], cwd=ROOT, capture_output=True, text=True, env=dict(os.environ))
    wall = time.perf_counter() - start
    found = COUNTS.search(done.stdout)
    counts = found.group(1) if found else f"no count line (exit {done.returncode})"
    return wall, children_cpu() - cpu, counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--target", default="test-fast", choices=["test-fast", "test"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cold", action="store_true", help="migrate the test schema afresh on each run")
    args = parser.parse_args()
    print(f"make {args.target}, {args.runs} run(s), {'cold' if args.cold else 'warm'}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.2f} before")
    walls = []
    for number in range(1, args.runs + 1):
        wall, cpu, counts = one_run(args.target, args.cold)
        walls.append(wall)
        print(f"run {number}: {wall:6.1f} s wall, {cpu:6.1f} CPU s, {counts}", flush=True)
    print(f"median: {statistics.median(walls):.1f} s wall")
    return 0


if __name__ == "__main__":
    sys.exit(main())
