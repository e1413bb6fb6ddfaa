"""The table's own figures (``deltas``): checked against the rules, or, under a table ruling,
recorded instead of them, marked, still conserving chips."""

from __future__ import annotations

from dataclasses import replace

from loo_ledger.domain.codes import MovementKind, RuleRef
from loo_ledger.domain.model import HandRecord, Movement, Settlement
from loo_ledger.errors import Problem


def deltas_problems(record: HandRecord, result: Settlement) -> list[Problem]:
    """Without a ruling, every figure the table recorded must be the rules' figure."""
    if record.deltas is None or record.table_ruling:
        return []
    names = set(result.deltas) | set(record.deltas)
    wrong = sorted(p for p in names if record.deltas.get(p, 0) != result.deltas.get(p, 0))
    return [Problem(code="DELTAS_MISMATCH", hand=result.hand_no, player=p,
                    message=f"the table recorded {record.deltas.get(p, 0):+d} for {p}, the rules "
                            f"give {result.deltas.get(p, 0):+d} (use a table ruling to keep the "
                            "table's figures)") for p in wrong]


def apply_ruling(record: HandRecord, result: Settlement) -> tuple[Settlement, list[Problem]]:
    """The table's own figures replace the rules' settlement, marked, still conserving chips;
    a problem if they take more out of the pool than it holds."""
    if record.deltas is None or not record.table_ruling:
        return result, []
    table = {p: record.deltas.get(p, 0) for p in result.dealt}
    pool_after = result.pool_in - sum(table.values())
    if pool_after < 0:
        return result, [Problem(
            code="TABLE_RULING_INVALID", hand=result.hand_no,
            message=f"the table's figures take {-pool_after} more chips out of the pool than "
                    "it holds")]
    reason = f"table ruling: {record.table_ruling}"
    moves = tuple(Movement(payer=p if d < 0 else None, payee=None if d < 0 else p, amount=abs(d),
                           kind=MovementKind.RULING, reason=reason, rule=RuleRef(ruling=True))
                  for p, d in table.items() if d)
    state = replace(result.next_state, pool=pool_after,
                    double=result.next_state.double if pool_after else False)
    return replace(result, movements=moves, deltas=table, pool_after=pool_after,
                   table_ruling=record.table_ruling, next_state=state,
                   notes=result.notes + (f"table ruling: the rules gave {dict(result.deltas)}",)), []
