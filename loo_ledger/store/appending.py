"""The writer's fast path for a change that only appends hands (``loo hand``).

Settling a session again costs every hand it has; appending one need not. When a change
keeps every stored hand and adds hands after them, the writer (writer.py) settles only
the new hands, from the table state cached on the session, and adds their rows to the
sums already stored (derive.py's :class:`~loo_ledger.store.derive.Running`), all inside
its transaction.

The cache is not trusted blindly. :func:`running` reads the last hand's row and the
session's cached state and checks that they agree: the hand numbers run 1..n and the
state is for hand n + 1, the pool after the last hand is the cached pool (in the state
and in the session row), the next dealer in the session row is the state's, and is the
last hand's dealer or the seat to his left (the rotation moves on one seat, or stays for
a Lou redeal); with no hands yet, the state is the session's opening state exactly. If
anything disagrees or is missing, it gives None and the writer settles the whole session
again instead. The other fields of the cached state were written by the same writer in the
same transaction as the last hand; ``loo check`` derives everything again from the records.
"""

from __future__ import annotations

from collections.abc import Sequence

from loo_ledger.domain.legal import next_seat
from loo_ledger.domain.model import HandRecord, Session, TableState
from loo_ledger.domain.replay import Replay, session_variant, start, variant_at
from loo_ledger.domain.settle import settle
from loo_ledger.errors import LooError
from loo_ledger.store import derive
from loo_ledger.store.conn import Connection

LAST_HAND = "SELECT number, dealer, pool_after FROM hands WHERE session_id = ? " \
            "ORDER BY number DESC LIMIT 1"


def appended(old: Session, hands: Sequence[HandRecord] | None,
             players: Sequence[str] | None) -> tuple[HandRecord, ...] | None:
    """The hands a change appends to the session ``old``, or None unless the change keeps
    every stored hand and the seats and adds at least one hand after them."""
    if hands is None or len(hands) <= len(old.hands):
        return None
    if players is not None and tuple(players) != old.players:
        return None
    n = len(old.hands)
    if tuple(hands[:n]) != old.hands:
        return None
    return tuple(hands[n:])


def _agrees(db: Connection, sid: int, session: Session, state: TableState, n: int,
            recorded: str | None) -> bool:
    """Whether the state cached on session ``sid`` agrees with its last stored hand (of
    ``n``; ``recorded``: the dealer its record names, if it does)."""
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


def running(db: Connection, sid: int, session: Session, state: TableState, count: int,
            recorded: str | None) -> derive.Running | None:
    """The nets and totals stored for session ``sid`` (read inside the writer's
    transaction), or None if its cached ``state`` does not agree with its last hand (of
    ``count`` stored; ``recorded`` the dealer its record names, if any) or a sum is
    missing: then the writer settles the whole session again. ``session``'s hands are not
    read (they may be none: the session's head)."""
    if not _agrees(db, sid, session, state, count, recorded):
        return None
    conn = db.conn
    nets = dict(conn.execute("SELECT name, net FROM seats WHERE session_id = ?", (sid,)))
    totals = conn.execute(f"SELECT {', '.join(derive.SESSION_TOTAL_COLUMNS)} FROM "
                          "session_totals WHERE session_id = ?", (sid,)).fetchone()
    if totals is None or set(nets) != set(session.players):
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


def settle_appended(session: Session, state: TableState,
                    hands: Sequence[HandRecord]) -> Replay:
    """The appended ``hands`` settled one after another from ``state`` (the table after
    the stored hands); the first the rules refuse raises HandRejected, as a replay would.
    The Replay's settlements are the appended hands' alone."""
    v = session_variant(session)
    out = []
    for record in hands:
        if session.rule_changes:
            v = variant_at(session, state.hand_no)
        result = settle(record, state, v)
        out.append(result)
        state = result.next_state
    return Replay(variant=v, settlements=tuple(out), final=state)

