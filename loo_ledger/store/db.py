"""Opening the database: refuse anything that is not ours, then migrate.

A file is inspected read-only before anything is written to it. Only a new
path, a zero-byte file, an empty SQLite database or a loo_ledger database
(stamped with :data:`APPLICATION_ID`) is opened for writing.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from loo_ledger.errors import NotFound, StoreError
from loo_ledger.store.conn import BUSY_TIMEOUT_MS, Connection, connect_to_read, explain

APPLICATION_ID = 0x4C4F4F31  # "LOO1": PRAGMA application_id of every loo_ledger database
SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
# The migrations of loo_ledger.store.migrations, by name: when a database has applied all
# of them it opens without loading sqlite-utils (a test keeps this list in step).
MIGRATIONS = ("m001_sessions", "m002_seats", "m003_hands", "m004_postings", "m005_settings",
              "m006_table_play", "m007_hand_statistics", "m008_posting_kind",
              "m010_fixable_sessions", "m009_import_fingerprints",
              "m011_identities", "m012_views_and_keys", "m013_rule_changes", "m014_card_totals",
              "m015_compact_hands", "m016_next_deal", "m017_no_next_deal",
              "m018_kept_in_the_audit", "m019_loo_causes",
              "m020_seasons", "m021_payment_debts", "m022_read_as_stored",
              "m023_leak_tallies")
#: PRAGMA user_version of a database this version has migrated: a file with a higher one
#: (or a migration not in MIGRATIONS) was written by a newer loo_ledger and is not written.
SCHEMA_VERSION = len(MIGRATIONS)
# After any of these is applied, every session's derived rows are rebuilt from its records
# (store/writer.py rebuild_all): they add derived tables or columns to fill.
REBUILD_AFTER = frozenset({"m007_hand_statistics", "m008_posting_kind", "m014_card_totals",
                           "m015_compact_hands", "m016_next_deal", "m019_loo_causes",
                           "m021_payment_debts"})


def default_db_path(say: Callable[[str], object] | None = None) -> Path:
    """``$LOO_DB`` if set, else ``loo.db`` in the per-user data directory (:func:`data_dir`).

    A default ledger found only in the old place (:func:`old_db_path`) is moved there
    first, once (:func:`move_ledger`); ``say`` (standard error by default) is told where
    from and where to, or, when there is a ledger in both places, that the old one is
    not used. A ledger another terminal has open in the old place is not moved: it is
    used where it is, with a warning, until a later command can move it. ``$LOO_DB`` is
    never moved.
    """
    env = os.environ.get("LOO_DB")
    if env:
        return Path(env).expanduser()
    from loo_ledger.store.datadir import (  # noqa: PLC0415 (the data directory: not for a ledger named by --db or $LOO_DB)
        data_dir,
        move_ledger,
        old_db_path,
        say_stderr,
    )
    new = data_dir() / "loo.db"
    old = old_db_path()
    if old == new or not old.exists():
        return new
    say = say or say_stderr
    if new.exists():
        say(f"loo: warning: {old} (where older versions kept the ledger) is not used; the "
            f"ledger is {new}. Move or delete the old file to silence this warning.")
        return new
    path, said = move_ledger(old, new)
    if said:
        say(said)
    return path


def _refuse(path: Path, reason: str) -> StoreError:
    """The one-paragraph error for a file that is not ours (or cannot be read)."""
    return StoreError(
        f"{path} is not a loo_ledger database ({reason}). It has been left "
        "untouched; name a new file or an existing loo_ledger database with "
        "--db or LOO_DB instead.")


def _read_header(path: Path) -> bytes | None:
    """The first 100 bytes of ``path`` (fewer for a short file; None if it cannot be read),
    read only for a file SQLite has refused: closing a descriptor on a file drops every
    POSIX lock this process holds on it, SQLite's included (see :func:`check_file`)."""
    try:
        with path.open("rb") as f:
            return f.read(HEADER_SIZE)
    except OSError:
        return None


def _inspect(path: Path, *, schema: bool) -> tuple[int, list[str]]:
    """``application_id`` and table names, read through a read-only connection that takes
    SQLite's locks (:func:`connect_to_read`: another terminal may be writing; reading the
    schema also finds a damaged one). The names are read only where they are needed or
    ``schema`` is true: a file stamped as ours is named by its stamp (the header alone),
    and reading the schema costs what opening the ledger costs again (about 1 ms)."""
    conn = connect_to_read(path)
    try:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        if app_id == APPLICATION_ID and not schema:
            return app_id, []
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%'")]
        return app_id, names
    finally:
        conn.close()


def _unreadable(path: Path, exc: sqlite3.Error) -> str:
    """Why SQLite refused ``path``, in the words of :func:`_refuse`."""
    header = _read_header(path)
    if header is not None and (len(header) < HEADER_SIZE or not header.startswith(SQLITE_MAGIC)):
        return "it is not an SQLite file"
    return f"SQLite cannot read it: {exc}"


def check_file(path: Path, *, schema: bool = True) -> None:
    """Raise StoreError unless ``path`` may be opened as a loo_ledger database.

    Reads only; never writes to ``path``. The file is read through SQLite alone (which
    keeps the locks of any connection this process already has to it): a descriptor of
    our own, once closed, would drop those locks, and another process could then fold
    back and delete a write-ahead log still in use here. Only a file SQLite refuses is
    read directly, to say why. Without ``schema``, the schema of a file stamped as ours
    is not read here: the caller reads it next, on the connection it keeps, and refuses
    a damaged one alike (:func:`open_database`).
    """
    if not path.exists():
        return
    if path.is_dir():
        raise _refuse(path, "it is a directory")
    if path.stat().st_size == 0:
        return
    if not os.access(path, os.R_OK):
        raise _refuse(path, "it cannot be read: Permission denied")
    made = _absent_sides(path)
    try:
        try:
            app_id, tables = _inspect(path, schema=schema)
        except sqlite3.Error as e:
            raise _refuse(path, _unreadable(path, e)) from e
        if app_id == 0 and tables:
            raise _refuse(path, "it is an SQLite database of another program, with tables "
                          + ", ".join(sorted(tables)[:5]))
        if app_id not in (0, APPLICATION_ID):
            raise _refuse(path, "it is the SQLite database of another program, "
                          f"application_id {app_id}")
    except StoreError:
        _remove_empty_log(made)
        raise


def _absent_sides(path: Path) -> list[Path]:
    """The ``-wal`` and ``-shm`` files that are not (yet) beside ``path``."""
    sides = [path.with_name(path.name + s) for s in ("-wal", "-shm")]
    return [side for side in sides if not side.exists()]


def _damaged(exc: sqlite3.Error) -> bool:
    """Whether SQLite found the file not a database or damaged (not busy, not an I/O
    error): what :func:`check_file` says of a file whose schema it cannot read."""
    return isinstance(exc, sqlite3.DatabaseError) and (
        getattr(exc, "sqlite_errorcode", 0) & 0xFF) in (sqlite3.SQLITE_CORRUPT,
                                                         sqlite3.SQLITE_NOTADB)


def _remove_empty_log(made: list[Path]) -> None:
    """Remove the ``-wal`` and ``-shm`` files the inspection's read-only connection made
    beside a file it then refused (a read-only connection cannot remove them itself), so
    a refused file is left as it was found: only when it made both and the log is empty
    (no other process was writing there)."""
    if len(made) == 2 and made[0].exists() and made[0].stat().st_size == 0:
        for side in made:
            side.unlink(missing_ok=True)


def _applied(conn: sqlite3.Connection) -> set[str] | None:
    """The migrations this file has applied (None before the first), read without
    sqlite-utils."""
    try:
        return {r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations WHERE "
                                           "migration_set = 'loo_ledger'")}
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):
            return None
        raise


_UNREAD: frozenset[str] = frozenset({"(not read)"})


def newer_schema(conn: sqlite3.Connection,
                 applied: set[str] | frozenset[str] | None = _UNREAD) -> str | None:
    """Why the file was written by a newer loo_ledger than this one (None if it was not):
    a migration this version does not know, or a higher ``user_version``. ``applied``: the
    migrations the file has applied (:func:`_applied`), when already read."""
    if applied is _UNREAD:
        applied = _applied(conn)
    unknown = sorted((applied or set()) - set(MIGRATIONS))
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if not unknown and version <= SCHEMA_VERSION:
        return None
    has = (f"it has migration {', '.join(unknown[:3])}" if unknown else
           f"its schema version is {version}, this version knows {SCHEMA_VERSION}")
    return (f"this ledger was written by a newer loo_ledger ({has}); this version can "
            "read it but will not write to it: upgrade loo_ledger")


def _prepare(db: Connection, applied: set[str] | None, *, writable: bool) -> None:
    """WAL, foreign keys, the application stamp, then any pending migrations (and the
    rebuild of derived rows that some of them need: :func:`_upgrade`, one transaction). A
    file written by a newer loo_ledger, or one we may only read, is never migrated: its
    connection refuses every write (``db.read_only``). ``applied``: the migrations the
    file has applied, as :func:`_applied` read them on ``db`` (its busy timeout is
    :func:`sqlite3.connect`'s)."""
    conn = db.conn
    newer = newer_schema(conn, applied)
    if newer:
        db.read_only = newer
    if writable and not newer:
        conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA foreign_keys=ON")
    pending = set(MIGRATIONS) - (applied or set())
    if not pending or newer:
        return
    if db.read_only:
        raise StoreError(f"{db.path} was written by an older loo_ledger and must be upgraded "
                         f"before this version can read it, but {db.read_only}; copy it to a "
                         "folder you can write to and name the copy with --db.")
    if applied:  # an existing ledger: its pages are checked before the upgrade writes
        db.verify_pages()
    with db.write("the upgraded ledger"):
        _upgrade(db)


def _upgrade(db: Connection) -> None:
    """Bring the file up to date, inside the caller's write transaction: the schema of a
    new ledger in one step, or an old ledger's pending migrations and then the rebuild of
    every derived row (:data:`REBUILD_AFTER`). All of it commits together or not at all,
    so a process killed halfway leaves the ledger as it was, to be upgraded at the next
    open. What is applied is read again here, under the write lock: another terminal may
    have upgraded the file (or made it) meanwhile."""
    conn = db.conn
    applied = _applied(conn)
    if applied is None and not conn.execute("SELECT 1 FROM sqlite_master").fetchone():
        from loo_ledger.store import schema  # noqa: PLC0415 (a new ledger: made in one step)
        schema.create(conn, MIGRATIONS)
        conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        return
    pending = set(MIGRATIONS) - (applied or set())
    newer = newer_schema(conn, applied)
    if newer:
        raise StoreError(f"Nothing was written: {newer}.")
    if not pending:
        return
    from sqlite_utils import Database  # noqa: PLC0415 (sqlite-utils: only to migrate)

    from loo_ledger.store.migrations import migrations  # noqa: PLC0415 (the migrations: only for a ledger behind the schema)
    if conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
        conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    migrations.apply(Database(conn))
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    if pending & REBUILD_AFTER:
        from loo_ledger.store.writer import rebuild_all  # noqa: PLC0415 (the writer and the engine: only when a migration derives rows again)
        rebuild_all(db)


def _read_only_reason(path: Path) -> str | None:
    """Why ``path`` (an existing file) can only be read, or None."""
    if not os.access(path, os.W_OK):
        return f"{path} is read-only"
    if not os.access(path.parent, os.W_OK):
        return f"the folder {path.parent} is read-only"
    return None


def _folder(path: Path, create: bool, folders: bool) -> None:
    """The database's folder must exist; with ``folders`` false only the default one (the
    data directory) is made, so a mistyped --db path creates nothing."""
    if path.parent.is_dir():
        return
    from loo_ledger.store.datadir import data_dir  # noqa: PLC0415 (the data directory: only for a folder that is not there)
    if create and (folders or path.parent == data_dir()):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            return
        except OSError as e:
            raise StoreError(f"Cannot create the folder for the database {path}: "
                             f"{e.strerror or e}.") from e
    raise StoreError(f"There is no folder {path.parent} for the ledger {path}: check the "
                     "path given with --db or LOO_DB (no folder is created).")


def open_database(path: str | Path, *, create: bool = True, folders: bool = True
                  ) -> Connection:
    """Open the loo_ledger database at ``path``, migrated to date; with ``create`` a new
    one is made when there is none (else NotFound naming the path), and with ``folders``
    its missing folders too (the CLI makes only the data directory).

    Raises StoreError, leaving the file as it was, if it is not SQLite, is corrupt, or
    belongs to another program. A file that cannot be written (or its folder), or one
    written by a newer loo_ledger, opens for reading only: every write is refused.
    """
    path = Path(path).expanduser()
    empty = not path.exists() or (path.is_file() and path.stat().st_size == 0)
    if empty and not create:
        raise NotFound(f"There is no ledger at {path}, so no session yet: start one with "
                       "'loo new' or 'loo import FILE', or name another ledger with --db or "
                       "LOO_DB (nothing was created).")
    _folder(path, create, folders)
    made = [] if empty else _absent_sides(path)
    # the stamp is checked read-only; the schema is read once, by the connection kept
    # (its first statement below), and a damaged one is refused as check_file refuses it
    check_file(path, schema=False)
    read_only = None if empty else _read_only_reason(path)
    try:
        if read_only:
            conn = connect_to_read(path, isolation_level=None)
        else:
            conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as e:
        raise explain(e, path, "Cannot open: ") from e
    db = Connection(conn, path=path, read_only=read_only, verify=True)
    try:
        try:
            applied = _applied(conn)  # the schema's first reading
        except sqlite3.Error as e:
            if not _damaged(e):
                raise
            conn.close()
            _remove_empty_log(made)
            raise _refuse(path, _unreadable(path, e)) from e
        _prepare(db, applied, writable=read_only is None)
    except sqlite3.Error as e:
        conn.close()
        raise explain(e, path, "Cannot open: ") from e
    except BaseException:
        conn.close()
        raise
    return db


#: Why a connection of :func:`open_reader` refuses every write (it is never asked to).
READER = "it was opened for reading only"


def open_reader(path: str | Path) -> Connection:
    """The loo_ledger database at ``path`` opened for reading only (``loo serve``).

    SQLite itself refuses every write on the connection (``mode=ro``) and the file is never
    migrated; it is never ``immutable``, so it sees every hand other processes commit.
    NotFound without a ledger at ``path``; StoreError for a file that is not ours, or one
    an older loo_ledger wrote (any other command upgrades it first)."""
    path = Path(path).expanduser()
    none = NotFound(f"There is no ledger at {path}, so no session to show: start one with "
                    "'loo new' or 'loo import FILE', or name another ledger with --db or "
                    "LOO_DB (nothing was created).")
    if not path.is_file() or path.stat().st_size == 0:
        raise none
    check_file(path)
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True,
                               isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as e:
        raise explain(e, path, "Cannot open: ") from e
    db = Connection(conn, path=path, read_only=READER)
    try:
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        applied = _applied(conn)
        if applied is None:  # an empty SQLite file: no ledger yet
            raise none
        if newer_schema(conn, applied) is None and set(MIGRATIONS) - applied:
            raise StoreError(f"{path} was written by an older loo_ledger: run any other loo "
                             "command on it once (say 'loo pool'), which upgrades it, then "
                             "'loo serve' again.")
    except sqlite3.Error as e:
        conn.close()
        raise explain(e, path, "Cannot open: ") from e
    except BaseException:
        conn.close()
        raise
    return db
