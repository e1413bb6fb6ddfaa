"""A new ledger made in one step: the schema that every migration leads to, written out in
``schema.sql`` beside this module (made by ``scripts/schema_snapshot.py``; a test proves
it is what the migrations make), so that a new database is made in one transaction
without loading sqlite-utils or running the migrations one by one (issue 10: an import
into a new ledger starts about a tenth of a second sooner).

An existing ledger is still brought up to date by store/migrations.py.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

#: The schema's statements, one per line group, ending with ``;``.
SNAPSHOT = Path(__file__).with_name("schema.sql")
#: The migrations the snapshot has applied, marked so in ``_sqlite_migrations``.
MARK = ("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
        "VALUES ('loo_ledger', ?, ?)")


def create(conn: sqlite3.Connection, migrations: tuple[str, ...]) -> None:
    """Make the whole schema in ``conn``, a new and empty database, marking ``migrations``
    applied: all in one transaction (nothing is made if any of it fails), or inside the
    caller's transaction when one is open (store/db.py: the file is stamped in it too)."""
    statements, part = [], ""
    for line in SNAPSHOT.read_text(encoding="utf-8").splitlines(keepends=True):
        part += line
        if sqlite3.complete_statement(part):
            statements.append(part)
            part = ""
    at = str(datetime.now(UTC))
    nested = conn.in_transaction
    conn.execute("SAVEPOINT loo_schema" if nested else "BEGIN IMMEDIATE")
    try:
        for statement in statements:
            conn.execute(statement)
        conn.executemany(MARK, [(name, at) for name in migrations])
    except BaseException:
        conn.execute("ROLLBACK TO loo_schema" if nested else "ROLLBACK")
        if nested:
            conn.execute("RELEASE loo_schema")
        raise
    conn.execute("RELEASE loo_schema" if nested else "COMMIT")


def snapshot(conn: sqlite3.Connection) -> str:
    """The text of ``schema.sql`` for the database ``conn`` (migrated to date): its tables,
    then indexes, views and triggers, each kind in the order it was made."""
    out = []
    for kind in ("table", "index", "view", "trigger"):
        out += [sql.strip() + ";\n" for (sql,) in conn.execute(
            "SELECT sql FROM sqlite_master WHERE type = ? AND sql IS NOT NULL AND name NOT "
            "LIKE 'sqlite_%' ORDER BY rowid", (kind,))]
    return "".join(out)
