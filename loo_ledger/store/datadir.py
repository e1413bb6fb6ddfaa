"""Where the default ledger lives: the per-user data directory, and the one-time move
from the configuration directory where earlier versions kept it."""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

from loo_ledger.errors import StoreError
from loo_ledger.store.conn import BUSY_TIMEOUT_MS


def data_dir() -> Path:
    """The per-user data directory the default ledger lives in (platformdirs' user data
    dir: ``~/.local/share/loo_ledger`` on Linux, ``%LOCALAPPDATA%\\loo_ledger`` on
    Windows, ``~/Library/Application Support/loo_ledger`` on macOS)."""
    import platformdirs  # lazily: only when no --db or $LOO_DB names the ledger

    return Path(platformdirs.user_data_dir("loo_ledger", appauthor=False))


def old_db_path() -> Path:
    """Where earlier versions kept the default ledger: the configuration directory."""
    import typer  # lazily: the store must not pay for the CLI on import

    return Path(typer.get_app_dir("loo_ledger")) / "loo.db"


def say_stderr(text: str) -> None:
    """A line on standard error."""
    sys.stderr.write(text + "\n")


def _sidecars(path: Path) -> list[Path]:
    return [path.with_name(path.name + s) for s in ("-wal", "-shm")]


def move_ledger(old: Path, new: Path) -> str:
    """Move the ledger ``old`` (with its ``-wal``/``-shm``) to ``new``, which must not
    exist, losing nothing; return what was done, naming both paths.

    The write-ahead log is first folded into the main file (a checkpoint), so the file
    alone holds the ledger; it is then renamed (atomic) when both are on one file
    system. Otherwise (another file system, or a log another program still holds) it is
    copied through SQLite's backup API (consistent), checked, renamed into place, and
    only then is the old file removed. Raises StoreError, leaving ``old`` as it was,
    if it cannot be moved.
    """
    try:
        new.parent.mkdir(parents=True, exist_ok=True)
        folded = _checkpoint(old)
        if folded and old.stat().st_dev == new.parent.stat().st_dev:
            os.rename(old, new)
            for side in _sidecars(old):
                side.unlink(missing_ok=True)
            return f"loo: moved the ledger from {old} to {new} (the data directory)."
        _copy(old, new)
    except (OSError, sqlite3.Error) as e:
        raise StoreError(f"Cannot move the ledger from {old} to {new} (where loo now keeps "
                         f"it): {getattr(e, 'strerror', None) or e}. {old} is unchanged; "
                         "move it yourself, or name it with --db or LOO_DB.") from e
    try:
        for f in (old, *_sidecars(old)):
            f.unlink(missing_ok=True)
    except OSError as e:
        return (f"loo: copied the ledger from {old} to {new} (the data directory), but "
                f"could not remove the old file ({e.strerror or e}); it is no longer used.")
    return f"loo: moved the ledger from {old} to {new} (the data directory)."


def _checkpoint(path: Path) -> bool:
    """Fold ``path``'s write-ahead log into it; True when no ``-wal`` file is left."""
    wal = _sidecars(path)[0]
    if not wal.exists():
        return True
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
    finally:
        conn.close()  # the last connection removes the -wal and -shm files
    return not busy and not wal.exists()


def _copy(old: Path, new: Path) -> None:
    """A consistent copy of ``old`` at ``new`` through the backup API, checked, then
    renamed into place (``new`` appears whole or not at all)."""
    tmp = new.with_name(new.name + ".moving")
    tmp.unlink(missing_ok=True)
    src = sqlite3.connect(old, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
            ok = dst.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            dst.close()
    finally:
        src.close()
    if ok != "ok":
        tmp.unlink(missing_ok=True)
        raise StoreError(f"the copy of {old} at {tmp} failed its integrity check ({ok})")
    for side in _sidecars(tmp):
        side.unlink(missing_ok=True)
    os.rename(tmp, new)
