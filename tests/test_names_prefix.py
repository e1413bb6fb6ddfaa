"""Issue 8, item 1 and 'nothing surprising': names and words by unique prefix in any case,
names the entry syntax cannot type refused, tables the pack cannot deal refused.

The evening (three-card, default rules: dealer antes 9, a simple pool is played by all,
3 chips a trick in a simple pool of 9, a loo pays loo_amount 9; RULES.md): Ann, Ben, Cat,
Dov, Dov deals first.
Hand 1 (Dov deals, simple pool 9): Ann, Ben, Cat one trick each (+3), Dov none: ante 9
and looed 9 = -18; pool after 9 (the loo), so hand 2 is a double pool.
Hand 2 (Ann deals, double pool 9 + 9 = 18, 6 a trick): Ben stands and takes 2 (+12), Cat
takes the miss and 1 trick (+6), Dov passes (0), Ann passes (-9, her ante); pool 0.
"""

from __future__ import annotations

import json

import pytest

from loo_ledger.cli.entry import split_word
from loo_ledger.cli.matching import NoMatch, match


def _evening(loo, db, *extra: str) -> None:
    assert loo(db, "new", "Friday", "--players", "Ann,Ben,Cat,Dov", "--dealer", "do",
               *extra).exit_code == 0
    assert loo(db, "hand", "a=1", "b=1", "c=1", "d=0").exit_code == 0


def test_words_by_prefix_in_any_case():
    assert split_word("p") == ("pass", None)
    assert split_word("S:2") == ("stand", 2)
    assert split_word("m:1") == ("miss", 1)
    assert split_word("d:3") == ("defend", 3)
    assert split_word("F") == ("fold", None)
    assert split_word("PAS") == ("pass", None)
    with pytest.raises(ValueError, match="neither a number of tricks nor a word"):
        split_word("x")


def test_the_one_matcher_exact_wins_then_unique_prefix():
    assert match("al", ["Alice", "Al"]) == "Al"
    assert match("ALI", ["Alice", "Al"]) == "Alice"
    with pytest.raises(NoMatch, match="ambiguous: it matches Ann, Anna"):
        match("a", ["Ann", "Anna", "Ben"])
    with pytest.raises(NoMatch, match="no player matches 'Zed'; the players are Ann, Ben"):
        match("Zed", ["Ann", "Ben"])
    with pytest.raises(NoMatch):
        match("", ["Ann"])


def test_one_line_hand_with_abbreviated_words(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db)
    out = loo(db, "hand", "a=p", "b=s:2", "c=m:1", "d=p")
    assert out.exit_code == 0, out.output
    bal = json.loads(loo(db, "balances", "--json").stdout)
    assert {p["name"]: p["net"] for p in bal["players"]} == {
        "Ann": 3 - 9, "Ben": 3 + 12, "Cat": 3 + 6, "Dov": -18}
    assert bal["pool"] == 0


def test_dealer_by_prefix(loo, tmp_path):
    db = tmp_path / "l.db"
    out = loo(db, "new", "Friday", "--players", "Ann,Ben,Cat", "--dealer", "BE")
    assert out.exit_code == 0 and "Ben deals first" in out.stdout


def test_stats_player_by_prefix(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db)
    out = loo(db, "stats", "--player", "do", "--json")
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    assert report["scope"]["player"] == "Dov"
    assert [p["player"] for p in report["players"]] == ["Dov"]
    assert report["players"][0]["net"] == -18


def test_use_by_number_or_name_prefix(loo, tmp_path):
    db = tmp_path / "l.db"
    assert loo(db, "new", "Friday at Ann's", "--players", "Ann,Ben").exit_code == 0
    assert loo(db, "new", "Saturday", "--players", "Ann,Ben").exit_code == 0
    assert "session 1 is now current" in loo(db, "use", "fri").stdout
    assert "session 2 is now current" in loo(db, "use", "2").stdout
    assert "session 1 is now current" in loo(db, "use", "FRIDAY AT ANN'S").stdout
    wrong = loo(db, "use", "mon")
    assert wrong.exit_code == 1
    assert "no session matches 'mon'" in wrong.stderr and "Friday at Ann's" in wrong.stderr


def test_seat_add_brings_back_a_player_who_left_by_prefix(loo, tmp_path):
    db = tmp_path / "l.db"
    _evening(loo, db)
    assert loo(db, "seat", "leave", "ca").exit_code == 0
    back = loo(db, "seat", "add", "ca")
    assert back.exit_code == 0, back.output
    assert back.stdout.strip() == "Cat is back at the table"
    assert loo(db, "session", "rename", "x").exit_code == 0  # the session is still the same
    seats = json.loads(loo(db, "balances", "--json").stdout)["players"]
    assert [p["name"] for p in seats] == ["Ann", "Ben", "Cat", "Dov"]


def test_variants_show_accepts_a_saved_house_rule_and_prefixes(loo, tmp_path):
    db = tmp_path / "l.db"
    assert loo(db, "rules", "save", "Our rules", "--from", "three", "-r",
               "loo_amount=6").exit_code == 0
    out = loo(db, "variants", "show", "our", "--json")
    assert out.exit_code == 0, out.output
    shown = json.loads(out.stdout)
    assert shown["name"] == "Our rules" and shown["from"] == "three-card"
    assert {r["parameter"]: r["value"] for r in shown["parameters"]}["loo_amount"] == "6"
    preset = json.loads(loo(db, "variants", "show", "FIVE-C", "--json").stdout)
    assert preset["name"] == "five-card"
    assert "is ambiguous" in loo(db, "variants", "show", "brit").stderr


def test_new_accepts_a_variant_by_prefix(loo, tmp_path):
    db = tmp_path / "l.db"
    assert loo(db, "new", "F", "--players", "Ann,Ben", "--variant", "fiv").exit_code == 0
    assert json.loads(loo(db, "sessions", "--json").stdout)[0]["variant"] == "five-card"


@pytest.mark.parametrize(("name", "reason"), [
    ("Ann=B", "contains '='"),
    ("Cat:1", "contains ':'"),
    ("-dash", "begins with '-'"),
    ("(pool)", "reserved"),
    ("Pool", "reserved"),
    ("Esc\x1b", "U+001B"),
    ("x" * 41, "a name has 1 to 40"),
])
def test_names_the_entry_cannot_type_are_refused_at_new_and_seat_add(loo, tmp_path, name,
                                                                    reason):
    db = tmp_path / "l.db"
    refused = loo(db, "new", "F", "--players", f"Ann,{name}")
    assert refused.exit_code == 1 and reason in refused.stderr
    assert loo(db, "new", "F", "--players", "Ann,Ben").exit_code == 0
    seat = loo(db, "seat", "add", "--", name)
    assert seat.exit_code == 1 and reason in seat.stderr
    assert len(json.loads(loo(db, "balances", "--json").stdout)["players"]) == 2


def test_a_comma_in_a_name_is_refused_at_seat_add(loo, tmp_path):
    db = tmp_path / "l.db"
    assert loo(db, "new", "F", "--players", "Ann,Ben").exit_code == 0
    out = loo(db, "seat", "add", "Cat,Dov")
    assert out.exit_code == 1 and "contains ','" in out.stderr


def test_empty_names_are_refused(loo, tmp_path):
    db = tmp_path / "l.db"
    out = loo(db, "new", "F", "--players", "Ann,,Ben")
    assert out.exit_code == 1 and "name 2 is empty" in out.stderr
    out = loo(db, "new", "  ", "--players", "Ann,Ben")
    assert out.exit_code == 1 and "the session needs a name" in out.stderr


def test_new_refuses_a_table_that_cannot_be_dealt(loo, tmp_path):
    db = tmp_path / "l.db"
    twenty = ",".join(f"P{i}" for i in range(20))
    out = loo(db, "new", "Big", "--players", twenty)
    # 20 hands of 3 and the turned trump: 61 cards from a pack of 52
    assert out.exit_code == 1
    assert "20 players cannot be dealt from a pack of 52" in out.stderr
    assert "20 hands of 3 + 1 turned trump = 61 cards" in out.stderr
    # 17 fit a simple pool (52 cards) but not a double pool with its miss: 51 + 3 + 1 = 55
    out = loo(db, "new", "Big", "--players", ",".join(f"P{i}" for i in range(17)))
    assert out.exit_code == 1
    assert "17 hands of 3 + 3 for the miss + 1 turned trump = 55 cards" in out.stderr
    assert "at most 16 players" in out.stderr
    sixteen = ",".join(f"P{i}" for i in range(16))  # 48 + 3 + 1 = 52: just fits
    assert loo(db, "new", "Big", "--players", sixteen).exit_code == 0
