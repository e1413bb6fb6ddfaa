"""Opening a ledger that this process already has open keeps SQLite's locks on it."""

from __future__ import annotations

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
