"""Whole-ledger copies with SQLite's online backup API (``loo backup``, ``loo restore``).

The backup API copies every page inside one read transaction, so a backup taken while
another terminal records hands is one consistent state of the ledger (a plain file copy
of a database being written can be torn). Every copy is checked with ``PRAGMA
integrity_check`` before it is put in place, and is put in place whole (written beside
its target, then renamed).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import msgspec

from loo_ledger.errors import StoreError
from loo_ledger.store.conn import BUSY_TIMEOUT_MS, connect_to_read, explain
from loo_ledger.store.db import check_file, newer_schema


class Summary(msgspec.Struct, frozen=True):
    """What a ledger file holds."""

    path: Path
    sessions: int
    hands: int
    bytes: int
    #: Why only a newer loo_ledger may write it (a backup of such a ledger), else None.
    newer: str | None = None

    def describe(self) -> str:
        return (f"{self.sessions} session{'s' if self.sessions != 1 else ''}, "
                f"{self.hands} hand{'s' if self.hands != 1 else ''}")


@contextlib.contextmanager
def _reading(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection reading ``path`` as one more reader among the terminals that may be
    writing it: an ordinary connection when we may write the file and its folder (it takes
    SQLite's locks, and as the last to close it folds the write-ahead log back and removes
    it), else a read-only one that takes them too (:func:`connect_to_read`). Never
    ``immutable`` on a file another process can change: a checkpoint meanwhile would
    rewrite pages under the copy."""
    if os.access(path, os.W_OK) and os.access(path.parent, os.W_OK):
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000)
    else:
        conn = connect_to_read(path)
    try:
        yield conn
    finally:
        conn.close()


def _integrity(conn: sqlite3.Connection) -> str | None:
    """The first problem ``PRAGMA integrity_check`` finds, or None."""
    found = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
    return None if found == ["ok"] else found[0].splitlines()[0]


def summarize(path: Path, *, what: str = "the file", newer_ok: bool = False) -> Summary:
    """``path`` checked as a whole loo_ledger database (ours, every page sound, not from a
    newer loo_ledger unless ``newer_ok``), and what it holds; StoreError saying what is
    wrong otherwise."""
    if not path.is_file() or path.stat().st_size == 0:
        raise StoreError(f"{what} {path} does not exist or is empty; nothing was changed.")
    check_file(path)
    try:
        with _reading(path) as conn:
            bad = _integrity(conn)
            if bad:
                raise StoreError(f"{what} {path} is damaged (integrity_check: {bad}); "
                                 "nothing was changed.")
            newer = newer_schema(conn)
            if newer and not newer_ok:
                raise StoreError(f"{what} {path}: {newer}; nothing was changed.")
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            if not {"sessions", "hands"} <= names:
                raise StoreError(f"{what} {path} is not a loo_ledger database (it has no "
                                 "sessions or hands); nothing was changed.")
            sessions = conn.execute("SELECT count(*) FROM sessions").fetchone()[0]
            hands = conn.execute("SELECT count(*) FROM hands").fetchone()[0]
    except sqlite3.Error as exc:
        raise explain(exc, path, "Nothing was changed: ") from exc
    return Summary(path, sessions, hands, path.stat().st_size, newer)


def _copy(src: sqlite3.Connection, target: Path) -> None:
    """Copy ``src`` into a new file beside ``target``, check it and rename it into place."""
    part = target.with_name(f".{target.name}.part")
    part.unlink(missing_ok=True)
    try:
        dst = sqlite3.connect(part)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            bad = _integrity(dst)
        finally:
            dst.close()
        if bad:
            raise StoreError(f"The copy for {target} fails SQLite's integrity check ({bad}): "
                             "the ledger is damaged ('loo check'); nothing was written there.")
        os.replace(part, target)
    finally:
        part.unlink(missing_ok=True)


def backup(ledger: Path, target: Path) -> Summary:
    """A consistent copy of ``ledger`` at ``target`` (a new file), checked; its summary."""
    try:
        with _reading(ledger) as src:
            _copy(src, target)
    except sqlite3.Error as exc:
        raise explain(exc, ledger, f"No backup was written to {target}: ") from exc
    except OSError as exc:
        raise StoreError(f"No backup was written to {target}: {exc.strerror or exc}.") from exc
    try:
        return summarize(target, what="the backup", newer_ok=True)
    except StoreError as exc:
        raise StoreError(f"The backup was written to {target}, but reading it back failed: "
                         f"{exc.message}") from exc


def restore(source: Path, ledger: Path, keep: Path | None) -> None:
    """Replace the ledger's content with ``source``'s (checked by :func:`summarize` first).
    The ledger as it was is copied to ``keep`` first (when given and there is one). The
    content goes in through the backup API on a connection to the ledger, so another
    terminal waits for it as for any write and then sees the restored ledger whole."""
    try:
        if keep is not None and ledger.exists():
            try:
                with _reading(ledger) as old:
                    _copy(old, keep)
            except (sqlite3.Error, StoreError):  # a damaged ledger is kept byte for byte
                shutil.copyfile(ledger, keep)
        with _reading(source) as src:
            dst = sqlite3.connect(ledger, timeout=BUSY_TIMEOUT_MS / 1000)
            try:
                _put_back(src, dst, ledger)
            finally:
                dst.close()
    except sqlite3.Error as exc:
        raise explain(exc, ledger, f"Could not restore {source}: ") from exc
    except OSError as exc:
        raise StoreError(f"Could not restore {source}: {exc.strerror or exc}.") from exc


def _put_back(src: sqlite3.Connection, dst: sqlite3.Connection, ledger: Path) -> None:
    """``src``'s content into ``dst`` (the ledger) through the backup API. SQLite cannot
    change the page size of a database in WAL mode, so a backup whose page size differs
    from the ledger's is first copied into a file beside the ledger and rewritten there
    with the ledger's page size (``VACUUM``)."""
    size = dst.execute("PRAGMA page_size").fetchone()[0]
    wal = dst.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    if not wal or src.execute("PRAGMA page_size").fetchone()[0] == size:
        src.backup(dst)
        return
    part = ledger.with_name(f".{ledger.name}.restoring")
    part.unlink(missing_ok=True)
    try:
        tmp = sqlite3.connect(part, isolation_level=None)
        try:
            src.backup(tmp)
            tmp.execute("PRAGMA journal_mode=DELETE")
            tmp.execute(f"PRAGMA page_size={int(size)}")
            tmp.execute("VACUUM")
            tmp.backup(dst)
        finally:
            tmp.close()
    finally:
        part.unlink(missing_ok=True)
