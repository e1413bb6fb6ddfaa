"""Players across sessions (issue 11): loo players, loo player merge, loo paid, loo payments.

A player across sessions is an identity (store/identities.py): spellings that differ
only in case are one, and ``loo player merge ALIAS PLAYER`` makes two spellings one.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

import typer

from loo_ledger.cli import option_limits
from loo_ledger.cli.command import LooCommand
from loo_ledger.cli.context import JSON_OPTION, env
from loo_ledger.cli.matching import NoMatch, candidates, match
from loo_ledger.cli.outputs import action_result
from loo_ledger.cli.render import money_text, show, table
from loo_ledger.cli.report_opts import Output, emit, output_options
from loo_ledger.store.identities import POOL, read
from loo_ledger.store.identities import merge as run

if TYPE_CHECKING:
    from loo_ledger.store.identities import Identities


def match_identity(typed: str, who: Identities) -> str:
    """The one person ``typed`` names: any spelling of theirs, whole or a unique prefix,
    in any case; NoMatch naming the people (or those the prefix fits) otherwise."""
    spellings = [s for names in who.spellings.values() for s in names]
    found = {who.who(c) for c in candidates(typed, [*who.spellings, *spellings])}
    if len(found) == 1:
        return found.pop()
    return match(typed, sorted(found) if found else list(who.spellings), "player")


def _party(typed: str, who: Identities) -> str:
    """A party of the tab: the pool (``pool``), or a person."""
    return POOL if typed.strip().casefold() in ("pool", POOL) else match_identity(typed, who)


@output_options
def players(ctx: typer.Context, output: Output) -> None:
    """Names differing only in case are one player; see 'loo player merge'. --csv, --tsv
    and --nl write a row per player (the spellings and sessions as JSON text)."""
    who = read(env(ctx).ledger().db)
    rows: list[dict[str, Any]] = [
        {"player": name, "aliases": spellings, "sessions": who.sessions.get(name, [])}
        for name, spellings in who.spellings.items()]
    if output is not Output.table:
        return emit(output, rows, lambda: rows)
    show(table("Players", ["player", "also written", "sessions"],
               [(r["player"], ", ".join(a for a in r["aliases"] if a != r["player"]),
                 ", ".join(map(str, r["sessions"])) or "-") for r in rows],
               wrap=("also written", "sessions")))


def merge(ctx: typer.Context,
          alias: str = typer.Argument(..., metavar="ALIAS",
                                      help="A spelling of the player (any case)."),
          player: str = typer.Argument(..., metavar="PLAYER",
                                       help="The player it names (a unique prefix "
                                                 "will do)."),
          as_json: bool = JSON_OPTION) -> None:
    """Say that two spellings are one player ('loo player merge Meg Margaret'): lifetime
    stats and the season's tab count them together. Nothing in the sessions changes."""
    ledger = env(ctx).ledger()
    who = read(ledger.db)
    known = {s.casefold() for names in who.spellings.values() for s in names}
    if alias.strip().casefold() not in known:
        raise NoMatch(f"no player is written {alias!r} in any session; the players are "
                      f"{', '.join(who.spellings) or 'none'}")
    found = run(ledger.db, alias.strip(), match_identity(player, who))
    if as_json:
        return action_result(ctx, "player merge", None, alias=alias.strip(), **found)
    typer.echo(f"{alias.strip()} is {found['player']} (written {', '.join(found['aliases'])}; "
               f"sessions {', '.join(map(str, found['sessions'])) or 'none'})")


def paid(ctx: typer.Context,
         payer: str = typer.Argument(..., metavar="FROM", help="Who paid ('pool': the pool's "
                                                               "keeper)."),
         payee: str = typer.Argument(..., metavar="TO", help="Who was paid."),
         amount: str = typer.Argument(..., metavar="AMOUNT", help="The money paid, e.g. 12.50."),
         when: str | None = typer.Option(None, "--when", metavar="DATE", help=(
             "When it was paid: '2026-03-01', 'yesterday' (default: now).")),
         note: str | None = typer.Option(None, "--note", metavar="TEXT",
                                         callback=option_limits.text,
                                         help="A note kept with it."),
         currency: str | None = typer.Option(
             None, "--currency", metavar="CODE", callback=option_limits.currency, help=(
             "Its currency (default: the latest session's with a money value).")),
         for_: list[str] = typer.Option([], "--for", metavar="ID|NAME", help=(
             "A session it settles, by id or name (repeat for more; default: the payer's "
             "oldest unpaid "
             "losses and the payee's oldest unpaid winnings first).")),
         advance: bool = typer.Option(False, "--advance", help=(
             "Paid ahead: more than the payer owes (otherwise refused).")),
         as_json: bool = JSON_OPTION) -> None:
    """A payment larger than what the payer owes is refused unless --advance; 'loo payments
    list' lists them and 'loo payments remove ID' removes a mistaken one. 'loo settle-up
    --all' then shows what is still owed."""
    from loo_ledger.services.analysis.season import record_payment  # noqa: PLC0415 (payments: not for `loo players`, `loo leaks`)
    from loo_ledger.services.dates import parse_when  # noqa: PLC0415 (dates: only `loo paid`)
    from loo_ledger.store.codec import now_iso  # noqa: PLC0415 (the store codec: only `loo paid`)
    ledger = env(ctx).ledger()
    who = read(ledger.db)
    sessions = [env(ctx).find_session(typed) for typed in for_]
    stored = record_payment(ledger, payer=_party(payer, who), payee=_party(payee, who),
                            amount=amount, when=parse_when(when) if when else now_iso(),
                            note=note, currency=currency, sessions=sessions or None,
                            advance=advance)
    if as_json:
        return action_result(ctx, "paid", None, payment=stored)
    typer.echo(f"{stored['from']} paid {stored['to']} "
               f"{money_text(Decimal(stored['amount']), stored['currency'])} "
               f"({stored['when'][:16].replace('T', ' ')})"
               + (f" for session{'s' * (len(stored['sessions']) > 1)} "
                  f"{', '.join(map(str, stored['sessions']))}" if stored["sessions"] else "")
               + (", paid ahead" if stored["advance"] else ""))


payments_app = typer.Typer(no_args_is_help=True, add_completion=False)


@payments_app.command("list", cls=LooCommand)
@output_options
def payments_list(ctx: typer.Context, output: Output) -> None:
    """Every payment recorded with 'loo paid', oldest first, with its id. --csv, --tsv and
    --nl write a row per payment."""
    from loo_ledger.services.analysis.season import list_payments  # noqa: PLC0415 (payments: not for `loo players`, `loo leaks`)
    rows = list_payments(env(ctx).ledger())
    if output is not Output.table:
        return emit(output, rows, lambda: rows)
    if not rows:
        typer.echo("No payments yet: record one with 'loo paid FROM TO AMOUNT'.")
        return
    show(table("Payments", ["id", "when", "from", "to", "amount", "for", "note"],
               [(r["id"], r["when"][:16].replace("T", " "), r["from"], r["to"],
                 money_text(Decimal(r["amount"]), r["currency"]),
                 ", ".join(map(str, r["sessions"] or [])) + (" ahead" if r["advance"] else ""),
                 r["note"] or "") for r in rows], right=("id", "amount"),
               wrap=("when", "for", "note")))


@payments_app.command("remove", cls=LooCommand)
def payments_remove(ctx: typer.Context,
                    pid: int = typer.Argument(..., metavar="ID", min=1,
                                              help="The payment's id ('loo payments list')."),
                    as_json: bool = JSON_OPTION) -> None:
    """Remove a mistaken payment: it no longer counts, and the audit trail keeps it."""
    from loo_ledger.services.analysis.season import remove_payment  # noqa: PLC0415 (payments: not for `loo players`, `loo leaks`)
    was = remove_payment(env(ctx).ledger(), pid)
    if as_json:
        return action_result(ctx, "payments remove", None, payment=was)
    typer.echo(f"Payment {was['id']} removed: {was['from']} paid {was['to']} "
               f"{money_text(Decimal(was['amount']), was['currency'])} "
               f"({was['when'][:16].replace('T', ' ')}); the audit trail keeps it.")
