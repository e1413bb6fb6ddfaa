"""The pool and the rules in force, read from what is stored: no hand is settled again.

``loo pool`` reads the next deal as the one writer stored it with the last write
(store/next_deal.py: the dealer, the antes, simple or double, the last hand's loos in the
engine's words), so it loads neither the rules nor the engine (issue 10). A ledger with no
stored answer for a session (one whose records no longer settle) has it worked out from
the stored rows, as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from loo_ledger.store import next_deal
from loo_ledger.store.next_deal import row_variant

if TYPE_CHECKING:
    from loo_ledger.domain.variants import Variant
    from loo_ledger.store.ledger import Ledger

__all__ = ["antes_due", "pool_status", "pool_view", "row_variant", "rule_change_lines",
           "stored_variant"]


def stored_variant(ledger: Ledger, sid: int, hand: int | None = None) -> Variant:
    """The variant in force for hand ``hand`` of session ``sid`` (the next hand when None)."""
    return row_variant(ledger.session(sid), hand)


def rule_change_lines(ledger: Ledger, sid: int) -> list[str]:
    """``loo=unlimited from hand 3``: each rule change of session ``sid``, in order."""
    return next_deal.rule_change_lines(ledger.session(sid))


def pool_view(ledger: Ledger, sid: int) -> dict[str, Any]:
    """Session ``sid``'s next deal (store/next_deal.py's object: ``status``, ``marks``,
    ``rule_changes``), as stored, else worked out from the stored rows."""
    stored = ledger.next_deal(sid)
    if stored is not None:
        return stored
    with ledger.db.snapshot():
        return next_deal.work_out(ledger, sid)


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
