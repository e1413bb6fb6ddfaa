"""A table ruling: the table's figures are recorded instead of the rules', marked and reported."""

import json

SESSION = {"format": "loo-session/1", "variant": "three-card", "players": ["A", "B", "C", "D"],
           "first_dealer": "D",
           "hands": [{"tricks": {"A": 1, "B": 0, "C": 1, "D": 1}},
                     {"declarations": {"B": "stand", "C": "pass", "D": "stand", "A": "pass"},
                      "tricks": {"B": 2, "D": 1}, "deltas": {"B": 12, "D": 6, "A": -9},
                      "table_ruling": "the revoke was forgiven"}]}


def test_the_table_figures_stand_and_are_marked(loo, tmp_path, save):
    # Hand 1: simple pool of 9, B looed: pool 9. Hand 2: A antes 9, P = 18, 6 a trick: the
    # rules give B +12, D +6, A -9 (the same here), and the table's figures are kept.
    db = tmp_path / "x.db"
    assert loo(db, "import", str(save(tmp_path / "s.json", SESSION))).exit_code == 0
    hands = json.loads(loo(db, "hands", "--json").stdout)
    assert hands[1]["table_ruling"] == "the revoke was forgiven"
    assert hands[1]["pool_after"] == 0
    out = loo(db, "hands").stdout
    assert "* hand 2: recorded by table ruling: the revoke was forgiven" in out
    assert loo(db, "check").exit_code == 0


def test_a_ruling_that_differs_from_the_rules_still_conserves_chips(loo, tmp_path, save):
    # The table gives D +3 instead of the rules' +6: pool 9 carried + A's ante 9 - 12 - 3 =
    # 3 carried on. Nets: hand 1 A +3, B -9, C +3, D -6; hand 2 A -9, B +12, D +3.
    session = json.loads(json.dumps(SESSION))
    session["hands"][1]["deltas"] = {"B": 12, "D": 3, "A": -9}
    db = tmp_path / "x.db"
    assert loo(db, "import", str(save(tmp_path / "s.json", session))).exit_code == 0
    bal = json.loads(loo(db, "balances", "--json").stdout)
    assert bal["pool"] == 3
    assert {p["name"]: p["net"] for p in bal["players"]} == {"A": -6, "B": 3, "C": 3, "D": -3}


def test_figures_taking_more_than_the_pool_are_refused(loo, tmp_path, save):
    session = json.loads(json.dumps(SESSION))
    session["hands"][1]["deltas"] = {"B": 15, "D": 9, "A": -9}  # 9 + 9 - 24 < 0
    db = tmp_path / "x.db"
    result = loo(db, "import", str(save(tmp_path / "s.json", session)))
    assert result.exit_code == 1 and "TABLE_RULING_INVALID" in result.stderr


def test_loo_hand_prints_both_figures_for_each_player_the_ruling_names(loo, tmp_path):
    # Hand 1 as above (pool 9). Hand 2, A deals, P = 18, 6 a trick: the rules give B +12,
    # D +6, A -9. The table names B (+12, as the rules) and D (+3); A and C keep the rules'
    # figures; the pool keeps D's other 3: pool after 18 - 12 - 3 = 3.
    db = tmp_path / "x.db"
    assert loo(db, "new", "x", "--players", "A,B,C,D", "--dealer", "D").exit_code == 0
    assert loo(db, "hand", "A=1", "B=0", "C=1", "D=1").exit_code == 0
    result = loo(db, "hand", "B=2", "C=pass", "D=1", "A=pass", "--paid", "D=3", "--paid",
                 "B=12", "--table-ruling", "the revoke was forgiven")
    assert result.exit_code == 0, result.output
    lines = {line.split()[0]: line for line in result.stdout.splitlines()[1:5]}
    assert lines["D"].split()[1] == "+3"
    assert lines["D"].endswith("table ruling: +3 instead of the rules' +6")
    assert lines["B"].endswith("table ruling: +12, as the rules give")
    assert "ruling" not in lines["A"] and "ruling" not in lines["C"]
    assert "Pool now 3. Next: B deals" in result.stdout
    h = json.loads(loo(db, "hands", "--json").stdout)[1]
    assert h["deltas"] == {"B": 12, "C": 0, "D": 3, "A": -9}


def test_loo_pool_shows_the_rulings_figure_for_a_loo(loo, tmp_path):
    """Issue 21 item 6. Three-card, seats A B C D, D deals. Hand 1, pool 0: simple, P = 9, a
    trick 3: A C D +3, B looed 9 (D also antes 9); pool after 9 - 9 + 9 = 9. Hand 2, A deals,
    9 carried: double, P = 9 + 9 = 18, a trick 6. A 1 trick, B 2, C none, D passes: B +12,
    A +6 - 9 ante = -3, C looed L = 9 by the rules. The table rules C pays 4 instead: the
    ruling hands 9 - 4 = 5 back to C. Pool after 18 - 12 - 6 + 9 - 5 = 4. 'loo pool' says C
    paid 4 into it, marked as the ruling's figure beside the rules' 9."""
    db = tmp_path / "x.db"
    assert loo(db, "new", "x", "--players", "A,B,C,D", "--dealer", "D").exit_code == 0
    assert loo(db, "hand", "A=1", "B=0", "C=1", "D=1").exit_code == 0
    result = loo(db, "hand", "A=1", "B=2", "C=0", "D=pass", "--paid", "C=-4",
                 "--table-ruling", "went easy on C")
    assert result.exit_code == 0, result.output
    status = json.loads(loo(db, "pool", "--json").stdout)
    assert status["pool"] == 4
    [c] = status["loos_from_last_hand"]
    assert (c["player"], c["amount"], c["rules_amount"]) == ("C", 4, 9)
    assert c["table_ruling"] == "went easy on C"
    text = loo(db, "pool").stdout
    assert "Paid into it by the last hand's loos: C 4 (table ruling: the rules' figure 9)" in text
    assert "C 9" not in text
