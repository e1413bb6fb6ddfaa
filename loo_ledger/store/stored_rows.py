"""A session's derived rows as they are stored, in derive.py's shapes, for ``loo check``.

Nothing is decoded here: a record or a column that is not what it should be is returned
as stored, for the check to name; hands are named by number, never by row id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from loo_ledger.errors import NotFound
from loo_ledger.store import derive
from loo_ledger.store.conn import Connection


@dataclass(frozen=True, kw_only=True)
class StoredRows:
    """What is stored for one session: ``hands`` in derive.HAND_COLUMNS order (the players
    in seat order are ``players``); ``session_totals`` is None when the session has no
    totals row; ``audit``: the session's audit rows (id, hand, action, old_record,
    new_record, at) in id order."""

    records: list[tuple[int, str]]
    hands: list[tuple[Any, ...]]
    players: list[str]
    nets: dict[str, int]
    player_totals: dict[str, tuple[Any, ...]]
    seat_totals: dict[tuple[str, int], tuple[Any, ...]]
    session_totals: tuple[Any, ...] | None
    opening_pool: int
    pool: int
    next_dealer: str | None
    state: str
    audit: list[tuple[Any, ...]] = field(default_factory=list)


def read_rows(db: Connection, sid: int) -> StoredRows:
    """Every stored row derived from session ``sid``'s records (NotFound if none)."""
    with db.snapshot():
        row = db.execute("SELECT opening_pool, pool, next_dealer, state FROM sessions "
                         "WHERE id = ?", (sid,)).fetchone()
        if row is None:
            raise NotFound(f"There is no session {sid} in this database.")
        hands = db.execute(f"SELECT {', '.join(derive.HAND_COLUMNS)} FROM hands "
                           "WHERE session_id = ? ORDER BY number", (sid,)).fetchall()
        seats = db.execute("SELECT name, net FROM seats WHERE session_id = ? ORDER BY "
                           "position", (sid,)).fetchall()
        totals = {r[0]: tuple(r[1:]) for r in db.execute(
            f"SELECT player, {', '.join(derive.PLAYER_TOTAL_COLUMNS)} FROM player_totals "
            "WHERE session_id = ?", (sid,))}
        by_seat = {(r[0], r[1]): tuple(r[2:]) for r in db.execute(
            "SELECT player, seat, hands, net, looed FROM seat_totals WHERE session_id = ?",
            (sid,))}
        session = db.execute(f"SELECT {', '.join(derive.SESSION_TOTAL_COLUMNS)} FROM "
                             "session_totals WHERE session_id = ?", (sid,)).fetchone()
        audit = db.execute("SELECT id, hand, action, old_record, new_record, at FROM audit "
                           "WHERE session_id = ? ORDER BY id", (sid,)).fetchall()
    return StoredRows(records=[(h[0], h[2]) for h in hands], hands=[tuple(h) for h in hands],
                      players=[r[0] for r in seats], nets=dict(seats),
                      player_totals=totals, seat_totals=by_seat,
                      session_totals=None if session is None else tuple(session),
                      opening_pool=row[0], pool=row[1], next_dealer=row[2], state=row[3],
                      audit=[tuple(a) for a in audit])
