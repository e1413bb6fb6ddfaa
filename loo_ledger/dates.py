"""Dates as people type them ("tonight 8pm", "yesterday 20:00", "2026-11-20 8pm")."""

from __future__ import annotations

from datetime import datetime, timedelta

from loo_ledger.errors import LooError

_DAYS = {"today": 0, "tonight": 0, "yesterday": -1, "tomorrow": 1, "last night": -1}


def parse_when(text: str, now: datetime | None = None) -> str:
    """ISO 8601 for what was typed; relative day words are understood.

    >>> parse_when("tonight 8pm", datetime(2026, 11, 21, 15, 0))
    '2026-11-21T20:00:00'
    >>> parse_when("yesterday 19:30", datetime(2026, 11, 21, 15, 0))
    '2026-11-20T19:30:00'
    >>> parse_when("2026-10-01")
    '2026-10-01T00:00:00'
    """
    from dateutil import parser
    now = now or datetime.now()
    base = now.replace(hour=0, minute=0, second=0, microsecond=0)
    rest = text.strip().lower()
    for word, days in sorted(_DAYS.items(), key=lambda kv: -len(kv[0])):
        if rest.startswith(word):
            base, rest = base + timedelta(days=days), rest[len(word):].strip()
            break
    if not rest:
        return base.isoformat()
    try:
        return parser.parse(rest, default=base).isoformat()
    except (ValueError, OverflowError) as exc:
        raise LooError(f"cannot read the date {text!r}: {exc}; try e.g. '2026-11-20 20:00' or "
                       "'tonight 8pm'") from None
