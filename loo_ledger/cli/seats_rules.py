"""loo seat add/leave and loo rules save/list/show/delete.

The seat commands import the table's services (and with them the engine) in their bodies,
so that the rules commands, in the same module, do not."""

from __future__ import annotations

import typer

from loo_ledger.cli import completion
from loo_ledger.cli.cancel import confirm
from loo_ledger.cli.command import LooCommand
from loo_ledger.cli.context import JSON_OPTION, RULE_OPTION, SESSION_OPTION, env, print_json
from loo_ledger.cli.matching import NoMatch, candidates, match, match_player
from loo_ledger.cli.outputs import action_result
from loo_ledger.cli.visible import visible
from loo_ledger.errors import LooError

seat_app = typer.Typer(help="""
    Examples:
      $ loo seat add Eve --after Dov
      $ loo seat leave Ben
    """, no_args_is_help=True, add_completion=False)
rules_app = typer.Typer(no_args_is_help=True, add_completion=False)


@seat_app.command("add", cls=LooCommand)
def seat_add(ctx: typer.Context, name: str = typer.Argument(..., metavar="NAME",
                                                            help="The player's name."),
             after: str | None = typer.Option(None, "--after", metavar="NAME",
                                                 help="Sit to the left of this player "
                                                      "(default: the last seat)."),
             session: str | None = SESSION_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Seat a new player, or bring back one who left (a unique prefix of their name will do)."""
    from loo_ledger.services.table import seat_add as run  # noqa: PLC0415 (the table service: not for `loo rules`, --help)
    e = env(ctx)
    sid = e.session_id(session)
    ledger = e.ledger()
    players = ledger.session(sid)["players"]
    away = [p for p in players if p not in ledger.present_players(sid)]
    exact = [p for p in players if p.casefold() == name.strip().casefold()]
    # the player's own name, else one who left named by a prefix, else a new player
    player = exact[0] if exact else (match_player(name, away) if candidates(name, away)
                                     else name)
    seat_after = match_player(after, players) if after is not None else None
    said = run(ledger, sid, player, seat_after)
    if as_json:
        return action_result(ctx, "seat add", sid, player=player, message=said)
    typer.echo(said)


@seat_app.command("leave", cls=LooCommand)
def seat_leave(ctx: typer.Context, name: str = typer.Argument(..., metavar="NAME",
                                                               autocompletion=completion.players,
                                                               help="The player's name."),
               session: str | None = SESSION_OPTION, as_json: bool = JSON_OPTION) -> None:
    """A player leaves: they keep their balance and the deal skips their seat."""
    from loo_ledger.services.table import seat_leave as run  # noqa: PLC0415 (the table service: not for `loo rules`, --help)
    e = env(ctx)
    sid = e.session_id(session)
    try:
        player = match_player(name, e.ledger().session(sid)["players"])
    except NoMatch as exc:
        raise NoMatch(f"seat leave: {exc}") from None
    said = run(e.ledger(), sid, player)
    if as_json:
        return action_result(ctx, "seat leave", sid, player=player, message=said)
    typer.echo(said)


@rules_app.command("save", cls=LooCommand)
def rules_save(ctx: typer.Context, name: str = typer.Argument(..., metavar="NAME",
                                                              help="A name for the rules."),
               preset: str | None = typer.Option(
                   None, "--variant", metavar="PRESET", autocompletion=completion.variants,
                   help="The preset to start from ('loo variants')."),
               old_from: str | None = typer.Option(None, "--from", hidden=True,
                                                   help="The old name of --variant."),
               rule: list[str] = RULE_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Save a preset plus overrides as a house rule, usable wherever a variant name is."""
    if preset is not None and old_from is not None:
        ctx.fail("--from is the old name of --variant: give one of them")
    base = preset if preset is not None else old_from
    if base is None:
        ctx.fail("Missing option '--variant': the preset to start from ('loo variants')")
    from loo_ledger.domain.rules.variants import PRESETS, parse_rule_args, rule_words, variant  # noqa: PLC0415 (the variants: not for `loo seat`, --help)
    from loo_ledger.formats.lookalike import fold  # noqa: PLC0415 (lookalikes: not for `loo seat`, --help)
    from loo_ledger.services.names import check_word  # noqa: PLC0415 (name checks: not for `loo seat`, --help)
    if not name.strip():
        raise LooError("a house rule needs a name, e.g. loo rules save Crown --variant "
                       f"{base} --rule loo_limit=45")
    check_word("house rule name", name)
    if fold(name) in {fold(p) for p in PRESETS}:
        raise typer.BadParameter(f"{name!r} is (or looks like) a built-in variant; "
                                 "choose another name", param_hint="NAME")
    base = match(base, PRESETS, "variant")
    rules = parse_rule_args(rule)
    variant(base, rules)
    env(ctx).ledger().save_house_rule(name, base, rules)
    if as_json:
        return action_result(ctx, "rules save", None, name=name, base=base, rules=rules)
    typer.echo(f"house rule {visible(name)} saved: {base}" +
               "".join(f" {w}" for w in rule_words(rules)))


@rules_app.command("list", cls=LooCommand)
def rules_list(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """The saved house rules."""
    from loo_ledger.domain.rules.variants import rule_words  # noqa: PLC0415 (the variants: not for `loo seat`, --help)
    saved = env(ctx).ledger().house_rules()
    if as_json:
        return print_json([{"name": n, "from": b, "rules": r} for n, (b, r) in saved.items()])
    if not saved:
        typer.echo("no house rules saved yet: 'loo rules save NAME --variant PRESET --rule ...'")
    for n, (b, r) in saved.items():
        typer.echo(visible(f"{n}: {b}" + "".join(f" {w}" for w in rule_words(r))))


@rules_app.command("show", cls=LooCommand)
def rules_show(ctx: typer.Context, name: str = typer.Argument(..., metavar="NAME",
                                                              help="A saved house rule."),
               as_json: bool = JSON_OPTION) -> None:
    """Every parameter of a saved house rule, with its source."""
    from loo_ledger.cli.variants_cmd import parameter_rows, render_rows  # noqa: PLC0415 (the variants: not for `loo seat`, --help)
    from loo_ledger.domain.rules.variants import variant  # noqa: PLC0415 (the variants: not for `loo seat`, --help)
    saved = env(ctx).ledger().house_rules()
    name = match(name, saved, "house rule")
    base, rules = saved[name]
    rows = parameter_rows(variant(base, rules, source=f"house rule {name}"))
    if as_json:
        return print_json({"name": name, "from": base, "parameters": rows})
    render_rows(f"{name}: {base} with house rules", rows)


@rules_app.command("delete", cls=LooCommand)
def rules_delete(ctx: typer.Context, name: str = typer.Argument(
                     ..., metavar="NAME", autocompletion=completion.house_rules,
                     help="A saved house rule (a unique prefix will do)."),
                 yes: bool = typer.Option(False, "--yes", "-y",
                                          help="Do not ask for confirmation."),
                 as_json: bool = JSON_OPTION) -> None:
    """Delete a saved house rule; sessions played under it keep their rules.

    Examples:
      $ loo rules delete Crown --yes
    """
    ledger = env(ctx).ledger()
    name = match(name, ledger.house_rules(), "house rule")
    confirm(f"Delete house rule {visible(name)}? (sessions played under it keep their rules)",
            yes=yes)
    ledger.delete_house_rule(name)
    if as_json:
        return action_result(ctx, "rules delete", None, deleted=name)
    typer.echo(f"house rule {visible(name)} deleted")


@rules_app.command("set", cls=LooCommand)
def rules_set(ctx: typer.Context,
              typed: list[str] | None = typer.Argument(
                  None, metavar="[NAME=VALUE...]", autocompletion=completion.rules,
                  help="The rules to set, e.g. loo_limit=90 (or --rule)."),
              rule: list[str] = RULE_OPTION,
              from_hand: int = typer.Option(1, "--from-hand", metavar="N", min=1,
                                            help="The first hand the rule applies to (1: the "
                                                 "whole session; at most the next hand)."),
              session: str | None = SESSION_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Set a rule of the current session from hand N on (every hand from N is settled again
    under it); refused, naming the hand, if a hand becomes impossible."""
    from loo_ledger.domain.rules.variants import rule_words  # noqa: PLC0415 (the variants: not for `loo seat`, --help)
    from loo_ledger.services.sessions import set_rules  # noqa: PLC0415 (session services: not for `loo seat`, --help)
    rule = [*(typed or []), *rule]
    if not rule:
        ctx.fail("name a rule to set: NAME=VALUE, e.g. loo_limit=90")
    e = env(ctx)
    sid = e.session_id(session)
    rules = set_rules(e.ledger(), sid, rule, from_hand)
    if as_json:
        return action_result(ctx, "rules set", sid, rules=rules)
    hands = max(0, len(e.ledger().hands(sid)) - from_hand + 1)  # hands from_hand on
    typer.echo(f"session {sid} now plays " + " ".join(rule_words(rules))
               + (f" from hand {from_hand}" if from_hand > 1 else "")
               + f"; {hands} hand{'' if hands == 1 else 's'} settled again; pool now "
               f"{e.ledger().balances(sid)['pool']}")
