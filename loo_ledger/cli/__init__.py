"""The command line: parse, call, render. Errors become exit 1 here, in one place; a
cancel exits 3 and Ctrl-C 130 (cli/cancel.py)."""

from __future__ import annotations

import copy
import sys
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


def _command_word(args: list[str]) -> str | None:
    """The command a plain command line names (``loo [--db PATH] NAME ...``), else None
    (no command, or a root option other than --db before it: --help, --version)."""
    i = 0
    while i < len(args):
        if args[i] == "--db":
            i += 2
        elif args[i].startswith("--db="):
            i += 1
        else:
            return None if args[i].startswith("-") else args[i]
    return None


def _only(name: str) -> typer.Typer | None:
    """``app`` with only the command (or group) called ``name``, or None if it has none.

    Typer turns every registered command into a Click command (reading each signature)
    before it parses anything; one command line runs one command, so the others need not
    be built. Help and errors for that command are the same either way (``loo --help``
    and an unknown command get the whole app)."""
    groups = [g for g in app.registered_groups if g.name == name]
    commands = [c for c in app.registered_commands
                if (c.name or typer.main.get_command_name(c.callback.__name__  # type: ignore[union-attr]
                                                          )) == name]
    if not groups and not commands:
        return None
    pruned = copy.copy(app)
    pruned.registered_groups = groups[-1:]  # a group named like a command replaces it
    pruned.registered_commands = [] if groups else commands[-1:]
    return pruned


def main() -> None:
    name = _command_word(sys.argv[1:])
    chosen = _only(name) if name else None
    (chosen or app)(prog_name="loo")
