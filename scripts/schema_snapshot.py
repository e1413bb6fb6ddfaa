#!/usr/bin/env python3
"""Write loo_ledger/store/schema.sql: the schema a new ledger is made with, taken from a
database that every migration has been run on (tests/test_schema_snapshot.py proves it
current; run this after adding a migration).

    python scripts/schema_snapshot.py
"""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

from sqlite_utils import Database

from loo_ledger.store import schema
from loo_ledger.store.migrations import migrations


def migrated() -> str:
    """schema.snapshot of a new database made by the migrations, one by one."""
    with tempfile.TemporaryDirectory() as folder:
        conn = sqlite3.connect(Path(folder) / "m.db", isolation_level=None)
        try:
            migrations.apply(Database(conn))
            return schema.snapshot(conn)
        finally:
            conn.close()


def main() -> None:
    schema.SNAPSHOT.write_text(migrated(), encoding="utf-8")
    print(f"wrote {schema.SNAPSHOT}")


if __name__ == "__main__":
    main()
