"""``loo check``: everything stored that is derived from the hand records, compared with
what the records give when settled again.

Each stored row is compared with what the one writer would store now (store/derive.py):
the hands' changes and pools, the postings (with their kind), the seats' nets (against
the postings), the ``plays`` rows, the three totals tables and the table state cached on
the session (pool, next dealer, state); then the audit trail, replayed, must give the
stored hand records (services/checking_audit.py). A record that is not a JSON object is
a finding, never a crash. Every finding names the session, and the hand (or the player)
it is about.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from loo_ledger.domain import Replay, replay
from loo_ledger.errors import LooError, Problem
from loo_ledger.services.checking_audit import check_audit
from loo_ledger.store.codec import state_to_json
from loo_ledger.store.derive import Derived, derive
from loo_ledger.store.ledger import Ledger
from loo_ledger.store.stored_rows import StoredRows


def check(ledger: Ledger) -> list[Problem]:
    """Every difference in every session, session by session, hand by hand (or, for a
    damaged file, what SQLite's integrity check finds: :func:`check_file`)."""
    problems: list[Problem] = check_file(ledger)
    if problems:
        return problems
    for row in ledger.sessions():
        problems += check_session(ledger, row["id"])
    return problems


def check_file(ledger: Ledger) -> list[Problem]:
    """The file itself: what ``PRAGMA integrity_check`` finds (pages, indexes, constraints)."""
    return [Problem(code="CHECK_INTEGRITY", message=f"the ledger file is damaged: {text} "
                    "('loo restore BACKUP' puts a backup back)")
            for text in ledger.db.integrity_problems()]


class _Findings(list[Problem]):
    def __init__(self, sid: int):
        super().__init__()
        self.sid = sid

    def add(self, code: str, hand: int | None, message: str, player: str | None = None) -> None:
        self.append(Problem(code=code, hand=hand, player=player,
                            message=f"session {self.sid}: {message}"))


def check_session(ledger: Ledger, sid: int) -> list[Problem]:
    """The differences in session ``sid``: its derived rows, then its audit trail
    (services/checking_audit.py)."""
    stored = ledger.stored_rows(sid)
    return _derived(ledger, sid, stored) + check_audit(sid, stored.audit, stored.records)


def _derived(ledger: Ledger, sid: int, stored: StoredRows) -> list[Problem]:
    out = _Findings(sid)
    for number, text in stored.records:
        if not isinstance(_loads(text), dict):
            out.add("CHECK_RECORD", number, "the stored record is not a JSON object, so the "
                    "hand cannot be settled again")
    if out:
        return out
    try:
        session = ledger.stored(sid).session
        result = replay(session)
        want = derive(session.players, [json.loads(t) for _, t in stored.records],
                      result.settlements, result.final)
    except LooError as exc:
        hand = next((p.hand for p in exc.problems if p.hand is not None), None)
        out.add("CHECK_REPLAY", hand, str(exc))
        return out
    _hands(out, stored, want)
    _postings(out, stored, want)
    _nets(out, stored)
    _plays(out, stored, want)
    _totals(out, stored, want)
    _state(out, stored, result)
    return out


def _loads(text: Any) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def _hands(out: _Findings, stored: StoredRows, want: Derived) -> None:
    if len(stored.hands) != len(want.hands):
        out.add("CHECK_HANDS", None, f"{len(stored.hands)} hands stored, {len(want.hands)} in "
                "the record")
    previous = stored.opening_pool
    for i, (row, exp) in enumerate(zip(stored.hands, want.hands, strict=False), 1):
        n, dealer, _, deltas, pool_in, pot, pool_after, double, outcome, ruling, looed = row
        if n != i:
            out.add("CHECK_HANDS", n, f"stored as hand {n}, but it is hand {i} of the record")
        if pool_in != previous:
            out.add("CHECK_CONTINUITY", n, f"pool carried in is {pool_in}, but the hand before "
                    f"left {previous}")
        previous = pool_after
        deltas = _loads(deltas)
        if not isinstance(deltas, dict) or sum(deltas.values()) + pool_after - pool_in != 0:
            out.add("CHECK_CONSERVATION", n, "the stored changes do not conserve chips")
        if deltas != _loads(exp[3]):
            out.add("CHECK_DELTAS", n, f"stored changes {deltas}, the rules give {_loads(exp[3])}")
        if (pool_in, pot, pool_after) != exp[4:7]:
            out.add("CHECK_POOL", n, f"stored pool {pool_in} -> {pool_after}, the rules give "
                    f"{exp[4]} -> {exp[6]}")
        facts = (dealer, double, outcome, ruling, _loads(looed))
        if facts != (exp[1], exp[7], exp[8], exp[9], _loads(exp[10])):
            out.add("CHECK_HAND", n, f"stored dealer, double, outcome, ruling, looed {facts}; "
                    f"the rules give {(exp[1], exp[7], exp[8], exp[9], _loads(exp[10]))}")


def _by_hand(rows: Iterable[tuple[Any, ...]], key: slice) -> dict[Any, list[tuple[Any, ...]]]:
    out: dict[Any, list[tuple[Any, ...]]] = defaultdict(list)
    for r in rows:
        out[r[0]].append(r[key])
    return out


def _postings(out: _Findings, stored: StoredRows, want: Derived) -> None:
    """Payer, payee, amount and kind of each movement, in any order (reasons are words)."""
    def moves(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        return sorted(((r[2] or "", r[3] or "", r[4], r[7]) for r in rows),
                      key=lambda t: (t[0] != "", t[0], t[1] != "", t[1], t[2], str(t[3])))
    have, exp = _by_hand(stored.postings, slice(None)), _by_hand(want.postings, slice(None))
    for n in sorted(set(have) | set(exp), key=lambda x: (x is None, x or 0)):
        if n is None:
            out.add("CHECK_POSTINGS", None, f"{len(have[n])} postings belong to no stored hand")
        elif moves(have.get(n, [])) != moves(exp.get(n, [])):
            out.add("CHECK_POSTINGS", n, "the postings do not match the rules' chip movements "
                    "(payer, payee, amount, kind)")


def _nets(out: _Findings, stored: StoredRows) -> None:
    sums: dict[str, int] = defaultdict(int)
    for r in stored.postings:
        if r[2] is not None:
            sums[r[2]] -= r[4]
        if r[3] is not None:
            sums[r[3]] += r[4]
    for name, net in stored.nets.items():
        if net != sums.get(name, 0):
            out.add("CHECK_BALANCE", None, f"balance {net} stored, the postings add up to "
                    f"{sums.get(name, 0)}", player=name)


def _plays(out: _Findings, stored: StoredRows, want: Derived) -> None:
    have, exp = _by_hand(stored.plays, slice(1, None)), _by_hand(want.plays, slice(1, None))
    for n in sorted(set(have) | set(exp)):
        a, b = set(have.get(n, [])), set(exp.get(n, []))
        if a != b:
            who = sorted({r[0] for r in a ^ b})
            out.add("CHECK_PLAYS", n, f"the statistics rows of {', '.join(who)} differ from "
                    "what the rules give", player=who[0] if len(who) == 1 else None)


def _totals(out: _Findings, stored: StoredRows, want: Derived) -> None:
    for p in sorted(set(stored.player_totals) | set(want.player_totals)):
        if stored.player_totals.get(p) != want.player_totals.get(p):
            out.add("CHECK_TOTALS", None, f"{p}'s totals (player_totals) stored "
                    f"{stored.player_totals.get(p)}, the hands give {want.player_totals.get(p)}",
                    player=p)
    seats = {k[0] for k in set(stored.seat_totals) ^ set(want.seat_totals)}
    seats |= {k[0] for k in set(stored.seat_totals) & set(want.seat_totals)
              if stored.seat_totals[k] != want.seat_totals[k]}
    for p in sorted(seats):
        out.add("CHECK_TOTALS", None, f"{p}'s totals by seat (seat_totals) differ from what "
                "the hands give", player=p)
    if stored.session_totals != want.session_totals:
        out.add("CHECK_TOTALS", None, f"the session's totals (session_totals) stored "
                f"{stored.session_totals}, the hands give {want.session_totals}")


def _state(out: _Findings, stored: StoredRows, result: Replay) -> None:
    final, last = result.final, len(result.settlements) or None
    after = f"after hand {last}" if last else "before the first hand"
    if stored.pool != final.pool:
        out.add("CHECK_STATE", last, f"pool {stored.pool} stored, the hands leave {final.pool}")
    if stored.next_dealer != final.dealer:
        out.add("CHECK_STATE", last, f"next dealer {stored.next_dealer} stored, the rules give "
                f"{final.dealer} {after}")
    if _loads(stored.state) != json.loads(state_to_json(final)):
        out.add("CHECK_STATE", last, f"the table state stored {stored.state} is not the "
                f"table {after}: {state_to_json(final)}")
