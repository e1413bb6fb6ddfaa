"""Who owes the pool and what the next deal is, as ``loo pool`` tells it: worked out by the
rules (the domain) from what is stored, and kept by the one writer beside the cached table
state with every write (``sessions.next_deal``, m016), so that ``loo pool`` reads it
without loading the rules (issue 10). ``loo check`` works it out again and compares.

The stored object: ``status`` (``loo pool --json``'s object), ``marks`` (whether "simple"
and "double" mean something at this table: legal.has_simple_double) and ``rule_changes``
(each change of the rules, in words).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from loo_ledger.domain.variants import Variant
    from loo_ledger.store.ledger import Ledger


def row_variant(row: Mapping[str, Any], hand: int | None = None) -> Variant:
    """The variant in force for hand ``hand`` (the next hand when None) of a stored session
    row (``Ledger.session``): its rules with every rule change from that hand or before."""
    from loo_ledger.domain.variants import variant
    from loo_ledger.store.codec import rule_changes_from
    n = row["state"]["hand_no"] if hand is None else hand
    changes = rule_changes_from(row)
    if not any(c.from_hand <= n for c in changes):  # the session's own rules
        return variant(row["variant"], dict(row["rules"]))
    from loo_ledger.domain.replay import rules_in_force
    return variant(row["variant"], rules_in_force(row["rules"], changes, n))


def rule_change_lines(row: Mapping[str, Any]) -> list[str]:
    """``loo=unlimited from hand 3``: each rule change of a stored session row, in order."""
    from loo_ledger.store.codec import rule_changes_from
    return [" ".join(f"{k}={v}" for k, v in c.rules.items()) + f" from hand {c.from_hand}"
            for c in rule_changes_from(row)]


def hand_loos(ledger: Ledger, row: Mapping[str, Any], sid: int,
              n: int) -> list[dict[str, Any]]:
    """The loos paid by hand ``n`` of session ``sid`` (``row``, its ``Ledger.session``):
    player, amount and reason, worded by domain/wording.py from the stored facts (each
    loo's cause is stored as a code: store/facts.py ``causes``)."""
    from loo_ledger.domain import wording
    lou = row_variant(row, n).game == "lou"
    return [{"player": p, "amount": amount,
             "reason": "loo" if cause is None else wording.loo(cause, amount, lou=lou, won=won)}
            for p, amount, cause, won in ledger.loos(sid, n)]


def work_out(ledger: Ledger, sid: int) -> dict[str, Any]:
    """The stored object (see the module) for session ``sid``, worked out from its rows."""
    from loo_ledger.domain.deal import antes
    from loo_ledger.domain.legal import deal_shape, dealt_in, has_simple_double, next_dealer
    row = ledger.session(sid)
    v, state = row_variant(row), ledger.final_state(sid)
    present = ledger.present_players(sid)
    last = state.hand_no - 1
    owed = hand_loos(ledger, row, sid, last) if last > 0 else []
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
            "rule_changes": rule_change_lines(row)}


def text(value: Mapping[str, Any]) -> str:
    """The stored text of :func:`work_out`'s object."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
