"""Figures as the table reads them: ``+12``, ``-3``, ``0`` (a sign always: colour is
never the only carrier of meaning)."""

from __future__ import annotations

from loo_ledger.domain.rules.chips import signed as sign


def signed(n: int) -> str:
    """``+12``, ``-3``, ``0`` (loo_ledger.domain.rules.chips.signed)."""
    return sign(n)
