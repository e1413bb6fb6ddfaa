"""Players across sessions: who each seat's name is, and the debts paid between them.

A person is an **identity** (``identities``: id, the name shown) named by **aliases**
(``aliases``: a spelling casefolded -> identity). m011 gave every name seated before it
an identity. A name with no alias row (seated since) is read as its own identity, keyed
by its casefolded spelling and shown as first spelled (by session, then seat): so
``Margaret`` and ``margaret`` are one person without anything being written on a read.
``loo player merge ALIAS PLAYER`` writes the alias rows that make two spellings one.

``payments`` are debts paid (``loo paid``), in whole cents, between parties named as
typed; they are resolved through the aliases when read, so they follow later merges.
Every write here is one transaction (``BEGIN IMMEDIATE``), reading inside it, and leaves
an audit row of the ledger's own (session id 0, :data:`LEDGER_AUDIT`): ``paid`` with the
payment as stored, ``merged`` with the identity's name and every spelling that names it
after the merge, ``unpaid`` with a payment removed (``loo payments remove``: deleted, kept
here). ``loo check`` holds the tables to them (services/checking_table.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec

from loo_ledger.errors import LooError
from loo_ledger.store.conn import Connection

#: The pool as a party of the tab (as settle-up names it).
POOL = "(pool)"
#: The session id of the ledger's own audit rows (payments, merges): no session has it.
LEDGER_AUDIT = 0
INSERT_AUDIT = ("INSERT INTO audit (session_id, hand, action, old_record, new_record, at) "
                "VALUES (?, NULL, ?, NULL, ?, ?)")
PAYMENT_COLUMNS = ("id", "payer", "payee", "cents", "currency", "paid_at", "note",
                   "created_at", "sessions", "advance")
#: The payment's columns since m021, which a ``paid`` audit row written before it leaves out
#: (``loo check`` holds such a payment to the columns its row recorded).
PAYMENT_SINCE_M021 = ("sessions", "advance")
SEATS_IN_ORDER = "SELECT session_id, name FROM seats ORDER BY session_id, position"
#: Each spelling seated, once, in the order of the seat where it first sat (its first
#: session, then its position there).
FIRST_SEATS = ("SELECT s.name FROM seats s JOIN (SELECT name, min(session_id) AS first FROM "
               "seats GROUP BY name) f ON f.name = s.name AND f.first = s.session_id "
               "ORDER BY s.session_id, s.position")
ALIASES = "SELECT a.alias, a.identity_id, i.name FROM aliases a JOIN identities i " \
          "ON i.id = a.identity_id"


class Identities(msgspec.Struct, frozen=True):
    """Every spelling known (seats and aliases) and the identity each names.

    ``shown``: casefolded spelling -> the identity's name; ``spellings``: the identity's
    name -> the spellings seen or aliased (as first written); ``sessions``: the identity's
    name -> the ids of the sessions it sat in (in order)."""

    shown: dict[str, str] = msgspec.field(default_factory=dict)
    spellings: dict[str, list[str]] = msgspec.field(default_factory=dict)
    sessions: dict[str, list[int]] = msgspec.field(default_factory=dict)

    def who(self, name: str) -> str:
        """The name of the identity ``name`` is (a spelling never seen is its own)."""
        return self.shown.get(name.casefold(), name)

    def names(self) -> Mapping[str, str]:
        """Each spelling seen at a seat -> its identity's name (for SQL, store/stats_sql.py)."""
        return {s: self.who(s) for spellings in self.spellings.values() for s in spellings}


def read(db: Connection, *, sessions: bool = True) -> Identities:
    """The identities as stored, with every seated name resolved (nothing is written).

    Each spelling is resolved once, in the order of the seat where it first sat (one row
    a spelling, :data:`FIRST_SEATS`: a million-hand ledger has some 18,000 seats and a
    handful of spellings); ``sessions`` false leaves :attr:`Identities.sessions` empty,
    which spares reading every seat (``names()`` needs only the spellings)."""
    out = Identities()
    for alias, _identity, name in db.execute(ALIASES).fetchall():
        out.shown[alias] = name
        out.spellings.setdefault(name, [])
    for name in [r[0] for r in db.execute(FIRST_SEATS).fetchall()]:
        who = out.shown.setdefault(name.casefold(), name)
        out.spellings.setdefault(who, []).append(name)
    if sessions:
        seen: set[tuple[str, int]] = set()  # (identity, session): a list's `in` was quadratic
        for sid, name in db.execute(SEATS_IN_ORDER).fetchall():
            who = out.shown[name.casefold()]
            if (who, sid) not in seen:
                seen.add((who, sid))
                out.sessions.setdefault(who, []).append(sid)
    for alias, _, name in db.execute(ALIASES).fetchall():
        if not any(s.casefold() == alias for s in out.spellings[name]):
            out.spellings[name].append(alias)
    return out


def _identity_of(db: Connection, key: str) -> int | None:
    row = db.execute("SELECT identity_id FROM aliases WHERE alias = ?", (key,)).fetchone()
    return None if row is None else int(row[0])


def merge(db: Connection, alias: str, player: str) -> dict[str, Any]:
    """Make the spelling ``alias`` (and every spelling of its identity) name ``player``'s
    identity, in one transaction. ``player`` is a name as :func:`read` shows an identity;
    LooError if the two are one already. Returns the identity's name and spellings."""
    with db.write(f"{alias} as {player}"):
        known = read(db)
        target_name = known.who(player)
        if known.who(alias) == target_name:
            raise LooError(f"{alias} and {player} are one player already ({target_name}); "
                           "nothing was changed")
        target = _identity_of(db, target_name.casefold())
        if target is None:
            target = int(db.execute("INSERT INTO identities (name) VALUES (?)",
                                    (target_name,)).lastrowid or 0)
            db.execute("INSERT INTO aliases (alias, identity_id) VALUES (?, ?)",
                       (target_name.casefold(), target))
        source = _identity_of(db, alias.casefold())
        if source is None:
            db.execute("INSERT INTO aliases (alias, identity_id) VALUES (?, ?)",
                       (alias.casefold(), target))
        else:
            db.execute("UPDATE aliases SET identity_id = ? WHERE identity_id = ?",
                       (target, source))
            db.execute("DELETE FROM identities WHERE id = ?", (source,))
        spellings = sorted(r[0] for r in db.execute(
            "SELECT alias FROM aliases WHERE identity_id = ?", (target,)).fetchall())
        _audit(db, "merged", {"player": target_name, "aliases": spellings})
        after = read(db)
    return {"player": target_name, "aliases": after.spellings.get(target_name, []),
            "sessions": after.sessions.get(target_name, [])}


def add_payment(db: Connection, *, payer: str, payee: str, cents: int, currency: str | None,
                paid_at: str, note: str | None, created_at: str,
                sessions: Sequence[int] | None = None, advance: bool = False,
                check: Callable[[], None] | None = None) -> int:
    """Record one debt paid (whole cents), in one transaction; its id. ``sessions``: the
    sessions it settles (None: the oldest debts first); ``check``, called inside the
    transaction before anything is written, may refuse it (raising LooError) from what
    is stored then."""
    named = None if sessions is None else dumps_ids(sessions)
    with db.write(f"the payment from {payer} to {payee}"):
        if check is not None:
            check()
        cur = db.execute("INSERT INTO payments (payer, payee, cents, currency, paid_at, note, "
                         "created_at, sessions, advance) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (payer, payee, cents, currency, paid_at, note, created_at, named,
                          int(advance)))
        pid = int(cur.lastrowid or 0)
        _audit(db, "paid", dict(zip(PAYMENT_COLUMNS, (pid, payer, payee, cents, currency,
                                                      paid_at, note, created_at, named,
                                                      int(advance)),
                                    strict=True)))
        return pid


def dumps_ids(ids: Sequence[int]) -> str:
    """Session ids as stored in ``payments.sessions``: ``[1,3]``."""
    return "[" + ",".join(str(int(i)) for i in ids) + "]"


def remove_payment(db: Connection, pid: int) -> dict[str, Any]:
    """Delete payment ``pid``, in one transaction, keeping it in the audit trail (an
    ``unpaid`` row with the payment as it was stored); the payment. LooError if there is
    no such payment."""
    with db.write(f"removing payment {pid}"):
        row = db.execute(f"SELECT {', '.join(PAYMENT_COLUMNS)} FROM payments WHERE id = ?",
                         (pid,)).fetchone()
        if row is None:
            known = [r[0] for r in db.execute("SELECT id FROM payments ORDER BY id")]
            raise LooError(f"there is no payment {pid}; the payments are "
                           f"{', '.join(map(str, known)) or 'none'} ('loo payments list')")
        was = dict(zip(PAYMENT_COLUMNS, row, strict=True))
        db.execute("DELETE FROM payments WHERE id = ?", (pid,))
        _audit(db, "unpaid", was)
    return was


def _audit(db: Connection, action: str, new: dict[str, Any]) -> None:
    from loo_ledger.store.codec import dumps, now_iso  # noqa: PLC0415 (the codec: only to record a merge, not for `loo stats`' read)
    db.execute(INSERT_AUDIT, (LEDGER_AUDIT, action, dumps(new), now_iso()))


def kept(db: Connection) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]],
                                  list[tuple[Any, ...]]]:
    """For ``loo check``, in one read: the ledger's own audit rows (id, action,
    new_record, at), every payment (:data:`PAYMENT_COLUMNS`) and every alias with the name
    of its identity (None if it has none)."""
    with db.snapshot():
        audit = db.execute("SELECT id, action, new_record, at FROM audit WHERE session_id = ? "
                           "ORDER BY id", (LEDGER_AUDIT,)).fetchall()
        paid = db.execute(f"SELECT {', '.join(PAYMENT_COLUMNS)} FROM payments ORDER BY id"
                          ).fetchall()
        aliases = db.execute("SELECT a.alias, i.name FROM aliases a LEFT JOIN identities i "
                             "ON i.id = a.identity_id ORDER BY a.alias").fetchall()
    return ([tuple(r) for r in audit], [tuple(r) for r in paid],
            [tuple(r) for r in aliases])


def payments(db: Connection) -> list[dict[str, Any]]:
    """Every payment, oldest first (by when it was paid, then as recorded); ``sessions``
    decoded (a list of ids, or None)."""
    rows = list(db.query("SELECT id, payer, payee, cents, currency, paid_at, note, sessions, "
                         "advance FROM payments ORDER BY datetime(paid_at), id"))
    for r in rows:
        r["sessions"] = None if r["sessions"] is None else json.loads(r["sessions"])
        r["advance"] = bool(r["advance"])
    return rows
