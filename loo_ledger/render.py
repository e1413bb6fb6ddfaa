"""Formatting for people: money at the edge, rich tables. rich is imported only here."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Iterable, Sequence

_SYMBOLS = {"GBP": "£", "USD": "$", "EUR": "€"}


def money(chips: int, value: str | None) -> Decimal | None:
    """Chips times the unit's value, exact, to the cent.

    >>> money(-27, "0.05")
    Decimal('-1.35')
    >>> money(5, None) is None
    True
    """
    if value is None:
        return None
    return (Decimal(chips) * Decimal(value)).quantize(Decimal("0.01"))


def money_text(amount: Decimal | None, currency: str | None) -> str:
    """``£-1.35`` style text, or an empty string when the unit has no value.

    >>> money_text(Decimal('-1.35'), 'GBP')
    '-£1.35'
    >>> money_text(Decimal('2.00'), 'CHF')
    '2.00 CHF'
    """
    if amount is None:
        return ""
    sign, body = ("-" if amount < 0 else ""), f"{abs(amount):,.2f}"
    if currency in _SYMBOLS:
        return f"{sign}{_SYMBOLS[currency]}{body}"
    return f"{sign}{body}" + (f" {currency}" if currency else "")


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def table(title: str | None, columns: Sequence[str], rows: Iterable[Sequence[Any]],
          *, right: Iterable[str] = ()) -> Any:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text
    right = set(right)
    t = Table(show_edge=False, header_style="bold")
    for c in columns:
        t.add_column(c, justify="right" if c in right else "left")
    for row in rows:
        t.add_row(*(str(x) for x in row))
    return Group(Text(title, style="bold"), t) if title else t


def show(*renderables: Any) -> None:
    from rich.console import Console
    console = Console(highlight=False, soft_wrap=False)
    for r in renderables:
        console.print(r)
