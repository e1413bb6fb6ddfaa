"""validate and settle: a hand record, the table state and the variant in; problems,
or chip movements with a reason each and the next table state, out.

Both are answered by one function, so ``validate`` is empty exactly when ``settle``
succeeds. A settlement that does not conserve chips is a bug, raised as
:class:`ConservationError` (a LooError, so it survives ``python -O``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from loo_ledger.domain.book import Book, rule
from loo_ledger.domain.chips import MAX_CHIPS, beyond_limit
from loo_ledger.domain.codes import (
    PRE_PLAY,
    DoubleWhen,
    Game,
    MovementKind,
    Resolution,
    RevokePenalty,
    RuleRef,
)
from loo_ledger.domain.deal import (
    ALL_FOLD,
    ALL_PASS,
    LONE,
    PLAYED,
    RENEGE,
    Deal,
    analyse,
)
from loo_ledger.domain.fast import fast_settle
from loo_ledger.domain.legal import next_seat
from loo_ledger.domain.model import HandRecord, Settlement, TableState, net_changes
from loo_ledger.domain.variants import Variant
from loo_ledger.errors import HandRejected, LooError, Problem
from loo_ledger.problem import ProblemCode

if TYPE_CHECKING:
    from loo_ledger.domain.card_checks import Judged


class ConservationError(LooError):
    """A settlement that creates or loses chips: a bug in the engine, never bad input."""


def validate(record: HandRecord, state: TableState, v: Variant) -> list[Problem]:
    """Every problem of ``record`` at a table in ``state`` playing ``v`` (empty if valid)."""
    return _attempt(record, state, v)[0]


def settle(record: HandRecord, state: TableState, v: Variant) -> Settlement:
    """The settlement of a valid hand; raises HandRejected listing every problem.

    The common record is settled by the fast path (domain/fast.py); anything it does not
    handle, and every record with a problem (the chips limit, :func:`beyond_limit`,
    among them), by :func:`settle_slow`, the reference."""
    fast = fast_settle(record, state, v)
    if fast is not None and not beyond_limit(fast):
        return fast
    return settle_slow(record, state, v)


def settle_slow(record: HandRecord, state: TableState, v: Variant) -> Settlement:
    """:func:`settle` by the full engine alone: the reference the fast path must equal."""
    problems, result = _attempt(record, state, v)
    if problems or result is None:
        if problems and all(p.code == ProblemCode.CHIPS_LIMIT for p in problems):
            raise HandRejected(f"hand {state.hand_no} cannot be recorded: it passes the limit "
                               f"of {MAX_CHIPS:,} chips", problems)
        raise HandRejected(f"hand {state.hand_no} is impossible under these rules", problems)
    return result


# Problems after which the rest of the record cannot be read sensibly.
_UNREADABLE = {"CANNOT_DEAL", "MISSING_DECLARATION"}


def _attempt(record: HandRecord, state: TableState,
             v: Variant) -> tuple[list[Problem], Settlement | None]:
    """The problems of the record and, when there are none, its settlement."""
    from loo_ledger.domain.checks import check_record, resolve  # (see _settle_deal)
    deal = analyse(record, state, v)
    problems = list(deal.problems)
    resolution = deal.resolution
    judged: Judged | None = None
    if not any(p.code in _UNREADABLE for p in problems):
        if record.cards is not None:  # the card modules are loaded for hands with cards
            record, judged, card_problems = _read_cards(record, v, deal)
            problems += card_problems
        resolution = resolve(record, v, deal, deal.shape)
        if judged is not None:
            from loo_ledger.domain.card_checks import apply_tricks
            record, trick_problems = apply_tricks(record, judged, deal, v, resolution)
            problems += trick_problems
        problems += check_record(record, v, deal, deal.shape, resolution)
    if record.table_ruling and record.deltas is None:
        problems.append(Problem(code="TABLE_RULING_WITHOUT_DELTAS", hand=state.hand_no,
                                message="a table ruling needs the table's own figures (deltas)"))
    if problems:
        return problems, None
    result = _settle_deal(record, state, v, deal, resolution, judged)
    from loo_ledger.domain.ruling import apply_ruling, deltas_problems
    problems = deltas_problems(record, result)
    if not problems:
        result, problems = apply_ruling(record, result, v)
    if problems:
        return problems, None
    _check_conserved(result)
    problems = beyond_limit(result)
    if problems:
        return problems, None
    facts = None
    if judged is not None:
        from loo_ledger.domain.card_facts import card_facts
        facts = card_facts(judged.record, judged.result, judged.rules)
    return [], replace(result, tricks=dict(record.tricks or {}), cards=facts)


def _read_cards(record: HandRecord, v: Variant,
                deal: Deal) -> tuple[HandRecord, Judged | None, list[Problem]]:
    """The record's cards judged (issue 12): the record with the revokes and flushes the
    cards show added, the judgement, and the problems of the cards."""
    from loo_ledger.domain.card_checks import apply_breaches, apply_flushes, read_cards
    judged, problems = read_cards(record, v, deal)
    if problems:
        return record, None, problems
    record = apply_breaches(record, judged)
    record, problems = apply_flushes(record, judged, deal, v)
    return record, judged, problems


def _check_conserved(s: Settlement) -> None:
    """Deltas and the pool's change sum to zero, the movements net to the deltas, the pool
    is never negative and the next state carries it on."""
    players, pool = net_changes(s.movements)
    wrong = []
    if sum(s.deltas.values()) + s.pool_after - s.pool_in != 0:
        wrong.append(f"deltas {dict(s.deltas)} and the pool {s.pool_in} -> {s.pool_after}")
    if any(players.get(p, 0) != d for p, d in s.deltas.items()) or set(players) - set(s.deltas):
        wrong.append(f"movements net {players}, deltas {dict(s.deltas)}")
    if s.pool_in + pool != s.pool_after or s.pool_after < 0 or s.next_state.pool != s.pool_after:
        wrong.append(f"pool {s.pool_in} + {pool} -> {s.pool_after} "
                     f"(next state {s.next_state.pool})")
    if wrong:
        raise ConservationError(f"hand {s.hand_no}: chips not conserved: " + "; ".join(wrong))


def _settle_deal(record: HandRecord, state: TableState, v: Variant, deal: Deal,
                 resolution: Resolution, judged: Judged | None = None) -> Settlement:
    book = Book(state=state, deal=deal, variant=v, outcome=resolution)
    for breach in judged.result.breaches if judged is not None else ():
        book.note(f"the cards show a breach: {breach.message}"
                  + (" (the table ruled)" if record.table_ruling else ""))
    for player, amount in deal.antes:
        book.pay(player, None, amount, "ante", rule(v, "ante_model"), kind=MovementKind.ANTE)
    for pen in record.penalties:
        if pen.kind in PRE_PLAY:
            book.pay(pen.player, None, v.single_stake, f"forfeit: {pen.kind} (paid into this pool)",
                     rule(v, "forfeits"), kind=MovementKind.FORFEIT)
    book.pot = state.pool + book.paid_in
    # The full engine's own modules load when it first settles a hand: the fast path
    # (domain/fast.py) settles a common hand at the table without them.
    from loo_ledger.domain.checks import revokers
    from loo_ledger.domain.lou import settle_lou
    from loo_ledger.domain.play import settle_flush, settle_pays_pool, settle_tricks
    if v.game == Game.LOU:
        return settle_lou(record, book)
    if resolution in (ALL_PASS, LONE) and deal.taker is not None:
        if resolution == ALL_PASS:
            why, ref = "all the others passed: takes the pool", RuleRef(catalogue="R9")
        else:
            why = "plays alone: takes the pool without play"
            ref = RuleRef(catalogue="R5") if deal.miss_dealt else rule(v, "lone_player")
        book.take_whole(deal.taker, why, ref)
    elif resolution == Resolution.FLUSH:
        settle_flush(record, book)
    elif revokers(record, deal) and v.revoke_penalty == RevokePenalty.PAYS_POOL:
        settle_pays_pool(record, book)
    else:
        settle_tricks(record, book)
    return book.finish(next_dealer=next_seat(state.seats, deal.dealer), double=_next_double(book))


def _next_double(book: Book) -> bool:
    if book.variant.double_when == DoubleWhen.LOOED:
        return bool(book.looed)
    return book.pool_after > 0


__all__ = ["validate", "settle", "settle_slow", "ConservationError", "PLAYED", "ALL_FOLD", "RENEGE"]
