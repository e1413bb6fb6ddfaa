"""loo hands, loo balances: what is in a session (loo sessions is in ledger_cmds.py).

``loo hands`` imports the domain and the streams in its body: ``loo balances`` reads two
rows and loads neither (tests/test_startup.py, benchmarks/ "loo balances")."""

from __future__ import annotations

import json
from typing import Any

import typer

from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env, print_json
from loo_ledger.cli.render import money_text, show, signed, table
from loo_ledger.cli.visible import cell, visible
from loo_ledger.services.reports.cells import hand_cell


def hands(ctx: typer.Context, session: str | None = SESSION_OPTION,
          audit: bool = typer.Option(False, "--audit", help="Show the audit trail: every hand "
                                     "added, amended or undone, old and new record, and when."),
          as_json: bool = JSON_OPTION) -> None:
    """Tricks won are marked t; * marks a table ruling."""
    from loo_ledger.domain.next.legal import has_simple_double
    from loo_ledger.domain.rules.codes import Game
    from loo_ledger.services.pool import stored_variant
    e = env(ctx)
    sid = e.session_id(session)
    if audit:
        return _audit(e.ledger().audit(sid), as_json)
    if as_json:  # streamed: memory does not grow with the session
        from loo_ledger.cli.streaming import write_chunks
        from loo_ledger.services.reports.stream import hand_rows, json_array
        write_chunks(json_array(hand_rows(e.ledger(), sid)), final="\n")
        return
    rows = e.ledger().hands(sid)
    v = stored_variant(e.ledger(), sid)
    lou, marks = v.game == Game.LOU, has_simple_double(v)
    players = [p["name"] for p in e.ledger().balances(sid)["players"]]
    body = [(f"{r['number']}{'*' if r['table_ruling'] else ''}", r["dealer"],
             f"{r['pot']}{' D' if r['double'] and marks else ''}",
             *(hand_cell(r["record"], p, r["deltas"], lou=lou) for p in players), r["pool_after"])
            for r in rows]
    rulings = [f"* hand {r['number']}: recorded by table ruling: {r['table_ruling']}"
               for r in rows if r["table_ruling"]]
    pool = "pot" if lou else "pool"
    legend = f"{pool} in play{', D = double' if marks else ''}; t = tricks won; * = table ruling"
    show(table(header("Hands", e.ledger().session(sid)["name"], sid, legend),
               ["#", "dealer", pool, *players, "after"], body,
               right=("#", pool, "after", *players)), *(cell(x) for x in rulings))


def header(what: str, name: str | None, sid: int, detail: str) -> str:
    """A report's title naming the evening: ``Balances: Friday at the Crown (session 3,
    chips)``; ``Balances, session 3 (chips)`` for a session with no name."""
    if name:
        return f"{what}: {visible(name)} (session {sid}; {detail})"
    return f"{what}, session {sid} ({detail})"


def _audit(rows: list[dict[str, Any]], as_json: bool) -> None:
    if as_json:
        return print_json(rows)
    for r in rows:
        hand = f"hand {r['hand']}" if r["hand"] is not None else "table"
        typer.echo(f"{r['at']}  {r['action']:<7} {hand}")
        if r["old_record"] is not None:
            typer.echo(f"    old: {json.dumps(r['old_record'], ensure_ascii=False)}")
        if r["new_record"] is not None:
            typer.echo(f"    new: {json.dumps(r['new_record'], ensure_ascii=False)}")
    if not rows:
        typer.echo("no changes recorded yet")


def balances(ctx: typer.Context, session: str | None = SESSION_OPTION,
             as_json: bool = JSON_OPTION) -> None:
    """A pool carried in from an earlier session is shown as carried in, so the total is the
    change: zero, as chips are conserved."""
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
    if as_json:
        return print_json({"session": sid, "pool": bal["pool"], "players": players,
                           **({"pool_money": str(cash[pool_at])} if cash else {}), **carry,
                           "total": total,
                           "unit": {"name": info.get("unit_name"), "value": value,
                                    "currency": currency}})

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
