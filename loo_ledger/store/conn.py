"""A light connection: what the store needs of a database, on plain sqlite3.

sqlite-utils takes ~90 ms to import (it loads click, pluggy and scans entry points),
more than recording a hand is allowed to take; so it is loaded only when a migration
is pending (see db.py), and everyday reads and writes go through this class.

Every write begins ``BEGIN IMMEDIATE``: it takes the write lock before it reads, so what
it reads cannot change under it, and a second writer (another terminal) waits for the
first to commit (``PRAGMA busy_timeout``) instead of writing from a stale copy.

Every ``sqlite3.Error`` becomes a :class:`StoreError` here, worded for a person and
naming the file (:func:`explain`): the CLI reports LooErrors only. The first write of a
connection is preceded by a check of the file's pages (:func:`verify_pages`), so a
damaged file is found before anything is written to it (a command sure to write begins
the check as it opens the ledger, :func:`verify_soon`); a connection opened on a file
we may only read (read-only, or written by a newer loo_ledger) refuses every write.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

from loo_ledger.errors import StoreError

#: How long a write waits for another terminal's write to finish, in milliseconds.
BUSY_TIMEOUT_MS = 10_000
#: The page cache of a write transaction (64 MiB); reads keep SQLite's default (2 MiB).
WRITE_CACHE = "PRAGMA cache_size=-65536"
#: A file up to this size gets a whole ``PRAGMA quick_check`` before its first write
#: (about 5 ms a MiB); a larger one has its small tables checked (sessions, seats,
#: settings, the migrations) and SQLite's own checks of every page a write reads.
#: ``loo check`` runs a whole ``PRAGMA integrity_check`` at any size.
QUICK_CHECK_MAX_BYTES = 8 * 1024 * 1024
SMALL_TABLES = ("sessions", "seats", "settings", "_sqlite_migrations", "session_totals")


def read_only_medium(path: Path) -> bool:
    """Whether the file system holding ``path`` is mounted read-only: nothing can change a
    file there."""
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # AttributeError: no statvfs (Windows)
        return False


def connect_to_read(path: Path, *, isolation_level: Literal["DEFERRED"] | None = "DEFERRED"
                    ) -> sqlite3.Connection:
    """A connection that only reads ``path``, through SQLite's locking (``mode=ro``): it
    reads as a reader registered with any writer, so another terminal's checkpoint never
    rewrites a page under it. ``immutable=1`` (no locks, SQLite trusts that nothing
    changes) only where nothing can: on a read-only medium, or where a locking reader
    cannot be had because SQLite cannot make the ``-shm`` file beside ``path`` (a folder
    we cannot write, no ``-shm`` there: no writer of ours can be at work there either).
    A locking reader may leave an empty ``-wal`` and ``-shm`` beside a file it cannot
    write; the next writer removes them."""
    base = path.resolve().as_uri()
    if read_only_medium(path):
        return sqlite3.connect(base + "?immutable=1", uri=True, isolation_level=isolation_level)
    conn = sqlite3.connect(base + "?mode=ro", uri=True, isolation_level=isolation_level,
                           timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        conn.execute("PRAGMA schema_version").fetchone()
    except sqlite3.OperationalError as exc:
        conn.close()
        shm = path.with_name(path.name + "-shm")
        if "readonly" not in str(exc).lower() or shm.exists() or os.access(path.parent, os.W_OK):
            raise
        return sqlite3.connect(base + "?immutable=1", uri=True, isolation_level=isolation_level)
    return conn


class SQLiteFailure(StoreError):
    """A ``sqlite3.Error``, explained: the file, what went wrong, what to do."""


def explain(exc: sqlite3.Error, path: Path | str | None, doing: str = "") -> SQLiteFailure:
    """``exc`` as one message a person can act on."""
    where = f"the ledger {path}" if path else "the ledger"
    text = str(exc)
    low = text.lower()
    name = getattr(exc, "sqlite_errorname", "") or ""
    if "locked" in low or "busy" in low:
        what = (f"another loo command kept {where} busy for more than "
                f"{BUSY_TIMEOUT_MS // 1000} s; try again")
    elif "malformed" in low or "not a database" in low or name.startswith("SQLITE_CORRUPT"):
        what = (f"{where} is damaged (SQLite: {text}); 'loo check' lists what it finds, "
                "'loo restore BACKUP' puts a backup back")
    elif "readonly" in low or "read-only" in low:
        what = f"{where} can only be read (SQLite: {text})"
    elif "full" in low:
        what = f"the disk holding {where} is full"
    elif "unable to open" in low or "disk i/o" in low:
        what = f"{where} cannot be opened or read (SQLite: {text})"
    else:
        what = f"SQLite failed on {where}: {text}"
    return SQLiteFailure(f"{doing}{what}.")


class Connection:
    """``query`` (rows as dicts), ``execute``, ``atomic`` (nested: savepoints),
    ``write`` (one write transaction, SQLite errors as StoreError), ``snapshot``, ``close``.

    ``read_only``: why this connection may not write (None when it may); ``verify``:
    check the file's pages before the first write."""

    def __init__(self, conn: sqlite3.Connection, *, path: Path | None = None,
                 read_only: str | None = None, verify: bool = False):
        self.conn = conn
        self.path = path
        self.read_only = read_only
        self._verify = verify
        self._early: _EarlyCheck | None = None
        self._depth = 0
        self._landed: list[str] = []  # what each write committed here stored, in order
        self._committing: tuple[int, str] | None = None  # (len(_landed), what) at COMMIT

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        """Run ``sql``; its rows are read through a :class:`Cursor`, which explains a SQLite
        error met while they are read (a damaged page deep in a table) as this does."""
        try:
            return Cursor(self.conn.execute(sql, params), self.path)
        except sqlite3.Error as exc:
            raise explain(exc, self.path) from exc

    def query(self, sql: str, params: Sequence[Any] = ()) -> Iterator[dict[str, Any]]:
        try:
            cursor = self.conn.execute(sql, params)
            names = [d[0] for d in cursor.description]
            for row in cursor:
                yield dict(zip(names, row, strict=True))
        except sqlite3.Error as exc:
            raise explain(exc, self.path) from exc

    def _check_sql(self) -> str:
        """One statement whose rows are what ``PRAGMA quick_check`` finds, a line each
        ("ok" for each sound part): of the whole file, or of the small tables of a file
        above :data:`QUICK_CHECK_MAX_BYTES`."""
        size = self.path.stat().st_size if self.path and self.path.exists() else 0
        if size <= QUICK_CHECK_MAX_BYTES:
            parts = ["pragma_quick_check"]
        else:  # only the small tables this file has: a ledger not yet upgraded lacks some
            marks = ", ".join("?" * len(SMALL_TABLES))
            have = {r[0] for r in self.conn.execute(
                f"SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ({marks})",
                SMALL_TABLES)}
            parts = [f"pragma_quick_check('{t}')" for t in SMALL_TABLES if t in have] or [
                "pragma_quick_check"]
        return " UNION ALL ".join(f"SELECT quick_check FROM {p}" for p in parts)

    def verify_soon(self) -> None:
        """Begin :meth:`verify_pages`' check now, on a connection and a thread of its own,
        for a command that is about to write: it runs while the command loads and works
        out what to write (SQLite lets go of Python's lock while it reads pages), and the
        first write waits for its answer. Nothing when the pages need no check."""
        if self._verify and self._early is None and not self.read_only and self.path \
                and self.path.exists():
            try:
                sql = self._check_sql()
            except sqlite3.Error as exc:
                raise explain(exc, self.path, "Nothing was written: ") from exc
            self._early = _EarlyCheck(self.path, sql)

    def verify_pages(self) -> None:
        """StoreError if the file's pages are damaged (see :data:`QUICK_CHECK_MAX_BYTES`)."""
        try:
            if self._early is not None:
                found = self._early.answer()
                self._early = None
            else:
                found = [r[0] for r in self.conn.execute(self._check_sql())]
        except sqlite3.Error as exc:
            raise explain(exc, self.path, "Nothing was written: ") from exc
        bad = [f for f in found if f != "ok"]
        if bad:
            raise SQLiteFailure(
                f"Nothing was written: the ledger {self.path} is damaged "
                f"({bad[0].splitlines()[0]}"
                f"{f', and {len(bad) - 1} more' if len(bad) > 1 else ''}); 'loo check' lists "
                "what it finds, 'loo restore BACKUP' puts a backup back.")
        self._verify = False

    def integrity_problems(self, limit: int = 20) -> list[str]:
        """What ``PRAGMA integrity_check`` finds wrong with the file (every page, index
        and constraint), at most ``limit`` lines; [] when it is sound."""
        try:
            found = [r[0] for r in self.conn.execute(f"PRAGMA integrity_check({int(limit)})")]
        except sqlite3.Error as exc:
            return [str(exc)]
        if found == ["ok"]:
            return []
        lines = [line.strip() for text in found for line in text.splitlines()]
        return [line for line in lines if line and not line.startswith("*** in database")][:limit]

    def stored(self) -> list[str]:
        """What the writes committed on this connection stored (each :meth:`write`'s
        ``what``), in order: what an interrupted command has written. A write whose COMMIT
        SQLite finished counts even when Ctrl-C came before Python noted it: the
        transaction is over then, and it is not over if the COMMIT never ran."""
        self._note_commit()
        return list(self._landed)

    def _note_commit(self) -> None:
        """Note a COMMIT that SQLite finished before Python could (see :meth:`stored`)."""
        if self._committing is not None:
            count, what = self._committing
            if len(self._landed) == count and not self.conn.in_transaction:
                self._landed.append(what)
            self._committing = None

    @contextlib.contextmanager
    def atomic(self, *, commit: bool = True, what: str = "a change") -> Iterator[Connection]:
        """One write transaction (``BEGIN IMMEDIATE``); a nested block is a savepoint
        inside it. With ``commit=False`` the outermost block rolls back at the end (a dry
        run: everything is worked out inside the transaction, nothing is kept). ``what``
        it stores is told by :meth:`stored` once it has committed."""
        name = f"loo_{self._depth}"
        nested = name if self.conn.in_transaction else None
        if not nested:
            if self.read_only:
                raise StoreError(f"Nothing was written: {self.read_only}.")
            if self._verify:
                self.verify_pages()
            # a write (an import above all) inserts faster with a large page cache; a read
            # keeps SQLite's 2 MiB, so its memory does not grow with the hands it reads
            self.conn.execute(WRITE_CACHE)
        self.conn.execute(f"SAVEPOINT {name}" if nested else "BEGIN IMMEDIATE")
        self._depth += 1
        try:
            yield self
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute(f"ROLLBACK TO {nested}" if nested else "ROLLBACK")
                if nested:
                    self.conn.execute(f"RELEASE {nested}")
            raise
        else:
            if nested:
                self.conn.execute(f"RELEASE {nested}")
            elif commit:
                self._committing = (len(self._landed), what)  # one assignment: see stored()
                self.conn.execute("COMMIT")
                self._landed.append(what)
            else:
                self.conn.execute("ROLLBACK")
        finally:
            self._depth -= 1

    @contextlib.contextmanager
    def write(self, what: str, *, commit: bool = True) -> Iterator[Connection]:
        """:meth:`atomic`, with a SQLite error (a locked database among them) turned into
        a StoreError saying that nothing was written."""
        try:
            with self.atomic(commit=commit, what=what):
                yield self
        except SQLiteFailure as exc:
            if exc.message.startswith("Nothing was written"):
                raise
            raise SQLiteFailure(f"Cannot store {what}, nothing was written: "
                                f"{exc.message}") from exc
        except sqlite3.Error as exc:
            raise explain(exc, self.path, f"Cannot store {what}, nothing was written: ") from exc

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[Connection]:
        """Reads that see one state of the database (a deferred read transaction)."""
        if self.conn.in_transaction:
            yield self
            return
        self.execute("BEGIN")
        try:
            yield self
        finally:
            if self.conn.in_transaction:
                self.conn.execute("COMMIT")

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version``: a number that changes when another connection
        (another process among them) commits a change to the file, and only then; a cheap
        question to ask often (``loo serve`` asks it a few times a second)."""
        return int(self.execute("PRAGMA data_version").fetchone()[0])

    def table_names(self) -> list[str]:
        return [r["name"] for r in self.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]

    def close(self) -> None:
        if self._early is not None:  # a check begun for a write that never came
            self._early.wait()
            self._early = None
        self._note_commit()  # so that stored() is still right once closed
        self.conn.close()


class Cursor:
    """A ``sqlite3.Cursor`` whose reads (iterating, ``fetchone``, ``fetchall``,
    ``fetchmany``) turn a ``sqlite3.Error`` into the one :func:`explain` sentence naming the
    ledger: SQLite reads a table's pages as its rows are stepped through, so a damaged page
    is met there, after the statement began. Anything else is the cursor's own."""

    __slots__ = ("_cursor", "_path")

    def __init__(self, cursor: sqlite3.Cursor, path: Path | None):
        self._cursor = cursor
        self._path = path

    def __iter__(self) -> Iterator[Any]:
        try:
            yield from self._cursor
        except sqlite3.Error as exc:
            raise explain(exc, self._path) from exc

    def fetchone(self) -> Any:
        try:
            return self._cursor.fetchone()
        except sqlite3.Error as exc:
            raise explain(exc, self._path) from exc

    def fetchall(self) -> list[Any]:
        try:
            return self._cursor.fetchall()
        except sqlite3.Error as exc:
            raise explain(exc, self._path) from exc

    def fetchmany(self, size: int = 1) -> list[Any]:
        try:
            return self._cursor.fetchmany(size)
        except sqlite3.Error as exc:
            raise explain(exc, self._path) from exc

    @property
    def description(self) -> Any:
        return self._cursor.description

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount


class _EarlyCheck:
    """``sql`` (:meth:`Connection._check_sql`) run on a connection and a thread of its own
    (see :meth:`Connection.verify_soon`). The connection is opened here and the thread only
    steps the one statement: SQLite does the reading without Python's lock, and the thread
    needs the lock back only once, at the end."""

    def __init__(self, path: Path, sql: str) -> None:
        self._found: list[str] = []
        self._error: sqlite3.Error | None = None
        self._thread: threading.Thread | None = None
        try:
            conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
        except sqlite3.Error as exc:
            self._error = exc
            return
        self._thread = threading.Thread(target=self._run, args=(conn, sql),
                                        name="loo-page-check", daemon=True)
        self._thread.start()

    def _run(self, conn: sqlite3.Connection, sql: str) -> None:
        try:
            self._found = [r[0] for r in conn.execute(sql)]
        except sqlite3.Error as exc:
            self._error = exc
        finally:
            conn.close()

    def wait(self) -> None:
        if self._thread is not None:
            self._thread.join()

    def answer(self) -> list[str]:
        """What the check found (raises the sqlite3.Error it met)."""
        self.wait()
        if self._error is not None:
            raise self._error
        return self._found
