"""Settling a Loo hand whose cards were played (tricks, revokes) or shown (a flush)."""

from __future__ import annotations

from collections.abc import Mapping

from loo_ledger.domain.rules.codes import (
    BoardPayers,
    FlushPayout,
    LooCause,
    MovementKind,
    RevokePenalty,
    RuleRef,
)
from loo_ledger.domain.rules.model import HandRecord
from loo_ledger.domain.settlement import wording
from loo_ledger.domain.settlement.book import Book
from loo_ledger.domain.settlement.flushes import best_flush, flush_name

# The members the engine reads for every hand, read from their classes once (an
# enum member read from its class costs some 0.4 µs on Python 3.11).
_CAUSE_DEALERS_FLUSH = LooCause.DEALERS_FLUSH
_CAUSE_FLUSH = LooCause.FLUSH
_CAUSE_NO_TRICK = LooCause.NO_TRICK
_CAUSE_REVOKE = LooCause.REVOKE
_CAUSE_REVOKE_PAYS = LooCause.REVOKE_PAYS
_KIND_BOARD = MovementKind.BOARD
_KIND_PENALTY = MovementKind.PENALTY
_KIND_SHARE = MovementKind.SHARE
_PAYERS_ALL = BoardPayers.ALL
_PAYOUT_BOARD = FlushPayout.BOARD
_REVOKE_BLENHEIM = RevokePenalty.BLENHEIM


_R41 = RuleRef(catalogue="R41")
_DIVIDED = RuleRef(param="divided")


def settle_tricks(tricks: Mapping[str, int], offenders: list[str], book: Book) -> None:
    """Each trick takes P // hand_size; all tricks take P; a player in play without a trick is
    looed. A defending dealer's shares stay; an offender's shares stay and it pays its
    penalty, a defending dealer included (R45)."""
    v, plan, pot, c = book.variant, book.plan, book.pot, book.c
    size = v.hand_size
    share = pot // size
    whole = next((p for p in plan.in_play if tricks.get(p, 0) == size), None)
    divided = c.rule("divided")
    for p in plan.in_play:
        won = tricks.get(p, 0)
        amount = pot if p == whole else (won * share if v.divided else 0)
        if p == plan.defender:
            book.memo(amount, wording.defended(won), c.rule("dealer_vs_one"))
            if p in offenders:
                _revoke(book, p, won, 0)
        elif p in offenders:
            _revoke(book, p, won, amount)
        else:
            if p == whole:
                book.take_whole(p, wording.all_tricks(won), divided)
            elif amount:
                book.pay(None, p, amount, wording.trick_share(won, share), divided,
                         kind=_KIND_SHARE)
            if won == 0:
                book.loo(p, _CAUSE_NO_TRICK)
    if whole is None:
        left = pot % size if v.divided else pot
        if left:
            book.memo(left, wording.ODD_CHIPS if v.divided else wording.UNDIVIDED, _DIVIDED)


def _revoke(book: Book, p: str, won: int, shares: int) -> None:
    """``looed``: looed whatever it won; ``blenheim``: four singles if it won a trick, else
    looed; its shares stay in the pool either way."""
    v = book.variant
    if shares:
        book.memo(shares, wording.revoke_shares(p), book.c.rule("revoke_penalty"))
    if v.revoke_penalty == _REVOKE_BLENHEIM and won > 0:
        book.pay(p, None, 4 * v.single_stake, wording.BLENHEIM,
                 book.c.rule("revoke_penalty", source="001"), kind=_KIND_PENALTY)
    else:
        book.loo(p, _CAUSE_REVOKE)


def settle_pays_pool(offenders: list[str], book: Book) -> None:
    """``pays-pool`` (002, R20): P shared equally by the others in play, tricks ignored (a
    defending dealer never collects); each offender pays P into the next pool, as a loo.
    A defending dealer who revokes leaves the lone stander the whole of P (R45)."""
    plan, pot = book.plan, book.pot
    why = book.c.rule("revoke_penalty")
    others = [p for p in plan.in_play if p not in offenders and p != plan.defender]
    share = pot // len(others) if others else 0
    for p in others:
        if share:
            book.pay(None, p, share, wording.revoke_share(offenders), why,
                     kind=_KIND_SHARE)
    if pot - share * len(others):
        book.memo(pot - share * len(others), wording.ODD_CHIPS, why)
    for p in offenders:
        book.loo(p, _CAUSE_REVOKE_PAYS, amount=pot)


def settle_flush(record: HandRecord, book: Book) -> None:
    """The best flush settles the hand by ``flush_payout``; beaten holders neither pay nor
    receive. A defending dealer's best flush keeps the pool in place (R41)."""
    v, plan, pot = book.variant, book.plan, book.pot
    win = best_flush(record.flushes, plan.dealt, v, record.trump)
    holders = {f.player for f in record.flushes}
    exempt = holders | {plan.defender,
                        record.pam_holder if v.flush_payout == _PAYOUT_BOARD else None}
    if win.player == plan.defender:
        book.note(wording.DEALERS_FLUSH_NOTE)
        book.memo(pot, wording.DEALERS_FLUSH_STAYS, _R41)
        for p in plan.in_play:
            if p not in exempt:
                book.loo(p, _CAUSE_DEALERS_FLUSH)
        return
    book.take_whole(win.player, wording.flush_takes(flush_name(win.kind)),
                    book.c.rule("flushes"))
    if v.flush_payout == _PAYOUT_BOARD:
        payers = plan.dealt if v.board_payers == _PAYERS_ALL else plan.in_play
        for p in payers:
            if p not in exempt:
                book.pay(p, win.player, book.loo_amount(), wording.BOARD,
                         book.c.rule("flush_payout", "board_payers"), kind=_KIND_BOARD)
        return
    for p in plan.in_play:
        if p not in exempt:
            book.loo(p, _CAUSE_FLUSH)
