"""loo replay on a session whose rules change mid-session (``loo rules set --from-hand``):
each hand is settled under the rules in force for it, the ``--rule`` overrides laid over
them; ``--variant`` drops the stored overrides and the stored changes. Worked by hand from
shared/spec/RULES.md (a trick takes P // 3; a looed player pays L into the next pool; the
dealer antes every deal; the pool is double when chips are carried).

The evening (three-card, default rules: ante 9, limited loo L = loo_amount = 9): Ann, Ben,
Cat, Dov; Dov deals first; ``loo rules set loo=unlimited --from-hand 3`` (L = P from hand 3).
    1 Dov deals:  Ann=1 Ben=1 Cat=1 Dov=0            (simple pool, everyone plays)
    2 Ann deals:  Ann=pass Ben=3 Cat=0 Dov=pass
    3 Ben deals:  Ann=1 Ben=1 Cat=0 Dov=miss:1
    4 Cat deals:  Ann=0 Ben=3 Cat=pass Dov=pass

Stored (limited for hands 1-2, unlimited for 3-4):
    1: P 9, 3 a trick: Ann, Ben, Cat +3; Dov -9 ante - 9 loo = -18; pool 9.
    2: P 9 + 9 = 18, 6 a trick: Ben +18, Cat looed -9, Ann -9 ante; pool 9.
    3: P 9 + 9 = 18: Ann +6, Ben -9 + 6 = -3, Dov +6, Cat looed L = P = 18: -18; pool 18.
    4: P 18 + 9 = 27: Ben +27, Ann looed -27, Cat -9 ante; pool 27.
    Ann 3 - 9 + 6 - 27 = -27, Ben 3 + 18 - 3 + 27 = 45, Cat 3 - 9 - 18 - 9 = -33,
    Dov -18 + 6 = -12, pool 27 (sum 0).
"""

from __future__ import annotations

import json

from evenings import four_hands

STORED = {"Ann": -27, "Ben": 45, "Cat": -33, "Dov": -12, "(pool)": 27}


def _evening(loo, db) -> None:
    """The four hands worked in tests/test_rules_from_hand.py (tests/evenings.py), then
    loo=unlimited from hand 3."""
    four_hands(loo, db)
    out = loo(db, "rules", "set", "loo=unlimited", "--from-hand", "3")
    assert out.exit_code == 0, out.output


def _replay(loo, db, *args) -> dict:
    out = loo(db, "replay", *args, "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def _column(data: dict, key: str) -> dict[str, int]:
    return {p["name"]: p[key] for p in data["players"]} | {"(pool)": data["pool"][key]}


def test_no_rule_gives_the_stored_figures(loo, tmp_path, dump_db):
    db = tmp_path / "l.db"
    _evening(loo, db)
    before = dump_db(db)
    data = _replay(loo, db)
    assert _column(data, "stored") == STORED
    assert _column(data, "new") == STORED
    assert set(_column(data, "difference").values()) == {0}
    assert (data["hands"], data["settled"], data["skipped"]) == (4, 4, [])
    assert data["changed"] == []
    assert dump_db(db) == before


def test_a_rule_is_laid_over_the_rules_before_and_after_the_change(loo, tmp_path, dump_db):
    """--rule ante=6: limited loo (L 9) for hands 1-2, the stored unlimited loo for 3-4.
    1: P 6, 2 a trick: Ann, Ben, Cat +2; Dov -6 ante - 9 loo = -15; pool 9.
    2: P 9 + 6 = 15, 5 a trick: Ben +15, Cat looed -9, Ann -6 ante; pool 9.
    3: P 9 + 6 = 15, 5 a trick: Ann +5, Ben -6 + 5 = -1, Dov +5, Cat looed L = P = 15;
       pool 15.
    4: P 15 + 6 = 21, 7 a trick: Ben +21, Ann looed -21, Cat -6 ante; pool 21.
    Ann 2 - 6 + 5 - 21 = -20, Ben 2 + 15 - 1 + 21 = 37, Cat 2 - 9 - 15 - 6 = -28,
    Dov -15 + 5 = -10, pool 21 (sum 0). Differences from STORED: +7, -8, +5, +2, -6.
    """
    db = tmp_path / "l.db"
    _evening(loo, db)
    before = dump_db(db)
    data = _replay(loo, db, "--rule", "ante=6")
    assert _column(data, "new") == {"Ann": -20, "Ben": 37, "Cat": -28, "Dov": -10, "(pool)": 21}
    assert _column(data, "difference") == {"Ann": 7, "Ben": -8, "Cat": 5, "Dov": 2, "(pool)": -6}
    assert (data["settled"], data["skipped"]) == (4, [])
    assert data["changed"] == [{"parameter": "ante", "stored": "9", "new": "6"}]
    assert dump_db(db) == before


def test_a_rule_wins_over_a_stored_change_of_it(loo, tmp_path):
    """--rule loo=mixed --rule loo_limit=12 (L = min(P, 12)) for every hand, over the stored
    loo=unlimited from hand 3:
    1: P 9, 3 a trick: Ann, Ben, Cat +3; Dov -9 - min(9, 12) = -18; pool 9.
    2: P 18, 6 a trick: Ben +18, Cat looed min(18, 12) = -12, Ann -9; pool 12.
    3: P 12 + 9 = 21, 7 a trick: Ann +7, Ben -9 + 7 = -2, Dov +7, Cat looed -12; pool 12.
    4: P 12 + 9 = 21: Ben +21, Ann looed -12, Cat -9; pool 12.
    Ann 3 - 9 + 7 - 12 = -11, Ben 3 + 18 - 2 + 21 = 40, Cat 3 - 12 - 12 - 9 = -30,
    Dov -18 + 7 = -11, pool 12 (sum 0).
    """
    db = tmp_path / "l.db"
    _evening(loo, db)
    data = _replay(loo, db, "--rule", "loo=mixed", "--rule", "loo_limit=12")
    assert _column(data, "new") == {"Ann": -11, "Ben": 40, "Cat": -30, "Dov": -11, "(pool)": 12}
    assert data["skipped"] == []


def test_variant_drops_the_stored_changes(loo, tmp_path, dump_db):
    """--variant three-card: limited loo (L 9) for all four hands.
    1: as stored; pool 9.  2: as stored; pool 9.
    3: P 18: Ann +6, Ben -3, Dov +6, Cat looed -9; pool 9.
    4: P 9 + 9 = 18: Ben +18, Ann looed -9, Cat -9; pool 9.
    Ann 3 - 9 + 6 - 9 = -9, Ben 3 + 18 - 3 + 18 = 36, Cat 3 - 9 - 9 - 9 = -24,
    Dov -18 + 6 = -12, pool 9 (sum 0).
    A saved house rule 'six' (three-card, ante 6) with --variant six: limited, ante 6:
    1: P 6: Ann, Ben, Cat +2; Dov -6 - 9 = -15; pool 9.
    2: P 15, 5 a trick: Ben +15, Cat -9, Ann -6; pool 9.
    3: P 15: Ann +5, Ben -6 + 5 = -1, Dov +5, Cat looed -9; pool 9.
    4: P 15: Ben +15, Ann looed -9, Cat -6; pool 9.
    Ann 2 - 6 + 5 - 9 = -8, Ben 2 + 15 - 1 + 15 = 31, Cat 2 - 9 - 9 - 6 = -22,
    Dov -15 + 5 = -10, pool 9 (sum 0).
    """
    db = tmp_path / "l.db"
    _evening(loo, db)
    data = _replay(loo, db, "--variant", "three-card")
    assert _column(data, "new") == {"Ann": -9, "Ben": 36, "Cat": -24, "Dov": -12, "(pool)": 9}
    assert _column(data, "difference") == {"Ann": 18, "Ben": -9, "Cat": 9, "Dov": 0,
                                           "(pool)": -18}
    assert loo(db, "rules", "save", "six", "--from", "three-card", "-r", "ante=6").exit_code == 0
    before = dump_db(db)
    data = _replay(loo, db, "--variant", "six")
    assert _column(data, "new") == {"Ann": -8, "Ben": 31, "Cat": -22, "Dov": -10, "(pool)": 9}
    assert data["skipped"] == []
    assert dump_db(db) == before


def test_a_rule_refused_with_a_later_change_names_it(loo, tmp_path, dump_db):
    """Five-card (no blazes) with blazes=true from hand 2: --rule hand_size=3 is fine with the
    hand-1 rules but not with hand 2's (blazes need five cards): refused, naming the rules,
    nothing settled or written."""
    db = tmp_path / "five.db"
    assert loo(db, "new", "Five", "--variant", "five-card", "--players", "Ann,Ben,Cat"
               ).exit_code == 0
    for words in (("Ann=2", "Ben=2", "Cat=1"), ("Ann=1", "Ben=1", "Cat=3")):
        out = loo(db, "hand", *words)
        assert out.exit_code == 0, out.output
    out = loo(db, "rules", "set", "blazes=true", "--from-hand", "2")
    assert out.exit_code == 0, out.output
    before = dump_db(db)
    out = loo(db, "replay", "--rule", "hand_size=3")
    assert out.exit_code == 1, out.output
    assert "Traceback" not in out.output
    assert "hand 2" in out.stderr
    assert "blazes=true needs hand_size=5" in out.stderr
    assert dump_db(db) == before
