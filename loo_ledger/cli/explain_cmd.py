"""loo explain N: every chip of a hand and the rule that moved it."""

from __future__ import annotations

import typer

from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env, print_json


def explain(ctx: typer.Context, number: int = typer.Argument(..., metavar="N",
                                                           help="The hand number."),
            session: int | None = SESSION_OPTION, as_json: bool = JSON_OPTION):
    """Every chip of hand N with the rule that moved it, its parameter and source text."""
    from loo_ledger.errors import NotFound
    from loo_ledger.services.explain import explain_rows
    from loo_ledger.services.table import stored_variant
    e = env(ctx)
    sid = e.session_id(session)
    ledger = e.ledger()
    hands = {h["number"]: h for h in ledger.hands(sid)}
    if number not in hands:
        raise NotFound(f"session {sid} has no hand {number} (it has {len(hands)})")
    postings = [p for p in ledger.postings(sid) if p["hand"] == number]
    rows = [{**r, "kind": str(p["kind"])} for r, p in
            zip(explain_rows(postings, stored_variant(ledger, sid)), postings, strict=True)]
    h = hands[number]
    if as_json:
        return print_json({"session": sid, "hand": number, "dealer": h["dealer"],
                           "pool_in": h["pool_in"], "pot": h["pot"],
                           "pool_after": h["pool_after"], "movements": rows})
    from loo_ledger.cli.visible import visible
    typer.echo(f"Hand {number} of session {sid}: {visible(h['dealer'])} dealt; {h['pool_in']} "
               f"carried in, {h['pot']} in play, {h['pool_after']} carried on.")
    for r in rows:
        stays = f"stays in the {r['to']}"  # pool to pool (Lou: pot to pot)
        who = f"{r['from']} -> {r['to']}" if r["from"] != r["to"] else stays
        cited = f" — {r['cited']}" if r["cited"] else ""
        typer.echo(visible(f"  {r['amount']:>6}  {who}: {r['reason']}{cited}"))


def register(app: typer.Typer) -> None:
    app.command()(explain)
