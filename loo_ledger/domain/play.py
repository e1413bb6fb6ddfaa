"""Settling a Loo hand whose cards were played (tricks, revokes) or shown (a flush)."""

from __future__ import annotations

from loo_ledger.domain.book import Book, rule
from loo_ledger.domain.checks import revokers
from loo_ledger.domain.codes import BoardPayers, FlushPayout, MovementKind, RevokePenalty, RuleRef
from loo_ledger.domain.flushes import best_flush, flush_name
from loo_ledger.domain.model import HandRecord


def settle_tricks(record: HandRecord, book: Book) -> None:
    """Each trick takes P // hand_size; all tricks take P; a player in play without a trick is
    looed. A defending dealer's shares stay; an offender's shares stay and it pays its
    penalty, a defending dealer included (R45)."""
    v, deal, pot = book.variant, book.deal, book.pot
    tricks = record.tricks or {}
    share = pot // v.hand_size
    offenders = set(revokers(record, deal))
    whole = next((p for p in deal.in_play if tricks.get(p, 0) == v.hand_size), None)
    for p in deal.in_play:
        won = tricks.get(p, 0)
        amount = pot if p == whole else (won * share if v.divided else 0)
        label = (f"all {won} tricks: takes the pool" if p == whole
                 else f"{won} trick{'s' if won != 1 else ''} at {share}")
        if p == deal.defender:
            book.memo(amount, f"defended: {won} trick share stays", rule(v, "dealer_vs_one"))
            if p in offenders:
                _revoke(book, p, won, 0)
        elif p in offenders:
            _revoke(book, p, won, amount)
        else:
            ref = rule(v, "divided")
            if p == whole:
                book.take_whole(p, label, ref)
            elif amount:
                book.pay(None, p, amount, label, ref, kind=MovementKind.SHARE)
            if won == 0:
                book.loo(p, "looed: took no trick")
    if whole is None:
        left = pot % v.hand_size if v.divided else pot
        if left:
            book.memo(left, "odd chips stay" if v.divided else "nobody took every trick: the "
                      "pool stays (divided=false)", RuleRef(param="divided"))


def _revoke(book: Book, p: str, won: int, shares: int) -> None:
    """``looed``: looed whatever it won; ``blenheim``: four singles if it won a trick, else
    looed; its shares stay in the pool either way."""
    v = book.variant
    if shares:
        book.memo(shares, f"revoke: {p}'s shares stay", rule(v, "revoke_penalty"))
    if v.revoke_penalty == RevokePenalty.BLENHEIM and won > 0:
        book.pay(p, None, 4 * v.single_stake, "revoke: forfeits four singles (law 9)",
                 rule(v, "revoke_penalty", source="001"), kind=MovementKind.PENALTY)
    else:
        book.loo(p, "revoke: looed")


def settle_pays_pool(record: HandRecord, book: Book) -> None:
    """``pays-pool`` (002, R20): P shared equally by the others in play, tricks ignored (a
    defending dealer never collects); each offender pays P into the next pool, as a loo.
    A defending dealer who revokes leaves the lone stander the whole of P (R45)."""
    deal, pot, v = book.deal, book.pot, book.variant
    offenders = revokers(record, deal)
    others = [p for p in deal.in_play if p not in offenders and p != deal.defender]
    share = pot // len(others) if others else 0
    for p in others:
        if share:
            book.pay(None, p, share, f"revoke by {', '.join(offenders)}: an equal share",
                     rule(v, "revoke_penalty"), kind=MovementKind.SHARE)
    if pot - share * len(others):
        book.memo(pot - share * len(others), "odd chips stay", rule(v, "revoke_penalty"))
    for p in offenders:
        book.loo(p, "revoke: pays the pool", amount=pot)


def settle_flush(record: HandRecord, book: Book) -> None:
    """The best flush settles the hand by ``flush_payout``; beaten holders neither pay nor
    receive. A defending dealer's best flush keeps the pool in place (R41)."""
    v, deal, pot = book.variant, book.deal, book.pot
    win = best_flush(record.flushes, deal.dealt, v, record.trump)
    holders = {f.player for f in record.flushes}
    exempt = holders | {deal.defender,
                        record.pam_holder if v.flush_payout == FlushPayout.BOARD else None}
    if win.player == deal.defender:
        book.note("R41: the defending dealer holds the best flush: the pool stays and the "
                  "others in play are looed; confirm this with the table")
        book.memo(pot, "defended with a flush: the pool stays", RuleRef(catalogue="R41"))
        for p in deal.in_play:
            if p not in exempt:
                book.loo(p, "looed by the dealer's flush")
        return
    book.take_whole(win.player, f"{flush_name(win.kind)} takes the pool", rule(v, "flushes"))
    if v.flush_payout == FlushPayout.BOARD:
        payers = deal.dealt if v.board_payers == BoardPayers.ALL else deal.in_play
        for p in payers:
            if p not in exempt:
                book.pay(p, win.player, book.loo_amount(), "the flush loos the board: pays a loo",
                         rule(v, "flush_payout", "board_payers"), kind=MovementKind.BOARD)
        return
    for p in deal.in_play:
        if p not in exempt:
            book.loo(p, "looed by the flush")
