"""The ledger watched for every page at once.

A :class:`Watcher` thread owns the one read-only connection (store/db.py open_reader) and
asks SQLite a few times a second whether another connection has committed anything
(``PRAGMA data_version``, a cheap question). Only then does it read the table again
(services/live.py), render it once (web/page.py) and, if what is shown has changed, hand
the new :class:`Frame` to the :class:`Hub` on the server's event loop, which wakes every
event stream waiting for it. Twenty phones cost one read of the ledger per hand.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from loo_ledger.errors import LooError
from loo_ledger.services.live import LiveReader
from loo_ledger.web import page

if TYPE_CHECKING:
    from loo_ledger.store.ledger import Ledger

#: Seconds between two questions to the ledger (a hand shows well within one second).
POLL_SECONDS = 0.2


class Frame(msgspec.Struct, frozen=True, kw_only=True):
    """One state of the page, rendered once for every reader."""

    version: str   # changes with what is shown (the event's id)
    hands: int     # hands recorded in the session shown (0 without one)
    html: bytes    # the whole page
    event: bytes   # the same, as a server-sent event


class Hub:
    """The latest frame and a way to wait for the next one; used on the event loop alone."""

    def __init__(self, first: Frame) -> None:
        self.current = first
        self.closed = False
        self._changed = asyncio.Event()

    def publish(self, frame: Frame) -> None:
        """Show ``frame`` from now on and wake everyone waiting for a change."""
        self.current = frame
        self._wake()

    def close(self) -> None:
        """The server is stopping: every event stream ends (so it stops at once)."""
        self.closed = True
        self._wake()

    def _wake(self) -> None:
        woken, self._changed = self._changed, asyncio.Event()
        woken.set()

    async def after(self, version: str | None) -> Frame | None:
        """The current frame as soon as it is not ``version`` (at once if it is not);
        None once the hub is closed."""
        while self.current.version == version and not self.closed:
            await self._changed.wait()
        return None if self.closed else self.current


class Renderer:
    """Reads the table and renders it, numbering each change of what is shown."""

    def __init__(self, session: int | None) -> None:
        self.session = session
        self._reader = LiveReader(session)
        self._boot = secrets.token_hex(4)  # a browser back from another run starts afresh
        self._count = 0
        self._shown: dict[str, str] | None = None

    def frame(self, ledger: Ledger, *, strict: bool = False) -> Frame | None:
        """The frame for the ledger as it is now, or None if it shows the same as before.
        A LooError (a damaged record, a session deleted) is shown on the page in words,
        or raised when ``strict``."""
        try:
            table = self._reader.read(ledger)
            shown, title = page.parts(table), page.page_title(table)
        except LooError as exc:
            if strict:
                raise
            table, shown, title = None, page.parts(None, problem=str(exc)), "loo: a problem"
        if shown == self._shown:
            return None
        self._shown = shown
        self._count += 1
        version = f"{self._boot}.{self._count}"
        hands = 0 if table is None else table.table.hands
        return Frame(version=version, hands=hands,
                     html=page.document(shown, title=title, version=version).encode(),
                     event=page.event(shown, title=title, version=version, hands=hands))


def _open(path: Path) -> Ledger:
    from loo_ledger.store.db import open_reader
    from loo_ledger.store.ledger import Ledger
    return Ledger(open_reader(path))


def first_frame(path: Path, renderer: Renderer) -> Frame:
    """The page as it is now, read through a connection of its own (LooError, such as no
    ledger at ``path``, before anything is served)."""
    ledger = _open(path)
    try:
        frame = renderer.frame(ledger, strict=True)
    finally:
        ledger.close()
    assert frame is not None  # the first frame always shows something
    return frame


class Watcher:
    """The thread that watches the ledger at ``path`` and calls ``publish`` (from its own
    thread) with each new frame; :meth:`stop` ends it and closes its connection."""

    def __init__(self, path: Path, renderer: Renderer, publish: Callable[[Frame], object],
                 *, interval: float = POLL_SECONDS) -> None:
        self._path, self._renderer, self._publish = path, renderer, publish
        self._interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="loo-serve-watcher",
                                        daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        ledger = _open(self._path)  # opened (and used, and closed) on this thread alone
        try:
            seen: object = None
            while True:
                try:
                    version: object = ledger.db.data_version()
                except LooError:  # read again: the page says what is wrong
                    version = object()
                if version != seen:  # another connection committed: read the table again
                    seen = version
                    frame = self._renderer.frame(ledger)
                    if frame is not None:
                        self._publish(frame)
                if self._stop.wait(self._interval):
                    return
        finally:
            ledger.close()
