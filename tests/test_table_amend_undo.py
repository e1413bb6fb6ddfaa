"""Issue 3: corrections at the table: `loo amend N`, `loo undo`, and the audit trail.

A 10-hand session of three-card mixed loo (`--rule loo=mixed --rule loo_limit=90`), seats Ann
Ben Cat Dov Eve, Eve deals first. Worked by hand from shared/spec/RULES.md (ante 9 by the
dealer; P = carried + 9; a trick P // 3; a looed player pays L = min(P, 90); an empty pool is
simple (everyone plays), a pool with chips is double with declarations and a miss; a
defending dealer's tricks leave their shares in the pool):

  #  dealer  in    P  sh   L |    A    B    C    D    E | after
  1  Eve      0    9   3   9 |   +3   -9   +3   +3  -18 |   18  A C D 1 trick; B E looed
  2  Ann     18   27   9  27 |   -9  +18    0    0    0 |    9  B stands 2; A defends 1: 9 stays
  3  Ben      9   18   6  18 |  -18   +3   +6    0    0 |   18  C miss 1, A 0, B 2
  4  Cat     18   27   9  27 |    0    0   +9   +9  -27 |   27  D 1, E 0, C 2
  5  Dov     27   36  12  36 |  -36    0  +24  -45  +12 |   72  E 1, A 0, C miss 2, D 0
  6  Eve     72   81  27  81 |  +54  -81    0    0  +18 |   81  A 2, B 0, E 1
  7  Ann     81   90  30  90 |   -9  +30    0    0    0 |   60  B 1; A defends 2: 60 stays
  8  Ben     60   69  23  69 |    0   -9  -69  +69    0 |   69  C 0, D 3 takes 69
  9  Cat     69   78  26  78 |  +26  -78  -87  +26  +26 |  156  D E A 1; B 0, C 0 looed 78
 10  Dov    156  165  55  90 |  +55    0    0 +101    0 |    0  A miss 1, D 2: -9 + 110
     final:                     +66 -126 -114 +163  +11 |    0

Hand 3 as first typed wrongly: Cat=miss:0 ... Ben=3: Ben takes all 3 tricks and the whole
18: -9 + 18 = +9; Cat and Ann looed min(18, 90) = 18 each; pool after = 18 - 18 + 36 = 36,
so every later pool differs until it is amended.
"""

from __future__ import annotations

import json
import re
import shutil
from datetime import UTC, datetime

import pytest

NEW = ["new", "Friday", "--variant", "three-card", "--rule", "loo=mixed", "--rule",
       "loo_limit=90", "--players", "Ann,Ben,Cat,Dov,Eve", "--dealer", "Eve"]

RIGHT = [
    "Ann=1 Ben=0 Cat=1 Dov=1 Eve=0",
    "Ben=2 Cat=pass Dov=pass Eve=pass Ann=defend:1",
    "Cat=miss:1 Dov=pass Eve=pass Ann=0 Ben=2",
    "Dov=1 Eve=0 Ann=pass Ben=pass Cat=2",
    "Eve=1 Ann=0 Ben=pass Cat=miss:2 Dov=0",
    "Ann=2 Ben=0 Cat=pass Dov=pass Eve=1",
    "Ben=1 Cat=pass Dov=pass Eve=pass Ann=defend:2",
    "Cat=0 Dov=3 Eve=pass Ann=pass Ben=pass",
    "Dov=1 Eve=1 Ann=1 Ben=0 Cat=0",
    "Eve=pass Ann=miss:1 Ben=pass Cat=pass Dov=2",
]
WRONG_3 = "Cat=miss:0 Dov=pass Eve=pass Ann=0 Ben=3"
WRONG = RIGHT[:2] + [WRONG_3] + RIGHT[3:]

POOLS_AFTER = [18, 9, 18, 27, 72, 81, 60, 69, 156, 0]        # the table above
FINAL = {"Ann": 66, "Ben": -126, "Cat": -114, "Dov": 163, "Eve": 11}


def _session(loo, db, lines):
    assert loo(db, *NEW).exit_code == 0
    for n, line in enumerate(lines, 1):
        result = loo(db, "hand", *line.split())
        assert result.exit_code == 0, f"hand {n}: {result.output}"
    return db


def _json(loo, db, *args):
    result = loo(db, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def typed(tmp_path_factory):
    """The two evenings typed hand by hand once; each test gets copies (_copy)."""
    from cli_kit import BuiltOnce

    from loo_ledger.cli import app
    runner, folder = BuiltOnce(), tmp_path_factory.mktemp("typed")

    def loo(db, *args):
        return runner.invoke(app, ["--db", str(db), *args], env={"COLUMNS": "200"})

    return {"right": _session(loo, folder / "right.db", RIGHT),
            "wrong": _session(loo, folder / "wrong.db", WRONG)}


def _copy(source, target):
    shutil.copyfile(source, target)  # each command closed the ledger: no -wal beside it
    return target


@pytest.fixture
def right_db(tmp_path, typed):
    return _copy(typed["right"], tmp_path / "right.db")


@pytest.fixture
def wrong_db(tmp_path, typed):
    return _copy(typed["wrong"], tmp_path / "wrong.db")


def test_the_right_session_is_as_worked_by_hand(loo, right_db):
    rows = _json(loo, right_db, "hands")
    assert [h["pool_after"] for h in rows] == POOLS_AFTER
    assert rows[2]["deltas"] == {"Ann": -18, "Ben": 3, "Cat": 6, "Dov": 0, "Eve": 0}
    assert rows[9]["deltas"] == {"Ann": 55, "Ben": 0, "Cat": 0, "Dov": 101, "Eve": 0}
    bal = _json(loo, right_db, "balances")
    assert {p["name"]: p["net"] for p in bal["players"]} == FINAL and bal["pool"] == 0


def test_amending_hand_3_settles_4_to_10_as_if_entered_right(loo, right_db, wrong_db):
    wrong_rows = _json(loo, wrong_db, "hands")
    assert wrong_rows[2]["pool_after"] == 36          # the wrong hand 3 (module docstring)
    assert wrong_rows[2]["deltas"] == {"Ann": -18, "Ben": 9, "Cat": -18, "Dov": 0, "Eve": 0}
    result = loo(wrong_db, "amend", "3", *RIGHT[2].split())
    assert result.exit_code == 0, result.output
    assert "hand 3 amended" in result.stdout
    assert "7 later hands" in result.stdout and "pool now 0" in result.stdout
    assert _json(loo, wrong_db, "hands") == _json(loo, right_db, "hands")
    assert _json(loo, wrong_db, "balances") == _json(loo, right_db, "balances")
    assert loo(wrong_db, "check").exit_code == 0


def test_an_amendment_that_makes_a_later_hand_impossible_is_refused(loo, right_db, dump_db):
    """Hand 3 amended to 'everybody passes': Ben takes P and the pool is empty, so hand 4
    becomes a simple pool, where nobody may pass, and hand 4 records two passes."""
    before = dump_db(right_db)
    result = loo(right_db, "amend", "3", "Cat=pass", "Dov=pass", "Eve=pass", "Ann=pass",
                 "Ben=pass")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "hand 4" in result.stderr
    assert "simple" in result.stderr and "pass" in result.stderr
    assert "Ann" in result.stderr or "Ben" in result.stderr    # the players who passed
    assert dump_db(right_db) == before


def test_an_impossible_amendment_itself_is_refused(loo, right_db, dump_db):
    before = dump_db(right_db)
    result = loo(right_db, "amend", "3", "Cat=miss:2", "Dov=pass", "Eve=pass", "Ann=0",
                 "Ben=2")
    assert result.exit_code == 1
    assert "hand 3" in result.stderr and "4" in result.stderr   # tricks total 4, not 3
    assert dump_db(right_db) == before


def test_amending_a_hand_that_does_not_exist(loo, right_db, dump_db):
    before = dump_db(right_db)
    result = loo(right_db, "amend", "11", *RIGHT[0].split())
    assert result.exit_code == 1
    assert "11" in result.stderr
    assert dump_db(right_db) == before


def test_undo_then_the_same_hand_restores_the_balances(loo, right_db):
    hands_before = _json(loo, right_db, "hands")
    balances_before = _json(loo, right_db, "balances")
    result = loo(right_db, "undo", "--yes")
    assert result.exit_code == 0, result.output
    # Without hand 10 (A +55, D +101, pool 156 -> 0): Ann 66 - 55 = 11, Dov 163 - 101 = 62,
    # and the 156 of hand 9 are back in the pool.
    assert "hand 10 removed" in result.stdout and "pool now 156" in result.stdout
    bal = _json(loo, right_db, "balances")
    assert bal["pool"] == 156
    assert {p["name"]: p["net"] for p in bal["players"]} == {
        "Ann": 11, "Ben": -126, "Cat": -114, "Dov": 62, "Eve": 11}
    assert loo(right_db, "hand", *RIGHT[9].split()).exit_code == 0
    assert _json(loo, right_db, "balances") == balances_before
    assert _json(loo, right_db, "hands") == hands_before


def test_undo_asks_first_and_no_leaves_everything(loo, right_db, dump_db, monkeypatch):
    from typer.testing import CliRunner

    from loo_ledger.cli import app, cancel
    monkeypatch.setattr(cancel, "at_a_terminal", lambda: True)  # the answer is typed
    before = dump_db(right_db)
    result = CliRunner().invoke(app, ["--db", str(right_db), "undo"], input="n\n")
    assert result.exit_code == 3  # a declined confirmation (cli/cancel.py)
    assert "Remove hand 10" in result.output and "Dov" in result.output
    assert dump_db(right_db) == before


def test_hands_audit_shows_the_old_record_the_new_one_and_when(loo, wrong_db, right_db):
    old = _json(loo, wrong_db, "hands")[2]["record"]        # hand 3 as first typed
    new = _json(loo, right_db, "hands")[2]["record"]        # hand 3 typed right
    assert old["tricks"] == {"Cat": 0, "Ann": 0, "Ben": 3}
    assert new["tricks"] == {"Cat": 1, "Ann": 0, "Ben": 2}
    assert loo(wrong_db, "amend", "3", *RIGHT[2].split()).exit_code == 0
    assert loo(wrong_db, "undo", "--yes").exit_code == 0
    trail = _json(loo, wrong_db, "hands", "--audit")
    amends = [a for a in trail if a["action"] == "amend"]
    assert len(amends) == 1
    [a] = amends
    assert a["hand"] == 3 and a["old_record"] == old and a["new_record"] == new
    when = datetime.fromisoformat(a["at"])
    assert abs((datetime.now(UTC) - when).total_seconds()) < 600
    # Every hand typed is there as an "add"; the undo keeps the removed hand 10's record.
    assert sorted(a["hand"] for a in trail if a["action"] == "add") == list(range(1, 11))
    [u] = [a for a in trail if a["action"] == "undo"]
    assert u["hand"] == 10 and u["new_record"] is None
    assert u["old_record"]["tricks"] == {"Ann": 1, "Dov": 2}
    # The table for people: when, what, which hand, the old and the new record.
    text = loo(wrong_db, "hands", "--audit").stdout
    amend_line = next(line for line in text.splitlines() if "amend" in line)
    assert "hand 3" in amend_line and a["at"][:16] in amend_line
    assert re.search(r'old:.*"Ben": 3', text) and re.search(r'new:.*"Ben": 2', text)


def test_the_refused_amendment_reads_as_a_sentence(loo, right_db):
    result = loo(right_db, "amend", "3", "Cat=pass", "Dov=pass", "Eve=pass", "Ann=pass",
                 "Ben=pass")
    assert result.exit_code == 1
    assert "would make hand 4 is" not in result.stderr
    assert "hand 4" in result.stderr
