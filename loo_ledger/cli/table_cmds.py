"""At the table: loo new, use, hand, amend, undo, pool, close."""

from __future__ import annotations

from typing import Optional

import typer

from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env, print_json

PLAYERS_ARG = typer.Argument(None, metavar="NAME=VALUE...", help=(
    "Each dealt player once: Ann=2 (played, won 2 tricks), Ben=pass (or fold), Cat=miss:1, "
    "Dov=defend:2, Eve=stand (no play: a lone player, a flush). Names by unique prefix."))
TRUMP = typer.Option(None, "--trump", help="The trump suit turned: clubs, diamonds, hearts, spades.")
FLUSH = typer.Option([], "--flush", metavar="NAME[:KIND]", help="A flush declared (five-card "
                     "kinds: pam, trump, plain, pam-blaze, blaze). Repeatable.")
EXCHANGE = typer.Option([], "--exchange", metavar="NAME=N", help="Cards exchanged. Repeatable.")
REVOKE = typer.Option([], "--revoke", metavar="NAME", help="A revoke or other breach in play.")
PENALTY = typer.Option([], "--penalty", metavar="NAME=KIND", help="A penalty: revoke, misdeal, "
                       "looked-early, declared-early. Repeatable.")
PAM = typer.Option(None, "--pam", metavar="NAME", help="Who held Pam (flush_payout=board).")
SITTING_OUT = typer.Option([], "--sitting-out", metavar="NAME", help="Not dealt in this hand.")
NOTE = typer.Option(None, "--note", help="A note kept with the hand.")
PAID = typer.Option([], "--paid", metavar="NAME=DELTA", help="The table's own figure for a "
                    "player's net change; checked against the rules. Repeatable.")
RULING = typer.Option(None, "--table-ruling", metavar="WHY", help="Keep the table's --paid "
                      "figures instead of the rules' settlement, and say why.")


def _options(trump, flush, exchange, revoke, penalty, pam, sitting_out, note, paid, ruling):
    from loo_ledger.cli.entry import Options
    return Options(trump=trump, flushes=flush, exchanges=exchange, revokes=revoke,
                   penalties=penalty, pam=pam, sitting_out=sitting_out, note=note, paid=paid,
                   table_ruling=ruling)


def new(ctx: typer.Context,
        name: str = typer.Argument(..., help="A name for the evening, e.g. 'Friday at Ann's'."),
        variant: str = typer.Option("three-card", "--variant", help="A preset ('loo variants') "
                                    "or a saved house rule ('loo rules list')."),
        rule: list[str] = typer.Option([], "--rule", "-r", metavar="NAME=VALUE",
                                       help="Override a parameter. Repeatable."),
        players: str = typer.Option(..., "--players", help="Seat order, clockwise: Ann,Ben,Cat"),
        dealer: Optional[str] = typer.Option(None, "--dealer", help="Who deals first "
                                             "(default: the last player named)."),
        buy_in: Optional[int] = typer.Option(None, "--buy-in", metavar="CHIPS",
                                             help="Chips each player bought in for."),
        unit_value: Optional[str] = typer.Option(None, "--unit-value", metavar="DECIMAL",
                                                 help="Money value of one chip unit, e.g. 0.05."),
        currency: Optional[str] = typer.Option(None, "--currency", help="e.g. GBP, USD, EUR."),
        when: Optional[str] = typer.Option(None, "--when", help="When play began: "
                                           "'tonight 8pm', '2026-11-20 20:00'."),
        carry_from: Optional[int] = typer.Option(None, "--carry-from", metavar="SESSION",
                                                 help="Open with the pool a closed session left.")):
    """Start a session at the table; it becomes the current one."""
    from loo_ledger.services.table import new_session
    _decimal(unit_value)
    names = [p.strip() for p in players.split(",") if p.strip()]
    ledger = env(ctx).ledger()
    sid = new_session(ledger, name=name, variant_name=variant, rule_args=rule,
                      players=names, dealer=dealer, buy_in=buy_in, unit_value=unit_value,
                      currency=currency, when=when, carry_from=carry_from)
    typer.echo(f"session {sid} '{name}' started: {', '.join(names)}; "
               f"{ledger.session(sid)['first_dealer']} deals first")


def _decimal(text: Optional[str]) -> None:
    from decimal import Decimal, InvalidOperation
    try:
        if text is not None and Decimal(text) < 0:
            raise InvalidOperation
    except InvalidOperation:
        raise typer.BadParameter(f"{text!r} is not a money value like 0.05",
                                 param_hint="--unit-value") from None


def use(ctx: typer.Context, session: int = typer.Argument(..., help="Session id.")):
    """Make SESSION the current session."""
    env(ctx).ledger().set_current(session)
    typer.echo(f"session {session} is now current")


def hand(ctx: typer.Context, words: Optional[list[str]] = PLAYERS_ARG,
         interactive: bool = typer.Option(False, "--interactive", "-i",
                                          help="Ask for each player in turn."),
         trump: Optional[str] = TRUMP, flush: list[str] = FLUSH, exchange: list[str] = EXCHANGE,
         revoke: list[str] = REVOKE, penalty: list[str] = PENALTY, pam: Optional[str] = PAM,
         sitting_out: list[str] = SITTING_OUT, note: Optional[str] = NOTE,
         paid: list[str] = PAID, ruling: Optional[str] = RULING,
         session: Optional[int] = SESSION_OPTION):
    """Record the next hand and print who takes what, who is looed, and the pool."""
    from loo_ledger.cli.show import settlement_lines
    from loo_ledger.services.table import record_hand
    e = env(ctx)
    sid = e.session_id(session)
    opts = _options(trump, flush, exchange, revoke, penalty, pam, sitting_out, note, paid, ruling)
    if interactive:
        from loo_ledger.cli.interactive import ask_hand
        words, opts = ask_hand(e.ledger(), sid, opts)
    result = record_hand(e.ledger(), sid, list(words or []), opts)
    lou = e.ledger().session(sid)["variant"] == "lou"
    typer.echo("\n".join(settlement_lines(result, lou=lou)))


def amend(ctx: typer.Context, number: int = typer.Argument(..., metavar="N", help="Hand number."),
          words: Optional[list[str]] = PLAYERS_ARG,
          trump: Optional[str] = TRUMP, flush: list[str] = FLUSH, exchange: list[str] = EXCHANGE,
          revoke: list[str] = REVOKE, penalty: list[str] = PENALTY, pam: Optional[str] = PAM,
          sitting_out: list[str] = SITTING_OUT, note: Optional[str] = NOTE,
          paid: list[str] = PAID, ruling: Optional[str] = RULING,
          session: Optional[int] = SESSION_OPTION):
    """Replace hand N (same syntax as 'loo hand') and settle every later hand again."""
    from loo_ledger.services.table import amend as run_amend
    e = env(ctx)
    sid = e.session_id(session)
    opts = _options(trump, flush, exchange, revoke, penalty, pam, sitting_out, note, paid, ruling)
    result = run_amend(e.ledger(), sid, number, list(words or []), opts)
    later = len(result.settlements) - number
    typer.echo(f"hand {number} amended; {later} later hand{'s' if later != 1 else ''} "
               f"settled again; pool now {result.final.pool}")


def undo(ctx: typer.Context, yes: bool = typer.Option(False, "--yes", "-y",
                                                      help="Do not ask for confirmation."),
         session: Optional[int] = SESSION_OPTION):
    """Remove the last hand (kept in the audit trail)."""
    from loo_ledger.services.table import undo as run_undo
    e = env(ctx)
    sid = e.session_id(session)
    hands = e.ledger().hands(sid)
    if hands and not yes:
        typer.confirm(f"Remove hand {hands[-1]['number']} (dealt by {hands[-1]['dealer']})?",
                      abort=True)
    n = run_undo(e.ledger(), sid)
    typer.echo(f"hand {n} removed; pool now {e.ledger().balances(sid)['pool']}")


def pool(ctx: typer.Context, session: Optional[int] = SESSION_OPTION, as_json: bool = JSON_OPTION):
    """Who owes the pool: chips in it, next dealer and ante, last hand's loos (Lou: burn)."""
    from loo_ledger.cli.show import pool_lines
    from loo_ledger.services.table import pool_status
    e = env(ctx)
    status = pool_status(e.ledger(), e.session_id(session))
    if as_json:
        return print_json(status)
    typer.echo("\n".join(pool_lines(status)))


def close(ctx: typer.Context, session: Optional[int] = SESSION_OPTION):
    """End the session; warns when chips remain in the pool."""
    from loo_ledger.services.table import close as run_close
    e = env(ctx)
    sid = e.session_id(session)
    for warning in run_close(e.ledger(), sid):
        typer.echo(f"Warning: {warning}", err=True)
    typer.echo(f"session {sid} closed")


def register(app: typer.Typer) -> None:
    for fn in (new, use, hand, amend, undo, pool, close):
        app.command()(fn)
