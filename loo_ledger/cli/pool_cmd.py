"""loo pool: the chips in the pool, who deals next and the antes due.

Listed with the commands at the table (cli/table_cmds.py registers it in its place), but a
module of its own, so that 'loo pool' alone does not load what recording a hand needs
(the hand's options and their checks): cli.ALONE.
"""

from __future__ import annotations

import typer

from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env, print_json


def pool(ctx: typer.Context, session: int | None = SESSION_OPTION, as_json: bool = JSON_OPTION):
    """Who owes the pool: chips in it, next dealer and ante, last hand's loos (Lou: burn)."""
    from loo_ledger.cli.show import pool_lines
    from loo_ledger.services.pool import pool_status, rule_change_lines, stored_variant
    e = env(ctx)
    status = pool_status(e.ledger(), e.session_id(session))
    if as_json:
        return print_json(status)
    v = stored_variant(e.ledger(), status["session"])
    changed = rule_change_lines(e.ledger(), status["session"])
    typer.echo("\n".join(pool_lines(status, v=v)
                         + ([f"Rules changed: {'; '.join(changed)}"] if changed else [])))


def register(app: typer.Typer) -> None:
    app.command()(pool)
