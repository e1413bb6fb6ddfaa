"""``loo check``'s look at what is kept beside the hands: each is derived from, or held
to, the audit trail (services/checking_audit.py replays it).

A session's row:

- who is at the table (``seats.present``) is what its log of seat changes gives: a player
  whose last change is a leave is away, every other is present (``CHECK_SEATS``);
- the log of seat changes (``sessions.seat_changes``) ends with the changes the audit made
  (``joined``/``seated``/``left``), and for a session made at the table is exactly them
  (``CHECK_AUDIT_SEATS``); an imported session's own changes, from its file, come first
  and have no audit row;
- ``closed_at`` is set when the last ``closed`` or ``reopened`` row is ``closed``, and is
  the time that row gives (``CHECK_AUDIT_CLOSED``; migration m018 wrote a ``closed`` row
  for each session an older version had closed);
- a session imported from a file since fingerprints were kept (migration m009) has its
  fingerprint in ``imports`` (``CHECK_IMPORTS``).

The ledger's own rows (session id 0: store/identities.py): every payment is the one its
``paid`` row gives and every ``paid`` row's payment is there unless an ``unpaid`` row
removed it (``CHECK_PAYMENTS``); every
spelling a ``merged`` (or m018's ``aliases``) row gives names that player, and every alias
is given by one (``CHECK_ALIASES``).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from loo_ledger.errors import Problem
from loo_ledger.services.checking_audit import AuditTrail
from loo_ledger.store.codec import loads_or_none
from loo_ledger.store.identities import PAYMENT_COLUMNS, PAYMENT_SINCE_M021
from loo_ledger.store.stored_rows import StoredRows

#: The source of a session carried from another (services/table.new_session).
CARRIED = "carried from session "


def made_here(stored: StoredRows) -> bool:
    """Whether the session was made at the table (``loo new``), not imported from a file:
    it then began with no hands, and every seat change is in its audit."""
    return stored.source is None or stored.source.startswith(CARRIED)


def check_table(sid: int, stored: StoredRows, trail: AuditTrail) -> list[Problem]:
    """The findings about session ``sid``'s row (see the module)."""
    out: list[Problem] = []

    def add(code: str, message: str, player: str | None = None) -> None:
        out.append(Problem(code=code, hand=None, player=player,
                           message=f"session {sid}: {message}"))

    log = loads_or_none(stored.seat_changes)
    if not isinstance(log, list) or not all(isinstance(c, dict) for c in log):
        add("CHECK_AUDIT_SEATS", f"the log of seat changes is not a JSON list of changes: "
            f"{stored.seat_changes!r}"[:300])
        log = None
    if log is not None and trail.seat_log is not None:
        _seats(add, stored, log, trail.seat_log)
    _closing(add, stored, trail.closing)
    if not made_here(stored) and not stored.imported and _since(
            stored.created_at, stored.since.get("m009_import_fingerprints")):
        add("CHECK_IMPORTS", f"it was imported from {stored.source!r}, but the fingerprint "
            "that refuses the same file again is not in imports ('loo import' of that "
            "file would make a second copy)")
    return out


def _seats(add: Any, stored: StoredRows, log: list[dict[str, Any]],
           audited: list[dict[str, Any]]) -> None:
    kept = log[len(log) - len(audited):] if len(log) >= len(audited) else None
    if kept != audited or (made_here(stored) and len(log) != len(audited)):
        add("CHECK_AUDIT_SEATS", f"the log of seat changes {json.dumps(log)} does not "
            f"{'match' if made_here(stored) else 'end with'} the changes the audit made: "
            f"{json.dumps(audited)}")
        return
    last = {c.get("player"): c.get("change") for c in log}
    for name, here in stored.present.items():
        away = last.get(name) == "leave"
        if bool(here) == away:
            add("CHECK_SEATS", f"{name} is stored as {'present' if here else 'away'}, but "
                f"the log of seat changes has them {'away' if away else 'at the table'}",
                player=name)


def _closing(add: Any, stored: StoredRows, closing: tuple[str, Any] | None) -> None:
    action, new = closing if closing is not None else (None, None)
    closed = action == "closed"
    given = new.get("closed_at") if closed and isinstance(new, dict) else None
    if closed and stored.closed_at != given:
        add("CHECK_AUDIT_CLOSED", f"closed_at is {stored.closed_at!r}, but the audit closed "
            f"the session at {given!r}")
    elif not closed and stored.closed_at is not None:
        add("CHECK_AUDIT_CLOSED", f"closed_at is {stored.closed_at!r}, but the audit "
            f"{'reopened' if closing else 'never closed'} the session")


def check_ledger_rows(audit: list[tuple[Any, ...]], payments: list[tuple[Any, ...]],
                      aliases: list[tuple[Any, ...]]) -> list[Problem]:
    """The payments and aliases held to the ledger's own audit rows (store/identities.kept:
    (id, action, new_record, at); the payments' columns; (alias, its identity's name))."""
    out: list[Problem] = []

    def add(code: str, message: str) -> None:
        out.append(Problem(code=code, hand=None, message=message))

    paid: dict[Any, dict[str, Any]] = {}
    named: dict[str, Any] = {}
    for rid, action, text, _ in audit:
        new = loads_or_none(text)
        if action == "paid" and isinstance(new, dict):
            paid[new.get("id")] = new
        elif action == "unpaid" and isinstance(new, dict) and new.get("id") in paid:
            paid.pop(new.get("id"))   # removed: kept in the audit, gone from payments
        elif action in ("merged", "aliases") and isinstance(new, dict) and isinstance(
                new.get("aliases"), list):
            named.update(dict.fromkeys(new["aliases"], new.get("player")))
        else:
            add("CHECK_AUDIT_JSON", f"ledger audit row {rid} ({action}) is not a payment, a "
                "payment removed or a merge")
    for row in payments:
        have = dict(zip(PAYMENT_COLUMNS, row, strict=True))
        want = paid.pop(have["id"], None)
        if want is not None:   # a row written before m021 recorded no sessions or advance
            have = {k: v for k, v in have.items() if k in want or k not in PAYMENT_SINCE_M021}
        if want != have:
            add("CHECK_PAYMENTS", f"payment {have['id']} is stored as {_said(have)}, but the "
                f"audit {'recorded ' + _said(want) if want else 'never recorded it'}")
    for pid, want in paid.items():
        add("CHECK_PAYMENTS", f"payment {pid} ({_said(want)}) was recorded, but it is not "
            "stored")
    stored = dict(aliases)
    for alias, who in named.items():
        if alias not in stored:
            add("CHECK_ALIASES", f"the spelling {alias!r} names {who} in the audit, but no "
                "alias row says so")
        elif stored[alias] != who:
            add("CHECK_ALIASES", f"the spelling {alias!r} names {stored[alias]!r}, but the "
                f"audit has it name {who!r}")
    for alias in stored.keys() - named.keys():
        add("CHECK_ALIASES", f"the spelling {alias!r} names {stored[alias]!r}, but no merge "
            "in the audit made it")
    return out


def _said(p: dict[str, Any]) -> str:
    return (f"{p.get('payer')} paid {p.get('payee')} {p.get('cents')} cents"
            f"{' ' + str(p['currency']) if p.get('currency') else ''} at {p.get('paid_at')}")


def _since(created_at: str, applied_at: str | None) -> bool:
    """Whether a session made at ``created_at`` is no older than a migration applied at
    ``applied_at`` (to the second; False if either is not a time)."""
    try:
        made = datetime.fromisoformat(created_at)
        applied = datetime.fromisoformat(applied_at or "").replace(microsecond=0)
    except (TypeError, ValueError):
        return False
    return made >= applied


