"""The one check before a command writes a file (``loo export -o``, ``loo
datasette-metadata -o``, ``loo backup``): never the ledger, never a file that exists
unless asked to replace it. No printing: a LooError saying why, and that nothing was
written.
"""

from __future__ import annotations

import os
from pathlib import Path

from loo_ledger.errors import LooError

#: The files SQLite keeps beside a ledger (in WAL mode, or a rollback journal), by suffix.
LEDGER_FILES = {"": "the ledger itself", "-wal": "the ledger's write-ahead log",
                "-shm": "the ledger's shared-memory index", "-journal": "the ledger's journal"}


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _part_of(target: Path, ledger: Path) -> str | None:
    """Which file of the ledger ``target`` is, in words (None if none): by name, as given
    or with links resolved (SQLite names its files after the file a link points to), or
    the same file through a link."""
    names = {Path(os.path.abspath(target)), target.resolve()}
    for base in (Path(os.path.abspath(ledger)), ledger.resolve()):
        for suffix, part in LEDGER_FILES.items():
            path = base.with_name(base.name + suffix)
            if path in names or _same(target, path):
                return part
    return None


def check_target(target: Path, ledger: Path, *, replace: bool, what: str) -> None:
    """LooError unless ``what`` (e.g. "the export") may be written to ``target``: it is
    not the ledger ``ledger`` or a file SQLite keeps beside it (not even with
    ``replace``), not a folder, its folder exists, and it does not exist unless
    ``replace``. A device or a pipe (``/dev/null``, a FIFO) is written to, not replaced."""
    part = _part_of(target, ledger)
    if part is not None:
        raise LooError(f"{target} is {part}; nothing was written: name another file for "
                       f"{what}.")
    if target.is_dir():
        raise LooError(f"{target} is a folder; nothing was written: name a file for {what}, "
                       f"e.g. {target / 'loo-out'}.")
    if not target.parent.is_dir():
        raise LooError(f"There is no folder {target.parent} for {what}; nothing was written.")
    if not replace and (target.is_file() or target.is_symlink()):
        raise LooError(f"{target} already exists; nothing was written (--force replaces it).")
