"""Issue 8, item 3: ``loo rules set NAME=VALUE --from-hand N`` on the current session.

The evening (three-card, default rules, RULES.md: limited loo L = loo_amount = 9, the
dealer antes 9, a trick takes P // 3): Ann, Ben, Cat, Dov; Dov deals first.

Hand 1 (Dov deals, simple pool 9, 3 a trick): Ann, Ben, Cat one trick each (+3); Dov none:
  ante 9 + loo 9 = -18; pool after 9.
Hand 2 (Ann deals, double pool 9 + 9 = 18, 6 a trick): Ben plays, takes all 3 (+18); Cat
  plays, none: loo 9; Dov passes; Ann passes (ante -9); pool after 9.
Hand 3 (Ben deals, double pool 9 + 9 = 18, 6 a trick): Ann 1 (+6), Ben 1 (-9 + 6 = -3),
  Dov the miss, 1 (+6), Cat none: loo. Limited: Cat -9, pool after 9. Unlimited (L = P =
  18): Cat -18, pool after 18.
Hand 4 (Cat deals, double pool): Ben takes all 3, Ann plays and takes none, Dov passes,
  Cat passes (ante -9). Limited: P = 9 + 9 = 18: Ben +18, Ann -9, pool after 9.
  Unlimited: P = 18 + 9 = 27: Ben +27, Ann -27, pool after 27.

Nets under the default rules: Ann 3 - 9 + 6 - 9 = -9, Ben 3 + 18 - 3 + 18 = 36,
  Cat 3 - 9 - 9 - 9 = -24, Dov -18 + 6 = -12, pool 9 (sum 0).
With loo=unlimited from hand 3: Ann 3 - 9 + 6 - 27 = -27, Ben 3 + 18 - 3 + 27 = 45,
  Cat 3 - 9 - 18 - 9 = -33, Dov -12, pool 27 (sum 0).
"""

from __future__ import annotations

import json

from evenings import four_hands

LIMITED = {"Ann": -9, "Ben": 36, "Cat": -24, "Dov": -12, "pool": 9}
UNLIMITED_FROM_3 = {"Ann": -27, "Ben": 45, "Cat": -33, "Dov": -12, "pool": 27}


def _nets(loo, db) -> dict[str, int]:
    bal = json.loads(loo(db, "balances", "--json").stdout)
    return {p["name"]: p["net"] for p in bal["players"]} | {"pool": bal["pool"]}


def _hand_deltas(loo, db) -> list[dict[str, int]]:
    return [h["deltas"] for h in json.loads(loo(db, "hands", "--json").stdout)]


def test_unlimited_from_hand_3_changes_hands_3_and_4_only(loo, tmp_path):
    db = tmp_path / "l.db"
    four_hands(loo, db)
    assert _nets(loo, db) == LIMITED
    before = _hand_deltas(loo, db)
    out = loo(db, "rules", "set", "loo=unlimited", "--from-hand", "3")
    assert out.exit_code == 0, out.output
    assert "from hand 3" in out.stdout
    assert _nets(loo, db) == UNLIMITED_FROM_3
    after = _hand_deltas(loo, db)
    assert after[:2] == before[:2]
    assert after[2] == {"Ann": 6, "Ben": -3, "Cat": -18, "Dov": 6}
    assert after[3] == {"Ann": -27, "Ben": 27, "Cat": -9, "Dov": 0}
    explained = json.loads(loo(db, "explain", "3", "--json").stdout)
    assert any(m["amount"] == 18 and "loo" in m["cited"] for m in explained["movements"]
               if m["from"] == "Cat"), explained
    assert loo(db, "check").exit_code == 0
    pool = loo(db, "pool")
    assert "loo=unlimited from hand 3" in pool.stdout


def test_a_change_that_makes_a_later_hand_impossible_is_refused(loo, tmp_path, dump_db):
    db = tmp_path / "l.db"
    four_hands(loo, db)
    before = dump_db(db)
    out = loo(db, "rules", "set", "miss=false", "--from-hand", "2")  # Dov took hand 3's miss
    assert out.exit_code == 1
    assert "setting miss=false from hand 2 is refused, because then hand 3" in out.stderr
    assert "nothing was changed" in out.stderr
    assert dump_db(db) == before
    beyond = loo(db, "rules", "set", "loo=unlimited", "--from-hand", "6")
    assert beyond.exit_code == 1 and "hand 5 at the latest" in beyond.stderr
    assert dump_db(db) == before
    assert loo(db, "rules", "set", "miss=false", "--from-hand", "4").exit_code == 0


def test_export_then_import_keeps_the_change(loo, tmp_path):
    db = tmp_path / "l.db"
    four_hands(loo, db)
    assert loo(db, "rules", "set", "loo=unlimited", "--from-hand", "3").exit_code == 0
    exported = loo(db, "export").stdout
    data = json.loads(exported)
    assert data["rule_changes"] == [{"from_hand": 3, "rules": {"loo": "unlimited"}}]
    assert "rules" not in data
    path = tmp_path / "friday.json"
    path.write_text(exported, encoding="utf-8")
    other = tmp_path / "other.db"
    assert loo(other, "import", path).exit_code == 0
    assert _nets(loo, other) == UNLIMITED_FROM_3
    assert loo(other, "export").stdout == exported
    assert loo(other, "check").exit_code == 0


def test_a_file_with_bad_rule_changes_is_refused(loo, tmp_path):
    db = tmp_path / "l.db"
    four_hands(loo, db)
    data = json.loads(loo(db, "export").stdout)
    for changes, said in (
            ([{"from_hand": 6, "rules": {"loo": "unlimited"}}], "beyond the next hand (5)"),
            ([{"from_hand": 3, "rules": {"loo": "often"}}], "often"),
            ([{"from_hand": 3, "rules": {"lo": "unlimited"}}], "no parameter named 'lo'"),
            ([{"from_hand": 4, "rules": {"loo": "unlimited"}},
              {"from_hand": 3, "rules": {"loo": "limited"}}], "list the changes in order")):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps({**data, "rule_changes": changes}), encoding="utf-8")
        out = loo(tmp_path / "bad.db", "import", path)
        assert out.exit_code == 1 and said in out.stderr, (changes, out.stderr)
        assert "rule_changes" in out.stderr


def test_undo_and_amend_keep_working(loo, tmp_path):
    db = tmp_path / "l.db"
    four_hands(loo, db)
    assert loo(db, "rules", "set", "loo=unlimited", "--from-hand", "4").exit_code == 0
    # Only hand 4 changes: after hand 3's limited loo the pool is 9, so P = 9 + 9 = 18,
    # 6 a trick: Ben +18, Ann looed for P = 18 (not 9), Cat -9; pool after 18.
    # Nets after hand 3: Ann 0, Ben 18, Cat -15, Dov -12, pool 9.
    assert _nets(loo, db) == {"Ann": -18, "Ben": 36, "Cat": -24, "Dov": -12, "pool": 18}
    # Amend hand 4: Ann passes, Ben 2 tricks (+12), the dealer Cat 1 (-9 + 6): no loo.
    out = loo(db, "amend", "4", "Ann=pass", "Ben=2", "Cat=1", "Dov=pass")
    assert out.exit_code == 0, out.output
    assert _nets(loo, db) == {"Ann": 0, "Ben": 30, "Cat": -18, "Dov": -12, "pool": 0}
    # Undo hand 4: the change from hand 4 now starts at the next hand, 4 again.
    assert loo(db, "undo", "--yes").exit_code == 0
    assert json.loads(loo(db, "export").stdout)["rule_changes"] == [
        {"from_hand": 4, "rules": {"loo": "unlimited"}}]
    assert loo(db, "undo", "--yes").exit_code == 0  # hand 3 gone: the change is for hand 3
    assert json.loads(loo(db, "export").stdout)["rule_changes"] == [
        {"from_hand": 3, "rules": {"loo": "unlimited"}}]
    # Hand 3 again, now unlimited: Cat pays P = 18.
    assert loo(db, "hand", "Ann=1", "Ben=1", "Cat=0", "Dov=miss:1").exit_code == 0
    assert _nets(loo, db)["Cat"] == 3 - 9 - 18
    assert loo(db, "check").exit_code == 0
