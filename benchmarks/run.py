#!/usr/bin/env python3
"""Every row of the benchmark table (docs/benchmarks.md) that this script measures, on this
machine: the figure, its target, what was measured (with the ratio to the bare Typer
reference app, benchmarks/reference_app.py, where the target is one) and pass or short.

    python benchmarks/run.py            # the full run (builds and caches the databases)
    python benchmarks/run.py --quick    # a few hundred hands: a smoke run, figures mean nothing
    python benchmarks/run.py --only import,check
    python benchmarks/run.py --only ratio,hand --markdown   # the doc's rows and its one line
    python benchmarks/run.py --update docs/benchmarks.md    # ... written into the doc's table

Whole process, median of several runs; peak memory is each child's own peak RSS
(``os.wait4``), the largest over its runs. A command that does not exist yet prints
``n/a``; one that fails prints ``error`` with its last line of stderr; the run goes on.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness as h  # noqa: E402

GROUPS = ("import", "engine", "check", "stream", "reports", "ratio", "hand", "stats")


@dataclass
class Row:
    what: str
    figure: str
    target: str
    ratio: str = "—"
    verdict: str = "n/a"
    group: str = ""  # the group of rows (``--only``) that made it: its command in the doc

    @property
    def measured(self) -> str:
        """The doc's "measured" cell: the ratio first where the target is one."""
        return self.figure if self.ratio == "—" else f"{self.ratio}: {self.figure}"

    @property
    def command(self) -> str:
        return f"`python benchmarks/run.py --only {self.group}`" if self.group else "—"


@dataclass
class Plan:
    hands: int = 100_000       # the "100,000 hands" rows
    small: int = 10_000        # the same session cut short: does memory grow with it?
    big: int = 1_000_000       # the "million-hand database" rows
    runs: int = 3              # runs of the slow rows (import, check, exports)
    fast_runs: int = 9         # runs of the fast rows (balances, --help, hand, stats)
    flat_mib: float = 16.0     # "memory that does not grow": at most this much more at `hands`
    cache: Path = h.DEFAULT_CACHE
    rebuild: bool = False
    given_big: Path | None = None  # --big-db: measure this database, never build one
    dbs: dict[tuple[str, int, int], Path] = field(default_factory=dict)
    _big: Path | Exception | None = None

    def big_db(self) -> Path:
        """The million-hand database (built once per run at most, even if it fails)."""
        if self._big is None and self.given_big is not None:
            if not self.given_big.exists():
                raise RuntimeError(f"no such database: {self.given_big}")
            self._big = self.given_big
        if self._big is None:
            try:
                self._big = h.big_database(self.cache, self.big, rebuild=self.rebuild, log=_log)
            except Exception as exc:
                self._big = exc
                raise
        if isinstance(self._big, Exception):
            raise RuntimeError(f"the big database could not be built: {self._big}")
        return self._big

    @property
    def work(self) -> Path:
        return self.cache / "work"

    def imported(self, variant: str, players: int, hands: int) -> Path:
        """A database holding one generated session (imported untimed if not yet)."""
        key = (variant, players, hands)
        if key not in self.dbs:
            db = self.work / f"{variant}-{players}p-{hands}.db"
            _fresh(db)()
            f = h.session_file(self.cache, variant, players, hands)
            r = h.run_once([*h.loo_command(), "--db", str(db), "import", str(f)])
            if r.code:
                raise RuntimeError(f"loo import {f.name}: {r.problem()}")
            self.dbs[key] = db
        return self.dbs[key]


def _fresh(db: Path) -> Callable[[], None]:
    def remove() -> None:
        for p in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            p.unlink(missing_ok=True)
    return remove


def _failed(what: str, target: str, m: h.Measure) -> Row | None:
    bad = m.failed
    if bad is None:
        return None
    if bad.missing:
        return Row(what, "n/a (no such command yet)", target)
    return Row(what, bad.problem(), target, verdict="error")


def _verdict(ok: bool) -> str:
    return "pass" if ok else "short"


# -- the rows --------------------------------------------------------------------------

def import_rows(plan: Plan) -> Iterator[Row]:
    """Import of a 100,000-hand file; then the size of the database it made."""
    sizes = []
    for variant, players in (("three-card", 6), ("irish", 6), ("three-card", 5)):
        what = f"import of a {plan.hands:,}-hand file ({variant}, {players} players)"
        target = "≥ 25,000 hands/s; peak < 150 MiB"
        f = h.session_file(plan.cache, variant, players, plan.hands)
        db = plan.work / f"{variant}-{players}p-{plan.hands}.db"
        m = h.measure([*h.loo_command(), "--db", str(db), "import", str(f)], plan.runs,
                      before=_fresh(db))
        row = _failed(what, target, m)
        if row is None:
            plan.dbs[(variant, players, plan.hands)] = db
            rate = plan.hands / m.seconds
            row = Row(what, f"{rate:,.0f} hands/s ({m.seconds:.1f} s; CPU {m.cpu:.1f} s); peak "
                      f"{m.peak_mib:.0f} MiB",
                      target, verdict=_verdict(rate >= 25_000 and m.peak_mib < 150))
            sizes.append((variant, players, db))
        yield row
    for variant, players, db in sizes:
        limit = 250 if players == 5 else 300
        per_hand = h.db_bytes(db) / plan.hands
        yield Row(f"database size ({variant}, {players} players)",
                  f"{per_hand:,.0f} B per hand ({h.db_bytes(db) / 2**20:,.1f} MiB)",
                  f"≤ {limit} B per hand", verdict=_verdict(per_hand <= limit))


def engine_rows(plan: Plan) -> Iterator[Row]:
    """The engine alone, in this process: replay (validate + settle) of parsed sessions, in
    CPU time (the median of the runs: the first finds every plan to work out, the others
    find them remembered), so that other work on the machine counts for little."""
    target = "≥ 50,000 hands/s (goal 60,000), pure Python"
    try:
        from loo_ledger.domain import replay
        from loo_ledger.formats.sessionfile import load_session_file
    except ImportError as exc:
        yield Row("engine alone", f"n/a ({exc})", target)
        return
    each = max(plan.hands // len(h.VARIANTS), 1)
    cases = [("three-card, 6 players", [h.session_file(plan.cache, "three-card", 6, plan.hands)]),
             (f"every preset, 5 players, {each:,} hands each",
              [h.session_file(plan.cache, v, 5, each) for v in h.VARIANTS])]
    for label, files in cases:
        sessions = [load_session_file(f)[0] for f in files]
        count = sum(len(s.hands) for s in sessions)
        times = []
        for _ in range(plan.runs):  # CPU time: the engine alone, one thread, no I/O
            start = time.process_time()
            for s in sessions:
                replay(s)
            times.append(time.process_time() - start)
        rate = count / statistics.median(times)
        yield Row(f"engine alone: replay in-process ({label})", f"{rate:,.0f} hands/s", target,
                  verdict=_verdict(rate >= 50_000))


def check_rows(plan: Plan) -> Iterator[Row]:
    what, target = f"`loo check` on {plan.hands:,} hands", "< 5 s; peak < 150 MiB"
    db = plan.imported("three-card", 6, plan.hands)
    m = h.measure([*h.loo_command(), "--db", str(db), "check"], plan.runs)
    yield _failed(what, target, m) or Row(
        what, f"{m.seconds:.2f} s (CPU {m.cpu:.2f} s); peak {m.peak_mib:.0f} MiB", target,
        verdict=_verdict(m.seconds < 5 and m.peak_mib < 150))


def stream_rows(plan: Plan) -> Iterator[Row]:
    """hands --json and the exports: time at 100,000 hands, memory against a short session."""
    big = plan.imported("three-card", 6, plan.hands)
    small = plan.imported("three-card", 6, plan.small)
    target = f"< 3 s; memory flat (≤ {plan.flat_mib:.0f} MiB more than at {plan.small:,} hands)"
    out = plan.work / "out"
    for label, args in (("`loo hands --json`", ["hands", "--json"]),
                        ("`loo export` (json)", ["export", "-o", str(out), "--force"]),
                        ("`loo export --format csv`",
                         ["export", "--format", "csv", "-o", str(out), "--force"])):
        what = f"{label} of {plan.hands:,} hands"
        m = h.measure([*h.loo_command(), "--db", str(big), *args], plan.runs, out=out)
        m_small = h.measure([*h.loo_command(), "--db", str(small), *args], 1, out=out)
        row = _failed(what, target, m) or _failed(what, target, m_small)
        if row is None:
            grows = m.peak_mib - m_small.peak_mib
            row = Row(what, f"{m.seconds:.2f} s (CPU {m.cpu:.2f} s); peak {m.peak_mib:.0f} MiB "
                      f"({m_small.peak_mib:.0f} MiB at {plan.small:,} hands)", target,
                      verdict=_verdict(m.seconds < 3 and grows <= plan.flat_mib))
        yield row
    out.unlink(missing_ok=True)


def report_rows(plan: Plan) -> Iterator[Row]:
    """The HTML page and the charts (issue 19, item 13): memory against a short session
    (the page lists every hand, so its time grows with the session; its memory must not)."""
    big = plan.imported("three-card", 6, plan.hands)
    small = plan.imported("three-card", 6, plan.small)
    target = f"memory flat (≤ {plan.flat_mib:.0f} MiB more than at {plan.small:,} hands)"
    out = plan.work / "out"
    for label, args in (("`loo export --format html`", ["export", "--format", "html", "-o",
                                                        str(out), "--force"]),
                        ("`loo chart`", ["chart"]), ("`loo chart --json`", ["chart", "--json"])):
        what = f"{label} of {plan.hands:,} hands"
        m = h.measure([*h.loo_command(), "--db", str(big), *args], plan.runs, out=out)
        m_small = h.measure([*h.loo_command(), "--db", str(small), *args], 1, out=out)
        row = _failed(what, target, m) or _failed(what, target, m_small)
        if row is None:
            grows = m.peak_mib - m_small.peak_mib
            row = Row(what, f"{m.seconds:.2f} s (CPU {m.cpu:.2f} s); peak {m.peak_mib:.0f} MiB "
                      f"({m_small.peak_mib:.0f} MiB at {plan.small:,} hands)", target,
                      verdict=_verdict(grows <= plan.flat_mib))
        yield row
    out.unlink(missing_ok=True)


def _ratio_row(what: str, loo: h.Measure, ref: h.Measure, limit: float) -> Row:
    target = f"≤ {limit:.1f}× the reference"
    row = _failed(what, target, loo) or _failed(what + " (reference)", target, ref)
    if row is not None:
        return row
    ratio = loo.seconds / ref.seconds
    cpu = f"; CPU {loo.cpu / ref.cpu:.2f}×" if ref.cpu else ""
    return Row(what, f"{loo.seconds * 1000:.0f} ms (reference {ref.seconds * 1000:.0f} ms{cpu})",
               target, f"{ratio:.2f}×", _verdict(ratio <= limit))


def ratio_rows(plan: Plan) -> Iterator[Row]:
    db = plan.big_db()
    loo, ref = [*h.loo_command(), "--db", str(db)], [*h.REFERENCE, "--db", str(db)]
    where = f"on {plan.big:,} hands"
    for label, args, ref_args in (("`loo balances`", ["balances"], ["balances"]),
                                  ("`loo pool`", ["pool"], ["pool"]),
                                  ("`loo --help`", ["--help"], ["--help"])):
        m_loo, m_ref = h.interleaved([*loo, *args], [*ref, *ref_args], plan.fast_runs)
        yield _ratio_row(label if args == ["--help"] else f"{label} {where}", m_loo, m_ref, 1.3)


def hand_rows(plan: Plan) -> Iterator[Row]:
    """`loo hand` on a copy of the big database (a new evening in it), against the
    reference's one-row write transaction on the same copy."""
    db = plan.big_db()
    scratch = plan.work / "hand.db"
    _fresh(scratch)()
    shutil.copyfile(db, scratch)
    loo, ref = [*h.loo_command(), "--db", str(scratch)], [*h.REFERENCE, "--db", str(scratch)]
    what = f"`loo hand ...` on {plan.big:,} hands"
    players = ["Ann", "Ben", "Cat", "Dov", "Eve"]
    new = h.run_once([*loo, "new", "Benchmark", "--players", ",".join(players), "--dealer", "Eve"])
    if new.code:
        yield Row(what, new.problem(), "≤ 1.5× the reference", verdict="error")
        return
    simple = ["Ann=1", "Ben=0", "Cat=1", "Dov=1", "Eve=0"]  # a simple pool: 18 carried
    all_pass = [f"{p}=pass" for p in players]            # a double pool: the dealer takes it
    runs_loo, runs_ref = [], []
    for i in range(plan.fast_runs + 1):  # the first of each is a warm-up
        runs_ref.append(h.run_once([*ref, "record", *simple]))
        runs_loo.append(h.run_once([*loo, "hand", *(simple if i % 2 == 0 else all_pass)]))
        if runs_loo[-1].code or runs_ref[-1].code:
            break
    m_loo = h.Measure(tuple(runs_loo[1:] or runs_loo))
    m_ref = h.Measure(tuple(runs_ref[1:] or runs_ref))
    _fresh(scratch)()
    yield _ratio_row(what, m_loo, m_ref, 1.5)


def stats_rows(plan: Plan) -> Iterator[Row]:
    db = plan.big_db()
    what, target = f"`loo stats --all` on {plan.big:,} hands", "< 0.5 s"
    m = h.measure([*h.loo_command(), "--db", str(db), "stats", "--all"], plan.fast_runs, warm=True)
    yield _failed(what, target, m) or Row(what, f"{m.seconds:.2f} s (CPU {m.cpu:.2f} s)", target,
                                          verdict=_verdict(m.seconds < 0.5))


ROWS: dict[str, Callable[[Plan], Iterator[Row]]] = {
    "import": import_rows, "engine": engine_rows, "check": check_rows, "stream": stream_rows,
    "reports": report_rows, "ratio": ratio_rows, "hand": hand_rows, "stats": stats_rows}


# -- running and printing --------------------------------------------------------------

def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def machine() -> str:
    """One line: when, where, on what."""
    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")),
               platform.processor() or "unknown CPU") if Path("/proc/cpuinfo").exists() else "?"
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    commit = subprocess.run(["git", "-C", str(h.ROOT), "describe", "--always", "--dirty"],
                            capture_output=True, text=True).stdout.strip()
    return (f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {cpu}, {os.cpu_count()} cores, "
            f"{mem:.0f} GiB; Python {platform.python_version()}, SQLite "
            f"{sqlite3.sqlite_version}; {platform.system()} {platform.release()}"
            + (f"; commit {commit}" if commit else ""))


def load_average() -> str:
    """The machine's load average over the last minute, or "?" where it cannot be read."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "?"


#: The columns of the benchmark table in docs/benchmarks.md.
DOC_HEADER = ("| figure | target | measured | verdict | command |\n"
              "| --- | --- | --- | --- | --- |")
#: The doc's line that says where and when run.py's rows were measured (replaced by
#: ``--update``; it begins with this).
DOC_LINE = "Measured by run.py:"


def doc_row(r: Row) -> str:
    """``r`` as a row of the doc's table (a "|" inside a cell escaped)."""
    cells = (r.what, r.target, r.measured, r.verdict, r.command)
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def doc_line(machine_line: str, groups: Sequence[str], loads: tuple[str, str],
             seconds: float) -> str:
    """The one line saying how the rows were measured: what, where, the load."""
    return (f"{DOC_LINE} `--only {','.join(groups)}`, {machine_line}; load average "
            f"{loads[0]} at the start, {loads[1]} at the end (on {os.cpu_count()} cores); "
            f"{seconds:.0f} s.")


def update_doc(text: str, rows: Sequence[Row], line: str) -> tuple[str, list[str]]:
    """``text`` (docs/benchmarks.md) with each row of its table whose figure is one of
    ``rows``' replaced by that row, and its :data:`DOC_LINE` line by ``line``; the rows
    that matched none (a new row: add it to the doc by hand, where it belongs)."""
    fresh = {r.what: doc_row(r) for r in rows}
    out, used = [], set()
    for old in text.splitlines():
        cells = [c.strip() for c in old.strip().strip("|").split(" | ")]
        if old.startswith("| ") and cells[0] in fresh:
            out.append(fresh[cells[0]])
            used.add(cells[0])
        elif old.startswith(DOC_LINE):
            out.append(line)
        else:
            out.append(old)
    return "\n".join(out) + ("\n" if text.endswith("\n") else ""), [
        w for w in fresh if w not in used]


def table(rows: Sequence[Row]) -> str:
    lines = ["| what | figure | target | ratio to the reference | verdict |",
             "| --- | --- | --- | --- | --- |"]
    lines += [f"| {r.what} | {r.figure} | {r.target} | {r.ratio} | {r.verdict} |" for r in rows]
    return "\n".join(lines)


def run(plan: Plan, groups: Sequence[str], log: Callable[[str], None] = _log) -> list[Row]:
    """Every row of ``groups``, in order; a group that breaks gives one ``error`` row."""
    plan.work.mkdir(parents=True, exist_ok=True)
    rows: list[Row] = []
    for name in groups:
        log(f"{name} ...")
        start = time.perf_counter()
        try:
            for row in ROWS[name](plan):
                row.group = row.group or name
                rows.append(row)
                log(f"  {row.what}: {row.figure} [{row.verdict}]")
        except Exception as exc:  # report it and go on with the other rows
            log(traceback.format_exc())
            rows.append(Row(f"{name} rows", f"{type(exc).__name__}: {exc}".splitlines()[0],
                            "—", verdict="error", group=name))
        log(f"  ({time.perf_counter() - start:.0f} s)")
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a few hundred hands, one run each: a smoke run")
    parser.add_argument("--only", default=",".join(GROUPS),
                        help="comma-separated groups of rows (default: all of "
                             f"{', '.join(GROUPS)})")
    parser.add_argument("--cache", type=Path, default=None, help="where inputs are cached")
    parser.add_argument("--rebuild", action="store_true", help="build the big database again")
    parser.add_argument("--runs", type=int, metavar="N",
                        help="runs of each slow row (import, check, the exports; default 3)")
    parser.add_argument("--big-db", type=Path, metavar="DB",
                        help="the million-hand database to measure (e.g. one built by an "
                             "earlier run, kept while the store's source changes); it is only "
                             "read (`loo hand` writes to a copy)")
    parser.add_argument("--json", type=Path, help="also write the rows here as JSON")
    parser.add_argument("--markdown", action="store_true",
                        help="print the rows as docs/benchmarks.md's table has them, after "
                             "the one line saying where and when (and the load)")
    parser.add_argument("--update", type=Path, metavar="DOC",
                        help="write the measured rows into DOC's table (the rows of the same "
                             "figure) and its 'Measured by run.py' line")
    parser.add_argument("--note", default="", help="added to the line saying what was measured "
                        "(e.g. which commit, when not run from a git checkout)")
    args = parser.parse_args(argv)
    if args.quick and args.update:
        parser.error("--quick figures mean nothing: they are not written into a doc (--update)")
    groups = [g.strip() for g in args.only.split(",") if g.strip()]
    unknown = [g for g in groups if g not in ROWS]
    if unknown:
        parser.error(f"unknown group(s) {', '.join(unknown)}; the groups are {', '.join(GROUPS)}")
    cache = args.cache or (h.DEFAULT_CACHE / "quick" if args.quick else h.DEFAULT_CACHE)
    plan = (Plan(hands=300, small=100, big=1000, runs=1, fast_runs=2, cache=cache) if args.quick
            else Plan(cache=cache))
    plan.rebuild = args.rebuild
    if args.runs:
        plan.runs = args.runs
    plan.given_big = args.big_db
    started, load_before = time.perf_counter(), load_average()
    rows = run(plan, groups)
    seconds = time.perf_counter() - started
    note = f"; {args.note}" if args.note else ""
    where = machine() + note
    if args.markdown or args.update:
        line = doc_line(where, groups, (load_before, load_average()), seconds)
        if args.markdown:
            print(line + "\n")
            print(DOC_HEADER)
            print("\n".join(doc_row(r) for r in rows))
        if args.update:
            text, left = update_doc(args.update.read_text(encoding="utf-8"), rows, line)
            args.update.write_text(text, encoding="utf-8")
            for what in left:
                _log(f"not in {args.update}'s table (add it by hand): {what}")
    else:
        print(f"Measured {where}; `python benchmarks/run.py{' --quick' if args.quick else ''}"
              f"` in {seconds:.0f} s.\n")
        print(table(rows))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
