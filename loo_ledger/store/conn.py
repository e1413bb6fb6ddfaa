"""A light connection: what the store needs of a database, on plain sqlite3.

sqlite-utils takes ~90 ms to import (it loads click, pluggy and scans entry points),
more than recording a hand is allowed to take; so it is loaded only when a migration
is pending (see db.py), and everyday reads and writes go through this class.
"""

from __future__ import annotations

import contextlib
import sqlite3
from typing import Any, Iterator, Sequence


class Connection:
    """``query`` (rows as dicts), ``execute``, ``atomic`` (nested: savepoints), ``close``."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self._depth = 0

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self.conn.execute(sql, params)

    def query(self, sql: str, params: Sequence[Any] = ()) -> Iterator[dict[str, Any]]:
        cursor = self.conn.execute(sql, params)
        names = [d[0] for d in cursor.description]
        for row in cursor:
            yield dict(zip(names, row))

    @contextlib.contextmanager
    def atomic(self) -> Iterator["Connection"]:
        """One transaction; a nested block is a savepoint inside it."""
        name = f"loo_{self._depth}"
        self.conn.execute(f"SAVEPOINT {name}" if self.conn.in_transaction else "BEGIN")
        nested = name if self._depth else None
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
            self.conn.execute(f"RELEASE {nested}" if nested else "COMMIT")
        finally:
            self._depth -= 1

    def table_names(self) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]

    def close(self) -> None:
        self.conn.close()
