"""``loo backup`` and ``loo restore``: whole-ledger copies (store/copying.py does the
SQLite). No printing: functions return what was done or raise a LooError.

``loo export`` is not a backup: it writes sessions as session files, without the audit
trail, the house rules, which session is current or the import fingerprints.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from loo_ledger.errors import LooError, NotFound
from loo_ledger.services.outfile import check_target
from loo_ledger.store import copying
from loo_ledger.store.copying import Summary
from loo_ledger.store.db import open_database

__all__ = ["Summary", "backup", "check_backup", "kept_copy_path", "ledger_summary", "restore"]


def backup(ledger: Path, target: Path, *, replace: bool = False) -> Summary:
    """Copy the ledger to ``target`` (refused if it exists, unless ``replace``)."""
    if not ledger.is_file():
        raise NotFound(f"There is no ledger at {ledger} to back up.")
    check_target(target, ledger, replace=replace, what="the backup")
    return copying.backup(ledger, target)


def check_backup(source: Path) -> Summary:
    """``source`` checked as a loo_ledger database fit to restore, and what it holds."""
    return copying.summarize(source, what="the backup")


def ledger_summary(ledger: Path) -> Summary | str | None:
    """What the ledger holds now: None if there is none, a reason if it cannot be read."""
    if not ledger.exists():
        return None
    try:
        return copying.summarize(ledger, what="the ledger")
    except LooError as exc:
        return exc.message


def kept_copy_path(ledger: Path) -> Path:
    """Where :func:`restore` keeps the ledger it replaces: beside it, named for the time
    (``LEDGER.before-restore-20261127-105100``; ``-2``, ``-3``... after it when that name
    is taken), so that no restore overwrites what an earlier one kept."""
    base = ledger.with_name(f"{ledger.name}.before-restore-"
                            f"{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}")
    path, n = base, 1
    while path.exists() or path.with_name(path.name + "-wal").exists():
        n += 1
        path = base.with_name(f"{base.name}-{n}")
    return path


def restore(source: Path, ledger: Path, keep: Path | None = None) -> Path | None:
    """Put backup ``source`` in place as the ledger (checked first, as by
    :func:`check_backup`); the ledger it replaces is kept at ``keep`` (by default
    :func:`kept_copy_path`; returned, None when there was no ledger). Then the ledger
    opens and is upgraded as usual."""
    if source.resolve() == ledger.resolve():
        raise LooError(f"{source} is the ledger itself; name a backup file.")
    if not ledger.parent.is_dir():
        raise LooError(f"There is no folder {ledger.parent} for the ledger; nothing was "
                       "restored.")
    check_backup(source)
    if not ledger.exists():
        keep = None
    elif keep is None or keep.exists():
        keep = kept_copy_path(ledger)
    copying.restore(source, ledger, keep)
    open_database(ledger).close()
    return keep
