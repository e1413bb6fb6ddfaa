"""loo check replays the audit trail (issue 9, item 2): each test edits the audit (or a
stored record) of session 2 behind the program's back, and check must name session 2 and
the hand, and nothing in session 1.

Session 1 is tests/conftest.py's good session, imported (no audit rows for its three
hands), then hand 4 recorded at the table (audit: add 4). Session 2 is played at the
table from ``loo new`` (A B C D, D deals first); its audit rows, in order:

    1 add 1      A=1 B=0 C=1 D=1
    2 add 2      B=2 C=pass D=miss:0 A=1
    3 amend 2    -> B=2 C=pass D=pass A=1
    4 add 3      C=1 D=1 A=1 B=0
    5 undo 3
    6 add 3      C=1 D=0 A=1 B=1
    7 seated     E (every record gains E in sitting_out)
    8 add 4      D=1 E=1 A=1 B=0 C=0
    9 left       E
   10 renamed    player A -> Al (every record renamed)
   11 renamed    the session's name
"""

from __future__ import annotations

import importlib.util
import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loo_ledger.cli import app


def _good_session() -> dict:
    """tests/conftest.py's GOOD_SESSION (loaded by path: ``conftest`` alone may name
    tests/rules/conftest.py when the whole suite runs)."""
    spec = importlib.util.spec_from_file_location("_audit_conftest",
                                                  Path(__file__).with_name("conftest.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.GOOD_SESSION


ROW = "(SELECT {f}(id) FROM audit WHERE session_id = 2 AND action = '{a}' AND hand {h})"


def _row(action: str, hand: int | None, first: bool = True) -> str:
    return ROW.format(f="min" if first else "max", a=action,
                      h="IS NULL" if hand is None else f"= {hand}")


SESSION_2 = ["new Eve --players A,B,C,D --dealer D", "hand A=1 B=0 C=1 D=1",
             "hand B=2 C=pass D=miss:0 A=1", "amend 2 B=2 C=pass D=pass A=1",
             "hand C=1 D=1 A=1 B=0", "undo --yes", "hand C=1 D=0 A=1 B=1", "seat add E",
             "hand D=1 E=1 A=1 B=0 C=0", "seat leave E", "player rename A Al",
             "session rename Friday"]


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("audit")
    db, good = base / "t.db", base / "good.json"
    good.write_text(json.dumps(_good_session()), encoding="utf-8")
    runner = CliRunner()
    commands = [["import", str(good)], ["hand", "A=1", "B=1", "C=0", "D=1"]]
    commands += [c.split() for c in SESSION_2]
    for args in commands:
        result = runner.invoke(app, ["--db", str(db), *args])
        assert result.exit_code == 0, (args, result.output)
    return db


@pytest.fixture
def two_db(tmp_path, template) -> Path:
    db = tmp_path / "loo.db"
    src, dst = sqlite3.connect(template), sqlite3.connect(db)
    try:
        src.backup(dst)  # the template may be in WAL mode: a file copy could miss rows
    finally:
        src.close()
        dst.close()
    return db


def _edit(db: Path, statements: list[str]) -> None:
    conn = sqlite3.connect(db)
    try:
        with conn:
            for sql in statements:
                assert conn.execute(sql).rowcount >= 1, sql
    finally:
        conn.close()


def _found(loo, db: Path) -> set[tuple[str, int | None]]:
    result = loo(db, "check", "--json")
    found = json.loads(result.stdout)
    assert result.exit_code == (1 if found else 0), result.output
    assert all(p["message"].startswith("session 2: ") for p in found), found
    return {(p["code"], p["hand"]) for p in found}


def test_a_session_played_at_the_table_checks_clean(loo, two_db):
    """add, amend, undo, a player seated and gone, a player and the session renamed: the
    audit replayed gives every stored record (E added to each record's sitting_out, A
    renamed Al), and session 1's imported hands count as added by the import."""
    assert _found(loo, two_db) == set()
    conn = sqlite3.connect(two_db)
    actions = [r[0] for r in conn.execute("SELECT action FROM audit WHERE session_id = 2 "
                                          "ORDER BY id")]
    conn.close()
    assert actions == ["add", "add", "amend", "add", "undo", "add", "seated", "add", "left",
                       "renamed", "renamed"]


ADDS_1_2 = "session_id = 2 AND action = 'add' AND hand IN (1, 2)"
EDITS = {
    # Without "add 2", the amend names a hand that did not exist yet, and hand 3's add
    # comes after hand 1: hand 2 was never added.
    "add row deleted": ([f"DELETE FROM audit WHERE id = {_row('add', 2)}"],
                        {("CHECK_AUDIT_HAND", 2), ("CHECK_AUDIT_MISSING", 2)}),
    # The last add gone: hand 4 is stored, but the audit never added it; and E's leaving
    # (row 9) then comes before hand 4, not hand 5 as the log of seat changes says.
    "last add deleted": ([f"DELETE FROM audit WHERE id = {_row('add', 4)}"],
                         {("CHECK_AUDIT_MISSING", 4), ("CHECK_AUDIT_SEATS", None)}),
    # Without the amend, the audit's last record for hand 2 is D=miss:0, not D=pass.
    "amend row deleted": ([f"DELETE FROM audit WHERE id = {_row('amend', 2)}"],
                          {("CHECK_AUDIT_RECORD", 2)}),
    # Without the undo, the second "add 3" adds a hand that already existed, and the
    # audit's hand 3 is the first one (D=1 B=0), not the stored (D=0 B=1).
    "undo row deleted": ([f"DELETE FROM audit WHERE id = {_row('undo', 3)}"],
                         {("CHECK_AUDIT_HAND", 3), ("CHECK_AUDIT_RECORD", 3)}),
    "new_record edited": ([f"UPDATE audit SET new_record = json_set(new_record, '$.tricks.A', "
                           f"0, '$.tricks.B', 1) WHERE id = {_row('add', 1)}"],
                          {("CHECK_AUDIT_RECORD", 1)}),
    # The amend says hand 2 was something the audit never gave it.
    "record before edited": ([f"UPDATE audit SET old_record = json_set(old_record, "
                              f"'$.tricks.B', 3) WHERE id = {_row('amend', 2)}"],
                             {("CHECK_AUDIT_CONTINUITY", 2)}),
    # A row appended for hand 9 when the session had 4 hands.
    "row for a later hand": (["INSERT INTO audit (session_id, hand, action, old_record, "
                              "new_record, at) SELECT 2, 9, 'add', NULL, "
                              "'{\"dealer\": \"B\", \"tricks\": {\"B\": 3}}', max(at) FROM audit"],
                             {("CHECK_AUDIT_HAND", 9)}),
    # Rows 1 and 2 swapped: hand 2 is added first, but a session made at the table starts
    # with no hands, so hand 1 was never added; then hand 1 is added when there were two.
    "order swapped": ([f"UPDATE audit SET old_record = new_record WHERE {ADDS_1_2}",
                       "UPDATE audit SET new_record = (SELECT a.old_record FROM audit a "
                       "WHERE a.session_id = 2 AND a.action = 'add' AND a.hand = 3 - "
                       f"audit.hand) WHERE {ADDS_1_2}",
                       f"UPDATE audit SET hand = 3 - hand, old_record = NULL WHERE {ADDS_1_2}"],
                      {("CHECK_AUDIT_HAND", 1), ("CHECK_AUDIT_MISSING", 1)}),
    "time goes back": ([f"UPDATE audit SET at = '2000-01-01T00:00:00+00:00' WHERE id = "
                        f"{_row('add', 4)}"], {("CHECK_AUDIT_ORDER", 4)}),
    "record added not JSON": ([f"UPDATE audit SET new_record = '{{\"tricks\": ' WHERE id = "
                               f"{_row('add', 3, first=False)}"], {("CHECK_AUDIT_JSON", 3)}),
    "record undone not JSON": ([f"UPDATE audit SET old_record = 'nope' WHERE id = "
                                f"{_row('undo', 3)}"], {("CHECK_AUDIT_JSON", 3)}),
    "record amended a list": ([f"UPDATE audit SET new_record = '[1, 2]' WHERE id = "
                               f"{_row('amend', 2)}"], {("CHECK_AUDIT_JSON", 2)}),
    # (E's leaving is then not in the audit, but is in the log of seat changes.)
    "unknown action": ([f"UPDATE audit SET action = 'frobbed' WHERE id = {_row('left', None)}"],
                       {("CHECK_AUDIT_ACTION", None), ("CHECK_AUDIT_SEATS", None)}),
    # The stored record of hand 1 gains a field: it settles the same, so only the audit
    # (which gives hand 1 without it) sees it.
    "stored record edited": (["UPDATE hands SET record = json_set(record, '$.note', 'x') "
                              "WHERE session_id = 2 AND number = 1"],
                             {("CHECK_AUDIT_RECORD", 1)}),
}


@pytest.mark.parametrize("name", list(EDITS))
def test_check_names_the_session_and_hand_of_each_audit_edit(loo, two_db, name):
    statements, want = EDITS[name]
    _edit(two_db, statements)
    assert _found(loo, two_db) == want
    text = loo(two_db, "check")
    assert "Traceback" not in text.output and "session 1:" not in text.stdout


def test_a_stored_record_changed_is_named_with_both_records(loo, two_db):
    _edit(two_db, EDITS["stored record edited"][0])
    text = loo(two_db, "check").stdout
    assert "hand 1: session 2: the stored record of hand 1 is not the last record" in text
    assert '"note": "x"' in text


def test_an_imported_session_with_no_audit_rows_checks_clean(loo, two_db):
    """Session 1's three imported hands have no audit rows; with its "add 4" row gone too
    it has none at all, like a session imported before the audit existed (m006)."""
    _edit(two_db, ["DELETE FROM audit WHERE session_id = 1"])
    assert _found(loo, two_db) == set()
