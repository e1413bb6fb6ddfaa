"""The pool and the next deal, as ``loo pool`` tells them: the domain's answer.

Who deals next, who is dealt in, the deal's kind and why, and the antes due are the
domain's (domain/next/legal.py with rotation.py, domain/next/plan.py), asked here of the table as
stored: the cached table state after the last hand, who is at the table now, and the
rules in force for the next hand. The last hand's loos are its stored movements, worded
by the engine. Nothing is settled again and nothing of this is stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from loo_ledger.domain.next.legal import antes, deal_shape, dealt_in, has_simple_double, next_dealer
from loo_ledger.domain.rules.codes import MovementKind
from loo_ledger.domain.rules.variants import rule_words, variant
from loo_ledger.domain.settlement import wording
from loo_ledger.store.codec import rule_changes_from

if TYPE_CHECKING:
    from loo_ledger.domain.rules.variants import Variant
    from loo_ledger.store.ledger import Ledger

__all__ = ["antes_due", "hand_loos", "pool_status", "pool_view", "row_variant",
           "rule_change_lines", "stored_variant"]


def row_variant(row: Mapping[str, Any], hand: int | None = None) -> Variant:
    """The variant in force for hand ``hand`` (the next hand when None) of a stored session
    row (``Ledger.session``): its rules with every rule change from that hand or before."""
    n = row["state"]["hand_no"] if hand is None else hand
    changes = rule_changes_from(row)
    if not any(c.from_hand <= n for c in changes):  # the session's own rules
        return variant(row["variant"], dict(row["rules"]))
    # only for a session whose rules changed: `loo pool` settles nothing (tests/test_startup.py)
    from loo_ledger.domain.settlement.session import rules_in_force  # noqa: PLC0415 (the engine: not for `loo pool`, `loo hands`)
    return variant(row["variant"], rules_in_force(row["rules"], changes, n))


def stored_variant(ledger: Ledger, sid: int, hand: int | None = None) -> Variant:
    """The variant in force for hand ``hand`` of session ``sid`` (the next hand when None)."""
    return row_variant(ledger.session(sid), hand)


def _change_lines(row: Mapping[str, Any]) -> list[str]:
    return [" ".join(rule_words(c.rules)) + f" from hand {c.from_hand}"
            for c in rule_changes_from(row)]


def rule_change_lines(ledger: Ledger, sid: int) -> list[str]:
    """``loo=unlimited from hand 3``: each rule change of session ``sid``, in order."""
    return _change_lines(ledger.session(sid))


def hand_loos(ledger: Ledger, row: Mapping[str, Any], sid: int,
              n: int) -> list[dict[str, Any]]:
    """The loos paid by hand ``n`` of session ``sid`` (``row``, its ``Ledger.session``):
    player, amount and reason, worded by domain/settlement/wording.py from the stored facts (each
    loo's cause is stored as a code: store/codec.py ``causes``).

    Under a table ruling the amount is what the looed player paid into the pool after the
    ruling's own movements for that player (the rules' loo less what the ruling handed back,
    or plus what it took more), with ``rules_amount`` (the rules' figure) and
    ``table_ruling`` (the table's words) beside it, where the two differ."""
    lou = row_variant(row, n).game == "lou"
    loos = ledger.loos(sid, n)
    out: list[dict[str, Any]] = [
        {"player": p, "amount": amount,
         "reason": "loo" if cause is None else wording.loo(cause, amount, lou=lou, won=won)}
        for p, amount, cause, won in loos]
    hand = next(ledger.iter_hands(sid, n, records=False), None) if loos else None
    said = hand["table_ruling"] if hand is not None and hand["number"] == n else None
    if said:
        ruled = _ruled(ledger, sid, n)
        for o in out:
            more = ruled.pop(o["player"], 0)
            if more:
                o.update(amount=max(0, o["amount"] + more), rules_amount=o["amount"],
                         table_ruling=said)
    return out


def _ruled(ledger: Ledger, sid: int, n: int) -> dict[str, int]:
    """What hand ``n``'s table ruling took from each player (negative: handed back)."""
    ruled: dict[str, int] = {}
    for m in ledger.movements(sid, n):
        if m["kind"] == MovementKind.RULING:
            if m["payer"] is not None:
                ruled[m["payer"]] = ruled.get(m["payer"], 0) + m["amount"]
            if m["payee"] is not None:
                ruled[m["payee"]] = ruled.get(m["payee"], 0) - m["amount"]
    return ruled


def pool_view(ledger: Ledger, sid: int) -> dict[str, Any]:
    """Session ``sid``'s next deal: ``status`` (``loo pool --json``'s object), ``marks``
    (whether "simple" and "double" mean something at this table:
    legal.has_simple_double) and ``rule_changes`` (each change of the rules, in words)."""
    with ledger.db.snapshot():
        row = ledger.session(sid)
        state = ledger.final_state(sid)
        present = ledger.present_players(sid)
        last = state.hand_no - 1
        owed = hand_loos(ledger, row, sid, last) if last > 0 else []
    v = row_variant(row)
    dealer = next_dealer(state, present)
    dealt_now = set(dealt_in(state, present))
    dealt = [p for p in state.seats if p in dealt_now]
    shape = deal_shape(state, v)
    due = antes(state, v, dealer, dealt)
    status = {"session": sid, "pool": state.pool, "next_hand": state.hand_no,
              "next_dealer": dealer, "double": state.double, "deal": str(shape.kind),
              "why": shape.why, "antes": [{"player": p, "amount": a} for p, a in due],
              "loos_from_last_hand": owed, "sitting_out": sorted(state.sit_out)}
    if v.game == "lou":
        pot = state.pool + sum(a for _, a in due)
        status.update(first_deal=state.lou_first, pot=pot, burn=min(pot, v.burn_cap),
                      burn_cap=v.burn_cap)
    return {"status": status, "marks": has_simple_double(v),
            "rule_changes": _change_lines(row)}


def pool_status(ledger: Ledger, sid: int) -> dict[str, Any]:
    """Who owes the pool: the chips in it, the next dealer and ante, last hand's loos."""
    status: dict[str, Any] = pool_view(ledger, sid)["status"]
    return status


def antes_due(status: dict[str, Any]) -> dict[str, int]:
    """What each player antes before the next deal, in the order of the status's antes
    (a player named more than once pays the sum).

    >>> antes_due({"antes": [{"player": "A", "amount": 5}, {"player": "B", "amount": 5},
    ...                      {"player": "A", "amount": 1}]})
    {'A': 6, 'B': 5}
    """
    due: dict[str, int] = {}
    for a in status["antes"]:
        due[a["player"]] = due.get(a["player"], 0) + a["amount"]
    return due
