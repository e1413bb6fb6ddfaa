"""Importing session files: read, settle, then store them all in one transaction.

No printing here: functions return data or raise a LooError. ``loo check`` is in
services/checking.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from loo_ledger.domain import Replay, Session, replay
from loo_ledger.errors import LooError
from loo_ledger.formats.sessionfile import load_session_file
from loo_ledger.store.ledger import Ledger


def settle_file(path: str | Path, progress: Callable[[int], None] | None = None
                ) -> tuple[Session, list[dict[str, Any]], Replay]:
    """Read and settle one session file: (session, raw hands, replay). Raises LooError
    whose message names the file and, for an impossible hand, the hand, player and rule."""
    session, raw = load_session_file(path)
    try:
        result = replay(session, progress=progress)
    except LooError as exc:
        raise type(exc)(f"{path}: {exc.message}; nothing was imported", exc.problems) from None
    return session, raw["hands"], result


def import_files(ledger: Ledger, paths: Iterable[str | Path],
                 progress: Callable[[int], None] | None = None) -> list[int]:
    """Import every file or none: all are read and settled before one write.
    ``progress(n)`` is told as hands are settled."""
    items = []
    for path in paths:
        session, raw_hands, result = settle_file(path, progress)
        items.append((session, raw_hands, list(result.settlements), result.final, str(path)))
    return ledger.add_sessions(items)
