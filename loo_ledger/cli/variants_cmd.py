"""loo variants: the built-in variants and every parameter of one."""

from __future__ import annotations

import typer

from loo_ledger.cli.context import JSON_OPTION, print_json
from loo_ledger.cli.render import show, table

app = typer.Typer(help="List the built-in variants, or show every parameter of one.",
                  invoke_without_command=True)


@app.callback()
def list_variants(ctx: typer.Context, as_json: bool = JSON_OPTION):
    """List the built-in variants (presets) with their source."""
    if ctx.invoked_subcommand is not None:
        return
    from loo_ledger.domain.variants import PRESETS, describe, preset_source
    rows = [{"name": n, "source": preset_source(n), "description": describe(n)} for n in PRESETS]
    if as_json:
        return print_json(rows)
    show(table("Variants", ["name", "source", "what it is"],
               [(r["name"], r["source"], r["description"]) for r in rows]))


@app.command("show")
def show_variant(name: str = typer.Argument(..., help="A variant name from 'loo variants'."),
                 rule: list[str] = typer.Option([], "--rule", "-r", metavar="NAME=VALUE",
                                                help="Override a parameter (repeatable)."),
                 as_json: bool = JSON_OPTION):
    """Every parameter of a variant: its value, what is allowed, and its source."""
    from loo_ledger.domain.variants import describe, parse_rule_args, variant
    rows = parameter_rows(variant(name, parse_rule_args(rule)))
    if as_json:
        return print_json({"name": name, "description": describe(name), "parameters": rows})
    render_rows(f"{name}: {describe(name)}", rows)


def parameter_rows(v) -> list[dict]:
    from loo_ledger.domain.params import PARAMS
    return [{"parameter": p.name, "value": v.value_text(p.name), "allowed": p.allowed(),
             "source": v.sources.get(p.name, p.source), "meaning": p.meaning}
            for p in PARAMS.values()]


def render_rows(title: str, rows: list[dict]) -> None:
    show(table(title, ["parameter", "value", "source", "allowed"],
               [(r["parameter"], r["value"], r["source"], r["allowed"]) for r in rows]))
