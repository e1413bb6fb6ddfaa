"""The one writer: every write of hands, and of everything derived from them.

Importing sessions, a hand at the table, an amendment, an undo, a player seated or gone,
closing, and the rebuild after a migration all come here. Each is one transaction that
begins ``BEGIN IMMEDIATE`` and reads what it depends on inside it, so a hand recorded
meanwhile in another terminal is never lost: the second writer waits, then reads the
first one's hand.

:func:`write` reads the session (:class:`Stored`), asks the caller's ``change`` what the
session is to become (:class:`Change`), settles it again with the domain's ``replay``
and stores the hands and everything derived from them (derive.py): each hand's facts in
compact columns beside its record (facts.py), the seats' nets, the cached table state
and the three totals tables, and the audit.

A change that only appends hands (``loo hand``) takes a fast path (appending.py): only
the new hands are settled, from the cached table state, and their rows added to the
stored sums; it falls back to the whole replay when the cache disagrees with the last
stored hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from loo_ledger.domain.model import (
    HandRecord,
    Session,
    Settlement,
    TableState,
    opening_state,
)
from loo_ledger.domain.replay import replay
from loo_ledger.errors import LooError, NotFound
from loo_ledger.store import appending, codec, derive
from loo_ledger.store.changes import (
    SESSION_FIELDS,
    STORED_RECORD,
    Change,
    Stored,
    Written,
    read_session,
)
from loo_ledger.store.conn import Connection
from loo_ledger.store.records import record_from_dict, stored_record

if TYPE_CHECKING:
    import sqlite3

INSERT_SESSION = """INSERT INTO sessions (id, name, started_at, variant, rules, unit_name,
    unit_value, currency, first_dealer, opening_pool, pool, next_dealer, state, created_at,
    source, buy_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
# A new session's id is never one that a deleted session's audit rows still carry.
NEXT_SESSION_ID = """SELECT max(coalesce((SELECT max(id) FROM sessions), 0),
    coalesce((SELECT max(session_id) FROM audit), 0)) + 1"""
INSERT_HAND = (f"INSERT INTO hands (session_id, {', '.join(derive.HAND_COLUMNS)}) VALUES "
               f"({', '.join('?' * (1 + len(derive.HAND_COLUMNS)))})")
INSERT_PLAYER_TOTALS = (f"INSERT INTO player_totals (player, session_id, "
                        f"{', '.join(derive.PLAYER_TOTAL_COLUMNS)}) VALUES "
                        f"({', '.join('?' * (2 + len(derive.PLAYER_TOTAL_COLUMNS)))})")
INSERT_SEAT_TOTALS = ("INSERT INTO seat_totals (player, seat, session_id, hands, net, looed) "
                      "VALUES (?, ?, ?, ?, ?, ?)")
INSERT_SESSION_TOTALS = (f"INSERT INTO session_totals (session_id, "
                         f"{', '.join(derive.SESSION_TOTAL_COLUMNS)}) VALUES (?, ?, ?, ?, ?, ?, ?)")
#: The same rows written over the stored ones (their keys: player, seat, session).
#: A stored totals row set anew, found by its key (the session's index is left alone).
UPDATE_PLAYER_TOTALS = (f"UPDATE player_totals SET "
                        f"{', '.join(f'{c} = ?' for c in derive.PLAYER_TOTAL_COLUMNS)} "
                        "WHERE player = ? AND session_id = ?")
UPDATE_SEAT_TOTALS = (f"UPDATE seat_totals SET "
                      f"{', '.join(f'{c} = ?' for c in derive.SEAT_TOTAL_COLUMNS)} "
                      "WHERE player = ? AND seat = ? AND session_id = ?")
UPDATE_SESSION_TOTALS = (f"UPDATE session_totals SET "
                         f"{', '.join(f'{c} = ?' for c in derive.SESSION_TOTAL_COLUMNS)} "
                         "WHERE session_id = ?")
INSERT_AUDIT = """INSERT INTO audit (session_id, hand, action, old_record, new_record, at)
    VALUES (?, ?, ?, ?, ?, ?)"""
SET_CURRENT = "INSERT OR REPLACE INTO settings (key, value) VALUES ('current_session', ?)"


def write(db: Connection, sid: int, change: Callable[[Stored], Change], *, what: str,
          dry_run: bool = False, append: bool = True) -> Written:
    """Read session ``sid``, apply ``change`` to it, settle it again and store it all, in one
    ``BEGIN IMMEDIATE`` transaction. ``change`` runs inside the transaction on the session
    as just read; whatever it raises (TableChanged, a refusal) leaves everything as it was,
    and so does a hand the rules refuse (HandRejected from the replay). With ``dry_run``
    everything is worked out and then rolled back.

    A change that keeps every stored hand and the seats and only adds hands after them
    takes the fast path (appending.py): the new hands alone are settled, from the table
    state cached on the session, and their rows added to the stored sums, giving the rows
    the whole replay gives. Before that the cache is checked against the last stored hand
    (its number, pool after and dealer; the cached pool, hand number and next dealer); if
    they disagree the whole session is settled again instead: the path of every other
    change, and of every change with ``append`` False (the rows of the hands kept are kept,
    the rest and the nets, totals and cached state rewritten)."""
    with db.write(what, commit=not dry_run):
        stored = read_session(db, sid)
        ch = change(stored)
        result = None
        fast = (append and ch.records is None and ch.rules is None and ch.first_dealer is None
                and ch.rule_changes is None)
        new, session, count = None, stored.head, stored.count
        if fast and ch.append is not None and ch.hands is None and (
                ch.players is None or tuple(ch.players) == stored.head.players):
            new = ch.append or None
        elif fast and ch.append is None:
            session, count = stored.session, len(stored.records)
            new = appending.appended(session, ch.hands, ch.players)
        sums = None if new is None else appending.running(db, sid, session, stored.state,
                                                          count, stored.last_dealer())
        if new is not None and sums is not None:
            result = appending.settle_appended(session, stored.state, new)
            added = tuple(stored_record(h, s.dealer)
                          for h, s in zip(new, result.settlements, strict=True))
            d = derive.derive(session.players, added, result.settlements,
                              result.final, before=sums)
            _store(db, sid, session.players, d, keep=count, stored_hands=count, before=sums)
            _apply(db, sid, ch, dict(enumerate(added, count + 1)))
            return Written(stored=stored, replay=result, records=added, appended=True,
                           first=count + 1)
        if ch.append is not None:
            ch = replace(ch, hands=(stored.session.hands if ch.hands is None else ch.hands)
                         + ch.append, append=None)
        records = stored.records
        if ch.replays:
            old = stored.session
            players = old.players if ch.players is None else ch.players
            given = ch.records
            hands = (old.hands if ch.hands is None else ch.hands) if given is None else tuple(
                record_from_dict(r) for r in given)
            session = replace(old, players=players, hands=hands,
                              rules=old.rules if ch.rules is None else dict(ch.rules),
                              first_dealer=ch.first_dealer or old.first_dealer,
                              rule_changes=(old.rule_changes if ch.rule_changes is None
                                            else ch.rule_changes))
            result = replay(session)
            keep = 0 if (ch.rules is not None or ch.first_dealer is not None or given
                         is not None or ch.rule_changes is not None
                         ) else _unchanged(stored, players, hands)
            records = given if given is not None else tuple(
                stored.records[i] if i < keep or _same(stored, i, h) else stored_record(h, s.dealer)
                for i, (h, s) in enumerate(zip(hands, result.settlements, strict=True)))
            _store(db, sid, players, derive.derive(players, records, result.settlements,
                                                   result.final),
                   keep=keep, stored_hands=len(stored.records), reseat=ch.players is not None,
                   renamed=ch.renamed)
            if ch.rules is not None or ch.first_dealer is not None:
                db.execute("UPDATE sessions SET rules = ?, first_dealer = ? WHERE id = ?",
                           (codec.dumps(dict(session.rules)), session.first_dealer, sid))
            if ch.rule_changes is not None:
                db.execute("UPDATE sessions SET rule_changes = ? WHERE id = ?",
                           (codec.dumps(codec.rule_changes_list(ch.rule_changes)), sid))
        _apply(db, sid, ch, dict(enumerate(records, 1)))
    return Written(stored=stored, replay=result, records=records)


def _same(stored: Stored, i: int, hand: HandRecord) -> bool:
    return i < len(stored.records) and stored.session.hands[i] == hand


def _unchanged(stored: Stored, players: Sequence[str], hands: Sequence[HandRecord]) -> int:
    """How many hands from the first keep their stored rows."""
    if tuple(players) != stored.session.players:
        return 0
    old = stored.session.hands
    for i, (a, b) in enumerate(zip(old, hands, strict=False)):
        if a != b:
            return i
    return min(len(old), len(hands))


def _apply(db: Connection, sid: int, ch: Change, records: Mapping[int, dict[str, Any]]) -> None:
    """Presence, session fields and the audit of a change (``records``: the stored records
    of the hands it names, by number)."""
    for name, here in ch.present.items():
        cur = db.execute("UPDATE seats SET present = ? WHERE session_id = ? AND name = ?",
                         (int(here), sid, name))
        if cur.rowcount != 1:
            raise NotFound(f"{name} has no seat in session {sid}")
    for key, value in ch.fields.items():
        if key not in SESSION_FIELDS:
            raise ValueError(f"not a session field: {key}")
        db.execute(f"UPDATE sessions SET {key} = ? WHERE id = ?", (value, sid))
    if ch.seat_changes is not None:
        db.execute("UPDATE sessions SET seat_changes = ? WHERE id = ?",
                   (codec.dumps([dict(c) for c in ch.seat_changes]), sid))
    at = codec.now_iso()
    db.conn.executemany(INSERT_AUDIT, [
        (sid, a.hand, a.action, _json(a.old),
         _json(records[a.hand] if a.new is STORED_RECORD and a.hand else a.new), at)
        for a in ch.audit])
    _next_deal(db, sid)  # last: who is at the table and the rules may have changed


def _json(value: Mapping[str, Any] | None) -> str | None:
    return None if value is None else codec.dumps(dict(value))


def _store(db: Connection, sid: int, players: Sequence[str], d: derive.Derived, *, keep: int,
           stored_hands: int, reseat: bool = False,
           renamed: Mapping[str, str] | None = None, before: derive.Running | None = None) -> None:
    """Store the rows ``d`` of hands ``keep + 1`` on (``d`` may hold earlier hands' rows too)
    and the session's nets, totals and state (inside the caller's transaction). The first
    ``keep`` hands keep their rows; the rows of stored hands after them (of
    ``stored_hands``) are deleted. With ``before`` (the sums stored, which ``d``'s go on
    from: hands appended), only the nets and totals that changed are written."""
    conn = db.conn
    if keep < stored_hands:
        conn.execute("DELETE FROM hands WHERE session_id = ? AND number > ?", (sid, keep))
    conn.executemany(INSERT_HAND, [(sid, *row) for row in d.hands if row[0] > keep])
    if reseat:
        present = {(renamed or {}).get(name, name): here for name, here in conn.execute(
            "SELECT name, present FROM seats WHERE session_id = ?", (sid,)).fetchall()}
        conn.execute("DELETE FROM seats WHERE session_id = ?", (sid,))
        conn.executemany("INSERT INTO seats (session_id, position, name, net, present) VALUES "
                         "(?, ?, ?, ?, ?)", [(sid, i, p, d.nets[p], present.get(p, 1))
                                             for i, p in enumerate(players)])
    else:
        conn.executemany("UPDATE seats SET net = ? WHERE session_id = ? AND name = ?",
                         [(n, sid, p) for p, n in d.nets.items()
                          if before is None or before.nets.get(p) != n])
    if before is not None:
        _store_changed_totals(conn, sid, d, before)
    else:
        _store_totals(conn, sid, d)
    final = d.state
    conn.execute("UPDATE sessions SET pool = ?, next_dealer = ?, state = ? WHERE id = ?",
                 (final.pool, final.dealer, codec.state_to_json(final), sid))


def _store_changed_totals(conn: sqlite3.Connection, sid: int, d: derive.Derived,
                          before: derive.Running) -> None:
    """The totals rows of ``d`` that differ from ``before``'s: a stored row updated, a new
    one (a player's first hand in a seat) inserted."""
    players = [(p, t) for p, t in d.player_totals.items() if before.player_totals.get(p) != t]
    conn.executemany(UPDATE_PLAYER_TOTALS, [(*t, p, sid) for p, t in players
                                            if p in before.player_totals])
    conn.executemany(INSERT_PLAYER_TOTALS, [(p, sid, *t) for p, t in players
                                            if p not in before.player_totals])
    seats = [(k, t) for k, t in d.seat_totals.items() if before.seat_totals.get(k) != t]
    conn.executemany(UPDATE_SEAT_TOTALS, [(*t, p, seat, sid) for (p, seat), t in seats
                                          if (p, seat) in before.seat_totals])
    conn.executemany(INSERT_SEAT_TOTALS, [(p, seat, sid, *t) for (p, seat), t in seats
                                          if (p, seat) not in before.seat_totals])
    conn.execute(UPDATE_SESSION_TOTALS, (*d.session_totals, sid))


def _store_totals(conn: sqlite3.Connection, sid: int, d: derive.Derived) -> None:
    """Every totals row of session ``sid``, from ``d`` alone."""
    for table in ("player_totals", "seat_totals", "session_totals"):
        conn.execute(f"DELETE FROM {table} WHERE session_id = ?", (sid,))
    conn.executemany(INSERT_PLAYER_TOTALS, [(p, sid, *t) for p, t in d.player_totals.items()])
    conn.executemany(INSERT_SEAT_TOTALS, [(p, seat, sid, *t)
                                          for (p, seat), t in d.seat_totals.items()])
    conn.execute(INSERT_SESSION_TOTALS, (sid, *d.session_totals))


def _next_deal(db: Connection, sid: int) -> None:
    """Store session ``sid``'s next deal as ``loo pool`` tells it (store/next_deal.py),
    worked out from the rows just written (inside the caller's transaction)."""
    from loo_ledger.store import next_deal
    from loo_ledger.store.ledger import Ledger
    db.execute("UPDATE sessions SET next_deal = ? WHERE id = ?",
               (next_deal.text(next_deal.work_out(Ledger(db), sid)), sid))


# -- new sessions ------------------------------------------------------------------

#: The table after a session's last hand, or a function that gives it once the hands and
#: settlements (iterators) have been read to the end.
Final = TableState | Callable[[], TableState]
#: (session, raw hand objects, settlements, final state, source) and optionally the
#: session file's ``seat_changes`` (joins and leaves between hands). The hands and their
#: settlements may be iterators: they are derived and inserted a batch at a time
#: (derive.derive_batches), so the writer's memory does not grow with the session.
SessionItem = (tuple[Session, Iterable[dict[str, Any]], Iterable[Settlement], Final,
                     str | None]
               | tuple[Session, Iterable[dict[str, Any]], Iterable[Settlement], Final,
                       str | None, Sequence[Mapping[str, Any]]])


def away_after(changes: Sequence[Mapping[str, Any]]) -> set[str]:
    """Who is away from the table after a log of seat changes: those whose last change
    is ``leave``."""
    last: dict[str, str] = {}
    for c in changes:
        last[c["player"]] = c["change"]
    return {p for p, change in last.items() if change == "leave"}


def _new_session(db: Connection, item: SessionItem) -> int:
    session, records, settlements, final, source = item[:5]
    changes: Sequence[Mapping[str, Any]] = item[5] if len(item) > 5 else ()
    sid = db.execute(NEXT_SESSION_ID).fetchone()[0]
    known = final if isinstance(final, TableState) else opening_state(
        session.players, session.first_dealer, session.opening_pool)  # until the end
    db.execute(INSERT_SESSION, (sid, *codec.session_values(session, known, source)))
    away = away_after(changes)
    db.conn.executemany("INSERT INTO seats (session_id, position, name, net, present) "
                        "VALUES (?, ?, ?, 0, ?)",
                        [(sid, pos, name, int(name not in away))
                         for pos, name in enumerate(session.players)])
    if changes:
        db.execute("UPDATE sessions SET seat_changes = ? WHERE id = ?",
                   (codec.dumps([dict(c) for c in changes]), sid))
    if session.rule_changes:
        db.execute("UPDATE sessions SET rule_changes = ? WHERE id = ?",
                   (codec.dumps(codec.rule_changes_list(session.rule_changes)), sid))
    last = None
    for d in derive.derive_batches(session.players, records, settlements, known):
        db.conn.executemany(INSERT_HAND, [(sid, *row) for row in d.hands])
        last = d
    assert last is not None
    _store(db, sid, session.players, replace(
        last, hands=[], state=final if isinstance(final, TableState) else final()),
        keep=0, stored_hands=0)
    _next_deal(db, sid)
    return int(sid)


def delete_session(db: Connection, sid: int, removed: Mapping[str, Any]) -> None:
    """Remove session ``sid`` and every row derived from it, in one transaction, keeping
    ``removed`` (its whole session file) in an audit row that outlives it. The current
    session is unset if it was this one."""
    with db.write(f"the deletion of session {sid}"):
        read_session(db, sid)
        for sql in ("DELETE FROM hands WHERE session_id = ?",
                    "DELETE FROM seats WHERE session_id = ?",
                    "DELETE FROM player_totals WHERE session_id = ?",
                    "DELETE FROM seat_totals WHERE session_id = ?",
                    "DELETE FROM session_totals WHERE session_id = ?",
                    "DELETE FROM sessions WHERE id = ?"):
            db.execute(sql, (sid,))
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'imports'").fetchone():
            db.execute("DELETE FROM imports WHERE session_id = ?", (sid,))  # may import again
        db.execute(INSERT_AUDIT, (sid, None, "deleted", codec.dumps(dict(removed)), None,
                                  codec.now_iso()))
        db.execute("DELETE FROM settings WHERE key = 'current_session' AND value = ?",
                   (str(sid),))


def add_sessions(db: Connection, items: Sequence[SessionItem]) -> list[int]:
    """Store settled sessions (an import: the records as given, and their replay) in one
    transaction; the last becomes current. If anything fails, nothing is written."""
    if not items:
        return []
    with db.write("the session"):
        ids = [_new_session(db, item) for item in items]
        db.execute(SET_CURRENT, (str(ids[-1]),))
    return ids


def create_session(db: Connection, session: Session, state: TableState, *,
                   house_rule: str | None, source: str | None) -> int:
    """A new session with no hands, made current, in one transaction."""
    with db.write("the new session"):
        sid = _new_session(db, (session, [], [], state, source))
        db.execute("UPDATE sessions SET house_rule = ? WHERE id = ?", (house_rule, sid))
        db.execute(SET_CURRENT, (str(sid),))
    return sid


def rebuild_all(db: Connection) -> list[int]:
    """Settle every stored session again from its records and rewrite all its derived rows
    (after a migration; call inside a transaction). A session whose records no longer
    settle is left as it was; returns those ids."""
    failed = []
    for (sid,) in db.execute("SELECT id FROM sessions ORDER BY id").fetchall():
        try:
            stored = read_session(db, sid)
            result = replay(stored.session)
        except LooError:
            failed.append(sid)
            continue
        _store(db, sid, stored.session.players, derive.derive(
            stored.session.players, stored.records, result.settlements, result.final),
            keep=0, stored_hands=len(stored.records))
        _next_deal(db, sid)
    return failed
