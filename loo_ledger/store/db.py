"""Opening the database: refuse anything that is not ours, then migrate.

A file is inspected read-only before anything is written to it. Only a new
path, a zero-byte file, an empty SQLite database or a loo_ledger database
(stamped with :data:`APPLICATION_ID`) is opened for writing.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from loo_ledger.errors import StoreError
from loo_ledger.store.conn import BUSY_TIMEOUT_MS, Connection

APPLICATION_ID = 0x4C4F4F31  # "LOO1": PRAGMA application_id of every loo_ledger database
SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
# The migrations of loo_ledger.store.migrations, by name: when a database has applied all
# of them it opens without loading sqlite-utils (a test keeps this list in step).
MIGRATIONS = ("m001_sessions", "m002_seats", "m003_hands", "m004_postings", "m005_settings",
              "m006_table_play", "m007_hand_statistics", "m008_posting_kind",
              "m010_fixable_sessions")
# After any of these is applied, every session's derived rows are rebuilt from its records
# (store/writer.py rebuild_all): they add derived tables or columns to fill.
REBUILD_AFTER = frozenset({"m007_hand_statistics", "m008_posting_kind"})


def default_db_path() -> Path:
    """``$LOO_DB`` if set, else ``loo.db`` in the per-user application directory."""
    env = os.environ.get("LOO_DB")
    if env:
        return Path(env).expanduser()
    import typer  # lazily: the store must not pay for the CLI on import

    return Path(typer.get_app_dir("loo_ledger")) / "loo.db"


def _refuse(path: Path, reason: str) -> StoreError:
    """The one-paragraph error for a file that is not ours (or cannot be read)."""
    return StoreError(
        f"{path} is not a loo_ledger database ({reason}). It has been left "
        "untouched; name a new file or an existing loo_ledger database with "
        "--db or LOO_DB instead.")


def _read_header(path: Path) -> bytes:
    """The first 100 bytes of ``path`` (fewer for a short file)."""
    try:
        with path.open("rb") as f:
            return f.read(HEADER_SIZE)
    except OSError as e:
        raise _refuse(path, f"it cannot be read: {e.strerror or e}") from e


def _inspect(path: Path) -> tuple[int, list[str]]:
    """``application_id`` and table names, read through a read-only connection.

    Without a ``-wal`` file the main file is complete, so it is opened
    ``immutable`` (no ``-shm``/``-wal`` files are created beside it).
    """
    wal = path.with_name(path.name + "-wal")
    uri = path.resolve().as_uri() + ("?mode=ro" if wal.exists() else "?immutable=1")
    conn = sqlite3.connect(uri, uri=True)
    try:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%'")]
        return app_id, names
    finally:
        conn.close()


def check_file(path: Path) -> None:
    """Raise StoreError unless ``path`` may be opened as a loo_ledger database.

    Reads only; never writes to ``path``.
    """
    if not path.exists():
        return
    if path.is_dir():
        raise _refuse(path, "it is a directory")
    header = _read_header(path)
    if not header:
        return
    if len(header) < HEADER_SIZE or not header.startswith(SQLITE_MAGIC):
        raise _refuse(path, "it is not an SQLite file")
    stamped = int.from_bytes(header[68:72], "big", signed=True)
    if stamped not in (0, APPLICATION_ID):
        raise _refuse(path, "it is the SQLite database of another program, application_id "
                      f"{stamped}")
    try:
        app_id, tables = _inspect(path)
    except sqlite3.Error as e:
        raise _refuse(path, f"SQLite cannot read it: {e}") from e
    if app_id == 0 and tables:
        raise _refuse(path, "it is an SQLite database of another program, with tables "
                      + ", ".join(sorted(tables)[:5]))
    if app_id not in (0, APPLICATION_ID):
        raise _refuse(path, "it is the SQLite database of another program, application_id "
                      f"{app_id}")


def _pending(conn: sqlite3.Connection) -> set[str]:
    """The migrations that remain to be applied (read without sqlite-utils)."""
    try:
        done = {r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations WHERE "
                                           "migration_set = 'loo_ledger'")}
    except sqlite3.OperationalError:
        return set(MIGRATIONS)
    return set(MIGRATIONS) - done


def _prepare(conn: sqlite3.Connection) -> None:
    """WAL, foreign keys, the application stamp, then any pending migrations (and the
    rebuild of derived rows that some of them need, in one transaction)."""
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA cache_size=-65536")  # up to 64 MiB: large imports insert faster
    pending = _pending(conn)
    if not pending:
        return
    from sqlite_utils import Database

    from loo_ledger.store.migrations import migrations
    if conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
        conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    migrations.apply(Database(conn))
    if pending & REBUILD_AFTER:
        from loo_ledger.store.writer import rebuild_all
        db = Connection(conn)
        with db.write("the rebuilt hand statistics"):
            rebuild_all(db)


def open_database(path: str | Path) -> Connection:
    """Open (creating if need be) the loo_ledger database at ``path``, migrated to date.

    Raises StoreError, leaving the file as it was, if it is not SQLite, is
    corrupt, or belongs to another program.
    """
    path = Path(path).expanduser()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StoreError(f"Cannot create the folder for the database {path}: "
                         f"{e.strerror or e}.") from e
    check_file(path)
    try:
        conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as e:
        raise StoreError(f"Cannot open the database {path}: {e}.") from e
    try:
        _prepare(conn)
    except sqlite3.Error as e:
        conn.close()
        raise StoreError(f"Cannot prepare the database {path}: {e}.") from e
    return Connection(conn)
