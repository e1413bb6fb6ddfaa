"""Figures as the table reads them: ``+12``, ``-3``, ``0`` (a sign always: colour is
never the only carrier of meaning)."""

from __future__ import annotations


def signed(n: int) -> str:
    """``+12``, ``-3``, ``0`` (loo_ledger.domain.rules.chips.signed)."""
    from loo_ledger.domain.rules.chips import signed as sign
    return sign(n)
