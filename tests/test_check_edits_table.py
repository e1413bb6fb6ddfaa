"""What ``loo check`` did not see (issue 19, item 14): each test edits one thing behind the
program's back, as tests/test_check_edits.py does, and ``loo check`` must exit 1 naming
what changed. The ledger, made through the commands:

* session 1: tests/conftest.py's good session, imported (A B C D; three hands);
* session 2: ``loo new`` with Ann, Ben, Cat, Dov (Dov deals first; three-card); two hands;
  Dov leaves before hand 3, one more hand; the session is closed.
* ``loo player merge A Ann`` (the spelling A of session 1 is Ann), and ``loo paid Ann Ben
  1.50 --currency GBP``.

The hands, worked from RULES.md (three-card, dealer antes 9, 3 a trick in a simple pool):
hand 1, Dov deals: Ann, Ben, Cat a trick each (+3), Dov none (looed 9: -18); pool 9.
hand 2, Ann deals a double pool of 18 (6 a trick): Ben stands and takes 2 (+12), Cat
takes 1 (+6), Dov passes (0), Ann passes (-9, her ante); pool 0 -> 9 -> 0.
hand 3 (Dov has left), Ben deals a simple pool: Ann, Ben, Cat a trick each.
None of these figures is asserted here: check compares the stored rows with the audit,
and the tests assert only which finding each edit brings.
"""

from __future__ import annotations

import json
import sqlite3

import pytest
from ledger_kit import copy_for_each_test


@pytest.fixture(scope="module")
def built(tmp_path_factory, loo, good_template):
    db = tmp_path_factory.mktemp("check_edits_table") / "loo.db"
    steps = [["import", good_template.parent / "good.json"],
             ["new", "Friday", "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov"],
             ["hand", "a=1", "b=1", "c=1", "d=0"],
             ["hand", "b=s:2", "c=m:1", "d=p", "a=p"],
             ["seat", "leave", "Dov"],
             ["hand", "a=1", "b=1", "c=1"],
             ["close"],
             ["player", "merge", "A", "Ann"],
             ["paid", "Ann", "Ben", "1.50", "--currency", "GBP", "--advance"]]
    for args in steps:
        result = loo(db, *args)
        assert result.exit_code == 0, (args, result.output)
    clean = loo(db, "check")
    assert clean.exit_code == 0, clean.output
    return db


ledger = copy_for_each_test("built", name="ledger")


def _edit(db, *statements: str) -> None:
    conn = sqlite3.connect(db)
    try:
        with conn:
            for sql in statements:
                assert conn.execute(sql).rowcount >= 1, sql
    finally:
        conn.close()


def _found(loo, db) -> set[tuple[str, int | None, str | None]]:
    result = loo(db, "check", "--json")
    assert result.exit_code == 1, result.output
    return {(p["code"], p["hand"], p["player"]) for p in json.loads(result.stdout)}


EDITS = {
    # Dov left before hand 3: back at the table without a word.
    "present flag": (["UPDATE seats SET present = 1 WHERE session_id = 2 AND name = 'Dov'"],
                     {("CHECK_SEATS", None, "Dov")}),
    # Cat never left (the next deal is not stored: loo pool asks the domain).
    "absent flag": (["UPDATE seats SET present = 0 WHERE session_id = 2 AND name = 'Cat'"],
                    {("CHECK_SEATS", None, "Cat")}),
    # The log of seat changes loses Dov's leaving: the audit has it ('left').
    "seat change deleted": (["UPDATE sessions SET seat_changes = '[]' WHERE id = 2",
                             "UPDATE seats SET present = 1 WHERE session_id = 2 AND "
                             "name = 'Dov'"],
                            {("CHECK_AUDIT_SEATS", None, None)}),
    # Dov left before hand 3, not before hand 2.
    "seat change moved": (["UPDATE sessions SET seat_changes = json_set(seat_changes, "
                           "'$[0].before_hand', 2) WHERE id = 2"],
                          {("CHECK_AUDIT_SEATS", None, None)}),
    # The session was closed ('closed' in the audit): opened again behind its back.
    "closed_at cleared": (["UPDATE sessions SET closed_at = NULL WHERE id = 2"],
                          {("CHECK_AUDIT_CLOSED", None, None)}),
    "closed_at moved": (["UPDATE sessions SET closed_at = '2020-01-01T00:00:00+00:00' "
                         "WHERE id = 2"], {("CHECK_AUDIT_CLOSED", None, None)}),
    # The session was never closed.
    "closed_at set": (["UPDATE sessions SET closed_at = '2030-01-01T00:00:00+00:00' "
                       "WHERE id = 1"], {("CHECK_AUDIT_CLOSED", None, None)}),
    # Session 1 was imported (its source is the file): the fingerprint that refuses the
    # same file again is gone.
    "fingerprint deleted": (["DELETE FROM imports WHERE session_id = 1"],
                            {("CHECK_IMPORTS", None, None)}),
    # Session 2 began with no hands ('loo new'): the audit must add every hand.
    "first add deleted": (["DELETE FROM audit WHERE session_id = 2 AND action = 'add' AND "
                           "hand = 1"], {("CHECK_AUDIT_MISSING", 1, None)}),
    "all the audit deleted": (["DELETE FROM audit WHERE session_id = 2"],
                              {("CHECK_AUDIT_MISSING", 1, None),
                               ("CHECK_AUDIT_MISSING", 2, None),
                               ("CHECK_AUDIT_MISSING", 3, None),
                               ("CHECK_AUDIT_SEATS", None, None),
                               ("CHECK_AUDIT_CLOSED", None, None)}),
    # The payment rewritten, or gone.
    "payment rewritten": (["UPDATE payments SET cents = 15000"],
                          {("CHECK_PAYMENTS", None, None)}),
    "payment payee rewritten": (["UPDATE payments SET payee = 'Cat'"],
                                {("CHECK_PAYMENTS", None, None)}),
    "payment deleted": (["DELETE FROM payments"], {("CHECK_PAYMENTS", None, None)}),
    # The merge of A into Ann undone, or A made another player.
    "alias deleted": (["DELETE FROM aliases WHERE alias = 'a'"],
                      {("CHECK_ALIASES", None, None)}),
    "alias rewritten": (["INSERT INTO identities (id, name) VALUES (99, 'Zed')",
                         "UPDATE aliases SET identity_id = 99 WHERE alias = 'a'"],
                        {("CHECK_ALIASES", None, None)}),
}


@pytest.mark.parametrize("name", list(EDITS))
def test_check_names_each_edit_of_the_table(loo, ledger, name):
    statements, want = EDITS[name]
    _edit(ledger, *statements)
    assert _found(loo, ledger) == want


def test_a_ledger_used_through_the_commands_checks_clean_after_reopening(loo, ledger):
    """Reopen, undo a hand, seat Dov again, rename a player and close again: every change
    goes through the audit, so nothing is found."""
    for args in (["reopen", "2"], ["use", "2"], ["undo", "--yes"], ["seat", "add", "Dov"],
                 ["player", "rename", "Cat", "Cath"], ["close"]):
        result = loo(ledger, *args)
        assert result.exit_code == 0, (args, result.output)
    result = loo(ledger, "check")
    assert result.exit_code == 0, result.output


def test_an_older_ledger_gains_the_rows_it_never_wrote(loo, ledger):
    """A ledger an older version wrote has no ``closed``, ``paid`` or ``merged`` rows: the
    migration m018 writes them, from the session's closed_at, the payment and the aliases
    as they are, so the ledger checks clean and then sees an edit."""
    _edit(ledger, "DELETE FROM audit WHERE action IN ('closed', 'paid', 'merged')",
          "DELETE FROM _sqlite_migrations WHERE name = 'm018_kept_in_the_audit'")
    conn = sqlite3.connect(ledger)
    conn.execute("PRAGMA user_version = 16")
    conn.close()
    result = loo(ledger, "check")
    assert result.exit_code == 0, result.output
    conn = sqlite3.connect(ledger)
    actions = sorted(r[0] for r in conn.execute(
        "SELECT action FROM audit WHERE action IN ('closed', 'paid', 'aliases')"))
    conn.close()
    # session 2 closed; one payment; the identities of A..D, Ben, Cat, Dov (Ann is A's).
    assert actions.count("closed") == 1 and actions.count("paid") == 1
    assert "aliases" in actions
    _edit(ledger, "UPDATE payments SET cents = 1")
    assert _found(loo, ledger) == {("CHECK_PAYMENTS", None, None)}
