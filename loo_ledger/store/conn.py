"""A light connection: what the store needs of a database, on plain sqlite3.

sqlite-utils takes ~90 ms to import (it loads click, pluggy and scans entry points),
more than recording a hand is allowed to take; so it is loaded only when a migration
is pending (see db.py), and everyday reads and writes go through this class.

Every write begins ``BEGIN IMMEDIATE``: it takes the write lock before it reads, so what
it reads cannot change under it, and a second writer (another terminal) waits for the
first to commit (``PRAGMA busy_timeout``) instead of writing from a stale copy.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any

from loo_ledger.errors import StoreError

#: How long a write waits for another terminal's write to finish, in milliseconds.
BUSY_TIMEOUT_MS = 10_000


class Connection:
    """``query`` (rows as dicts), ``execute``, ``atomic`` (nested: savepoints),
    ``write`` (one write transaction, SQLite errors as StoreError), ``snapshot``, ``close``."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self._depth = 0

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self.conn.execute(sql, params)

    def query(self, sql: str, params: Sequence[Any] = ()) -> Iterator[dict[str, Any]]:
        cursor = self.conn.execute(sql, params)
        names = [d[0] for d in cursor.description]
        for row in cursor:
            yield dict(zip(names, row, strict=True))

    @contextlib.contextmanager
    def atomic(self, *, commit: bool = True) -> Iterator[Connection]:
        """One write transaction (``BEGIN IMMEDIATE``); a nested block is a savepoint
        inside it. With ``commit=False`` the outermost block rolls back at the end (a dry
        run: everything is worked out inside the transaction, nothing is kept)."""
        name = f"loo_{self._depth}"
        nested = name if self.conn.in_transaction else None
        self.conn.execute(f"SAVEPOINT {name}" if nested else "BEGIN IMMEDIATE")
        self._depth += 1
        try:
            yield self
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute(f"ROLLBACK TO {nested}" if nested else "ROLLBACK")
                if nested:
                    self.conn.execute(f"RELEASE {nested}")
            raise
        else:
            if nested:
                self.conn.execute(f"RELEASE {nested}")
            else:
                self.conn.execute("COMMIT" if commit else "ROLLBACK")
        finally:
            self._depth -= 1

    @contextlib.contextmanager
    def write(self, what: str, *, commit: bool = True) -> Iterator[Connection]:
        """:meth:`atomic`, with a SQLite error (a locked database among them) turned into
        a StoreError saying that nothing was written."""
        try:
            with self.atomic(commit=commit):
                yield self
        except sqlite3.Error as exc:
            raise StoreError(f"Cannot store {what}: {exc}. Nothing was written.") from exc

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[Connection]:
        """Reads that see one state of the database (a deferred read transaction)."""
        if self.conn.in_transaction:
            yield self
            return
        self.conn.execute("BEGIN")
        try:
            yield self
        finally:
            if self.conn.in_transaction:
                self.conn.execute("COMMIT")

    def table_names(self) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]

    def close(self) -> None:
        self.conn.close()
