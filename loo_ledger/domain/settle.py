"""validate and settle: a hand record, the table state and the variant in; problems,
or chip movements with a reason each and the next table state, out."""

from __future__ import annotations

from dataclasses import replace

from loo_ledger.domain.checks import check_record
from loo_ledger.domain.book import Book, rule
from loo_ledger.domain.codes import (PRE_PLAY, BoardPayers, DoubleWhen, FlushPayout, Game,
                                     MovementKind, PenaltyKind, Resolution, RevokePenalty, RuleRef)
from loo_ledger.domain.deal import ALL_FOLD, ALL_PASS, LONE, PLAYED, RENEGE, Deal, analyse, next_seat
from loo_ledger.domain.flushes import best_flush
from loo_ledger.domain.lou import settle_lou
from loo_ledger.domain.model import HandRecord, Movement, Settlement, TableState
from loo_ledger.domain.variants import Variant
from loo_ledger.errors import HandRejected, Problem


def validate(record: HandRecord, state: TableState, v: Variant) -> list[Problem]:
    """Every problem of ``record`` at a table in ``state`` playing ``v`` (empty if valid)."""
    deal = _read(record, state, v)
    problems = list(deal.problems)
    if not problems:
        problems += _check_deltas(record, _settle_deal(record, state, v, deal), deal)
    return problems


def settle(record: HandRecord, state: TableState, v: Variant) -> Settlement:
    """The settlement of a valid hand; raises HandRejected listing every problem."""
    deal = _read(record, state, v)
    if deal.problems:
        raise _rejected(deal.problems, state)
    result = _settle_deal(record, state, v, deal)
    problems = _check_deltas(record, result, deal)
    if problems:
        raise _rejected(problems, state)
    if record.deltas is not None and record.table_ruling:
        result = _apply_ruling(record, result, deal)
    players, pool = sum(result.deltas.values()), result.pool_after - result.pool_in
    assert players + pool == 0, f"hand {state.hand_no}: chips not conserved ({players} + {pool})"
    return result


# Problems after which the rest of the record cannot be read sensibly.
_UNREADABLE = {"CANNOT_DEAL", "MISSING_DECLARATION"}


def _rejected(problems: list[Problem], state: TableState) -> HandRejected:
    return HandRejected(f"hand {state.hand_no} is impossible under these rules", problems)


def _read(record: HandRecord, state: TableState, v: Variant) -> Deal:
    deal = analyse(record, state, v)
    if not any(p.code in _UNREADABLE for p in deal.problems):
        check_record(record, state, v, deal)
    if record.table_ruling and record.deltas is None:
        deal.problem("TABLE_RULING_WITHOUT_DELTAS", "a table ruling needs the table's own "
                     "figures (deltas) for every player")
    return deal


def _settle_deal(record: HandRecord, state: TableState, v: Variant, deal: Deal) -> Settlement:
    book = Book(state=state, deal=deal, variant=v)
    for player, amount in deal.antes:
        book.pay(player, None, amount, "ante", rule(v, "ante_model"), kind=MovementKind.ANTE)
    for pen in record.penalties:
        if pen.kind in PRE_PLAY:
            book.pay(pen.player, None, v.single_stake, f"forfeit: {pen.kind} (paid into this pool)",
                     rule(v, "forfeits"), kind=MovementKind.FORFEIT)
    book.pot = state.pool + book.paid_in
    if v.game == Game.LOU:
        return settle_lou(record, book)
    if deal.resolution in (ALL_PASS, LONE):
        if deal.resolution == ALL_PASS:
            why, ref = "all the others passed: takes the pool", RuleRef(catalogue="R9")
        else:
            why = "plays alone: takes the pool without play"
            ref = RuleRef(catalogue="R5") if deal.miss_dealt else rule(v, "lone_player")
        book.take_whole(deal.taker, why, ref)
    elif deal.resolution == Resolution.FLUSH:
        _settle_flush(record, book)
    elif any(p.kind == PenaltyKind.REVOKE for p in record.penalties) \
            and v.revoke_penalty == RevokePenalty.PAYS_POOL:
        _settle_pays_pool(record, book)
    else:
        _settle_tricks(record, book)
    return book.finish(next_dealer=next_seat(state.seats, deal.dealer), double=_next_double(book))


def _next_double(book: Book) -> bool:
    if book.variant.double_when == DoubleWhen.LOOED:
        return bool(book.looed)
    return book.pool_after > 0


def _settle_tricks(record: HandRecord, book: Book) -> None:
    v, deal, pot = book.variant, book.deal, book.pot
    tricks = record.tricks or {}
    share = pot // v.hand_size
    offenders = {p.player for p in record.penalties if p.kind == PenaltyKind.REVOKE}
    whole = next((p for p in deal.in_play if tricks.get(p, 0) == v.hand_size), None)
    for p in deal.in_play:
        won = tricks.get(p, 0)
        amount = pot if p == whole else (won * share if v.divided else 0)
        label = (f"all {won} tricks: takes the pool" if p == whole
                 else f"{won} trick{'s' if won != 1 else ''} at {share}")
        if p == deal.defender:
            book.memo(amount, f"defended: {won} trick share stays", rule(v, "dealer_vs_one"))
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
    v = book.variant
    if shares:
        book.memo(shares, f"revoke: {p}'s shares stay", rule(v, "revoke_penalty"))
    if v.revoke_penalty == RevokePenalty.BLENHEIM and won > 0:
        book.pay(p, None, 4 * v.single_stake, "revoke: forfeits four singles (law 9)",
                 rule(v, "revoke_penalty"), kind=MovementKind.PENALTY)
    else:
        book.loo(p, "revoke: looed")


def _settle_pays_pool(record: HandRecord, book: Book) -> None:
    deal, pot, v = book.deal, book.pot, book.variant
    offenders = [p.player for p in record.penalties if p.kind == PenaltyKind.REVOKE]
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


def _settle_flush(record: HandRecord, book: Book) -> None:
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
    book.take_whole(win.player, f"{win.kind} flush takes the pool", rule(v, "flushes"))
    if v.flush_payout == FlushPayout.BOARD:
        payers = deal.dealt if v.board_payers == BoardPayers.ALL else deal.in_play
        for p in payers:
            if p not in exempt:
                book.pay(p, win.player, book.loo_amount(), "the flush loos the board: pays a loo",
                         rule(v, "flush_payout", "board_payers"),
                         kind=MovementKind.BOARD)
        return
    for p in deal.in_play:
        if p not in exempt:
            book.loo(p, "looed by the flush")


def _check_deltas(record: HandRecord, result: Settlement, deal: Deal) -> list[Problem]:
    if record.deltas is None or record.table_ruling:
        return []
    names = set(result.deltas) | set(record.deltas)
    wrong = sorted(p for p in names if record.deltas.get(p, 0) != result.deltas.get(p, 0))
    return [Problem(code="DELTAS_MISMATCH", hand=deal.hand_no, player=p,
                    message=f"the table recorded {record.deltas.get(p, 0):+d} for {p}, the rules "
                            f"give {result.deltas.get(p, 0):+d} (use a table ruling to keep the "
                            "table's figures)") for p in wrong]


def _apply_ruling(record: HandRecord, result: Settlement, deal: Deal) -> Settlement:
    """The table's own figures replace the rules' settlement, marked, still conserving chips."""
    table = {p: record.deltas.get(p, 0) for p in deal.dealt}
    pool_after = result.pool_in - sum(table.values())
    if pool_after < 0:
        raise HandRejected(f"hand {deal.hand_no}: the table ruling cannot be recorded", [Problem(
            code="TABLE_RULING_INVALID", hand=deal.hand_no,
            message=f"the table's figures take {-pool_after} more chips out of the pool than "
                    "it holds")])
    reason = f"table ruling: {record.table_ruling}"
    moves = tuple(Movement(payer=p if d < 0 else None, payee=None if d < 0 else p, amount=abs(d),
                           kind=MovementKind.RULING, reason=reason, rule=RuleRef(ruling=True)) for p, d in table.items() if d)
    state = replace(result.next_state, pool=pool_after,
                    double=result.next_state.double if pool_after else False)
    return replace(result, movements=moves, deltas=table, pool_after=pool_after,
                   table_ruling=record.table_ruling, next_state=state,
                   notes=result.notes + (f"table ruling: the rules gave {dict(result.deltas)}",))


__all__ = ["validate", "settle", "PLAYED", "ALL_FOLD", "RENEGE"]
