"""The command line: parse, call, render. Errors become exit 1 here, in one place; a
cancel exits 3 and Ctrl-C 130 (cli/cancel.py)."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.core import TyperGroup

from loo_ledger.errors import LooError


class LooGroup(TyperGroup):
    """The one error boundary: a LooError becomes one message on stderr and exit 1; a
    declined confirmation or a cancelled question exits 3 and Ctrl-C (or Ctrl-D at a
    question) exits 130, each saying that nothing was written (see cli/cancel.py)."""

    def invoke(self, ctx):
        from loo_ledger.cli.cancel import EXIT_CANCELLED, EXIT_INTERRUPTED, Cancelled, interrupted
        try:
            return super().invoke(ctx)
        except LooError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None
        except Cancelled as exc:
            typer.echo(f"Cancelled: {exc or 'nothing written'}.", err=True)
            raise typer.Exit(EXIT_CANCELLED) from None
        except (KeyboardInterrupt, EOFError, typer.Abort) as exc:
            if interrupted(exc):
                typer.echo("\nInterrupted: nothing written.", err=True)
                raise typer.Exit(EXIT_INTERRUPTED) from None
            typer.echo("Cancelled: nothing written.", err=True)
            raise typer.Exit(EXIT_CANCELLED) from None


app = typer.Typer(cls=LooGroup, no_args_is_help=True, pretty_exceptions_enable=False,
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help="Scorekeeper for Loo: record hands, settle the pool, keep balances.")


def _version(value: bool) -> None:
    if value:
        from loo_ledger import __version__
        typer.echo(f"loo_ledger {__version__}")
        raise typer.Exit()


@app.callback()
def _root(ctx: typer.Context,
          version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit."),
          db: Path | None = typer.Option(
              None, "--db", metavar="PATH", envvar="LOO_DB", show_envvar=True,
              help="The ledger database (default: loo.db in your data directory).")):
    from loo_ledger.cli.context import Env, resolve_db
    ctx.obj = Env(db_path=resolve_db(db))


def _register() -> None:
    from loo_ledger.cli import (
        analysis_cmds,
        chart_cmds,
        explain_cmd,
        export_cmds,
        ledger_cmds,
        reports,
        seats_rules,
        session_cmds,
        table_cmds,
        variants_cmd,
    )
    for module in (table_cmds, ledger_cmds, export_cmds, reports, explain_cmd, analysis_cmds,
                   chart_cmds):
        module.register(app)
    app.add_typer(seats_rules.seat_app, name="seat")
    app.add_typer(seats_rules.rules_app, name="rules")
    app.add_typer(variants_cmd.app, name="variants")
    from loo_ledger.cli import backup_cmds  # loo backup, loo restore
    backup_cmds.register(app)
    from loo_ledger.cli import datasette_cmd  # loo datasette-metadata
    datasette_cmd.register(app)
    session_cmds.register(app)  # last: its 'loo sessions' (ledger_cmds) replaces reports'


_register()


def main() -> None:
    app(prog_name="loo")
