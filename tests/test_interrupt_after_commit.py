"""Issue 19, item 7: Ctrl-C after the commit never says "nothing written".

A KeyboardInterrupt raised by a hook right after the write committed (no sleeps, no
signals: the interrupt comes exactly there) still exits 130, and says what the ledger had
stored; the stored hand or session is there. Raised right after SQLite's COMMIT returned,
before Python could note it, it is still told (the transaction is over: the connection
knows it committed). Raised before the COMMIT, nothing is written and it says so.

The table: three-card, Ann Ben Cat, Cat deals first; hand 1 is Cat's simple pool, Ann wins
all 3 tricks (Ann +9, Ben -9, Cat -18, pool 18); hand 2, Ann's double pool of 18 + 9 = 27:
Ben and Cat pass, Ann takes 27 (Ann +36 - 9 = +27 over the two hands, pool 0).
"""

from __future__ import annotations

import json

import pytest
from ledger_kit import copy_for_each_test

from loo_ledger.services import importing
from loo_ledger.services import table as services

NOTHING = "Interrupted: nothing written."


table = copy_for_each_test("table_built", name="table", file="table.db")


@pytest.fixture(scope="module")
def table_built(tmp_path_factory, loo):
    """Friday's table after hand 1, recorded once for the module."""
    db = tmp_path_factory.mktemp("table") / "table.db"
    assert loo(db, "new", "Friday", "--players", "Ann,Ben,Cat", "--dealer", "Cat").exit_code == 0
    assert loo(db, "hand", "Ann=3", "Ben=0", "Cat=0").exit_code == 0
    return db


def _hands(loo, db) -> list[int]:
    return [h["number"] for h in json.loads(loo(db, "hands", "--json").stdout)]


class _CommitThenInterrupt:
    """An sqlite3 connection whose COMMIT runs and then Ctrl-C arrives (``after``), or
    arrives just before it (not ``after``)."""

    def __init__(self, conn, *, after: bool):
        self._conn, self._after = conn, after

    def execute(self, sql, *args):
        if sql == "COMMIT" and not self._after:
            raise KeyboardInterrupt
        result = self._conn.execute(sql, *args)
        if sql == "COMMIT":
            raise KeyboardInterrupt
        return result

    def __getattr__(self, name):
        return getattr(self._conn, name)


def test_ctrl_c_right_after_a_hand_is_stored_says_it_was_stored(loo, table, monkeypatch):
    real = services.record

    def record_then_interrupt(*args, **kwargs):
        real(*args, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(services, "record", record_then_interrupt)
    result = loo(table, "hand", "Ben=pass", "Cat=pass")
    assert result.exit_code == 130
    assert NOTHING not in result.stderr
    assert "the hand had been stored" in result.stderr and str(table) in result.stderr
    monkeypatch.undo()
    assert _hands(loo, table) == [1, 2]


@pytest.mark.parametrize("after", [True, False])
def test_ctrl_c_at_the_commit_itself(loo, table, monkeypatch, after):
    """Right after SQLite's COMMIT returned (stored: said so), or right before it (not)."""
    real = services.record

    def record_with_interrupting_commit(ledger, *args, **kwargs):
        ledger.db.conn = _CommitThenInterrupt(ledger.db.conn, after=after)
        return real(ledger, *args, **kwargs)

    monkeypatch.setattr(services, "record", record_with_interrupting_commit)
    result = loo(table, "hand", "Ben=pass", "Cat=pass")
    assert result.exit_code == 130
    monkeypatch.undo()
    if after:
        assert NOTHING not in result.stderr
        assert "the hand had been stored" in result.stderr
        assert _hands(loo, table) == [1, 2]
    else:
        assert NOTHING in result.stderr
        assert _hands(loo, table) == [1]


def test_ctrl_c_right_after_an_import_is_stored_says_it_was_stored(loo, tmp_path, save,
                                                                  good_session, monkeypatch):
    db = tmp_path / "loo.db"
    path = save(tmp_path / "good.json", good_session)
    real = importing._store

    def store_then_interrupt(*args, **kwargs):
        real(*args, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(importing, "_store", store_then_interrupt)
    result = loo(db, "import", path)
    assert result.exit_code == 130
    assert NOTHING not in result.stderr
    assert "the import had been stored" in result.stderr
    monkeypatch.undo()
    sessions = json.loads(loo(db, "sessions", "--json").stdout)
    assert [s["hands"] for s in sessions] == [3]
    again = loo(db, "import", path)  # and a retry says that it had landed
    assert again.exit_code == 1 and "that import had landed" in again.stderr


def test_ctrl_c_before_anything_is_stored_still_says_nothing_written(loo, table, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(services, "record", interrupted)
    result = loo(table, "hand", "Ben=pass", "Cat=pass")
    assert result.exit_code == 130 and NOTHING in result.stderr
    monkeypatch.undo()
    assert _hands(loo, table) == [1]


@pytest.mark.parametrize("command", ["backup", "export", "restore"])
def test_ctrl_c_while_a_file_is_written_says_it_cannot_tell(loo, table, tmp_path,
                                                            monkeypatch, command):
    """A file written outside the ledger's transactions (a backup, an export, a restored
    ledger): whether it was written by the time Ctrl-C came cannot be told, so it says so
    and how to look, never "nothing written"."""
    from loo_ledger.cli import backup_cmds, export_cmds

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    target = tmp_path / "out.file"
    if command == "restore":
        assert loo(table, "backup", target).exit_code == 0
        monkeypatch.setattr(backup_cmds, "run_restore", interrupt)
        result = loo(table, "restore", target, "--yes")
        named = table
    else:
        monkeypatch.setattr(backup_cmds, "run_backup", interrupt)
        monkeypatch.setattr(export_cmds, "write_file", interrupt)
        result = loo(table, command, *(["-o"] if command == "export" else []), target)
        named = target
    assert result.exit_code == 130
    assert NOTHING not in result.stderr
    assert f"while writing {named}" in result.stderr and "cannot be told" in result.stderr
