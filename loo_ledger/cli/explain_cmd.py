"""loo explain N: every chip of a hand and the rule that moved it; with the cards recorded,
the tricks: who led, what was played, who won and why, any breach."""

from __future__ import annotations

from typing import Any

import typer

from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env, print_json
from loo_ledger.cli.visible import visible
from loo_ledger.errors import NotFound
from loo_ledger.services.explain import explain_rows, source_words, trick_walk
from loo_ledger.services.pool import stored_variant


def explain(ctx: typer.Context, number: int = typer.Argument(..., metavar="N",
                                                           help="The hand number."),
            session: str | None = SESSION_OPTION, as_json: bool = JSON_OPTION) -> None:
    """A capped loo shows its arithmetic (min(54, 45) = 45), and the sources' own words
    follow for each rule cited.
    """
    e = env(ctx)
    sid = e.session_id(session)
    ledger = e.ledger()
    hands = {h["number"]: h for h in ledger.hands(sid)}
    if number not in hands:
        raise NotFound(f"session {sid} has no hand {number} (it has {len(hands)})")
    postings = ledger.postings(sid, number)
    h = hands[number]
    v = stored_variant(ledger, sid, number)
    rows = [{**r, "kind": str(p["kind"])} for r, p in
            zip(explain_rows(postings, v, h["pot"]), postings, strict=True)]
    words = source_words([r["rule"] for r in rows if r["rule"]], v)
    play = trick_walk(ledger.stored(sid).session, number) if h["record"].get("cards") else None
    if as_json:
        return print_json({"session": sid, "hand": number, "dealer": h["dealer"],
                           "pool_in": h["pool_in"], "pot": h["pot"],
                           "pool_after": h["pool_after"], "movements": rows, "play": play,
                           "sources": words})
    typer.echo(f"Hand {number} of session {sid}: {visible(h['dealer'])} dealt; {h['pool_in']} "
               f"carried in, {h['pot']} in play, {h['pool_after']} carried on.")
    for r in rows:
        stays = f"stays in the {r['to']}"  # pool to pool (Lou: pot to pot)
        who = f"{r['from']} -> {r['to']}" if r["from"] != r["to"] else stays
        cited = f" — {r['cited']}" if r["cited"] else ""
        sums = f" ({r['arithmetic']})" if r["arithmetic"] else ""
        typer.echo(visible(f"  {r['amount']:>6}  {who}: {r['reason']}{sums}{cited}"))
    if words:
        typer.echo("In the sources' words:")
    for w in words:
        typer.echo(visible(f"  {w['rule']}: \u201c{w['words']}\u201d ({w['source']}, "
                           f"{w['title']})"))
    if play is not None:
        _echo_play(play)


def _echo_play(play: dict[str, Any]) -> None:
    """The tricks of a hand with its cards recorded, one line a trick."""
    trump = f"trumps {play['trump']}" if play["trump"] else "no trump before play"
    if play["turned"]:
        trump += f"; {play['turned']} turned when someone first failed to follow"
    typer.echo(visible(f"The play ({trump}; in play: {', '.join(play['in_play'])}):"))
    for t in play["tricks"]:
        cards = ", ".join(f"{p['player']} {p['card']}" for p in t["plays"])
        trumps = f" (trumps {t['trump']})" if t["trump"] != play["trump"] else ""
        typer.echo(visible(f"  trick {t['trick']}{trumps}: {t['leader']} led; {cards}. "
                           f"{t['winner']} won: {t['why']}."))
        for b in t["breaches"]:
            typer.echo(visible(f"    breach: {b}"))
    for p in play["problems"]:
        typer.echo(visible(f"  problem: {p}"))
