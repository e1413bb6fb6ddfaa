"""A session file's ``rule_changes``: rules changed from a later hand on (issue 8).

Each change ``{"from_hand": N, "rules": {...}}`` is in force from hand N on, on top of the
session's rules and the changes before it; the variants module judges the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loo_ledger.domain.rules.variants import variant
from loo_ledger.errors import LooError


def rule_change_problems(data: Mapping[str, Any]) -> list[tuple[list[Any], str]]:
    """What is wrong with a (schema-valid) file's ``rule_changes``: a change after the
    hand that follows the last, changes not in ascending order of ``from_hand``, and
    rules the variant does not know or cannot take (the domain's parsing says which)."""
    out: list[tuple[list[Any], str]] = []
    rules, before, hands = dict(data.get("rules", {})), 1, len(data["hands"])
    for i, c in enumerate(data.get("rule_changes", ())):
        at, n = ["rule_changes", i], c["from_hand"]
        if n > hands + 1:
            out.append((at + ["from_hand"], f"hand {n} is beyond the next hand ({hands + 1}): "
                        f"the session has {hands} hands"))
        if n <= before:
            out.append((at + ["from_hand"], f"hand {n} does not come after the change above "
                        f"it (hand {before}): list the changes in order, one per hand"))
        before = max(before, n)
        rules.update(c["rules"])
        try:
            variant(data["variant"], rules)
        except LooError as exc:
            out.append((at + ["rules"], "; ".join(p.message for p in exc.problems)
                        or exc.message))
    return out
