"""loo stats over a million hands: build the database, then time the reports whole-process.

Run: python benchmarks/stats.py [HANDS] [HANDS_PER_SESSION] [DB]   (prints figures; not a test)

Sessions are settled once by the engine, then written again and again through the
store's own insert path (``Ledger.add_sessions``: hands, postings, plays and totals in
one transaction per batch), one evening a day up to today. They are generated
three-card evenings of six players at 0.05 GBP a chip (benchmarks/generate.py, a
different seed each), plus the four sample evenings
(other variants, players and currencies). With DB given and already built, it is reused.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from msgspec.structs import replace

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate_session  # noqa: E402  (the benchmarks' legal session generator)

from loo_ledger.domain import replay  # noqa: E402
from loo_ledger.formats.sessionfile import load_session_file, session_from_dict  # noqa: E402
from loo_ledger.store.ledger import Ledger  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DISTINCT = 20     # generated evenings before they repeat
BATCH = 20_000    # hands per transaction


def evenings(per_session: int) -> list[tuple]:
    """Settled (session, raw hands, settlements, final state) to repeat."""
    out = []
    for seed in range(DISTINCT):
        data = generate_session("three-card", 6, per_session, seed)
        session = session_from_dict(data)
        out.append((session, data["hands"], replay(session)))
    for path in sorted((ROOT / "sample_sessions").glob("*.json")):
        session, raw = load_session_file(path)
        out.append((session, raw["hands"], replay(session)))
    return [(s, raws, list(r.settlements), r.final) for s, raws, r in out]


def build(db: Path, hands: int, per_session: int) -> int:
    """Write sessions until ``hands`` hands are stored; returns the number of sessions."""
    pool = evenings(per_session)
    n_sessions, total, batch, batch_hands = 0, 0, [], 0
    plan = []
    while total < hands:
        s = pool[n_sessions % len(pool)]
        plan.append(s)
        total += len(s[2])
        n_sessions += 1
    today = datetime.now(UTC).replace(hour=20, minute=0, second=0, microsecond=0)
    ledger = Ledger.open(db)
    try:
        for i, (session, raws, settlements, final) in enumerate(plan):
            when = (today - timedelta(days=len(plan) - 1 - i)).isoformat()
            batch.append((replace(session, name=f"evening {i + 1}", started_at=when), raws,
                          settlements, final, "benchmark"))
            batch_hands += len(settlements)
            if batch_hands >= BATCH or i == len(plan) - 1:
                ledger.add_sessions(batch)
                batch, batch_hands = [], 0
                print(f"\r  {i + 1:,} sessions written", end="", flush=True)
    finally:
        ledger.close()
    print()
    return n_sessions


def run(db: Path, *args: str) -> tuple[float, str]:
    """Seconds for one whole-process run of ``loo --db DB ARGS``, and its output."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "loo_ledger", "--db", str(db), *args],
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "160"})
    took = time.perf_counter() - start
    if proc.returncode:
        sys.exit(proc.stderr)
    return took, proc.stdout


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    per_session = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    db = Path(sys.argv[3]) if len(sys.argv) > 3 else Path("/tmp/loo-stats-benchmark.db")
    ledger = Ledger.open(db)
    stored = ledger.db.execute("SELECT count(*) FROM hands").fetchone()[0]
    ledger.close()
    if stored < hands:
        db.unlink(missing_ok=True)
        print(f"building {db}: {hands:,} hands, {per_session} a generated evening ...")
        start = time.perf_counter()
        build(db, hands, per_session)
        took = time.perf_counter() - start
        print(f"built in {took:.0f} s ({hands / took:,.0f} hands/s through the store)")
    conn = Ledger.open(db).db
    counts = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
              for t in ("sessions", "hands", "plays", "player_totals", "seat_totals")}
    conn.close()
    print(", ".join(f"{n:,} {t}" for t, n in counts.items()) +
          f"; {db.stat().st_size / 2**20:,.0f} MiB")
    for args in (["stats", "--all"], ["stats", "--all", "--json"], ["stats", "--all", "--player",
                 "Ann"], ["stats", "--since", "last month"], ["stats"], ["sessions", "--json"]):
        times = sorted(run(db, *args)[0] for _ in range(3))
        print(f"loo {' '.join(args):<32} best {times[0]:.2f} s, worst {times[-1]:.2f} s "
              "(whole process, 3 runs)")
    data = json.loads(run(db, "stats", "--all", "--json")[1])
    hands_seen = sum(s["hands"] for s in data["sessions"])
    print(f"stats --all covers {hands_seen:,} hands in {len(data['sessions']):,} sessions")


if __name__ == "__main__":
    main()
