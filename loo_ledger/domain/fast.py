"""The fast path of ``settle``: the common hand record settled in a few microseconds.

:func:`fast_settle` handles a record with no cards, flushes, Pam holder or table ruling (its
revokes and forfeits it handles, in domain/fast_book.py), in a Loo or Lou deal, and returns
``None`` for anything else and for any record with a problem, so that the full ``validate``
+ ``settle`` (domain/settle.py, the slow reference) answers it, with its messages. When it
answers, its Settlement is the slow path's to the chip: the same movements (kind, rule,
reason, payer, payee, amount) in the same order, the same deltas, pool, looed, words, notes
and next state (tests/test_fast_engine.py compares the two on random legal sessions of
every preset).

The code follows settle._attempt, the checks and settle_tricks line by line; what depends
only on the variant and a few facts of the hand is asked once of the slow code and
remembered (domain/compiled.py).
"""

from __future__ import annotations

from typing import Any

from loo_ledger.domain.codes import (
    PRE_PLAY,
    MovementKind,
    PenaltyKind,
    Resolution,
)
from loo_ledger.domain.compiled import COMPILED, SUITS, Compiled, Declared, Plan, Seating, compiled
from loo_ledger.domain.fast_book import NO_SIT_OUT, agree, settle_book
from loo_ledger.domain.model import HandRecord, Movement, Penalty, Settlement, TableState
from loo_ledger.domain.variants import Variant

PLAYED, ALL_PASS, LONE = Resolution.PLAYED, Resolution.ALL_PASS, Resolution.LONE
RENEGE, FLUSH = Resolution.RENEGE, Resolution.FLUSH
SHARE, STAYS, LOO = MovementKind.SHARE, MovementKind.STAYS, MovementKind.LOO
WHOLE = MovementKind.WHOLE_POOL
REVOKE, MISDEAL = PenaltyKind.REVOKE, PenaltyKind.MISDEAL
DECLARED_EARLY = PenaltyKind.DECLARED_EARLY
_INTS = frozenset({int})
_MISSING: Any = object()
_NO_FORFEITS: tuple[Penalty, ...] = ()


def fast_settle(record: HandRecord, state: TableState, v: Variant) -> Settlement | None:
    """The settlement of ``record``, or None where the full engine must answer."""
    if record.cards is not None or record.table_ruling is not None:
        return None
    got = COMPILED.get(id(v))
    c = got[1] if got is not None and got[0] is v else compiled(v)
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
    plan: Plan | None = c.plans.get(key, _MISSING)
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
    resolution = d.resolution
    if record.flushes or record.pam_holder is not None:
        if record.pam_holder is not None and record.pam_holder not in dealt:
            return None
        if record.flushes:
            from loo_ledger.domain.fast_flush import flushed  # loaded for a hand with a flush
            return flushed(record, state, c, plan)
    offenders: list[str] = []
    forfeits = _NO_FORFEITS
    if record.penalties:
        found = penalties_sound(record.penalties, c, plan, resolution)
        if found is None:
            return None
        offenders, forfeits = found
        if offenders and c.lou:
            resolution = RENEGE  # checks.resolve: a sound renege throws a Lou hand in
    if exchanges and not exchanges_sound(exchanges, c, plan, resolution):
        return None
    if resolution == PLAYED:
        # checks.trick_problems (pays-pool with a revoke: the tricks may be left out)
        sound = (d.in_play_set.issuperset(tricks) and _INTS.issuperset(map(type, tricks.values()))
                 and sum(tricks.values()) == c.hand_size and min(tricks.values()) >= 0)
        if not sound and (tricks or not offenders or not c.pays_pool):
            return None
    elif tricks:
        return None
    if not c.lou and resolution == PLAYED and d.defender is None and not record.penalties:
        return _plain(record, state, c, seating, d, plan.antes, plan.net,
                      state.pool + plan.paid_in, tricks)
    return settle_book(record, state, c, plan, resolution, offenders, forfeits)


def penalties_sound(penalties: tuple[Penalty, ...], c: Compiled, plan: Plan,
               resolution: Resolution) -> tuple[list[str], tuple[Penalty, ...]] | None:
    """The offenders (checks.revokers) and the forfeits paid before play, or None where
    checks.penalty_problems would find a problem (or a player not dealt in is named)."""
    d, dealt = plan.d, plan.seating.dealt_set
    offenders: list[str] = []
    forfeits: list[Penalty] = []
    for pen in penalties:
        p, kind = pen.player, pen.kind
        if p not in dealt:
            return None
        if kind == REVOKE:
            if resolution != PLAYED or p not in d.in_play_set:
                return None
            if p not in offenders:
                offenders.append(p)
        elif kind in PRE_PLAY:
            if not c.forfeits or (kind == MISDEAL and p != plan.seating.dealer) \
                    or (kind == DECLARED_EARLY and p in d.in_play_set):
                return None
            forfeits.append(pen)
        else:
            return None
    return offenders, tuple(forfeits)


def exchanges_sound(exchanges: Any, c: Compiled, plan: Plan, resolution: Resolution) -> bool:
    """checks.exchange_problems finds nothing."""
    if not c.exchange or resolution not in (PLAYED, RENEGE, FLUSH):
        return False
    limits = plan.limits  # players in play only: anyone else may not exchange
    for p, n in exchanges.items():
        got = limits.get(p)
        if got is None or type(n) is not int or not got[0] <= n <= got[1]:
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
    if record.deltas and record.deltas != deltas and not agree(record.deltas, deltas):
        return None
    nxt = TableState(
        seats=state.seats, dealer=seating.next_dealer, pool=pool,
        double=bool(looed) if c.double_looed else pool > 0, lou_first=state.lou_first,
        lou_antes_due=state.lou_antes_due, sit_out=NO_SIT_OUT, hand_no=state.hand_no + 1,
        last_had_loo=bool(looed))
    return Settlement(
        hand_no=state.hand_no, dealer=seating.dealer, dealt=seating.dealt,
        movements=tuple(moves), deltas=deltas, pool_in=state.pool, pot=pot, pool_after=pool,
        double=state.double, outcome=PLAYED, next_state=nxt, looed=tuple(looed), loos=loos,
        whole=whole, kind=d.kind, words=d.words.copy(), notes=(), table_ruling=None,
        rules_deltas={}, tricks=dict(tricks), cards=None)
