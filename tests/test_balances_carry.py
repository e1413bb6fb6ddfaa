"""Issue 21 item 8: the balances of a session opened with a carried pool show the carry, so
the total reads as the change it is (zero: chips are conserved), not as an imbalance."""

from __future__ import annotations

import json


def test_balances_show_the_pool_carried_in(loo, tmp_path):
    """Three-card (ante 9 by the dealer, loo 9), seats A B C D, D deals.

    Session 1, hand 1, pool 0: simple, P = 9, a trick 3: A C D +3, B looed 9, D antes 9;
    pool after 9 - 9 + 9 = 9. Closed with 9 in the pool.
    Session 2, carried from 1: it opens with 9. Hand 1, D deals, 9 carried: double, P = 9 +
    9 = 18, a trick 6: A B C one each, +6; D none: ante 9 and looed 9, -18. Pool after
    18 - 18 + 9 = 9. Balances: A +6, B +6, C +6, D -18 (sum 0), pool 9, less the 9 carried
    in: total 6 + 6 + 6 - 18 + 9 - 9 = 0."""
    db = tmp_path / "carry.db"
    assert loo(db, "new", "one", "--players", "A,B,C,D", "--dealer", "D").exit_code == 0
    assert loo(db, "hand", "A=1", "B=0", "C=1", "D=1").exit_code == 0
    assert loo(db, "close").exit_code == 0
    assert loo(db, "new", "two", "--players", "A,B,C,D", "--dealer", "D",
               "--carry-from", "1").exit_code == 0
    assert loo(db, "hand", "A=1", "B=1", "C=1", "D=0").exit_code == 0
    data = json.loads(loo(db, "balances", "--json").stdout)
    assert {p["name"]: p["net"] for p in data["players"]} == {"A": 6, "B": 6, "C": 6, "D": -18}
    assert data["pool"] == 9
    assert data["carried_in"] == {"chips": 9}
    assert data["total"] == {"chips": 0}
    rows = {line.split("│")[0].strip(): [c.strip() for c in line.split("│")[1:]]
            for line in loo(db, "balances").stdout.splitlines() if "│" in line}
    assert rows["(pool)"][0] == "9"
    assert rows["less carried in"][0] == "-9"
    assert rows["total"][0] == "0"
    assert "carried in from an earlier session" in loo(db, "balances").stdout


def test_balances_without_a_carry_have_no_carry_row(loo, tmp_path):
    """Session 1 alone (as above): A +3, B -9, C +3, D -6, pool 9, total 3 - 9 + 3 - 6 + 9
    = 0; nothing was carried in, so no row or figure says so."""
    db = tmp_path / "carry.db"
    assert loo(db, "new", "one", "--players", "A,B,C,D", "--dealer", "D").exit_code == 0
    assert loo(db, "hand", "A=1", "B=0", "C=1", "D=1").exit_code == 0
    data = json.loads(loo(db, "balances", "--json").stdout)
    assert "carried_in" not in data and data["total"] == {"chips": 0}
    assert "carried in" not in loo(db, "balances").stdout
