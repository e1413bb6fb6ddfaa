"""A season's reports (issue 24): standings, leaks, the season's chart and export, whole
process (prints figures; not a test). The targets: the standings of a 50-evening season
(about 7,500 hands) under 1 s; the standings and ``loo leaks PLAYER`` on the million-hand
ledger under 3 s.

Run: python benchmarks/season.py [EVENINGS] [HANDS_PER_EVENING] [DB] [--big BIG_DB]

The ledger is built as benchmarks/stats.py builds its own (generated three-card evenings of
six players through the store's insert path, one a day up to today, with the sample
evenings among them), then a season named ``All`` holding every evening is made with
``loo season new``. ``--big BIG_DB``: the million-hand ledger of benchmarks/stats.py
(``python benchmarks/stats.py 1000000``), read only (the reports do not write; a ledger
made before the leak tallies is migrated by the first open, which writes: give a copy);
its standings and ``loo leaks Ann`` are timed too. Each figure is the best and the worst of
three runs, wall time and CPU time; the machine's load (``os.getloadavg``) is printed
with them.
"""

from __future__ import annotations

import os
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stats import build, run  # noqa: E402  (the stats benchmark's builder and timer)

from loo_ledger.store.ledger import Ledger  # noqa: E402


def _cpu() -> float:
    """The CPU seconds (user and system) of this process's finished children."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(db: Path, args: list[str], times: int = 3) -> None:
    """``loo ARGS`` on ``db`` ``times`` times, whole process: the best and worst wall time
    and CPU time (on a shared machine the CPU time says more), and the load."""
    load = os.getloadavg()[0]
    walls, cpus = [], []
    for _ in range(times):
        before = _cpu()
        walls.append(run(db, *args)[0])
        cpus.append(_cpu() - before)
    walls.sort()
    cpus.sort()
    print(f"loo {' '.join(args):<44} wall {walls[0]:.2f}-{walls[-1]:.2f} s, CPU "
          f"{cpus[0]:.2f}-{cpus[-1]:.2f} s (whole process, {times} runs; load {load:.1f})")


def main() -> None:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("evenings", nargs="?", type=int, default=50)
    parser.add_argument("per", nargs="?", type=int, default=150, metavar="HANDS_PER_EVENING")
    parser.add_argument("db", nargs="?", type=Path, default=Path("/tmp/loo-season-benchmark.db"),
                        metavar="DB", help="the season's ledger, built anew")
    parser.add_argument("--big", type=Path, metavar="BIG_DB",
                        help="the million-hand ledger (read only): its standings and leaks")
    a = parser.parse_args()
    big, evenings, per, db = a.big, a.evenings, a.per, a.db
    db.unlink(missing_ok=True)
    print(f"building {db}: {evenings} evenings of about {per} hands ...")
    build(db, evenings * per, per)
    ledger = Ledger.open(db)
    hands, sessions = ledger.db.execute("SELECT count(*), count(DISTINCT session_id) FROM "
                                        "hands").fetchone()
    ledger.close()
    print(f"{hands:,} hands in {sessions} sessions")
    run(db, "season", "new", "All", "--since", "2000-01-01")
    for args in (["--version"], ["standings", "--season", "All"],
                 ["standings", "--season", "All", "--json"], ["standings"],
                 ["leaks", "Ann", "--season", "All"], ["leaks", "--all", "--season", "All"],
                 ["chart", "--season", "All", "--json"],
                 ["export", "--season", "All", "--format", "html"]):
        timed(db, args)
    if big is not None:
        ledger = Ledger.open(big)
        hands = ledger.db.execute("SELECT count(*) FROM hands").fetchone()[0]
        ledger.close()
        print(f"{big}: {hands:,} hands")
        for args in (["standings"], ["leaks", "Ann"]):
            timed(big, args)


if __name__ == "__main__":
    main()
