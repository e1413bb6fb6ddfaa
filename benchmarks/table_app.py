#!/usr/bin/env python3
"""How quickly ``loo table`` answers (issue 23): prints figures, asserts nothing.

- **opening**: from building the app to its first screen drawn (Textual's headless
  driver, ``App.run_test``), on a session of ``--hands`` hands (default 10,000; target
  under 1 s), several runs; with ``--million``, the current session of the benchmarks'
  million-hand ledger too (target under 2 s; builds it once under benchmarks/.cache/,
  as benchmarks/run.py does);
- **a key press** in the entry form: the time from the key to the screen having answered
  it (Pilot's ``press`` then a pause for the redraw), for every key of a hand (target
  under 50 ms), with the walk of the questions alone (``HandForm.step``) beside it;
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


async def _open_once(db: Path | None, sid: int) -> tuple[float, float]:
    """(first screen drawn, the app idle) after starting ``loo table`` on session ``sid``
    of ``db`` (None: the reference, a bare Textual app with a line of text and a footer)."""
    from textual.app import App
    from textual.widgets import Footer, Static

    from loo_ledger.store import Ledger
    from loo_ledger.tui.app import TableApp

    class Bare(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield Static("the reference")
            yield Footer()

    ledger = Ledger.open(db) if db is not None else None
    drawn: list[float] = []
    start = time.perf_counter()
    app: App[None] = TableApp(ledger, sid) if ledger is not None else Bare()
    async with app.run_test(size=(100, 30)) as pilot:
        app.call_after_refresh(lambda: drawn.append(time.perf_counter()))
        await pilot.pause()
        idle = time.perf_counter() - start
    if ledger is not None:
        ledger.close()
    return (drawn[0] - start if drawn else idle), idle


def opening(db: Path | None, sid: int, runs: int) -> tuple[list[float], list[float]]:
    got = [asyncio.run(_open_once(db, sid)) for _ in range(runs)]
    return [d for d, _ in got], [i for _, i in got]


async def _reference_key(runs: int) -> list[float]:
    """A key press in a bare Textual app whose key handler changes a line of text."""
    from textual.app import App
    from textual.widgets import Static

    class Bare(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield Static("0", id="n")

        def on_key(self) -> None:
            self.query_one("#n", Static).update(str(time.perf_counter()))

    out = []
    async with Bare().run_test(size=(100, 30)) as pilot:
        for _ in range(runs):
            start = time.perf_counter()
            await pilot.press("x")
            await pilot.pause()
            out.append(time.perf_counter() - start)
    return out


async def _keys(db: Path, sid: int) -> tuple[list[float], list[float]]:
    """Times of each key of hands entered (Enter, then trick counts, until the preview),
    and of the walk alone for each."""
    from loo_ledger.store import Ledger
    from loo_ledger.tui.app import TableApp
    from loo_ledger.tui.screens import HandScreen
    ledger = Ledger.open(db)
    presses: list[float] = []
    walks: list[float] = []
    app = TableApp(ledger, sid)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
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
                start = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                presses.append(time.perf_counter() - start)
                start = time.perf_counter()
                screen.form.step()
                walks.append(time.perf_counter() - start)
            await pilot.press("escape")   # nothing written
            await pilot.pause()
    ledger.close()
    return presses, walks


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
            subprocess.run([*loo_command(), "--db", str(db), "hand", "-s", str(sid), *words],
                           check=True, capture_output=True)
            start = time.perf_counter()
            while app.board.next_hand == before and time.perf_counter() - start < 5:
                await pilot.pause(0.01)
            out.append(time.perf_counter() - start)
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
        ref_keys = asyncio.run(_reference_key(10))
        presses, walks = asyncio.run(_keys(db, 1))
        verdict = "pass" if statistics.median(presses) < 0.05 else "FAIL"
        print(f"a key press in the entry form ({len(presses)} keys), answered on the screen: "
              f"{_ms(presses)} (target < 50 ms: {verdict}); the walk of the questions "
              f"alone: {_ms(walks)}; reference, a key in a bare Textual app: {_ms(ref_keys)}")
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
