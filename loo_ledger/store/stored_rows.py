"""A session's derived rows as they are stored, in derive.py's shapes, for ``loo check``.

Nothing is decoded here but the session's own row: a record or a column that is not what
it should be is returned as stored, for the check to name. The hands are read one at a
time (:func:`iter_hand_rows`), so a check's memory does not grow with the session; read
them and :func:`read_rows` inside one ``db.snapshot()``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

from loo_ledger.domain.rules.model import Session
from loo_ledger.errors import NotFound
from loo_ledger.store import derive
from loo_ledger.store.conn import Connection


class StoredRows(msgspec.Struct, frozen=True, kw_only=True):
    """What is stored for one session but its hands: ``session`` (its rules and seats, no
    hands), the players in seat order, their nets, the totals (``session_totals`` None
    when the session has no totals row), the cached state, the number of hands stored and
    the audit rows (id, hand, action, old_record, new_record, at) in id order."""

    session: Session
    players: list[str]
    nets: dict[str, int]
    player_totals: dict[str, tuple[Any, ...]]
    seat_totals: dict[tuple[str, int], tuple[Any, ...]]
    session_totals: tuple[Any, ...] | None
    opening_pool: int
    pool: int
    next_dealer: str | None
    state: str
    hand_count: int
    audit: list[tuple[Any, ...]] = msgspec.field(default_factory=list)
    #: The session's row as stored: when it was made, closed, where from (a file's name
    #: for an import, ``carried from session N``, or None), its log of seat changes (the
    #: JSON text), who is at the table (name -> the ``present`` column).
    created_at: str = ""
    closed_at: str | None = None
    source: str | None = None
    seat_changes: str = "[]"
    present: dict[str, Any] = msgspec.field(default_factory=dict)
    #: Whether ``imports`` holds the session's fingerprint.
    imported: bool = False
    #: When the migrations that began each kept record were applied to this ledger
    #: (name -> ``_sqlite_migrations.applied_at``): rows older than them were never kept.
    since: dict[str, str] = msgspec.field(default_factory=dict)


#: The migrations from which on a record is kept: the audit (m006), the log of seat
#: changes (m010), import fingerprints (m009).
SINCE = ("m006_table_play", "m009_import_fingerprints", "m010_fixable_sessions")


def read_rows(db: Connection, sid: int) -> StoredRows:
    """Every stored row derived from session ``sid``'s records but the hands' (NotFound if
    there is no such session)."""
    from loo_ledger.store.changes import session_of  # noqa: PLC0415 (the writer's requests: not for the reading commands)
    with db.snapshot():
        rows = list(db.query("SELECT * FROM sessions WHERE id = ?", [sid]))
        if not rows:
            raise NotFound(f"There is no session {sid} in this database.")
        row = rows[0]
        seats = db.execute("SELECT name, net, present FROM seats WHERE session_id = ? "
                           "ORDER BY position", (sid,)).fetchall()
        totals = {r[0]: tuple(r[1:]) for r in db.execute(
            f"SELECT player, {', '.join(derive.PLAYER_TOTAL_COLUMNS)} FROM player_totals "
            "WHERE session_id = ?", (sid,))}
        by_seat = {(r[0], r[1]): tuple(r[2:]) for r in db.execute(
            "SELECT player, seat, hands, net, looed FROM seat_totals WHERE session_id = ?",
            (sid,))}
        session = db.execute(f"SELECT {', '.join(derive.SESSION_TOTAL_COLUMNS)} FROM "
                             "session_totals WHERE session_id = ?", (sid,)).fetchone()
        count = db.execute("SELECT count(*) FROM hands WHERE session_id = ?",
                           (sid,)).fetchone()[0]
        audit = db.execute("SELECT id, hand, action, old_record, new_record, at FROM audit "
                           "WHERE session_id = ? ORDER BY id", (sid,)).fetchall()
        imported = db.execute("SELECT 1 FROM imports WHERE session_id = ?",
                              (sid,)).fetchone() is not None
        since = dict(db.execute(
            f"SELECT name, applied_at FROM _sqlite_migrations WHERE name IN "
            f"({', '.join('?' * len(SINCE))})", SINCE).fetchall())
    players = [r[0] for r in seats]
    return StoredRows(session=session_of(row, players, ()), players=players,
                      nets={r[0]: r[1] for r in seats}, present={r[0]: r[2] for r in seats},
                      created_at=row["created_at"], closed_at=row["closed_at"],
                      source=row["source"], seat_changes=row["seat_changes"],
                      imported=imported, since=since,
                      player_totals=totals, seat_totals=by_seat,
                      session_totals=None if session is None else tuple(session),
                      opening_pool=row["opening_pool"], pool=row["pool"],
                      next_dealer=row["next_dealer"], state=row["state"], hand_count=count,
                      audit=[tuple(a) for a in audit])


def iter_hand_rows(db: Connection, sid: int) -> Iterator[tuple[Any, ...]]:
    """Session ``sid``'s stored hand rows (derive.HAND_COLUMNS) in order, from a cursor."""
    yield from db.execute(f"SELECT {', '.join(derive.HAND_COLUMNS)} FROM hands "
                          "WHERE session_id = ? ORDER BY number", (sid,))
