"""The one writer: every write of hands, and of everything derived from them.

Importing sessions, a hand at the table, an amendment, an undo, a player seated or gone,
closing, and the rebuild after a migration all come here. Each is one transaction that
begins ``BEGIN IMMEDIATE`` and reads what it depends on inside it, so a hand recorded
meanwhile in another terminal is never lost: the second writer waits, then reads the
first one's hand.

:func:`write` reads the session (:class:`Stored`), asks the caller's ``change`` what the
session is to become (:class:`Change`), settles what changed with the domain and stores
the hands and everything derived from them (derive.py): each hand's facts in
compact columns beside its record (codec.py), the seats' nets, the cached table state,
the three totals tables, the leak tallies (counted as the rows are derived:
leak_tallies.Tally), and the audit.

Every change takes one path. The hands it leaves as they were, from the first, keep their
rows (all of them for a change that only appends hands, as ``loo hand`` does); settling
resumes after them, and only the rows of the hands after them, and the nets and totals
rows that changed, are written. Nothing is settled again after the write.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from loo_ledger.domain.next.legal import next_seat
from loo_ledger.domain.rules.model import (
    HandRecord,
    Session,
    Settlement,
    TableState,
    opening_state,
)
from loo_ledger.domain.settlement.engine import settle
from loo_ledger.domain.settlement.session import Replay, replay, session_variant, start, variant_at
from loo_ledger.errors import LooError, NotFound
from loo_ledger.formats.handcodec import record_from_dict
from loo_ledger.store import codec, derive, leak_tallies, sessionrows
from loo_ledger.store.changes import (
    SESSION_FIELDS,
    STORED_RECORD,
    Change,
    Stored,
    Written,
    read_session,
)
from loo_ledger.store.codec import stored_record
from loo_ledger.store.conn import Connection
from loo_ledger.store.leak_tallies import Tally

if TYPE_CHECKING:
    import sqlite3

INSERT_SESSION = """INSERT INTO sessions (id, name, started_at, variant, rules, unit_name,
    unit_value, currency, first_dealer, opening_pool, pool, next_dealer, state, created_at,
    source, buy_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
# A new session's id is never one that a deleted session's audit rows still carry.
NEXT_SESSION_ID = """SELECT max(coalesce((SELECT max(id) FROM sessions), 0),
    coalesce((SELECT max(session_id) FROM audit), 0)) + 1"""
#: A session's hand rows inserted (``{sid}``: its id, a whole number written in the SQL, so
#: that each row is given as derived).
INSERT_HANDS = (f"INSERT INTO hands (session_id, {', '.join(derive.HAND_COLUMNS)}) VALUES "
                f"({{sid}}, {', '.join('?' * len(derive.HAND_COLUMNS))})")
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
          dry_run: bool = False) -> Written:
    """Read session ``sid``, apply ``change`` to it, settle what it changed and store it
    all, in one ``BEGIN IMMEDIATE`` transaction. ``change`` runs inside the transaction on
    the session as just read; whatever it raises (TableChanged, a refusal) leaves
    everything as it was, and so does a hand the rules refuse (HandRejected). With
    ``dry_run`` everything is worked out and then rolled back.

    The hands the change leaves as they were, from the first, are kept (every stored hand
    when it only appends; none when it changes the seats or the rules). When every stored
    hand is kept, settling resumes from the table state cached on the session, once it is
    seen to agree with the last stored hand (its number, pool after and dealer), going on
    from the sums stored; else the domain settles the session again and the sums of the
    kept hands are derived. The hands after them are settled, their rows derived and
    stored in place of those after the kept hands; of the nets and totals, only the rows
    that changed are written."""
    with db.write(what, commit=not dry_run):
        stored = read_session(db, sid)
        ch = change(stored)
        result: Replay | None = None
        records: tuple[dict[str, Any], ...] = ()
        first, resumed = 1, False
        if ch.replays:
            result, records, first, resumed = _settle_and_store(db, sid, stored, ch)
        _apply(db, sid, ch, dict(enumerate(records, first)))
    return Written(stored=stored, replay=result, records=records, appended=resumed,
                   first=first)


def _settle_and_store(db: Connection, sid: int, stored: Stored, ch: Change
                      ) -> tuple[Replay, tuple[dict[str, Any], ...], int, bool]:
    """Settle and store what ``ch`` changes of ``stored``: (the settlements from hand
    ``first`` on, the stored records of those hands, ``first``, whether settling resumed
    from the cached state after every stored hand)."""
    old = stored.head
    players = old.players if ch.players is None else tuple(ch.players)
    same_table = players == old.players and ch.rules is None and ch.first_dealer is None \
        and ch.rule_changes is None
    session = replace(old, players=players,
                      rules=old.rules if ch.rules is None else dict(ch.rules),
                      first_dealer=ch.first_dealer or old.first_dealer,
                      rule_changes=old.rule_changes if ch.rule_changes is None
                      else ch.rule_changes)
    given = ch.records
    hands: tuple[HandRecord, ...] | None
    if given is not None:
        hands, keep = tuple(record_from_dict(r) for r in given), 0
    elif ch.hands is None and ch.append is not None and same_table:
        hands, keep = None, stored.count  # the stored hands are not read
    else:
        hands = (stored.session.hands if ch.hands is None else ch.hands) + (ch.append or ())
        keep = _unchanged(stored, players, hands) if same_table else 0
    sums = _stored_sums(db, sid, stored, session, keep) if keep == stored.count else None
    if sums is None and hands is None:
        hands = stored.session.hands + (ch.append or ())
    after = (ch.append or ()) if hands is None else hands[keep:]
    if sums is not None:  # resume from the cached state, after every stored hand
        result, first = _settled(session, stored.state, after), keep + 1
        settled = result.settlements
        leaks = _tally(session, players, _looed(db, sid, keep))  # the hands after them
        deriving = derive.Deriving(players, before=sums, leaks=leaks)
    else:  # the domain settles the session again; the kept hands' sums are derived
        assert hands is not None
        result, first = replay(replace(session, hands=hands)), 1
        leaks = _tally(session, players)  # the whole session's
        deriving = derive.Deriving(players, leaks=leaks)
        deriving.rows(stored.records[:keep], result.settlements[:keep], texts=False)
        settled = result.settlements[keep:]
    new = given[keep:] if given is not None else tuple(
        stored.records[i] if _same(stored, i, h) else stored_record(h, s.dealer)
        for i, (h, s) in enumerate(zip(after, settled, strict=True), keep))
    d = deriving.derived(result.final, deriving.rows(new, settled))
    if ch.rules is not None or ch.first_dealer is not None:
        db.execute("UPDATE sessions SET rules = ?, first_dealer = ? WHERE id = ?",
                   (codec.dumps(dict(session.rules)), session.first_dealer, sid))
    if ch.rule_changes is not None:
        db.execute("UPDATE sessions SET rule_changes = ? WHERE id = ?",
                   (codec.dumps(codec.rule_changes_list(ch.rule_changes)), sid))
    _store(db, sid, players, d, leaks.tallies(), keep=keep, stored_hands=stored.count,
           reseat=ch.players is not None, renamed=ch.renamed,
           stored_sums=sums if sums is not None else _sums_as_stored(db, sid),
           leaks_added=sums is not None)
    records = new if sums is not None else tuple(stored.records[:keep]) + tuple(new)
    return result, records, first, sums is not None


def _tally(session: Session, players: Sequence[str], looed_last: int = 0) -> Tally:
    """The leak tallies of session ``session`` (seated as ``players``) to count its hands
    into, as they are derived; ``looed_last``: the loo mask of the hand before the first."""
    lou, swapping = leak_tallies.session_game(session.variant, session.rules)
    return Tally(players, lou=lou, swapping=swapping, looed_last=looed_last)


def _looed(db: Connection, sid: int, number: int) -> int:
    """The loo mask of hand ``number`` of session ``sid`` as stored (0 for hand 0)."""
    row = db.execute("SELECT looed FROM hands WHERE session_id = ? AND number = ?",
                     (sid, number)).fetchone()
    return 0 if row is None else int(row[0])


def _same(stored: Stored, i: int, hand: HandRecord) -> bool:
    """Whether hand ``i`` (from 0) is stored and is ``hand``: it keeps its stored record."""
    return i < stored.count and stored.session.hands[i] == hand


def _unchanged(stored: Stored, players: Sequence[str], hands: Sequence[HandRecord]) -> int:
    """How many hands from the first keep their stored rows."""
    if tuple(players) != stored.session.players:
        return 0
    old = stored.session.hands
    for i, (a, b) in enumerate(zip(old, hands, strict=False)):
        if a != b:
            return i
    return min(len(old), len(hands))


def _settled(session: Session, state: TableState, hands: Sequence[HandRecord]) -> Replay:
    """``hands`` settled one after another from ``state`` (the table after the stored
    hands), each under the variant in force for it; the first the rules refuse raises
    HandRejected, as a replay would. The Replay's settlements are these hands' alone."""
    v = session_variant(session)
    out = []
    for record in hands:
        if session.rule_changes:
            v = variant_at(session, state.hand_no)
        result = settle(record, state, v)
        out.append(result)
        state = result.next_state
    return Replay(variant=v, settlements=tuple(out), final=state)


LAST_HAND = ("SELECT number, dealer, pool_after FROM hands WHERE session_id = ? "
             "ORDER BY number DESC LIMIT 1")


def _agrees(db: Connection, sid: int, session: Session, state: TableState, n: int,
            recorded: str | None) -> bool:
    """Whether the state cached on session ``sid`` agrees with its last stored hand (of
    ``n``; ``recorded``: the dealer its record names, if it does): the hand numbers run
    1..n and the state is for hand n + 1, the pool after the last hand is the cached pool
    (in the state and in the session row), the next dealer in the session row is the
    state's, and is the last hand's dealer or the seat to his left (the rotation moves
    on one seat, or stays for a Lou redeal); with no hands yet, the state is the
    session's opening state exactly."""
    if state.seats != session.players or state.hand_no != n + 1:
        return False
    row = db.execute("SELECT pool, next_dealer FROM sessions WHERE id = ?", (sid,)).fetchone()
    if row is None or row[0] != state.pool or row[1] != state.dealer:
        return False
    if n == 0:
        try:
            return state == start(session)
        except LooError:
            return False
    last = db.execute(LAST_HAND, (sid,)).fetchone()
    if last is None or last[0] != n or last[2] != state.pool:
        return False
    if not 0 <= last[1] < len(session.players):
        return False
    dealer = session.players[last[1]]
    if dealer not in state.seats or (recorded is not None and recorded != dealer):
        return False
    return state.dealer in (dealer, next_seat(state.seats, dealer))


def _stored_sums(db: Connection, sid: int, stored: Stored, session: Session,
                 count: int) -> derive.Running | None:
    """The nets and totals stored for session ``sid``, to go on from after its ``count``
    stored hands; None if its cached state does not agree with its last hand or a sum is
    missing (the session is then settled again)."""
    if not _agrees(db, sid, session, stored.state, count, stored.last_dealer()):
        return None
    sums = _sums_as_stored(db, sid)
    return sums if sums is not None and set(sums.nets) == set(session.players) else None


def _sums_as_stored(db: Connection, sid: int) -> derive.Running | None:
    """The seats' nets and the three totals tables of session ``sid`` as stored (read
    inside the writer's transaction); None without a session_totals row."""
    conn = db.conn
    nets = dict(conn.execute("SELECT name, net FROM seats WHERE session_id = ?", (sid,)))
    totals = conn.execute(f"SELECT {', '.join(derive.SESSION_TOTAL_COLUMNS)} FROM "
                          "session_totals WHERE session_id = ?", (sid,)).fetchone()
    if totals is None:
        return None
    players: dict[str, tuple[int, ...]] = {
        r[0]: tuple(r[1:]) for r in conn.execute(
            f"SELECT player, {', '.join(derive.PLAYER_TOTAL_COLUMNS)} FROM player_totals "
            "WHERE session_id = ?", (sid,))}
    seats: dict[tuple[str, int], tuple[int, ...]] = {
        (r[0], r[1]): tuple(r[2:]) for r in conn.execute(
            f"SELECT player, seat, {', '.join(derive.SEAT_TOTAL_COLUMNS)} FROM seat_totals "
            "WHERE session_id = ?", (sid,))}
    return derive.Running(nets=nets, player_totals=players, seat_totals=seats,
                          session_totals=tuple(totals))


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


def _json(value: Mapping[str, Any] | None) -> str | None:
    return None if value is None else codec.dumps(dict(value))


def _store(db: Connection, sid: int, players: Sequence[str], d: derive.Derived,
           leaks: leak_tallies.Tallies, *, keep: int, stored_hands: int, reseat: bool = False,
           renamed: Mapping[str, str] | None = None,
           stored_sums: derive.Running | None = None, leaks_added: bool = False) -> None:
    """Store the rows ``d`` of hands ``keep + 1`` on (``d`` may hold earlier hands' rows too)
    and the session's nets, totals, state and leak tallies (inside the caller's
    transaction). The first ``keep`` hands keep their rows; the rows of stored hands after
    them (of ``stored_hands``) are deleted. With ``stored_sums`` (the nets and totals as
    stored), only the nets and totals rows that differ from them are written; without,
    every totals row is written anew. ``leaks``: the session's leak tallies, counted as
    its hands were derived, written anew; with ``leaks_added``, those of the hands after
    the ``keep`` stored, added to the stored ones."""
    conn = db.conn
    if keep < stored_hands:
        conn.execute("DELETE FROM hands WHERE session_id = ? AND number > ?", (sid, keep))
    _insert_hands(conn, sid, [row for row in d.hands if row[0] > keep])
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
                          if stored_sums is None or stored_sums.nets.get(p) != n])
    if stored_sums is not None:
        _store_changed_totals(conn, sid, d, stored_sums)
    else:
        _store_totals(conn, sid, d)
    final = d.state
    conn.execute("UPDATE sessions SET pool = ?, next_dealer = ?, state = ? WHERE id = ?",
                 (final.pool, final.dealer, codec.state_to_json(final), sid))
    leak_tallies.write(conn, sid, leaks, add=leaks_added)


def _insert_hands(conn: sqlite3.Connection, sid: int, rows: Iterable[tuple[Any, ...]]) -> None:
    """Insert hand rows (derive.HAND_COLUMNS) of session ``sid`` (an iterator: each row
    is stored as it is derived)."""
    conn.executemany(INSERT_HANDS.format(sid=int(sid)), rows)


def _store_changed_totals(conn: sqlite3.Connection, sid: int, d: derive.Derived,
                          stored: derive.Running) -> None:
    """The totals rows of ``d`` that differ from ``stored``'s: a stored row updated, a
    new one (a player's first hand in a seat) inserted, one no hand gives now deleted."""
    conn.executemany("DELETE FROM player_totals WHERE player = ? AND session_id = ?",
                     [(p, sid) for p in stored.player_totals if p not in d.player_totals])
    conn.executemany("DELETE FROM seat_totals WHERE player = ? AND seat = ? AND "
                     "session_id = ?", [(p, seat, sid) for p, seat in stored.seat_totals
                                        if (p, seat) not in d.seat_totals])
    players = [(p, t) for p, t in d.player_totals.items() if stored.player_totals.get(p) != t]
    conn.executemany(UPDATE_PLAYER_TOTALS, [(*t, p, sid) for p, t in players
                                            if p in stored.player_totals])
    conn.executemany(INSERT_PLAYER_TOTALS, [(p, sid, *t) for p, t in players
                                            if p not in stored.player_totals])
    seats = [(k, t) for k, t in d.seat_totals.items() if stored.seat_totals.get(k) != t]
    conn.executemany(UPDATE_SEAT_TOTALS, [(*t, p, seat, sid) for (p, seat), t in seats
                                          if (p, seat) in stored.seat_totals])
    conn.executemany(INSERT_SEAT_TOTALS, [(p, seat, sid, *t) for (p, seat), t in seats
                                          if (p, seat) not in stored.seat_totals])
    if tuple(d.session_totals) != tuple(stored.session_totals):
        conn.execute(UPDATE_SESSION_TOTALS, (*d.session_totals, sid))


def _store_totals(conn: sqlite3.Connection, sid: int, d: derive.Derived) -> None:
    """Every totals row of session ``sid``, from ``d`` alone."""
    for table in ("player_totals", "seat_totals", "session_totals"):
        conn.execute(f"DELETE FROM {table} WHERE session_id = ?", (sid,))
    conn.executemany(INSERT_PLAYER_TOTALS, [(p, sid, *t) for p, t in d.player_totals.items()])
    conn.executemany(INSERT_SEAT_TOTALS, [(p, seat, sid, *t)
                                          for (p, seat), t in d.seat_totals.items()])
    conn.execute(INSERT_SESSION_TOTALS, (sid, *d.session_totals))


# -- new sessions ------------------------------------------------------------------

#: The table after a session's last hand, or a function that gives it once the hands and
#: settlements (iterators) have been read to the end.
Final = TableState | Callable[[], TableState]
#: (session, raw hand objects, settlements, final state, source) and optionally the
#: session file's ``seat_changes`` (joins and leaves between hands). The hands and their
#: settlements may be iterators: each hand is derived and inserted as it comes
#: (derive.Deriving.each), so the writer's memory does not grow with the session.
#: A session to store: the session, its records, their settlements, the table after the
#: last, its source; then, from a file, its seat changes and its extras (formats/
#: extensions.py ``session_extras``: ``$schema`` and the ``x-`` fields, kept as given).
SessionItem = (tuple[Session, Iterable[dict[str, Any]], Iterable[Settlement], Final,
                     str | None]
               | tuple[Session, Iterable[dict[str, Any]], Iterable[Settlement], Final,
                       str | None, Sequence[Mapping[str, Any]]]
               | tuple[Session, Iterable[dict[str, Any]], Iterable[Settlement], Final,
                       str | None, Sequence[Mapping[str, Any]], Mapping[str, Any]])


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
    extras: Mapping[str, Any] = item[6] if len(item) > 6 else {}
    sid = db.execute(NEXT_SESSION_ID).fetchone()[0]
    known = final if isinstance(final, TableState) else opening_state(
        session.players, session.first_dealer, session.opening_pool)  # until the end
    db.execute(INSERT_SESSION, (sid, *sessionrows.session_values(session, known, source)))
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
    if extras:
        db.execute("UPDATE sessions SET extras = ? WHERE id = ?", (codec.dumps(extras), sid))
    leaks = _tally(session, session.players)
    deriving = derive.Deriving(session.players, leaks=leaks)
    _insert_hands(db.conn, sid, deriving.each(records, settlements))
    _store(db, sid, session.players,
           deriving.derived(final if isinstance(final, TableState) else final()),
           leaks.tallies(), keep=0, stored_hands=0)
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
        players = stored.session.players
        leaks = _tally(stored.session, players)
        _store(db, sid, players, derive.derive(
            players, stored.records, result.settlements, result.final, leaks=leaks),
            leaks.tallies(), keep=0, stored_hands=len(stored.records))
    return failed
