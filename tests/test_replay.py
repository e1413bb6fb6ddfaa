"""loo replay, worked by hand; the database is never changed.

GOOD_SESSION (tests/conftest.py; stored nets A 0, B +12, C +3, D -15, worked in
tests/test_cli.py) under loo=unlimited, where a looed player pays the whole pool P:
    hand 1, simple, P 9: B looed pays 9 (= P, as before): A +3, B -9, C +3, D -6; pool 9.
    hand 2, double, P 18, 6 a trick: D looed pays 18 instead of 9: A -3, B +12, D -18;
        pool 18 - 18 + 18 = 18.
    hand 3, double, P 18 + 9 = 27: all pass, B takes 27: +18; pool 0.
    New nets A 0, B -9 + 12 + 18 = 21, C 3, D -6 - 18 = -24: differences 0, +9, 0, -9.
Under miss=false hand 2 (D took the miss) is impossible and is skipped:
    hand 1 as before; pool 9. Hand 2 skipped: pool 9 still, double; the deal passes from
    A to B. Hand 3, B deals, P 9 + 9 = 18, all pass, B +9; pool 0.
    New nets A 3, B -9 + 9 = 0, C 3, D -6: differences +3, -12, 0, +9.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich_tables import tables

SAMPLES = sorted((Path(__file__).parent.parent / "sample_sessions").glob("*.json"))


def replay(loo, db, *args) -> dict:
    result = loo(db, "replay", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def nets(data: dict) -> dict[str, tuple[int, int, int]]:
    rows = {p["name"]: (p["stored"], p["new"], p["difference"]) for p in data["players"]}
    return {**rows, "(pool)": tuple(data["pool"][k] for k in ("stored", "new", "difference"))}


def test_unlimited_loo(loo, good_db, dump_db):
    before = dump_db(good_db)
    data = replay(loo, good_db, "--rule", "loo=unlimited")
    assert dump_db(good_db) == before
    assert nets(data) == {"A": (0, 0, 0), "B": (12, 21, 9), "C": (3, 3, 0),
                          "D": (-15, -24, -9), "(pool)": (0, 0, 0)}
    assert data["changed"] == [{"parameter": "loo", "stored": "limited", "new": "unlimited"}]
    assert (data["hands"], data["settled"], data["skipped"]) == (3, 3, [])
    assert data["stored_rules"] == "three-card"
    assert data["new_rules"] == "three-card with loo=unlimited"
    # Money at 0.05: B 21 -> 1.05, difference +0.45; D -24 -> -1.20, difference -0.45.
    by = {p["name"]: p["money"] for p in data["players"]}
    assert by["B"] == {"stored": "0.60", "new": "1.05", "difference": "0.45"}
    assert by["D"] == {"stored": "-0.75", "new": "-1.20", "difference": "-0.45"}
    assert data["written"] is False


def test_an_impossible_hand_is_listed_and_skipped(loo, good_db, dump_db):
    before = dump_db(good_db)
    data = replay(loo, good_db, "--rule", "miss=false")
    assert dump_db(good_db) == before
    assert nets(data) == {"A": (0, 3, 3), "B": (12, 0, -12), "C": (3, 3, 0),
                          "D": (-15, -6, 9), "(pool)": (0, 0, 0)}
    assert data["settled"] == 2
    [skipped] = data["skipped"]
    assert skipped["hand"] == 2
    assert {"code": "MISS_NOT_AVAILABLE", "player": "D"} in [
        {k: p[k] for k in ("code", "player")} for p in skipped["problems"]]
    out = loo(good_db, "replay", "--rule", "miss=false").stdout
    assert "Hand 2 is impossible under the new rules and was skipped" in out
    assert "[MISS_NOT_AVAILABLE]" in out and "2 of 3 hands settled" in out
    assert "Nothing was written to the database." in out
    assert dump_db(good_db) == before


def test_table_agrees_with_json(loo, good_db):
    data = replay(loo, good_db, "--rule", "loo=unlimited")
    rows = tables(loo(good_db, "replay", "--rule", "loo=unlimited").stdout)
    [shown] = [t for t in rows.values() if "B" in t]
    assert shown["B"] == ["+12", "+21", "+9", "£0.60", "£1.05", "£0.45"]
    assert shown["D"] == ["-15", "-24", "-9", "-£0.75", "-£1.20", "-£0.45"]
    for p in data["players"]:
        assert shown[p["name"]][:3] == [f"{p[k]:+d}" if p[k] else "0"
                                        for k in ("stored", "new", "difference")]


def test_a_session_without_a_money_value_is_shown_in_chips(loo, tmp_path):
    # A B C, C deals a simple pool of 9 (ante 9 in three-card): A=1 B=1 C=1 each take 3,
    # nobody looed: A +3, B +3, C -9 + 3 = -6. Under ante=6: P 6, a trick 2: A +2, B +2,
    # C -6 + 2 = -4. No unit value: no money columns, and no traceback (it was a KeyError).
    db = tmp_path / "chips.db"
    assert loo(db, "new", "Chips", "--players", "A,B,C", "--dealer", "C").exit_code == 0
    assert loo(db, "hand", "A=1", "B=1", "C=1").exit_code == 0
    result = loo(db, "replay", "--rule", "ante=6")
    assert result.exit_code == 0, result.output
    [shown] = [t for t in tables(result.stdout).values() if "A" in t]
    assert shown["A"] == ["+3", "+2", "-1"] and shown["C"] == ["-6", "-4", "+2"]
    assert "money" not in result.stdout


def test_check_figures_are_not_a_rule(loo, tmp_path, save, good_session):
    """Recorded deltas (the table's check of the old arithmetic) do not make a hand impossible."""
    good_session["hands"][1]["deltas"] = {"A": -3, "B": 12, "C": 0, "D": -9}
    db = tmp_path / "checked.db"
    assert loo(db, "import", save(tmp_path / "c.json", good_session)).exit_code == 0
    data = replay(loo, db, "--rule", "loo=unlimited")
    assert data["skipped"] == [] and nets(data)["D"] == (-15, -24, -9)


def test_session_argument_and_variant(loo, tmp_path, save, good_session, good_file):
    db = tmp_path / "two.db"
    assert loo(db, "import", "--again", good_file,
               save(tmp_path / "2.json", good_session)).exit_code == 0
    assert replay(loo, db, "1", "--rule", "loo=unlimited")["session"] == 1
    # irish has no miss and declares every pool: hand 1 (no declarations) and hand 2 (a miss)
    # are impossible; hand 3 (all pass) settles.
    data = replay(loo, db, "1", "--variant", "irish")
    assert [s["hand"] for s in data["skipped"]] == [1, 2]
    assert data["new_rules"] == "irish"


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_the_stored_rules_give_the_stored_nets(loo, tmp_path, path, dump_db, sample_ledger,
                                              copy_ledger):
    db = copy_ledger(sample_ledger(path), tmp_path, "sample.db")  # `loo import path`
    before = dump_db(db)
    data = replay(loo, db)
    assert data["skipped"] == [] and data["changed"] == []
    assert all(row[2] == 0 for row in nets(data).values())
    assert dump_db(db) == before


def test_refusals(loo, good_db, dump_db):
    before = dump_db(good_db)
    for args in (["--rule", "loo=sometimes"], ["--rule", "nonsense=1"], ["--rule", "loo"],
                 ["--variant", "snap"], ["7"]):
        result = loo(good_db, "replay", *args)
        assert result.exit_code == 1, (args, result.output)
        assert "Traceback" not in result.output
    assert dump_db(good_db) == before
