"""A season's reports (issue 24): standings and leaks of a 50-evening season of about 7,500
hands, whole process (prints figures; not a test). The target: standings under 1 s.

Run: python benchmarks/season.py [EVENINGS] [HANDS_PER_EVENING] [DB]

The ledger is built as benchmarks/stats.py builds its own (generated three-card evenings of
six players through the store's insert path, one a day up to today), then a season named
``All`` holding every evening is made with ``loo season new``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stats import build, run  # noqa: E402  (the stats benchmark's builder and timer)

from loo_ledger.store.ledger import Ledger  # noqa: E402


def main() -> None:
    evenings = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    per = int(sys.argv[2]) if len(sys.argv) > 2 else 150
    db = Path(sys.argv[3]) if len(sys.argv) > 3 else Path("/tmp/loo-season-benchmark.db")
    db.unlink(missing_ok=True)
    print(f"building {db}: {evenings} evenings of about {per} hands ...")
    build(db, evenings * per, per)
    ledger = Ledger.open(db)
    hands, sessions = ledger.db.execute("SELECT count(*), count(DISTINCT session_id) FROM "
                                        "hands").fetchone()
    ledger.close()
    print(f"{hands:,} hands in {sessions} sessions")
    run(db, "season", "new", "All", "--since", "2000-01-01")
    for args in (["standings", "--season", "All"], ["standings", "--season", "All", "--json"],
                 ["standings"], ["leaks", "--all", "--season", "All"]):
        times = sorted(run(db, *args)[0] for _ in range(3))
        print(f"loo {' '.join(args):<40} best {times[0]:.2f} s, worst {times[-1]:.2f} s "
              "(whole process, 3 runs)")


if __name__ == "__main__":
    main()
