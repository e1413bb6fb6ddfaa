#!/usr/bin/env python3
"""How long one `loo hand` takes on a long session (issue 10: no replay of the whole session
on every write), as a whole process.

Imports a five-player three-card session of HANDS hands (benchmarks/hand_entry.py's two
hands, alternating: a simple pool with loos, then a double pool everyone passes, so every
hand is valid whoever deals) into a temporary database, then runs ``loo --db DB hand ...``
RUNS times as separate processes and prints the minimum, median and maximum in ms: wall
clock, and the processor time of the process (user + system), which a loaded machine
inflates less.

Usage:  python benchmarks/long_session_hand.py [--hands 1000] [-n RUNS] [--python PY]
``--python`` runs ``PY -m loo_ledger`` (e.g. with PYTHONPATH set to another checkout, to
compare two versions); by default the `loo` beside this interpreter.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import tempfile
from pathlib import Path

from hand_entry import ALL_PASS, PLAYERS, SIMPLE, loo_command, run


def session(hands: int) -> dict[str, object]:
    simple = {"tricks": {w.split("=")[0]: int(w.split("=")[1]) for w in SIMPLE}}
    passed = {"declarations": dict.fromkeys(PLAYERS, "pass")}
    return {"format": "loo-session/1", "name": "long", "variant": "three-card",
            "players": PLAYERS, "first_dealer": "Eve", "opening_pool": 0,
            "hands": [simple if i % 2 == 0 else passed for i in range(hands)]}


def cpu() -> float:
    """Processor time (user + system) of the finished child processes so far, in ms."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (used.ru_utime + used.ru_stime) * 1000


def line(label: str, times: list[float]) -> str:
    return (f"  {label}: min {min(times):.1f} ms   median {statistics.median(times):.1f} ms   "
            f"max {max(times):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands imported first")
    parser.add_argument("-n", "--runs", type=int, default=15, help="timed hands (default 15)")
    parser.add_argument("--python", help="run PYTHON -m loo_ledger instead of loo")
    args = parser.parse_args()
    loo = [args.python, "-m", "loo_ledger"] if args.python else loo_command()
    tmp = Path(tempfile.mkdtemp(prefix="loo-long-"))
    db, source = tmp / "bench.db", tmp / "long.json"
    base = [*loo, "--db", str(db)]
    os.chdir(tmp)  # -m finds the package in the working directory before PYTHONPATH's
    try:
        source.write_text(json.dumps(session(args.hands)))
        run([*base, "import", str(source)])
        run([*base, "pool"])  # warm the file cache once, untimed
        entered, times, cpus = args.hands, [], []
        for _ in range(args.runs):
            before = cpu()
            times.append(run([*base, "hand", *(SIMPLE if entered % 2 == 0 else ALL_PASS)]))
            cpus.append(cpu() - before)
            entered += 1
        run([*base, "check"])  # the session as recorded is still what its records give
        print(f"loo hand on a {args.hands}-hand session, whole process, {args.runs} runs:")
        print(line("wall clock", times))
        print(line("processor ", cpus))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
