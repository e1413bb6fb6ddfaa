"""The fast path's book (domain/fast.py) for every hand it handles but the commonest: a pool
taken without play, a defended pool, revokes (``looed``, ``blenheim``, ``pays-pool``), forfeits
paid before play, and Lou (folds, lone standers, played deals, reneges).

Each function follows its slow counterpart line by line (``Book``, ``settle._settle_deal``,
``play.settle_tricks``, ``play._revoke``, ``play.settle_pays_pool``, ``lou.settle_lou``), so
the movements come out the same and in the same order.
"""

from __future__ import annotations

from typing import Any

from loo_ledger.domain.codes import DealKind, MovementKind, Resolution, RevokePenalty
from loo_ledger.domain.compiled import Compiled, Plan
from loo_ledger.domain.model import HandRecord, Movement, Penalty, Settlement, TableState

PLAYED, ALL_PASS, LONE = Resolution.PLAYED, Resolution.ALL_PASS, Resolution.LONE
ALL_FOLD, RENEGE = Resolution.ALL_FOLD, Resolution.RENEGE
SHARE, STAYS, LOO = MovementKind.SHARE, MovementKind.STAYS, MovementKind.LOO
WHOLE = MovementKind.WHOLE_POOL
NO_SIT_OUT: frozenset[str] = frozenset()


class Moves:
    """The hand's movements as they are made, with each player's net and the pool's."""

    __slots__ = ("c", "out", "net", "pool", "looed", "loos", "whole", "pot", "notes")

    def __init__(self, c: Compiled, antes: tuple[Movement, ...], net: dict[str, int],
                 pool: int) -> None:
        self.c = c
        self.out = list(antes)
        self.net = net.copy()
        self.pool = pool  # the pool as the movements leave it (antes in)
        self.looed: list[str] = []
        self.loos: dict[str, int] = {}
        self.whole: str | None = None
        self.pot = pool
        self.notes: tuple[str, ...] = ()

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


def settle_book(record: HandRecord, state: TableState, c: Compiled, plan: Plan,
                resolution: Resolution, offenders: list[str],
                forfeits: tuple[Penalty, ...]) -> Settlement | None:
    """settle._settle_deal after the checks: antes, forfeits, then how the hand resolved."""
    d = plan.d
    book = Moves(c, plan.antes, plan.net, state.pool)
    book.pool += plan.paid_in
    for pen in forfeits:
        book.pay(pen.player, None, c.v.single_stake, MovementKind.FORFEIT,
                 f"forfeit: {pen.kind} (paid into this pool)", c.r_forfeits)
    book.pot = book.pool
    tricks = record.tricks or {}
    if c.lou:
        return _lou(record, state, c, plan, resolution, offenders, book)
    if resolution in (ALL_PASS, LONE) and d.taker is not None:
        if resolution == ALL_PASS:
            book.take_whole(d.taker, "all the others passed: takes the pool", c.r_r9)
        else:
            book.take_whole(d.taker, "plays alone: takes the pool without play",
                            c.r_r5 if plan.shape.miss_dealt else c.r_lone)
    elif offenders and c.v.revoke_penalty == RevokePenalty.PAYS_POOL:
        _pays_pool(c, plan, offenders, book)
    else:
        _tricks(tricks, c, plan, offenders, book)
    double = bool(book.looed) if c.double_looed else book.pool > 0
    return finish(record, state, plan, resolution, book, plan.seating.next_dealer, double,
                  state.lou_first, state.lou_antes_due)


def _tricks(tricks: Any, c: Compiled, plan: Plan, offenders: list[str], book: Moves) -> None:
    """play.settle_tricks."""
    d, pot, size = plan.d, book.pot, c.hand_size
    share = pot // size
    whole = next((p for p in d.in_play if tricks.get(p, 0) == size), None)
    for p in d.in_play:
        won = tricks.get(p, 0)
        amount = pot if p == whole else (won * share if c.divided else 0)
        if p == d.defender:
            book.pay(None, None, amount, STAYS, f"defended: {won} trick share stays",
                     c.r_dealer_vs_one)
            if p in offenders:
                _revoke(c, book, p, won, 0)
        elif p in offenders:
            _revoke(c, book, p, won, amount)
        else:
            if p == whole:
                book.take_whole(p, f"all {won} tricks: takes the pool", c.r_divided)
            elif amount:
                book.pay(None, p, amount, SHARE,
                         f"{won} trick{'s' if won != 1 else ''} at {share}", c.r_divided)
            if won == 0:
                book.loo(p, "looed: took no trick", c.loo_for(pot), c.r_loo)
    if whole is None:
        left = pot % size if c.divided else pot
        if left:
            book.pay(None, None, left, STAYS, "odd chips stay" if c.divided else "nobody took "
                     "every trick: the pool stays (divided=false)", c.r_divided_bare)


def _revoke(c: Compiled, book: Moves, p: str, won: int, shares: int) -> None:
    """play._revoke."""
    if shares:
        book.pay(None, None, shares, STAYS, f"revoke: {p}'s shares stay", c.r_revoke)
    if c.v.revoke_penalty == RevokePenalty.BLENHEIM and won > 0:
        book.pay(p, None, 4 * c.v.single_stake, MovementKind.PENALTY,
                 "revoke: forfeits four singles (law 9)", c.r_revoke_001)
    else:
        book.loo(p, "revoke: looed", c.loo_for(book.pot), c.r_loo)


def _pays_pool(c: Compiled, plan: Plan, offenders: list[str], book: Moves) -> None:
    """play.settle_pays_pool."""
    d, pot = plan.d, book.pot
    others = [p for p in d.in_play if p not in offenders and p != d.defender]
    share = pot // len(others) if others else 0
    for p in others:
        if share:
            book.pay(None, p, share, SHARE, f"revoke by {', '.join(offenders)}: an equal share",
                     c.r_revoke)
    if pot - share * len(others):
        book.pay(None, None, pot - share * len(others), STAYS, "odd chips stay", c.r_revoke)
    for p in offenders:
        book.loo(p, "revoke: pays the pool", pot, c.r_loo)


def _lou(record: HandRecord, state: TableState, c: Compiled, plan: Plan,
         resolution: Resolution, offenders: list[str], book: Moves) -> Settlement | None:
    """lou.settle_lou."""
    d, pot, dealer = plan.d, book.pot, plan.seating.dealer
    burn = min(pot, c.burn_cap)
    first = d.kind == DealKind.LOU_FIRST
    if resolution == ALL_FOLD:
        book.pay(None, None, pot, STAYS, "everyone folded: the pot stays and the same dealer "
                 "deals again", c.r_game)
        return finish(record, state, plan, resolution, book, dealer, pot > 0, False, False)
    if resolution == RENEGE:
        for p in offenders:
            book.pay(p, None, burn, MovementKind.BURN, f"reneged: burned {burn}, sits out the "
                     "redeal", c.r_renege)
        book.notes = ("the same dealer deals again; " + ", ".join(offenders) + " sits out",)
        return finish(record, state, plan, resolution, book, dealer, True, first, False,
                      frozenset(offenders))
    if resolution == LONE and d.taker is not None:
        book.take_whole(d.taker, "stood alone: takes the pot, the game ends", c.r_game)
    else:
        _lou_played(record.tricks or {}, c, plan, book, burn, first)
    over = book.pool == 0
    return finish(record, state, plan, resolution, book, plan.seating.next_dealer, not over,
                  over, over)


def _lou_played(tricks: Any, c: Compiled, plan: Plan, book: Moves, burn: int,
                first: bool) -> None:
    """lou._played and lou._split."""
    pot, standers = book.pot, plan.d.in_play
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


def agree(recorded: Any, deltas: dict[str, int]) -> bool:
    """ruling.deltas_problems finds nothing: every figure the table recorded is the rules'."""
    return all(n == deltas[p] for p, n in recorded.items())


def finish(record: HandRecord, state: TableState, plan: Plan, resolution: Resolution,
           book: Moves, next_dealer: str, double: bool, lou_first: bool, lou_antes_due: bool,
           sit_out: frozenset[str] = NO_SIT_OUT) -> Settlement | None:
    """Book.finish, the table's figures checked (ruling.deltas_problems) and the trick
    counts kept (settle._attempt); None if a figure the table recorded is not the rules'."""
    deltas = book.net
    recorded = record.deltas
    if recorded and recorded != deltas and not agree(recorded, deltas):
        return None
    pool_after = book.pool
    nxt = TableState(
        seats=state.seats, dealer=next_dealer, pool=pool_after, double=double,
        lou_first=lou_first, lou_antes_due=lou_antes_due, sit_out=sit_out,
        hand_no=state.hand_no + 1, last_had_loo=bool(book.looed))
    d, seating = plan.d, plan.seating
    return Settlement(
        hand_no=state.hand_no, dealer=seating.dealer, dealt=seating.dealt,
        movements=tuple(book.out), deltas=deltas, pool_in=state.pool, pot=book.pot,
        pool_after=pool_after, double=state.double, outcome=resolution,
        next_state=nxt, looed=tuple(book.looed), loos=book.loos, whole=book.whole,
        kind=d.kind, words=dict(d.words), notes=book.notes, table_ruling=None,
        rules_deltas={}, tricks=dict(record.tricks or {}), cards=None)
