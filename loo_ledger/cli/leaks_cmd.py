"""loo leaks PLAYER (issue 24): a player's habits against the table's winners, each costed
in chips per 100 hands. Parse, call, render."""

from __future__ import annotations

import csv
import sys
from typing import Any

import typer

from loo_ledger.cli.context import JSON_OPTION, env, print_json
from loo_ledger.cli.player_cmds import match_identity
from loo_ledger.cli.render import show, table
from loo_ledger.cli.season_cmds import SESSIONS_OPTION, UNTIL_OPTION, VARIANT_OPTION, span
from loo_ledger.errors import LooError
from loo_ledger.services.analysis.leaks import Filters
from loo_ledger.services.analysis.leaks import leaks as run
from loo_ledger.services.analysis.standings import evenings
from loo_ledger.services.reports.csvout import cell
from loo_ledger.store.identities import read

NOT_ENOUGH = "not enough hands"


def leaks(ctx: typer.Context,
          player: str | None = typer.Argument(None, metavar="[PLAYER]", help=(
              "The player (any spelling, a unique prefix will do).")),
          all_: bool = typer.Option(False, "--all", help="Every player."),
          season: str | None = typer.Option(None, "--season", metavar="NAME",
                                            help="The evenings of this season."),
          since: str | None = typer.Option(None, "--since", metavar="DATE", help=(
              "The evenings from DATE on: '2026-03-01', 'this year'.")),
          until: str | None = UNTIL_OPTION, session: list[int] | None = SESSIONS_OPTION,
          variant: str | None = VARIANT_OPTION,
          pool: str | None = typer.Option(None, "--pool", metavar="simple|double", help=(
              "Only simple or only double pools.")),
          seat: str | None = typer.Option(None, "--seat", metavar="SEAT", help=(
              "Only choices from this seat: eldest, dealer, or a number from the dealer's "
              "left (1 = eldest).")),
          with_: str | None = typer.Option(None, "--with", metavar="PLAYER", help=(
              "Only hands this player was dealt in.")),
          min_hands: int = typer.Option(30, "--min-hands", metavar="N", min=1, help=(
              "Fewer opportunities than this: 'not enough hands' instead of a cost.")),
          as_json: bool = JSON_OPTION,
          as_csv: bool = typer.Option(False, "--csv", help="Print CSV instead of a table.")
          ) -> None:
    """Each situation a player meets (the pool, his seat from the dealer's left, how many
    stood before; after a loo; the miss; defending): his choices against the table's
    winning players', each choice valued at the table's own average result for it there.
    The cost is in chips per 100 of his hands, with a 90% bootstrap interval; sorted by
    cost, the dearest first. See docs/guide.md, "Leaks".
    """
    if all_ == (player is not None):
        ctx.fail("name one PLAYER, or give --all for every player")
    if pool not in (None, "simple", "double"):
        raise LooError(f"--pool {pool}: say simple or double")
    ledger = env(ctx).ledger()
    who = read(ledger.db)
    if player is not None:
        player = match_identity(player, who)
    only = Filters(pool=pool, seat=_seat(seat),
                   with_=match_identity(with_, who) if with_ is not None else None)
    start, end = span(since, until)
    title, season_name, rows = evenings(ledger, season=season, since=start, until=end,
                                        sessions=session or [], variant=variant)
    report = run(ledger, player=player, sessions=[s["id"] for s in rows], min_hands=min_hands,
                 only=only)
    report = {"scope": {"title": title, "season": season_name, "since": start,
                        "sessions": [s["id"] for s in rows]}, **report}
    if as_json:
        return print_json(report)
    if as_csv:
        return _csv(report)
    for p in report["players"]:
        _show(report["scope"]["title"], p)


def _seat(seat: str | None) -> int | None:
    """``--seat`` as a seat from the dealer's left: dealer 0, eldest 1, or the number."""
    if seat is None:
        return None
    named = {"dealer": 0, "eldest": 1}.get(seat.strip().lower())
    if named is not None:
        return named
    if seat.strip().isdigit() and seat.strip().isascii() and len(seat.strip()) < 3:
        return int(seat)
    raise LooError(f"--seat {seat}: say eldest, dealer, or a number from the dealer's left "
                   "(1 = eldest)")


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
               right=("n", "rate", "winners", "cost", "90% interval")))


def _csv(report: dict[str, Any]) -> None:
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["player", "line", "situation", "choice", "n", "rate", "winners_n",
                  "winners_rate", "cost", "ci_low", "ci_high"])
    for p in report["players"]:
        for line in p["lines"]:
            lo, hi = line["ci"] or ("", "")
            out.writerow([cell(p["player"]), line["line"], line["text"], line["choice"],
                          line["n"], line["rate"], line["winners_n"], line["winners_rate"],
                          "" if line["cost"] is None else line["cost"], lo, hi])
