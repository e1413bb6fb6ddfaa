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

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec
from msgspec.structs import replace

from loo_ledger.domain.model import (
    HandRecord,
    RuleChange,
    Session,
    Settlement,
    TableState,
    Unit,
    opening_state,
)
from loo_ledger.domain.replay import Replay, replay
from loo_ledger.errors import LooError, NotFound, StoreError
from loo_ledger.store import appending, codec, derive
from loo_ledger.store.conn import Connection
from loo_ledger.store.records import Seats, decode, record_from_dict, stored_record

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
REPLACE_PLAYER_TOTALS, REPLACE_SEAT_TOTALS, REPLACE_SESSION_TOTALS = (
    q.replace("INSERT INTO", "INSERT OR REPLACE INTO", 1)
    for q in (INSERT_PLAYER_TOTALS, INSERT_SEAT_TOTALS, INSERT_SESSION_TOTALS))
INSERT_AUDIT = """INSERT INTO audit (session_id, hand, action, old_record, new_record, at)
    VALUES (?, ?, ?, ?, ?, ?)"""
SET_CURRENT = "INSERT OR REPLACE INTO settings (key, value) VALUES ('current_session', ?)"
SESSION_FIELDS = frozenset({"buy_in", "house_rule", "closed_at", "source", "name"})


class _StoredRecord:
    """The ``new`` of an audit entry that is the record stored for its hand."""

    def __repr__(self) -> str:
        return "STORED_RECORD"


STORED_RECORD: Any = _StoredRecord()


class AuditEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the audit trail; ``new=STORED_RECORD`` is the record stored for ``hand``."""

    hand: int | None
    action: str
    old: Mapping[str, Any] | None = None
    new: Any = None


class Stored:
    """A session as read inside the writing transaction: its hands decoded (``session``),
    their records as stored, who is at the table now, and the cached table state. The
    hands are decoded when first asked for: a change that only appends hands
    (``Change.append``) needs ``head`` (the session without its hands), ``count`` and the
    last hand's dealer (:meth:`last_dealer`), so its write does not grow with the session."""

    __slots__ = ("id", "head", "count", "present", "state", "closed", "seat_changes",
                 "_load", "_last", "_full")

    def __init__(self, *, id: int, head: Session, count: int, present: tuple[str, ...],
                 state: TableState, closed: bool, seat_changes: tuple[dict[str, Any], ...],
                 load: Callable[[], tuple[tuple[dict[str, Any], ...], Session]],
                 last: Callable[[], str | None]):
        self.id, self.head, self.count, self.present = id, head, count, present
        self.state, self.closed, self.seat_changes = state, closed, seat_changes
        self._load, self._last = load, last
        self._full: tuple[tuple[dict[str, Any], ...], Session] | None = None

    def _decoded(self) -> tuple[tuple[dict[str, Any], ...], Session]:
        if self._full is None:
            self._full = self._load()
        return self._full

    @property
    def records(self) -> tuple[dict[str, Any], ...]:
        return self._decoded()[0]

    @property
    def session(self) -> Session:
        return self._decoded()[1]

    @property
    def next_hand(self) -> int:
        return self.count + 1

    def last_dealer(self) -> str | None:
        """The dealer the last stored hand's record names (None if it names none)."""
        if self._full is not None:
            hands = self._full[1].hands
            return hands[-1].dealer if hands else None
        return self._last()


class Change(msgspec.Struct, frozen=True, kw_only=True):
    """What a session is to become. ``hands`` (every hand, in order) and ``players`` (seat
    order) are None when unchanged; ``records`` (every hand's stored object, in order) in
    place of ``hands`` stores those objects as given (extension fields kept); ``append``:
    hands after the stored ones (in place of ``hands``: the stored hands are then not read
    unless the whole session must be settled again); ``rules`` and
    ``first_dealer`` replace the session's and settle every hand again; ``renamed`` (old
    name -> new) keeps a renamed player's place at the table; ``present`` sets who is at
    the table; ``seat_changes`` replaces the log of joins and leaves; ``rule_changes``
    replaces the rules changed from later hands on (and settles every hand again); ``fields`` sets
    columns of the session (closed_at, buy_in, house_rule, source, name)."""

    hands: tuple[HandRecord, ...] | None = None
    append: tuple[HandRecord, ...] | None = None
    records: tuple[dict[str, Any], ...] | None = None
    players: tuple[str, ...] | None = None
    rules: Mapping[str, Any] | None = None
    first_dealer: str | None = None
    renamed: Mapping[str, str] = msgspec.field(default_factory=dict)
    present: Mapping[str, bool] = msgspec.field(default_factory=dict)
    seat_changes: tuple[Mapping[str, Any], ...] | None = None
    rule_changes: tuple[RuleChange, ...] | None = None
    fields: Mapping[str, Any] = msgspec.field(default_factory=dict)
    audit: tuple[AuditEntry, ...] = ()

    @property
    def replays(self) -> bool:
        """Whether the hands are settled again."""
        return (self.hands is not None or self.append is not None or self.records is not None
                or self.players is not None
                or self.rules is not None or self.first_dealer is not None
                or self.rule_changes is not None)


class Written(msgspec.Struct, frozen=True, kw_only=True):
    """What :func:`write` did: the session as it was read, and its replay (None when its
    hands and seats did not change). ``appended``: the fast path settled only the hands
    appended, so ``replay.settlements`` and ``records`` (the stored records) are theirs
    alone, from hand ``first`` on (on the whole replay ``first`` is 1 and they are every
    hand's)."""

    stored: Stored
    replay: Replay | None
    records: tuple[dict[str, Any], ...]
    appended: bool = False
    first: int = 1


def session_of(row: Mapping[str, Any], players: Sequence[str],
               hands: tuple[HandRecord, ...]) -> Session:
    """The Session of a ``sessions`` row (as a dict), its players and ``hands``."""
    unit = codec.unit_dict(dict(row))
    return Session(variant=row["variant"], players=tuple(players),
                   first_dealer=row["first_dealer"], hands=hands,
                   rules=json.loads(row["rules"]), name=row["name"],
                   started_at=row["started_at"], opening_pool=row["opening_pool"],
                   unit=None if unit is None else Unit(**unit), buy_in=row["buy_in"],
                   rule_changes=codec.rule_changes_from(row))


def read_session(db: Connection, sid: int) -> Stored:
    """The session ``sid``, its hands decoded when first asked for; NotFound if there is
    none, StoreError naming the hand if a stored record is not a JSON object."""
    rows = list(db.query("SELECT * FROM sessions WHERE id = ?", [sid]))
    if not rows:
        raise NotFound(f"There is no session {sid} in this database.")
    row = rows[0]
    seats = db.execute("SELECT name, present FROM seats WHERE session_id = ? ORDER BY position",
                       (sid,)).fetchall()
    players = [s[0] for s in seats]
    codec_seats = Seats(players)
    head = session_of(row, players, ())
    count = db.execute("SELECT count(*) FROM hands WHERE session_id = ?", (sid,)).fetchone()[0]

    def record(number: int, text: Any) -> dict[str, Any]:
        try:
            value = decode(text, codec_seats)
        except (TypeError, ValueError, RecursionError):
            value = None
        if not isinstance(value, dict):
            raise StoreError(f"session {sid}, hand {number}: the stored record is not a JSON "
                             "object; nothing was changed ('loo check' lists what is wrong)")
        return value

    def load() -> tuple[tuple[dict[str, Any], ...], Session]:
        records = tuple(record(n, text) for n, text in db.execute(
            "SELECT number, record FROM hands WHERE session_id = ? ORDER BY number", (sid,)))
        return records, replace(head, hands=tuple(record_from_dict(r) for r in records))

    def last() -> str | None:
        got = db.execute("SELECT number, record FROM hands WHERE session_id = ? ORDER BY "
                         "number DESC LIMIT 1", (sid,)).fetchone()
        return None if got is None else record_from_dict(record(*got)).dealer

    return Stored(id=sid, head=head, count=count, present=tuple(s[0] for s in seats if s[1]),
                  state=codec.state_from_json(row["state"]), closed=row["closed_at"] is not None,
                  seat_changes=tuple(json.loads(row.get("seat_changes") or "[]")), load=load,
                  last=last)


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
    """The totals rows of ``d`` that differ from ``before``'s, each written over its own."""
    conn.executemany(REPLACE_PLAYER_TOTALS, [
        (p, sid, *t) for p, t in d.player_totals.items() if before.player_totals.get(p) != t])
    conn.executemany(REPLACE_SEAT_TOTALS, [
        (p, seat, sid, *t) for (p, seat), t in d.seat_totals.items()
        if before.seat_totals.get((p, seat)) != t])
    conn.execute(REPLACE_SESSION_TOTALS, (sid, *d.session_totals))


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
