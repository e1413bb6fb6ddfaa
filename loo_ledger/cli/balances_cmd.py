"""loo balances: each player's net, the pool and the money, in a module of its own: a read
of two rows, which loads neither the domain, the hands' filters nor the streams of ``loo
hands`` (cli/reports.py); the rounding of money and Babel's formats only for a session
whose unit has a money value (tests/test_startup.py, benchmarks/ "loo balances")."""

# No ``from __future__ import annotations`` here: Typer reads the signature at every start,
# and annotations that are objects spare it compiling each one from a string.

from typing import Any

import typer

from loo_ledger.cli.context import SESSION_OPTION, env
from loo_ledger.cli.render import header, money_text, show, signed, table
from loo_ledger.cli.report_opts import Output, emit, output_options


@output_options
def balances(ctx: typer.Context, output: Output,
             session: str | None = SESSION_OPTION) -> None:
    """A pool carried in from an earlier session is shown as carried in, so the total is the
    change: zero, as chips are conserved. --csv, --tsv and --nl write a row per player
    (kind player), then the pool's and any pool carried in."""
    e = env(ctx)
    sid = e.session_id(session)
    ledger = e.ledger()
    bal = ledger.balances(sid)
    info = bal["unit"]  # the session's unit as stored: nothing decoded (start-up)
    value, currency = info.get("unit_value"), info.get("currency")
    carried = bal["opening_pool"]
    # The nets, the pool and the pool carried in (taken off) sum to zero: their money is
    # allocated together, so the money column sums to zero, to the cent.
    chips = [*(p["net"] for p in bal["players"]), bal["pool"], *([-carried] if carried else [])]
    cash = None
    if value is not None:  # the rounding is loaded only for money
        from loo_ledger.domain.rules.money import allocate
        cash = allocate(chips, value)
    total_money = sum(cash[1:], cash[0]) if cash else None
    total = {"chips": sum(chips), **({"money": str(total_money)} if cash else {})}
    players = [{"name": p["name"], "net": p["net"], **({"money": str(cash[i])} if cash else {})}
               for i, p in enumerate(bal["players"])]
    pool_at = len(players)
    carry = {"carried_in": {"chips": carried, **({"money": str(-cash[-1])} if cash else {})}
             } if carried else {}
    if output is not Output.table:
        whole = {"session": sid, "pool": bal["pool"], "players": players,
                 **({"pool_money": str(cash[pool_at])} if cash else {}), **carry,
                 "total": total,
                 "unit": {"name": info.get("unit_name"), "value": value,
                          "currency": currency}}
        return emit(output, whole, lambda: _balance_rows(whole))

    def text(i: int) -> str:
        return money_text(cash[i], currency) if cash else ""

    rows = [(p["name"], signed(p["net"]), text(i)) for i, p in enumerate(bal["players"])]
    rows.append(("(pool)", bal["pool"], text(pool_at)))
    if carried:
        rows.append(("less carried in", signed(-carried), text(-1)))
    rows.append(("total", total["chips"], money_text(total_money, currency) if cash else ""))
    unit = info.get("unit_name") or "chips"
    show(table(header("Balances", bal["name"], sid, unit),
               ["player", "net", "money"], rows,
               right=("net", "money")))
    if carried:
        typer.echo(f"The pool opened with {carried} chip{'s' * (carried != 1)} carried in from "
                   "an earlier session: the total is the change since, zero.")


def _balance_rows(whole: dict[str, Any]) -> list[dict[str, Any]]:
    """``loo balances``' rows for --csv: each player's (kind ``player``), the pool's (kind
    ``pool``) and the pool carried in (kind ``carried_in``, its chips taken off), each with
    the session; the money column is there when the unit has a value."""
    money = "pool_money" in whole
    pool = {"net": whole["pool"], **({"money": whole["pool_money"]} if money else {})}
    carried = whole.get("carried_in")
    rows = [*({"kind": "player", **p} for p in whole["players"]),
            {"kind": "pool", "name": None, **pool}]
    if carried:
        from decimal import Decimal
        rows.append({"kind": "carried_in", "name": None, "net": -carried["chips"],
                     **({"money": str(-Decimal(carried["money"]))} if money else {})})
    return [{"session": whole["session"], **r} for r in rows]
