"""loo settle-up, worked by hand.

The evening is tests/data/sessions/bicycle-night.json (worked in tests/test_stats.py): nets
A -2, B +4, C +5, D -9; the pool opened empty and ends with 2 chips. At 0.10 GBP a chip:
    A -0.20, B +0.40, C +0.50, D -0.90, and (pool) +0.20: the sum is 0.00.
Everyone with the banker A (the first player; he keeps the pool's money):
    A pays B 0.40, A pays C 0.50, D pays A 0.90, A pays (pool) 0.20
    (A: +0.90 - 0.40 - 0.50 - 0.20 = -0.20, his net).
Greedy fewest transfers, balances in cents A -20, B 40, C 50, D -90, pool 20:
    D (owes 90) pays C (owed 50) 0.50; D (40 left) pays B (40) 0.40; A pays (pool) 0.20.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from rich_tables import tables

from loo_ledger.domain.rules.money import allocate_cents
from loo_ledger.services.analysis.settle_up import fewest_transfers
from loo_ledger.store.ledger import Ledger

BICYCLE = json.loads((Path(__file__).resolve().parent / "data" / "sessions"
                      / "bicycle-night.json").read_text(encoding="utf-8"))


@pytest.fixture
def bike_db(loo, save, tmp_path):
    db = tmp_path / "bike.db"
    assert loo(db, "import", save(tmp_path / "b.json", BICYCLE)).exit_code == 0
    return db


def settle(loo, db, *args) -> dict:
    result = loo(db, "settle-up", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def moves(part: dict) -> list[tuple]:
    return [(t["from"], t["to"], t["amount"]) for t in part["transfers"]]


def test_nets_pool_and_transfers(loo, bike_db):
    data = settle(loo, bike_db)
    assert [(p["name"], p["net"], p["money"]) for p in data["players"]] == [
        ("A", -2, "-0.20"), ("B", 4, "0.40"), ("C", 5, "0.50"), ("D", -9, "-0.90")]
    assert data["pool"] == {"opening": 0, "end": 2, "change": 2, "money": "0.20"}
    assert data["total"] == "0.00" and not data["rounded"]
    assert data["banker"]["name"] == "A"
    assert moves(data["banker"]) == [("A", "B", "0.40"), ("A", "C", "0.50"), ("D", "A", "0.90"),
                                     ("A", "(pool)", "0.20")]
    assert moves(data["fewest"]) == [("D", "C", "0.50"), ("D", "B", "0.40"),
                                     ("A", "(pool)", "0.20")]
    assert "greedy" in data["fewest"]["method"]


def test_another_banker(loo, bike_db):
    data = settle(loo, bike_db, "--banker", "C")
    # C: +0.20 from A, +0.90 from D, -0.40 to B, -0.20 to the pool = +0.50, his net.
    assert moves(data["banker"]) == [("A", "C", "0.20"), ("C", "B", "0.40"), ("D", "C", "0.90"),
                                     ("C", "(pool)", "0.20")]


@pytest.mark.parametrize("part", ["banker", "fewest"])
def test_transfers_settle_every_party(loo, bike_db, part):
    data = settle(loo, bike_db)
    owed = {p["name"]: Decimal(p["money"]) for p in data["players"]}
    owed["(pool)"] = Decimal(data["pool"]["money"])
    assert sum(owed.values()) == 0
    for t in data[part]["transfers"]:
        owed[t["from"]] += Decimal(t["amount"])
        owed[t["to"]] -= Decimal(t["amount"])
    assert set(owed.values()) == {0}


def test_buy_in(loo, bike_db):
    ledger = Ledger.open(bike_db)
    ledger.set_session_fields(1, buy_in=50)
    ledger.close()
    data = settle(loo, bike_db)
    # Each bought 50 chips = 5.00; cashes out 50 + net: A 48 = 4.80, B 54 = 5.40, C 55 = 5.50,
    # D 41 = 4.10; together 19.80 = 4 x 5.00 less the pool's 0.20.
    assert [(p["bought_money"], p["cash_out"], p["cash_out_money"]) for p in data["players"]] == [
        ("5.00", 48, "4.80"), ("5.00", 54, "5.40"), ("5.00", 55, "5.50"), ("5.00", 41, "4.10")]
    out = loo(bike_db, "settle-up").stdout
    assert tables(out)["Settle-up"]["D"] == ["-9", "-£0.90", "50 = £5.00", "41 = £4.10"]
    assert "the banker instead pays each player their cash-out" in out


def test_a_carried_pool_pays_out(loo, save, tmp_path, good_session):
    # Three-card, 9 carried in: the first deal is double. D deals; P = 9 + D's ante 9 = 18;
    # everyone passes, D takes 18: +9. The pool ends empty: change -9, i.e. -0.45, which
    # the pool pays (out of the money carried with it) to make up D's +0.45.
    good_session.update(opening_pool=9, hands=[
        {"declarations": {"A": "pass", "B": "pass", "C": "pass", "D": "pass"}}])
    db = tmp_path / "carried.db"
    assert loo(db, "import", save(tmp_path / "c.json", good_session)).exit_code == 0
    data = settle(loo, db)
    assert [p["money"] for p in data["players"]] == ["0.00", "0.00", "0.00", "0.45"]
    assert data["pool"] == {"opening": 9, "end": 0, "change": -9, "money": "-0.45"}
    assert moves(data["banker"]) == [("A", "D", "0.45"), ("(pool)", "A", "0.45")]
    assert moves(data["fewest"]) == [("(pool)", "D", "0.45")]
    assert "out of the money carried with it" in loo(db, "settle-up").stdout


def test_a_unit_finer_than_a_cent(loo, save, tmp_path):
    # At 0.005 a chip: A -0.010, B 0.020, C 0.025, D -0.045, pool 0.010 (exact).
    # In cents rounded down: -1, 2, 2, -5, 1 = -1; the missing cent goes to the largest
    # remainder, C's and D's .5 tying, C first: A -0.01, B 0.02, C 0.03, D -0.05, pool 0.01.
    bike = {**BICYCLE, "unit": {"name": "chip", "value": "0.005", "currency": "GBP"}}
    db = tmp_path / "fine.db"
    assert loo(db, "import", save(tmp_path / "f.json", bike)).exit_code == 0
    data = settle(loo, db)
    assert [p["money"] for p in data["players"]] == ["-0.01", "0.02", "0.03", "-0.05"]
    assert data["pool"]["money"] == "0.01" and data["total"] == "0.00" and data["rounded"]


def test_table_agrees_with_json(loo, bike_db):
    data = settle(loo, bike_db)
    out = loo(bike_db, "settle-up").stdout
    rows = tables(out)["Settle-up"]
    for p in data["players"]:
        assert rows[p["name"]] == [f"{p['net']:+d}", f"{'-' if p['net'] < 0 else ''}£"
                                   f"{p['money'].lstrip('-')}"]
    assert rows["(pool)"] == ["+2", "£0.20"] and rows["total"] == ["0", "£0.00"]
    assert "  D pays C £0.50" in out and "  A pays (pool) £0.20" in out
    assert "goes with the chips into the next session" in out


def test_a_session_with_no_money_value_is_settled_in_chips(loo, tmp_path, save):
    """Issue 22 item 13: the bicycle evening with a unit of no money value ("chip", no
    value) is settled in chips, where settle-up used to refuse it. Nets A -2, B +4, C +5,
    D -9, the pool +2 (sum 0).
    With the banker A: B is owed 4 (A hands B 4), C 5 (A hands C 5), D owes 9 (D hands A
    9), the pool is owed 2 (A hands (pool) 2); A: +9 - 4 - 5 - 2 = -2, his net.
    Greedy: D (owes 9) hands C (owed 5, the largest) 5, then B (4) his 4; A hands the
    pool 2."""
    session = json.loads(json.dumps(BICYCLE))
    session["unit"] = {"name": "chip"}
    db = tmp_path / "novalue.db"
    assert loo(db, "import", save(tmp_path / "n.json", session)).exit_code == 0
    data = settle(loo, db)
    assert data["in"] == "chips"
    assert [(p["name"], p["net"]) for p in data["players"]] == [
        ("A", -2), ("B", 4), ("C", 5), ("D", -9)]
    assert data["pool"]["change"] == 2
    assert [(t["from"], t["to"], t["chips"]) for t in data["banker"]["transfers"]] == [
        ("A", "B", 4), ("A", "C", 5), ("D", "A", 9), ("A", "(pool)", 2)]
    assert [(t["from"], t["to"], t["chips"]) for t in data["fewest"]["transfers"]] == [
        ("D", "C", 5), ("D", "B", 4), ("A", "(pool)", 2)]
    out = loo(db, "settle-up").stdout
    assert "Settle-up in chips" in out
    assert "  D hands C 5 chips" in out and "  A hands (pool) 2 chips" in out
    assert "has no money value" not in out


def test_refusals(loo, tmp_path, save, good_session, bike_db, dump_db):
    before = dump_db(bike_db)
    result = loo(bike_db, "settle-up", "--banker", "Zed")
    assert result.exit_code == 1 and "the players are A, B, C, D" in result.output
    assert dump_db(bike_db) == before


def test_helpers():
    # Cents always sum to zero; greedy needs at most parties - 1 transfers.
    assert sum(allocate_cents([Decimal("0.333"), Decimal("0.333"), Decimal("-0.666")])) == 0
    owed = [("A", 500), ("B", -300), ("C", -150), ("D", -50)]
    assert fewest_transfers(owed) == [{"from": "B", "to": "A", "cents": 300},
                                      {"from": "C", "to": "A", "cents": 150},
                                      {"from": "D", "to": "A", "cents": 50}]
