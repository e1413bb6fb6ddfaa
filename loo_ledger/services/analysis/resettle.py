"""loo replay: settle a stored evening again under other rules, writing nothing.

Every hand is settled in order by the engine under the new rules: the rules in force for
it (the session's rules and its stored rule changes, :func:`variant_at`) with the ``--rule``
overrides laid over them; with ``--variant`` that preset (or saved house rule) and the
overrides only, for every hand (the stored overrides and rule changes are dropped). A hand
the new rules make impossible is reported with the engine's problems and skipped: it moves
no chips, the pool (and whether it is double) carries over unchanged, and the deal passes
to the left of whoever dealt it, so later hands go on as they were dealt. ``deltas`` a hand
records without a table ruling are only the table's check of the old arithmetic, so
they are left out; a table ruling's own figures stand under any rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from msgspec.structs import replace

from loo_ledger.domain import HandRecord, Session, settle, start
from loo_ledger.domain.next.legal import skip_hand
from loo_ledger.domain.rules.model import RuleChange
from loo_ledger.domain.rules.money import allocate
from loo_ledger.domain.rules.params import PARAMS
from loo_ledger.domain.rules.variants import Variant, parse_rule_args
from loo_ledger.domain.settlement.session import session_variant, variant_at
from loo_ledger.errors import HandRejected, VariantError

#: Told ``n`` when n more hands are settled.
Progress = Callable[[int], None]


class WhatIf(msgspec.Struct, frozen=True, kw_only=True):
    """A session settled under other rules: nets, the final pool, the hands skipped."""

    nets: dict[str, int]
    pool: int
    settled: int
    skipped: list[dict[str, Any]]


def as_question(record: HandRecord) -> HandRecord:
    """The record without the table's check figures (kept when a table ruling stands)."""
    if record.deltas is not None and not record.table_ruling:
        return replace(record, deltas=None)
    return record


def variants_in_force(session: Session) -> dict[int, Variant]:
    """The variant in force from hand 1 and from each rule change's first hand
    (:func:`variant_at`), every one checked before a hand is settled. VariantError, naming
    the hand from which the rules cannot be used, if one is not allowed."""
    out = {1: variant_at(session, 1)}
    for change in session.rule_changes:
        if change.from_hand > 1:
            try:
                out[change.from_hand] = variant_at(session, change.from_hand)
            except VariantError as exc:
                raise VariantError(f"the rules in force from hand {change.from_hand} (the "
                                   "session's rule change there, with the --rule overrides) "
                                   "cannot be used", exc.problems) from None
    return out


def resettle(session: Session, progress: Progress | None = None) -> WhatIf:
    """Settle every hand of ``session`` under the variant in force for it
    (:func:`variants_in_force`), skipping (and listing) impossible ones; ``progress(n)`` is
    told every thousand hands (and the rest at the end)."""
    variants = variants_in_force(session)
    v = variants[1]
    state = start(session)
    nets = dict.fromkeys(session.players, 0)
    skipped, settled = [], 0
    for number, record in enumerate(session.hands, 1):
        if progress is not None and number % 1000 == 0:
            progress(1000)
        v = variants.get(number, v)
        try:
            s = settle(as_question(record), state, v)
        except HandRejected as exc:
            skipped.append({"hand": number, "problems": [
                {"code": p.code, "player": p.player, "message": p.message}
                for p in exc.problems]})
            out = set(record.sitting_out) | state.sit_out
            state = skip_hand(state, [p for p in state.seats if p not in out], record.dealer)
            continue
        for player, delta in s.deltas.items():
            nets[player] += delta
        settled += 1
        state = s.next_state
    if progress is not None and len(session.hands) % 1000:
        progress(len(session.hands) % 1000)
    return WhatIf(nets=nets, pool=state.pool, settled=settled, skipped=skipped)


def what_if_session(ledger: Any, session: Session, rule_args: list[str],
                    variant_name: str | None) -> Session:
    """The session to settle again: its rules and every stored rule change with the
    ``--rule`` overrides laid over them (an override wins over every stored change of that
    parameter); or, with ``--variant``, that preset (or saved house rule) with only the
    overrides and no rule changes. VariantError if the rules for hand 1 are not allowed
    (:func:`variants_in_force` checks the later ones)."""
    if variant_name is None:
        overrides = parse_rule_args(rule_args)
        return replace(session, rules={**session.rules, **overrides}, rule_changes=tuple(
            RuleChange(from_hand=c.from_hand, rules={**c.rules, **overrides})
            for c in session.rule_changes))
    from loo_ledger.services.table import resolve_variant  # noqa: PLC0415 (the table service: only with --variant)
    base, rules, _ = resolve_variant(ledger, variant_name, rule_args)
    return replace(session, variant=base, rules=rules, rule_changes=())


def rules_text(v: Variant) -> str:
    """``three-card with loo=mixed, loo_limit=90``."""
    extra = ", ".join(f"{k}={val}" for k, val in v.overrides().items())
    return v.name + (f" with {extra}" if extra else "")


def replay_session(ledger: Any, session_id: int, rule_args: list[str],
                   variant_name: str | None = None,
                   progress: Progress | None = None) -> dict[str, Any]:
    """Each player's net under the stored rules and under the new ones; reads only.
    ``progress(n)``: n more hands settled."""
    from loo_ledger.formats.sessionfile import session_from_dict  # noqa: PLC0415 (the session-file reader: only from a file)
    session = session_from_dict(ledger.session_dict(session_id), source=f"session {session_id}")
    again_as = what_if_session(ledger, session, rule_args, variant_name)
    # stored_rules, new_rules and changed describe the rules for hand 1.
    old, new = session_variant(session), session_variant(again_as)
    result = resettle(again_as, progress)
    row, balances = ledger.session(session_id), ledger.balances(session_id)
    value = row.get("unit_value")
    stored = [p["net"] for p in balances["players"]] + [balances["pool"]]
    again = [result.nets.get(p["name"], 0) for p in balances["players"]] + [result.pool]
    # Each column (the nets and the pool) sums to the opening pool: allocated together, its
    # money sums to that pool's money; the difference is new money less stored money.
    cash = (allocate(stored, value), allocate(again, value)) if value is not None else None

    def both(i: int) -> dict[str, Any]:
        out: dict[str, Any] = {"stored": stored[i], "new": again[i],
                               "difference": again[i] - stored[i]}
        if cash is not None:
            old_, new_ = cash[0][i], cash[1][i]
            out["money"] = {"stored": str(old_), "new": str(new_),
                            "difference": str(new_ - old_)}
        return out

    return {
        "session": session_id, "stored_rules": rules_text(old), "new_rules": rules_text(new),
        "changed": [{"parameter": p, "stored": old.value_text(p), "new": new.value_text(p)}
                    for p in PARAMS if old.value_text(p) != new.value_text(p)],
        "unit": {"name": row.get("unit_name"), "value": value, "currency": row.get("currency")},
        "players": [{"name": p["name"], **both(i)} for i, p in enumerate(balances["players"])],
        "pool": both(-1),
        "hands": len(session.hands), "settled": result.settled, "skipped": result.skipped,
        "written": False,
    }
