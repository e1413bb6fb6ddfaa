"""The ledger: sessions, hands and postings in SQLite, written in one transaction each."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from loo_ledger.domain.model import Session, Settlement, TableState
from loo_ledger.errors import NotFound, StoreError
from loo_ledger.store import codec, stats
from loo_ledger.store.conn import Connection
from loo_ledger.store.db import open_database
from loo_ledger.store.table_writes import TableWrites

SessionItem = tuple[Session, list[dict], list[Settlement], TableState, str | None]

INSERT_SESSION = """INSERT INTO sessions (name, started_at, variant, rules, unit_name,
    unit_value, currency, first_dealer, opening_pool, pool, next_dealer, state, created_at,
    source, buy_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
INSERT_HAND = """INSERT INTO hands (id, session_id, number, dealer, record, deltas, pool_in,
    pot, pool_after, double, outcome, table_ruling, looed)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
INSERT_POSTING = """INSERT INTO postings (hand_id, session_id, seq, payer, payee, amount,
    reason, rule) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"""
INSERT_SEAT = "INSERT INTO seats (session_id, position, name, net) VALUES (?, ?, ?, ?)"
SET_CURRENT = "INSERT OR REPLACE INTO settings (key, value) VALUES ('current_session', ?)"
LIST_SESSIONS = """SELECT s.id, s.name, s.started_at, s.variant,
    (SELECT count(*) FROM seats WHERE session_id = s.id) AS players,
    (SELECT count(*) FROM hands WHERE session_id = s.id) AS hands,
    s.pool, s.created_at, s.closed_at IS NOT NULL AS closed
    FROM sessions s ORDER BY s.id"""
LIST_HANDS = """SELECT number, dealer, record, deltas, pool_in, pot, pool_after, double,
    outcome, table_ruling, looed FROM hands WHERE session_id = ? ORDER BY number"""
LIST_POSTINGS = """SELECT p.id, h.number AS hand, p.seq, p.payer, p.payee, p.amount,
    p.reason, p.rule FROM postings p JOIN hands h ON h.id = p.hand_id
    WHERE p.session_id = ? ORDER BY h.number, p.seq"""


class Ledger(TableWrites):
    """Everything stored about every session; the only code that speaks SQLite."""

    def __init__(self, db: Connection):
        self.db = db

    @classmethod
    def open(cls, path: str | Path) -> "Ledger":
        """A ledger on the database at ``path`` (created and migrated as needed)."""
        return cls(open_database(path))

    def close(self) -> None:
        """Close the underlying connection."""
        self.db.close()

    # -- writing -------------------------------------------------------------

    def add_session(self, session: Session, raw_hands: list[dict],
                    settlements: list[Settlement], final_state: TableState, *,
                    source: str | None = None) -> int:
        """Store one settled session, all or nothing, and make it current. Returns its id."""
        return self.add_sessions([(session, raw_hands, settlements, final_state, source)])[0]

    def add_sessions(self, items: list[SessionItem]) -> list[int]:
        """Store several settled sessions in one transaction; the last becomes current.

        If anything fails, nothing is written.
        """
        if not items:
            return []
        try:
            with self.db.atomic():
                ids = [self._insert(*item) for item in items]
                self.db.conn.execute(SET_CURRENT, (str(ids[-1]),))
        except sqlite3.Error as e:
            raise StoreError(f"Cannot store the session: {e}. Nothing was written.") from e
        return ids

    def _insert(self, session: Session, raw_hands: list[dict], settlements: list[Settlement],
                final_state: TableState, source: str | None) -> int:
        """Insert one session's rows (inside the caller's transaction)."""
        conn = self.db.conn
        sid = conn.execute(INSERT_SESSION,
                           codec.session_values(session, final_state, source)).lastrowid
        first = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM hands").fetchone()[0]
        hands, postings, nets = codec.hand_rows(sid, first, session.players,
                                                raw_hands, settlements)
        conn.executemany(INSERT_SEAT, [(sid, pos, name, nets[name])
                                       for pos, name in enumerate(session.players)])
        conn.executemany(INSERT_HAND, hands)
        conn.executemany(INSERT_POSTING, postings)
        stats.write_plays(conn, sid, range(first, first + len(hands)), raw_hands, settlements)
        return sid

    def set_current(self, session_id: int) -> None:
        """Make ``session_id`` the current session (NotFound if there is none)."""
        self._row(session_id)
        with self.db.atomic():
            self.db.conn.execute(SET_CURRENT, (str(session_id),))

    # -- reading -------------------------------------------------------------

    def _row(self, session_id: int) -> dict[str, Any]:
        """The ``sessions`` row, or NotFound naming the id."""
        rows = list(self.db.query("SELECT * FROM sessions WHERE id = ?", [session_id]))
        if not rows:
            raise NotFound(f"There is no session {session_id} in this database.")
        return rows[0]

    def _players(self, session_id: int) -> list[str]:
        return [r["name"] for r in self.db.query(
            "SELECT name FROM seats WHERE session_id = ? ORDER BY position", [session_id])]

    def sessions(self) -> list[dict]:
        """Every session, oldest first, with player and hand counts."""
        rows = list(self.db.query(LIST_SESSIONS))
        for r in rows:
            r["closed"] = bool(r["closed"])
        return rows

    def current_session_id(self) -> int | None:
        """The current session's id, or None if none has been set."""
        rows = list(self.db.query("SELECT value FROM settings WHERE key = 'current_session'"))
        return int(rows[0]["value"]) if rows and rows[0]["value"] is not None else None

    def session(self, session_id: int) -> dict:
        """The stored session: its row, with ``rules`` and ``state`` decoded and players."""
        row = self._row(session_id)
        row["rules"] = json.loads(row["rules"])
        row["state"] = json.loads(row["state"])
        row["players"] = self._players(session_id)
        return row

    def session_dict(self, session_id: int) -> dict:
        """The session-file object, so that export then import gives the same session."""
        row = self._row(session_id)
        records = [json.loads(r["record"]) for r in self.db.query(
            "SELECT record FROM hands WHERE session_id = ? ORDER BY number", [session_id])]
        return codec.session_file(row, self._players(session_id), records)

    def hands(self, session_id: int) -> list[dict]:
        """Every hand of the session in order, record and deltas decoded."""
        self._row(session_id)
        rows = list(self.db.query(LIST_HANDS, [session_id]))
        for r in rows:
            r["record"] = json.loads(r["record"])
            r["deltas"] = json.loads(r["deltas"])
            r["looed"] = json.loads(r["looed"])
            r["double"] = bool(r["double"])
        return rows

    def postings(self, session_id: int) -> list[dict]:
        """Every movement of the session, by hand number then sequence."""
        self._row(session_id)
        return list(self.db.query(LIST_POSTINGS, [session_id]))

    def balances(self, session_id: int) -> dict:
        """The pool and each player's net, in seat order, without scanning postings."""
        row = self._row(session_id)
        players = list(self.db.query(
            "SELECT name, net FROM seats WHERE session_id = ? ORDER BY position", [session_id]))
        return {"pool": row["pool"], "players": players}

    def final_state(self, session_id: int) -> TableState:
        """The table after the session's last hand."""
        return codec.state_from_json(self._row(session_id)["state"])
