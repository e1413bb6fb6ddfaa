"""Dates as people say them (issue 11, item 3): every form worked by hand from fixed days.

The calendar used: 2026-11-23 is a Monday (so the 21st is a Saturday, the 20th a Friday,
the 16th the Monday before, the 9th two weeks back). Unless a test says otherwise the
local zone is London (POSIX rule, no tz database needed): GMT, +00:00, until the last
Sunday of March (29 March 2026, 30 March 2025), BST, +01:00, until the last Sunday of
October (25 October 2026).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from loo_ledger.errors import LooError
from loo_ledger.services.dates import (
    DateNotUnderstood,
    parse_when,
    period,
    period_start,
    shown,
    stored_when,
)

LONDON = "GMT0BST,M3.5.0/1,M10.5.0"
NEW_YORK = "EST5EDT,M3.2.0,M11.1.0"
SYDNEY = "AEST-10AEDT,M10.1.0,M4.1.0/3"

MONDAY = datetime(2026, 11, 23, 10, 0)      # naive: local wall time
SATURDAY = datetime(2026, 11, 21, 15, 0)
NEW_YEAR = datetime(2027, 1, 1, 12, 0)      # a Friday


def set_tz(monkeypatch: pytest.MonkeyPatch, rule: str) -> None:
    monkeypatch.setenv("TZ", rule)
    time.tzset()


@pytest.fixture(autouse=True)
def london(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    before = os.environ.get("TZ")
    set_tz(monkeypatch, LONDON)
    yield
    monkeypatch.undo()
    if before is None:
        os.environ.pop("TZ", None)
    time.tzset()


ON_MONDAY = [
    # ISO forms
    ("2026-11-20", "2026-11-20T00:00:00+00:00"),
    ("2026-11-20 20:00", "2026-11-20T20:00:00+00:00"),
    ("2026-11-20T20:00", "2026-11-20T20:00:00+00:00"),
    ("2026-11-20T20:00:30", "2026-11-20T20:00:30+00:00"),
    ("2026-11-20 20:00+01:00", "2026-11-20T20:00:00+01:00"),
    ("2026-11-20T20:00-05:00", "2026-11-20T20:00:00-05:00"),
    ("2026-11-20T19:00Z", "2026-11-20T19:00:00+00:00"),
    ("2026-11-20 8pm", "2026-11-20T20:00:00+00:00"),
    ("2026-11-20 at 8:30pm", "2026-11-20T20:30:00+00:00"),
    # day words
    ("today", "2026-11-23T00:00:00+00:00"),
    ("tonight", "2026-11-23T20:00:00+00:00"),
    ("tonight 8pm", "2026-11-23T20:00:00+00:00"),
    ("tonight 9:30pm", "2026-11-23T21:30:00+00:00"),
    ("yesterday", "2026-11-22T00:00:00+00:00"),
    ("yesterday 19:30", "2026-11-22T19:30:00+00:00"),
    ("last night", "2026-11-22T20:00:00+00:00"),
    ("last night 11pm", "2026-11-22T23:00:00+00:00"),
    # weekdays: the most recent such day, today included
    ("sat 8pm", "2026-11-21T20:00:00+00:00"),
    ("Sat  8PM", "2026-11-21T20:00:00+00:00"),
    ("saturday", "2026-11-21T00:00:00+00:00"),
    ("sat at 8:30 pm", "2026-11-21T20:30:00+00:00"),
    ("8pm sat", "2026-11-21T20:00:00+00:00"),
    ("on sunday", "2026-11-22T00:00:00+00:00"),
    ("mon", "2026-11-23T00:00:00+00:00"),
    ("tue", "2026-11-17T00:00:00+00:00"),
    ("tues", "2026-11-17T00:00:00+00:00"),
    ("wednesday", "2026-11-18T00:00:00+00:00"),
    ("thurs 7pm", "2026-11-19T19:00:00+00:00"),
    ("friday", "2026-11-20T00:00:00+00:00"),
    ("fri", "2026-11-20T00:00:00+00:00"),
    # last <weekday>: strictly before today
    ("last friday", "2026-11-20T00:00:00+00:00"),
    ("last fri 8pm", "2026-11-20T20:00:00+00:00"),
    ("last sunday", "2026-11-22T00:00:00+00:00"),
    ("last monday", "2026-11-16T00:00:00+00:00"),
    ("last Tuesday", "2026-11-17T00:00:00+00:00"),
    # ... ago
    ("3 days ago", "2026-11-20T00:00:00+00:00"),
    ("1 day ago", "2026-11-22T00:00:00+00:00"),
    ("a day ago", "2026-11-22T00:00:00+00:00"),
    ("0 days ago", "2026-11-23T00:00:00+00:00"),
    ("2 weeks ago", "2026-11-09T00:00:00+00:00"),
    ("a week ago", "2026-11-16T00:00:00+00:00"),
    ("one week ago", "2026-11-16T00:00:00+00:00"),
    ("2 weeks ago 8pm", "2026-11-09T20:00:00+00:00"),
    ("30 days ago", "2026-10-24T00:00:00+01:00"),   # still BST on 24 October
    # times alone: today
    ("8pm", "2026-11-23T20:00:00+00:00"),
    ("20:00", "2026-11-23T20:00:00+00:00"),
    ("8:30pm", "2026-11-23T20:30:00+00:00"),
    ("8:30 PM", "2026-11-23T20:30:00+00:00"),
    ("12am", "2026-11-23T00:00:00+00:00"),
    ("12pm", "2026-11-23T12:00:00+00:00"),
    ("noon", "2026-11-23T12:00:00+00:00"),
    ("8pm yesterday", "2026-11-22T20:00:00+00:00"),
    # a full date with the month in words
    ("20 Nov 2026 8pm", "2026-11-20T20:00:00+00:00"),
    ("Nov 20, 2026", "2026-11-20T00:00:00+00:00"),
    ("Fri 20 November 2026 19:45", "2026-11-20T19:45:00+00:00"),
    ("20 Nov 2026 20:00 UTC", "2026-11-20T20:00:00+00:00"),
    # ranges give where they begin
    ("last month", "2026-10-01T00:00:00+01:00"),
    ("this week", "2026-11-23T00:00:00+00:00"),
    ("March 2025", "2025-03-01T00:00:00+00:00"),
    ("2025", "2025-01-01T00:00:00+00:00"),
]


@pytest.mark.parametrize("text, expected", ON_MONDAY)
def test_parse_when_on_a_monday(text: str, expected: str) -> None:
    assert parse_when(text, MONDAY) == expected


@pytest.mark.parametrize("text, expected", [
    ("sat 8pm", "2026-11-21T20:00:00+00:00"),        # that same Saturday, hours ahead
    ("saturday", "2026-11-21T00:00:00+00:00"),
    ("last saturday", "2026-11-14T00:00:00+00:00"),   # a week ago
    ("last sat 9pm", "2026-11-14T21:00:00+00:00"),
    ("friday", "2026-11-20T00:00:00+00:00"),
    ("last friday", "2026-11-20T00:00:00+00:00"),
    ("sun", "2026-11-15T00:00:00+00:00"),
    ("mon", "2026-11-16T00:00:00+00:00"),
    ("a week ago", "2026-11-14T00:00:00+00:00"),
    ("tonight", "2026-11-21T20:00:00+00:00"),
])
def test_parse_when_on_a_saturday(text: str, expected: str) -> None:
    assert parse_when(text, SATURDAY) == expected


@pytest.mark.parametrize("text, start, end", [
    ("March 2025", "2025-03-01T00:00:00+00:00", "2025-04-01T00:00:00+01:00"),  # BST from 30th
    ("mar 2025", "2025-03-01T00:00:00+00:00", "2025-04-01T00:00:00+01:00"),
    ("2025-03", "2025-03-01T00:00:00+00:00", "2025-04-01T00:00:00+01:00"),
    ("december 2025", "2025-12-01T00:00:00+00:00", "2026-01-01T00:00:00+00:00"),
    ("march", "2026-03-01T00:00:00+00:00", "2026-04-01T00:00:00+01:00"),      # begun this year
    ("december", "2025-12-01T00:00:00+00:00", "2026-01-01T00:00:00+00:00"),  # not yet begun
    ("2025", "2025-01-01T00:00:00+00:00", "2026-01-01T00:00:00+00:00"),
    ("this week", "2026-11-23T00:00:00+00:00", "2026-11-30T00:00:00+00:00"),
    ("last week", "2026-11-16T00:00:00+00:00", "2026-11-23T00:00:00+00:00"),
    ("this month", "2026-11-01T00:00:00+00:00", "2026-12-01T00:00:00+00:00"),
    ("last month", "2026-10-01T00:00:00+01:00", "2026-11-01T00:00:00+00:00"),
    ("this year", "2026-01-01T00:00:00+00:00", "2027-01-01T00:00:00+00:00"),
    ("last year", "2025-01-01T00:00:00+00:00", "2026-01-01T00:00:00+00:00"),
    ("3 days ago", "2026-11-20T00:00:00+00:00", "2026-11-21T00:00:00+00:00"),
    ("2 weeks ago", "2026-11-09T00:00:00+00:00", "2026-11-10T00:00:00+00:00"),
    ("2026-11-20", "2026-11-20T00:00:00+00:00", "2026-11-21T00:00:00+00:00"),
    ("yesterday", "2026-11-22T00:00:00+00:00", "2026-11-23T00:00:00+00:00"),
    ("last friday", "2026-11-20T00:00:00+00:00", "2026-11-21T00:00:00+00:00"),
    ("sat 8pm", "2026-11-21T20:00:00+00:00", "2026-11-22T00:00:00+00:00"),
    ("2026-11-20 20:00+01:00", "2026-11-20T20:00:00+01:00", "2026-11-21T00:00:00+01:00"),
])
def test_period_on_a_monday(text: str, start: str, end: str) -> None:
    assert [m.isoformat() for m in period(text, MONDAY)] == [start, end]


@pytest.mark.parametrize("text, start, end", [
    ("last week", "2026-12-21T00:00:00+00:00", "2026-12-28T00:00:00+00:00"),
    ("this week", "2026-12-28T00:00:00+00:00", "2027-01-04T00:00:00+00:00"),
    ("last month", "2026-12-01T00:00:00+00:00", "2027-01-01T00:00:00+00:00"),
    ("last year", "2026-01-01T00:00:00+00:00", "2027-01-01T00:00:00+00:00"),
    ("december", "2026-12-01T00:00:00+00:00", "2027-01-01T00:00:00+00:00"),
    ("january", "2027-01-01T00:00:00+00:00", "2027-02-01T00:00:00+00:00"),
    ("thursday", "2026-12-31T00:00:00+00:00", "2027-01-01T00:00:00+00:00"),
    ("last friday", "2026-12-25T00:00:00+00:00", "2026-12-26T00:00:00+00:00"),
    ("a week ago", "2026-12-25T00:00:00+00:00", "2026-12-26T00:00:00+00:00"),
])
def test_period_across_the_new_year(text: str, start: str, end: str) -> None:
    assert [m.isoformat() for m in period(text, NEW_YEAR)] == [start, end]


@pytest.mark.parametrize("text", [t for t, _ in ON_MONDAY])
def test_parse_when_is_where_the_period_begins(text: str) -> None:
    assert parse_when(text, MONDAY) == period(text, MONDAY)[0].isoformat()


def test_period_start_keeps_its_contract() -> None:
    assert period_start("last month", datetime(2026, 1, 15, 9, 30)) == datetime(
        2025, 12, 1, tzinfo=UTC)
    assert period_start("this week", SATURDAY) == datetime(2026, 11, 16, tzinfo=UTC)
    assert period_start("next blursday", SATURDAY) is None


def test_an_offset_typed_is_kept_in_any_local_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    set_tz(monkeypatch, NEW_YORK)
    assert parse_when("2026-11-20 20:00+01:00", MONDAY) == "2026-11-20T20:00:00+01:00"
    assert parse_when("2026-11-20T20:00Z", MONDAY) == "2026-11-20T20:00:00+00:00"
    assert parse_when("20 Nov 2026 8pm +0530", MONDAY) == "2026-11-20T20:00:00+05:30"


def test_without_an_offset_the_local_zone_is_written(monkeypatch: pytest.MonkeyPatch) -> None:
    set_tz(monkeypatch, NEW_YORK)       # EST -05:00 in November, EDT -04:00 in July
    assert parse_when("tonight", MONDAY) == "2026-11-23T20:00:00-05:00"
    assert parse_when("2026-07-04 21:00", MONDAY) == "2026-07-04T21:00:00-04:00"
    set_tz(monkeypatch, SYDNEY)         # AEDT +11:00 from the first Sunday of October
    assert parse_when("yesterday 8pm", MONDAY) == "2026-11-22T20:00:00+11:00"
    assert parse_when("2026-06-01", MONDAY) == "2026-06-01T00:00:00+10:00"
    set_tz(monkeypatch, LONDON)
    assert parse_when("2026-07-04", MONDAY) == "2026-07-04T00:00:00+01:00"


def test_an_aware_now_uses_its_own_zone() -> None:
    # One instant: Sunday 22 Nov 23:00 in UTC is Monday 23 Nov 10:00 at +11:00.
    instant = datetime(2026, 11, 22, 23, 0, tzinfo=UTC)
    east = instant.astimezone(timezone(timedelta(hours=11)))
    assert parse_when("yesterday", instant) == "2026-11-21T00:00:00+00:00"
    assert parse_when("yesterday", east) == "2026-11-22T00:00:00+11:00"
    assert parse_when("sat 8pm", datetime(2026, 11, 23, 10, 0, tzinfo=timezone(
        timedelta(hours=-3)))) == "2026-11-21T20:00:00-03:00"
    # A zone with rules: October 2026 is BST in London, November GMT.
    monday = datetime(2026, 11, 23, 10, 0, tzinfo=ZoneInfo("Europe/London"))
    assert [m.isoformat() for m in period("last month", monday)] == [
        "2026-10-01T00:00:00+01:00", "2026-11-01T00:00:00+00:00"]


@pytest.mark.parametrize("text", [
    "", "   ", "next blursday", "tomorrow", "next friday", "sat 8", "8", "25:00", "13pm",
    "0am", "8:60pm", "03/04/2026", "20/11/2026", "Sat 20 Nov 2026",  # the 20th is a Friday
    "20 Nov 2026 20:00 BST", "nov 20", "2025-13", "2026-02-30", "2026-02-30 8pm",
    "100000000 days ago", "last march", "last tuesday-ish", "2 fortnights ago",
])
def test_bad_text_says_what_is_understood(text: str) -> None:
    with pytest.raises(DateNotUnderstood) as caught:
        parse_when(text, MONDAY)
    assert isinstance(caught.value, LooError)
    message = str(caught.value)
    assert repr(text) in message
    for form in ("2026-11-20 20:00", "sat 8pm", "last friday", "2 weeks ago", "March 2025"):
        assert form in message
    with pytest.raises(DateNotUnderstood):
        period(text, MONDAY)


def test_stored_when_checks_an_iso_date_time() -> None:
    assert stored_when("2026-11-20T20:00:00+01:00") == datetime(
        2026, 11, 20, 19, 0, tzinfo=UTC)
    with pytest.raises(DateNotUnderstood, match="last tuesday-ish"):
        stored_when("last tuesday-ish")


def test_shown_for_a_title() -> None:
    assert shown("2025-02-01T00:00:00+00:00") == "2025-02-01"          # London in winter
    assert shown("2025-07-01T20:30:00+01:00") == "2025-07-01 20:30"    # London in summer
    assert shown("2025-02-01T20:30:00+01:00") == "2025-02-01 20:30 +01:00"
    assert shown("2025-02-01") == "2025-02-01"


WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


@given(day=st.dates(min_value=date(1990, 1, 1), max_value=date(2090, 12, 31)),
       weekday=st.integers(0, 6))
def test_weekdays_are_in_the_past_week(day: date, weekday: int) -> None:
    now = datetime.combine(day, datetime.min.time()).replace(hour=13, tzinfo=UTC)
    plain = datetime.fromisoformat(parse_when(WEEKDAYS[weekday], now)).date()
    last = datetime.fromisoformat(parse_when("last " + WEEKDAYS[weekday], now)).date()
    assert plain.weekday() == last.weekday() == weekday
    assert 0 <= (day - plain).days <= 6
    assert 1 <= (day - last).days <= 7
