"""``loo check``: everything stored that is derived from the hand records, compared with
what the records give when settled again.

Each stored row is compared with what the one writer would store now (store/derive.py):
the hands' changes and pools, their movements (payer, payee, amount, kind), the seats'
nets (against the movements), each hand's words and tricks, the three totals tables
and the table state cached on the session (pool, next dealer, state), and, when all of
those agree, the leak tallies (store/leak_tallies.py: derived from the stored hands); then
the audit trail, replayed, must give the stored hand records (services/checking_audit.py)
and the session's seats, seat changes, closing and import fingerprint; the payments and
aliases are held to the ledger's own audit rows (services/checking_table.py). A record
that is not a JSON object is a finding, never a crash. Every finding names the session,
and the hand (or the player) it is about.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from loo_ledger.domain.rules.chips import signed
from loo_ledger.domain.rules.model import TableState
from loo_ledger.domain.settlement.engine import settle
from loo_ledger.domain.settlement.session import session_variant, start, variant_at
from loo_ledger.errors import LooError, Problem
from loo_ledger.formats.handcodec import record_from_dict
from loo_ledger.services.checking_audit import AuditTrail
from loo_ledger.services.checking_table import check_ledger_rows, check_table, made_here
from loo_ledger.store import codec, leak_tallies
from loo_ledger.store.codec import Seats, decode_record, loads_or_none, state_to_json
from loo_ledger.store.derive import Derived, Deriving
from loo_ledger.store.identities import kept
from loo_ledger.store.ledger import Ledger
from loo_ledger.store.stored_rows import StoredRows
from loo_ledger.store.totals import (
    PLAYER_TOTAL_COLUMNS,
    SEAT_TOTAL_COLUMNS,
    SESSION_TOTAL_COLUMNS,
)


def check(ledger: Ledger) -> list[Problem]:
    """Every difference in every session, session by session, hand by hand (or, for a
    damaged file, what SQLite's integrity check finds: :func:`check_file`)."""
    problems: list[Problem] = check_file(ledger)
    if problems:
        return problems
    for row in ledger.sessions():
        problems += check_session(ledger, row["id"])
    return problems + check_ledger(ledger)


def check_ledger(ledger: Ledger) -> list[Problem]:
    """What belongs to no session: the payments and aliases, held to the ledger's own
    audit rows (services/checking_table.check_ledger_rows)."""
    return check_ledger_rows(*kept(ledger.db))


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


#: Hands settled, then derived and compared together: the objects of a few hands at a time
#: are alive at once, so that they die young (memory, and the garbage collector's work,
#: stay flat however long the session).
BATCH = 32


def check_session(ledger: Ledger, sid: int) -> list[Problem]:
    """The differences in session ``sid``: its derived rows, then its audit trail
    (services/checking_audit.py). The hands are read, settled and compared as they come
    (:data:`BATCH` at a time), inside one read snapshot."""
    with ledger.db.snapshot():
        stored = ledger.stored_rows(sid)
        audit = AuditTrail(sid, stored.audit, stored.hand_count,
                           started=0 if made_here(stored) else None,
                           seats_since=stored.since.get("m010_fixable_sessions"))
        check = _Check(sid, stored)
        seats, hand, audited = check.seats, check.hand, audit.hand
        for row in ledger.iter_hand_rows(sid):
            record = _record(row[2], seats)
            audited(row[0], record)
            hand(row, record)
        found = check.finish()
        if not found:   # the leak tallies follow from hands found right (store/leak_tallies.py):
            # counted from the rows derived, which are then the rows stored
            found = [Problem(code="CHECK_LEAK_TALLIES", player=name,
                             message=f"session {sid}: {said}")
                     for name, said in leak_tallies.differences(
                         leak_tallies.stored(ledger.db.conn, sid), check.leaks.tallies())]
    return found + audit.finish() + check_table(sid, stored, audit)


class _Check:
    """One session's derived rows compared, hand by hand: the findings of each kind in
    the order they are reported."""

    def __init__(self, sid: int, stored: StoredRows):
        self.sid, self.stored, self.players = sid, stored, stored.players
        self.seats = Seats(stored.players)
        self.records = _Findings(sid)
        self.replay = _Findings(sid)
        self.found = {k: _Findings(sid) for k in ("hands", "postings", "plays")}
        self.session = stored.session
        self.previous = stored.opening_pool
        self.count = 0     # hands compared
        self.settled = 0   # hands settled
        self.starts = {c.from_hand for c in self.session.rule_changes}
        lou, swapping = leak_tallies.session_game(self.session.variant, self.session.rules)
        self.leaks = leak_tallies.Tally(stored.players, lou=lou, swapping=swapping)
        #: the rows derived, batch after batch, and the sums they add to
        self.deriving = Deriving(stored.players, leaks=self.leaks)
        self.nets: dict[str, int] = defaultdict(int)  # stored movements minus the rules'
        self.variant: Any = None
        self.state: TableState | None = None
        #: the hands settled and not yet derived: (row, record, settlement)
        self.pending: list[tuple[tuple[Any, ...], Any, Any]] = []
        try:
            self.variant = session_variant(self.session)
            self.state = start(self.session)
        except LooError as exc:
            self._failed(exc)

    def _failed(self, exc: LooError) -> None:
        hand = next((p.hand for p in exc.problems if p.hand is not None), None)
        self.replay.add("CHECK_REPLAY", hand, str(exc))
        self.state = None
        self.pending = []

    def hand(self, row: tuple[Any, ...], record: Any) -> None:
        """The next stored hand (its row and its record decoded, None if it cannot be):
        settled, and with the hands before it derived and compared (:data:`BATCH` at a
        time). After a record that cannot be read, or a replay that fails, no hand is
        settled: that is the finding."""
        if type(record) is not dict:
            self.records.add("CHECK_RECORD", row[0], "the stored record is not a JSON "
                             "object, so the hand cannot be settled again")
            return
        state = self.state
        if self.records or state is None:
            return
        n = self.settled = self.settled + 1
        try:
            if n in self.starts:
                self.variant = variant_at(self.session, n)
            result = settle(record_from_dict(record, shared=True), state, self.variant)
        except LooError as exc:
            self._failed(exc)
            return
        self.state = result.next_state
        pending = self.pending
        pending.append((row, record, result))
        if len(pending) == BATCH:
            self._derive()

    def _derive(self) -> None:
        """The hands settled and not yet derived: derived and compared."""
        pending, self.pending = self.pending, []
        if not pending:
            return
        try:
            derived = self.deriving.rows([p[1] for p in pending], [p[2] for p in pending],
                                         texts=False)
        except LooError as exc:
            self._failed(exc)
            return
        for (row, _, _), exp in zip(pending, derived, strict=True):
            self._hand(row, exp)

    def _hand(self, row: tuple[Any, ...], exp: tuple[Any, ...]) -> None:
        self.count += 1
        n, pool_in, pool_after = row[0], row[4], row[6]
        if (n == self.count and pool_in == self.previous and row[:2] == exp[:2]
                and row[3:] == exp[3:]):
            self.previous = pool_after
            return
        _hand_facts(self.found["hands"], self.players, self.count, row, exp, self.previous)
        self.previous = pool_after
        have, rules = _moves(self.players, row[13]), _moves(self.players, exp[13])
        if have is None or rules is None or sorted(have) != sorted(rules):
            self.found["postings"].add("CHECK_POSTINGS", n, "the postings do not match the "
                                       "rules' chip movements (payer, payee, amount, kind)")
        for moves, sign in ((have or (), 1), (rules or (), -1)):
            for payer, payee, amount, _ in moves:
                if payer:
                    self.nets[payer] -= sign * amount
                if payee:
                    self.nets[payee] += sign * amount
        _plays(self.found["plays"], self.players, row, exp)

    def finish(self) -> list[Problem]:
        if not self.records and self.state is not None:
            self._derive()
        if self.records:
            return self.records
        if self.replay:
            return self.replay
        out = _Findings(self.sid)
        out += self.found["hands"] + self.found["postings"]
        assert self.state is not None  # else the replay failed, and that is the finding
        derived = self.deriving.derived(self.state)
        for name, net in self.stored.nets.items():
            sums = derived.nets.get(name, 0) + self.nets.get(name, 0)
            if net != sums:
                out.add("CHECK_BALANCE", None, f"{name}'s balance {net} stored, the postings "
                        f"add up to {sums}: {_difference(net, sums)}", player=name)
        out += self.found["plays"]
        _totals(out, self.stored, derived)
        if self.state is not None:
            _state(out, self.stored, self.state, self.count)
        return out


def _hand_facts(out: _Findings, players: list[str], i: int, row: tuple[Any, ...],
                exp: tuple[Any, ...], previous: int) -> None:
    n, dealer, _, deltas, pool_in, pot, pool_after, double, outcome, ruling, looed = row[:11]
    if n != i:
        out.add("CHECK_HANDS", n, f"stored as hand {n}, but it is hand {i} of the record")
    if pool_in != previous:
        out.add("CHECK_CONTINUITY", n, f"pool carried in is {pool_in}, but the hand before "
                f"left {previous}")
    deltas = loads_or_none(deltas)
    if not isinstance(deltas, list) or not all(
            d is None or type(d) is int for d in deltas) or sum(
            d or 0 for d in deltas) + pool_after - pool_in != 0:
        out.add("CHECK_CONSERVATION", n, "the stored changes do not conserve chips")
    want = loads_or_none(exp[3])
    if deltas != want:
        out.add("CHECK_DELTAS", n, _changes(players, deltas, want))
    if (pool_in, pot, pool_after) != exp[4:7]:
        out.add("CHECK_POOL", n, f"stored pool {pool_in} -> {pool_after}, the rules give "
                f"{exp[4]} -> {exp[6]}")
    if (dealer, double, outcome, ruling, looed) != (exp[1], *exp[7:11]):
        have = (_who(players, dealer), double, codec.outcome_text(outcome), ruling,
                _looed(players, looed))
        rules = (players[exp[1]], exp[7], codec.outcome_text(exp[8]), exp[9],
                 _looed(players, exp[10]))
        out.add("CHECK_HAND", n, _stored_against(
            ("dealer", "double", "outcome", "table ruling", "looed"), have, rules,
            "the rules give"))


def _plays(out: _Findings, players: list[str], row: tuple[Any, ...],
           exp: tuple[Any, ...]) -> None:
    """A hand's words and tricks (the statistics of each player dealt in)."""
    words, tricks = str(row[11]), str(row[12])
    ew, et = exp[11], exp[12]
    if (words, tricks) == (ew, et):
        return
    who = [p for i, p in enumerate(players)
           if words[i:i + 1] != ew[i:i + 1] or tricks[i:i + 1] != et[i:i + 1]]
    out.add("CHECK_PLAYS", row[0], f"the statistics rows of {', '.join(who) or 'the hand'} "
            "differ from what the rules give", player=who[0] if len(who) == 1 else None)


def _record(text: Any, seats: Seats) -> Any:
    """A stored record decoded (store/codec.py), or None if it cannot be read. Its pieces
    are shared with the other hands that have them: nothing here changes a record."""
    try:
        return decode_record(text, seats, shared=True)
    except (TypeError, ValueError, RecursionError):
        return None


def _difference(stored: int, wanted: int) -> str:
    """What is stored beyond what it should be: ``+5``."""
    return signed(stored - wanted)


def _words(value: Any) -> str:
    """A stored value in a message: a list of names joined, ``nothing`` for none, true or
    false as JSON writes them; anything else as it is stored."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "no one"
    return str(value)


def _stored_against(names: Sequence[str], have: Sequence[Any], want: Sequence[Any],
                    give: str) -> str:
    """``tricks 3 stored, the hands give 2; net ...``: each figure that differs."""
    return "; ".join(f"{name} {_words(h)} stored, {give} {_words(w)}"
                     for name, h, w in zip(names, have, want, strict=False) if h != w)


def _changes(players: list[str], have: Any, want: Any) -> str:
    """A hand's stored changes against the rules', player by player (``B's change +13
    stored, the rules give +12``); the stored text, if it is not a change per seat."""
    if not (isinstance(have, list) and isinstance(want, list)
            and len(have) == len(want) == len(players)):
        return f"the stored changes {have!s} cannot be read as a change per seat"
    def change(d: Any) -> str:
        return "none" if d is None else signed(d) if type(d) is int else str(d)
    return "; ".join(f"{p}'s change {change(h)} stored, the rules give {change(w)}"
                     for p, h, w in zip(players, have, want, strict=True) if h != w)


def _who(players: list[str], position: Any) -> Any:
    return players[position] if isinstance(position, int) and 0 <= position < len(
        players) else position


def _looed(players: list[str], mask: Any) -> Any:
    if not isinstance(mask, int):
        return mask
    return [p for i, p in enumerate(players) if mask >> i & 1]


def _moves(players: list[str], text: Any) -> list[tuple[Any, ...]] | None:
    """A hand's stored movements as (payer, payee, amount, kind), the pool '', or None if
    the column cannot be read."""
    try:
        return [("" if a < 0 else players[a], "" if b < 0 else players[b], amount, kind)
                for a, b, amount, kind in codec.moves_list(text)]
    except (TypeError, ValueError, IndexError):
        return None


def _totals(out: _Findings, stored: StoredRows, want: Derived) -> None:
    for p in sorted(set(stored.player_totals) | set(want.player_totals)):
        have, rules = stored.player_totals.get(p), want.player_totals.get(p)
        if have != rules:
            out.add("CHECK_TOTALS", None, f"{p}'s totals (player_totals): "
                    f"{_row_against(PLAYER_TOTAL_COLUMNS, have, rules)}", player=p)
    keys = set(stored.seat_totals) | set(want.seat_totals)
    for p in sorted({k[0] for k in keys}):
        differ = [_row_against(SEAT_TOTAL_COLUMNS, stored.seat_totals.get(k),
                               want.seat_totals.get(k), f"seat {k[1]} ")
                  for k in sorted(k for k in keys if k[0] == p)
                  if stored.seat_totals.get(k) != want.seat_totals.get(k)]
        if differ:
            out.add("CHECK_TOTALS", None, f"{p}'s totals by seat (seat_totals): "
                    f"{'; '.join(differ)}", player=p)
    if stored.session_totals != want.session_totals:
        sums = _row_against(SESSION_TOTAL_COLUMNS, stored.session_totals, want.session_totals)
        out.add("CHECK_TOTALS", None, f"the session's totals (session_totals): {sums}")


def _row_against(columns: Sequence[str], have: Sequence[int] | None,
                 want: Sequence[int] | None, where: str = "") -> str:
    """A totals row stored against the one the hands give, column by column."""
    if have is None:
        return f"{where}no row stored, the hands give one"
    if want is None:
        return f"{where}a row stored, the hands give none"
    return _stored_against([where + c for c in columns], have, want, "the hands give")


def _state(out: _Findings, stored: StoredRows, final: TableState, count: int) -> None:
    last = count or None
    after = f"after hand {last}" if last else "before the first hand"
    if stored.pool != final.pool:
        out.add("CHECK_STATE", last, f"pool {stored.pool} stored, the hands leave {final.pool}")
    if stored.next_dealer != final.dealer:
        out.add("CHECK_STATE", last, f"next dealer {stored.next_dealer} stored, the rules give "
                f"{final.dealer} {after}")
    have, want = loads_or_none(stored.state), loads_or_none(state_to_json(final))
    if have != want:
        if not isinstance(have, dict):
            differ = f"{stored.state!s} stored cannot be read as a table state"
        else:
            keys = list(want) + [k for k in have if k not in want]
            differ = _stored_against(keys, [have.get(k) for k in keys],
                                     [want.get(k) for k in keys], "the rules give")
        out.add("CHECK_STATE", last, f"the table state stored is not the table {after}: "
                f"{differ}")
