"""``loo check``: everything stored that is derived from the hand records, compared with
what the records give when settled again.

Each stored row is compared with what the one writer would store now (store/derive.py):
the hands' changes and pools, their movements (payer, payee, amount, kind), the seats'
nets (against the movements), each hand's words and tricks, the three totals tables
and the table state cached on the session (pool, next dealer, state); then the audit
trail, replayed, must give the stored hand records (services/checking_audit.py). A record
that is not a JSON object is a finding, never a crash. Every finding names the session,
and the hand (or the player) it is about.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from loo_ledger.domain import Replay, replay
from loo_ledger.errors import LooError, Problem
from loo_ledger.services.checking_audit import check_audit
from loo_ledger.store import facts
from loo_ledger.store.codec import state_to_json
from loo_ledger.store.derive import Derived, derive
from loo_ledger.store.ledger import Ledger
from loo_ledger.store.records import Seats, decode
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
    seats = Seats(stored.players)
    records = [(n, _record(text, seats)) for n, text in stored.records]
    return _derived(ledger, sid, stored, records) + check_audit(sid, stored.audit, records)


def _derived(ledger: Ledger, sid: int, stored: StoredRows,
             records: list[tuple[int, Any]]) -> list[Problem]:
    out = _Findings(sid)
    for number, record in records:
        if not isinstance(record, dict):
            out.add("CHECK_RECORD", number, "the stored record is not a JSON object, so the "
                    "hand cannot be settled again")
    if out:
        return out
    try:
        session = ledger.stored(sid).session
        result = replay(session)
        want = derive(session.players, [r for _, r in records],
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


def _record(text: Any, seats: Seats) -> Any:
    """A stored record decoded (store/records.py), or None if it cannot be read."""
    try:
        return decode(text, seats)
    except (TypeError, ValueError, RecursionError):
        return None


def _loads(text: Any) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def _named(players: list[str], value: Any) -> Any:
    """A stored per-seat list as {name: value} for a message (as stored if it is not)."""
    if isinstance(value, list) and len(value) == len(players):
        return {p: v for p, v in zip(players, value, strict=True) if v is not None}
    return value


def _who(players: list[str], position: Any) -> Any:
    return players[position] if isinstance(position, int) and 0 <= position < len(
        players) else position


def _looed(players: list[str], mask: Any) -> Any:
    if not isinstance(mask, int):
        return mask
    return [p for i, p in enumerate(players) if mask >> i & 1]


def _hands(out: _Findings, stored: StoredRows, want: Derived) -> None:
    players = stored.players
    if len(stored.hands) != len(want.hands):
        out.add("CHECK_HANDS", None, f"{len(stored.hands)} hands stored, {len(want.hands)} in "
                "the record")
    previous = stored.opening_pool
    for i, (row, exp) in enumerate(zip(stored.hands, want.hands, strict=False), 1):
        n, dealer, _, deltas, pool_in, pot, pool_after, double, outcome, ruling, looed = row[:11]
        if n != i:
            out.add("CHECK_HANDS", n, f"stored as hand {n}, but it is hand {i} of the record")
        if pool_in != previous:
            out.add("CHECK_CONTINUITY", n, f"pool carried in is {pool_in}, but the hand before "
                    f"left {previous}")
        previous = pool_after
        deltas = _loads(deltas)
        if not isinstance(deltas, list) or not all(
                d is None or type(d) is int for d in deltas) or sum(
                d or 0 for d in deltas) + pool_after - pool_in != 0:
            out.add("CHECK_CONSERVATION", n, "the stored changes do not conserve chips")
        if deltas != _loads(exp[3]):
            out.add("CHECK_DELTAS", n, f"stored changes {_named(players, deltas)}, the rules "
                    f"give {_named(players, _loads(exp[3]))}")
        if (pool_in, pot, pool_after) != exp[4:7]:
            out.add("CHECK_POOL", n, f"stored pool {pool_in} -> {pool_after}, the rules give "
                    f"{exp[4]} -> {exp[6]}")
        if (dealer, double, outcome, ruling, looed) != (exp[1], *exp[7:11]):
            have = (_who(players, dealer), double, facts.outcome_text(outcome), ruling,
                    _looed(players, looed))
            rules = (players[exp[1]], exp[7], facts.outcome_text(exp[8]), exp[9],
                     _looed(players, exp[10]))
            out.add("CHECK_HAND", n, f"stored dealer, double, outcome, ruling, looed {have}; "
                    f"the rules give {rules}")


def _moves(players: list[str], text: Any) -> list[tuple[Any, ...]] | None:
    """A hand's stored movements as (payer, payee, amount, kind), the pool '', or None if
    the column cannot be read."""
    try:
        return [("" if a < 0 else players[a], "" if b < 0 else players[b], amount, kind)
                for a, b, amount, kind in facts.moves_list(text)]
    except (TypeError, ValueError, IndexError):
        return None


def _postings(out: _Findings, stored: StoredRows, want: Derived) -> None:
    """Payer, payee, amount and kind of each movement, in any order (reasons are words)."""
    exp = {row[0]: row[13] for row in want.hands}
    for row in stored.hands:
        have = _moves(stored.players, row[13])
        rules = _moves(stored.players, exp.get(row[0], "[]"))
        if have is None or rules is None or sorted(have) != sorted(rules):
            out.add("CHECK_POSTINGS", row[0], "the postings do not match the rules' chip "
                    "movements (payer, payee, amount, kind)")


def _nets(out: _Findings, stored: StoredRows) -> None:
    sums: dict[str, int] = defaultdict(int)
    for row in stored.hands:
        for payer, payee, amount, _ in _moves(stored.players, row[13]) or ():
            if payer:
                sums[payer] -= amount
            if payee:
                sums[payee] += amount
    for name, net in stored.nets.items():
        if net != sums.get(name, 0):
            out.add("CHECK_BALANCE", None, f"balance {net} stored, the postings add up to "
                    f"{sums.get(name, 0)}", player=name)


def _plays(out: _Findings, stored: StoredRows, want: Derived) -> None:
    """Each hand's words and tricks (the statistics of each player dealt in)."""
    exp = {row[0]: row[11:13] for row in want.hands}
    players = stored.players
    for row in stored.hands:
        words, tricks = str(row[11]), str(row[12])
        ew, et = exp.get(row[0], ("", ""))
        if (words, tricks) == (ew, et):
            continue
        who = [p for i, p in enumerate(players)
               if words[i:i + 1] != ew[i:i + 1] or tricks[i:i + 1] != et[i:i + 1]]
        out.add("CHECK_PLAYS", row[0], f"the statistics rows of {', '.join(who) or 'the hand'} "
                "differ from what the rules give", player=who[0] if len(who) == 1 else None)


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
