"""`loo hand -i --json`: every question, preview and message of the walk goes to standard
error, and standard output holds exactly one JSON document: the hand recorded, as `loo hand
--json` prints it (nothing at all when the hand is not recorded). Without --json a person
at a terminal sees what they always saw, on standard output.

Three-card (RULES.md defaults: ante 9 by the dealer, limited loo 9), worked by hand:

Seats Ann Ben Cat Dov Eve, Eve deals first.
Hand 1, Eve deals, pool 0: a simple pool, everyone plays. P = 9 (Eve's ante), a trick 3.
    Ann 1, Ben 0, Cat 1, Dov 1, Eve 0 (filled in: 3 - 1 - 0 - 1 - 1 = 0).
    Ann Cat Dov +3 each; Ben looed -9; Eve -9 ante -9 loo = -18.
    Pool after = 9 - 3*3 + 9 + 9 = 18. Next: Ann deals a double pool.
Hand 2, Ann deals, 18 carried: double, P = 18 + 9 (Ann's ante) = 27, a trick 27 / 3 = 9.
    Ben stands (his first answer, defend, is refused: only the dealer defends), Cat stands,
    Dov Eve Ann pass. First answered Ben 3 tricks (Cat 0 filled in); changed at the
    preview to Ben 2, Cat 1 (filled in: 3 - 2). Ben +2*9 = +18, Cat +1*9 = +9, Dov Eve 0,
    Ann -9 (her ante). Pool after = 27 - 18 - 9 = 0. Next: Ben deals a simple pool.

Seats Ann Ben Cat, Cat deals first (tests/test_interactive_cards.py, entered as cards):
Hand 1 (one line): Ann 3 tricks +9; Ben -9; Cat -9 - 9 = -18; pool after 9 - 9 + 18 = 18.
Hand 2, Ann deals: double, P = 18 + 9 = 27, a trick 9. Ben Cat stand, Ann passes; hearts
    (2h turned). Ben's hand Ah Ks 3d: Ah 4h (Ben), Ks Qs (Ben), 3d Kd (Cat). Ben 2 tricks
    +18, Cat 1 +9, Ann -9; pool after 27 - 27 = 0.
"""

from __future__ import annotations

import json

import pytest


def keys(*answers: str) -> str:
    """What the table types: one answer per line ("" is Enter)."""
    return "".join(f"{a}\n" for a in answers)


@pytest.fixture
def table(tmp_path, run):
    db = tmp_path / "table.db"
    made = run(db, "new", "Friday", "--players", "Ann,Ben,Cat,Dov,Eve", "--dealer", "Eve")
    assert made.exit_code == 0, made.output
    return db


HAND_1 = keys("", "1", "0", "1", "1", "y")   # nothing else; Ann..Dov tricks; record


def test_the_walk_goes_to_stderr_and_stdout_is_the_hand(run, table):
    result = run(table, "hand", "-i", "--json", input=HAND_1)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)   # the whole of standard output: one JSON document
    assert out["action"] == "hand" and out["session"] == 1 and out["hand"] == 1
    s = out["settlement"]
    assert s["dealer"] == "Eve" and s["pool_in"] == 0 and s["pot"] == 9
    assert s["deltas"] == {"Ann": 3, "Ben": -9, "Cat": 3, "Dov": 3, "Eve": -18}
    assert s["looed"] == ["Ben", "Eve"] and s["pool_after"] == 18
    assert out["table"]["next_dealer"] == "Ann" and out["table"]["pool"] == 18
    assert out["table"]["double"] is True
    err = result.stderr
    for shown in ("Hand 1: Eve deals; pool of 0 carried in.", "Anything else?",
                  "Ann: tricks won [0/1/2/3]: ", "Dov: tricks won [0/1]: ",
                  "Eve: 0 tricks won (none left)", "Ben      -9  looed",
                  "Record hand 1? [yes/change/quit] (Enter: yes): ",
                  "hand 1 recorded. Pool now 18. Next: Ann deals (double pool)."):
        assert shown in err, shown
    # the same as the one-line form's --json says for the same hand
    twin = table.with_name("twin.db")
    run(twin, "new", "Friday", "--players", "Ann,Ben,Cat,Dov,Eve", "--dealer", "Eve")
    line = run(twin, "hand", "Ann=1", "Ben=0", "Cat=1", "Dov=1", "Eve=0", "--json")
    assert json.loads(line.stdout) == out


def test_a_refused_answer_and_a_change_at_the_preview_go_to_stderr(run, table):
    assert run(table, "hand", "Ann=1", "Ben=0", "Cat=1", "Dov=1", "Eve=0").exit_code == 0
    typed = keys("defend", "stand", "stand", "pass", "pass", "pass", "",  # words; nothing else
                 "3",                    # Ben 3 tricks (Cat's 0 filled in)
                 "change", "7", "2",     # change answer 7, Ben's tricks, to 2 (Cat's 1)
                 "y")
    result = run(table, "hand", "-i", "--json", input=typed)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    s = out["settlement"]
    assert out["hand"] == 2 and s["dealer"] == "Ann" and s["double"] is True
    assert s["pool_in"] == 18 and s["pot"] == 27
    assert s["words"] == {"Ben": "stand", "Cat": "stand", "Dov": "pass", "Eve": "pass",
                          "Ann": "pass"}
    assert s["deltas"] == {"Ben": 18, "Cat": 9, "Dov": 0, "Eve": 0, "Ann": -9}
    assert s["looed"] == [] and s["pool_after"] == 0
    assert out["table"]["next_dealer"] == "Ben" and out["table"]["double"] is False
    err = result.stderr
    assert "'defend' is not possible here" in err
    assert "Ben     +27  takes 27: all 3 tricks" in err          # the first preview
    assert "Change which answer?\n" in err and "  7  Ben: tricks won: 3\n" in err
    assert "Number, 1 to 7 (blank: none): " in err
    assert "hand 2 recorded. Pool now 0. Next: Ben deals (simple pool)." in err
    [h1, h2] = json.loads(run(table, "hands", "--json").stdout)
    assert h2["deltas"] == s["deltas"]


def test_cards_entered_trick_by_trick_go_to_stderr(run, tmp_path):
    db = tmp_path / "cards.db"
    assert run(db, "new", "Cards", "--players", "Ann,Ben,Cat", "--dealer", "Cat").exit_code == 0
    assert run(db, "hand", "Ann=3", "Ben=0", "Cat=0").exit_code == 0
    typed = keys("stand", "stand", "pass", "",           # Ben, Cat, Ann; nothing else
                 "cards", "2h", "Ah Ks 3d", "",          # trump card; Ben's hand; Cat's not
                 "4h",                                   # trick 1: Ben's Ah is forced
                 "zz", "Ks", "Qs",                       # trick 2: zz refused
                 "Kd", "yes")                            # trick 3: Ben's 3d forced
    result = run(db, "hand", "-i", "--json", input=typed)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["hand"] == 2
    assert out["settlement"]["deltas"] == {"Ben": 18, "Cat": 9, "Ann": -9}
    assert out["settlement"]["pool_after"] == 0
    err = result.stderr
    for shown in ("Trump card turned: ", "Ben's hand in play (3 cards; Enter: not known): ",
                  "Ben may play: Ah\n  Ben plays Ah (the only card allowed)",
                  "'zz' is not a card", "Trick 2, Cat plays: ",
                  "trick 1: Ah 4h, won by Ben", "trick 3: 3d Kd, won by Cat",
                  "hand 2 recorded"):
        assert shown in err, shown


def test_quit_prints_no_json(run, table):
    result = run(table, "hand", "-i", "--json", input=keys("", "1", "0", "1", "1", "quit"))
    assert result.exit_code == 3
    assert result.stdout == ""
    assert "Record hand 1?" in result.stderr
    assert "Cancelled: hand 1 not recorded." in result.stderr
    assert json.loads(run(table, "hands", "--json").stdout) == []


def test_without_json_the_walk_is_on_stdout_as_before(run, table):
    result = run(table, "hand", "-i", input=HAND_1)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert "Ann: tricks won [0/1/2/3]: " in result.stdout
    assert "hand 1 recorded. Pool now 18." in result.stdout
    assert not result.stdout.lstrip().startswith("{")
