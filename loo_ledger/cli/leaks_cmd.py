"""loo leaks PLAYER (issue 24): a player's habits against the table's winners, each costed
in chips per 100 hands. Parse, call, render."""

from __future__ import annotations

from typing import Any

import typer

from loo_ledger.cli.context import env
from loo_ledger.cli.filter_opts import filter_options
from loo_ledger.cli.player_cmds import match_identity
from loo_ledger.cli.render import show, table
from loo_ledger.cli.report_opts import Output, emit, output_options
from loo_ledger.services.analysis.filters import evenings
from loo_ledger.services.analysis.leaks import leaks as run
from loo_ledger.store.identities import read as read_identities

NOT_ENOUGH = "not enough hands"


@output_options
@filter_options()
def leaks(ctx: typer.Context, only: Any, output: Output,
          player: str | None = typer.Argument(None, metavar="[PLAYER]", help=(
              "The player (any spelling, a unique prefix will do).")),
          all_: bool = typer.Option(False, "--all", help="Every player."),
          min_hands: int = typer.Option(30, "--min-hands", metavar="N", min=1, help=(
              "Fewer opportunities than this: 'not enough hands' instead of a cost.")),
          ) -> None:
    """Each situation a player meets (the pool, his seat from the dealer's left, how many
    stood before; after a loo; the miss; defending): his choices against the table's
    winning players', each choice valued at the table's own average result for it there.
    The cost is in chips per 100 of his hands, with a 90% bootstrap interval; sorted by
    cost, the dearest first. See docs/guide.md, "Leaks". --csv, --tsv and --nl write a row
    per line of each player (the player, then the line's fields of --json)."""
    if all_ == (player is not None):
        ctx.fail("name one PLAYER, or give --all for every player")
    ledger = env(ctx).ledger()
    if player is not None:
        player = match_identity(player, read_identities(ledger.db))
    title, season_name, rows = evenings(ledger, only)
    report = run(ledger, player=player, sessions=[s["id"] for s in rows], min_hands=min_hands,
                 only=only)
    report = {"scope": {"title": title, "season": season_name, "since": only.since,
                        "sessions": [s["id"] for s in rows]}, **report}
    if output is not Output.table:
        return emit(output, report, lambda: [{"player": p["player"], **line}
                                             for p in report["players"]
                                             for line in p["lines"]])
    for p in report["players"]:
        _show(report["scope"]["title"], p)


def _cost(line: dict[str, Any]) -> tuple[str, str]:
    if line["cost"] is None:
        return NOT_ENOUGH, ""
    lo, hi = line["ci"]
    return f"{line['cost']:+.1f}", f"{lo:+.1f} to {hi:+.1f}"


def _show(title: str, p: dict[str, Any]) -> None:
    winners = ", ".join(p["winners"]) or "nobody"
    if not p["lines"]:
        typer.echo(f"{p['player']}, {title}: no situation the winners ({winners}) met too.")
        return
    show(table(f"Leaks, {p['player']}, {title} ({p['hands']} hands; the winners: {winners}; "
               "cost in chips per 100 hands)",
               ["situation", "n", "rate", "winners", "cost", "90% interval"],
               [(line["text"], line["n"], f"{line['rate']:.0%}",
                 f"{line['winners_rate']:.0%}", *_cost(line)) for line in p["lines"]],
               right=("n", "rate", "winners", "cost", "90% interval"),
               wrap=("situation", "90% interval")))
