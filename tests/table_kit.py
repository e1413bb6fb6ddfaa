"""Driving ``loo table`` in the tests (a helper module, not a test module):
tests/test_table_*.py open the app on a ledger with Textual's ``run_test`` and read what
it shows.

Keys are pressed by :class:`KeyPilot`: Textual's own ``Pilot.press``, each key waiting
for the app to settle (a pilot that pressed the next key once no message had been handled
for :data:`QUIET` turns of the event loop now and then let a key reach a screen not yet
ready, on a loaded machine); ``pause()`` waits until the app is quiet and the screen has
been drawn again, without Pilot's sleeps.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.app import App
from textual.message import Message
from textual.pilot import Pilot

from loo_ledger.services.snapshot import TableSnapshot
from loo_ledger.store import Ledger
from loo_ledger.tui.app import TableApp
from loo_ledger.tui.screens import HandScreen

SIZE = (110, 36)


def new(loo, db: Path, *args: str) -> None:
    result = loo(db, "new", "Friday", *args)
    assert result.exit_code == 0, result.output


#: Turns of the event loop with no message handled anywhere in the app after which a key
#: counts as handled (a message's handler may wait a turn or two for another part of the
#: app without a message; none waits anywhere near this many).
QUIET = 20
#: Turns after which a key that still keeps the app busy is a failure (an endless loop).
BUSY = 100_000
#: Seconds after which a screen not drawn again is a failure (it is drawn within 1/60 s).
REFRESH = 30


class Handled:
    """``run_test``'s ``message_hook``: how many messages the app's parts have handled."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, message: Message) -> None:
        self.count += 1


class KeyPilot(Pilot[None]):
    """Textual's pilot, but ``press`` hands each key to the app as a terminal's driver does
    (a Key event posted to the app) and presses the next once the app is quiet: the
    same keys, the same path through the app, no sleep; ``pause()`` waits until the app is
    quiet and the screen has been drawn again (``click`` and the rest are Textual's own)."""

    def __init__(self, app: App[None], handled: Handled) -> None:
        super().__init__(app)
        self.handled = handled

    async def press(self, *keys: str) -> None:
        await super().press(*keys)  # Textual's own: each key waits for the app to settle

    async def pause(self, delay: float | None = None) -> None:
        if delay is not None:
            await super().pause(delay)
            return
        await self.quiet()
        if self.app.return_code is not None:
            return  # the app is closing: nothing more is drawn
        try:  # what was done is drawn (bounded: a screen that never draws is a failure)
            await asyncio.wait_for(self.app.screen.wait_for_refresh(), REFRESH)
        except TimeoutError:
            raise AssertionError(f"the screen was not drawn within {REFRESH} s") from None
        await self.quiet()

    async def quiet(self) -> None:
        """Until no part of the app has handled a message for QUIET turns of the loop."""
        still, seen = 0, self.handled.count
        for _ in range(BUSY):
            await one_turn()
            still, seen = (still + 1, seen) if self.handled.count == seen else \
                (0, self.handled.count)
            if still >= QUIET:
                return
        raise AssertionError(f"the app was still busy after {BUSY} turns of its loop")


async def one_turn() -> None:
    """Let the event loop run every task ready now once, and come back: no time waited."""
    turned = asyncio.get_running_loop().create_future()
    asyncio.get_running_loop().call_soon(turned.set_result, None)
    await turned


async def opened(app: TableApp, script: Callable[[Any, Any], Awaitable[None]], *,
                 size: tuple[int, int] = SIZE) -> None:
    """``script(pilot, app)`` on ``app`` opened with Textual's ``run_test``, the pilot a
    :class:`KeyPilot`."""
    handled = Handled()
    async with app.run_test(size=size, message_hook=handled):
        await script(KeyPilot(app, handled), app)


def drive(db: Path, script: Callable[[Any, TableApp], Awaitable[None]], *,
          size: tuple[int, int] = SIZE, **options: Any) -> None:
    """Open the table of session 1 of ``db`` and run ``script(pilot, app)`` on it, once the
    last hand's words are on the screen."""
    async def first_settled(pilot: Any, app: TableApp) -> None:
        await settled(pilot)
        await script(pilot, app)

    async def go() -> None:
        ledger = Ledger.open(db)
        try:
            await opened(TableApp(ledger, 1, **options), first_settled, size=size)
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
