#!/usr/bin/env python3
"""How long one `loo hand` takes at the table, as a whole process (issue 3: under 200 ms).

Creates a five-player three-card session in a temporary database, then runs
``loo --db DB hand ...`` N times as separate processes (subprocess, wall clock: interpreter
start, imports, opening the database, settling and storing the hand, printing the
settlement) and prints the minimum, median and maximum in milliseconds.

The hands alternate so that every one is valid whoever deals:
  a simple pool (pool empty):  Ann=1 Ben=0 Cat=1 Dov=1 Eve=0  -> 18 carried, double next
  a double pool:               everyone passes               -> the dealer takes it, pool 0

Usage:  python benchmarks/hand_entry.py [-n RUNS] [--preload HANDS] [--keep]
Run it from the project's virtual environment (it uses the `loo` installed beside python).
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYERS = ["Ann", "Ben", "Cat", "Dov", "Eve"]
SIMPLE = ["Ann=1", "Ben=0", "Cat=1", "Dov=1", "Eve=0"]
ALL_PASS = [f"{p}=pass" for p in PLAYERS]


def loo_command() -> list[str]:
    """The `loo` console script of this interpreter's environment, else on PATH, else -m."""
    beside = Path(sys.executable).parent / "loo"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("loo")
    if found:
        return [found]
    return [sys.executable, "-m", "loo_ledger"]


def run(cmd: list[str]) -> tuple[float, float]:
    """Run ``cmd``; return its wall-clock time and the CPU time it used (user and system,
    its threads included: on a machine shared with other work the wall clock also waits
    for that work), in milliseconds; stop on failure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    elapsed = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(cmd)}\n{done.stdout}{done.stderr}")
    cpu = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000
    return elapsed, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=30, help="timed hands (default 30)")
    parser.add_argument("--preload", type=int, default=0, metavar="HANDS",
                        help="hands entered (untimed) before timing, for a fuller ledger")
    parser.add_argument("--keep", action="store_true", help="keep the temporary database")
    args = parser.parse_args()

    loo = loo_command()
    tmp = Path(tempfile.mkdtemp(prefix="loo-bench-"))
    db = tmp / "bench.db"
    base = [*loo, "--db", str(db)]
    try:
        run([*base, "new", "Benchmark", "--players", ",".join(PLAYERS), "--dealer", "Eve"])
        entered = 0
        for _ in range(args.preload):
            run([*base, "hand", *(SIMPLE if entered % 2 == 0 else ALL_PASS)])
            entered += 1
        run([*base, "pool"])  # warm the file cache once, untimed
        times, cpus = [], []
        for _ in range(args.runs):
            wall, cpu = run([*base, "hand", *(SIMPLE if entered % 2 == 0 else ALL_PASS)])
            times.append(wall)
            cpus.append(cpu)
            entered += 1
        print(f"loo hand, whole process ({' '.join(loo)}), {args.runs} runs after "
              f"{args.preload} preloaded hands:")
        print(f"  min {min(times):.1f} ms   median {statistics.median(times):.1f} ms   "
              f"max {max(times):.1f} ms   (CPU: median {statistics.median(cpus):.1f} ms)")
        target = 200.0
        verdict = "within" if statistics.median(times) < target else "OVER"
        print(f"  median {verdict} the {target:.0f} ms target")
        if args.keep:
            print(f"  database kept: {db}")
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
