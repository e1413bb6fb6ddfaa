"""The table's own figures (``deltas``): checked against the rules, or, under a table ruling,
recorded instead of the rules' figures for the players named.

``deltas`` may name only some players. Without a ruling each figure named must be the
rules' figure. With one, the players named get the table's figure, the others keep the
rules' figure, and the pool takes up the difference (RULES.md, "Across every variant"):
chips are still conserved, and the pool may not pay out more than it holds.
"""

from __future__ import annotations

from msgspec.structs import replace

from loo_ledger.domain.rules.codes import DoubleWhen, Game, MovementKind, Resolution, RuleRef
from loo_ledger.domain.rules.model import HandRecord, Movement, Settlement, TableState
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.domain.settlement import wording
from loo_ledger.errors import Problem

_RULING = RuleRef(ruling=True)


def _named(record: HandRecord, result: Settlement) -> dict[str, int]:
    """The table's figure for each player dealt in that it named (a zero for a player who sat
    the hand out is harmless and ignored)."""
    return {p: d for p, d in (record.deltas or {}).items() if p in result.deltas}


def deltas_problems(record: HandRecord, result: Settlement) -> list[Problem]:
    """Without a ruling, every figure the table recorded must be the rules' figure; players
    the table did not name are not compared."""
    if record.deltas is None or record.table_ruling or record.deltas == result.deltas:
        return []
    return [Problem(code="DELTAS_MISMATCH", hand=result.hand_no, player=p,
                    message=f"the table recorded {d:+d} for {p}, the rules give "
                            f"{result.deltas[p]:+d} (use a table ruling to keep the table's "
                            "figure)")
            for p, d in sorted(_named(record, result).items()) if d != result.deltas[p]]


def apply_ruling(record: HandRecord, result: Settlement,
                 v: Variant) -> tuple[Settlement, list[Problem]]:
    """The rules' settlement with the table's figure for each player it named: a ruling
    movement per player whose figure differs, from or into the pool. A problem, and no
    settlement change, if the pool would pay out more than it holds."""
    if record.deltas is None or not record.table_ruling:
        return result, []
    named = _named(record, result)
    differ = {p: d - result.deltas[p] for p, d in named.items() if d != result.deltas[p]}
    pool_after = result.pool_after - sum(differ.values())
    if pool_after < 0:
        takers = ", ".join(p for p, d in differ.items() if d > 0)
        return result, [Problem(
            code="TABLE_RULING_INVALID", hand=result.hand_no,
            player=takers if len([d for d in differ.values() if d > 0]) == 1 else None,
            message=f"the table's figures for {takers} take {-pool_after} more chips out of "
                    f"the pool than it holds ({result.pool_after} after the rules' settlement)")]
    moves = tuple(Movement(payer=None if d > 0 else p, payee=p if d > 0 else None,
                           amount=abs(d), kind=MovementKind.RULING, rule=_RULING,
                           reason=wording.ruling(record.table_ruling, result.deltas[p],
                                                 named[p]))
                  for p, d in differ.items())
    return replace(result, movements=result.movements + moves,
                   deltas={**result.deltas, **named}, pool_after=pool_after,
                   table_ruling=record.table_ruling, rules_deltas=dict(
                       (p, result.deltas[p]) for p in named),
                   next_state=_next_state(result, v, pool_after),
                   notes=result.notes + (wording.ruling_note(
                       (p, result.deltas[p]) for p in named),)), []


def _next_state(result: Settlement, v: Variant, pool_after: int) -> TableState:
    """The next state with the pool the ruling leaves: a pool that is now empty (or no
    longer empty) is simple (double) under ``double_when=carried``, and in Lou ends (or
    continues) the game."""
    state = replace(result.next_state, pool=pool_after)
    if v.game == Game.LOU:
        if result.outcome in (Resolution.RENEGE, Resolution.ALL_FOLD):
            return state
        over = pool_after == 0
        return replace(state, double=not over, lou_first=over, lou_antes_due=over)
    if v.double_when == DoubleWhen.CARRIED:
        return replace(state, double=pool_after > 0)
    return state
