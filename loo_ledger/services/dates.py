"""Dates as people type them ("tonight 8pm", "yesterday 20:00", "2026-11-20 8pm", "last month")."""

from __future__ import annotations

from datetime import datetime, timedelta

from loo_ledger.errors import LooError

_DAYS = {"today": 0, "tonight": 0, "yesterday": -1, "tomorrow": 1, "last night": -1}
_PERIODS = ("week", "month", "year")


def period_start(text: str, now: datetime) -> datetime | None:
    """The start of "this/last week|month|year" (weeks begin on Monday), else None.

    >>> period_start("last month", datetime(2026, 1, 15, 9, 30))
    datetime.datetime(2025, 12, 1, 0, 0)
    >>> period_start("this week", datetime(2026, 11, 21, 15, 0))  # a Saturday
    datetime.datetime(2026, 11, 16, 0, 0)
    >>> period_start("last year", datetime(2026, 11, 21)).year
    2025
    """
    which, _, period = text.partition(" ")
    if which not in ("this", "last") or period not in _PERIODS:
        return None
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    back = which == "last"
    if period == "week":
        return day - timedelta(days=day.weekday() + 7 * back)
    if period == "year":
        return day.replace(year=day.year - back, month=1, day=1)
    month = day.year * 12 + day.month - 1 - back
    return day.replace(year=month // 12, month=month % 12 + 1, day=1)


def parse_when(text: str, now: datetime | None = None) -> str:
    """ISO 8601 for what was typed; relative day words are understood.

    >>> parse_when("tonight 8pm", datetime(2026, 11, 21, 15, 0))
    '2026-11-21T20:00:00'
    >>> parse_when("yesterday 19:30", datetime(2026, 11, 21, 15, 0))
    '2026-11-20T19:30:00'
    >>> parse_when("2026-10-01")
    '2026-10-01T00:00:00'
    >>> parse_when("last month", datetime(2026, 11, 21, 15, 0))
    '2026-10-01T00:00:00'
    """
    from dateutil import parser
    now = now or datetime.now()
    base = now.replace(hour=0, minute=0, second=0, microsecond=0)
    rest = " ".join(text.lower().split())
    start = period_start(rest, now)
    if start is not None:
        return start.isoformat()
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
