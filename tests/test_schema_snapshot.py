"""A new ledger is made from store/schema.sql in one step (issue 10): the snapshot must be
exactly what running every migration makes, and a ledger made from it must be one the
migrations see as up to date."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from loo_ledger.store import db as store_db
from loo_ledger.store import schema
from loo_ledger.store.ledger import Ledger

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import schema_snapshot  # noqa: E402

MASTER = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"


def test_the_snapshot_is_what_the_migrations_make():
    assert schema.SNAPSHOT.read_text(encoding="utf-8") == schema_snapshot.migrated(), (
        "run: python scripts/schema_snapshot.py")


def test_a_new_ledger_from_the_snapshot_is_the_migrated_one(tmp_path):
    Ledger.open(tmp_path / "new.db").close()
    new = sqlite3.connect(tmp_path / "new.db")
    made = sqlite3.connect(tmp_path / "migrated.db", isolation_level=None)
    from sqlite_utils import Database

    from loo_ledger.store.migrations import migrations
    migrations.apply(Database(made))
    assert new.execute(MASTER).fetchall() == made.execute(MASTER).fetchall()
    names = "SELECT migration_set, name FROM _sqlite_migrations ORDER BY id"
    assert new.execute(names).fetchall() == made.execute(names).fetchall()
    assert [n for _, n in new.execute(names)] == list(store_db.MIGRATIONS)
    assert new.execute("PRAGMA user_version").fetchone()[0] == len(store_db.MIGRATIONS)
    assert new.execute("PRAGMA application_id").fetchone()[0] == store_db.APPLICATION_ID
    assert new.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    stamp = new.execute("SELECT DISTINCT applied_at FROM _sqlite_migrations").fetchall()
    assert len(stamp) == 1 and stamp[0][0].endswith("+00:00")
    new.close()
    made.close()


def test_a_new_ledger_is_made_without_sqlite_utils(tmp_path):
    import subprocess
    code = ("import sys; from loo_ledger.store.ledger import Ledger; "
            f"Ledger.open({str(tmp_path / 'n.db')!r}).close(); "
            "print('sqlite_utils' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout == "False\n"


def test_a_snapshot_that_fails_makes_nothing(tmp_path, monkeypatch):
    bad = tmp_path / "bad.sql"
    bad.write_text(schema.SNAPSHOT.read_text(encoding="utf-8") + "CREATE TABLE x (;\n")
    monkeypatch.setattr(schema, "SNAPSHOT", bad)
    conn = sqlite3.connect(tmp_path / "half.db", isolation_level=None)
    try:
        schema.create(conn, store_db.MIGRATIONS)
    except sqlite3.Error:
        pass
    else:
        raise AssertionError("a bad statement was accepted")
    assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    conn.close()
