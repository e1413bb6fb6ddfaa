"""A season's tab: who owes whom across sessions, and the debts paid (issues 11 and 21).

Each session in the season is settled as ``loo settle-up`` settles it: its players' nets
and the pool's change, in money, allocated together to the cent (domain/rules/money.py), so
each session's parties sum to zero. The tab adds them up per person (an identity,
store/identities.py: ``Margaret`` and ``margaret`` are one) and per currency, with the
pool as a party (``(pool)``: chips left in pools are money its keeper holds for the next
session).

Payments (``loo paid``) are counted against the debts they paid (services/analysis/
debts.py): those of the sessions a payment names, else the payer's oldest unpaid losses
and the payee's oldest unpaid winnings first. Over all time (``--all``) every payment
counts: paying moves the payer's balance up and the payee's down by the amount, so the
balances still sum to zero, and the fewest transfers (greedy) settle what is still owed. A
window (``--since``) counts only what settled its own evenings, and asks nobody to pay more
than they owe over all time, nor pays anybody more than they are owed over all time.

Sessions whose unit has no money value are settled in chips, per unit (issue 22 item 13):
who hands whom how many chips; payments are money, so a chips tab has none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from loo_ledger.domain.rules.money import allocate_cents, exact, from_cents, to_cents, whole_cents
from loo_ledger.errors import LooError
from loo_ledger.formats.limits import MAX_CHIPS
from loo_ledger.services.analysis import debts
from loo_ledger.services.analysis.settle_up import GREEDY, POOL, fewest_transfers
from loo_ledger.services.analysis.stats import describe, utc
from loo_ledger.store import identities
from loo_ledger.store.stats_sql import Scope, StatsReader

#: An amount as typed: digits, and at most two decimals (no sign, exponent or commas).
AMOUNT = re.compile(r"[0-9]{1,15}(\.[0-9]{1,2})?")
#: How a window counts payments, in words.
WINDOW_RULE = ("only what settled these evenings is counted: a payment settles the sessions "
               "it names ('loo paid --for'), else the payer's oldest unpaid losses and the "
               "payee's oldest unpaid winnings first; nobody is asked to pay more than they "
               "owe over all time, nor paid more than they are owed")


def season_tab(ledger: Any, *, since: str | None, evenings: Sequence[int] | None = None,
               title: str | None = None) -> dict[str, Any]:
    """The tab of every session from ``since`` on (an ISO date-time; None: all of them), or
    of the sessions ``evenings`` (the ids a report's filters chose, with their ``title``):
    a window, counted as a window from a date is."""
    who = identities.read(ledger.db, sessions=False)  # only who.who: no session list
    reader = StatsReader(ledger.db)
    every = reader.sessions(Scope())
    if evenings is not None:
        chosen = set(evenings)
        window = [s for s in every if s["id"] in chosen]
    else:
        window = reader.sessions(Scope(since=utc(since))) if since else every
    windowed = since is not None or evenings is not None
    inside = [s["id"] for s in window]
    money: dict[str | None, list[debts.Evening]] = {}
    chips: dict[str | None, list[debts.Evening]] = {}
    for s in every:
        value = s["unit_value"]
        by_who = _by_who(ledger, s, who)
        book = chips.setdefault(s["unit_name"], []) if value is None else \
            money.setdefault(s["currency"], [])
        book.append(debts.Evening(session=s["id"], money=by_who))
    paid = _payments(ledger, who)
    tabs = [_money_tab(cur, evenings_, paid.get(cur, []), inside if windowed else None,
                       since)
            for cur, evenings_ in money.items()
            if not windowed or any(e.session in inside for e in evenings_)
            or (since is not None
                and any(_aware(p["paid_at"]) >= _aware(since) for p in paid.get(cur, [])))]
    tabs += [_chips_tab(unit, evenings_, inside) for unit, evenings_ in chips.items()
             if any(e.session in inside for e in evenings_)]
    return {"scope": {"since": since, "title": title or describe(None, since, len(window)),
                      "sessions": inside,
                      "no_money": [s["id"] for s in window if s["unit_value"] is None],
                      **({"rule": WINDOW_RULE} if windowed else {})},
            "tabs": tabs}


def _payments(ledger: Any, who: identities.Identities) -> dict[str | None, list[dict[str, Any]]]:
    """Every payment by currency, oldest first, its parties as identities."""
    out: dict[str | None, list[dict[str, Any]]] = {}
    for p in identities.payments(ledger.db):
        payer, payee = (n if n == POOL else who.who(n) for n in (p["payer"], p["payee"]))
        out.setdefault(p["currency"], []).append(
            {"id": p["id"], "from": payer, "to": payee, "cents": p["cents"],
             "paid_at": p["paid_at"], "note": p["note"],
             "sessions": p["sessions"], "advance": p["advance"]})
    return out


def _placed(evenings: list[debts.Evening], paid: list[dict[str, Any]]) -> list[debts.Placed]:
    return debts.place(evenings, [
        debts.Payment(id=p["id"], payer=p["from"], payee=p["to"], cents=p["cents"],
                      sessions=None if p["sessions"] is None else tuple(p["sessions"]))
        for p in paid])


def _money_tab(currency: str | None, evenings: list[debts.Evening],
               paid: list[dict[str, Any]], inside: list[int] | None,
               since: str | None) -> dict[str, Any]:
    """One currency's tab: over all time (``inside`` None), or the window ``inside``."""
    placed = _placed(evenings, paid)
    w = debts.window(evenings, placed, inside if inside is not None else
                     [e.session for e in evenings])
    if inside is None:   # over all time every payment counts, wherever it was placed
        parties = list(w.overall)
        for p in paid:
            parties += [n for n in (p["from"], p["to"]) if n not in parties]
        whole = debts.overall(evenings, [pl.payment for pl in placed])
        paid_by = {n: sum(p["cents"] for p in paid if p["from"] == n) for n in parties}
        paid_to = {n: sum(p["cents"] for p in paid if p["to"] == n) for n in parties}
        rows = [(n, w.money.get(n, 0), paid_by[n], paid_to[n], whole[n], whole[n], whole[n])
                for n in parties]
    else:
        rows = [(n, w.money[n], w.paid[n], w.received[n], w.balance[n], w.overall[n],
                 w.due[n]) for n in w.balance]
    rows.sort(key=lambda r: r[0] == POOL)   # the pool last, players as met
    transfers = fewest_transfers([(r[0], r[6]) for r in rows])
    left = {r[0]: r[6] for r in rows}
    for t in transfers:
        left[t["from"]] += t["cents"]
        left[t["to"]] -= t["cents"]
    return {
        "currency": currency, "in": "money",
        "parties": [{"name": n, "money": _c(m), "paid": _c(pd), "received": _c(rc),
                     "balance": _c(b), "overall": _c(o), "due": _c(d)}
                    for n, m, pd, rc, b, o, d in rows],
        "payments": [_payment_row(p, pl, inside) for p, pl in zip(paid, placed, strict=True)
                     if inside is None or _touches(p, pl, inside, since)],
        "capped": [{"name": n, "balance": _c(b), "overall": _c(o), "due": _c(d)}
                   for n, _, _, _, b, o, d in rows if d != b],
        "unmatched": [{"name": n, "amount": _c(c)} for n, c in left.items() if c],
        "method": GREEDY,
        "transfers": [{"from": t["from"], "to": t["to"], "amount": _c(t["cents"])}
                      for t in transfers],
    }


def _touches(p: dict[str, Any], pl: debts.Placed, inside: list[int], since: str | None) -> bool:
    """Whether a window lists the payment: paid in it, or settling its evenings."""
    return (since is not None and _aware(p["paid_at"]) >= _aware(since)) or any(
        s in inside for s in (*pl.paid, *pl.received))


def _payment_row(p: dict[str, Any], pl: debts.Placed, inside: list[int] | None
                 ) -> dict[str, Any]:
    """A payment as the tab lists it; in a window, how much of it counts there: of the
    payer's losses (``counted_paid``) and of the payee's winnings (``counted_received``)."""
    row = {"id": p["id"], "from": p["from"], "to": p["to"], "amount": _c(p["cents"]),
           "when": p["paid_at"], "note": p["note"], "sessions": p["sessions"],
           "advance": p["advance"],
           "settled": {"paid": {str(s): _c(n) for s, n in pl.paid.items()},
                       "received": {str(s): _c(n) for s, n in pl.received.items()}}}
    if inside is not None:
        row["counted_paid"] = _c(sum(n for s, n in pl.paid.items() if s in inside))
        row["counted_received"] = _c(sum(n for s, n in pl.received.items() if s in inside))
    return row


def _c(cents: int) -> str:
    return str(from_cents(cents))


def _chips_tab(unit: str | None, evenings: list[debts.Evening],
               inside: list[int]) -> dict[str, Any]:
    """The tab of the window's sessions whose unit (``unit``) has no money value, in chips:
    each party's chips won or lost and who hands whom how many (issue 22 item 13). With no
    payments, each window figure is capped by the party's chips over all time, as a money
    window is."""
    w = debts.window(evenings, [], inside)
    rows = sorted(w.balance, key=lambda n: n == POOL)
    transfers = fewest_transfers([(n, w.due[n]) for n in rows])
    left = dict(w.due)
    for t in transfers:
        left[t["from"]] += t["cents"]
        left[t["to"]] -= t["cents"]
    return {"currency": None, "in": "chips", "unit": unit,
            "parties": [{"name": n, "chips": w.money[n], "overall": w.overall[n],
                         "due": w.due[n]} for n in rows],
            "payments": [],
            "capped": [{"name": n, "balance": w.balance[n], "overall": w.overall[n],
                        "due": w.due[n]} for n in rows if w.due[n] != w.balance[n]],
            "unmatched": [{"name": n, "chips": c} for n, c in left.items() if c],
            "method": GREEDY,
            "transfers": [{"from": t["from"], "to": t["to"], "chips": t["cents"]}
                          for t in transfers]}


def _session_money(ledger: Any, sid: int, value: str | None) -> list[tuple[str, int]]:
    """Each player's and the pool's money in session ``sid``, in cents (in chips when
    ``value`` is None), summing to zero."""
    row = ledger.session(sid)
    nets = [(p["name"], p["net"]) for p in ledger.balances(sid)["players"]]
    change = row["pool"] - row["opening_pool"]
    parties = [*nets, (POOL, change)]
    if sum(c for _, c in parties) != 0:
        raise LooError(f"session {sid}: the players' nets sum to {sum(c for _, c in nets):+d} "
                       f"but the pool changed by {change:+d}; chips are not conserved "
                       "(run 'loo check')")
    if value is None:
        return parties
    cents = allocate_cents([exact(c, value) for _, c in parties])
    return [(name, c) for (name, _), c in zip(parties, cents, strict=True)]


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
                   note: str | None, currency: str | None, sessions: list[int] | None = None,
                   advance: bool = False) -> dict[str, Any]:
    """Store that ``payer`` paid ``payee`` ``amount`` (one transaction); what was stored.
    ``currency`` None: the currency of the latest session with a money value.
    ``sessions``: the sessions it settles (``--for``; None: the oldest debts first).

    Refused (LooError, nothing written) when it is more than the payer owes (over all
    time, or in the sessions named), unless ``advance`` says it is paid ahead."""
    if payer == payee:
        raise LooError(f"{payer} cannot pay {payee}: a payment is between two parties")
    from loo_ledger.services.names import check_currency
    check_currency(currency)
    cents = amount_cents(amount)
    valued = [s for s in StatsReader(ledger.db).sessions(Scope())
              if s["unit_value"] is not None]
    if currency is None:
        if not valued:
            raise LooError("no session has a unit with a money value, so there is no debt to "
                           "pay; give the currency with --currency")
        currency = valued[-1]["currency"]
    from loo_ledger.domain.rules.money import payment_problem
    if problem := payment_problem(from_cents(cents), currency):
        raise LooError(f"{payer} paid {payee} {amount.strip()} {currency}: {problem}")
    named = None if sessions is None else list(dict.fromkeys(sessions))
    if named is not None:
        _check_named(named, valued, currency)
    from loo_ledger.store.codec import now_iso

    def check() -> None:   # inside the payment's transaction: what is stored then
        if not advance:
            _check_owed(ledger, payer, cents, currency, named)

    pid = identities.add_payment(ledger.db, payer=payer, payee=payee, cents=cents,
                                 currency=currency, paid_at=when, note=note,
                                 created_at=now_iso(), sessions=named, advance=advance,
                                 check=check)
    return {"id": pid, "from": payer, "to": payee, "amount": str(from_cents(cents)),
            "currency": currency, "when": when, "note": note, "sessions": named,
            "advance": advance}


def _check_named(named: list[int], valued: list[dict[str, Any]], currency: str | None) -> None:
    """Each session a payment names is one with a money value in its currency."""
    from loo_ledger.errors import NotFound
    mine = {s["id"] for s in valued if s["currency"] == currency}
    for sid in named:
        if sid not in mine:
            raise NotFound(f"--for {sid}: session {sid} is not a session with a money value "
                           f"in {currency or 'no currency'}; the sessions are "
                           f"{', '.join(map(str, sorted(mine))) or 'none'}")


def _check_owed(ledger: Any, payer: str, cents: int, currency: str | None,
                named: list[int] | None) -> None:
    """LooError unless ``payer`` owes at least ``cents`` (in the sessions ``named``, or
    over all time), the payments already made counted against their debts."""
    who = identities.read(ledger.db, sessions=False)  # only who.who: no session list
    evenings = [debts.Evening(session=s["id"], money=_by_who(ledger, s, who))
                for s in StatsReader(ledger.db).sessions(Scope())
                if s["unit_value"] is not None and s["currency"] == currency]
    paid = _payments(ledger, who).get(currency, [])
    if named is None:
        owed = max(0, -debts.overall(evenings, [pl.payment for pl in _placed(evenings, paid)]
                                     ).get(payer, 0))
        where = "over all time"
    else:
        owed = max(0, debts.unpaid_losses(evenings, _placed(evenings, paid), payer, named))
        where = f"for session{'s' * (len(named) > 1)} {', '.join(map(str, named))}"
    if cents > owed:
        raise LooError(f"{payer} owes {from_cents(owed)} {currency or ''} {where}".replace(
            "  ", " ") + f", less than the {from_cents(cents)} paid: a payment larger than "
            "the payer's debt is refused; give --advance if it is paid ahead")


def _by_who(ledger: Any, s: dict[str, Any], who: identities.Identities) -> dict[str, int]:
    """A session's money (or chips) by identity."""
    out: dict[str, int] = {}
    for party, n in _session_money(ledger, s["id"], s["unit_value"]):
        name = party if party == POOL else who.who(party)
        out[name] = out.get(name, 0) + n
    return out


def list_payments(ledger: Any) -> list[dict[str, Any]]:
    """Every payment, oldest first, as stored (its parties as typed)."""
    return [{"id": p["id"], "from": p["payer"], "to": p["payee"],
             "amount": str(from_cents(p["cents"])), "currency": p["currency"],
             "when": p["paid_at"], "note": p["note"], "sessions": p["sessions"],
             "advance": p["advance"]} for p in identities.payments(ledger.db)]


def remove_payment(ledger: Any, pid: int) -> dict[str, Any]:
    """Remove payment ``pid`` (a mistaken one), kept in the audit trail; what it was."""
    was = identities.remove_payment(ledger.db, pid)
    return {"id": was["id"], "from": was["payer"], "to": was["payee"],
            "amount": str(from_cents(was["cents"])), "currency": was["currency"],
            "when": was["paid_at"], "note": was["note"]}
