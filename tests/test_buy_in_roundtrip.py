"""A buy-in given at 'loo new' survives export and import (settling up needs it)."""

import json


def test_buy_in_goes_out_and_comes_back(loo, tmp_path):
    db, again = tmp_path / "a.db", tmp_path / "b.db"
    assert loo(db, "new", "Friday", "--players", "Ann,Ben,Cat", "--buy-in", "100",
               "--unit-value", "0.05", "--currency", "GBP").exit_code == 0
    # Simple pool: Cat antes 9, 3 a trick; Ann 2 tricks +6, Ben 1 +3, Cat looed -9 -9.
    assert loo(db, "hand", "Ann=2", "Ben=1", "Cat=0").exit_code == 0
    out = tmp_path / "friday.json"
    assert loo(db, "export", "-o", str(out)).exit_code == 0
    data = json.loads(out.read_text())
    assert data["buy_in"] == 100
    assert loo(again, "import", str(out)).exit_code == 0
    first = json.loads(loo(db, "settle-up", "--json").stdout)
    second = json.loads(loo(again, "settle-up", "--json").stdout)
    assert first["buy_in"] == second["buy_in"] == 100
    assert first["players"] == second["players"]
