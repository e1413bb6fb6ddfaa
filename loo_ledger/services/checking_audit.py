"""``loo check``'s audit check: the audit trail of a session, replayed in order, must give
the hand records that are stored.

Each audit row says what a change did to the hands (store/writer.py, services/table.py
and services/sessions.py write them): ``add`` (hand N, ``new_record`` the record stored),
``amend`` (hand N, the record before and after), ``undo`` (the last hand N, the record
removed), ``seated`` (every record gains the new player in ``sitting_out``), ``renamed``
(``{"player": old}`` -> ``{"player": new}`` renames the player in every record; ``{"name":
...}`` is the session's name), ``rules`` (hand None, or the hand a rule changes from: at
most the next hand), and ``joined``, ``left``, ``reopened``, ``closed``, which leave the
records as they were. ``deleted`` ends a session: rows before it are an earlier session's.

Replaying them gives, for every hand, the last record the audit gives for it; then:

- every row names a hand that existed then (an ``add`` the next hand, an ``undo`` the
  last, an ``amend`` one of them), else ``CHECK_AUDIT_HAND``;
- an ``amend``'s or ``undo``'s record before is the record the audit last gave for that
  hand (``CHECK_AUDIT_CONTINUITY``);
- the rows' times never go back in id order (``CHECK_AUDIT_ORDER``);
- a record that is not JSON, or not an object where a record belongs, is
  ``CHECK_AUDIT_JSON``, never a crash; an action not listed above is ``CHECK_AUDIT_ACTION``;
- every stored hand was added by the audit (``CHECK_AUDIT_MISSING``), the audit adds no
  hand that is not stored (``CHECK_AUDIT_EXTRA``), and the last record the audit gives for
  hand N is the stored record of hand N (``CHECK_AUDIT_RECORD``).

The hands a session starts with have no audit rows: an import stores its hands with the
session, ``loo new`` starts with none, and sessions imported before the audit existed
(migration m006, e.g. an upgraded first-version ledger) have no audit rows at all. A
session made at the table (``started=0``: services/checking_table.made_here) started with
none, so the audit must add every hand it has. For an imported session the number is not
stored, so it is read from the audit: the first ``add`` of hand N (or ``undo`` of hand N)
says how many hands there were before it; one with no ``add`` or ``undo`` row started with
every hand it has. Those starting hands count as added by the import and their records
are accepted as stored until an ``amend`` or ``undo`` row gives them. A consequence: in an
imported session, the deletion of the first ``add`` row after the import (or of every
row) is not seen (it reads as one more imported hand); a deleted later row is.

The replay also gives what services/checking_table.py holds the session's row to: the seat
changes the audit made (``joined``/``seated`` a join, ``left`` a leave, before the next
hand then; an ``undo`` of hand N moves later ones back to N, as services/table.undo does;
``renamed`` renames), counted only from ``seats_since`` (migration m010, which began the
log), and the last ``closed`` or ``reopened`` row.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from msgspec.structs import replace

from loo_ledger.errors import LooError, Problem
from loo_ledger.formats.handcodec import record_from_dict
from loo_ledger.services.sessions import renamed_record
from loo_ledger.store.codec import loads_or_none, stored_record

#: A hand the session started with: the audit does not give its record.
_STARTED = object()
_NO_HANDS = frozenset({"joined", "left", "reopened", "closed"})
_SEATS = {"joined": "join", "seated": "join", "left": "leave"}

Add = Callable[[str, int | None, str], None]


def check_audit(sid: int, audit: Sequence[tuple[Any, ...]],
                records: Sequence[tuple[int, Any]]) -> list[Problem]:
    """The findings of replaying session ``sid``'s ``audit`` rows (id, hand, action,
    old_record, new_record, at; in id order) against its stored ``records`` (number, the
    record decoded: store/codec.py; None if it cannot be read)."""
    trail = AuditTrail(sid, audit, len(records))
    for n, record in records:
        trail.hand(n, record)
    return trail.finish()


class AuditTrail:
    """:func:`check_audit` in steps, for a check that reads the hands one at a time: the
    audit replayed first (its rows are few), then each stored hand in order
    (:meth:`hand`), then :meth:`finish`. What it keeps of the hands is what differs."""

    def __init__(self, sid: int, audit: Sequence[tuple[Any, ...]], stored_count: int, *,
                 started: int | None = None, seats_since: str | None = None):
        self.out: list[Problem] = []
        self.sid = sid
        last_deleted = max((i for i, r in enumerate(audit) if r[2] == "deleted"), default=-1)
        rows = list(audit[last_deleted + 1:])
        _times(self.add, rows)
        self.trail: list[Any] = [_STARTED] * (
            _started_with(rows, stored_count) if started is None else started)
        #: The seat changes the audit made, as the session's log writes them; None if a
        #: seat row is older than the log (``seats_since``), so the log cannot be held to it.
        self.seat_log: list[dict[str, Any]] | None = []
        #: The last ``closed`` or ``reopened`` row: (action, its new_record decoded).
        self.closing: tuple[str, Any] | None = None
        since = _moment(seats_since)
        for row in rows:
            self._seats_and_closing(row, since)
            _apply(self.add, self.trail, row, stored_count)
        #: the stored hands met (:meth:`hand`): how many, the numbers the audit never
        #: added, and (number, record) of each whose record is not the audit's
        self.count = 0
        self.missing: list[int] = []
        self.differ: list[tuple[int, Any]] = []

    def _seats_and_closing(self, row: tuple[Any, ...], since: datetime | None) -> None:
        _, hand, action, old_text, new_text, at = row
        if action in ("closed", "reopened"):
            self.closing = (action, loads_or_none(new_text))
        if self.seat_log is None:
            return
        log = self.seat_log
        new = loads_or_none(new_text)
        if action in _SEATS:
            when = _moment(at)
            if since is None or when is None or when < since:
                self.seat_log = None
                return
            who = new.get("player") if isinstance(new, dict) else None
            log.append({"before_hand": len(self.trail) + 1, "player": who,
                        "change": _SEATS[action]})
        elif action == "undo" and (n := _hand(hand)) is not None:
            self.seat_log = [{**c, "before_hand": min(c["before_hand"], n)} for c in log]
        elif action == "renamed":
            old = loads_or_none(old_text)
            if isinstance(old, dict) and isinstance(new, dict) and "player" in new:
                self.seat_log = [{**c, "player": new["player"] if c["player"] == old.get(
                    "player") else c["player"]} for c in log]

    def add(self, code: str, hand: int | None, message: str) -> None:
        self.out.append(Problem(code=code, hand=hand, message=f"session {self.sid}: {message}"))

    def hand(self, n: int, record: Any) -> None:
        """Stored hand ``n`` (the hands come in order), its record decoded (store/codec.py;
        None if it cannot be read): held to the record the audit gives for it, if any."""
        self.count += 1
        trail = self.trail
        if n > len(trail):
            self.missing.append(n)
        elif (n >= 1 and (want := trail[n - 1]) is not _STARTED and isinstance(record, dict)
              and record != want):
            self.differ.append((n, record))

    def finish(self) -> list[Problem]:
        """The findings: the audit's own, then the stored hands' (see the module)."""
        add, trail = self.add, self.trail
        for n in self.missing:
            add("CHECK_AUDIT_MISSING", n, f"hand {n} is stored, but the audit never added it")
        for n in range(self.count + 1, len(trail) + 1):
            add("CHECK_AUDIT_EXTRA", n, f"the audit adds hand {n} and never undoes it, but it "
                "is not stored")
        for n, have in self.differ:
            add("CHECK_AUDIT_RECORD", n, f"the stored record of hand {n} is not the last "
                f"record the audit gives for it: stored {json.dumps(have)}, audit "
                f"{json.dumps(trail[n - 1])}")
        return self.out


def _moment(text: Any) -> datetime | None:
    """An audit time or a migration's (``2026-01-02T03:04:05+00:00``, ``2026-01-02
    03:04:05.678+00:00``) to the second, or None if it is not one."""
    try:
        return datetime.fromisoformat(text).replace(microsecond=0)
    except (TypeError, ValueError):
        return None


def _hand(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _started_with(rows: Sequence[tuple[Any, ...]], stored: int) -> int:
    """How many hands the session started with (before its first audit row)."""
    for _, hand, action, *_ in rows:
        n = _hand(hand)
        if action == "add" and n is not None:
            return max(n - 1, 0)
        if action == "undo" and n is not None:
            return max(n, 0)
    return stored


def _times(add: Add, rows: Sequence[tuple[Any, ...]]) -> None:
    before: str | None = None
    for rid, hand, action, _, _, at in rows:
        if not isinstance(at, str):
            add("CHECK_AUDIT_ORDER", _hand(hand), f"audit row {rid} ({action}) has no time")
            continue
        if before is not None and at < before:
            add("CHECK_AUDIT_ORDER", _hand(hand), f"audit row {rid} ({action}) is dated {at}, "
                f"before the row ahead of it ({before})")
        before = at if before is None or at > before else before


def _record(add: Add, rid: int, hand: int | None, action: str, which: str,
            text: Any) -> dict[str, Any] | None:
    """The record in an audit row's ``which`` column, or None (a finding) if it is not a
    JSON object."""
    value = loads_or_none(text)
    if not isinstance(value, dict):
        what = "a JSON object" if value is not None or text == "null" else "JSON"
        add("CHECK_AUDIT_JSON", hand, f"audit row {rid} ({action}): the {which} is not {what}")
        return None
    return value


def _apply(add: Add, trail: list[Any], row: tuple[Any, ...], stored: int) -> None:
    rid, hand, action, old_text, new_text, _ = row
    n, have = _hand(hand), len(trail)
    if action in _NO_HANDS or action == "rules":
        for which, text in (("record before", old_text), ("record after", new_text)):
            if text is not None and loads_or_none(text) is None and text != "null":
                add("CHECK_AUDIT_JSON", n, f"audit row {rid} ({action}): the {which} is not "
                    "JSON")
    if action in ("add", "amend", "undo") and n is None:
        add("CHECK_AUDIT_HAND", None, f"audit row {rid} ({action}) names no hand ({hand!r})")
    elif action == "add":
        if n is not None and have + 1 < n <= stored:
            for gap in range(have + 1, n):
                add("CHECK_AUDIT_MISSING", gap, f"hand {gap} is stored, but the audit never "
                    f"added it (audit row {rid} adds hand {n} after hand {have})")
            trail.extend([_STARTED] * (n - 1 - have))
        elif n != have + 1:
            add("CHECK_AUDIT_HAND", n, f"audit row {rid} adds hand {n}, but the session had "
                f"{have} hands then")
            return
        trail.append(_record(add, rid, n, action, "record added", new_text) or _STARTED)
    elif action in ("amend", "undo"):
        assert n is not None
        if not 1 <= n <= have or (action == "undo" and n != have):
            add("CHECK_AUDIT_HAND", n, f"audit row {rid} ({action}) names hand {n}, but the "
                f"session had {have} hands then")
            return
        old = _record(add, rid, n, action, "record before", old_text)
        if old is not None and trail[n - 1] is not _STARTED and old != trail[n - 1]:
            add("CHECK_AUDIT_CONTINUITY", n, f"audit row {rid} ({action}) says hand {n} was "
                f"{json.dumps(old)}, but the audit before it gives {json.dumps(trail[n - 1])}")
        if action == "undo":
            trail.pop()
        else:
            trail[n - 1] = _record(add, rid, n, action, "record after", new_text) or _STARTED
    elif action == "rules":
        if hand is not None and (n is None or not 1 <= n <= have + 1):
            add("CHECK_AUDIT_HAND", n, f"audit row {rid} changes the rules from hand {hand}, "
                f"but the session had {have} hands then")
    elif action in ("seated", "renamed"):
        _rewrite(add, trail, rid, action, old_text, new_text)
    elif action not in _NO_HANDS:
        add("CHECK_AUDIT_ACTION", n, f"audit row {rid}: {action!r} is not an action of the "
            "audit")


def _rewrite(add: Add, trail: list[Any], rid: int, action: str, old_text: Any,
             new_text: Any) -> None:
    """A seat change or a renaming: every record the audit knows is rewritten as the
    writer rewrote it."""
    new = loads_or_none(new_text)
    old = loads_or_none(old_text) if action == "renamed" else {"player": None}
    if not (isinstance(new, dict) and isinstance(old, dict)
            and isinstance(new.get("player", new.get("name")), str)):
        add("CHECK_AUDIT_JSON", None, f"audit row {rid} ({action}) does not say who")
        return
    if "player" not in new:
        return  # the session's own name
    name = new["player"]
    for i, record in enumerate(trail):
        if record is _STARTED:
            continue
        try:
            if action == "seated":
                h = record_from_dict(record)
                trail[i] = stored_record(replace(h, sitting_out=(*h.sitting_out, name)),
                                         record.get("dealer") or "")
            else:
                trail[i] = renamed_record(record, old["player"], name)
        except (KeyError, TypeError, ValueError, AttributeError, LooError):
            trail[i] = _STARTED
