"""Reports of one session for people and other programs: csv, Markdown, HTML, charts.

``evening.Evening`` gathers what the ledger knows about a session (read through
the Ledger's methods, never SQL); the other modules are pure functions of an
Evening and return text:

- ``series``: running nets and the pool, hand by hand;
- ``textchart``: a plain-text chart for the terminal;
- ``cells``: a player's part in a hand in a few words, as `loo hands` shows it;
- ``csvout``: rows per player per hand, and a per-player summary;
- ``markdown``: a summary to paste into a chat;
- ``svg`` and ``html``: one self-contained page with inline SVG charts, for a desk and a
  phone.
"""

from __future__ import annotations

from pathlib import Path

from loo_ledger.errors import LooError


class ExportError(LooError):
    """An export that cannot be written (a missing directory, no permission)."""


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as UTF-8, exactly (no newline translation)."""
    try:
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror or exc}.") from None
