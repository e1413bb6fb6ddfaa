"""Bad input: every refusal is exit 1 with one message on stderr, and the database is left
exactly as it was (all or nothing, SESSION-FORMAT.md "What a reader may rely on").

The database already holds tests/conftest.py's good session; each bad import is compared
with an sqlite3 ``iterdump`` of the whole database taken before it.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

# The session parameters RULES.md lists; an unknown parameter's message lists them.
SOME_PARAMETERS = ["ante", "ante_model", "single_stake", "loo", "loo_amount", "loo_limit",
                   "divided", "simple_pool", "double_when", "miss", "dealer_vs_one",
                   "exchange", "club_law", "flushes", "pam", "revoke_penalty", "burn_cap",
                   "pack"]
PRESETS = ["three-card", "bicycle", "poker-book", "lanterloo", "britannica", "irish",
           "undivided", "five-card", "britannica-five-card", "lou"]


def _refused(result, dump_before, dump_after):
    """What every refused import shares."""
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Error:"), result.stderr
    assert "Traceback" not in result.output
    assert result.stdout == ""  # no "imported ..." line
    assert dump_after == dump_before


def test_malformed_json(loo, good_db, tmp_path, dump_db):
    bad = tmp_path / "broken.json"
    # Cut off after `"variant": `; the value would start at column 40 of line 1.
    bad.write_text('{"format": "loo-session/1", "variant": ', encoding="utf-8")
    before = dump_db(good_db)
    result = loo(good_db, "import", bad)
    _refused(result, before, dump_db(good_db))
    assert str(bad) in result.stderr
    assert "malformed" in result.stderr and "line 1, column 40" in result.stderr


def test_schema_violation_names_the_json_path(loo, good_db, tmp_path, good_session, save,
                                              dump_db):
    good_session["hands"][0]["tricks"]["A"] = -1
    bad = save(tmp_path / "negative.json", good_session)
    before = dump_db(good_db)
    result = loo(good_db, "import", bad)
    _refused(result, before, dump_db(good_db))
    assert str(bad) in result.stderr
    assert "$.hands[0].tricks.A" in result.stderr
    assert "hand 1" in result.stderr
    assert "-1" in result.stderr


def test_unknown_variant(loo, good_db, tmp_path, good_session, save, dump_db):
    good_session["variant"] = "four-card"
    bad = save(tmp_path / "fourcard.json", good_session)
    before = dump_db(good_db)
    result = loo(good_db, "import", bad)
    _refused(result, before, dump_db(good_db))
    assert str(bad) in result.stderr
    assert "'four-card'" in result.stderr
    for name in PRESETS:  # says which variants there are
        assert name in result.stderr


def test_unknown_parameter_lists_the_allowed_ones(loo, good_db, tmp_path, good_session, save,
                                                  dump_db):
    good_session["rules"] = {"lool": "limited"}
    bad = save(tmp_path / "typo.json", good_session)
    before = dump_db(good_db)
    result = loo(good_db, "import", bad)
    _refused(result, before, dump_db(good_db))
    assert str(bad) in result.stderr
    assert "'lool'" in result.stderr
    for name in SOME_PARAMETERS:
        assert name in result.stderr


def test_bad_parameter_value_lists_the_allowed_values(loo, good_db, tmp_path, good_session,
                                                      save, dump_db):
    good_session["rules"] = {"loo": "sometimes"}
    bad = save(tmp_path / "sometimes.json", good_session)
    before = dump_db(good_db)
    result = loo(good_db, "import", bad)
    _refused(result, before, dump_db(good_db))
    assert str(bad) in result.stderr
    assert "sometimes" in result.stderr
    assert "limited | unlimited | mixed" in result.stderr


def _two_files(tmp_path, good_session, save, bad_tricks):
    """A valid first file and a second file whose hand 2 has ``bad_tricks``."""
    first = dict(good_session, name="First file")
    second = dict(good_session, name="Second file",
                  hands=[good_session["hands"][0], dict(good_session["hands"][1],
                                                        tricks=bad_tricks),
                         good_session["hands"][2]])
    return save(tmp_path / "first.json", first), save(tmp_path / "second.json", second)


def test_impossible_hand_in_the_second_file_writes_nothing(loo, good_db, tmp_path,
                                                           good_session, save, dump_db):
    # Hand 2 (A deals; B stands, C passes, D takes the miss, A stands): C passed but is
    # given a trick, and the tricks total 2 + 0 + 1 + 1 = 4, not 3.
    first, second = _two_files(tmp_path, good_session, save, {"B": 2, "D": 0, "A": 1, "C": 1})
    before = dump_db(good_db)
    result = loo(good_db, "import", first, second)
    _refused(result, before, dump_db(good_db))  # nothing from the first file either
    err = result.stderr
    assert str(second) in err and str(first) not in err
    assert "hand 2" in err
    assert "player C" in err
    assert "TRICKS_BY_NONPLAYER" in err and "TRICKS_SUM" in err
    sessions = loo(good_db, "sessions", "--json")
    assert '"First file"' not in sessions.stdout and '"Second file"' not in sessions.stdout


def test_tricks_summing_to_four_among_players(loo, good_db, tmp_path, good_session, save,
                                              dump_db):
    # Hand 2: B 2, D 1, A 1 = 4 tricks among the three who played, in a 3-card hand.
    first, second = _two_files(tmp_path, good_session, save, {"B": 2, "D": 1, "A": 1})
    before = dump_db(good_db)
    result = loo(good_db, "import", first, second)
    _refused(result, before, dump_db(good_db))
    assert str(second) in result.stderr
    assert "hand 2" in result.stderr
    assert "TRICKS_SUM" in result.stderr
    assert "4" in result.stderr and "3 tricks" in result.stderr


def test_missing_file(loo, good_db, tmp_path, good_file, dump_db):
    missing = tmp_path / "nowhere.json"
    before = dump_db(good_db)
    result = loo(good_db, "import", good_file, missing)
    _refused(result, before, dump_db(good_db))
    assert str(missing) in result.stderr
    assert "no such file" in result.stderr


def test_first_dealer_not_a_player(loo, good_db, tmp_path, good_session, save, dump_db):
    good_session["first_dealer"] = "Zed"
    bad = save(tmp_path / "zed.json", good_session)
    before = dump_db(good_db)
    result = loo(good_db, "import", bad)
    _refused(result, before, dump_db(good_db))
    assert str(bad) in result.stderr
    assert "Zed" in result.stderr and "first_dealer" in result.stderr


def test_no_traceback_from_the_real_program(good_db, tmp_path, dump_db):
    """The installed entry point (not the test runner) prints one message, no traceback."""
    before = dump_db(good_db)
    proc = subprocess.run([sys.executable, "-m", "loo_ledger", "--db", str(good_db),
                           "import", str(tmp_path / "nowhere.json")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.startswith("Error:")
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    assert dump_db(good_db) == before


# -- databases that are not ours ---------------------------------------------

def _text_file(path):
    path.write_text("shopping list\neggs\n", encoding="utf-8")


def _other_program(path):
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.commit()
    conn.close()


def _other_program_stamped(path):
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 1234")
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("make", [_text_file, _other_program, _other_program_stamped])
@pytest.mark.parametrize("command", ["sessions", "import"])
def test_foreign_database_is_refused_untouched(loo, tmp_path, good_file, make, command):
    db = tmp_path / "foreign.db"
    make(db)
    before = db.read_bytes()
    args = ["import", good_file] if command == "import" else ["sessions"]
    result = loo(db, *args)
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Error:")
    assert "not a loo_ledger database" in result.stderr
    assert str(db) in result.stderr
    assert "Traceback" not in result.output
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["foreign.db", "good.json"]


# -- usage and lookups ----------------------------------------------------------

@pytest.mark.parametrize("args", [["import", "--bogus"], ["balances", "--jsonn"],
                                  ["--bogus", "sessions"]])
def test_usage_error_exits_2(loo, good_db, args, dump_db):
    before = dump_db(good_db)
    result = loo(good_db, *args)
    assert result.exit_code == 2, result.output
    assert "No such option" in result.stderr
    assert "Traceback" not in result.output
    assert dump_db(good_db) == before


def test_hands_of_a_session_that_does_not_exist(loo, good_db):
    result = loo(good_db, "hands", "--session", "999")
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Error:")
    assert "session 999" in result.stderr
    assert result.stdout == ""


def test_balances_on_an_empty_database(loo, tmp_path):
    db = tmp_path / "empty.db"
    result = loo(db, "balances")
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Error:")
    assert "no session" in result.stderr
    assert "loo import" in result.stderr  # says what to do about it
    assert "Traceback" not in result.output
