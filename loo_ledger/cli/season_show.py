"""Rendering a season's tab (loo settle-up --all / --since)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

import typer

from loo_ledger.cli.render import money_text, show, table
from loo_ledger.cli.wrapping import wrapped


def show_tab(tab: dict[str, Any]) -> None:
    """Each tab, in money or in chips: money won or lost, paid, received, still owed; then
    who pays whom, and in a window what it counts and why."""
    scope = tab["scope"]
    if not tab["tabs"]:
        typer.echo(f"Nothing to settle in {scope['title']}.")
    if scope.get("rule"):
        typer.echo(f"In a window, {scope['rule']}.")
    for t in tab["tabs"]:
        if t["in"] == "chips":
            _chips_tab(t, scope)
        else:
            _money_tab(t, scope)


def _money_tab(t: dict[str, Any], scope: dict[str, Any]) -> None:
    cur, window = t["currency"], bool(scope.get("rule"))

    def cash(amount: str) -> str:
        return money_text(Decimal(amount), cur)

    paid_head = ("paid for them", "received for them") if window else ("paid", "received")
    show(table(f"Tab, {scope['title']}" + (f" ({cur})" if cur else ""),
               ["party", "won or lost", *paid_head, "still owed"],
               [(p["name"], cash(p["money"]), cash(p["paid"]), cash(p["received"]),
                 _owed(p["balance"], cash)) for p in t["parties"]],
               right=("won or lost", *paid_head, "still owed"), wrap=("still owed",)))
    lines = [f"Paid {p['when'][:10]}: {p['from']} to {p['to']} {cash(p['amount'])}"
             + (f" ({p['note']})" if p["note"] else "") + _counted(p, cash)
             for p in t["payments"]]
    lines += [_capped(c, cash) for c in t["capped"]]
    lines += ["", f"Still to pay ({t['method']}):"]
    for tr in t["transfers"] or [{"from": "nobody", "to": "anybody", "amount": None}]:
        money = cash(tr["amount"]) if tr["amount"] else ""
        lines.append(f"  {tr['from']} pays {tr['to']} {money}".rstrip())
    for u in t["unmatched"]:
        amount = Decimal(u["amount"])
        lines.append(f"{u['name']} {'is still owed' if amount > 0 else 'still owes'} "
                     f"{cash(str(abs(amount)))} for these evenings, "
                     f"{'by' if amount > 0 else 'to'} parties whose part lies in other "
                     "evenings: see 'loo settle-up --all'.")
    typer.echo("\n".join(wrapped(lines, {p["name"] for p in t["parties"]})))


def _counted(p: dict[str, Any], cash: Callable[[str], str]) -> str:
    """What of a payment a window counts, in words (nothing to say if all of it)."""
    if "counted_paid" not in p:
        return ""
    amount = Decimal(p["amount"])
    paid, received = Decimal(p["counted_paid"]), Decimal(p["counted_received"])
    if paid == received == amount:
        return ""
    if paid == received == 0:
        return ": it settled evenings outside this window, so it is not counted here"
    parts = [f"{cash(str(n))} of {who}'s {what}" for n, who, what in (
        (paid, p["from"], "losses"), (received, p["to"], "winnings")) if n]
    return (f": counted here, {' and '.join(parts)} in these evenings; the rest settled "
            "other evenings")


def _capped(c: dict[str, Any], cash: Callable[[str], str]) -> str:
    """A party asked (or paid) less than its window's balance, and why, in words."""
    balance, overall, due = (Decimal(c[k]) for k in ("balance", "overall", "due"))
    if overall > 0:
        over_all = f"is owed {cash(str(overall))} over all time"
    elif overall < 0:
        over_all = f"owes {cash(str(-overall))} over all time"
    else:
        over_all = "is square over all time"
    if balance < 0:
        return (f"{c['name']} owes {cash(str(-balance))} for these evenings but {over_all}, "
                f"so is asked for {cash(str(-due))} here.")
    return (f"{c['name']} is owed {cash(str(balance))} for these evenings but {over_all}, "
            f"so is paid {cash(str(due))} here.")


def _chips_tab(t: dict[str, Any], scope: dict[str, Any]) -> None:
    """A tab in chips (the unit has no money value): who hands whom how many chips."""
    unit = t["unit"] or "chip"
    show(table(f"Tab in chips, {scope['title']} (one {unit}; no money value)",
               ["party", "won or lost", "over all time", "hands over or takes"],
               [(p["name"], f"{p['chips']:+d}", f"{p['overall']:+d}",
                 _chips_owed(p["due"])) for p in t["parties"]],
               right=("won or lost", "over all time", "hands over or takes"),
               wrap=("hands over or takes",)))
    for c in t["capped"]:
        typer.echo(f"{c['name']}: {c['balance']:+d} chips in these evenings but "
                   f"{c['overall']:+d} over all time, so {c['due']:+d} here.")
    typer.echo(f"\nChips to hand over ({t['method']}):")
    for tr in t["transfers"] or [{"from": "nobody", "to": "anybody", "chips": 0}]:
        typer.echo(f"  {tr['from']} hands {tr['to']} {tr['chips'] or ''}".rstrip()
                   + (f" {unit}{'s' * (tr['chips'] != 1)}" if tr["chips"] else ""))
    for u in t["unmatched"]:
        n = u["chips"]
        typer.echo(f"{u['name']} {'is still owed' if n > 0 else 'still owes'} {abs(n)} chips "
                   f"for these evenings, {'by' if n > 0 else 'to'} parties whose part lies in "
                   "other evenings: see 'loo settle-up --all'.")


def _chips_owed(n: int) -> str:
    return "square" if n == 0 else f"hands over {-n}" if n < 0 else f"takes {n}"


def _owed(balance: str, cash: Any) -> str:
    """A balance as what is still owed: ``owes £1.35``, ``is owed £1.35`` or ``square``."""
    amount = Decimal(balance)
    if amount == 0:
        return "square"
    return f"owes {cash(str(-amount))}" if amount < 0 else f"is owed {cash(balance)}"
