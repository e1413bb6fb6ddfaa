"""Issue 19, item 10: values that would poison a session are refused where they are typed.

The limits of formats/limits.py (docs/format.md "Limits") hold at every entry point, each
asked from its one home: `--paid` (a hand's deltas) within +/-10^12 (MAX_CHIPS, kept by the
engine for every hand: domain/settlement/engine.py beyond_limit), so
`--paid Ann=-9223372036854775808`
is a refusal naming the hand and the player, not a traceback; `--currency` is a word
(1 to 64 characters, no control or invisible characters: limits.word_problem). Before,
each was accepted and then made `loo export` refuse the session (or was a traceback).

The table: three-card, Ann Ben Cat, Cat deals first; hand 1 (Cat's simple pool, Ann all 3
tricks) with the table's own figures: the rules give Ann +9, Ben -9, Cat -9 - 9 = -18 and a
pool of 18; a ruling may state any figures that sum with the pool's change to zero.
"""

from __future__ import annotations

import pytest

MAX = 10**12


@pytest.fixture
def table(tmp_path, loo):
    db = tmp_path / "table.db"
    assert loo(db, "new", "Friday", "--players", "Ann,Ben,Cat", "--dealer", "Cat",
               "--currency", "GBP", "--unit-value", "0.05").exit_code == 0
    return db


@pytest.mark.parametrize("paid", [
    ("Ann=-9223372036854775808", "Ben=9223372036854775808", "Cat=0"),
    (f"Ann={MAX + 1}", f"Ben={-MAX - 1}", "Cat=0"),
    (f"Ann={-(MAX + 19)}", f"Ben={MAX + 1}", "Cat=0"),  # sum -18: the pool's +18
])
def test_paid_beyond_the_limit_is_refused_naming_hand_and_player(loo, table, dump_db, paid):
    before = dump_db(table)
    args = [a for p in paid for a in ("--paid", p)]
    result = loo(table, "hand", "Ann=3", "Ben=0", "Cat=0", *args, "--table-ruling", "agreed")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "hand 1" in result.stderr and "1,000,000,000,000" in result.stderr
    assert "player Ann" in result.stderr or "player Ben" in result.stderr
    assert dump_db(table) == before
    assert loo(table, "export").exit_code == 0


def test_paid_at_the_limit_is_recorded_and_exports(loo, table):
    """Ann +10^12 (exactly the limit), Ben -999,999,999,982, Cat -18 (the rules' own): the
    ruling moves each difference through the pool, which ends at
    18 - ((10^12 - 9) + (-999,999,999,982 + 9)) = 18 - 18 = 0; the figures sum to 0."""
    result = loo(table, "hand", "Ann=3", "Ben=0", "Cat=0", "--paid", f"Ann={MAX}",
                 "--paid", "Ben=-999999999982", "--paid", "Cat=-18", "--table-ruling", "agreed")
    assert result.exit_code == 0, result.output
    exported = loo(table, "export")
    assert exported.exit_code == 0, exported.output


def test_amend_with_paid_beyond_the_limit_is_refused(loo, table, dump_db):
    assert loo(table, "hand", "Ann=3", "Ben=0", "Cat=0").exit_code == 0
    before = dump_db(table)
    result = loo(table, "amend", "1", "Ann=3", "Ben=0", "Cat=0", "--paid",
                 "Ann=-9223372036854775808", "--paid", "Ben=9223372036854775808",
                 "--paid", "Cat=0", "--table-ruling", "agreed")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "hand 1" in result.stderr and "1,000,000,000,000" in result.stderr
    assert dump_db(table) == before


HOSTILE_CURRENCIES = ["GBP\u202e", "\u200bGBP", "\x1b[31mGBP", "GB\nP", "G" * 65, "",
                      "GBP\u2066"]


@pytest.mark.parametrize("currency", HOSTILE_CURRENCIES)
def test_new_refuses_a_currency_with_control_or_invisible_characters(loo, tmp_path,
                                                                      currency):
    db = tmp_path / "new.db"
    result = loo(db, "new", "Friday", "--players", "Ann,Ben", "--currency", currency)
    assert result.exit_code == 2, result.output
    assert "--currency" in result.output
    assert not db.exists()


@pytest.mark.parametrize("currency", HOSTILE_CURRENCIES)
def test_paid_refuses_a_currency_with_control_or_invisible_characters(loo, table, dump_db,
                                                                       currency):
    before = dump_db(table)
    result = loo(table, "paid", "Ann", "Ben", "5", "--currency", currency)
    assert result.exit_code == 2, result.output
    assert "--currency" in result.output
    assert dump_db(table) == before


def test_a_plain_currency_is_kept(loo, table):
    assert loo(table, "paid", "Ann", "Ben", "5", "--currency", "EUR", "--advance").exit_code == 0
    assert loo(table, "export").exit_code == 0


def test_a_huge_paid_figure_is_refused_in_a_short_line(loo, table, dump_db):
    """A 4,001-digit figure is named cut short, and the hand is refused as typed."""
    before = dump_db(table)
    huge = "9" + "0" * 4000
    result = loo(table, "hand", "Ann=3", "Ben=0", "Cat=0", "--paid", f"Ann={huge}")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "--paid" in result.stderr and "1,000,000,000,000" in result.stderr
    assert "4001 digits" in result.stderr and len(result.stderr) < 1000
    assert dump_db(table) == before
