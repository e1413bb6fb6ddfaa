"""The command line: parse, call, render. Errors become exit 1 here, in one place; a
cancel exits 3 and Ctrl-C 130 (cli/cancel.py).

The root is a lazily loading group, Click's documented pattern ("Lazily Loading
Subcommands"): :data:`COMMANDS` names every command and where it is defined, and
:class:`LooGroup` imports a command's module and builds its Click command only when a
command line asks for it. ``loo hand ...`` imports the table's commands alone; ``loo
--help`` lists them all, so it loads them all (tests/test_startup.py, benchmarks/).
"""

# No ``from __future__ import annotations`` here: Typer reads these signatures, and
# annotations that are objects spare it compiling each one from a string.

from collections.abc import Mapping
from difflib import get_close_matches
from importlib import import_module
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperGroup

from loo_ledger.errors import LooError

#: Every command of ``loo``, in the order ``loo --help`` lists them: the command's name,
#: and where it is defined, "module:attribute" in loo_ledger.cli: a command function or a
#: Typer app of subcommands.
COMMANDS: Mapping[str, str] = {
    "new": "table_cmds:new",
    "use": "table_cmds:use",
    "hand": "table_cmds:hand",
    "amend": "table_cmds:amend",
    "undo": "table_cmds:undo",
    "pool": "pool_cmd:pool",
    "close": "table_cmds:close",
    "table": "table_view_cmd:table",
    "import": "ledger_cmds:import_",
    "check": "ledger_cmds:check",
    "export": "export_cmds:export",
    "hands": "reports:hands",
    "balances": "reports:balances",
    "explain": "explain_cmd:explain",
    "stats": "analysis_cmds:stats",
    "settle-up": "analysis_cmds:settle_up",
    "replay": "analysis_cmds:replay",
    "chart": "chart_cmds:chart",
    "backup": "backup_cmds:backup",
    "restore": "backup_cmds:restore",
    "datasette-metadata": "datasette_cmd:datasette_metadata",
    "serve": "serve_cmd:serve",
    "sessions": "ledger_cmds:sessions",
    "players": "player_cmds:players",
    "paid": "player_cmds:paid",
    "payments": "player_cmds:payments_app",
    "reopen": "session_cmds:reopen",
    "seat": "seats_rules:seat_app",
    "rules": "seats_rules:rules_app",
    "variants": "variants_cmd:app",
    "session": "session_cmds:session_app",
    "player": "session_cmds:player_app",
    "season": "season_cmds:season_app",
    "standings": "season_cmds:standings",
    "leaks": "leaks_cmd:leaks",
}


def load(name: str) -> Any:
    """The Click command ``loo NAME`` runs, built from its definition in :data:`COMMANDS`
    with Typer's public ``typer.main.get_command``."""
    module, attribute = COMMANDS[name].split(":")
    found = getattr(import_module(f"loo_ledger.cli.{module}"), attribute)
    if not isinstance(found, typer.Typer):
        found, command = typer.Typer(add_completion=False), found
        found.command(name)(command)
    built = typer.main.get_command(found)
    built.name = name  # a Typer app of subcommands is listed by the name given here
    return built


class LooGroup(TyperGroup):
    """The root command: its commands loaded when asked for (:data:`COMMANDS`), and the one
    error boundary: a LooError becomes one message on stderr and exit 1; a declined
    confirmation or a cancelled question exits 3 and Ctrl-C (or Ctrl-D at a question)
    exits 130, each saying that nothing was written (see cli/cancel.py).

    (``ctx`` is Click's Context, of the copy of Click that Typer carries: ``typer.Context``
    derives from it, and Typer exports no name for the class itself.)"""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*COMMANDS, *(n for n in super().list_commands(ctx) if n not in COMMANDS)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            self.add_command(load(cmd_name), cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """As Typer's, which suggests from the commands loaded so far: a word that is no
        command is refused here, suggesting from every command (exit 2)."""
        word = args[0] if args else ""
        if (word and not word.startswith("-") and not ctx.resilient_parsing
                and self.get_command(ctx, word) is None):
            near = get_close_matches(word, self.list_commands(ctx))
            hint = f" Did you mean {', '.join(repr(n) for n in near)}?" if near else ""
            ctx.fail(f"No such command {word!r}.{hint}")
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: Any) -> Any:
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
                from loo_ledger.cli.cancel import interrupted_line  # what had been stored
                typer.echo("\n" + interrupted_line(ctx.obj), err=True)
                raise typer.Exit(EXIT_INTERRUPTED) from None
            typer.echo("Cancelled: nothing written.", err=True)
            raise typer.Exit(EXIT_CANCELLED) from None


def _version(value: bool) -> None:
    if value:
        from loo_ledger import __version__
        typer.echo(f"loo_ledger {__version__}")
        raise typer.Exit()


def _root(ctx: typer.Context,
          version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit."),
          db: Path | None = typer.Option(
              None, "--db", metavar="PATH", envvar="LOO_DB", show_envvar=True,
              help="The ledger database (default: loo.db in your data directory).")) -> None:
    from loo_ledger.cli.context import Env, resolve_db
    ctx.obj = Env(db_path=resolve_db(db))
    ctx.call_on_close(ctx.obj.close)  # the ledger is closed as the command line ends


app = typer.Typer(cls=LooGroup, no_args_is_help=True, pretty_exceptions_enable=False,
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help="Scorekeeper for Loo: record hands, settle the pool, keep balances.",
                  epilog="Session files and every --json output are described in format.md, "
                         "installed with loo_ledger in loo_ledger/docs/.")
app.callback()(_root)


def main() -> None:
    """``loo``: run the command line."""
    app(prog_name="loo")
