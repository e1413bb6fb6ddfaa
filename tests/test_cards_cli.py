"""Issue 12 at the command line: ``loo hand --cards ... --turned CARD`` and ``loo explain``.

Three-card, Ann Ben Cat, Cat deals first: hand 1 is a simple pool of 9 (Cat's ante) under
play-all, no trump until someone fails to follow. Ann leads every trick:
  trick 1 Ah 3h 5h (all follow, Ann wins); trick 2 Ks 4d 4s: Ben fails to follow, so the
  card then turned (3c) makes clubs trumps; no club is played, Ann wins; trick 3 Kd Qs Qd,
  Ann wins. Ben held Qs at trick 2: a revoke (follow_suit). Ann takes the whole 9; Ben is
  looed for the revoke (9), Cat for taking no trick (9): Ann +9, Ben -9, Cat -18, pool 18.
"""

from __future__ import annotations

import json

TRICKS = ("--cards", "Ah 3h 5h", "--cards", "Ks 4d 4s", "--cards", "Kd Qs Qd")


def _session(loo, db):
    assert loo(db, "new", "Cards", "--players", "Ann,Ben,Cat", "--dealer", "Cat").exit_code == 0


def test_a_hand_entered_by_its_cards_is_judged_and_the_revoke_caught(loo, tmp_path):
    db = tmp_path / "l.db"
    _session(loo, db)
    result = loo(db, "hand", "Ann=stand", "Ben=stand", "Cat=stand", "--turned", "3c", *TRICKS,
                 "--json")
    assert result.exit_code == 0, result.output
    s = json.loads(result.stdout)["settlement"]
    assert s["deltas"] == {"Ann": 9, "Ben": -9, "Cat": -18} and s["pool_after"] == 18
    hands = json.loads(loo(db, "hands", "--json").stdout)
    assert hands[0]["record"]["cards"] == {
        "turned": "3c", "tricks": [["Ah", "3h", "5h"], ["Ks", "4d", "4s"], ["Kd", "Qs", "Qd"]]}
    assert loo(db, "check").exit_code == 0


def test_explain_walks_through_the_tricks(loo, tmp_path):
    db = tmp_path / "l.db"
    _session(loo, db)
    loo(db, "hand", "Ann=stand", "Ben=stand", "Cat=stand", "--turned", "3c", *TRICKS)
    text = loo(db, "explain", "1").output
    assert ("The play (no trump before play; 3c turned when someone first failed to follow; "
            "in play: Ann, Ben, Cat):") in text
    assert ("  trick 1: Ann led; Ann Ah, Ben 3h, Cat 5h. Ann won: the highest heart, the suit "
            "led (no trump yet).") in text
    assert ("  trick 2 (trumps clubs): Ann led; Ann Ks, Ben 4d, Cat 4s. Ann won: the highest "
            "spade, the suit led (no trump played).") in text
    assert ("    breach: trick 2, Ben played 4d: must follow suit (spades led), holding Qs "
            "[follow_suit=true]") in text
    play = json.loads(loo(db, "explain", "1", "--json").stdout)["play"]
    assert [t["winner"] for t in play["tricks"]] == ["Ann", "Ann", "Ann"]
    assert [t["trump"] for t in play["tricks"]] == [None, "clubs", "clubs"]


def test_explain_names_the_highest_trump_and_the_double_pool_settles_as_counts(loo, tmp_path):
    # Hand 2 (after hand 1 above): Ann deals a double pool of 18 + 9 = 27, a trick 9.
    # Ben leads Ah (top trump), Cat 4h, Ann 5c: Ben; Ben Ks, Cat Qs, Ann 6s: Ben;
    # Ben 3d, Cat heads with Kd, Ann 7d: Cat. Ben +18, Cat +9, Ann -9 ante -9 looed.
    db, twin = tmp_path / "l.db", tmp_path / "twin.db"
    for ledger in (db, twin):
        _session(loo, ledger)
        loo(ledger, "hand", "Ann=stand", "Ben=stand", "Cat=stand", "--turned", "3c", *TRICKS)
    words = ("Ann=stand", "Ben=stand", "Cat=stand")
    by_cards = loo(db, "hand", *words, "--turned", "2h", "--cards", "Ah 4h 5c", "--cards",
                   "Ks Qs 6s", "--cards", "3d Kd 7d", "--json")
    by_counts = loo(twin, "hand", "Ben=2", "Cat=1", "Ann=0", "--json")
    assert by_cards.exit_code == by_counts.exit_code == 0, by_cards.output
    cards, counts = (json.loads(r.stdout)["settlement"] for r in (by_cards, by_counts))
    assert cards["deltas"] == counts["deltas"] == {"Ben": 18, "Cat": 9, "Ann": -18}
    assert cards["pool_after"] == counts["pool_after"] == 9
    text = loo(db, "explain", "2").output
    assert "Ben won: the highest trump (hearts)." in text and "The play (trumps hearts;" in text


def test_bad_cards_and_counts_against_the_cards_are_refused(loo, tmp_path):
    db = tmp_path / "l.db"
    _session(loo, db)
    bad = loo(db, "hand", "Ann=stand", "Ben=stand", "Cat=stand", "--cards", "Ah 3x 5h")
    assert bad.exit_code == 1
    assert "--cards 'Ah 3x 5h' (trick 1): not cards: '3x'" in bad.output
    wrong = loo(db, "hand", "Ann=1", "Ben=1", "Cat=1", "--turned", "3c", *TRICKS)
    assert wrong.exit_code == 1
    assert ("the trick counts recorded (Ann 1, Ben 1, Cat 1) are not what the cards show "
            "(Ann 3, Ben 0, Cat 0: trick 1 Ann; trick 2 Ann; trick 3 Ann)") in wrong.output
    assert json.loads(loo(db, "hands", "--json").stdout) == []
