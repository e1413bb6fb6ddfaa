#!/usr/bin/env python3
"""How quickly ``loo table`` answers (issue 23): prints figures, asserts nothing.

- **opening**: from opening the ledger to the first frame the app draws (Textual's
  headless driver, ``App.run_test``; the frame as a terminal would get it), and the same
  from a fresh process (the imports included), on a session of ``--hands`` hands
  (default 10,000; target under 1 s), several runs; with ``--million``, the current
  session of the benchmarks' million-hand ledger too (target under 2 s; builds it once
  under benchmarks/.cache/, as benchmarks/run.py does);
- **a key press** in the entry form: the time from the key reaching the app (as a
  terminal's driver sends it) to the frame that shows the answer (not Pilot's ``press``,
  whose waits for the process to go idle take 60 ms or more on their own), for every
  key of a hand (target under 50 ms), with the walk of the questions alone
  (``HandForm.step``) beside it;
- **a hand recorded elsewhere**: another process runs ``loo hand``; the time from its
  end until the screen shows the hand (the app asks the ledger every half second; target
  under 1 s).

Usage:  python benchmarks/table_app.py [--hands 10000] [-n RUNS] [--million]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import loo_command, session_file  # noqa: E402

CACHE = HERE / ".cache"


def _ms(xs: list[float]) -> str:
    return (f"min {min(xs) * 1000:.1f} ms, median {statistics.median(xs) * 1000:.1f} ms, "
            f"max {max(xs) * 1000:.1f} ms")


def build(db: Path, hands: int) -> None:
    """A five-player three-card session of ``hands`` generated hands, imported."""
    source = session_file(CACHE, "three-card", 5, hands)
    subprocess.run([*loo_command(), "--db", str(db), "import", str(source)], check=True,
                   capture_output=True)


class Frames:
    """When the app wrote each frame (Textual's ``App._display``, which the headless driver
    calls as a terminal's would): the moment a screen is drawn, not when a test's pause
    (which waits for the whole process to go idle) returns."""

    def __init__(self, app: Any) -> None:
        self.times: list[float] = []
        shown = app._display

        def display(screen: Any, update: Any) -> None:
            shown(screen, update)
            self.times.append(time.perf_counter())
        app._display = display

    def after(self, start: float) -> float | None:
        return next((t for t in self.times if t > start), None)


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
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        idle = time.perf_counter() - start
    if ledger is not None:
        ledger.close()
    first = frames.after(start)
    return (first - start if first is not None else idle), idle


def opening(db: Path | None, sid: int, runs: int) -> tuple[list[float], list[float]]:
    got = [asyncio.run(_open_once(db, sid)) for _ in range(runs)]
    return [d for d, _ in got], [i for _, i in got]


def cold(db: Path, sid: int, runs: int) -> list[float]:
    """``loo table`` as a command would start it: a fresh Python process that imports the
    package and Textual, opens the ledger and draws its first frame (headless)."""
    code = (f"import sys, time; t = time.perf_counter(); sys.path.insert(0, {str(HERE)!r})\n"
            "import asyncio, table_app\n"
            f"from loo_ledger.store import Ledger\nfrom loo_ledger.tui.app import TableApp\n"
            "async def go():\n"
            f"    app = TableApp(Ledger.open({str(db)!r}), {sid})\n"
            "    frames = table_app.Frames(app)\n"
            "    async with app.run_test(size=(100, 30)) as pilot:\n"
            "        await pilot.pause()\n"
            "    print(frames.after(t) - t)\n"
            "asyncio.run(go())\n")
    out = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                              text=True)
        out.append(float(done.stdout.split()[-1]))
    return out


async def _answered(app: Any, frames: Frames, key: str, changed: Any) -> float:
    """Seconds from ``key`` reaching the app (as a terminal's driver sends it) to the first
    frame drawn after ``changed()`` says the key was handled (bounded: five seconds)."""
    from textual import events
    start = time.perf_counter()
    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    app._driver.send_message(event)
    while not changed() and time.perf_counter() - start < 5:
        await asyncio.sleep(0)
    handled = time.perf_counter()
    while frames.after(handled) is None and time.perf_counter() - start < 5:
        await asyncio.sleep(0.001)
    drawn = frames.after(handled)
    return (drawn if drawn is not None else time.perf_counter()) - start


async def _reference_key(runs: int) -> list[float]:
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
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for i in range(runs):
            out.append(await _answered(app, frames, "x", lambda i=i: app.count > i))
            await pilot.pause()
    return out


async def _keys(db: Path, sid: int) -> tuple[list[float], list[float], list[float]]:
    """Times of each key of hands entered (Enter, then trick counts), of the key that
    brings the preview (the hand settled by the one writer, writing nothing), and of the
    walk alone for each."""
    from loo_ledger.store import Ledger
    from loo_ledger.tui.app import TableApp
    from loo_ledger.tui.screens import HandScreen
    ledger = Ledger.open(db)
    presses: list[float] = []
    previews: list[float] = []
    walks: list[float] = []
    app = TableApp(ledger, sid)
    frames = Frames(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()   # the scorer reads the table first
        for _ in range(3):
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
    ledger.close()
    return presses, previews, walks


async def _live(db: Path, sid: int, runs: int) -> list[float]:
    """From another process's ``loo hand`` ending to the screen showing the hand."""
    from loo_ledger.store import Ledger
    from loo_ledger.tui.app import TableApp
    ledger = Ledger.open(db)
    out: list[float] = []
    app = TableApp(ledger, sid)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
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
    ledger.close()
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("-n", "--runs", type=int, default=5)
    parser.add_argument("--million", action="store_true",
                        help="also open the current session of the million-hand ledger")
    args = parser.parse_args()
    CACHE.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "table.db"
        build(db, args.hands)
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
              "(the figures grow with it: compare with the bare Textual app's)")
        ref_drawn, ref_idle = opening(None, 0, args.runs)
        print(f"reference, a bare Textual app: first screen {_ms(ref_drawn)}; idle "
              f"{_ms(ref_idle)}")
        drawn, idle = opening(db, 1, args.runs)
        verdict = "pass" if statistics.median(drawn) < 1 else "FAIL"
        print(f"loo table opens on a {args.hands:,}-hand session: first screen {_ms(drawn)} "
              f"(target < 1 s: {verdict}); idle {_ms(idle)}")
        started = cold(db, 1, args.runs)
        print(f"  the same from a fresh process (importing Textual and the package): "
              f"{_ms(started)}")
        ref_keys = asyncio.run(_reference_key(10))
        presses, previews, walks = asyncio.run(_keys(db, 1))
        verdict = "pass" if statistics.median(presses) < 0.05 else "FAIL"
        print(f"a key press in the entry form ({len(presses)} keys), answered on the screen: "
              f"{_ms(presses)} (target < 50 ms: {verdict}); the key that brings the "
              f"preview: {_ms(previews)}; the walk of the questions alone: {_ms(walks)}; "
              f"reference, a key in a bare Textual app: {_ms(ref_keys)}")
        live = asyncio.run(_live(db, 1, args.runs))
        print(f"a hand recorded by another process shows after: {_ms(live)} "
              f"(target < 1 s: {'pass' if max(live) < 1 else 'FAIL'})")
    if args.million:
        from harness import big_database
        big = big_database(CACHE, 1_000_000)
        import sqlite3
        conn = sqlite3.connect(big)
        sid = conn.execute("SELECT max(id) FROM sessions").fetchone()[0]
        conn.close()
        drawn, idle = opening(big, sid, args.runs)
        verdict = "pass" if statistics.median(drawn) < 2 else "FAIL"
        print(f"loo table opens on the million-hand ledger (session {sid}): first screen "
              f"{_ms(drawn)} (target < 2 s: {verdict}); idle {_ms(idle)}")
        started = cold(big, sid, args.runs)
        print(f"  the same from a fresh process (importing Textual and the package): "
              f"{_ms(started)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
