"""Lou (000, after Budericks): standing is a promise of two tricks; the burned match the pot."""

from __future__ import annotations

from loo_ledger.domain.book import Book, rule
from loo_ledger.domain.checks import revokers
from loo_ledger.domain.codes import DealKind, LouOddCent, MovementKind
from loo_ledger.domain.deal import ALL_FOLD, LONE, RENEGE
from loo_ledger.domain.legal import next_seat
from loo_ledger.domain.model import HandRecord, Settlement


def settle_lou(record: HandRecord, book: Book) -> Settlement:
    deal, state, v, pot = book.deal, book.state, book.variant, book.pot
    burn = min(pot, v.burn_cap)
    first = deal.kind == DealKind.LOU_FIRST
    if book.outcome == ALL_FOLD:
        book.memo(pot, "everyone folded: the pot stays and the same dealer deals again",
                  rule(v, "game"))
        return book.finish(next_dealer=deal.dealer, double=pot > 0, lou_first=False,
                           lou_antes_due=False)
    if book.outcome == RENEGE:
        offenders = revokers(record, deal)
        for p in offenders:
            book.pay(p, None, burn, f"reneged: burned {burn}, sits out the redeal",
                     rule(v, "revoke_penalty", "burn_cap"), kind=MovementKind.BURN)
        book.note("the same dealer deals again; " + ", ".join(offenders) + " sits out")
        return book.finish(next_dealer=deal.dealer, double=True, lou_first=first,
                           lou_antes_due=False, sit_out=frozenset(offenders))
    if book.outcome == LONE and deal.taker is not None:
        book.take_whole(deal.taker, "stood alone: takes the pot, the game ends", rule(v, "game"))
    else:
        _played(record, book, burn, first)
    over = book.pool_after == 0
    return book.finish(next_dealer=next_seat(state.seats, deal.dealer), double=not over,
                       lou_first=over, lou_antes_due=over)


def _played(record: HandRecord, book: Book, burn: int, first: bool) -> None:
    deal, v, pot = book.deal, book.variant, book.pot
    tricks = record.tricks or {}
    standers = deal.in_play
    winner = next((p for p in standers if tricks.get(p, 0) >= 3), None)
    two_rule = len(standers) == 2 and (not first or v.lou_two_stander_rule)
    burned = [p for p in standers if p != winner and (tricks.get(p, 0) <= 1 or two_rule)]
    if winner is not None:
        book.take_whole(winner, f"{tricks[winner]} tricks: takes the pot", rule(v, "game"))
    elif first:
        _split(book, [p for p in standers if tricks.get(p, 0) == 2])
    else:
        book.memo(pot, "nobody took three tricks: the pot stays", rule(v, "game"))
    for p in burned:
        book.loo(p, f"burned ({tricks.get(p, 0)} trick{'s' if tricks.get(p, 0) != 1 else ''})",
                 amount=burn, why=rule(v, "burn_cap"))


def _split(book: Book, sharers: list[str]) -> None:
    """First deal, nobody reached three: the two-trick players share the pot (R30)."""
    pot, v = book.pot, book.variant
    if not sharers:
        book.memo(pot, "nobody took two tricks: everyone is burned and the pot stays",
                  rule(v, "game"))
        return
    share, odd = divmod(pot, len(sharers))
    for i, p in enumerate(sharers):
        extra = odd if (i == 0 and v.lou_odd_cent == LouOddCent.FIRST_LEFT) else 0
        why = (f"2 tricks on the first deal: shares the pot {len(sharers)} ways"
               if len(sharers) > 1 else "the only one with 2 tricks on the first deal")
        book.pay(None, p, share + extra, why, rule(v, "lou_odd_cent"),
                 kind=MovementKind.SHARE)
    if odd and v.lou_odd_cent == LouOddCent.STAYS:
        book.memo(odd, "odd cents stay", rule(v, "lou_odd_cent"))
