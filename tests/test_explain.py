"""loo explain N: every chip of a hand with the rule, parameter and source that moved it.

Worked by hand from shared/spec/RULES.md.
"""

from __future__ import annotations

import json


def _session(variant: str, rules: dict, opening: int, hand: dict) -> dict:
    return {"format": "loo-session/1", "variant": variant, "rules": rules,
            "players": ["A", "B", "C", "D", "E"], "first_dealer": "E",
            "opening_pool": opening, "hands": [hand]}


UNLIMITED_HAND = {"declarations": {"A": "stand", "B": "stand", "C": "pass", "D": "stand",
                                   "E": "pass"},
                  "tricks": {"A": 2, "B": 1, "D": 0}}


def _explain(loo, tmp_path, save, session, *args):
    db = tmp_path / "x.db"
    assert loo(db, "import", str(save(tmp_path / "s.json", session))).exit_code == 0
    return loo(db, "explain", "1", *args)


def test_every_chip_with_its_rule_and_source(loo, tmp_path, save):
    # Pool 27 carried + E's ante 9 = P 36, 12 a trick. A 2 tricks takes 24, B 1 takes 12;
    # D played and won nothing: looed, and with loo=unlimited pays P = 36.
    session = _session("three-card", {"loo": "unlimited"}, 27, UNLIMITED_HAND)
    result = _explain(loo, tmp_path, save, session, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["pool_in"], data["pot"], data["pool_after"]) == (27, 36, 36)
    moves = {(m["from"], m["to"], m["amount"]): m for m in data["movements"]}
    assert set(moves) == {("E", "pool", 9), ("pool", "A", 24), ("pool", "B", 12),
                          ("D", "pool", 36)}
    assert moves[("E", "pool", 9)]["cited"] == "ante_model=dealer (source 000)"
    assert moves[("pool", "A", 24)]["reason"] == "2 tricks at 12"
    loo_move = moves[("D", "pool", 36)]
    assert loo_move["reason"] == "looed: took no trick: pays the pool 36"
    assert loo_move["cited"] == "loo=unlimited (house rule)"


def test_a_preset_cites_its_source_text(loo, tmp_path, save):
    # poker-book (002): unlimited loo is the preset's own rule. The dealer antes only after a
    # deal without a loo; an opening pool makes the first deal double, so no ante: P = 27,
    # 9 a trick; A 18, B 9, D looed for P = 27.
    session = _session("poker-book", {}, 27, UNLIMITED_HAND)
    result = _explain(loo, tmp_path, save, session)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ("Hand 1 of session 1: E dealt; 27 carried in, 27 in play, 27 carried on.")
    assert "      27  D -> pool: looed: took no trick: pays the pool 27 — loo=unlimited " \
           "(source 002)" in lines
    assert not any("ante" in line for line in lines)


def test_chips_that_stay_are_explained_too(loo, tmp_path, save):
    # 18 carried + 9 ante = 27, 9 a trick. A stands alone, E defends and wins 1: A takes 18,
    # E's 9 stays in the pool (defended), nothing else moves.
    hand = {"declarations": {"A": "stand", "B": "pass", "C": "pass", "D": "pass",
                             "E": "defend"}, "tricks": {"A": 2, "E": 1}}
    result = _explain(loo, tmp_path, save, _session("three-card", {}, 18, hand))
    assert result.exit_code == 0, result.output
    assert ("       9  stays in the pool: defended: 1 trick share stays — "
            "dealer_vs_one=stand,miss,defend (source 000)") in result.stdout.splitlines()


def test_an_unknown_hand_is_refused(loo, tmp_path, save):
    db = tmp_path / "x.db"
    session = _session("three-card", {}, 27, UNLIMITED_HAND)
    assert loo(db, "import", str(save(tmp_path / "s.json", session))).exit_code == 0
    result = loo(db, "explain", "7")
    assert result.exit_code == 1 and "no hand 7" in result.stderr
