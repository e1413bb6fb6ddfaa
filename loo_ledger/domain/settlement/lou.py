"""Lou (000, after Budericks): standing is a promise of two tricks; the burned match the pot."""

from __future__ import annotations

from collections.abc import Mapping

from loo_ledger.domain.next.plan import ALL_FOLD, LONE, RENEGE
from loo_ledger.domain.rules.codes import DealKind, LouOddCent
from loo_ledger.domain.rules.model import Settlement
from loo_ledger.domain.settlement import wording
from loo_ledger.domain.settlement.book import Book

# The members the engine reads for every hand, read from their classes once (an
# enum member read from its class costs some 0.4 µs on Python 3.11).
_DEAL_LOU_FIRST = DealKind.LOU_FIRST
_ODD_FIRST_LEFT = LouOddCent.FIRST_LEFT
_ODD_STAYS = LouOddCent.STAYS


def settle_lou(tricks: Mapping[str, int], offenders: list[str], book: Book) -> Settlement:
    plan, v, pot, ways = book.plan, book.variant, book.pot, book.ways
    burn = min(pot, v.burn_cap)
    first = plan.kind == _DEAL_LOU_FIRST
    if book.outcome == ALL_FOLD:
        book.memo(pot, ways.all_folded)
        return book.finish(next_dealer=plan.dealer, double=pot > 0, lou=(False, False))
    if book.outcome == RENEGE:
        for p in offenders:
            book.loo(p, ways.reneged, amount=burn)  # a renege's burn is a burn (stats, exports)
        book.note(wording.renege_note(offenders))
        return book.finish(next_dealer=plan.dealer, double=True, lou=(first, False),
                           sit_out=frozenset(offenders))
    if book.outcome == LONE and plan.taker is not None:
        book.take_whole(plan.taker, ways.stood_alone)
    else:
        _played(tricks, book, burn, first)
    over = book.pool_after == 0
    return book.finish(next_dealer=plan.next_dealer, double=not over, lou=(over, over))


def _played(tricks: Mapping[str, int], book: Book, burn: int, first: bool) -> None:
    plan, v, pot, ways = book.plan, book.variant, book.pot, book.ways
    standers = plan.in_play
    winner = next((p for p in standers if tricks.get(p, 0) >= 3), None)
    two_rule = len(standers) == 2 and (not first or v.lou_two_stander_rule)
    burned = [p for p in standers if p != winner and (tricks.get(p, 0) <= 1 or two_rule)]
    if winner is not None:
        book.take_whole(winner, ways.takes_pot, tricks[winner])
    elif first:
        _split(book, [p for p in standers if tricks.get(p, 0) == 2])
    else:
        book.memo(pot, ways.nobody_three)
    for p in burned:
        book.loo(p, ways.burned, amount=burn, won=tricks.get(p, 0))


def _split(book: Book, sharers: list[str]) -> None:
    """First deal, nobody reached three: the two-trick players share the pot (R30)."""
    pot, v, ways = book.pot, book.variant, book.ways
    if not sharers:
        book.memo(pot, ways.nobody_two)
        return
    share, odd = divmod(pot, len(sharers))
    for i, p in enumerate(sharers):
        extra = odd if (i == 0 and v.lou_odd_cent == _ODD_FIRST_LEFT) else 0
        book.pay(ways.first_deal_share, (None, p, share + extra, len(sharers)))
    if odd and v.lou_odd_cent == _ODD_STAYS:
        book.memo(odd, ways.odd_cents)
