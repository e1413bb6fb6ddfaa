"""What the commands do, between the files, the rules engine and the store.

No printing here: functions return data or raise a LooError.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

from loo_ledger.domain import Replay, replay
from loo_ledger.errors import LooError, Problem
from loo_ledger.formats.sessionfile import load_session_file, session_from_dict
from loo_ledger.store.ledger import Ledger


def settle_file(path: str | Path, progress: Callable[[int], None] | None = None) -> tuple:
    """Read and settle one session file: (session, raw hands, replay). Raises LooError
    whose message names the file and, for an impossible hand, the hand, player and rule."""
    session, raw = load_session_file(path)
    try:
        result = replay(session, progress=progress)
    except LooError as exc:
        raise type(exc)(f"{path}: {exc.message}; nothing was imported", exc.problems) from None
    return session, raw["hands"], result


def import_files(ledger: Ledger, paths: Iterable[str | Path],
                 progress: Callable[[int], None] | None = None) -> list[int]:
    """Import every file or none: all are read and settled before one write.
    ``progress(n)`` is told as hands are settled."""
    items = []
    for path in paths:
        session, raw_hands, result = settle_file(path, progress)
        items.append((session, raw_hands, list(result.settlements), result.final, str(path)))
    return ledger.add_sessions(items)


def resettle(ledger: Ledger, session_id: int) -> Replay:
    """Settle a stored session again from its raw facts."""
    return replay(session_from_dict(ledger.session_dict(session_id), source=f"session {session_id}"))


def check(ledger: Ledger) -> list[Problem]:
    """Re-derive every stored hand from its raw facts and compare with what is stored:
    deltas, postings, conservation, the pool's continuity and the running balances."""
    problems: list[Problem] = []
    for row in ledger.sessions():
        sid = row["id"]
        try:
            result = resettle(ledger, sid)
        except LooError as exc:
            problems.append(Problem(code="CHECK_REPLAY", message=f"session {sid}: {exc}"))
            continue
        problems += _compare(ledger, sid, result)
    return problems


def _compare(ledger: Ledger, sid: int, result: Replay) -> list[Problem]:
    out: list[Problem] = []

    def diff(hand: int | None, code: str, message: str) -> None:
        out.append(Problem(code=code, hand=hand, message=f"session {sid}: {message}"))

    stored = ledger.hands(sid)
    if len(stored) != len(result.settlements):
        diff(None, "CHECK_HANDS", f"{len(stored)} hands stored, {len(result.settlements)} in the "
             "record")
    postings = _postings_by_hand(ledger.postings(sid))
    previous_pool = ledger.session(sid)["opening_pool"]
    for row, s in zip(stored, result.settlements):
        n = row["number"]
        if row["pool_in"] != previous_pool:
            diff(n, "CHECK_CONTINUITY", f"pool carried in is {row['pool_in']}, but the hand "
                 f"before left {previous_pool}")
        previous_pool = row["pool_after"]
        if sum(row["deltas"].values()) + row["pool_after"] - row["pool_in"] != 0:
            diff(n, "CHECK_CONSERVATION", "the stored changes do not conserve chips")
        if dict(row["deltas"]) != dict(s.deltas):
            diff(n, "CHECK_DELTAS", f"stored changes {row['deltas']}, the rules give "
                 f"{dict(s.deltas)}")
        if (row["pool_in"], row["pot"], row["pool_after"]) != (s.pool_in, s.pot, s.pool_after):
            diff(n, "CHECK_POOL", f"stored pool {row['pool_in']} -> {row['pool_after']}, the "
                 f"rules give {s.pool_in} -> {s.pool_after}")
        want = sorted(((m.payer, m.payee, m.amount) for m in s.movements), key=_posting_key)
        if want != sorted(postings.get(n, []), key=_posting_key):
            diff(n, "CHECK_POSTINGS", "the postings do not match the rules' chip movements")
    balances = ledger.balances(sid)
    nets = _nets_from_postings(ledger.postings(sid))
    for player in balances["players"]:
        if player["net"] != nets.get(player["name"], 0):
            out.append(Problem(code="CHECK_BALANCE", player=player["name"],
                               message=f"session {sid}: balance {player['net']} stored, the "
                                       f"postings add up to {nets.get(player['name'], 0)}"))
    if balances["pool"] != result.final.pool:
        diff(None, "CHECK_POOL", f"pool {balances['pool']} stored, the hands leave "
             f"{result.final.pool}")
    return out


def _posting_key(t: tuple) -> tuple:
    """Sort key for (payer, payee, amount); None (the pool) sorts first."""
    return (t[0] is not None, t[0] or "", t[1] is not None, t[1] or "", t[2])


def _postings_by_hand(rows: list[dict]) -> dict[int, list[tuple]]:
    out: dict[int, list[tuple]] = {}
    for r in rows:
        out.setdefault(r["hand"], []).append((r["payer"], r["payee"], r["amount"]))
    return out


def _nets_from_postings(rows: list[dict]) -> dict[str, int]:
    nets: dict[str, int] = {}
    for r in rows:
        if r["payer"] is not None:
            nets[r["payer"]] = nets.get(r["payer"], 0) - r["amount"]
        if r["payee"] is not None:
            nets[r["payee"]] = nets.get(r["payee"], 0) + r["amount"]
    return nets
