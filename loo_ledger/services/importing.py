"""Importing session files: read, settle, then store them all in one transaction.

No printing here: functions return data or raise a LooError. ``loo check`` is in
services/checking.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from loo_ledger.domain import Replay, Session, replay
from loo_ledger.errors import LooError, StoreError
from loo_ledger.formats import decode
from loo_ledger.formats.sessionfile import load_session, read_session, seat_changes
from loo_ledger.store.ledger import Ledger

#: The file name that means standard input (the CLI passes its bytes as ``stdin``).
STDIN = "-"


def settle_file(path: str | Path, progress: Callable[[int], None] | None = None, *,
                data: bytes | None = None) -> tuple[Session, dict[str, Any], Replay]:
    """Read and settle one session file (or, given ``data``, those bytes, named ``path``):
    (session, the file's raw JSON object, replay). Raises LooError whose message names the
    file and, for an impossible hand, the hand, player and rule."""
    session, raw, result, _ = _settle(path, progress, data)
    raw["hands"] = list(raw["hands"])
    return session, raw, result


def _settle(path: str | Path, progress: Callable[[int], None] | None,
            data: bytes | None) -> tuple[Session, dict[str, Any], Replay, str]:
    """settle_file, and the file's fingerprint (taken as it was decoded)."""
    session, raw, print_ = (load_session(path, lazy=True) if data is None
                            else read_session(data, source=str(path), lazy=True))
    try:
        result = replay(session, progress=progress)
    except LooError as exc:
        raise type(exc)(f"{path}: {exc.message}; nothing was imported", exc.problems) from None
    return session, raw, result, print_


def read_files(paths: Iterable[str | Path], progress: Callable[[int], None] | None = None,
               *, stdin: bytes | None = None) -> list[Any]:
    """Every file read and settled, nothing written: the items :func:`import_files` stores
    (session, raw hands, settlements, final state, source, seat changes, fingerprint).
    The path ``-`` is ``stdin``."""
    items = []
    for path in paths:
        std = str(path) == STDIN and stdin is not None
        session, raw, result, print_ = _settle("<stdin>" if std else path, progress,
                                               stdin if std else None)
        items.append((session, raw["hands"], list(result.settlements), result.final,
                      "<stdin>" if std else str(path), seat_changes(raw), print_))
    return items


def fingerprint(raw: Mapping[str, Any]) -> str:
    """The sha256 of a session file's canonical JSON (keys sorted, no spaces, UTF-8): the
    same content gives the same fingerprint however the file is laid out."""
    return decode.fingerprint(decode.canonical(raw))


class AlreadyImported(StoreError):
    """A session file whose content is already in the ledger (``loo import --again``)."""


def store_files(ledger: Ledger, items: Sequence[Any], *, again: bool = False) -> list[int]:
    """Store what :func:`read_files` read, all in one transaction, each session with its
    file's fingerprint. A file already imported (or given twice) is refused naming the
    session it became, unless ``again``: so a retry after an import interrupted once it
    had committed says that it landed, instead of doubling the evening."""
    from loo_ledger.store.codec import now_iso
    from loo_ledger.store.imports import imported_as, record_imports

    with ledger.db.write("the import"):
        if not again:
            seen: dict[str, str] = {}
            for item in items:
                source, print_ = item[4], item[6]
                earlier = imported_as(ledger.db, print_)
                if earlier:
                    sid, name, at = earlier[0]
                    also = [str(e[0]) for e in earlier[1:]]
                    raise AlreadyImported(
                        f"{source} is already in the ledger: it was imported as session "
                        f"{sid}{f' {name!r}' if name else ''} on {at[:16].replace('T', ' ')}"
                        + (f" (and again as session {', '.join(also)})" if also else "")
                        + ". If an import of it was interrupted, that import had landed. "
                        "Nothing was imported; see 'loo sessions', or import it once more "
                        "as a new session with --again.")
                if print_ in seen:
                    raise AlreadyImported(f"{source} holds the same session as {seen[print_]}"
                                          "; nothing was imported (give it once, or use "
                                          "--again).")
                seen[print_] = source
        ids = ledger.add_sessions(items)
        record_imports(ledger.db, [(sid, item[6], item[4])
                                   for sid, item in zip(ids, items, strict=True)], now_iso())
    return ids


def import_files(ledger: Ledger, paths: Iterable[str | Path],
                 progress: Callable[[int], None] | None = None, *,
                 stdin: bytes | None = None, again: bool = False) -> list[int]:
    """Import every file or none: all are read and settled before one write.
    ``progress(n)`` is told as hands are settled; the path ``-`` is ``stdin``'s bytes; a
    file already imported is refused unless ``again`` (:func:`store_files`)."""
    return store_files(ledger, read_files(paths, progress, stdin=stdin), again=again)
