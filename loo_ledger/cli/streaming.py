"""Writing streamed output (issue 10, item 4): pieces of text to standard output or to a
file, as they come, so memory does not grow with the session."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path


def write_chunks(chunks: Iterable[str], *, final: str = "") -> int:
    """Write ``chunks`` then ``final`` to standard output; the number of characters."""
    n = 0
    out = sys.stdout
    for chunk in chunks:
        out.write(chunk)
        n += len(chunk)
    out.write(final)
    return n + len(final)


def write_file(path: Path, chunks: Iterable[str]) -> int:
    """Write ``chunks`` to ``path`` as UTF-8, exactly (no newline translation); the number
    of bytes. A regular file is written beside and moved into place at the end, so an
    export that fails half way leaves the old file (or none), never half of one."""
    from loo_ledger.services.reports import ExportError  # noqa: PLC0415 (the reports package: only on a failed write)
    target = path
    regular = not path.exists() or path.is_file()
    if regular:
        target = path.with_name(f".{path.name}.{os.getpid()}.part")
    size = 0
    try:
        with open(target, "w", encoding="utf-8", newline="") as f:
            for chunk in chunks:
                f.write(chunk)
                size += len(chunk.encode("utf-8"))
        if regular:
            os.replace(target, path)
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror or exc}.") from None
    finally:
        if regular and target.exists():
            target.unlink()
    return size
