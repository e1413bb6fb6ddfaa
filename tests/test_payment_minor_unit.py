"""A payment is money someone could hand over: in a currency with no minor unit (the yen,
Babel's ``get_currency_precision`` gives 0 places) ``loo paid`` refuses fractions of it, as
a chip's value in yen is refused (domain/rules/money.py).

Irish loo (RULES.md: exactly one player stands and takes P without play), the dealer D
antes 9, one chip = ¥10. A stands, the rest pass: A +9 chips = +¥90, D -9 = -¥90.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest


@pytest.fixture
def yen(loo, tmp_path) -> Path:
    db = tmp_path / "yen.db"
    for args in (("new", "Yen night", "--variant", "irish", "--players", "A,B,C,D",
                  "--dealer", "D", "--unit-value", "10", "--currency", "JPY"),
                 ("hand", "A=stand", "B=pass", "C=pass", "D=pass")):
        result = loo(db, *args)
        assert result.exit_code == 0, result.output
    return db


def payments(db: Path) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT * FROM payments").fetchall()


@pytest.mark.parametrize("amount", ["12.50", "90.01", "0.5"])
def test_a_fraction_of_a_yen_is_refused_and_nothing_written(loo, yen, amount):
    """D owes ¥90; ¥12.50, ¥90.01 and ¥0.5 are no amounts of yen: refused, naming the
    payer, the amount and the smallest amount of JPY (¥1); no payment stored."""
    result = loo(yen, "paid", "D", "A", amount)
    assert result.exit_code == 1
    assert (f"D paid A {amount} JPY: JPY has no amount finer than ¥1; a payment in JPY is "
            "a whole number of ¥1") in " ".join(result.output.split())
    assert payments(yen) == []


def test_whole_yen_are_paid(loo, yen):
    """D pays A ¥90, his whole debt: stored as 90 (9000 hundredths), written ¥90."""
    result = loo(yen, "paid", "D", "A", "90", "--json")
    assert result.exit_code == 0, result.output
    stored = json.loads(result.stdout)["payment"]
    assert (stored["from"], stored["to"], stored["amount"], stored["currency"]) == \
        ("D", "A", "90.00", "JPY")
    shown = loo(yen, "paid", "D", "A", "1", "--advance")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("D paid A ¥1 ")
