"""Dates as people say them: when a session was played, and the ranges ``--since`` takes.

``now`` below is the moment the text is read (a Monday, 2026-11-23 10:00, in the examples).
Words may be abbreviated (``sat``, ``thurs``) and any case; ``at`` may join day and time.

=============================  ====================================  =======================
typed                          parse_when: when it was played        period: [start, end)
=============================  ====================================  =======================
``2026-11-20``                 2026-11-20 00:00                      that day
``2026-11-20 20:00``           2026-11-20 20:00 (also ``T20:00``)    20:00 to that midnight
``2026-11-20T20:00+01:00``     offset kept as written (``Z``: +00)   20:00 to that midnight
``20 Nov 2026 8pm``            2026-11-20 20:00 (month in words)     20:00 to that midnight
``today`` / ``yesterday``      2026-11-23 / 2026-11-22, 00:00        that day
``tonight``                    2026-11-23 20:00                      20:00 to midnight
``last night``                 2026-11-22 20:00                      20:00 to midnight
``8pm``, ``20:00``, ``8:30pm`` today at that time (``noon``: 12:00)  that time to midnight
``tonight 8pm``, ``sat 8pm``   the day's form, at that time          that time to midnight
``friday``, ``fri``            most recent Friday not in the future  that day
                               (on a Friday: that same day)
``last friday``                most recent Friday strictly before    that day
                               today (on a Friday: a week ago)
``3 days ago``                 2026-11-20 00:00                      that day
``2 weeks ago``, ``a week ago``  the day 14 / 7 days back, 00:00     that day
``this week|month|year``       the first moment of it                the week (from Monday),
``last week|month|year``                                             month or year
``March 2025``, ``2025-03``    2025-03-01 00:00                      the whole month
``march``                      the most recent March begun           the whole month
``2025``                       2025-01-01 00:00                      the whole year
=============================  ====================================  =======================

A weekday is a session that already happened, so ``sat 8pm`` typed on a Monday is two days
ago, and on that Saturday it is that Saturday, whatever the hour. Text without an offset is
local time: the local zone when ``now`` is naive (or omitted), else ``now``'s own zone; the
offset is always written, so a stored value is unambiguous. An offset typed is kept, never
converted. ``parse_when(text)`` is always ``period(text)[0]`` written out, so a ``--since``
that uses either agrees. Numeric dates other than ISO (``03/04/2026``) are refused as
ambiguous, as is anything else not in the table (:class:`DateNotUnderstood`, a LooError);
so are ``tomorrow`` and ``next friday``: a session is recorded once it has been played.
"""

from __future__ import annotations

import re
import warnings
from datetime import date, datetime, time, timedelta, tzinfo
from typing import cast

from loo_ledger.errors import LooError

FORMS = ("2026-11-20, 2026-11-20 20:00, 2026-11-20T20:00+01:00, 20 Nov 2026 8pm, today, "
         "tonight, yesterday, last night, sat 8pm, friday, last friday, 3 days ago, "
         "2 weeks ago, a week ago, 8pm, 20:00, 8:30pm")
RANGES = "March 2025, 2025-03, march, 2025, this week|month|year, last week|month|year"

_WEEKDAYS = {"mon": 0, "monday": 0, "tue": 1, "tues": 1, "tuesday": 1, "wed": 2,
             "wednesday": 2, "thu": 3, "thur": 3, "thurs": 3, "thursday": 3, "fri": 4,
             "friday": 4, "sat": 5, "saturday": 5, "sun": 6, "sunday": 6}
_MONTHS = {name: number for number, names in enumerate(
    ("jan january", "feb february", "mar march", "apr april", "may", "jun june",
     "jul july", "aug august", "sep sept september", "oct october", "nov november",
     "dec december"), start=1) for name in names.split()}
_EVENING = time(20, 0)
_TIME = r"(?:noon|\d{1,2}(?::\d{2})?\s*(?:am|pm)?)"
_AGO = re.compile(r"(\d+|a|an|one) (day|days|week|weeks) ago")

Span = tuple[datetime, datetime]


class DateNotUnderstood(LooError):
    """Text that is none of the forms in :mod:`loo_ledger.services.dates`' table."""


def parse_when(text: str, now: datetime | None = None) -> str:
    """When a session was played, as ISO 8601 with its UTC offset (see the module's table).

    ``last friday`` is the most recent Friday strictly before today; ``friday`` alone is
    the most recent Friday not in the future (today, on a Friday).

    >>> from datetime import timezone
    >>> monday = datetime(2026, 11, 23, 10, 0, tzinfo=timezone.utc)
    >>> parse_when("sat 8pm", monday)
    '2026-11-21T20:00:00+00:00'
    >>> parse_when("last friday", monday)
    '2026-11-20T00:00:00+00:00'
    >>> parse_when("2026-11-20 20:00+01:00", monday)
    '2026-11-20T20:00:00+01:00'
    """
    return period(text, now)[0].isoformat()


def period(text: str, now: datetime | None = None) -> Span:
    """The range ``text`` names, ``[start, end)``, both with a UTC offset (module's table).

    >>> from datetime import timezone
    >>> start, end = period("March 2025", datetime(2026, 11, 23, 10, 0, tzinfo=timezone.utc))
    >>> start.isoformat(), end.isoformat()
    ('2025-03-01T00:00:00+00:00', '2025-04-01T00:00:00+00:00')
    """
    now = now if now is not None else datetime.now()
    spoken = " ".join(text.replace(",", " ").split())
    try:
        span = _read(spoken, spoken.lower(), now.replace(tzinfo=None))
    except (OverflowError, ValueError):
        span = None
    if span is None:
        raise _refused(text)
    return _zoned(span[0], now), _zoned(span[1], now)


def period_start(text: str, now: datetime) -> datetime | None:
    """Where the range ``text`` names begins (with a UTC offset), else None.

    >>> from datetime import timezone
    >>> saturday = datetime(2026, 11, 21, 15, 0, tzinfo=timezone.utc)
    >>> period_start("this week", saturday).isoformat()
    '2026-11-16T00:00:00+00:00'
    >>> period_start("next blursday", saturday) is None
    True
    """
    try:
        return period(text, now)[0]
    except DateNotUnderstood:
        return None


def stored_when(value: str) -> datetime:
    """A stored ``started_at`` checked: an ISO 8601 date or date-time, else DateNotUnderstood.

    >>> stored_when("2026-11-20T20:00:00+01:00").utcoffset()
    datetime.timedelta(seconds=3600)
    """
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise DateNotUnderstood(f"started_at {value!r} is not an ISO 8601 date-time such as "
                                "2026-11-20T20:00:00+00:00") from None


def shown(iso: str) -> str:
    """An ISO date-time for a title: the date, the time unless midnight, the offset unless local.

    >>> shown("2025-02-01T00:00:00+05:45")
    '2025-02-01 +05:45'
    >>> shown("2025-02-01T20:30:00+05:45")
    '2025-02-01 20:30 +05:45'
    """
    moment = stored_when(iso)
    text = moment.strftime("%Y-%m-%d" if moment.time() == time() else "%Y-%m-%d %H:%M")
    offset = moment.utcoffset()
    if offset is None or offset == moment.astimezone().utcoffset():
        return text
    return f"{text} {moment.isoformat()[-6:]}"


def _refused(text: str, why: str = "") -> DateNotUnderstood:
    return DateNotUnderstood(f"cannot read the date {text!r}{why}; understood: {FORMS}; "
                             f"and for a range: {RANGES}")


def _zoned(moment: datetime, now: datetime) -> datetime:
    """A wall time read without an offset placed in ``now``'s zone (local when naive)."""
    if moment.tzinfo is not None:
        return moment
    if now.tzinfo is not None:
        return moment.replace(tzinfo=now.tzinfo)
    return moment.astimezone()


def _read(spoken: str, low: str, now: datetime) -> Span | None:
    """Every form in turn; naive results are wall times, an offset typed stays on them."""
    return (_iso(spoken) or _range(low, now.date()) or _day_and_time(low, now.date())
            or _in_words(spoken, low))


def _iso(spoken: str) -> Span | None:
    try:
        return _day(date.fromisoformat(spoken))
    except ValueError:
        pass
    try:
        moment = datetime.fromisoformat(spoken)
    except ValueError:
        return None
    return moment, _day(moment.date())[1].replace(tzinfo=moment.tzinfo)


def _day(day: date, at: time | None = None) -> Span:
    start = datetime.combine(day, time())
    return (start if at is None else datetime.combine(day, at)), start + timedelta(days=1)


def _month(year: int, month: int, count: int = 1) -> Span:
    """``count`` months from the first of ``month``."""
    after = year * 12 + month - 1 + count
    return datetime(year, month, 1), datetime(after // 12, after % 12 + 1, 1)


def _range(low: str, today: date) -> Span | None:
    """Weeks, months and years: ``this month``, ``last year``, ``March 2025``, ``2025``."""
    if match := re.fullmatch(r"(this|last) (week|month|year)", low):
        back = match[1] == "last"
        if match[2] == "week":
            monday = datetime.combine(today, time()) - timedelta(days=today.weekday() + 7 * back)
            return monday, monday + timedelta(days=7)
        if match[2] == "year":
            return datetime(today.year - back, 1, 1), datetime(today.year - back + 1, 1, 1)
        year, month = divmod(today.year * 12 + today.month - 1 - back, 12)
        return _month(year, month + 1)
    if re.fullmatch(r"\d{4}", low):
        return datetime(int(low), 1, 1), datetime(int(low) + 1, 1, 1)
    if match := re.fullmatch(r"(\d{4})-(\d{2})", low):
        return _month(int(match[1]), int(match[2])) if 1 <= int(match[2]) <= 12 else None
    if match := re.fullmatch(r"([a-z]+)(?: (\d{4}))?", low):
        named = _MONTHS.get(match[1])
        if named is None:
            return None
        return _month(int(match[2]) if match[2] else today.year - (named > today.month), named)
    return None


def _day_and_time(low: str, today: date) -> Span | None:
    """A day word and/or a time: ``sat 8pm``, ``8pm yesterday``, ``2026-11-20 8:30pm``."""
    low = re.sub(r"^on ", "", low)
    for pattern in (rf"(?:(?P<day>.*?\S) (?:at )?)?(?P<time>{_TIME})",
                    rf"(?P<time>{_TIME}) (?:on )?(?P<day>.*\S)", r"(?P<day>.+)"):
        match = re.fullmatch(pattern, low)
        if not match:
            continue
        at = _clock(match["time"]) if "time" in match.groupdict() else None
        day = _day_word(match["day"] or "today", today)
        if day is not None and (at is not None or "time" not in match.groupdict()):
            return _day(day[0], at or day[1])
    return None


def _clock(text: str) -> time | None:
    """``8pm``, ``8:30 pm``, ``12am`` (midnight), ``20:00``, ``noon``; a bare ``8`` is not."""
    if text == "noon":
        return time(12, 0)
    match = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?", text)
    if match is None or (match[2] is None and match[3] is None):
        return None
    hour, minute = int(match[1]), int(match[2] or 0)
    if match[3]:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + 12 * (match[3] == "pm")
    return time(hour, minute) if hour < 24 and minute < 60 else None


def _day_word(word: str, today: date) -> tuple[date, time | None] | None:
    """The day a word names, and the time it implies (``tonight``: 20:00)."""
    evening = {"today": (0, None), "tonight": (0, _EVENING), "yesterday": (1, None),
               "last night": (1, _EVENING)}.get(word)
    if evening is not None:
        return today - timedelta(days=evening[0]), evening[1]
    if match := re.fullmatch(r"(last )?([a-z]+)", word):
        weekday = _WEEKDAYS.get(match[2])
        if weekday is None:
            return None
        back = (today.weekday() - weekday) % 7
        return today - timedelta(days=back or 7 * bool(match[1])), None
    if match := _AGO.fullmatch(word):
        count = int(match[1]) if match[1].isdigit() else 1
        return today - timedelta(days=count * (7 if match[2].startswith("week") else 1)), None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", word):
        return date.fromisoformat(word), None
    return None


def _in_words(spoken: str, low: str) -> Span | None:
    """A full date with the month in words, by dateutil: ``20 Nov 2026 8pm``, ``Nov 20 2026``.

    dateutil fills what is missing from a default; reading twice with two different
    defaults shows what was missing. A missing day, month or year, a zone name other than
    UTC or GMT (BST, CET: ambiguous) or a weekday that is not the date's own is refused.
    """
    from dateutil import parser, tz  # noqa: PLC0415 (dateutil (~60 modules): only for free-form dates)

    def zone(name: str | None, offset: int | None) -> tzinfo | None:
        """Offsets as typed, UTC by name; other names (BST, CET) are ambiguous: refused."""
        if name is not None and name.upper() in ("UTC", "GMT", "Z"):
            return cast(tzinfo, tz.UTC)
        if offset is not None:
            return cast(tzinfo, tz.tzoffset(None, offset))
        if name is not None:
            raise _refused(spoken, f" (time zone {name!r}: write an offset such as +01:00)")
        return None

    if not any(word in _MONTHS for word in re.findall(r"[a-z]+", low)):
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            one = parser.parse(spoken, default=datetime(2000, 1, 1, 0, 0), tzinfos=zone)
            two = parser.parse(spoken, default=datetime(2004, 2, 2, 1, 0), tzinfos=zone)
        except Warning:
            return None
    if one.date() != two.date():
        return None
    named = [_WEEKDAYS[w] for w in re.findall(r"[a-z]+", low) if w in _WEEKDAYS]
    if any(weekday != one.weekday() for weekday in named):
        return None
    at = one.time() if one.time() == two.time() else None
    start, end = _day(one.date(), at)
    return start.replace(tzinfo=one.tzinfo), end.replace(tzinfo=one.tzinfo)
