"""Helpers for the store tests (test_writer_sequences, test_races, test_check_edits): a new,
empty ledger (:func:`fresh_db`, or tests/conftest.py's ``fresh_db`` fixture, which copies
one), a dump of every derived row that names hands by number (row ids differ between a
rewrite and a rebuild), and hands to record.

The dump is compared between a database as the table wrote it and a copy (in memory) whose
derived rows were all rebuilt from the raw records by rebuild_all.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from loo_ledger.domain import HandRecord
from loo_ledger.domain.next.legal import dealt_in
from loo_ledger.store.conn import Connection
from loo_ledger.store.ledger import Ledger
from loo_ledger.store.writer import rebuild_all

DERIVED_SQL = {
    "sessions": "SELECT id, pool, next_dealer, state FROM sessions",
    "seats": "SELECT session_id, position, name, net, present FROM seats",
    "hands": "SELECT session_id, number, dealer, record, deltas, pool_in, pot, pool_after, "
             "double, outcome, table_ruling, looed, words, tricks, moves FROM hands",
    "player_totals": "SELECT * FROM player_totals",
    "seat_totals": "SELECT * FROM seat_totals",
    "session_totals": "SELECT * FROM session_totals",
}


def fresh_db(folder: Path, name: str = "loo.db") -> Path:
    """A new, empty ledger at ``folder / name`` (tests/conftest.py's ``fresh_db`` fixture
    does the same by copying one made once per process)."""
    path = folder / name
    Ledger.open(path).close()
    return path


def derived(path: Path) -> dict[str, list[tuple]]:
    """Every derived row of the database, hands named by number, sorted."""
    conn = sqlite3.connect(path)
    try:
        return derived_rows(conn)
    finally:
        conn.close()


def derived_rows(conn: sqlite3.Connection) -> dict[str, list[tuple]]:
    """:func:`derived` of an open connection."""
    return {t: sorted(conn.execute(sql).fetchall(), key=repr) for t, sql in DERIVED_SQL.items()}


def rebuilt(path: Path) -> dict[str, list[tuple]]:
    """The derived rows of a copy of the database rebuilt from its raw records: the copy in
    memory (SQLite's backup of the file as it is committed), with the foreign keys on as
    the ledger has them, rebuilt by rebuild_all in one write transaction (a copy on disk
    opened as a ledger would check its pages and be written to the disk: the same rows
    at some 10 ms a step more)."""
    src = sqlite3.connect(path)
    copy = sqlite3.connect(":memory:", isolation_level=None)
    try:
        src.backup(copy)
        copy.execute("PRAGMA foreign_keys=ON")
        db = Connection(copy)
        with db.write("the rebuild"):
            assert rebuild_all(db) == []
        return derived_rows(copy)
    finally:
        src.close()
        copy.close()


def dump(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        return "\n".join(conn.iterdump())
    finally:
        conn.close()


def played(seats: tuple[str, ...], present: tuple[str, ...], dealt: tuple[str, ...],
           tricks: list[int], declarations: dict[str, str] | None = None) -> HandRecord:
    """A hand in which the ``dealt`` players win ``tricks`` (in their order); players not
    present sit out."""
    return HandRecord(sitting_out=tuple(p for p in seats if p not in present),
                      declarations=declarations,
                      tricks=dict(zip(dealt, tricks, strict=True)))


def candidates(view, seed: int) -> list[HandRecord]:
    """Hands to try at this table, the first the rules accept being recorded: everyone plays
    (a simple pool), everyone stands and plays (a double pool), everyone passes."""
    state, present = view.state, view.present
    dealt = dealt_in(state, present)
    split = [0] * len(dealt)
    for i in range(view.variant.hand_size):
        split[(seed // (i + 1) + i * seed) % len(dealt)] += 1
    seats = state.seats
    out = [played(seats, present, dealt, split),
           played(seats, present, dealt, split, {p: "stand" for p in dealt}),
           HandRecord(sitting_out=tuple(p for p in seats if p not in present),
                      declarations={p: "pass" for p in dealt})]
    k = seed % len(out)
    return out[k:] + out[:k]
