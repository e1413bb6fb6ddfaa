"""Money: chips are whole units; money is chips times the unit's value, an exact decimal,
formatted for people only at the edge."""

from __future__ import annotations

from decimal import Decimal

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
