"""Files that are not ours, or not what they were (issue 9, item 4; issue 8, item 4).

A damaged page is found before anything is written and `loo check` names it; a ledger
written by a newer loo_ledger is read but never written; a read-only file or folder can
still be read; every SQLite error reaches a person as one clear message (exit 1, never a
traceback: the `loo` fixture fails on any exception escaping the program); a command that
only reads never creates a ledger, and a mistyped --db path makes no folder.

The ledger is tests/conftest.py's GOOD_SESSION (three hands, worked by hand in
test_cli.py); the next hand, C dealing a simple pool, is `A=1 B=1 C=0 D=1`.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from loo_ledger.errors import StoreError
from loo_ledger.store import db as dbmod
from loo_ledger.store.conn import Connection, explain
from loo_ledger.store.ledger import Ledger

NEXT_HAND = ("hand", "A=1", "B=1", "C=0", "D=1")
WRITES = [("new", "X", "--players", "P,Q,R"), ("import", "--again", "{good}"), NEXT_HAND,
          ("amend", "1", "A=1", "B=0", "C=1", "D=1"), ("undo", "--yes"), ("close",),
          ("seat", "add", "Eve"), ("use", "1"), ("rules", "save", "mine", "--from", "three-card")]


def settle_file(db: Path) -> None:
    """Everything in the main file (no -wal), as a person's copy would find it."""
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def digest(db: Path) -> str:
    return hashlib.sha256(db.read_bytes()).hexdigest()


def damage(db: Path, table: str = "seat_totals") -> None:
    """Garbage over the cell pointers of ``table``'s root page (a middle page)."""
    settle_file(db)
    conn = sqlite3.connect(db)
    root, size = (conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                               (table,)).fetchone()[0],
                  conn.execute("PRAGMA page_size").fetchone()[0])
    conn.close()
    assert root > 2
    with db.open("r+b") as f:
        f.seek((root - 1) * size + 8)
        f.write(b"\xde\xad\xbe\xef" * 200)


def args(cmd, good_file):
    return [str(a).replace("{good}", str(good_file)) for a in cmd]


@pytest.mark.parametrize("cmd", WRITES, ids=lambda c: " ".join(c[:2]))
def test_a_damaged_page_is_found_before_any_write(loo, good_db, good_file, cmd):
    damage(good_db)
    before = digest(good_db)
    result = loo(good_db, *args(cmd, good_file))
    assert result.exit_code == 1, result.output
    assert "Nothing was written" in result.stderr and "is damaged" in result.stderr
    assert str(good_db) in result.stderr and "loo restore" in result.stderr
    assert digest(good_db) == before


def test_check_names_the_damage_and_reads_still_answer_clearly(loo, good_db):
    damage(good_db, "seats")  # (m015: postings, damaged here before, are gone)
    result = loo(good_db, "check")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[-1].endswith("in the ledger file")
    assert all("[CHECK_INTEGRITY]" in line for line in lines[:-1]) and len(lines) > 1
    # explain reads the seats: SQLite's own check answers, as one sentence
    result = loo(good_db, "explain", "1")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: the ledger {good_db} is damaged")


def test_a_damaged_session_table_is_found_even_above_the_quick_check_size(
        good_db, monkeypatch):
    damage(good_db, "sessions")
    monkeypatch.setattr("loo_ledger.store.conn.QUICK_CHECK_MAX_BYTES", 0)
    before = digest(good_db)
    with pytest.raises(StoreError, match="is damaged"):
        led = Ledger.open(good_db)
        with led.db.write("anything"):
            pass
    assert digest(good_db) == before


def test_a_check_begun_early_refuses_the_write_on_a_damaged_file(good_db, monkeypatch):
    # `loo hand` begins the page check when it opens the ledger (verify_soon), on a
    # thread of its own; the write waits for it and is refused all the same
    damage(good_db, "sessions")
    monkeypatch.setattr("loo_ledger.store.conn.QUICK_CHECK_MAX_BYTES", 0)
    before = digest(good_db)
    led = Ledger.open(good_db)
    led.db.verify_soon()
    with pytest.raises(StoreError, match="Nothing was written: .* is damaged"), \
            led.db.write("anything"):
        led.db.execute("UPDATE settings SET value = value")
    led.close()
    assert digest(good_db) == before


def test_a_check_begun_early_is_waited_for_and_done_once(good_db, monkeypatch):
    import threading
    led = Ledger.open(good_db)
    led.db.verify_soon()
    led.db.verify_soon()  # once is enough
    assert [t.name for t in threading.enumerate()].count("loo-page-check") <= 1
    asked = []
    monkeypatch.setattr(led.db, "_check_sql", lambda: asked.append(1) or "SELECT '[]'")
    with led.db.write("nothing"):
        pass  # the early answer ("ok") is used, nothing is checked again
    with led.db.write("nothing"):
        pass
    assert asked == []
    led.db.verify_soon()  # checked already: nothing begins
    led.close()
    assert "loo-page-check" not in [t.name for t in threading.enumerate()]


def test_a_check_begun_for_a_write_that_never_comes_ends_with_the_ledger(good_db):
    import threading
    led = Ledger.open(good_db)
    led.db.verify_soon()
    led.close()
    assert "loo-page-check" not in [t.name for t in threading.enumerate()]


@pytest.mark.parametrize("newer", [
    "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
    "VALUES ('loo_ledger', 'm099_from_the_future', '2030-01-01')",
    "PRAGMA user_version = 99"])
def test_a_newer_schema_is_read_but_never_written(loo, good_db, good_file, newer):
    settle_file(good_db)
    conn = sqlite3.connect(good_db)
    conn.execute(newer)
    conn.commit()
    conn.close()
    settle_file(good_db)
    before = digest(good_db)
    for cmd in WRITES:
        result = loo(good_db, *args(cmd, good_file))
        assert result.exit_code == 1, (cmd, result.output)
        assert "this ledger was written by a newer loo_ledger" in result.stderr, cmd
    balances = loo(good_db, "balances", "--json")
    assert balances.exit_code == 0, balances.output
    assert '"net": -15' in balances.stdout  # D: -6 - 9 + 0, as in test_cli.py
    settle_file(good_db)
    assert digest(good_db) == before


@pytest.fixture
def read_only(monkeypatch):
    """Make a path read-only. Tests may run as root, whom chmod does not stop: the
    permission is then also denied through os.access, which is what db.py asks."""
    denied: set[Path] = set()
    real = os.access

    def access(path, mode, *a, **k):
        if mode & os.W_OK and Path(path).resolve() in denied:
            return False
        return real(path, mode, *a, **k)

    monkeypatch.setattr(dbmod.os, "access", access)

    def make(path: Path) -> None:
        path.chmod(0o555 if path.is_dir() else 0o444)
        denied.add(path.resolve())

    yield make
    for p in denied:
        p.chmod(0o755 if p.is_dir() else 0o644)


@pytest.mark.parametrize("what", ["file", "folder", "medium"])
def test_a_read_only_ledger_can_be_read(loo, good_db, read_only, what, monkeypatch):
    """Read with SQLite's locks (``mode=ro``: another terminal may be writing it; issue 19,
    item 1), which may leave an empty -wal and -shm beside the file; ``immutable`` only on
    a read-only medium, where nothing can change it and nothing is made beside it."""
    settle_file(good_db)
    if what == "medium":
        real = os.statvfs
        monkeypatch.setattr(os, "statvfs", lambda p: os.statvfs_result(
            (*real(p)[:8], real(p).f_flag | os.ST_RDONLY, real(p)[9])))
    read_only(good_db if what == "file" else good_db.parent)
    before = sorted(p.name for p in good_db.parent.iterdir())
    kept = digest(good_db)
    result = loo(good_db, "balances", "--json")
    assert result.exit_code == 0, result.output
    assert '"net": 12' in result.stdout  # B: -9 + 12 + 9
    assert loo(good_db, "check").exit_code == 0
    result = loo(good_db, *NEXT_HAND)
    assert result.exit_code == 1
    assert "Nothing was written" in result.stderr and "read-only" in result.stderr
    assert digest(good_db) == kept
    after = sorted(p.name for p in good_db.parent.iterdir())
    if what == "medium":
        assert after == before  # no -wal, no -shm
    else:
        assert set(after) - set(before) <= {"loo.db-wal", "loo.db-shm"}
        assert all(p.stat().st_size == 0 for p in good_db.parent.glob("loo.db-wal"))


@pytest.mark.parametrize("cmd", [("balances",), ("sessions",), ("check",), ("hands",),
                                 ("export", "-o", "-"), NEXT_HAND, ("undo", "--yes")])
def test_a_command_on_a_missing_ledger_creates_nothing(loo, tmp_path, cmd):
    db = tmp_path / "typo.db"
    result = loo(db, *cmd)
    assert result.exit_code == 1
    assert str(db) in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_mistyped_folder_is_not_created(loo, tmp_path, good_file):
    db = tmp_path / "no" / "such" / "folder" / "loo.db"
    for cmd in (("new", "X", "--players", "A,B,C"), ("import", str(good_file))):
        result = loo(db, *cmd)
        assert result.exit_code == 1
        assert f"There is no folder {db.parent}" in result.stderr
    assert not (tmp_path / "no").exists()


def test_a_locked_ledger_is_one_sentence_and_nothing_written(loo, good_db, monkeypatch):
    monkeypatch.setattr(dbmod, "BUSY_TIMEOUT_MS", 200)
    monkeypatch.setattr("loo_ledger.store.conn.BUSY_TIMEOUT_MS", 200)
    settle_file(good_db)
    holder = sqlite3.connect(good_db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        result = loo(good_db, *NEXT_HAND)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.exit_code == 1
    assert "Cannot store" in result.stderr and "nothing was written" in result.stderr
    assert "busy" in result.stderr and "try again" in result.stderr
    assert "database is locked" not in result.stderr
    assert loo(good_db, "hands", "--json").stdout.count('"number"') == 3


@pytest.mark.parametrize(("error", "words"), [
    (sqlite3.OperationalError("database is locked"), "busy"),
    (sqlite3.DatabaseError("database disk image is malformed"), "is damaged"),
    (sqlite3.DatabaseError("file is not a database"), "is damaged"),
    (sqlite3.OperationalError("attempt to write a readonly database"), "can only be read"),
    (sqlite3.OperationalError("database or disk is full"), "is full"),
    (sqlite3.OperationalError("unable to open database file"), "cannot be opened"),
    (sqlite3.IntegrityError("UNIQUE constraint failed: hands.id"), "SQLite failed"),
])
def test_every_sqlite_error_is_explained_naming_the_ledger(error, words):
    exc = explain(error, Path("/x/loo.db"))
    assert isinstance(exc, StoreError)
    assert words in exc.message and "/x/loo.db" in exc.message


def test_a_failing_statement_is_a_store_error(tmp_path):
    conn = Connection(sqlite3.connect(":memory:"), path=tmp_path / "loo.db")
    with pytest.raises(StoreError, match="no such table"):
        conn.execute("SELECT * FROM missing_table")
    with pytest.raises(StoreError, match="no such table"):
        list(conn.query("SELECT * FROM missing_table"))


# -- idempotent imports (issue 9, item 5; issue 8's re-import) ------------------------

def _sessions(loo, db):
    import json
    return [s["id"] for s in json.loads(loo(db, "sessions", "--json").stdout)]


def test_importing_a_file_again_is_refused_naming_the_session(loo, good_db, good_file,
                                                              tmp_path, dump_db):
    before = dump_db(good_db)
    again = loo(good_db, "import", good_file)
    assert again.exit_code == 1
    assert "already in the ledger: it was imported as session 1 'Test night'" in again.stderr
    assert "--again" in again.stderr
    # the same content laid out differently is the same session
    relaid = tmp_path / "relaid.json"
    import json
    relaid.write_text(json.dumps(json.loads(good_file.read_text()), indent=7, sort_keys=True))
    assert loo(good_db, "import", relaid).exit_code == 1
    assert dump_db(good_db) == before
    # a different session is not refused; --again imports the same one as a new session
    other = json.loads(good_file.read_text())
    other["name"] = "Another night"
    (tmp_path / "other.json").write_text(json.dumps(other))
    assert loo(good_db, "import", tmp_path / "other.json").exit_code == 0
    assert loo(good_db, "import", "--again", good_file).exit_code == 0
    assert _sessions(loo, good_db) == [1, 2, 3]
    third = loo(good_db, "import", good_file)
    assert "as session 1 'Test night'" in third.stderr
    assert "(and again as session 3)" in third.stderr


def test_one_file_given_twice_in_one_import_writes_nothing(loo, tmp_path, good_file):
    db = tmp_path / "twice.db"
    result = loo(db, "import", good_file, good_file)
    assert result.exit_code == 1 and "holds the same session as" in result.stderr
    assert loo(db, "balances").exit_code == 1  # nothing there


def test_a_retry_after_an_interrupted_import_says_it_landed(loo, tmp_path, good_file):
    # the first import committed, then the process was killed before it printed anything:
    # the fingerprint row is in the same transaction as the session, so the retry knows
    from loo_ledger.services.importing import import_files
    db = tmp_path / "retry.db"
    ledger = Ledger.open(db)
    assert import_files(ledger, [good_file]) == [1]
    ledger.close()
    retry = loo(db, "import", good_file)
    assert retry.exit_code == 1
    assert "If an import of it was interrupted, that import had landed" in retry.stderr
    assert _sessions(loo, db) == [1]


def test_the_fingerprint_lands_with_the_session_or_not_at_all(tmp_path, good_file,
                                                              monkeypatch):
    from loo_ledger.services import importing
    db = tmp_path / "atomic.db"
    ledger = Ledger.open(db)

    def fail(*args, **kwargs):
        raise KeyboardInterrupt  # Ctrl-C after the session rows, before the fingerprint

    monkeypatch.setattr(importing, "record_imports", fail)  # the name the importer calls
    with pytest.raises(KeyboardInterrupt):
        importing.import_files(ledger, [good_file])
    assert ledger.sessions() == []
    monkeypatch.undo()
    assert importing.import_files(ledger, [good_file]) == [1]
    ledger.close()


# -- a damaged page met while reading (issue 19, item 9) ------------------------------

#: Commands that read every hand through a cursor (``loo stats`` reads the totals and each
#: session's first and last hand by key: it never meets a page in the middle of the hands).
READS = [("hands",), ("hands", "--json"), ("explain", "700"), ("export", "-o", "-"),
         ("export", "--format", "csv"), ("chart", "--json")]


@pytest.fixture(scope="module")
def long_ledger(tmp_path_factory, loo) -> Path:
    """A session of 1,500 hands (three-card, A B C, every hand one trick each), imported by
    `loo`, so that its hands fill many pages. Made once for the module: each test damages a
    copy of it (:func:`long_db`)."""
    import json
    folder = tmp_path_factory.mktemp("long")
    session = {"format": "loo-session/1", "name": "Long night", "variant": "three-card",
               "players": ["A", "B", "C"], "first_dealer": "C", "opening_pool": 0,
               "hands": [{"tricks": {"A": 1, "B": 1, "C": 1}}] * 1500}
    source = folder / "long.json"
    source.write_text(json.dumps(session), encoding="utf-8")
    db = folder / "long.db"
    imported = loo(db, "import", source)
    assert imported.exit_code == 0, imported.output
    return db


@pytest.fixture
def long_db(tmp_path, long_ledger) -> Path:
    """A copy of :func:`long_ledger` with one page in the middle of its hands overwritten
    with garbage."""
    import shutil
    db = tmp_path / "long.db"
    shutil.copyfile(long_ledger, db)
    conn = sqlite3.connect(db)
    leaves = [r[0] for r in conn.execute("SELECT pageno FROM dbstat WHERE name = 'hands' "
                                         "AND pagetype = 'leaf' ORDER BY pageno")]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    assert len(leaves) > 10 and not db.with_name("long.db-wal").exists()
    with db.open("r+b") as f:
        f.seek((leaves[len(leaves) // 2] - 1) * size)
        f.write(b"\xde\xad\xbe\xef" * (size // 4))
    return db


def _one_sentence(stderr: str, db: Path) -> None:
    """One sentence naming the ledger, no traceback, and the ledger closed as usual (no
    -wal or -shm left beside it)."""
    assert "Traceback" not in stderr
    assert stderr.startswith(f"Error: the ledger {db} is damaged"), stderr
    assert len(stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in db.parent.glob("long.db*")) == ["long.db"]


@pytest.mark.parametrize("cmd", READS, ids=" ".join)
def test_a_damaged_page_met_while_reading_is_one_sentence(loo, long_db, cmd):
    """Each read meets the damaged page while it goes through the hands (a cursor being
    iterated): one sentence naming the ledger, exit 1, no traceback, and the ledger closed
    as usual (no -wal or -shm left beside it). Run as ``loo`` runs it, in this process
    (tests/conftest.py's ``loo``: no exception escapes it); the next test runs one in a
    fresh process."""
    result = loo(long_db, *cmd)
    assert result.exit_code == 1, result.output
    _one_sentence(result.stderr, long_db)


def test_a_damaged_page_met_by_a_fresh_process_is_one_sentence(long_db):
    """The same, `loo hands` in a fresh process: exit 1 and one sentence on its standard
    error, the ledger closed as the process ends."""
    import subprocess
    import sys
    result = subprocess.run([sys.executable, "-m", "loo_ledger", "--db", str(long_db),
                             "hands"], capture_output=True, text=True)
    assert result.returncode == 1, result.stderr
    _one_sentence(result.stderr, long_db)
