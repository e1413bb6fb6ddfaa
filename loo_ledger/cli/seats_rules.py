"""loo seat add/leave and loo rules save/list/show."""

from __future__ import annotations

from typing import Optional

import typer

from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env, print_json
from loo_ledger.cli.outputs import action_result

seat_app = typer.Typer(help="Players come and go between hands.", no_args_is_help=True)
rules_app = typer.Typer(help="House rules: a preset plus overrides, saved under a name.",
                        no_args_is_help=True)


@seat_app.command("add")
def seat_add(ctx: typer.Context, name: str = typer.Argument(..., help="The player's name."),
             after: Optional[str] = typer.Option(None, "--after", metavar="NAME",
                                                 help="Sit to the left of this player "
                                                      "(default: the last seat)."),
             session: Optional[int] = SESSION_OPTION, as_json: bool = JSON_OPTION):
    """Seat a new player, or bring back one who left."""
    from loo_ledger.services.table import seat_add as run
    e = env(ctx)
    said = run(e.ledger(), sid := e.session_id(session), name, after)
    if as_json:
        return action_result(ctx, "seat add", sid, player=name, message=said)
    typer.echo(said)


@seat_app.command("leave")
def seat_leave(ctx: typer.Context, name: str = typer.Argument(..., help="The player's name."),
               session: Optional[int] = SESSION_OPTION, as_json: bool = JSON_OPTION):
    """A player leaves: they keep their balance and the deal skips their seat."""
    from loo_ledger.cli.entry import match_player
    from loo_ledger.errors import NotFound
    from loo_ledger.services.table import seat_leave as run
    e = env(ctx)
    sid = e.session_id(session)
    try:
        player = match_player(name, e.ledger().session(sid)["players"])
    except ValueError as exc:
        raise NotFound(f"seat leave: {exc}") from None
    said = run(e.ledger(), sid, player)
    if as_json:
        return action_result(ctx, "seat leave", sid, player=player, message=said)
    typer.echo(said)


@rules_app.command("save")
def rules_save(ctx: typer.Context, name: str = typer.Argument(..., help="A name for the rules."),
               base: str = typer.Option(..., "--from", metavar="PRESET",
                                        help="The preset to start from ('loo variants')."),
               rule: list[str] = typer.Option([], "--rule", "-r", metavar="NAME=VALUE",
                                              help="Override a parameter. Repeatable."),
               as_json: bool = JSON_OPTION):
    """Save a preset plus overrides as a house rule, usable wherever a variant name is."""
    from loo_ledger.domain.variants import PRESETS, parse_rule_args, variant
    if name in PRESETS:
        raise typer.BadParameter(f"{name!r} is a built-in variant; choose another name",
                                 param_hint="NAME")
    rules = parse_rule_args(rule)
    variant(base, rules)
    env(ctx).ledger().save_house_rule(name, base, rules)
    if as_json:
        return action_result(ctx, "rules save", None, name=name, base=base, rules=rules)
    typer.echo(f"house rule {name!r} saved: {base}" +
               "".join(f" {k}={v}" for k, v in rules.items()))


@rules_app.command("list")
def rules_list(ctx: typer.Context, as_json: bool = JSON_OPTION):
    """The saved house rules."""
    saved = env(ctx).ledger().house_rules()
    if as_json:
        return print_json([{"name": n, "from": b, "rules": r} for n, (b, r) in saved.items()])
    if not saved:
        typer.echo("no house rules saved yet: 'loo rules save NAME --from PRESET --rule ...'")
    for n, (b, r) in saved.items():
        typer.echo(f"{n}: {b}" + "".join(f" {k}={v}" for k, v in r.items()))


@rules_app.command("show")
def rules_show(ctx: typer.Context, name: str = typer.Argument(..., help="A saved house rule."),
               as_json: bool = JSON_OPTION):
    """Every parameter of a saved house rule, with its source."""
    from loo_ledger.cli.variants_cmd import parameter_rows, render_rows
    from loo_ledger.domain.variants import variant
    from loo_ledger.errors import NotFound
    saved = env(ctx).ledger().house_rules()
    if name not in saved:
        raise NotFound(f"no house rule named {name!r}; saved: {', '.join(saved) or 'none'}")
    base, rules = saved[name]
    rows = parameter_rows(variant(base, rules, source=f"house rule {name}"))
    if as_json:
        return print_json({"name": name, "from": base, "parameters": rows})
    render_rows(f"{name}: {base} with house rules", rows)
