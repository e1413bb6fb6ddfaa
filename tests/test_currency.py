"""Issue 22, item 9: money in its currency. A currency is an ISO 4217 code, checked where it
is typed or read (refused naming the option or the field and the code, nothing written),
and money is written by Babel's ``format_currency`` with the currency's own minor unit
(domain/rules/money.money_text): two places for the pound, none for the yen.

The evening is tests/conftest.py's GOOD_SESSION (worked by hand in tests/test_cli.py):
nets A 0, B +12, C +3, D -15 chips, the pool empty at the end.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def _sessions(loo, db):
    result = loo(db, "sessions", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize(("code", "words"), [
    ("GBX", "'GBX' is not an ISO 4217 currency code"),
    ("gbp", "codes are written in capitals, 'GBP'"),
    ("pounds", "'pounds' is not an ISO 4217 currency code"),
])
def test_new_refuses_a_currency_that_is_no_iso_code(loo, tmp_path, code, words):
    db = tmp_path / "loo.db"
    result = loo(db, "new", "Friday", "--players", "Ann,Ben,Cat", "--unit-value", "0.05",
                 "--currency", code)
    assert result.exit_code == 2, result.output
    assert "--currency" in result.output and words in " ".join(result.output.split())
    assert not db.exists() or _sessions(loo, db) == []


def test_paid_refuses_a_currency_that_is_no_iso_code(loo, good_db, dump_db):
    before = dump_db(good_db)
    result = loo(good_db, "paid", "D", "B", "0.60", "--currency", "UKP")
    assert result.exit_code == 2, result.output
    assert "--currency" in result.output and "'UKP'" in result.output
    assert dump_db(good_db) == before


def test_a_session_file_with_no_iso_currency_is_refused(loo, tmp_path, good_session, save):
    good_session["unit"]["currency"] = "quid"
    db = tmp_path / "loo.db"
    result = loo(db, "import", save(tmp_path / "s.json", good_session))
    assert result.exit_code == 1, result.output
    text = " ".join(result.output.split())
    assert "unit.currency" in text and "'quid' is not an ISO 4217 currency code" in text
    assert not db.exists() or _sessions(loo, db) == []


def _yen_db(loo, tmp_path, good_session, save):
    """GOOD_SESSION at 10 yen a chip: B +12 x 10 = +120 yen, C +30, D -150."""
    good_session["unit"] = {"name": "chip", "value": "10", "currency": "JPY"}
    db = tmp_path / "yen.db"
    assert loo(db, "import", save(tmp_path / "yen.json", good_session)).exit_code == 0
    return db


def test_yen_are_written_without_a_minor_unit(loo, tmp_path, good_session, save):
    """At 10 yen a chip: B +12 chips = ¥120, C +3 = ¥30, D -15 = -¥150, A 0 = ¥0; D pays
    B ¥120 and C ¥30 (the fewest transfers). The yen has no minor unit: no ".00"."""
    db = _yen_db(loo, tmp_path, good_session, save)
    text = loo(db, "export", "--format", "text")
    assert text.exit_code == 0, text.output
    out = text.stdout
    assert "chip = ¥10" in out
    assert "B: +12 chips, +¥120" in out and "D: -15 chips, -¥150" in out
    assert "D pays B ¥120" in out and "D pays C ¥30" in out
    assert "¥120.00" not in out and ".00" not in out
    md = loo(db, "export", "--format", "md").stdout
    assert "| B | +12 | ¥120 |" in md and "| D | -15 | -¥150 |" in md


def test_pounds_keep_their_pence(loo, good_db):
    """At £0.05 a chip: B +12 = £0.60, C +3 = £0.15, D -15 = -£0.75."""
    out = loo(good_db, "export", "--format", "text").stdout
    assert "B: +12 white chips, +£0.60" in out and "D pays B £0.60" in out


def test_a_command_that_writes_no_money_does_not_import_babel(good_db):
    """`loo hands` shows chips only: Babel (tens of milliseconds) is not imported; `loo
    export --format text` writes money and imports it (so the check can fail)."""
    def imported(*args: str) -> str:
        done = subprocess.run([sys.executable, "-X", "importtime", "-m", "loo_ledger",
                               "--db", str(good_db), *args], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stderr

    assert " babel" not in imported("hands")
    assert " babel.numbers" in imported("export", "--format", "text")


def test_the_service_refuses_it_too(tmp_path):
    """Whatever calls the service (not only the CLI's option): refused, nothing written."""
    from loo_ledger.errors import LooError
    from loo_ledger.services.table import new_session
    from loo_ledger.store.ledger import Ledger
    ledger = Ledger.open(tmp_path / "loo.db")
    try:
        with pytest.raises(LooError, match="currency 'Yen' is not an ISO 4217 currency code"):
            new_session(ledger, name="Friday", variant_name="three-card", rule_args=[],
                        players=["Ann", "Ben", "Cat"], dealer=None, buy_in=None,
                        unit_value="10", currency="Yen", when=None, carry_from=None)
        assert ledger.sessions() == []
    finally:
        ledger.close()
