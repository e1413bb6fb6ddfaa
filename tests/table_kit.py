"""Driving ``loo table`` in the tests (a helper module, not a test module):
tests/test_table_*.py open the app on a ledger with Textual's ``run_test`` and read what
it shows.

Keys are pressed by :class:`KeyPilot`: each key goes to the app as a terminal's driver
sends it (a Key event posted to the app), and the next is pressed once the app has handled
it and everything it set off, which :meth:`KeyPilot.settle` knows without a clock or a
count of the loop's turns: a :class:`Wave` (a message nothing handles) is posted to every
part of the app, the app itself and every node of every screen on the stack, and is seen
by ``run_test``'s message hook when each part reaches it, that is once each part has
handled everything posted to it before; the app has settled when two waves in a row went
through with no other message handled anywhere meanwhile and no part with a message
waiting. Textual's own ``Pilot.press`` waits instead, twice a key, for the process to
use little CPU over 20 ms (at least 40 ms of sleep a key, 60 ms or more while the app
draws): most of these tests' time. (A pilot that pressed the next key once no message had
been handled for 20 turns of the loop let a key reach a screen not yet ready, now and then,
on a loaded machine: silence is not an answer; a wave that every part has reached is.)
``pause()`` settles, waits for the screen to be drawn again, and settles.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.keys import REPLACED_KEYS, key_to_character
from textual.message import Message
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.widget import Widget

from loo_ledger.services.snapshot import TableSnapshot
from loo_ledger.store import Ledger
from loo_ledger.tui.app import TableApp
from loo_ledger.tui.screens import HandScreen

SIZE = (110, 36)


def new(loo, db: Path, *args: str) -> None:
    result = loo(db, "new", "Friday", *args)
    assert result.exit_code == 0, result.output


#: Seconds after which a wave not reached by every part of the app, or a screen not drawn
#: again, is a failure (a part whose loop has stopped: each takes milliseconds).
LIMIT = 30


class Through:
    """One wave: how many parts have still to reach it, and an event set when none has."""

    def __init__(self) -> None:
        self.left = 0
        self.done = asyncio.Event()

    def reached(self) -> None:
        self.left -= 1
        if self.left == 0:
            self.done.set()


class Wave(Message, bubble=False):
    """Posted by the pilot to every part of the app at once; no part handles it (nor does
    it bubble): ``run_test``'s message hook sees each part reach it, that is once the part
    has handled all that was posted to it before."""

    def __init__(self, through: Through) -> None:
        super().__init__()
        self.through = through


class Handled:
    """``run_test``'s ``message_hook``: how many messages the app's parts have begun to
    handle, waves apart (a wave reached is counted off its own)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, message: Message) -> None:
        if isinstance(message, Wave):
            message.through.reached()
        else:
            self.count += 1


class KeyPilot(Pilot[None]):
    """Textual's pilot, but ``press`` hands each key to the app as a terminal's driver does
    (a Key event posted to the app) and presses the next once the app has settled
    (:meth:`settle`); ``pause()`` settles and waits for the screen to be drawn again
    (``click`` and the rest are Textual's own)."""

    def __init__(self, app: App[None], handled: Handled) -> None:
        super().__init__(app)
        self.handled = handled

    async def press(self, *keys: str) -> None:
        for key in keys:  # Textual's names ("enter", "minus"); the character as Pilot's
            event = events.Key(key, key_to_character(REPLACED_KEYS.get(key, key)))
            event.set_sender(self.app)
            self.app.post_message(event)
            await self.settle(keys_only=True)

    async def pause(self, delay: float | None = None) -> None:
        if delay is not None:
            await super().pause(delay)
            return
        await self.settle()
        if self.app.return_code is not None:
            return  # the app is closing: nothing more is drawn
        try:  # what was done is drawn (bounded: a screen that never draws is a failure)
            await asyncio.wait_for(self.app.screen.wait_for_refresh(), LIMIT)
        except TimeoutError:
            raise AssertionError(f"the screen was not drawn within {LIMIT} s") from None
        await self.settle()

    async def settle(self, *, keys_only: bool = False) -> None:
        """Until two waves in a row have gone through the app with nothing else handled
        meanwhile and nothing left waiting. Two: what a part does once its queue is empty
        (the callbacks Textual runs then) may begin after it reached the first wave;
        whatever that sets off is seen by the second. ``keys_only``: the waves go through
        the parts a key passes through (:meth:`key_path`), else through every part."""
        clean = 0
        while clean < 2 and self.app.return_code is None:
            clean = clean + 1 if await self.wave(keys_only) else 0

    def key_path(self) -> list[MessagePump]:
        """The parts of the app a key and what it sets off pass through: the app (which
        takes each key first, then its bindings, pushes and pops screens, moves the
        focus), the screen on top, and every part of it that can take the focus, with
        the parts around it (a key goes to the focused part, or to the screen, and
        bubbles up through the parts around it to the screen and back to the app)."""
        screen = self.app.screen
        path: dict[MessagePump, None] = {self.app: None, screen: None}
        for node in screen.walk_children(Widget):
            if node.can_focus:
                path.update(dict.fromkeys(node.ancestors_with_self))
        return list(path)

    async def wave(self, keys_only: bool = False) -> bool:
        """One wave through the app and every node of the screen on top (``keys_only``:
        through :meth:`key_path`): True if no other message was handled meanwhile and no
        part has one waiting."""
        parts = self.key_path() if keys_only else \
            [self.app, *self.app.screen.walk_children(with_self=True)]
        before, through = self.handled.count, Through()
        through.left = len(parts) + 1  # each part, and the posting below
        for part in parts:
            if not part.post_message(Wave(through)):
                through.reached()  # a part closing takes no message: nothing to wait for
        through.reached()
        try:
            await asyncio.wait_for(through.done.wait(), LIMIT)
        except TimeoutError:
            if self.app.return_code is not None:
                return True  # the app closed meanwhile: its parts stopped reading
            raise AssertionError(f"{through.left} parts of the app did not reach a wave "
                                 f"within {LIMIT} s") from None
        return self.handled.count == before and \
            not any(part.message_queue_size for part in parts)


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


async def new_hand_form(pilot: Any) -> HandScreen:
    """n on the board: the hand form, on top, at its first question."""
    await pilot.press("n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, HandScreen) and screen.question is not None
    return screen


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
