"""Issue 20: the next deal is the domain's answer (domain/next/legal.py with rotation.py, the
antes included), asked by services/pool.py when `loo pool` runs. Nothing of
it is stored: the stored answer of m016 (``sessions.next_deal``) is dropped by m017, and
`loo pool` follows who is at the table as stored now.

Worked by hand (three-card, RULES.md: the dealer antes 9 each deal, ante_model=dealer):
seats Ann, Ben, Cat, Dov clockwise, Dov deals hand 1, so Dov antes 9. With Dov away from
the table, the deal passes to the next seat to his left who is present: Ann, who antes 9.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "v1.db"


def _columns(db) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return [r[1] for r in conn.execute("PRAGMA table_info(sessions)")]
    finally:
        conn.close()


def test_the_next_deal_is_not_stored_and_follows_the_table_as_stored_now(tmp_path, loo):
    db = tmp_path / "t.db"
    assert loo(db, "new", "Friday", "--players", "Ann,Ben,Cat,Dov", "--dealer",
               "Dov").exit_code == 0
    assert "next_deal" not in _columns(db) and "next_dealer" in _columns(db)
    status = json.loads(loo(db, "pool", "--json").stdout)
    assert (status["next_dealer"], status["antes"]) == ("Dov", [{"player": "Dov", "amount": 9}])
    conn = sqlite3.connect(db)
    with conn:  # Dov away, written behind the program's back: no answer to go stale
        conn.execute("UPDATE seats SET present = 0 WHERE name = 'Dov'")
    conn.close()
    status = json.loads(loo(db, "pool", "--json").stdout)
    assert (status["next_dealer"], status["antes"]) == ("Ann", [{"player": "Ann", "amount": 9}])
    assert status["pool"] == 0 and status["next_hand"] == 1


def test_an_upgraded_ledger_has_no_stored_next_deal(loo, tmp_path):
    """tests/fixtures/v1.db, the first version's ledger, migrated through m016 and m017."""
    v1 = tmp_path / "v1.db"
    shutil.copyfile(FIXTURE, v1)
    assert loo(v1, "check").exit_code == 0
    assert "next_deal" not in _columns(v1)
