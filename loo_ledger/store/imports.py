"""The fingerprints of imported session files (table ``imports``, migration m009).

Each imported session has one row: the sha256 of its file's canonical JSON, where it came
from and when, written in the import's own transaction (services/importing.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from loo_ledger.store.conn import Connection

IMPORTED_AS = """SELECT i.session_id, s.name, i.at FROM imports i JOIN sessions s
    ON s.id = i.session_id WHERE i.fingerprint = ? ORDER BY i.session_id"""
INSERT_IMPORT = "INSERT INTO imports (session_id, fingerprint, source, at) VALUES (?, ?, ?, ?)"


def imported_as(db: Connection, fingerprint: str) -> list[tuple[int, str | None, str]]:
    """The sessions still in the ledger (id, name, when imported) that a file with this
    fingerprint became, oldest first."""
    return [(r[0], r[1], r[2]) for r in db.execute(IMPORTED_AS, (fingerprint,)).fetchall()]


def record_imports(db: Connection, rows: Iterable[tuple[int, str, str | None]], at: str) -> None:
    """Store (session id, fingerprint, source) for each imported session (inside the
    caller's transaction)."""
    db.conn.executemany(INSERT_IMPORT, [(sid, fp, source, at) for sid, fp, source in rows])
