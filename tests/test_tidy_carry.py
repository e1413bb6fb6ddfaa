"""``loo new --carry-from`` carries the unit's value and currency with the pool (issue 21's
leftover): the chips carried are the same chips, worth what they were worth.

Three-card (ante 9 by the dealer, loo 9), seats A B C D, D deals. Session 1, hand 1, pool 0:
simple, P = 9, a trick 3: A, C, D one each, B looed 9; the pool after 9 - 9 + 9 = 9, worth
9 x 0.05 = £0.45. Session 2 opens with those 9 chips, and so at 0.05 a chip in GBP.
"""

from __future__ import annotations

import json


def _closed_session(loo, db, *unit: str) -> None:
    assert loo(db, "new", "one", "--players", "A,B,C,D", "--dealer", "D", *unit).exit_code == 0
    assert loo(db, "hand", "A=1", "B=0", "C=1", "D=1").exit_code == 0
    assert loo(db, "close").exit_code == 0


def _unit(loo, db, *more: str) -> dict:
    made = loo(db, "new", "two", "--players", "A,B,C,D", "--dealer", "D", "--carry-from", "1",
               *more, "--json")
    assert made.exit_code == 0, made.output
    stored = json.loads(made.stdout)["stored"]
    assert stored["opening_pool"] == 9
    return stored["unit"]


def test_carry_from_carries_the_unit_value_and_currency(loo, tmp_path):
    db = tmp_path / "carry.db"
    _closed_session(loo, db, "--unit-value", "0.05", "--currency", "GBP")
    unit = _unit(loo, db)
    assert (unit["value"], unit["currency"]) == ("0.05", "GBP")
    # the pool carried in is shown in money at the same value: 9 x 0.05 = 0.45
    data = json.loads(loo(db, "balances", "--json").stdout)
    assert data["carried_in"]["chips"] == 9
    assert json.dumps(data).count("0.45") >= 1


def test_carry_from_with_the_same_unit_given_is_accepted(loo, tmp_path):
    db = tmp_path / "same.db"
    _closed_session(loo, db, "--unit-value", "0.05", "--currency", "GBP")
    unit = _unit(loo, db, "--unit-value", "0.050", "--currency", "GBP")
    assert (unit["currency"], float(unit["value"])) == ("GBP", 0.05)


def test_carry_from_with_another_unit_is_refused(loo, tmp_path):
    """Valued at 0.10, the 9 chips carried would become £0.90 though £0.45 was left in the
    pool: refused, naming both sessions' values; nothing is written."""
    db = tmp_path / "other.db"
    _closed_session(loo, db, "--unit-value", "0.05", "--currency", "GBP")
    for given, said in ((("--unit-value", "0.10"), "--unit-value 0.10"),
                        (("--currency", "EUR"), "--currency EUR")):
        result = loo(db, "new", "two", "--players", "A,B,C,D", "--carry-from", "1", *given)
        assert result.exit_code == 1, result.output
        assert said in result.output and "session 1" in result.output
    assert len(json.loads(loo(db, "sessions", "--json").stdout)) == 1


def test_carry_from_a_session_without_a_value_leaves_the_unit_to_the_new_one(loo, tmp_path):
    db = tmp_path / "none.db"
    _closed_session(loo, db)
    unit = _unit(loo, db, "--unit-value", "0.05")
    assert (unit["value"], unit["currency"]) == ("0.05", None)
