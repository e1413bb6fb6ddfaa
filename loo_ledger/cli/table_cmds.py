"""At the table: loo new, use, hand, amend, undo, close (and pool, from cli/pool_cmd.py).

Each command imports the services it calls in its body: this module is loaded for all six,
and ``loo use`` or ``loo close`` loads neither the hand's parser nor the engine, nor ``loo
hand`` the session-file reader (tests/test_startup.py)."""

# No ``from __future__ import annotations`` here: Typer reads these signatures at every
# start, and annotations that are objects spare it compiling each one from a string.

from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

import typer

from loo_ledger.cli import completion, option_limits
from loo_ledger.cli.cancel import confirm
from loo_ledger.cli.context import (
    JSON_OPTION,
    RULE_OPTION,
    SESSION_OPTION,
    VARIANT_OPTION,
    env,
    one_session,
)
from loo_ledger.cli.matching import match, match_player
from loo_ledger.cli.options import PLAYERS_ARG, Options, hand_options
from loo_ledger.cli.outputs import action_result, stored_session
from loo_ledger.cli.visible import visible
from loo_ledger.errors import LooError

if TYPE_CHECKING:
    from loo_ledger.store.ledger import Ledger


def new(ctx: typer.Context,
        name: str = typer.Argument(..., metavar="NAME", callback=option_limits.text,
                                   help="A name for the evening, e.g. 'Friday at Ann's'."),
        variant: str = VARIANT_OPTION, rule: list[str] = RULE_OPTION,
        players: str = typer.Option(..., "--players", metavar="NAMES",
                                    help="Seat order, clockwise: Ann,Ben,Cat"),
        dealer: str | None = typer.Option(None, "--dealer", metavar="NAME", help="Who deals first "
                                             "(default: the last player named)."),
        buy_in: int | None = typer.Option(None, "--buy-in", metavar="CHIPS",
                                             callback=option_limits.chips,
                                             help="Chips each player bought in for."),
        unit_value: str | None = typer.Option(None, "--unit-value", metavar="DECIMAL",
                                              callback=option_limits.unit_value,
                                                 help="Money value of one chip unit, e.g. 0.05."),
        currency: str | None = typer.Option(None, "--currency", metavar="CODE",
                                            callback=option_limits.currency,
                                            help="e.g. GBP, USD, EUR."),
        when: str | None = typer.Option(None, "--when", metavar="WHEN", help="When play began: "
                                           "'tonight 8pm', '2026-11-20 20:00'."),
        carry_from: str | None = typer.Option(None, "--carry-from", metavar="ID|NAME",
                                              autocompletion=completion.sessions,
                                              callback=option_limits.session,
                                                 help="Open with the pool a closed session left, "
                                                      "at its unit value and currency."),
        as_json: bool = JSON_OPTION) -> None:
    """Examples:
      $ loo new "Friday at the Crown" --players Ann,Ben,Cat,Dov --dealer Dov
      $ loo new Sunday --players Ann,Ben,Cat --variant five-card --rule loo_limit=45
      $ loo new Rematch --players Ann,Ben,Cat --carry-from 3
    """
    from loo_ledger.services.table import new_session  # noqa: PLC0415 (the table service: not for `loo use`, --help)
    _decimal(unit_value)
    names = [p.strip() for p in players.split(",")]
    if "" in names:
        raise LooError(f"--players {players!r}: name {names.index('') + 1} is empty; "
                       "give every player a name, e.g. --players Ann,Ben,Cat")
    try:
        dealer = match_player(dealer, names) if dealer else None
    except ValueError as exc:
        raise LooError(f"--dealer: {exc}") from None
    ledger = env(ctx).ledger()
    carried = None if carry_from is None else env(ctx).find_session(carry_from)
    variant = _variant_named(ledger, variant)
    sid = new_session(ledger, name=name, variant_name=variant, rule_args=rule,
                      players=names, dealer=dealer, buy_in=buy_in, unit_value=unit_value,
                      currency=currency, when=when, carry_from=carried)
    if as_json:
        return action_result(ctx, "new", sid, name=name, players=names,
                             stored=stored_session(ledger, sid))
    typer.echo(f"session {sid} '{name}' started: {', '.join(names)}; "
               f"{ledger.session(sid)['first_dealer']} deals first")


def _decimal(text: str | None) -> None:
    try:
        if text is not None and Decimal(text) < 0:
            raise InvalidOperation
    except InvalidOperation:
        raise typer.BadParameter(f"{text!r} is not a money value like 0.05",
                                 param_hint="--unit-value") from None


def _variant_named(ledger: "Ledger", typed: str) -> str:
    """The preset or saved house rule named by ``typed`` (a unique prefix, any case)."""
    from loo_ledger.domain.rules.variants import PRESETS  # noqa: PLC0415 (the presets: not for `loo use`, --help)
    return match(typed, [*PRESETS, *ledger.house_rules()], "variant or house rule",
                 plural="variants and house rules")


def use(ctx: typer.Context,
        typed: str | None = typer.Argument(None, metavar="[SESSION]",
                                           autocompletion=completion.sessions,
                                           callback=option_limits.session,
                                           help="Session id or name, a unique prefix will do "
                                                "(or -s)."),
        session: str | None = SESSION_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Examples:
      $ loo use 3
      $ loo use fri
    """
    e = env(ctx)
    if typed is None and session is None:
        ctx.fail("name the session to use: loo use SESSION (an id or a name)")
    sid = one_session(ctx, typed, session)
    e.ledger().set_current(sid)
    if as_json:
        return action_result(ctx, "use", sid, stored=stored_session(e.ledger(), sid))
    typer.echo(f"session {sid} is now current")


@hand_options
def hand(ctx: typer.Context, words: list[str] | None = PLAYERS_ARG,
         interactive: bool = typer.Option(False, "--interactive", "-i",
                                          help="Ask for each player in turn."),
         session: str | None = SESSION_OPTION, as_json: bool = JSON_OPTION, *,
         opts: Options) -> None:
    """Examples:
      $ loo hand Ann=1 Ben=0 Cat=2 Dov=pass
      $ loo hand Ann=pass Ben=pass Cat=pass
      $ loo hand Ann=3 Ben=pass Cat=pass --flush Ann
      $ loo hand -i
    """
    e = env(ctx)
    ledger = e.ledger(writes=True)  # its pages are checked while the rules load
    from loo_ledger.cli.entry import parse_hand  # noqa: PLC0415 (hand entry: not for `loo new/use/close`, --help)
    from loo_ledger.cli.show import settlement_lines  # noqa: PLC0415 (hand words: not for `loo new/use/close`, --help)
    from loo_ledger.services.table import record, table_view  # noqa: PLC0415 (the table service: not for `loo use`, --help)
    sid = e.session_id(session)
    view = table_view(ledger, sid)
    if interactive:  # asks, previews once, records (cli/interactive.py)
        from loo_ledger.cli.interactive import enter_hand  # noqa: PLC0415 (the questions: only `loo hand` without words)
        return enter_hand(ledger, sid, view, opts, as_json=as_json, ctx=ctx)
    if not words and opts == Options():
        first, second = view.present[:2]
        raise LooError(f"hand {view.hand_no}: no player's word given (NAME=VALUE, e.g. "
                       f"{first}=1 or {second}=pass); 'loo hand -i' asks for each in turn")
    rec = parse_hand(list(words or []), opts, view)
    # the words are for the hand just read: a hand recorded or undone meanwhile in another
    # terminal is TableChanged, one line, and nothing written (never the words as another
    # hand, with another number and dealer)
    result = record(ledger, sid, rec, expect_hand=view.hand_no)
    if as_json:
        return action_result(ctx, "hand", sid, hand=result.hand_no, settlement=result)
    after = table_view(ledger, sid)
    typer.echo("\n".join(settlement_lines(result, v=after.variant, present=after.present)))
    from loo_ledger.cli.show import dealer_moved_line  # noqa: PLC0415 (hand words: not for `loo new/use/close`, --help)
    if (moved := dealer_moved_line(view.state, result, view.present)) is not None:
        typer.echo(moved)


@hand_options
def amend(ctx: typer.Context, number: int = typer.Argument(..., metavar="N", help="Hand number.",
                                                          callback=option_limits.ident),
          words: list[str] | None = PLAYERS_ARG,
          session: str | None = SESSION_OPTION, as_json: bool = JSON_OPTION, *,
          opts: Options) -> None:
    """The same words and options as 'loo hand'.

    Examples:
      $ loo amend 4 Ann=2 Ben=1 Cat=0
      $ loo amend 7 Ann=1 Ben=1 Cat=1 --revoke Cat
    """
    from loo_ledger.cli.entry import parse_hand  # noqa: PLC0415 (hand entry: not for `loo new/use/close`, --help)
    from loo_ledger.services.table import amend_record, view_before  # noqa: PLC0415 (the table service: not for `loo use`, --help)
    e = env(ctx)
    sid = e.session_id(session)
    rec = parse_hand(list(words or []), opts, view_before(e.ledger(), sid, number))
    before = _nets(e.ledger(), sid)
    result = amend_record(e.ledger(), sid, number, rec)
    if as_json:  # the amended hand and every later one, settled again
        return action_result(ctx, "amend", sid, hand=number,
                             settlements=result.settlements[number - 1:])
    later = len(result.settlements) - number
    typer.echo(f"hand {number} amended; {later} later hand{'s' if later != 1 else ''} "
               f"settled again; pool now {result.final.pool}")
    from loo_ledger.domain.rules.chips import signed  # noqa: PLC0415 (chips: not for `loo new/use/hand`, --help)
    after = _nets(e.ledger(), sid)
    changed = [f"{visible(p)} {signed(n - before.get(p, 0))} (now {signed(n)})"
               for p, n in after.items() if n != before.get(p, 0)]
    typer.echo("balances changed: " + ", ".join(changed) if changed else "no balance changed")


def _nets(ledger: "Ledger", sid: int) -> dict[str, int]:
    """Each player's net in session ``sid``, in seat order."""
    return {p["name"]: p["net"] for p in ledger.balances(sid)["players"]}


def undo(ctx: typer.Context, yes: bool = typer.Option(False, "--yes", "-y",
                                                      help="Do not ask for confirmation."),
         session: str | None = SESSION_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Examples:
      $ loo undo
      $ loo undo --yes
    """
    from loo_ledger.services.table import undo as run_undo  # noqa: PLC0415 (the table service: not for `loo use`, --help)
    e = env(ctx)
    sid = e.session_id(session)
    hands = e.ledger().hands(sid)
    asked = None  # the hand named in the question is the one removed, or none (TableChanged)
    if hands and not yes:
        asked = hands[-1]['number']
        confirm(f"Remove hand {asked} (dealt by {hands[-1]['dealer']})?", yes=yes)
    n = run_undo(e.ledger(), sid, expect_last=asked)
    if as_json:
        return action_result(ctx, "undo", sid, hand=n)
    typer.echo(f"hand {n} removed; pool now {e.ledger().balances(sid)['pool']}")


def close(ctx: typer.Context, session: str | None = SESSION_OPTION,
          as_json: bool = JSON_OPTION) -> None:
    """Examples:
      $ loo close
      $ loo close -s fri
    """
    from loo_ledger.services.table import close as run_close  # noqa: PLC0415 (the table service: not for `loo use`, --help)
    e = env(ctx)
    sid = e.session_id(session)
    for warning in (warnings := run_close(e.ledger(), sid)):
        typer.echo(f"Warning: {warning}", err=True)
    if as_json:
        return action_result(ctx, "close", sid, warnings=warnings)
    typer.echo(f"session {sid} closed")
