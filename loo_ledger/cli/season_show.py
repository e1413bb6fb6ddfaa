"""Rendering a season's tab (loo settle-up --all / --since)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import typer

from loo_ledger.cli.render import money_text, show, table


def show_tab(tab: dict[str, Any]) -> None:
    """Each currency's tab: money won or lost, paid, received, still owed; then who pays."""
    scope = tab["scope"]
    if not tab["tabs"]:
        typer.echo(f"Nothing to settle in {scope['title']}.")
    for t in tab["tabs"]:
        cur = t["currency"]

        def cash(amount: str) -> str:
            return money_text(Decimal(amount), cur)  # noqa: B023 - used inside the loop

        show(table(f"Tab, {scope['title']}" + (f" ({cur})" if cur else ""),
                   ["party", "won or lost", "paid", "received", "still owed"],
                   [(p["name"], cash(p["money"]), cash(p["paid"]), cash(p["received"]),
                     _owed(p["balance"], cash)) for p in t["parties"]],
                   right=("won or lost", "paid", "received", "still owed")))
        for p in t["payments"]:
            typer.echo(f"Paid {p['when'][:10]}: {p['from']} to {p['to']} {cash(p['amount'])}"
                       + (f" ({p['note']})" if p["note"] else ""))
        typer.echo(f"\nStill to pay ({t['method']}):")
        for tr in t["transfers"] or [{"from": "nobody", "to": "anybody", "amount": None}]:
            money = cash(tr["amount"]) if tr["amount"] else ""
            typer.echo(f"  {tr['from']} pays {tr['to']} {money}".rstrip())
    if scope["no_money"]:
        typer.echo("Sessions with no money value (not in the tab): "
                   + ", ".join(map(str, scope["no_money"])))


def _owed(balance: str, cash: Any) -> str:
    """A balance as what is still owed: ``owes £1.35``, ``is owed £1.35`` or ``square``."""
    amount = Decimal(balance)
    if amount == 0:
        return "square"
    return f"owes {cash(str(-amount))}" if amount < 0 else f"is owed {cash(balance)}"
