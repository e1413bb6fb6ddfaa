"""Money: the one money policy of loo_ledger.

Chips are whole units; money is chips times the unit's value, an exact decimal. It is
shown to the cent, and wherever a total must hold (each player's net and the pool
sum to the pool the session opened with; cash-outs and the pool sum to the buy-ins)
the amounts are rounded together by largest remainder (:func:`allocate`), so that the
cents of a column add up to its exact total rounded to the cent. Half a cent rounds
away from zero (:data:`ROUNDING`). Nothing else in loo_ledger rounds money. A unit whose
hundredths the currency cannot pay (half a yen) is refused where it is set
(:func:`unit_problem`).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from loo_ledger.domain.rules.chips import signed  # noqa: F401 - money.signed, as before
from loo_ledger.errors import LooError

CENT = Decimal("0.01")
ROUNDING = ROUND_HALF_UP   # a total's half cent goes away from zero: 0.035 -> 0.04


def exact(chips: int, value: str | Decimal) -> Decimal:
    """Chips times the unit's value, exactly (no rounding).

    >>> exact(-9, "0.005")
    Decimal('-0.045')
    """
    return Decimal(chips) * Decimal(value)


def whole_cents(value: str | Decimal) -> bool:
    """Whether every amount of chips at ``value`` is a whole number of cents (so exact).

    >>> whole_cents("0.05"), whole_cents("2"), whole_cents("0.005")
    (True, True, False)
    """
    return (Decimal(value) / CENT) % 1 == 0


def to_cents(amount: Decimal) -> int:
    """An exact amount in whole cents, half a cent away from zero.

    >>> to_cents(Decimal("0.035")), to_cents(Decimal("-0.035")), to_cents(Decimal("0.034"))
    (4, -4, 3)
    """
    return int((amount / CENT).to_integral_value(rounding=ROUNDING))


def from_cents(cents: int) -> Decimal:
    """Whole cents as money with two places.

    >>> from_cents(-135), from_cents(0)
    (Decimal('-1.35'), Decimal('0.00'))
    """
    return Decimal(cents).scaleb(-2)


def allocate_cents(amounts: Sequence[Decimal]) -> list[int]:
    """Exact amounts in whole cents that sum to the exact total rounded (:func:`to_cents`).

    Largest remainder: each amount is rounded down to the cent; the cents still missing
    from the total go one each to the amounts with the largest remainders, ties to the
    one given first (seat order, the pool last). Each result is within one cent of its
    exact amount (strictly less than a cent away).

    Nets 1, 1, -2 at 0.005, pool 0: exact 0.005, 0.005, -0.010, 0 (total 0). Rounded
    down: 0, 0, -1, 0 = -1 cent; 1 cent missing; the remainders 0.5, 0.5, 0, 0 tie, the
    first gets it: 1, 0, -1, 0. (Rounded one by one, half up: 1 + 1 - 1 = +1, not 0.)

    >>> allocate_cents([Decimal("0.005"), Decimal("0.005"), Decimal("-0.010"), Decimal(0)])
    [1, 0, -1, 0]

    Nets -2, 4, 5, -9 at 0.005 and the pool's +2: exact -0.010, 0.020, 0.025, -0.045,
    0.010 (total 0). Rounded down: -1, 2, 2, -5, 1 = -1; the third (2.5) and the fourth
    (-4.5, down to -5) both have remainder 0.5; the third, given first, gets the cent.

    >>> allocate_cents([Decimal("-0.010"), Decimal("0.020"), Decimal("0.025"),
    ...                 Decimal("-0.045"), Decimal("0.010")])
    [-1, 2, 3, -5, 1]

    Four buy-ins of 25 chips at 0.005: 0.125 each, 0.50 in all. Rounded down 12 each
    = 48; the 2 missing cents go to the first two (remainders all 0.5): 13, 13, 12, 12.

    >>> allocate_cents([Decimal("0.125")] * 4)
    [13, 13, 12, 12]

    A total that is not whole cents: 0.015 + 0.020 = 0.035, i.e. 4 cents (half up).
    Rounded down 1 + 2 = 3; the cent goes to the 0.5 remainder: 2, 2.

    >>> allocate_cents([Decimal("0.015"), Decimal("0.020")])
    [2, 2]
    """
    places = max([0, *(_places(a) for a in amounts)])
    return _largest_remainder([int(a.scaleb(places + 2)) for a in amounts], 10 ** places)


def _places(amount: Decimal) -> int:
    """Decimal places beyond the cent: 0.005 -> 1, 0.05 -> 0."""
    exponent = amount.as_tuple().exponent
    if not isinstance(exponent, int):
        raise LooError(f"{amount} is not an amount of money (a unit's value is a decimal "
                       "such as 0.05)")
    return max(0, -exponent - 2)


def _largest_remainder(parts: list[int], per_cent: int) -> list[int]:
    """The allocation in whole integers: ``parts`` are exact amounts in cents times
    ``per_cent``; half a cent of the total goes away from zero (as :func:`to_cents`)."""
    low = [n // per_cent for n in parts]            # rounded down (toward minus infinity)
    left = [n % per_cent for n in parts]             # each remainder, 0 <= left < per_cent
    total = sum(parts)
    whole, rest = divmod(abs(total), per_cent)
    whole += 2 * rest >= per_cent
    short = (whole if total >= 0 else -whole) - sum(low)
    for i in sorted(range(len(parts)), key=lambda i: (-left[i], i))[:short]:
        low[i] += 1
    return low


def allocate(chips: Sequence[int], value: str | Decimal) -> list[Decimal]:
    """Chip amounts that hold a total, in money to the cent, summing to the total's money.

    Give every part of the total (e.g. each player's net and then the pool), in the
    order ties should be broken. At 0.005: nets 1, 1, -2 and an empty pool.

    >>> allocate([1, 1, -2, 0], "0.005")
    [Decimal('0.01'), Decimal('0.00'), Decimal('-0.01'), Decimal('0.00')]
    """
    unit = Decimal(value)
    places = _places(unit)
    per_chip = int(unit.scaleb(places + 2))        # the unit in cents times 10 ** places
    return [from_cents(c) for c in _largest_remainder([n * per_chip for n in chips],
                                                        10 ** places)]


def money(chips: int, value: str | Decimal | None) -> Decimal | None:
    """One amount on its own, where no total must hold (a pot, a unit): to the cent.

    It is :func:`allocate` of one amount, so half a cent goes away from zero.

    >>> money(-27, "0.05"), money(3, "0.005"), money(-1, "0.005")
    (Decimal('-1.35'), Decimal('0.02'), Decimal('-0.01'))
    >>> money(5, None) is None
    True
    """
    if value is None:
        return None
    return allocate([chips], value)[0]


#: The locale money is written in (the program's language): "-£1.35", "$1,234.50", "¥300".
LOCALE = "en"


def currency_problem(code: str) -> str | None:
    """What is wrong with ``code`` as a currency, or None: a currency is an ISO 4217 code
    as Babel's CLDR data knows it (three capitals, "GBP", "JPY").

    >>> currency_problem("JPY") is None
    True
    >>> currency_problem("gbp")
    "'gbp' is not an ISO 4217 currency code: codes are written in capitals, 'GBP'"
    >>> currency_problem("GBX")
    "'GBX' is not an ISO 4217 currency code (such as GBP, EUR, USD, JPY)"
    """
    from babel.numbers import is_currency  # noqa: PLC0415 (Babel: only where money is checked or shown, not for a chips-only command)
    if is_currency(code):
        return None
    if is_currency(code.upper()):
        return (f"{code!r} is not an ISO 4217 currency code: codes are written in capitals, "
                f"{code.upper()!r}")
    return f"{code!r} is not an ISO 4217 currency code (such as GBP, EUR, USD, JPY)"


def smallest_amount(currency: str | None) -> Decimal | None:
    """The smallest amount of an ISO 4217 currency (its minor unit, Babel's
    ``get_currency_precision``), or None for no currency or one that is no ISO code.

    >>> [smallest_amount(c) for c in ("GBP", "JPY", "KWD", "pounds", None)]
    [Decimal('0.01'), Decimal('1'), Decimal('0.001'), None, None]
    """
    if currency is None or currency_problem(currency) is not None:
        return None
    from babel.numbers import get_currency_precision  # noqa: PLC0415 (Babel: only where money is checked or shown, not for a chips-only command)
    return Decimal(1).scaleb(-get_currency_precision(currency))


def payment_problem(amount: Decimal, currency: str | None) -> str | None:
    """Why ``amount`` cannot be paid in ``currency``, or None: an amount finer than the
    currency's smallest (a fraction of a yen) is no money anyone could hand over.

    >>> payment_problem(Decimal("12.50"), "JPY")
    'JPY has no amount finer than ¥1; a payment in JPY is a whole number of ¥1'
    >>> [payment_problem(Decimal(a), c) for a, c in (("12", "JPY"), ("0.05", "GBP"))]
    [None, None]
    """
    smallest = smallest_amount(currency)
    if smallest is None or amount % smallest == 0:
        return None
    least = money_text(smallest, currency)
    return (f"{currency} has no amount finer than {least}; a payment in {currency} is a whole "
            f"number of {least}")


def unit_problem(value: str | Decimal, currency: str | None) -> str | None:
    """Why a chip cannot be worth ``value`` in ``currency``, or None.

    Money is allocated to the hundredth (:func:`allocate`). Where the currency's smallest
    amount (its minor unit, Babel's ``get_currency_precision``) is coarser than that, the yen
    or the won having none, such hundredths could not be paid: there a chip must be worth a
    whole number of the smallest amount. Where it is the hundredth or finer (pence, cents,
    fils), a finer chip (half a penny) is allowed: its amounts are allocated to the
    hundredth, which is paid. No currency, or one that is no ISO code: nothing to check.

    >>> for part in unit_problem("0.5", "JPY").split("; "):
    ...     print(part)
    0.5 JPY a chip is finer than ¥1, the smallest amount of JPY: nobody could pay ¥0.5
    a chip is worth a whole number of ¥1 (such as ¥1 or ¥10)
    >>> [unit_problem(v, c) for v, c in (("10", "JPY"), ("0.005", "GBP"), ("0.5", None))]
    [None, None, None]
    """
    smallest = smallest_amount(currency)
    if smallest is None or smallest <= CENT or Decimal(value) % smallest == 0:
        return None
    least = money_text(smallest, currency)
    return (f"{value} {currency} a chip is finer than {least}, the smallest amount of "
            f"{currency}: nobody could pay {money_text(Decimal(value), currency)}; a chip is "
            f"worth a whole number of {least} (such as {least} or "
            f"{money_text(smallest * 10, currency)})")


def money_text(amount: Decimal | None, currency: str | None) -> str:
    """``-£1.35`` style text, or an empty string when the unit has no value: the one
    function that writes money for people.

    An ISO 4217 currency is written by Babel's ``format_currency`` (imported here, when
    money is first written: it costs tens of milliseconds to import) with its own minor
    unit: two places for the pound, none for the yen, three for the Kuwaiti dinar. It never
    rounds: an amount finer than the minor unit (a unit's value of half a penny) is shown
    as it is. A currency that is no ISO code (a ledger written before codes were checked)
    follows the amount; with none, the amount alone, to the cent.

    >>> money_text(Decimal('-1.35'), 'GBP'), money_text(Decimal('1234.5'), 'USD')
    ('-£1.35', '$1,234.50')
    >>> money_text(Decimal('-300.00'), 'JPY'), money_text(Decimal('0.050'), 'KWD')
    ('-¥300', 'KWD0.050')
    >>> money_text(Decimal('0.005'), 'GBP'), money_text(Decimal('-0.00'), 'EUR')
    ('£0.005', '€0.00')
    >>> money_text(Decimal('2'), 'pounds'), money_text(Decimal('-2'), None)
    ('2.00 pounds', '-2.00')
    """
    if amount is None:
        return ""
    if not amount:
        amount = abs(amount)  # no "-£0.00"
    if currency is not None and currency_problem(currency) is None:
        from babel.numbers import format_currency  # noqa: PLC0415 (Babel: only where money is checked or shown, not for a chips-only command)
        return format_currency(amount, currency, locale=LOCALE, decimal_quantization=False)
    places = ",.2f" if amount == amount.quantize(CENT) else ",f"
    sign, body = ("-" if amount < 0 else ""), format(abs(amount), places)
    return f"{sign}{body}" + (f" {currency}" if currency else "")
