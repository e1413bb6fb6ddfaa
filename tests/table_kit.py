"""Driving ``loo table`` in the tests (a helper module, not a test module):
tests/test_table_app.py and tests/test_table_forfeits.py open the app on a ledger with
Textual's ``run_test`` and read what it shows.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from loo_ledger.services.snapshot import TableSnapshot
from loo_ledger.store import Ledger
from loo_ledger.tui.app import TableApp
from loo_ledger.tui.screens import HandScreen

SIZE = (110, 36)


def new(loo, db: Path, *args: str) -> None:
    result = loo(db, "new", "Friday", *args)
    assert result.exit_code == 0, result.output


def drive(db: Path, script: Callable[[Any, TableApp], Awaitable[None]], *,
          size: tuple[int, int] = SIZE, **options: Any) -> None:
    """Open the table of session 1 of ``db`` and run ``script(pilot, app)`` on it."""
    async def go() -> None:
        ledger = Ledger.open(db)
        try:
            app = TableApp(ledger, 1, **options)
            async with app.run_test(size=size) as pilot:
                await settled(pilot)
                await script(pilot, app)
        finally:
            ledger.close()
    asyncio.run(go())


async def settled(pilot: Any) -> None:
    """Wait for the last hand's words (settled again in a thread) to be on the screen."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def hand(pilot: Any, *keys: str) -> None:
    """n, the answers, y: one hand entered and recorded."""
    await pilot.press("n")
    await pilot.pause()
    await pilot.press(*keys)
    await pilot.pause()
    assert isinstance(pilot.app.screen, HandScreen) and pilot.app.screen.record is not None, (
        f"no preview after {keys}: {pilot.app.screen.query_one('#hand-question').render()}")
    await pilot.press("y")
    await pilot.pause()
    assert not isinstance(pilot.app.screen, HandScreen)


def board(app: TableApp) -> TableSnapshot:
    assert app.board is not None
    return app.board


def nets(app: TableApp) -> dict[str, int]:
    return {p.name: p.net for p in board(app).players}


def lasts(app: TableApp) -> dict[str, int | None]:
    return {p.name: p.last for p in board(app).players}


def text(app: TableApp, selector: str) -> str:
    """What widget ``selector`` shows (on the screen on top, else the scoreboard)."""
    found = app.screen.query(selector)
    return str((found.first() if found else app.query_one(selector)).render())


def board_text(app: TableApp) -> str:
    from textual.widgets import DataTable
    table = app.query_one("#board", DataTable)
    return "\n".join(" | ".join(str(c) for c in table.get_row_at(i))
                     for i in range(table.row_count))
