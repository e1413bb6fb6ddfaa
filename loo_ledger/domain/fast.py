"""The fast path of ``settle``: the common hand record settled in a few microseconds.

:func:`fast_settle` handles a record with no cards, flushes, penalties, Pam holder or table
ruling, in a Loo or Lou deal, and returns ``None`` for anything else and for any record
with a problem, so that the full ``validate`` + ``settle`` (domain/settle.py, the slow
reference) answers it, with its messages. When it answers, its Settlement is the slow
path's to the chip: the same movements (kind, rule, reason, payer, payee, amount) in the
same order, the same deltas, pool, looed, words and next state (tests/test_fast_engine.py
compares the two on random legal sessions of every preset).

The code follows settle._attempt, settle._settle_deal, play.settle_tricks, lou.settle_lou
and Book.finish line by line; what depends only on the variant and a few facts of the hand
is asked once of the slow code and remembered (domain/compiled.py).
"""

from __future__ import annotations

from typing import Any

from loo_ledger.domain.codes import DealKind, MovementKind, Resolution
from loo_ledger.domain.compiled import COMPILED, SUITS, Compiled, Declared, Seating, compiled
from loo_ledger.domain.model import HandRecord, Movement, Settlement, TableState
from loo_ledger.domain.variants import Variant

PLAYED, ALL_PASS, LONE = Resolution.PLAYED, Resolution.ALL_PASS, Resolution.LONE
ALL_FOLD = Resolution.ALL_FOLD
SHARE, STAYS, LOO = MovementKind.SHARE, MovementKind.STAYS, MovementKind.LOO
WHOLE = MovementKind.WHOLE_POOL
_new = object.__new__
_NO_SIT_OUT: frozenset[str] = frozenset()
_INTS = frozenset({int})
_MISSING: Any = object()


class _Moves:
    """The hand's movements as they are made, with each player's net and the pool's."""

    __slots__ = ("c", "out", "net", "pool", "looed", "loos", "whole", "pot")

    def __init__(self, c: Compiled, antes: tuple[Movement, ...], net: dict[str, int],
                 pot: int) -> None:
        self.c = c
        self.out = list(antes)
        self.net = net.copy()
        self.pool = pot  # the pool as the movements leave it (antes in)
        self.looed: list[str] = []
        self.loos: dict[str, int] = {}
        self.whole: str | None = None
        self.pot = pot

    def pay(self, payer: str | None, payee: str | None, amount: int, kind: MovementKind,
            reason: str, why: Any) -> None:
        if amount:
            self.out.append(self.c.move(payer, payee, amount, kind, reason, why))
            net = self.net
            if payer is None:
                self.pool -= amount
            else:
                net[payer] = net.get(payer, 0) - amount
            if payee is None:
                self.pool += amount
            else:
                net[payee] = net.get(payee, 0) + amount

    def loo(self, player: str, reason: str, amount: int, why: Any) -> None:
        noun = "pot" if self.c.lou else "pool"
        self.pay(player, None, amount, LOO, f"{reason}: pays the {noun} {amount}", why)
        self.looed.append(player)
        self.loos[player] = self.loos.get(player, 0) + amount

    def take_whole(self, player: str, reason: str, why: Any) -> None:
        self.pay(None, player, self.pot, WHOLE, reason, why)
        self.whole = player


def fast_settle(record: HandRecord, state: TableState, v: Variant) -> Settlement | None:
    """The settlement of ``record``, or None where the full engine must answer."""
    if (record.cards is not None or record.flushes or record.penalties
            or record.table_ruling is not None or record.pam_holder is not None):
        return None
    c = COMPILED.get(id(v))
    if c is None or c.v is not v:
        c = compiled(v)
    try:
        return _settle(record, state, c)
    except TypeError:  # something unhashable or not a number: the full engine reads it
        return None


def _settle(record: HandRecord, state: TableState, c: Compiled) -> Settlement | None:
    trump, out, said = record.trump, record.sitting_out, record.declarations
    if trump is not None and trump not in SUITS:
        return None
    key = (state.seats, state.dealer, state.sit_out, out, state.lou_first, state.double,
           state.last_had_loo, state.lou_antes_due, trump == "clubs",
           None if said is None else tuple(said), None if said is None else tuple(said.values()))
    plan = c.plans.get(key, _MISSING)
    if plan is _MISSING:
        plan = c.plan(key, state, out, trump, said)
    if plan is None:
        return None
    seating, d = plan.seating, plan.d
    if record.dealer is not None and record.dealer != seating.dealer:
        return None
    if out and state.hand_no == 1 and state.dealer in out:
        return None
    dealt = seating.dealt_set
    tricks, exchanges, recorded = record.tricks or {}, record.exchanges, record.deltas
    if not (dealt.issuperset(tricks) and (recorded is None or dealt.issuperset(recorded))):
        return None
    shape = plan.shape
    resolution = d.resolution
    if exchanges and not _exchanges_sound(exchanges, c, shape, seating, d):
        return None
    if resolution == PLAYED:
        if not (d.in_play_set.issuperset(tricks) and _INTS.issuperset(map(type, tricks.values()))
                and sum(tricks.values()) == c.hand_size and min(tricks.values()) >= 0):
            return None
    elif tricks:
        return None
    antes, net = plan.antes, plan.net
    pot = state.pool + plan.paid_in
    if c.lou:
        return _lou(record, state, c, seating, d, _Moves(c, antes, net, pot))
    if resolution == PLAYED and d.defender is None:
        return _plain(record, state, c, seating, d, antes, net, pot, tricks)
    book = _Moves(c, antes, net, pot)
    if resolution in (ALL_PASS, LONE) and d.taker is not None:
        if resolution == ALL_PASS:
            book.take_whole(d.taker, "all the others passed: takes the pool", c.r_r9)
        else:
            book.take_whole(d.taker, "plays alone: takes the pool without play",
                            c.r_r5 if shape.miss_dealt else c.r_lone)
    else:
        _tricks(tricks, c, d, book)
    double = bool(book.looed) if c.double_looed else book.pool > 0
    return _finish(record, state, seating, d, book, seating.next_dealer, double,
                   state.lou_first, state.lou_antes_due)


def _exchanges_sound(exchanges: Any, c: Compiled, shape: Any, seating: Seating,
                     d: Declared) -> bool:
    """checks.exchange_problems finds nothing."""
    if not c.exchange or d.resolution != PLAYED:
        return False
    for p, n in exchanges.items():
        low, high = c.limit(shape, seating.dealt, p)
        if p not in d.in_play_set or type(n) is not int or not low <= n <= high:
            return False
    return True


def _plain(record: HandRecord, state: TableState, c: Compiled, seating: Seating, d: Declared,
           antes: tuple[Movement, ...], net: dict[str, int], pot: int,
           tricks: Any) -> Settlement | None:
    """play.settle_tricks for the commonest hand: played, no defender, no offender."""
    size = c.hand_size
    share = pot // size
    moves = list(antes)
    deltas = net.copy()
    pool = pot
    looed: list[str] = []
    loos: dict[str, int] = {}
    whole = None
    get = tricks.get
    if size in tricks.values():
        whole = next((p for p in d.in_play if get(p, 0) == size), None)
    shares, loo_moves = c.shares, c.loo_moves
    loo = c.loo_for(pot)
    for p in d.in_play:
        won = get(p, 0)
        if p == whole:
            if pot:
                moves.append(c.move(None, p, pot, WHOLE, f"all {won} tricks: takes the pool",
                                    c.r_divided))
                deltas[p] += pot
                pool -= pot
        elif won:
            if c.divided and share:
                amount = won * share
                key = (p, won, share)
                m = shares.get(key)
                if m is None:
                    m = shares[key] = c.move(None, p, amount, SHARE,
                                             f"{won} trick{'s' if won != 1 else ''} at {share}",
                                             c.r_divided)
                moves.append(m)
                deltas[p] += amount
                pool -= amount
        else:
            if loo:
                key2 = (p, loo)
                m = loo_moves.get(key2)
                if m is None:
                    m = loo_moves[key2] = c.move(p, None, loo, LOO,
                                                 f"looed: took no trick: pays the pool {loo}",
                                                 c.r_loo)
                moves.append(m)
                deltas[p] -= loo
                pool += loo
            looed.append(p)
            loos[p] = loo
    if whole is None:
        left = pot % size if c.divided else pot
        if left:
            moves.append(c.move(None, None, left, STAYS, "odd chips stay" if c.divided else
                                "nobody took every trick: the pool stays (divided=false)",
                                c.r_divided_bare))
    if record.deltas and record.deltas != deltas and not _agree(record.deltas, deltas):
        return None
    nxt = _new(TableState)
    nxt.__dict__.update(
        seats=state.seats, dealer=seating.next_dealer, pool=pool,
        double=bool(looed) if c.double_looed else pool > 0, lou_first=state.lou_first,
        lou_antes_due=state.lou_antes_due, sit_out=_NO_SIT_OUT, hand_no=state.hand_no + 1,
        last_had_loo=bool(looed))
    result = _new(Settlement)
    result.__dict__.update(
        hand_no=state.hand_no, dealer=seating.dealer, dealt=seating.dealt,
        movements=tuple(moves), deltas=deltas, pool_in=state.pool, pot=pot, pool_after=pool,
        double=state.double, outcome=PLAYED, next_state=nxt, looed=tuple(looed), loos=loos,
        whole=whole, kind=d.kind, words=d.words.copy(), notes=(), table_ruling=None,
        rules_deltas={}, tricks=dict(tricks), cards=None)
    return result


def _agree(recorded: Any, deltas: dict[str, int]) -> bool:
    """ruling.deltas_problems finds nothing: every figure the table recorded is the rules'."""
    return all(n == deltas[p] for p, n in recorded.items())


def _tricks(tricks: Any, c: Compiled, d: Declared, book: _Moves) -> None:
    """play.settle_tricks without offenders."""
    pot, size = book.pot, c.hand_size
    share = pot // size
    whole = next((p for p in d.in_play if tricks.get(p, 0) == size), None)
    for p in d.in_play:
        won = tricks.get(p, 0)
        amount = pot if p == whole else (won * share if c.divided else 0)
        if p == d.defender:
            book.pay(None, None, amount, STAYS, f"defended: {won} trick share stays",
                     c.r_dealer_vs_one)
            continue
        if p == whole:
            book.take_whole(p, f"all {won} tricks: takes the pool", c.r_divided)
        elif amount:
            book.pay(None, p, amount, SHARE, f"{won} trick{'s' if won != 1 else ''} at {share}",
                     c.r_divided)
        if won == 0:
            book.loo(p, "looed: took no trick", c.loo_for(pot), c.r_loo)
    if whole is None:
        left = pot % size if c.divided else pot
        if left:
            book.pay(None, None, left, STAYS, "odd chips stay" if c.divided else "nobody took "
                     "every trick: the pool stays (divided=false)", c.r_divided_bare)


def _lou(record: HandRecord, state: TableState, c: Compiled, seating: Seating, d: Declared,
         book: _Moves) -> Settlement | None:
    """lou.settle_lou without a renege."""
    pot = book.pot
    if d.resolution == ALL_FOLD:
        book.pay(None, None, pot, STAYS, "everyone folded: the pot stays and the same dealer "
                 "deals again", c.r_game)
        return _finish(record, state, seating, d, book, seating.dealer, pot > 0, False, False)
    if d.resolution == LONE and d.taker is not None:
        book.take_whole(d.taker, "stood alone: takes the pot, the game ends", c.r_game)
    else:
        _lou_played(record.tricks or {}, c, d, book, min(pot, c.burn_cap),
                    d.kind == DealKind.LOU_FIRST)
    over = book.pool == 0
    return _finish(record, state, seating, d, book, seating.next_dealer, not over, over, over)


def _lou_played(tricks: Any, c: Compiled, d: Declared, book: _Moves, burn: int,
                first: bool) -> None:
    pot, standers = book.pot, d.in_play
    winner = next((p for p in standers if tricks.get(p, 0) >= 3), None)
    two_rule = len(standers) == 2 and (not first or c.two_stander)
    burned = [p for p in standers if p != winner and (tricks.get(p, 0) <= 1 or two_rule)]
    if winner is not None:
        book.take_whole(winner, f"{tricks[winner]} tricks: takes the pot", c.r_game)
    elif first:
        sharers = [p for p in standers if tricks.get(p, 0) == 2]
        if not sharers:
            book.pay(None, None, pot, STAYS, "nobody took two tricks: everyone is burned and "
                     "the pot stays", c.r_game)
        else:
            share, odd = divmod(pot, len(sharers))
            why = (f"2 tricks on the first deal: shares the pot {len(sharers)} ways"
                   if len(sharers) > 1 else "the only one with 2 tricks on the first deal")
            for i, p in enumerate(sharers):
                extra = odd if (i == 0 and c.odd_first) else 0
                book.pay(None, p, share + extra, SHARE, why, c.r_odd_cent)
            if odd and c.odd_stays:
                book.pay(None, None, odd, STAYS, "odd cents stay", c.r_odd_cent)
    else:
        book.pay(None, None, pot, STAYS, "nobody took three tricks: the pot stays", c.r_game)
    for p in burned:
        won = tricks.get(p, 0)
        book.loo(p, f"burned ({won} trick{'s' if won != 1 else ''})", burn, c.r_burn_cap)


def _finish(record: HandRecord, state: TableState, seating: Seating, d: Declared, book: _Moves,
            next_dealer: str, double: bool, lou_first: bool,
            lou_antes_due: bool) -> Settlement | None:
    """Book.finish, the table's figures checked (ruling.deltas_problems) and the trick
    counts kept (settle._attempt); None if a figure the table recorded is not the rules'."""
    deltas = book.net
    recorded = record.deltas
    if recorded and recorded != deltas and not _agree(recorded, deltas):
        return None
    pool_after = book.pool
    nxt = _new(TableState)
    nxt.__dict__.update(
        seats=state.seats, dealer=next_dealer, pool=pool_after, double=double,
        lou_first=lou_first, lou_antes_due=lou_antes_due, sit_out=_NO_SIT_OUT,
        hand_no=state.hand_no + 1, last_had_loo=bool(book.looed))
    out = _new(Settlement)
    out.__dict__.update(
        hand_no=state.hand_no, dealer=seating.dealer, dealt=seating.dealt,
        movements=tuple(book.out), deltas=deltas, pool_in=state.pool, pot=book.pot,
        pool_after=pool_after, double=state.double, outcome=d.resolution,
        next_state=nxt, looed=tuple(book.looed), loos=book.loos, whole=book.whole,
        kind=d.kind, words=dict(d.words), notes=(), table_ruling=None, rules_deltas={},
        tricks=dict(record.tricks or {}), cards=None)
    return out
