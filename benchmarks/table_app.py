#!/usr/bin/env python3
"""How quickly ``loo table`` answers (issue 23): prints figures, asserts nothing.

- **opening**: ``loo table`` started as a command on a session of ``--hands`` hands
  (default 10,000; target under 1 s), a fresh process in a pseudo-terminal of 100x30 (the
  Linux driver, as a scorer's terminal runs it; nothing in the app changed for the
  measure): the time from starting the process to its first frame reaching the terminal,
  and the CPU time (user + system) the process had used by then (``/proc/PID/stat``),
  then ``q``; the whole run's CPU (``os.wait4``'s rusage) beside it; a bare Textual app
  (a line of text and a footer) measured the same way is the reference. Also from
  opening the ledger to the first frame in-process (Textual's headless driver). With
  ``--million``, the current session of the benchmarks' million-hand ledger too (target
  under 2 s; built once under benchmarks/.cache/, as benchmarks/run.py does);
- **a key press** in the entry form: the time and the CPU from the key reaching the app
  (as a terminal's driver sends it) to the frame that shows the answer (not Pilot's
  ``press``, whose waits for the process to go idle take 60 ms or more on their own), for
  every key of three hands (as many hands as runs below ``-n 3``; target under 50 ms),
  the key that brings the preview apart, with the walk of the questions alone
  (``HandForm.step``) beside it;
- **a hand recorded elsewhere**: another process runs ``loo hand``; the time from its
  end until the screen shows the hand (the app asks the ledger every half second; target
  under 1 s), on the app whose keys were timed (its hands left by Escape, nothing
  written: one start of the app fewer).

The machine's load average is printed before each figure: wall times grow with it, CPU
times far less. Run it with ``PYTHONDONTWRITEBYTECODE`` unset (bytecode compiled, as an
installed package has it): with it set, every module of the package is compiled again at
each start (the script says which it was).

Usage:  python benchmarks/table_app.py [--hands 10000] [-n RUNS] [--million]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import os
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import loo_command, session_file  # noqa: E402

CACHE = HERE / ".cache"
#: The terminal the app is opened in (columns, rows).
SIZE = (100, 30)

#: Run first in each fresh process: when the terminal's driver (Textual's LinuxDriver)
#: is handed the first frame holding each of $TABLE_APP_MARKERS (separated by "|"), the
#: marker's place in that list, the moment (perf_counter: the system's monotonic clock,
#: the same in every process) and the process's CPU time (user + system, every thread,
#: since the interpreter started) go to fd $TABLE_APP_FD. Nothing else changes: the
#: command runs as it would in a terminal.
STAMP = """
import os, sys, time
from textual.drivers.linux_driver import LinuxDriver
_write, _markers = LinuxDriver.write, os.environ["TABLE_APP_MARKERS"].split("|")
_stamped = set()

def write(self, data):
    for i, marker in enumerate(_markers):
        if i not in _stamped and marker in data:
            _stamped.add(i)
            os.write(int(os.environ["TABLE_APP_FD"]),
                     f"{i} {time.perf_counter()} {time.process_time()}\\n".encode())
    _write(self, data)

LinuxDriver.write = write
"""

#: ``loo`` itself (its console script's entry point), after :data:`STAMP`.
LOO = STAMP + """
from loo_ledger.cli import main
sys.argv[0] = "loo"
main()
"""

#: The reference: a bare Textual app (a line of text and a footer; ``q`` quits).
BARE = STAMP + """
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self):
        yield Static("the reference")
        yield Footer()

Bare().run()
"""


def _ms(xs: list[float]) -> str:
    return (f"min {min(xs) * 1000:.1f} ms, median {statistics.median(xs) * 1000:.1f} ms, "
            f"max {max(xs) * 1000:.1f} ms")


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"[load {one:.1f}, 5-min {five:.1f}]"


def build(db: Path, hands: int) -> None:
    """A five-player three-card session of ``hands`` generated hands, imported as ``loo
    import`` imports it (in this process: the building is not measured)."""
    from loo_ledger.services.importing import import_files
    from loo_ledger.store import Ledger
    source = session_file(CACHE, "three-card", 5, hands)
    ledger = Ledger.open(db)
    try:
        import_files(ledger, [source])
    finally:
        ledger.close()


class Started(NamedTuple):
    """One fresh process in a pseudo-terminal: seconds from starting it to its driver
    being handed the first frame, the CPU seconds (user + system) it had used by then and
    the seconds until that frame was read from the terminal; the same two for the frame
    that completes the screen (None: the first does); the CPU seconds of the whole run
    (until ``q`` ended it)."""

    first: float
    cpu_first: float
    shown: float
    whole: float | None
    cpu_whole: float | None
    cpu_all: float


def in_terminal(code: str, args: list[str], markers: tuple[str, ...], *,
                timeout: float = 60) -> Started:
    """``python -c code args`` in a new pseudo-terminal of :data:`SIZE` (a scorer's
    terminal: Textual's Linux driver); the first frame is the first that shows
    ``markers[0]``, the whole screen the first that shows ``markers[-1]``; once that
    is on the terminal, ``q`` quits."""
    master, slave = os.openpty()
    cols, rows = SIZE
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    stamps, stamp_w = os.pipe()
    env = {**os.environ, "TABLE_APP_MARKERS": "|".join(markers), "TABLE_APP_FD": str(stamp_w)}
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdin=slave, stdout=slave,
                            stderr=slave, start_new_session=True, env=env,
                            pass_fds=(stamp_w,))
    os.close(slave)
    os.close(stamp_w)
    seen, shown, quit_at = b"", None, None
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 0.002)
            if ready:
                with contextlib.suppress(OSError):  # OSError: the process has closed it
                    seen += os.read(master, 1 << 16)
                if shown is None and markers[0].encode() in seen:
                    shown = time.perf_counter() - start
                if quit_at is None and markers[-1].encode() in seen:
                    os.write(master, b"q")
                    quit_at = time.perf_counter()
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            now = time.perf_counter()
            if now - start > timeout or (quit_at is not None and now - quit_at > 10):
                proc.kill()
        proc.returncode = os.waitstatus_to_exitcode(status)
        got = {int(i): (float(t) - start, float(c)) for i, t, c in
               (line.split() for line in os.read(stamps, 4096).decode().splitlines())}
    finally:
        os.close(master)
        os.close(stamps)
    last = len(markers) - 1
    if shown is None or 0 not in got or last not in got:
        tail = seen[-2000:].decode(errors="replace")
        raise RuntimeError(f"{args}: no frame with {markers!r} (exit {proc.returncode}): "
                           f"{tail}")
    (first, cpu_first), (whole, cpu_whole) = got[0], got[last]
    return Started(first, cpu_first, shown, whole if last else None,
                   cpu_whole if last else None, usage.ru_utime + usage.ru_stime)


#: The hands whose every key is timed (as many as the runs below ``-n 3``).
KEYED_HANDS = 3

#: What the first frame of ``loo table`` shows (the status line), and what shows that the
#: hands are listed (their header; in the first frame too: only the money, where the
#: session has a value, is written once that frame is drawn).
TABLE_MARKERS = ("deals hand", "dealer")


def fresh(db: Path | None, runs: int) -> list[Started]:
    """``loo table`` on the current session of ``db`` started ``runs`` times as a command,
    as the scorer types it (no ``-s``: naming a session reads the list of every session,
    some 170 ms of CPU on the million-hand ledger); None: the bare Textual app."""
    if db is None:
        return [in_terminal(BARE, [], ("the reference",)) for _ in range(runs)]
    return [in_terminal(LOO, ["--db", str(db), "table"], TABLE_MARKERS) for _ in range(runs)]


def said(runs: list[Started]) -> str:
    out = (f"first frame {_ms([r.first for r in runs])}; CPU by then "
           f"{_ms([r.cpu_first for r in runs])}; read from the terminal after "
           f"{_ms([r.shown for r in runs])}")
    wholes = [(r.whole, r.cpu_whole) for r in runs
              if r.whole is not None and r.cpu_whole is not None]
    if wholes:
        out += (f"; the frame listing the hands "
                f"{_ms([w for w, _ in wholes])}, CPU by then {_ms([c for _, c in wholes])}")
    return out + f"; the whole run's CPU (to q) {_ms([r.cpu_all for r in runs])}"


class Frames:
    """When the app wrote each frame (Textual's ``App._display``, which the headless driver
    calls as a terminal's would): the moment a screen is drawn, not when a test's pause
    (which waits for the whole process to go idle) returns. ``watch(probe)``: the first
    frame drawn once ``probe()`` is true, with the process's CPU time then."""

    def __init__(self, app: Any) -> None:
        self.times: list[float] = []
        self.probe: Any = None
        self.hit: tuple[float, float] | None = None
        self.drawn = asyncio.Event()
        shown = app._display

        def display(screen: Any, update: Any) -> None:
            shown(screen, update)
            now = time.perf_counter()
            self.times.append(now)
            if self.probe is not None and self.hit is None and self.probe():
                self.hit = (now, time.process_time())
                self.drawn.set()
        app._display = display

    def after(self, start: float) -> float | None:
        return next((t for t in self.times if t > start), None)

    def watch(self, probe: Any) -> None:
        self.probe, self.hit = probe, None
        self.drawn.clear()


async def _open_once(db: Path | None, sid: int) -> tuple[float, float]:
    """(the first frame with the table on it, the app idle) after starting ``loo table`` on
    session ``sid`` of ``db`` (None: the reference, a bare Textual app with a line of text
    and a footer)."""
    from textual.app import App
    from textual.widgets import Footer, Static

    from loo_ledger.store import Ledger
    from loo_ledger.tui.app import TableApp

    class Bare(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield Static("the reference")
            yield Footer()

    start = time.perf_counter()
    ledger = Ledger.open(db) if db is not None else None
    app: App[None] = TableApp(ledger, sid) if ledger is not None else Bare()
    frames = Frames(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        idle = time.perf_counter() - start
    if ledger is not None:
        ledger.close()
    first = frames.after(start)
    return (first - start if first is not None else idle), idle


def opening(db: Path | None, sid: int, runs: int) -> tuple[list[float], list[float]]:
    got = [asyncio.run(_open_once(db, sid)) for _ in range(runs)]
    return [d for d, _ in got], [i for _, i in got]


class Answer(NamedTuple):
    """A key answered: seconds from the key reaching the app to the frame that shows the
    answer, and the process's CPU seconds over the same span."""

    wall: float
    cpu: float


async def _answered(app: Any, frames: Frames, key: str, changed: Any) -> Answer:
    """``key`` sent to the app as a terminal's driver sends it; the first frame drawn once
    ``changed()`` says the key was handled (bounded: five seconds). Nothing spins while
    waiting: the CPU is the app's."""
    from textual import events
    frames.watch(changed)
    start, cpu = time.perf_counter(), time.process_time()
    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    app._driver.send_message(event)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(frames.drawn.wait(), 5)
    frames.watch(None)
    if frames.hit is None:
        return Answer(time.perf_counter() - start, time.process_time() - cpu)
    return Answer(frames.hit[0] - start, frames.hit[1] - cpu)


async def _reference_key(runs: int) -> list[Answer]:
    """A key press in a bare Textual app whose key handler changes a line of text."""
    from textual.app import App
    from textual.widgets import Static

    class Bare(App[None]):
        count = 0

        def compose(self):  # type: ignore[no-untyped-def]
            yield Static("0", id="n")

        def on_key(self) -> None:
            self.count += 1
            self.query_one("#n", Static).update(str(self.count))

    out = []
    app = Bare()
    frames = Frames(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for i in range(runs):
            out.append(await _answered(app, frames, "x", lambda i=i: app.count > i))
            await pilot.pause()
    return out


class Keyed(NamedTuple):
    """What :func:`_at_the_table` measured: each key of the entry form, each key that
    brought the preview, each walk of the questions alone, each live update."""

    presses: list[Answer]
    previews: list[Answer]
    walks: list[float]
    live: list[float]


async def _at_the_table(db: Path, sid: int, hands: int, runs: int) -> Keyed:
    """``loo table`` on session ``sid`` of ``db``, once the scorer has read it: the keys of
    ``hands`` hands (:func:`_keys`), then ``runs`` hands recorded by another process
    (:func:`_live`). (The form's hands are left by Escape, nothing written: the table the
    live updates start from is the one opened.)"""
    from loo_ledger.store import Ledger
    from loo_ledger.tui.app import TableApp
    ledger = Ledger.open(db)
    app = TableApp(ledger, sid)
    frames = Frames(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()   # the scorer reads the table first
        await pilot.pause()
        presses, previews, walks = await _keys(app, frames, pilot, hands)
        live = await _live(app, pilot, ledger, db, sid, runs)
    ledger.close()
    return Keyed(presses, previews, walks, live)


async def _keys(app: Any, frames: Frames, pilot: Any, hands: int
                ) -> tuple[list[Answer], list[Answer], list[float]]:
    """Each key of ``hands`` hands entered (Enter, then trick counts), the key that brings
    the preview (the hand settled by the one engine, nothing written), and the walk of the
    questions alone for each."""
    from loo_ledger.tui.screens import HandScreen
    presses: list[Answer] = []
    previews: list[Answer] = []
    walks: list[float] = []
    for _ in range(hands):
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandScreen)
        for _ in range(12):
            q = screen.question
            if q is None:
                break
            key = "enter" if q.default is not None else next(iter(screen.keys))
            took = await _answered(
                app, frames, key, lambda q=q, screen=screen: screen.question is not q)
            (previews if screen.record is not None else presses).append(took)
            await pilot.pause()
            start = time.perf_counter()
            screen.form.step()
            walks.append(time.perf_counter() - start)
        await pilot.press("escape")   # nothing written
        await pilot.pause()
    return presses, previews, walks


def keyed(answers: list[Answer]) -> str:
    return f"{_ms([a.wall for a in answers])} (CPU {_ms([a.cpu for a in answers])})"


async def _live(app: Any, pilot: Any, ledger: Any, db: Path, sid: int, runs: int
                ) -> list[float]:
    """From another process's ``loo hand`` ending to the screen showing the hand."""
    out: list[float] = []
    for _ in range(runs):
        assert app.board is not None
        before = app.board.next_hand
        words = _a_legal_hand(ledger, sid)
        # run without blocking the app's loop (as another terminal would)
        proc = await asyncio.create_subprocess_exec(
            *loo_command(), "--db", str(db), "hand", "-s", str(sid), *words,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        assert await proc.wait() == 0
        start = time.perf_counter()
        while app.board.next_hand == before and time.perf_counter() - start < 5:
            await asyncio.sleep(0.01)
        out.append(time.perf_counter() - start)
        await pilot.pause()
    return out


def _a_legal_hand(ledger, sid: int) -> list[str]:
    """Some legal hand for the table as it is: every question's first choice (the walk of
    loo hand -i), as loo hand's words and options."""
    from loo_ledger.domain.rules.codes import Word
    from loo_ledger.services.table import table_view
    from loo_ledger.tui.form import HandForm, Question
    form = HandForm(table_view(ledger, sid))
    for _ in range(40):
        step = form.step()
        if not isinstance(step, Question):
            break
        choice = step.default if step.default is not None else step.choices[0]
        if step.key and step.key.startswith("more"):
            choice = "none"
        form.answer(step, choice)
    record = form.step()
    assert not isinstance(record, Question)
    words = []
    said = dict(record.declarations or {})
    tricks = dict(record.tricks or {})
    for p in {**said, **tricks}:
        w, n = said.get(p), tricks.get(p)
        if n is None:
            words.append(f"{p}={w}")
        elif w in (None, Word.STAND):
            words.append(f"{p}={n}")
        else:
            words.append(f"{p}={w}:{n}")
    return words + ([f"--trump={record.trump}"] if record.trump else [])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("-n", "--runs", type=int, default=5)
    parser.add_argument("--million", action="store_true",
                        help="also open the current session of the million-hand ledger")
    args = parser.parse_args(argv)
    CACHE.mkdir(exist_ok=True)
    compiled = ("NOT written (PYTHONDONTWRITEBYTECODE): each start compiles the package"
                if sys.dont_write_bytecode else "compiled")
    print(f"{os.cpu_count()} cores; bytecode {compiled}; "
          "wall times grow with the load, CPU times far less: compare with the bare "
          "Textual app's, measured the same way")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "table.db"
        build(db, args.hands)
        print(f"{load()} reference, a bare Textual app, fresh process: "
              f"{said(fresh(None, args.runs))}")
        started = fresh(db, args.runs)
        verdict = "pass" if statistics.median(r.first for r in started) < 1 else "FAIL"
        print(f"{load()} loo table opens on a {args.hands:,}-hand session, fresh process: "
              f"{said(started)} (target < 1 s: {verdict} as measured)")
        ref_drawn, ref_idle = opening(None, 0, args.runs)
        print(f"{load()} reference, a bare Textual app: first screen {_ms(ref_drawn)}; idle "
              f"{_ms(ref_idle)}")
        drawn, idle = opening(db, 1, args.runs)
        print(f"{load()} loo table opens on a {args.hands:,}-hand session: first screen "
              f"{_ms(drawn)} in-process (from opening the ledger); idle {_ms(idle)}")
        # every key of three hands (as many as the runs below -n 3: -n 1 is the quickest
        # whole run, which tests/test_benchmarks_smoke.py makes), beside ten keys of the
        # bare app (five with fewer hands)
        keyed_hands = min(KEYED_HANDS, args.runs)
        ref_keys = asyncio.run(_reference_key(10 if keyed_hands == KEYED_HANDS else 5))
        presses, previews, walks, live = asyncio.run(_at_the_table(db, 1, keyed_hands,
                                                                   args.runs))
        print(f"{load()} a key press in the entry form ({len(presses)} keys of "
              f"{keyed_hands} hand{'s' if keyed_hands != 1 else ''}), answered on "
              f"the screen: {keyed(presses)} (target < 50 ms: "
              f"{'pass' if statistics.median(a.wall for a in presses) < 0.05 else 'FAIL'})")
        print(f"  the key that brings the preview ({len(previews)}): {keyed(previews)} "
              f"(target < 50 ms: {'pass' if max(a.wall for a in previews) < 0.05 else 'FAIL'}"
              f" at the worst); the walk of the questions alone: {_ms(walks)}; reference, "
              f"a key in a bare Textual app: {keyed(ref_keys)}")
        print(f"{load()} a hand recorded by another process shows after: {_ms(live)} "
              f"(target < 1 s: {'pass' if max(live) < 1 else 'FAIL'})")
    if args.million:
        from harness import big_database
        big = big_database(CACHE, 1_000_000)
        import sqlite3
        conn = sqlite3.connect(big)
        sid = int(conn.execute("SELECT value FROM settings WHERE key = 'current_session'")
                  .fetchone()[0])
        conn.close()
        started = fresh(big, args.runs)
        verdict = "pass" if statistics.median(r.first for r in started) < 2 else "FAIL"
        print(f"{load()} loo table opens on the million-hand ledger (its current session, "
              f"{sid}), fresh process: {said(started)} (target < 2 s: {verdict} as measured)")
        drawn, idle = opening(big, sid, args.runs)
        print(f"{load()}   in-process: first screen {_ms(drawn)}; idle {_ms(idle)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
