"""loo backup and loo restore (issue 9, item 7).

A backup is SQLite's online backup: taken while another terminal records hands it is one
consistent state of the ledger (integrity check ok, `loo check` clean, every hand whole).
A restore checks its file (a loo_ledger database that passes integrity_check, not from a
newer loo_ledger), asks before replacing, and keeps the ledger it replaces.

The table for the writer: three-card, seats A B C, C deals first, every hand `A=1 B=1 C=1`
(a simple pool each time: the dealer antes 9, each trick takes 3, nobody is looed, so the
pool is empty after every hand): the dealer nets -6, the others +3 each.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

from typer.testing import CliRunner

from loo_ledger.cli import app
from loo_ledger.domain import HandRecord
from loo_ledger.services import table
from loo_ledger.store.ledger import Ledger

EVERY_HAND = HandRecord(tricks={"A": 1, "B": 1, "C": 1})


def _new(loo, db):
    assert loo(db, "new", "Backups", "--players", "A,B,C", "--dealer", "C").exit_code == 0


def _nets(loo, db, session=1):
    out = json.loads(loo(db, "balances", "--json", "--session", session).stdout)
    return {p["name"]: p["net"] for p in out["players"]}, out["pool"]


def test_a_backup_taken_while_another_terminal_writes_is_consistent(loo, tmp_path):
    db = tmp_path / "loo.db"
    _new(loo, db)
    stop, errors = threading.Event(), []

    def other_terminal():
        ledger = Ledger.open(db)
        try:
            while not stop.is_set():
                table.record(ledger, 1, EVERY_HAND)
        except Exception as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)
        finally:
            ledger.close()

    writer = threading.Thread(target=other_terminal)
    writer.start()
    counts = []
    try:
        for i in range(8):
            copy = tmp_path / f"copy{i}.db"
            result = loo(db, "backup", copy)
            assert result.exit_code == 0, result.output
            assert "integrity check ok" in result.stdout
            check = loo(copy, "check")
            assert check.exit_code == 0, check.output
            hands = len(json.loads(loo(copy, "hands", "--json").stdout))
            nets, pool = _nets(loo, copy)
            # n hands, C dealing hands 1, 4, 7...: C deals ceil(n/3), A and B the rest in turn
            c_deals, a_deals = (hands + 2) // 3, (hands + 1) // 3
            assert nets == {"A": 3 * hands - 9 * a_deals, "B": 3 * hands - 9 * (hands // 3),
                            "C": 3 * hands - 9 * c_deals}
            assert pool == 0
            counts.append(hands)
    finally:
        stop.set()
        writer.join()
    assert errors == []
    assert counts == sorted(counts) and counts[-1] > counts[0]  # the writer went on meanwhile


def test_backup_will_not_overwrite_unless_forced(loo, good_db, tmp_path):
    target = tmp_path / "b.db"
    target.write_text("precious")
    result = loo(good_db, "backup", target)
    assert result.exit_code == 1 and "already exists" in result.stderr
    assert target.read_text() == "precious"
    assert loo(good_db, "backup", "--force", target).exit_code == 0
    assert _nets(loo, target) == ({"A": 0, "B": 12, "C": 3, "D": -15}, 0)
    result = loo(good_db, "backup", tmp_path / "no" / "b.db")
    assert result.exit_code == 1 and not (tmp_path / "no").exists()
    assert loo(tmp_path / "none.db", "backup", tmp_path / "c.db").exit_code == 1
    assert not (tmp_path / "none.db").exists() and not (tmp_path / "c.db").exists()


def test_restore_asks_then_replaces_and_keeps_the_old_ledger(loo, good_db, good_file, tmp_path):
    backup = tmp_path / "b.db"
    assert loo(good_db, "backup", backup).exit_code == 0
    assert loo(good_db, "import", "--again", good_file).exit_code == 0  # now 2 sessions
    declined = CliRunner().invoke(app, ["--db", str(good_db), "restore", str(backup)],
                                  input="n\n")
    assert declined.exit_code != 0 and "2 sessions, 6 hands" in declined.output
    assert "1 session, 3 hands" in declined.output
    assert len(json.loads(loo(good_db, "sessions", "--json").stdout)) == 2
    result = loo(good_db, "restore", "--yes", backup)
    assert result.exit_code == 0, result.output
    assert [s["id"] for s in json.loads(loo(good_db, "sessions", "--json").stdout)] == [1]
    assert _nets(loo, good_db) == ({"A": 0, "B": 12, "C": 3, "D": -15}, 0)
    assert loo(good_db, "check").exit_code == 0
    kept, = tmp_path.glob("loo.db.before-restore*")
    assert len(json.loads(loo(kept, "sessions", "--json").stdout)) == 2
    # the restored ledger is written to as usual, and its fingerprints came with it
    again = loo(good_db, "import", good_file)
    assert again.exit_code == 1 and "imported as session 1" in again.stderr


def test_restore_into_a_new_place(loo, good_db, tmp_path):
    backup = tmp_path / "b.db"
    assert loo(good_db, "backup", backup).exit_code == 0
    fresh = tmp_path / "fresh.db"
    assert loo(fresh, "restore", backup).exit_code == 0  # nothing to replace: no question
    assert _nets(loo, fresh) == ({"A": 0, "B": 12, "C": 3, "D": -15}, 0)


def test_restore_refuses_what_is_not_a_sound_loo_ledger(loo, good_db, tmp_path, dump_db):
    before = dump_db(good_db)
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 20)
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE photos (id INTEGER)")
    conn.commit()
    conn.close()
    newer = tmp_path / "newer.db"
    assert loo(good_db, "backup", newer).exit_code == 0
    conn = sqlite3.connect(newer)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    damaged = tmp_path / "damaged.db"
    assert loo(good_db, "backup", damaged).exit_code == 0
    conn = sqlite3.connect(damaged)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'hands'").fetchone()[0]
    conn.close()
    with damaged.open("r+b") as f:
        f.seek((root - 1) * 4096 + 8)
        f.write(b"\xde\xad" * 400)
    for bad, words in ((text, "not an SQLite file"), (other, "another program"),
                       (newer, "newer loo_ledger"), (damaged, "damaged"),
                       (tmp_path / "missing.db", "does not exist")):
        result = loo(good_db, "restore", "--yes", bad)
        assert result.exit_code == 1, bad
        assert words in result.stderr, (bad, result.stderr)
    assert dump_db(good_db) == before
    assert not list(tmp_path.glob("loo.db.before-restore*"))


# -- backups while another process writes (issue 19, item 1) --------------------------

# Another terminal: `loo import --again` of GOOD_SESSION, then `loo hand` in that session
# (C deals a simple pool: A=1 B=1 C=0 D=1), over and over, each a command of its own that
# opens the ledger and closes it (its write-ahead log checkpointed into the file and
# removed, as between commands at a table), until the file STOP exists. It says "ready"
# once it has gone round once.
WRITER_LOOP = """import os, sys
from pathlib import Path
from loo_ledger.cli import app
db, good, stop = sys.argv[1:]
said, sys.stdout = sys.stdout, open(os.devnull, "w")
n = 0
while not Path(stop).exists():
    for args in (["import", "--again", good], ["hand", "A=1", "B=1", "C=0", "D=1"]):
        try:
            app(["--db", db, *args])
        except SystemExit as exc:
            if exc.code:
                sys.exit(f"{args[0]} failed: exit {exc.code}")
    n += 1
    if n == 1:
        print("ready", file=said, flush=True)
print(n, file=said)
"""


def test_twenty_backups_while_another_process_writes_all_pass_check(loo, good_db, good_file,
                                                                    tmp_path):
    """GOOD_SESSION (A 0, B +12, C +3, D -15) is session 1 and stays as it is; the writer
    adds a session of four hands each time round. The ledger also carries 4 MiB of free
    pages (a large table made and dropped, as deleted sessions leave them): a backup
    copies every page, so the writer checkpoints while copies are being taken. Every one
    of 20 copies is taken (none refused as damaged), passes `loo check` (every page
    sound, every derived row what the records give); every fifth holds session 1
    with its nets. (Copies taken without SQLite's locks, ``immutable=1``, fail the
    integrity check about one time in three here: twenty copies miss that once in 10,000
    runs; forty proved no more, at twice the time.)"""
    import subprocess
    import sys
    conn = sqlite3.connect(good_db)
    conn.execute("CREATE TABLE pad (x BLOB)")
    conn.executemany("INSERT INTO pad VALUES (zeroblob(4000))", [()] * 1024)
    conn.commit()
    conn.execute("DROP TABLE pad")
    conn.commit()
    conn.close()
    stop = tmp_path / "stop"
    writer = subprocess.Popen([sys.executable, "-c", WRITER_LOOP, str(good_db), str(good_file),
                               str(stop)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    bad = []
    try:
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
        for i in range(20):
            copy = tmp_path / f"copy{i}.db"
            result = loo(good_db, "backup", copy)
            if result.exit_code != 0:
                bad.append((i, result.output))
                continue
            check = loo(copy, "check")
            if check.exit_code != 0:
                bad.append((i, check.output))
            elif i % 5 == 4 and _nets(loo, copy) != ({"A": 0, "B": 12, "C": 3, "D": -15}, 0):
                bad.append((i, "session 1 changed"))
            copy.unlink()
    finally:
        stop.touch()
        rounds, err = writer.communicate(timeout=60)
    assert writer.returncode == 0, err
    assert int(rounds) > 1  # the writer went on writing while the copies were taken
    assert bad == []


# -- restore and backup details (issue 19, item 12) ---------------------------------

def test_each_restore_keeps_the_ledger_it_replaced(loo, good_db, good_file, tmp_path):
    """Two restores: the ledger before each is kept, under a name of its own (the second
    does not overwrite the first). Before the first restore the ledger holds 2 sessions
    (GOOD_SESSION and an --again copy of it); before the second, 3 (the backup's one and
    two --again copies)."""
    backup = tmp_path / "b.db"
    assert loo(good_db, "backup", backup).exit_code == 0
    assert loo(good_db, "import", "--again", good_file).exit_code == 0
    first = loo(good_db, "restore", "--yes", "--json", backup)
    assert first.exit_code == 0, first.output
    assert loo(good_db, "import", "--again", good_file).exit_code == 0
    assert loo(good_db, "import", "--again", good_file).exit_code == 0
    second = loo(good_db, "restore", "--yes", "--json", backup)
    assert second.exit_code == 0, second.output
    kept = [Path(json.loads(r.stdout)["kept"]) for r in (first, second)]
    assert kept[0] != kept[1]
    assert all(k.name.startswith("loo.db.before-restore") for k in kept)
    assert [len(json.loads(loo(k, "sessions", "--json").stdout)) for k in kept] == [2, 3]


def test_a_backup_with_another_page_size_is_restored(loo, good_db, tmp_path):
    """The ledger has SQLite's 4096-byte pages; this backup has 1024-byte ones."""
    backup = tmp_path / "small-pages.db"
    assert loo(good_db, "backup", backup).exit_code == 0
    conn = sqlite3.connect(backup, isolation_level=None)
    conn.execute("PRAGMA page_size = 1024")
    conn.execute("VACUUM")
    assert conn.execute("PRAGMA page_size").fetchone()[0] == 1024
    conn.close()
    result = loo(good_db, "restore", "--yes", backup)
    assert result.exit_code == 0, result.output
    assert _nets(loo, good_db) == ({"A": 0, "B": 12, "C": 3, "D": -15}, 0)
    assert loo(good_db, "check").exit_code == 0


def test_a_backup_of_a_newer_ledger_says_it_was_written(loo, good_db, tmp_path):
    """A ledger written by a newer loo_ledger (user_version 99) can be read, so it can be
    backed up: the copy is written and the command says so, not "nothing was changed"."""
    conn = sqlite3.connect(good_db)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    copy = tmp_path / "copy.db"
    result = loo(good_db, "backup", copy)
    assert result.exit_code == 0, result.output
    assert "nothing was changed" not in result.output
    assert "1 session, 3 hands" in result.stdout and "newer loo_ledger" in result.stdout
    assert copy.is_file()
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 99
    conn.close()
