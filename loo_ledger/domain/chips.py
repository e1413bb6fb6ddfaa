"""Chip counts for people (no decimal arithmetic here, so a command that shows only chips
does not load it; money is domain/money.py, which gives this too)."""

from __future__ import annotations


def signed(n: int) -> str:
    """A chip count with its sign; zero without one.

    >>> signed(12), signed(-3), signed(0)
    ('+12', '-3', '0')
    """
    return f"{n:+d}" if n else "0"
