"""Issue 3: every bad `loo hand` entry exits 1 with a message naming the player and the rule,
and nothing is written (the whole database, as sqlite3's iterdump, is the same before and
after).

Three-card (default rules), seats Ann Abe Ben Cat (so "A" is an ambiguous prefix), Cat deals
first. Hand 1 is a simple pool (pool empty: everyone plays, nobody may pass). For the
double-pool cases hand 1 is first entered as Ann=1 Abe=1 Ben=1 Cat=0: P = 9, a trick 3, Cat
looed 9, so 9 are carried and hand 2 (Ann deals) is double, with declarations and a miss.
"""

from __future__ import annotations

import json

import pytest

FIRST = ["Ann=1", "Abe=1", "Ben=1", "Cat=0"]


@pytest.fixture
def simple_db(tmp_path, loo):
    db = tmp_path / "table.db"
    assert loo(db, "new", "Tuesday", "--players", "Ann,Abe,Ben,Cat", "--dealer", "Cat"
               ).exit_code == 0
    return db


@pytest.fixture
def double_db(simple_db, loo):
    assert loo(simple_db, "hand", *FIRST).exit_code == 0
    return simple_db


def _refused(loo, dump_db, db, args):
    before = dump_db(db)
    result = loo(db, "hand", *args)
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("Error:")
    assert "Traceback" not in result.output
    assert dump_db(db) == before
    return result.stderr


# (what is typed, what the message must say: the player and the rule)
SIMPLE_CASES = {
    "unknown name": (["Zed=1", "Ann=1", "Abe=1", "Ben=1", "Cat=0"],
                     ["Zed", "no player matches", "Ann, Abe, Ben, Cat"]),
    "ambiguous prefix": (["A=1", "Ben=1", "Cat=1"],
                         ["'A' is ambiguous", "Ann", "Abe", "type more of the name"]),
    "a player twice": (["Ann=1", "Ann=1", "Abe=0", "Ben=1", "Cat=0"],
                       ["player Ann", "named twice"]),
    "a player left out": (["Ann=1", "Abe=1", "Ben=1"],
                          ["player Cat", "Cat was dealt in", "--sitting-out Cat"]),
    "a pass in a simple pool": (["Ann=pass", "Abe=1", "Ben=1", "Cat=1"],
                                ["player Ann", "nobody may pass in a simple pool",
                                 "simple_pool=play-all"]),
    "tricks not summing": (["Ann=1", "Abe=1", "Ben=1", "Cat=1"],
                           ["total 4", "a hand has 3 tricks"]),
    "a value that is not a number": (["Ann=two", "Abe=1", "Ben=1", "Cat=1"],
                                     ["player Ann", "'two'", "neither a number of tricks"]),
    "an exchange that is not a number": (["Ann=1", "Abe=1", "Ben=1", "Cat=0",
                                          "--exchange", "Ann=x"],
                                         ["player Ann", "--exchange Ann=x",
                                          "not a whole number"]),
    "an exchange where there is none": (["Ann=1", "Abe=1", "Ben=1", "Cat=0",
                                         "--exchange", "Ann=1"],
                                        ["player Ann", "exchange=0"]),
    "a miss taken in a simple pool": (["Ann=miss:1", "Abe=1", "Ben=1", "Cat=0"],
                                      ["player Ann", "no miss", "simple pool"]),
    "a word that is not a word": (["Ann=maybe", "Abe=1", "Ben=1", "Cat=1"],
                                  ["player Ann", "'maybe'", "stand, pass"]),
    "no value": (["Ann", "Abe=1", "Ben=1", "Cat=1"], ["player Ann", "NAME=VALUE"]),
    "an unknown player sitting out": (["Ann=1", "Abe=1", "Ben=1", "Cat=0",
                                       "--sitting-out", "Zed"],
                                      ["Zed", "--sitting-out", "no player matches"]),
}

# Hand 2, Ann deals a double pool (declarations from Abe, dealer Ann last).
DOUBLE_CASES = {
    "the dealer passing a lone stander": (["Abe=3", "Ben=pass", "Cat=pass", "Ann=pass"],
                                          ["player Ann", "only Abe stood",
                                           "may not pass"]),
    "two miss takers": (["Abe=miss:1", "Ben=miss:1", "Cat=pass", "Ann=1"],
                        ["player Ben", "took the miss", "Abe had already taken it"]),
    "tricks for a player who passed": (["Abe=2", "Ben=pass:1", "Cat=pass", "Ann=0"],
                                       ["player Ben", "passed", "won no tricks"]),
    "a defence by a player who is not the dealer": (["Abe=2", "Ben=defend:1", "Cat=pass",
                                                     "Ann=0"],
                                                    ["player Ben", "only the dealer may defend"]),
    "the dealer defending two players": (["Abe=1", "Ben=1", "Cat=pass", "Ann=defend:1"],
                                         ["player Ann", "defend"]),
    "a miss with tricks that are not a number": (["Abe=miss:x", "Ben=pass", "Cat=pass",
                                                  "Ann=3"],
                                                 ["player Abe", "'x' is not a number"]),
    "the table's figure differs from the rules": (
        # P = 9 + 9 = 18, a trick 6: Abe 2 tricks +12; the table wrote +10.
        ["Abe=2", "Ben=pass", "Cat=pass", "Ann=1", "--paid", "Abe=10", "--paid", "Ann=-3",
         "--paid", "Ben=0", "--paid", "Cat=0"],
        ["player Abe", "+10", "+12", "table ruling"]),
}


@pytest.mark.parametrize("case", SIMPLE_CASES)
def test_bad_entry_in_a_simple_pool(loo, dump_db, simple_db, case):
    args, says = SIMPLE_CASES[case]
    message = _refused(loo, dump_db, simple_db, args)
    for text in says:
        assert text in message, (case, message)
    assert "hand 1" in message


@pytest.mark.parametrize("case", DOUBLE_CASES)
def test_bad_entry_in_a_double_pool(loo, dump_db, double_db, case):
    args, says = DOUBLE_CASES[case]
    message = _refused(loo, dump_db, double_db, args)
    for text in says:
        assert text in message, (case, message)
    assert "hand 2" in message


def test_the_good_entries_are_accepted(loo, double_db):
    """The fixtures' own figures, so that the refusals above are not for another reason:
    hand 2, Ann deals, P = 18, a trick 6: Abe 2 +12, Ann 1: -9 + 6 = -3; pool after 0."""
    result = loo(double_db, "hand", "Abe=2", "Ben=pass", "Cat=pass", "Ann=1", "--paid",
                 "Abe=12", "--paid", "Ann=-3")
    assert result.exit_code == 0, result.output
    h = json.loads(loo(double_db, "hands", "--json").stdout)[1]
    assert h["deltas"] == {"Abe": 12, "Ben": 0, "Cat": 0, "Ann": -3}
    assert h["pool_after"] == 0


def test_a_player_who_left_cannot_be_named(loo, dump_db, double_db):
    assert loo(double_db, "seat", "leave", "Ben").exit_code == 0
    message = _refused(loo, dump_db, double_db, ["Abe=2", "Ben=pass", "Cat=pass", "Ann=1"])
    assert "player Ben" in message and "not dealt in" in message


def test_a_hand_in_a_closed_session_is_refused(loo, dump_db, double_db):
    assert loo(double_db, "close").exit_code == 0
    message = _refused(loo, dump_db, double_db, ["Abe=2", "Ben=pass", "Cat=pass", "Ann=1"])
    assert "closed" in message


def test_a_bad_value_is_not_also_reported_as_a_player_left_out(loo, dump_db, simple_db):
    message = _refused(loo, dump_db, simple_db, ["Ann=two", "Abe=1", "Ben=1", "Cat=1"])
    assert "'two'" in message
    assert "MISSING_PLAYER" not in message and "Ann was dealt in" not in message


def test_tricks_not_summing_names_the_players(loo, dump_db, simple_db):
    message = _refused(loo, dump_db, simple_db, ["Ann=1", "Abe=1", "Ben=1", "Cat=1"])
    for name in ("Ann", "Abe", "Ben", "Cat"):
        assert name in message


def test_an_unknown_trump_is_refused(loo, dump_db, double_db):
    message = _refused(loo, dump_db, double_db, ["Abe=2", "Ben=pass", "Cat=pass", "Ann=1",
                                                 "--trump", "purple"])
    assert "purple" in message
    for suit in ("clubs", "diamonds", "hearts", "spades"):
        assert suit in message


def test_a_trump_typed_with_a_capital_can_still_be_undone(loo, double_db):
    result = loo(double_db, "hand", "Abe=2", "Ben=pass", "Cat=pass", "Ann=1", "--trump",
                 "Hearts")
    if result.exit_code == 0:
        h = json.loads(loo(double_db, "hands", "--json").stdout)[1]
        assert h["record"]["trump"] == "hearts"
        undo = loo(double_db, "undo", "--yes")
        assert undo.exit_code == 0, undo.output
    else:
        assert result.exit_code == 1 and "Hearts" in result.stderr
    assert loo(double_db, "check").exit_code == 0
