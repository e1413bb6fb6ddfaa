"""A chip's value in a currency with no amount smaller than its unit (the yen, the won).

Money is allocated to the hundredth (domain/rules/money.py): at ¥0.5 a chip, a player up 3
chips would be shown +¥1.5, which no coin pays. A Loo table plays for what it can hand over:
where the currency's smallest amount (its minor unit, from Babel's CLDR data) is coarser
than the hundredth, a chip must be worth a whole number of it, and a finer value is refused
when it is set, with the figure nobody could pay. Where the minor unit is the hundredth
(pence, cents) or finer (the Kuwaiti dinar's fils), a finer chip (half a penny) is still
allowed: its amounts are allocated to the hundredth and paid in whole pence (tests
test_money_policy.py, test_settle_up.py).
"""

from __future__ import annotations

import json

import pytest

from loo_ledger.domain.rules.money import unit_problem

REFUSED = "0.5 JPY a chip is finer than ¥1, the smallest amount of JPY: nobody could pay ¥0.5"


@pytest.mark.parametrize(("value", "currency"), [
    ("1", "JPY"), ("10", "JPY"), ("100", "KRW"), ("0.005", "GBP"), ("0.05", "EUR"),
    ("0.001", "KWD"), ("0.5", None), ("0.5", "pounds")])
def test_values_a_table_can_pay_are_allowed(value, currency):
    """Whole yen and won; half a penny (paid to the penny by largest remainder); a fils; no
    currency, or a word from before currencies were checked: no rule to apply."""
    assert unit_problem(value, currency) is None


def test_half_a_yen_is_refused_with_the_figure_nobody_could_pay():
    problem = unit_problem("0.5", "JPY")
    assert problem is not None and problem.startswith(REFUSED)
    assert "a whole number of ¥1" in problem
    assert unit_problem("2.50", "JPY") is not None and unit_problem("2.00", "JPY") is None


def test_loo_new_refuses_half_a_yen_and_writes_nothing(loo, tmp_path):
    db = tmp_path / "yen.db"
    result = loo(db, "new", "Tokyo", "--players", "Ann,Ben,Cat", "--unit-value", "0.5",
                 "--currency", "JPY")
    assert result.exit_code == 1, result.output
    assert "--unit-value 0.5" in result.output and "¥1" in result.output
    assert not db.exists() or json.loads(loo(db, "sessions", "--json").stdout) == []
    made = loo(db, "new", "Tokyo", "--players", "Ann,Ben,Cat", "--unit-value", "10",
               "--currency", "JPY")
    assert made.exit_code == 0, made.output


def test_a_session_file_at_half_a_yen_is_refused(loo, tmp_path, good_session, save):
    good_session["unit"] = {"name": "chip", "value": "0.5", "currency": "JPY"}
    db = tmp_path / "yen.db"
    result = loo(db, "import", save(tmp_path / "yen.json", good_session))
    assert result.exit_code == 1, result.output
    text = " ".join(result.output.split())
    assert "unit.value" in text and REFUSED in text
    assert not db.exists() or json.loads(loo(db, "sessions", "--json").stdout) == []
