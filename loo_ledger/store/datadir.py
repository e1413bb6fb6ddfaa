"""Where the default ledger lives: the per-user data directory, and the one-time move
from the configuration directory where earlier versions kept it."""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

from loo_ledger.errors import StoreError


def data_dir() -> Path:
    """The per-user data directory the default ledger lives in (platformdirs' user data
    dir: ``~/.local/share/loo_ledger`` on Linux, ``%LOCALAPPDATA%\\loo_ledger`` on
    Windows, ``~/Library/Application Support/loo_ledger`` on macOS)."""
    import platformdirs  # noqa: PLC0415 (lazily: only when no --db or $LOO_DB names the ledger)

    return Path(platformdirs.user_data_dir("loo_ledger", appauthor=False))


def old_db_path() -> Path:
    """Where earlier versions kept the default ledger: the configuration directory."""
    import typer  # noqa: PLC0415 (lazily: the store must not pay for the CLI on import)

    return Path(typer.get_app_dir("loo_ledger")) / "loo.db"


def say_stderr(text: str) -> None:
    """A line on standard error."""
    sys.stderr.write(text + "\n")


def _sidecars(path: Path) -> list[Path]:
    return [path.with_name(path.name + s) for s in ("-wal", "-shm")]


#: How long a first run waits for the old ledger to be free of other connections before
#: it uses it where it is (another terminal keeps it open): a move in progress elsewhere
#: takes a few milliseconds.
MOVE_WAIT_MS = 2_000
#: How many times a first run looks again after another one moved the ledger meanwhile.
MOVE_ATTEMPTS = 3


def move_ledger(old: Path, new: Path) -> tuple[Path, str | None]:
    """Move the ledger ``old`` (with its ``-wal``/``-shm``) to ``new``, losing nothing;
    return the ledger to use and what to say (naming both paths), or None.

    The whole move holds SQLite's exclusive lock on ``old``, which it gets only when no
    other connection has the file open: another terminal with the old ledger open (it
    may still record hands there) is never moved from under, and while the move runs
    nobody can open it. The ledger is copied through SQLite's backup API (whatever is
    in its write-ahead log included), checked, renamed into place (``new`` appears whole
    or not at all), and only then is the old file removed, the lock still held.

    When another terminal keeps ``old`` open (for :data:`MOVE_WAIT_MS`), nothing is
    moved: ``old`` is used where it is this time, with a warning, and moved by a later
    command once nothing has it open. A first run that waited while another moved the
    ledger uses ``new``. Raises StoreError, leaving ``old`` as it was, if it cannot be
    moved.
    """
    for _ in range(MOVE_ATTEMPTS):
        if new.exists():  # another first run moved it meanwhile (and said so)
            return new, None
        try:
            inode = old.stat().st_ino
            conn = sqlite3.connect(f"{old.resolve().as_uri()}?mode=rw", uri=True,
                                   timeout=MOVE_WAIT_MS / 1000, isolation_level=None)
        except (OSError, sqlite3.Error) as e:
            if old.exists():
                raise _cannot(old, new, e) from e
            continue  # moved away meanwhile: look for the new one
        try:
            try:
                # in exclusive locking mode the lock is kept after the (empty) transaction
                # ends, until the connection closes; the backup API reads through it then
                conn.execute("PRAGMA locking_mode=EXCLUSIVE")
                conn.execute("BEGIN EXCLUSIVE")
                conn.execute("COMMIT")
            except sqlite3.Error as e:
                if _moved_away(old, inode):
                    continue  # another first run moved it while this one waited
                if "locked" not in str(e) and "busy" not in str(e):
                    raise _cannot(old, new, e) from e
                return old, (f"loo: warning: the ledger {old} (where older versions kept "
                             "it) is open in another loo command, so it is used where it "
                             f"is this time; it moves to {new} (the data directory) once "
                             "nothing else has it open.")
            if _moved_away(old, inode):
                continue  # the lock came once another first run had moved it
            return new, _move_locked(conn, old, new)
        finally:
            conn.close()
    return new, None


def _moved_away(old: Path, inode: int) -> bool:
    """Whether the file at ``old`` is gone or another than the one (``inode``) opened."""
    try:
        return old.stat().st_ino != inode
    except OSError:
        return True


def _cannot(old: Path, new: Path, e: OSError | sqlite3.Error | StoreError) -> StoreError:
    why = e.message if isinstance(e, StoreError) else getattr(e, "strerror", None) or e
    return StoreError(f"Cannot move the ledger from {old} to {new} (where loo now keeps "
                      f"it): {why}. {old} is unchanged; move it yourself, or name it with "
                      "--db or LOO_DB.")


def _move_locked(src: sqlite3.Connection, old: Path, new: Path) -> str | None:
    """The move itself, ``src`` holding ``old`` exclusively (see :func:`move_ledger`)."""
    try:
        new.parent.mkdir(parents=True, exist_ok=True)
        tmp = new.with_name(new.name + ".moving")
        for f in (tmp, *_sidecars(tmp)):
            f.unlink(missing_ok=True)
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
            ok = dst.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            dst.close()
        if ok != "ok":
            tmp.unlink(missing_ok=True)
            raise _cannot(old, new, StoreError(f"the copy failed its integrity check ({ok})"))
        for side in _sidecars(tmp):
            side.unlink(missing_ok=True)
        if new.exists():  # made meanwhile by a command that did not look in the old place
            tmp.unlink(missing_ok=True)
            return None
        os.rename(tmp, new)
    except (OSError, sqlite3.Error) as e:
        raise _cannot(old, new, e) from e
    try:
        for f in (old, *_sidecars(old)):
            f.unlink(missing_ok=True)
    except OSError as e:
        return (f"loo: copied the ledger from {old} to {new} (the data directory), but "
                f"could not remove the old file ({e.strerror or e}); it is no longer used.")
    return f"loo: moved the ledger from {old} to {new} (the data directory)."
