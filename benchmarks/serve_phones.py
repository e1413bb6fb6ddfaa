#!/usr/bin/env python3
"""`loo serve` followed by many phones (issue 23): 20 simulated clients on loopback follow
a 100-hand evening recorded at one hand a second. Prints the figures; a script, not a test.

Targets: every page gets every hand within 1 s of its being written; the server's memory
(its peak resident set, VmHWM) stays under 100 MiB.

How: a legal evening is made by benchmarks/generate.py (seeded) and imported into a scratch
ledger for its hand records, which are then recorded one at a time, through the services'
one writer (services/table.py record), in this process, into a fresh ledger that `loo serve
--port 0` (another process, uvicorn on 127.0.0.1) watches. Each client is a thread that
opens the page, then its event stream (plain http.client on loopback) and notes when each
hand first shows (an event whose ``hands`` is that hand or later: two hands written within
one poll may arrive as one event, and the page then shows both). A hand's delay is that
moment less the moment its write returned.

    python benchmarks/serve_phones.py                       # 20 clients, 100 hands, 1 a second
    python benchmarks/serve_phones.py --hands 10 --interval 0.3    # a quick run
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate  # noqa: E402

TARGET_DELAY = 1.0   # seconds: every hand on every page
TARGET_RSS_MIB = 100


class Phone(threading.Thread):
    """One client: the page, then the event stream; ``seen[n]``: when hand ``n`` first
    showed (monotonic seconds)."""

    def __init__(self, address: str, last: int, timeout: float) -> None:
        super().__init__(daemon=True)
        self.url = urlsplit(address)
        self.last, self.timeout = last, timeout
        self.seen: dict[int, float] = {}
        self.shown = -1
        self.ready = threading.Event()
        self.error: str | None = None

    def run(self) -> None:
        try:
            self._follow()
        except Exception as exc:  # reported with the figures
            self.error = repr(exc)
            self.ready.set()

    def _follow(self) -> None:
        conn = http.client.HTTPConnection(self.url.hostname, self.url.port,
                                          timeout=self.timeout)
        conn.request("GET", self.url.path)
        page = conn.getresponse()
        page.read()
        if page.status != 200:
            raise RuntimeError(f"the page answered {page.status}")
        conn.request("GET", self.url.path + "events")
        stream = conn.getresponse()
        kind = None
        while self.shown < self.last:
            line = stream.fp.readline().decode()
            if not line:
                raise RuntimeError("the stream ended")
            if line.startswith("event: "):
                kind = line[7:].strip()
            elif line.startswith("data: ") and kind == "table":
                hands = json.loads(line[6:])["hands"]
                now = time.monotonic()
                for n in range(self.shown + 1, hands + 1):
                    self.seen[n] = now
                self.shown = max(self.shown, hands)
                self.ready.set()
        conn.close()


def rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of process ``pid``, in KiB (Linux /proc)."""
    fields = dict(line.split(":", 1) for line in
                  Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far (Linux /proc)."""
    import os
    parts = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def render_seconds(db: Path) -> float:
    """The best of three renderings of the whole page as the server does after each
    change (open the ledger, read the table, render its parts once), in this process."""
    from loo_ledger.web.hub import Renderer, first_frame
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        first_frame(db, Renderer(None))
        best = min(best, time.perf_counter() - start)
    return best


def evening(folder: Path, variant: str, players: int, hands: int, seed: int):
    """(the ledger to serve, its session id, the hands to record): a generated evening,
    imported into a scratch ledger for its hand records, and a new session with the same
    table in the served ledger."""
    from loo_ledger.services.importing import import_files
    from loo_ledger.services.table import new_session
    from loo_ledger.store.ledger import Ledger
    data = generate.generate_session(variant, players, hands, seed,
                                     habits=generate.Habits(seat_change=0.0))
    source = generate.write_session(data, folder / "evening.json")
    with_records = Ledger.open(folder / "scratch.db")
    (sid,) = import_files(with_records, [source])
    records = with_records.stored(sid).session.hands
    with_records.close()
    db = folder / "served.db"
    ledger = Ledger.open(db)
    unit = data["unit"]
    sid = new_session(ledger, name="served evening", variant_name=variant, rule_args=[],
                      players=list(data["players"]), dealer=data["first_dealer"],
                      buy_in=None, unit_value=unit["value"], currency=unit["currency"],
                      when=None, carry_from=None)
    return ledger, db, sid, records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--interval", type=float, default=1.0,
                        help="seconds between two hands (default 1)")
    parser.add_argument("--variant", default="three-card")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from loo_ledger.services.table import record

    with tempfile.TemporaryDirectory(prefix="loo-serve-bench-") as tmp:
        ledger, db, sid, records = evening(Path(tmp), args.variant, args.players,
                                           args.hands, args.seed)
        server = subprocess.Popen([sys.executable, "-m", "loo_ledger", "--db", str(db),
                                   "serve", "--port", "0", "--json"],
                                  stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            address = json.loads(server.stdout.readline())["address"]
            phones = [Phone(address, args.hands, timeout=30 + args.interval)
                      for _ in range(args.clients)]
            for p in phones:
                p.start()
            for p in phones:
                p.ready.wait(60)
            cpu_before = cpu_seconds(server.pid)
            written: dict[int, float] = {}
            rss_seen = 0
            start = time.monotonic()
            for n, rec in enumerate(records, start=1):
                time.sleep(max(0.0, start + (n - 1) * args.interval - time.monotonic()))
                record(ledger, sid, rec)
                written[n] = time.monotonic()
                rss_seen = max(rss_seen, rss_kib(server.pid)[0])
            for p in phones:
                p.join(timeout=10)
            cpu = cpu_seconds(server.pid) - cpu_before
            rss, peak = rss_kib(server.pid)
            render = render_seconds(db)
        finally:
            server.terminate()
            server.wait(timeout=30)
            ledger.close()

    delays = [p.seen[n] - written[n] for p in phones for n in written if n in p.seen]
    missed = sum(1 for p in phones for n in written if n not in p.seen)
    errors = [p.error for p in phones if p.error]
    worst = max(delays) if delays else float("nan")
    print(f"loo serve: {args.clients} clients, {args.hands} hands ({args.variant}, "
          f"{args.players} players), one every {args.interval:g} s")
    print(f"  hands shown: {len(delays)} of {args.clients * args.hands} "
          f"(missed {missed}; client errors {len(errors)}{': ' + errors[0] if errors else ''})")
    if delays:
        ordered = sorted(delays)
        print(f"  delay from write to page: median {statistics.median(ordered) * 1000:.0f} ms,"
              f" 95th percentile {ordered[int(len(ordered) * 0.95) - 1] * 1000:.0f} ms, "
              f"worst {worst * 1000:.0f} ms (target < {TARGET_DELAY * 1000:.0f} ms)")
    print(f"  server memory: {rss / 1024:.1f} MiB at the end, {rss_seen / 1024:.1f} MiB the "
          f"most seen during the evening, peak {peak / 1024:.1f} MiB (VmHWM; target < "
          f"{TARGET_RSS_MIB} MiB)")
    print(f"  one rendering of the page after the last hand: {render * 1000:.0f} ms (read, "
          "rendered once for every page)")
    print(f"  server CPU during the evening: {cpu:.2f} s "
          f"({cpu / max(1e-9, args.hands * args.interval) * 100:.1f}% of one core)")
    ok = not missed and not errors and worst < TARGET_DELAY and peak / 1024 < TARGET_RSS_MIB
    print("  verdict:", "pass" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
