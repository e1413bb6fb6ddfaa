"""loo variants: the built-in variants and every parameter of one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from loo_ledger.cli import completion
from loo_ledger.cli.command import LooCommand
from loo_ledger.cli.context import JSON_OPTION, RULE_OPTION, env, print_json
from loo_ledger.cli.matching import candidates, match
from loo_ledger.cli.render import show, table
from loo_ledger.domain.cards.play_rules import (
    TABLE_RULES,
    PlayRules,
    table_rule_allowed,
    table_rule_text,
)
from loo_ledger.domain.rules.params import PARAMS
from loo_ledger.domain.rules.variants import (
    PRESETS,
    describe,
    parse_rule_args,
    preset_source,
    variant,
)

if TYPE_CHECKING:
    from loo_ledger.domain.rules.variants import Variant

app = typer.Typer(invoke_without_command=True, add_completion=False)


@app.callback()
def list_variants(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    # with no subcommand: the built-in variants (presets) with their source
    if ctx.invoked_subcommand is not None:
        return
    rows = [{"name": n, "source": preset_source(n), "description": describe(n)} for n in PRESETS]
    if as_json:
        return print_json(rows)
    show(table("Variants", ["name", "source", "what it is"],
               [(r["name"], r["source"], r["description"]) for r in rows],
               wrap=("source", "what it is")))


@app.command("show", cls=LooCommand)
def show_variant(ctx: typer.Context,
                 name: str = typer.Argument(..., metavar="NAME",
                                            autocompletion=completion.variants,
                                            help="A variant from 'loo variants' or a saved "
                                                 "house rule ('loo rules list'); a unique "
                                                 "prefix will do."),
                 rule: list[str] = RULE_OPTION,
                 as_json: bool = JSON_OPTION) -> None:
    """Every parameter of a variant or house rule: its value, what is allowed, its source."""
    exact = candidates(name, PRESETS) == [p for p in PRESETS
                                          if p.casefold() == name.strip().casefold()] != []
    saved = {} if exact else _house_rules(ctx)  # a preset by its whole name needs no ledger
    found = match(name, [*PRESETS, *saved], "variant or house rule",
                  plural="variants and house rules")
    overrides = parse_rule_args(rule)
    if found in PRESETS:
        base, rules, title = found, overrides, describe(found)
        v = variant(found, rules)
    else:
        base, house = saved[found]
        rules, title = {**house, **overrides}, f"{base} with house rules"
        v = variant(base, rules, source=f"house rule {found}")
    rows = parameter_rows(v)
    if as_json:
        return print_json({"name": found, "description": title, "parameters": rows,
                           **({} if found in PRESETS else {"from": base})})
    render_rows(f"{found}: {title}", rows)


def _house_rules(ctx: typer.Context) -> dict[str, Any]:
    """The saved house rules, if there is a ledger (none is created to look)."""
    e = env(ctx)
    if not e.db_path.exists():
        return {}
    rules: dict[str, Any] = e.ledger().house_rules()
    return rules


def parameter_rows(v: Variant) -> list[dict[str, Any]]:
    """Every parameter, then every rule of play (CATALOGUE.md section 6), with its value."""
    play = PlayRules.from_variant(v)
    return [{"parameter": p.name, "value": v.value_text(p.name), "allowed": p.allowed(),
             "source": v.sources.get(p.name, p.source), "meaning": p.meaning}
            for p in PARAMS.values()] + [
        {"parameter": n, "value": table_rule_text(n, getattr(play, n)),
         "allowed": table_rule_allowed(n), "source": v.sources.get(n, "CATALOGUE 6"),
         "meaning": "a rule of play, judged when the cards are recorded (CATALOGUE.md 6)"}
        for n in TABLE_RULES]


def render_rows(title: str, rows: list[dict[str, Any]]) -> None:
    show(table(title, ["parameter", "value", "source", "allowed"],
               [(r["parameter"], r["value"], r["source"], r["allowed"]) for r in rows],
               wrap=("value", "source", "allowed")))
