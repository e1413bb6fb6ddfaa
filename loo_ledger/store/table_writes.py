"""Writes made at the table: one hand at a time, corrections, seats, house rules.

Each public method is one transaction. A correction rewrites the session's derived
rows (hands, postings, nets) from a replay of its raw records, so the stored
figures are always what the rules give for what was recorded.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any, Sequence

from loo_ledger.domain.model import Session, Settlement, TableState
from loo_ledger.errors import NotFound, StoreError
from loo_ledger.store import codec, stats

INSERT_AUDIT = """INSERT INTO audit (session_id, hand, action, old_record, new_record, at)
    VALUES (?, ?, ?, ?, ?, ?)"""


class TableWrites:
    """Mixed into Ledger: ``self.db`` is the store Connection."""

    db: Any

    def _write(self, what: str):
        return _Transaction(self.db, what)

    def create_session(self, session: Session, state: TableState, *,
                       house_rule: str | None, source: str | None) -> int:
        """A new session with no hands, made current, in one transaction."""
        from loo_ledger.store.ledger import SET_CURRENT
        with self._write("the new session"):
            sid = self._insert(session, [], [], state, source)
            self.db.conn.execute("UPDATE sessions SET house_rule = ? WHERE id = ?",
                                 (house_rule, sid))
            self.db.conn.execute(SET_CURRENT, (str(sid),))
        return sid

    def append_hand(self, session_id: int, raw: dict, settlement: Settlement) -> None:
        """Store one more hand, its postings and the new balances, with an audit row."""
        from loo_ledger.store.ledger import INSERT_HAND, INSERT_POSTING
        with self._write(f"hand {settlement.hand_no}"):
            conn = self.db.conn
            first = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM hands").fetchone()[0]
            players = [r[0] for r in conn.execute(
                "SELECT name FROM seats WHERE session_id = ?", (session_id,))]
            hands, postings, nets = codec.hand_rows(session_id, first, players, [raw], [settlement])
            conn.executemany(INSERT_HAND, hands)
            conn.executemany(INSERT_POSTING, postings)
            conn.executemany("UPDATE seats SET net = net + ? WHERE session_id = ? AND name = ?",
                             [(n, session_id, p) for p, n in nets.items() if n])
            stats.write_plays(conn, session_id, [first], [raw], [settlement], append=True)
            self._set_state(session_id, settlement.next_state)
            conn.execute(INSERT_AUDIT, (session_id, settlement.hand_no, "add", None,
                                        codec.dumps(raw), codec.now_iso()))

    def rewrite_session(self, session_id: int, session: Session, raw_hands: Sequence[dict],
                        settlements: Sequence[Settlement], final: TableState,
                        audit: Sequence[tuple[int | None, str, dict | None, dict | None]]) -> None:
        """Replace the session's seats, hands and postings with a fresh replay, and audit why."""
        from loo_ledger.store.ledger import INSERT_HAND, INSERT_POSTING
        with self._write("the corrected session"):
            conn = self.db.conn
            present = {r[0]: r[1] for r in conn.execute(
                "SELECT name, present FROM seats WHERE session_id = ?", (session_id,))}
            conn.execute("DELETE FROM postings WHERE session_id = ?", (session_id,))
            conn.execute("DELETE FROM hands WHERE session_id = ?", (session_id,))
            conn.execute("DELETE FROM seats WHERE session_id = ?", (session_id,))
            first = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM hands").fetchone()[0]
            hands, postings, nets = codec.hand_rows(session_id, first, session.players,
                                                    list(raw_hands), list(settlements))
            conn.executemany("INSERT INTO seats (session_id, position, name, net, present) "
                             "VALUES (?, ?, ?, ?, ?)",
                             [(session_id, i, p, nets[p], present.get(p, 1))
                              for i, p in enumerate(session.players)])
            conn.executemany(INSERT_HAND, hands)
            conn.executemany(INSERT_POSTING, postings)
            stats.write_plays(conn, session_id, range(first, first + len(hands)), raw_hands,
                              settlements)
            self._set_state(session_id, final)
            conn.executemany(INSERT_AUDIT, [
                (session_id, hand, action, None if old is None else codec.dumps(old),
                 None if new is None else codec.dumps(new), codec.now_iso())
                for hand, action, old, new in audit])

    def _set_state(self, session_id: int, state: TableState) -> None:
        self.db.conn.execute("UPDATE sessions SET pool = ?, next_dealer = ?, state = ? "
                             "WHERE id = ?", (state.pool, state.dealer,
                                              codec.state_to_json(state), session_id))

    def set_session_fields(self, session_id: int, **fields: Any) -> None:
        """Set columns of the session row (buy_in, house_rule, closed_at)."""
        allowed = {"buy_in", "house_rule", "closed_at", "source"}
        assert set(fields) <= allowed, fields
        with self._write("the session"):
            for key, value in fields.items():
                self.db.conn.execute(f"UPDATE sessions SET {key} = ? WHERE id = ?",
                                     (value, session_id))

    def set_present(self, session_id: int, name: str, present: bool) -> None:
        with self._write(f"seat {name}"):
            cur = self.db.conn.execute("UPDATE seats SET present = ? WHERE session_id = ? AND "
                                       "name = ?", (int(present), session_id, name))
            if cur.rowcount != 1:
                raise NotFound(f"{name} has no seat in session {session_id}")
            self.db.conn.execute(INSERT_AUDIT, (session_id, None, "joined" if present else "left",
                                                None, codec.dumps({"player": name}),
                                                codec.now_iso()))

    def present_players(self, session_id: int) -> list[str]:
        return [r[0] for r in self.db.conn.execute(
            "SELECT name FROM seats WHERE session_id = ? AND present = 1 ORDER BY position",
            (session_id,))]

    def audit(self, session_id: int) -> list[dict]:
        rows = list(self.db.query("SELECT hand, action, old_record, new_record, at FROM audit "
                                  "WHERE session_id = ? ORDER BY id", [session_id]))
        for r in rows:
            for key in ("old_record", "new_record"):
                r[key] = None if r[key] is None else json.loads(r[key])
        return rows

    def save_house_rule(self, name: str, base: str, rules: dict) -> None:
        with self._write(f"house rule {name}"):
            self.db.conn.execute("INSERT OR REPLACE INTO house_rules (name, base, rules, "
                                 "created_at) VALUES (?, ?, ?, ?)",
                                 (name, base, codec.dumps(rules), codec.now_iso()))

    def house_rules(self) -> dict[str, tuple[str, dict]]:
        """Saved rule sets: name -> (the preset they start from, overrides)."""
        return {r["name"]: (r["base"], json.loads(r["rules"]))
                for r in self.db.query("SELECT name, base, rules FROM house_rules ORDER BY name")}


class _Transaction:
    """``with``: one transaction; a SQLite error becomes a StoreError, nothing written."""

    def __init__(self, db: Any, what: str):
        self.db, self.what, self.inner = db, what, db.atomic()

    def __enter__(self):
        return self.inner.__enter__()

    def __exit__(self, kind, exc, tb):
        result = self.inner.__exit__(kind, exc, tb)
        if isinstance(exc, sqlite3.Error):
            raise StoreError(f"Cannot store {self.what}: {exc}. Nothing was written.") from exc
        return result
