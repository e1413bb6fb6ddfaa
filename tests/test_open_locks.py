"""A process that opens a ledger twice, or runs commands in process, leaves SQLite's
locks and files as they should be."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from loo_ledger.store.db import open_database

OTHER = """import sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
conn.execute("SELECT count(*) FROM sessions").fetchone()
conn.close()  # the last connection to close folds the log back and deletes it
"""


def test_opening_again_in_one_process_keeps_the_first_connections_locks(tmp_path: Path):
    path = tmp_path / "loo.db"
    first = open_database(path)
    first.conn.execute("SELECT count(*) FROM sessions").fetchone()
    wal = path.with_name(path.name + "-wal")
    assert wal.exists()
    again = open_database(path)
    again.close()
    subprocess.run([sys.executable, "-c", OTHER, str(path)], check=True)
    assert wal.exists()  # the other process saw that this one still has the ledger open
    first.close()


def test_a_command_run_in_process_closes_its_ledger(loo, tmp_path: Path):
    """Called another way than by ``loo`` itself (here CliRunner, with no Run given), a
    command still closes the ledger it opened when it ends: SQLite folds the log back and
    removes it, as the last connection does. The collector is off, so nothing but the
    command's own close can do it."""
    path = tmp_path / "loo.db"
    gc.disable()
    try:
        assert loo(path, "new", "Evening", "--players", "Ann,Ben,Cat").exit_code == 0
        assert not path.with_name(path.name + "-wal").exists()
        assert loo(path, "hand", "Ann=1", "Ben=1", "Cat=1").exit_code == 0
        assert not path.with_name(path.name + "-wal").exists()
    finally:
        gc.enable()
