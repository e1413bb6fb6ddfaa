"""Settling a Loo hand whose cards were played (tricks, revokes) or shown (a flush)."""

from __future__ import annotations

from collections.abc import Mapping

from loo_ledger.domain.rules.codes import BoardPayers, FlushPayout, RevokePenalty
from loo_ledger.domain.rules.model import HandRecord
from loo_ledger.domain.settlement import wording
from loo_ledger.domain.settlement.book import Book
from loo_ledger.domain.settlement.flushes import best_flush, flush_name

# The members the engine reads for every hand, read from their classes once (an
# enum member read from its class costs some 0.4 µs on Python 3.11).
_PAYERS_ALL = BoardPayers.ALL
_PAYOUT_BOARD = FlushPayout.BOARD
_REVOKE_BLENHEIM = RevokePenalty.BLENHEIM


def settle_tricks(tricks: Mapping[str, int], offenders: list[str], book: Book) -> None:
    """Each trick takes P // hand_size; all tricks take P; a player in play without a trick is
    looed. A defending dealer's shares stay; an offender's shares stay and it pays its
    penalty, a defending dealer included (R45).

    The shares and the loos for no trick, one movement each for most players, are posted
    here into the book's lists (its movements, each player's net, the looed and what they
    paid), and the chips they move into and out of the pool are added to its figures
    once, at the end (:meth:`Book.move`'s arithmetic for a movement between the pool and
    a player: sums, so in any order)."""
    v, plan, pot, ways = book.variant, book.plan, book.pot, book.ways
    size, defender, due = v.hand_size, plan.defender, book.due
    share = pot // size if v.divided else 0  # undivided: no trick takes a share
    won_by = tricks.get
    in_play = plan.in_play
    special = defender is not None or bool(offenders)  # (most hands: no one is asked)
    post, net, looed, loos = book.movements.append, book.net, book.looed.append, book.loos
    paid = taken = 0  # into the pool and out of it, by the movements posted here
    for seat in ways.rows_met(in_play) or ways.seats(in_play):
        p = seat.name
        won = won_by(p, 0)
        if special and (p == defender or p in offenders):
            amount = pot if won == size else won * share
            if p == defender:
                book.memo(amount, ways.defended, won)
                if p in offenders:
                    _revoke(book, p, won, 0)
            else:
                _revoke(book, p, won, amount)
        elif won == size:  # every trick (at most one player in play: checks.trick_problems)
            book.take_whole(p, ways.all_tricks, won)
        elif not won:  # looed (Book.looed_for; the player's only loo: no other is paid here)
            if due:
                post(seat.loo_met(due) or seat.looed(due))
                net[p] -= due
                paid += due
            looed(p)
            loos[p] = due
        elif share:
            post(seat.share_met[won](share) or seat.share(won, share))
            net[p] += (amount := won * share)
            taken += amount
    book.change += paid - taken
    book.moved += paid + taken
    if size not in tricks.values():  # nobody took every trick: what is left stays
        left = pot - share * size
        if left:
            book.memo(left, ways.odd_chips if v.divided else ways.undivided)


def _revoke(book: Book, p: str, won: int, shares: int) -> None:
    """``looed``: looed whatever it won; ``blenheim``: four singles if it won a trick, else
    looed; its shares stay in the pool either way."""
    v, ways = book.variant, book.ways
    if shares:
        book.memo(shares, ways.revoke_shares, p)
    if v.revoke_penalty == _REVOKE_BLENHEIM and won > 0:
        book.pay(ways.blenheim, (p, None, 4 * v.single_stake))
    else:
        book.loo(p, ways.revoke)


def settle_pays_pool(offenders: list[str], book: Book) -> None:
    """``pays-pool`` (002, R20): P shared equally by the others in play, tricks ignored (a
    defending dealer never collects); each offender pays P into the next pool, as a loo.
    A defending dealer who revokes leaves the lone stander the whole of P (R45)."""
    plan, pot, ways = book.plan, book.pot, book.ways
    others = [p for p in plan.in_play if p not in offenders and p != plan.defender]
    share = pot // len(others) if others else 0
    for p in others:
        if share:
            book.pay(ways.revoke_share, (None, p, share, tuple(offenders)))
    if pot - share * len(others):
        book.memo(pot - share * len(others), ways.revoke_odd)
    for p in offenders:
        book.loo(p, ways.revoke_pays, amount=pot)


def settle_flush(record: HandRecord, book: Book) -> None:
    """The best flush settles the hand by ``flush_payout``; beaten holders neither pay nor
    receive. A defending dealer's best flush keeps the pool in place (R41)."""
    v, plan, pot, ways = book.variant, book.plan, book.pot, book.ways
    win = best_flush(record.flushes, plan.dealt, v, record.trump)
    holders = {f.player for f in record.flushes}
    exempt = holders | {plan.defender,
                        record.pam_holder if v.flush_payout == _PAYOUT_BOARD else None}
    if win.player == plan.defender:
        book.note(wording.DEALERS_FLUSH_NOTE)
        book.memo(pot, ways.dealers_flush)
        for p in plan.in_play:
            if p not in exempt:
                book.loo(p, ways.looed_by_dealers)
        return
    book.take_whole(win.player, ways.flush_takes, flush_name(win.kind))
    if v.flush_payout == _PAYOUT_BOARD:
        payers = plan.dealt if v.board_payers == _PAYERS_ALL else plan.in_play
        for p in payers:
            if p not in exempt:
                book.pay(ways.board, (p, win.player, book.due))
        return
    for p in plan.in_play:
        if p not in exempt:
            book.loo(p, ways.looed_by_flush)
