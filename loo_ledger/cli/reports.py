"""loo sessions, loo hands, loo balances: what is in the ledger."""

from __future__ import annotations

from typing import Optional

import typer

from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env, print_json
from loo_ledger.render import money, money_text, show, signed, table


def sessions(ctx: typer.Context, as_json: bool = JSON_OPTION):
    """List the sessions in the ledger; * marks the current one."""
    ledger = env(ctx).ledger()
    rows, current = ledger.sessions(), ledger.current_session_id()
    if as_json:
        return print_json([{**r, "current": r["id"] == current} for r in rows])
    show(table("Sessions", ["", "id", "name", "started", "variant", "players", "hands", "pool"],
               [("*" if r["id"] == current else "", r["id"], r["name"] or "",
                 r["started_at"] or "", r["variant"], r["players"], r["hands"], r["pool"])
                for r in rows], right=("id", "players", "hands", "pool")))


def _declarations(record: dict) -> str:
    return " ".join(f"{p}:{w}" for p, w in (record.get("declarations") or {}).items())


def hands(ctx: typer.Context, session: Optional[int] = SESSION_OPTION, as_json: bool = JSON_OPTION):
    """Every hand: dealer, declarations, tricks, each player's change and the pool after."""
    e = env(ctx)
    sid = e.session_id(session)
    rows = e.ledger().hands(sid)
    if as_json:
        return print_json([{"number": r["number"], "dealer": r["dealer"], "double": r["double"],
                            "pool_in": r["pool_in"], "pot": r["pot"], "deltas": r["deltas"],
                            "pool_after": r["pool_after"], "outcome": r["outcome"],
                            "table_ruling": r["table_ruling"], "record": r["record"]}
                           for r in rows])
    players = [p["name"] for p in e.ledger().balances(sid)["players"]]
    columns = ["#", "dealer", "pool", "declarations", "tricks", *players, "pool after"]
    body = [(r["number"], r["dealer"], f"{r['pot']}{' D' if r['double'] else ''}",
             _declarations(r["record"]),
             " ".join(f"{p}:{t}" for p, t in (r["record"].get("tricks") or {}).items()),
             *(signed(r["deltas"][p]) if p in r["deltas"] else "-" for p in players),
             r["pool_after"]) for r in rows]
    show(table(f"Hands of session {sid} (pool = P in play, D = double)", columns, body,
               right=("#", "pool", "pool after", *players)))


def balances(ctx: typer.Context, session: Optional[int] = SESSION_OPTION,
             as_json: bool = JSON_OPTION):
    """Each player's net since the session began, the chips in the pool, and money."""
    e = env(ctx)
    sid = e.session_id(session)
    ledger = e.ledger()
    bal, info = ledger.balances(sid), ledger.session(sid)
    value, currency = info.get("unit_value"), info.get("currency")
    players = [{"name": p["name"], "net": p["net"],
                **({"money": str(money(p["net"], value))} if value else {})}
               for p in bal["players"]]
    if as_json:
        return print_json({"session": sid, "pool": bal["pool"], "players": players,
                           "unit": {"name": info.get("unit_name"), "value": value,
                                    "currency": currency}})
    rows = [(p["name"], signed(p["net"]), money_text(money(p["net"], value), currency))
            for p in bal["players"]]
    rows.append(("(pool)", bal["pool"], money_text(money(bal["pool"], value), currency)))
    unit = info.get("unit_name") or "chips"
    show(table(f"Balances, session {sid} ({unit})", ["player", "net", "money"], rows,
               right=("net", "money")))


def register(app: typer.Typer) -> None:
    app.command()(sessions)
    app.command()(hands)
    app.command()(balances)
