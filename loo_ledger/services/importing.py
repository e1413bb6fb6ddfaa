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
from loo_ledger.formats.sessionfile import load_session_file, parse_session
from loo_ledger.store.ledger import Ledger


#: The file name that means standard input (the CLI passes its bytes as ``stdin``).
STDIN = "-"


def settle_file(path: str | Path, progress: Callable[[int], None] | None = None, *,
                data: bytes | None = None) -> tuple[Session, list[dict[str, Any]], Replay]:
    """Read and settle one session file (or, given ``data``, those bytes, named ``path``):
    (session, raw hands, replay). Raises LooError whose message names the file and, for an
    impossible hand, the hand, player and rule."""
    session, raw = (load_session_file(path) if data is None
                    else parse_session(data, source=str(path)))
    try:
        result = replay(session, progress=progress)
    except LooError as exc:
        raise type(exc)(f"{path}: {exc.message}; nothing was imported", exc.problems) from None
    return session, raw["hands"], result


def read_files(paths: Iterable[str | Path], progress: Callable[[int], None] | None = None,
               *, stdin: bytes | None = None) -> list[Any]:
    """Every file read and settled, nothing written: the items :func:`import_files` stores
    (session, raw hands, settlements, final state, source). The path ``-`` is ``stdin``."""
    items = []
    for path in paths:
        std = str(path) == STDIN and stdin is not None
        session, raw_hands, result = settle_file("<stdin>" if std else path, progress,
                                                 data=stdin if std else None)
        items.append((session, raw_hands, list(result.settlements), result.final,
                      "<stdin>" if std else str(path)))
    return items


def import_files(ledger: Ledger, paths: Iterable[str | Path],
                 progress: Callable[[int], None] | None = None, *,
                 stdin: bytes | None = None) -> list[int]:
    """Import every file or none: all are read and settled before one write.
    ``progress(n)`` is told as hands are settled; the path ``-`` is ``stdin``'s bytes."""
    return ledger.add_sessions(read_files(paths, progress, stdin=stdin))
