"""A season's tab: who owes whom across sessions, and the debts paid since (issue 11).

Each session in the season is settled as ``loo settle-up`` settles it: its players' nets
and the pool's change, in money, allocated together to the cent (domain/rules/money.py), so
each session's parties sum to zero. The tab adds them up per person (an identity,
store/identities.py: ``Margaret`` and ``margaret`` are one) and per currency, with the
pool as a party (``(pool)``: chips left in pools are money its keeper holds for the next
session). Payments recorded with ``loo paid`` from the season's start on are then taken
off: paying moves the payer's balance up and the payee's down by the amount, so the
balances still sum to zero, and the fewest transfers (greedy) settle what is still owed.
Sessions whose unit has no money value have nothing to settle and are listed as such.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from loo_ledger.domain.rules.money import allocate_cents, exact, from_cents, to_cents, whole_cents
from loo_ledger.errors import LooError
from loo_ledger.formats.limits import MAX_CHIPS
from loo_ledger.services.analysis.settle_up import GREEDY, POOL, fewest_transfers
from loo_ledger.services.analysis.stats import describe, utc
from loo_ledger.store import identities
from loo_ledger.store.stats_sql import Scope, StatsReader

#: An amount as typed: digits, and at most two decimals (no sign, exponent or commas).
AMOUNT = re.compile(r"[0-9]{1,15}(\.[0-9]{1,2})?")
Tab = dict[str | None, dict[str, list[int]]]   # currency -> party -> [money, paid, received]


def season_tab(ledger: Any, *, since: str | None) -> dict[str, Any]:
    """The tab of every session from ``since`` on (an ISO date-time; None: all of them)."""
    who = identities.read(ledger.db)
    sessions = StatsReader(ledger.db).sessions(Scope(since=utc(since) if since else None))
    tabs: Tab = {}
    no_money: list[int] = []
    for s in sessions:
        if s["unit_value"] is None:
            no_money.append(s["id"])
            continue
        tab = tabs.setdefault(s["currency"], {})
        for party, cents in _session_money(ledger, s["id"], s["unit_value"]):
            name = party if party == POOL else who.who(party)
            tab.setdefault(name, [0, 0, 0])[0] += cents
    start = datetime.fromisoformat(since) if since else None
    paid: dict[str | None, list[dict[str, Any]]] = {}
    for p in identities.payments(ledger.db):
        if start is not None and _aware(p["paid_at"]) < _aware(start.isoformat()):
            continue
        payer, payee = (n if n == POOL else who.who(n) for n in (p["payer"], p["payee"]))
        tab = tabs.setdefault(p["currency"], {})
        tab.setdefault(payer, [0, 0, 0])[1] += p["cents"]
        tab.setdefault(payee, [0, 0, 0])[2] += p["cents"]
        paid.setdefault(p["currency"], []).append(
            {"id": p["id"], "from": payer, "to": payee, "amount": str(from_cents(p["cents"])),
             "when": p["paid_at"], "note": p["note"]})
    return {"scope": {"since": since, "title": describe(None, since, len(sessions)),
                      "sessions": [s["id"] for s in sessions], "no_money": no_money},
            "tabs": [_tab(cur, parties, paid.get(cur, [])) for cur, parties in tabs.items()]}


def _session_money(ledger: Any, sid: int, value: str) -> list[tuple[str, int]]:
    """Each player's and the pool's money in session ``sid``, in cents, summing to zero."""
    row = ledger.session(sid)
    nets = [(p["name"], p["net"]) for p in ledger.balances(sid)["players"]]
    change = row["pool"] - row["opening_pool"]
    parties = [*nets, (POOL, change)]
    if sum(c for _, c in parties) != 0:
        raise LooError(f"session {sid}: the players' nets sum to {sum(c for _, c in nets):+d} "
                       f"but the pool changed by {change:+d}; chips are not conserved "
                       "(run 'loo check')")
    cents = allocate_cents([exact(c, value) for _, c in parties])
    return [(name, c) for (name, _), c in zip(parties, cents, strict=True)]


def _tab(currency: str | None, parties: dict[str, list[int]],
         payments: list[dict[str, Any]]) -> dict[str, Any]:
    """One currency's tab: each party's money won or lost, paid, received, still owed."""
    order = sorted(parties, key=lambda n: n == POOL)   # the pool last, players as met
    balances = [(n, parties[n][0] + parties[n][1] - parties[n][2]) for n in order]
    return {
        "currency": currency,
        "parties": [{"name": n, "money": str(from_cents(parties[n][0])),
                     "paid": str(from_cents(parties[n][1])),
                     "received": str(from_cents(parties[n][2])),
                     "balance": str(from_cents(b))} for n, b in balances],
        "payments": payments,
        "method": GREEDY,
        "transfers": [{"from": t["from"], "to": t["to"], "amount": str(from_cents(t["cents"]))}
                      for t in fewest_transfers(balances)],
    }


def _aware(iso: str) -> datetime:
    moment = datetime.fromisoformat(iso)
    return moment if moment.tzinfo else moment.astimezone(UTC)


def amount_cents(text: str) -> int:
    """A money amount as typed (``12.50``), in whole cents; LooError unless it is a
    positive decimal of whole cents no larger than the largest amount of chips."""
    amount = Decimal(text.strip()) if AMOUNT.fullmatch(text.strip()) else Decimal(0)
    if amount <= 0 or amount > MAX_CHIPS or not whole_cents(amount):
        raise LooError(f"{text!r} is not an amount paid: give a positive amount of money in "
                       "whole cents, such as 12.50")
    return to_cents(amount)


def record_payment(ledger: Any, *, payer: str, payee: str, amount: str, when: str,
                   note: str | None, currency: str | None) -> dict[str, Any]:
    """Store that ``payer`` paid ``payee`` ``amount`` (one transaction); what was stored.
    ``currency`` None: the currency of the latest session with a money value."""
    if payer == payee:
        raise LooError(f"{payer} cannot pay {payee}: a payment is between two parties")
    from loo_ledger.services.names import check_currency
    check_currency(currency)
    cents = amount_cents(amount)
    if currency is None:
        valued = [s for s in StatsReader(ledger.db).sessions(Scope())
                  if s["unit_value"] is not None]
        if not valued:
            raise LooError("no session has a unit with a money value, so there is no debt to "
                           "pay; give the currency with --currency")
        currency = valued[-1]["currency"]
    from loo_ledger.store.codec import now_iso
    pid = identities.add_payment(ledger.db, payer=payer, payee=payee, cents=cents,
                                 currency=currency, paid_at=when, note=note,
                                 created_at=now_iso())
    return {"id": pid, "from": payer, "to": payee, "amount": str(from_cents(cents)),
            "currency": currency, "when": when, "note": note}
