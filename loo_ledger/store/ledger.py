"""The ledger: reads of sessions, hands and movements; writes go through writer.py.

A hand's facts are stored compactly (store/codec.py); the reads here give them back by
name, in the shapes of store/rows.py."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from loo_ledger.errors import LooError, NotFound, StoreError
from loo_ledger.store.conn import Connection
from loo_ledger.store.db import open_database

if TYPE_CHECKING:  # the writer, the engine and the codecs load when a method needs them:
    # a read such as 'loo balances' loads none of them (startup, issue 10); the row shapes
    # are types alone
    from loo_ledger.domain.rules.model import Session, Settlement, TableState
    from loo_ledger.store import changes
    from loo_ledger.store.rows import (
        AuditRow,
        Balances,
        HandRow,
        PostingRow,
        SeatRow,
        SessionListRow,
        SessionRow,
        UnitRow,
    )
    from loo_ledger.store.stored_rows import StoredRows
    from loo_ledger.store.writer import SessionItem

LIST_SESSIONS = """SELECT s.id, s.name, s.started_at, s.variant,
    (SELECT count(*) FROM seats WHERE session_id = s.id) AS players,
    (SELECT count(*) FROM hands WHERE session_id = s.id) AS hands,
    s.pool, s.created_at, s.closed_at IS NOT NULL AS closed
    FROM sessions s ORDER BY s.id"""
LIST_HANDS = """SELECT number, dealer, record, deltas, pool_in, pot, pool_after, double,
    outcome, table_ruling, looed, words FROM hands WHERE session_id = ? AND number >= ?
    ORDER BY number"""
LIST_MOVES = """SELECT number, moves FROM hands WHERE session_id = ?{} ORDER BY number"""


def _unreadable(sid: int, number: int) -> StoreError:
    return StoreError(f"session {sid}, hand {number}: what is stored for the hand cannot be "
                      "read ('loo check' lists what is wrong; 'loo restore BACKUP' puts a "
                      "backup back)")


class Ledger:
    """Everything stored about every session; with writer.py, the only code that speaks SQLite."""

    def __init__(self, db: Connection):
        self.db = db

    @classmethod
    def open(cls, path: str | Path) -> Ledger:
        """A ledger on the database at ``path`` (created and migrated as needed)."""
        return cls(open_database(path))

    def close(self) -> None:
        """Close the underlying connection."""
        self.db.close()

    # -- writing (each one transaction, through the one writer) --------------

    def add_session(self, session: Session, raw_hands: Sequence[dict[str, Any]],
                    settlements: Sequence[Settlement], final_state: TableState, *,
                    source: str | None = None) -> int:
        """Store one settled session, all or nothing, and make it current. Returns its id."""
        return self.add_sessions([(session, raw_hands, settlements, final_state, source)])[0]

    def add_sessions(self, items: Sequence[SessionItem]) -> list[int]:
        """Store several settled sessions in one transaction; the last becomes current."""
        from loo_ledger.store import writer  # noqa: PLC0415 (the writer and the engine: not for the reading commands)
        return writer.add_sessions(self.db, items)

    def create_session(self, session: Session, state: TableState, *,
                       house_rule: str | None, source: str | None) -> int:
        """A new session with no hands, made current."""
        from loo_ledger.store import writer  # noqa: PLC0415 (the writer and the engine: not for the reading commands)
        return writer.create_session(self.db, session, state, house_rule=house_rule,
                                     source=source)

    def write(self, session_id: int, change: Callable[[changes.Stored], changes.Change], *,
              what: str, dry_run: bool = False) -> changes.Written:
        """Change a session's hands, seats or fields (see :func:`writer.write`)."""
        from loo_ledger.store import writer  # noqa: PLC0415 (the writer and the engine: not for the reading commands)
        return writer.write(self.db, session_id, change, what=what, dry_run=dry_run)

    def delete_session(self, session_id: int) -> None:
        """Remove a session and everything derived from it; the audit keeps its whole
        session file (action ``deleted``)."""
        from loo_ledger.store import writer  # noqa: PLC0415 (the writer and the engine: not for the reading commands)
        writer.delete_session(self.db, session_id, self.session_dict(session_id))

    def set_session_fields(self, session_id: int, **fields: Any) -> None:
        """Set columns of the session row (buy_in, house_rule, closed_at, source)."""
        from loo_ledger.store.changes import Change  # noqa: PLC0415 (the writer's requests: not for the reading commands)
        self.write(session_id, lambda _: Change(fields=fields), what="the session")

    def set_current(self, session_id: int) -> None:
        """Make ``session_id`` the current session (NotFound if there is none)."""
        from loo_ledger.store import writer  # noqa: PLC0415 (the writer and the engine: not for the reading commands)
        with self.db.write("the current session"):
            self._row(session_id)
            self.db.execute(writer.SET_CURRENT, (str(session_id),))

    def save_house_rule(self, name: str, base: str, rules: dict[str, Any]) -> None:
        from loo_ledger.store import codec  # noqa: PLC0415 (the codec: not for `loo balances`)
        with self.db.write(f"house rule {name}"):
            self.db.execute("INSERT OR REPLACE INTO house_rules (name, base, rules, "
                            "created_at) VALUES (?, ?, ?, ?)",
                            (name, base, codec.dumps(rules), codec.now_iso()))

    def delete_house_rule(self, name: str) -> None:
        """Remove the saved house rule ``name`` (sessions that used it keep their rules:
        each session stores the rules it was played under)."""
        with self.db.write(f"house rule {name}"):
            self.db.execute("DELETE FROM house_rules WHERE name = ?", (name,))

    def rebuild(self) -> tuple[list[int], list[int]]:
        """Every session's derived rows derived again from its hand records, through the
        one writer, in one transaction (``loo check --repair``): the ids rebuilt, and those
        whose records no longer settle (left as they were)."""
        from loo_ledger.store import writer  # noqa: PLC0415 (the writer and the engine: not for the reading commands)
        with self.db.write("the derived rows, derived again"):
            ids = [r["id"] for r in self.db.query("SELECT id FROM sessions ORDER BY id")]
            failed = writer.rebuild_all(self.db)
        return [i for i in ids if i not in failed], failed

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

    def sessions(self) -> list[SessionListRow]:
        """Every session, oldest first, with player and hand counts."""
        rows = list(self.db.query(LIST_SESSIONS))
        for r in rows:
            r["closed"] = bool(r["closed"])
        return cast("list[SessionListRow]", rows)

    def session_names(self) -> list[tuple[int, str | None]]:
        """Every session's id and name, oldest first: what naming a session needs (without
        :meth:`sessions`' counts, which read every hand)."""
        return [(int(r[0]), r[1]) for r in self.db.execute(
            "SELECT id, name FROM sessions ORDER BY id")]

    def current_session_id(self) -> int | None:
        """The current session's id, or None if none has been set."""
        rows = list(self.db.query("SELECT value FROM settings WHERE key = 'current_session'"))
        return int(rows[0]["value"]) if rows and rows[0]["value"] is not None else None

    def session(self, session_id: int) -> SessionRow:
        """The stored session: its row, with ``rules`` and ``state`` decoded and players."""
        from loo_ledger.store.codec import loads  # noqa: PLC0415 (the codec: not for `loo balances`)
        row = self._row(session_id)
        row["rules"] = loads(row["rules"])
        row["state"] = loads(row["state"])
        row["players"] = self._players(session_id)
        return cast("SessionRow", row)

    def session_dict(self, session_id: int) -> dict[str, Any]:
        """The session-file object, so that export then import gives the same session."""
        from loo_ledger.store.codec import Seats, decode_record  # noqa: PLC0415 (the codec: not for `loo balances`)
        seats = Seats(self._players(session_id))
        records = [decode_record(r[0], seats) for r in self.db.execute(
            "SELECT record FROM hands WHERE session_id = ? ORDER BY number", (session_id,))]
        return self.session_head(session_id, records)

    def session_head(self, session_id: int,
                     records: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """:meth:`session_dict` with ``records`` as its hands (none: ``[]``, for writing the
        hands one at a time from :meth:`iter_hands`' ``record``)."""
        from loo_ledger.store import codec, sessionrows  # noqa: PLC0415 (the codec: not for `loo balances`)
        row = self._row(session_id)
        out = sessionrows.session_file(row, self._players(session_id), records or [])
        rule_changes = codec.loads(row.get("rule_changes") or "[]")
        if rule_changes:
            out["rule_changes"] = rule_changes
        changes = codec.loads(row.get("seat_changes") or "[]")
        if changes:
            out = {**{k: v for k, v in out.items() if k != "hands"}, "seat_changes": changes,
                   "hands": out["hands"]}
        return out

    def hands(self, session_id: int) -> list[HandRow]:
        """Every hand of the session in order, record and deltas decoded."""
        return list(self.iter_hands(session_id))

    def iter_hands(self, session_id: int, first: int = 1, *,
                   records: bool | Collection[str] = True) -> Iterator[HandRow]:
        """Every hand of the session in order (from hand ``first``), as :meth:`hands`
        gives them (keys in the order of ``loo hands --json``), one at a time from the
        cursor (memory does not grow with the session); ``records=False``: each ``record``
        left as ``{}`` (not decoded), for what needs only the hands' facts; a collection of
        the session format's keys: only these of each ``record`` (the others not read)."""
        from loo_ledger.store.codec import (  # noqa: PLC0415 (the codec: not for `loo balances`)
            Seats,
            decode_record,
            hand_facts,
            outcome_text,
            record_keys,
        )
        keys = None if isinstance(records, bool) else record_keys(records)
        self._row(session_id)
        players = self._players(session_id)
        seats = Seats(players)
        for (number, dealer, record, deltas, pool_in, pot, pool_after, double, outcome,
             ruling, looed, words) in self.db.execute(LIST_HANDS, (session_id, first)):
            try:
                if not 0 <= dealer < len(players):
                    raise IndexError(dealer)
                changes, losers = hand_facts(deltas, looed, words, dealer, seats)
                # the keys in the order of ``loo hands --json``, which writes these rows
                yield {"number": number, "dealer": players[dealer], "double": bool(double),
                       "pool_in": pool_in, "pot": pot, "deltas": changes,
                       "pool_after": pool_after, "looed": losers,
                       "outcome": outcome_text(outcome), "table_ruling": ruling,
                       "record": decode_record(record, seats, keys) if records else {}}
            except (ValueError, TypeError, IndexError, KeyError, RecursionError):
                raise _unreadable(session_id, number) from None

    def iter_records(self, session_id: int) -> Iterator[tuple[int, dict[str, Any]]]:
        """(number, record) of every hand in order, one at a time: the records alone, for
        writing a session file (:meth:`iter_hands` gives the facts too)."""
        from loo_ledger.store.codec import Seats, decode_record  # noqa: PLC0415 (the codec: not for `loo balances`)
        self._row(session_id)
        seats = Seats(self._players(session_id))
        for number, record in self.db.execute(
                "SELECT number, record FROM hands WHERE session_id = ? ORDER BY number",
                (session_id,)):
            try:
                yield number, decode_record(record, seats)
            except (ValueError, TypeError, IndexError, KeyError, RecursionError):
                raise _unreadable(session_id, number) from None

    def hand_record(self, session_id: int, number: int) -> tuple[dict[str, Any], Any] | None:
        """Hand ``number``'s record as entered and how it was resolved (the ``outcome``
        column in words), or None if the session has no such hand."""
        from loo_ledger.store import codec  # noqa: PLC0415 (the codec: not for `loo balances`)
        from loo_ledger.store.codec import Seats, decode_record  # noqa: PLC0415 (the codec: not for `loo balances`)
        row = self.db.execute("SELECT record, outcome FROM hands WHERE session_id = ? AND "
                              "number = ?", (session_id, number)).fetchone()
        if row is None:
            return None
        try:
            record = decode_record(row[0], Seats(self._players(session_id)))
            return record, codec.outcome_text(row[1])
        except (ValueError, TypeError, IndexError, KeyError, RecursionError):
            raise _unreadable(session_id, number) from None

    def movements(self, session_id: int, hand: int | None = None) -> list[PostingRow]:
        """Every chip movement of the session (or of one hand), by hand then sequence, as
        stored: payer, payee, amount and kind; ``reason`` is the kind and ``rule`` empty
        (:meth:`postings` gives the engine's words)."""
        from loo_ledger.store import codec  # noqa: PLC0415 (the codec: not for `loo balances`)
        self._row(session_id)
        players = self._players(session_id)
        where, params = ("", [session_id]) if hand is None else (" AND number = ?",
                                                                  [session_id, hand])
        out: list[PostingRow] = []
        for number, moves in self.db.execute(LIST_MOVES.format(where), params):
            try:
                unpacked = [(None if a < 0 else players[a], None if b < 0 else players[b],
                             amount, kind) for a, b, amount, kind in codec.moves_list(moves)]
            except (ValueError, TypeError, IndexError, RecursionError):
                raise _unreadable(session_id, number) from None
            for seq, (payer, payee, amount, kind) in enumerate(unpacked, 1):
                out.append({"id": len(out) + 1, "hand": number, "seq": seq,
                            "payer": payer, "payee": payee,
                            "amount": amount, "reason": kind, "rule": "", "kind": kind})
        return out

    def loos(self, session_id: int, hand: int) -> list[tuple[str, int, Any, int]]:
        """The loos hand ``hand`` paid, as stored: (payer, amount, cause, the payer's tricks)
        in order; ``cause`` is a domain LooCause (None where none was stored)."""
        from loo_ledger.store import codec  # noqa: PLC0415 (the codec: not for `loo balances`)
        row = self.db.execute("SELECT moves, causes, words, tricks, outcome FROM hands WHERE "
                              "session_id = ? AND number = ?", (session_id, hand)).fetchone()
        if row is None:
            return []
        players = self._players(session_id)
        try:
            moves = [(players[a], amount) for a, _, amount, kind in codec.moves_list(row[0])
                     if kind == "loo"]
            causes = codec.causes_list(row[1])
            won = codec.played_tricks(row[2], row[3], row[4], players)
        except (ValueError, TypeError, IndexError, RecursionError):
            raise _unreadable(session_id, hand) from None
        causes += [None] * (len(moves) - len(causes))
        return [(p, amount, cause, won.get(p, 0))
                for (p, amount), cause in zip(moves, causes, strict=False)]

    def postings(self, session_id: int, hand: int | None = None) -> list[PostingRow]:
        """Every movement of the session (or of one hand), by hand number then sequence,
        with the engine's reason and rule: the hands are settled again from their records
        (the store keeps facts, not prose). Should they no longer settle, the stored
        movements are given with their kind as the reason."""
        from loo_ledger.domain.settlement.session import replay  # noqa: PLC0415 (the engine: only for `loo replay` and `loo check`)
        from loo_ledger.store import derive  # noqa: PLC0415 (the derived rows: only for `loo replay` and `loo check`)
        stored = self.movements(session_id, hand)
        try:
            settled = replay(self.stored(session_id).session).settlements
        except LooError:
            return stored
        out: list[PostingRow] = []
        for s in settled:
            if hand is not None and s.hand_no != hand:
                continue
            for seq, m in enumerate(s.movements, 1):
                out.append({"id": len(out) + 1, "hand": s.hand_no, "seq": seq,
                            "payer": m.payer, "payee": m.payee, "amount": m.amount,
                            "reason": m.reason, "rule": derive.rule_text(m.rule),
                            "kind": str(m.kind)})
        same = [(r["hand"], r["payer"], r["payee"], r["amount"], r["kind"]) for r in out]
        if same != [(r["hand"], r["payer"], r["payee"], r["amount"], r["kind"])
                    for r in stored]:
            return stored  # the stored facts are what the ledger says ('loo check' differs)
        return out

    def balances(self, session_id: int) -> Balances:
        """The pool, each player's net in seat order, the opening pool and the session's
        unit (read as stored: nothing is decoded, so a read of balances loads no codec)."""
        row = self._row(session_id)
        players = list(self.db.query(
            "SELECT name, net FROM seats WHERE session_id = ? ORDER BY position", [session_id]))
        unit: UnitRow = {"unit_name": row["unit_name"], "unit_value": row["unit_value"],
                         "currency": row["currency"]}
        return {"name": row["name"], "pool": row["pool"],
                "players": cast("list[SeatRow]", players),
                "opening_pool": row["opening_pool"] or 0, "unit": unit}

    def final_state(self, session_id: int) -> TableState:
        """The table after the session's last hand (as cached on the session)."""
        from loo_ledger.store import codec  # noqa: PLC0415 (the codec: not for `loo balances`)
        return codec.state_from_json(self._row(session_id)["state"])

    def stored(self, session_id: int) -> changes.Stored:
        """The session with its hands decoded, as the writer reads it (StoreError naming
        the hand if a stored record is not a JSON object)."""
        from loo_ledger.store.changes import read_session  # noqa: PLC0415 (the writer's requests: not for the reading commands)
        return read_session(self.db, session_id)

    def present_players(self, session_id: int) -> list[str]:
        """The seated players at the table now, in seat order."""
        return [r[0] for r in self.db.execute(
            "SELECT name FROM seats WHERE session_id = ? AND present = 1 ORDER BY position",
            (session_id,))]

    def deleted_sessions(self) -> list[AuditRow]:
        """The audit rows of deleted sessions (``old_record``: the whole session file)."""
        return self._audit_rows("SELECT hand, action, old_record, new_record, at FROM audit "
                                "WHERE action = 'deleted' ORDER BY id", [])

    def audit(self, session_id: int) -> list[AuditRow]:
        return self._audit_rows("SELECT hand, action, old_record, new_record, at FROM audit "
                                "WHERE session_id = ? ORDER BY id", [session_id])

    def _audit_rows(self, sql: str, params: list[Any]) -> list[AuditRow]:
        from loo_ledger.store.codec import loads  # noqa: PLC0415 (the codec: not for `loo balances`)
        rows = list(self.db.query(sql, params))
        for r in rows:
            for key in ("old_record", "new_record"):
                r[key] = None if r[key] is None else loads(r[key])
        return cast("list[AuditRow]", rows)

    def house_rules(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """Saved rule sets: name -> (the preset they start from, overrides)."""
        from loo_ledger.store.codec import loads  # noqa: PLC0415 (the codec: not for `loo balances`)
        return {r["name"]: (r["base"], loads(r["rules"]))
                for r in self.db.query("SELECT name, base, rules FROM house_rules ORDER BY name")}

    def stored_rows(self, session_id: int) -> StoredRows:
        """Every row derived from the session's records but its hands, as stored (for
        ``loo check``; :meth:`iter_hand_rows` gives the hands)."""
        from loo_ledger.store.stored_rows import read_rows  # noqa: PLC0415 (the stored rows read whole: not for `loo balances`)
        return read_rows(self.db, session_id)

    def iter_hand_rows(self, session_id: int) -> Iterator[tuple[Any, ...]]:
        """The session's hand rows as stored (derive.HAND_COLUMNS), one at a time."""
        from loo_ledger.store.stored_rows import iter_hand_rows  # noqa: PLC0415 (the stored rows read whole: not for `loo balances`)
        return iter_hand_rows(self.db, session_id)
