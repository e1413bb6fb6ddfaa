"""Plain-text pictures of a settlement and of the pool, for the table: each game in its
own words (Lou: pot, cents, burned, fold; simple/double only where the game has them)."""

from __future__ import annotations

from collections.abc import Collection

from loo_ledger.cli.render import signed
from loo_ledger.cli.visible import ljust, visible, width
from loo_ledger.domain import Movement, Settlement, TableState, Variant
from loo_ledger.domain.next.legal import dealer_moved, has_simple_double, next_dealer
from loo_ledger.domain.rules.codes import Game, MovementKind


def settlement_lines(s: Settlement, *, v: Variant, present: Collection[str]) -> list[str]:
    """Who takes what and why, who is looed, what stays, who deals next (``present``: who
    is at the table now, as for the next hand)."""
    lou = v.game == Game.LOU
    marks = has_simple_double(v)
    pool = "pot" if lou else "pool"
    kind = pool if lou or not marks else ("double pool" if s.double else "simple pool")
    lines = [f"Hand {s.hand_no}: {visible(s.dealer)} dealt; {kind} of {s.pot} in play "
             f"({s.pool_in} carried in)"]
    cells = max(width(visible(p)) for p in s.dealt)
    for p in s.dealt:
        ruled = s.table_ruling is not None and p in s.rules_deltas
        reasons = [_reason(m, p, pool) for m in s.movements if p in (m.payer, m.payee)
                   and not (ruled and m.kind == MovementKind.RULING)]
        if ruled:
            reasons.append(_ruling(s.deltas.get(p, 0), s.rules_deltas[p]))
        nothing = "nothing moved" if lou else "no chips moved"
        lines.append(f"  {ljust(visible(p), cells)}  {signed(s.deltas.get(p, 0)):>6}  "
                     f"{visible('; '.join(reasons) or nothing)}")
    for m in s.movements:
        if m.kind == MovementKind.STAYS:
            lines.append(f"  stays in the {pool}: {m.amount} ({visible(m.reason)})")
    if s.looed:
        lines.append(("  burned: " if lou else "  looed: ") + visible(", ".join(s.looed)))
    for note in s.notes:
        lines.append(f"  note: {visible(note)}")
    if s.table_ruling:
        lines.append(f"  recorded by table ruling: {visible(s.table_ruling)}")
    after = s.next_state
    dealer = visible(next_dealer(after, present)) if after else ""
    if lou:
        first = " (a new game: first deal)" if after and after.lou_first else ""
        lines.append(f"Pot now {s.pool_after}. Next: {dealer} deals{first}.")
    elif marks:
        nxt = "double" if after and after.double else "simple"
        lines.append(f"Pool now {s.pool_after}. Next: {dealer} deals ({nxt} pool).")
    else:
        lines.append(f"Pool now {s.pool_after}. Next: {dealer} deals.")
    return lines


def _ruling(table: int, rules: int) -> str:
    """Both figures of a player the table named in its ruling."""
    if table == rules:
        return f"table ruling: {signed(table)}, as the rules give"
    return f"table ruling: {signed(table)} instead of the rules' {signed(rules)}"


def _reason(m: Movement, player: str, pool: str = "pool") -> str:
    if m.payer == player and m.payee is None:  # a loo's reason already says what it pays
        return m.reason if m.kind == MovementKind.LOO else f"{m.reason} {m.amount}"
    if m.payee == player and m.payer is None:
        reason = m.reason.replace("the pool", "the pot") if pool == "pot" else m.reason
        return f"takes {m.amount}: {reason}"
    if m.payee == player:
        return f"receives {m.amount} from {m.payer}: {m.reason}"
    return f"pays {m.amount} to {m.payee}: {m.reason}"


def dealer_moved_line(state: TableState, result: Settlement,
                      present: Collection[str]) -> str | None:
    """Who dealt instead when the scheduled dealer was not dealt in (legal.dealer_moved):
    one who sat the hand out, or one who had left the table (``present``: who was at the
    table for the hand)."""
    if not dealer_moved(state, result.dealt):
        return None
    if state.dealer not in present:
        return (f"{visible(state.dealer)} has left: the deal skipped their seat, so "
                f"{visible(result.dealer)} dealt instead")
    return (f"{visible(state.dealer)} sat this hand out, so the deal passed to the left: "
            f"{visible(result.dealer)} dealt instead")
