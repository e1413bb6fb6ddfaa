"""Every chip of a hand with the rule that moved it, the parameter and the source text."""

from __future__ import annotations

from loo_ledger.domain.codes import Game
from loo_ledger.domain.params import PARAMS
from loo_ledger.domain.variants import Variant

_SOURCES = {"000": "the modern rules page", "001": "Britannica, 1902", "002": "the poker book",
            "003": "Lanterloo article", "004": "Bicycle rules"}


def cite(rule: str, v: Variant) -> str:
    """``"loo=unlimited"`` -> ``"loo=unlimited, source 000"``; R-numbers point at CATALOGUE.md.

    >>> from loo_ledger.domain.variants import variant
    >>> cite("loo=unlimited", variant("three-card", {"loo": "unlimited"}))
    'loo=unlimited (house rule)'
    >>> cite("R9", variant("three-card"))
    'CATALOGUE R9'
    """
    parts = []
    for token in (t.strip() for t in rule.split(";") if t.strip()):
        name, sep, value = token.partition("=")
        if sep and name in PARAMS:
            source = v.sources.get(name, PARAMS[name].source)
            parts.append(f"{name}={value} ({f'source {source}' if source in _SOURCES else source})")
        elif token.startswith("R") and token[1:].isdigit():
            parts.append(f"CATALOGUE {token}")
        else:
            parts.append(token)
    return "; ".join(parts)


def explain_rows(postings: list[dict], v: Variant) -> list[dict]:
    """One row per chip movement of a hand: who, how much, why, which rule and source."""
    rows = []
    pool = "pot" if v.game == Game.LOU else "pool"  # Lou speaks of a pot
    for m in postings:
        payer, payee = m["payer"] or pool, m["payee"] or pool
        rows.append({"from": payer, "to": payee, "amount": m["amount"], "reason": m["reason"],
                     "rule": m["rule"], "cited": cite(m["rule"], v) if m["rule"] else ""})
    return rows
