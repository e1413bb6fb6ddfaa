"""The command line: parse, call, render. Errors become exit 1 here, in one place; a
cancel exits 3 and Ctrl-C 130 (cli/cancel.py).

The root is a lazily loading group, Click's documented pattern ("Lazily Loading
Subcommands"): :data:`COMMANDS` names every command, the panel ``loo --help`` lists it in,
its summary (the one line the listing shows, and the first line of its own help) and where
it is defined; :class:`LooGroup` imports a command's module and builds its Click command
only when a command line asks for that command. ``loo --help`` lists the commands from the
table alone and imports none of them (tests/test_startup.py, benchmarks/).
"""

# No ``from __future__ import annotations`` here: Typer reads these signatures, and
# annotations that are objects spare it compiling each one from a string.

import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from difflib import get_close_matches
from importlib import import_module
from inspect import cleandoc
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from loo_ledger import __version__
from loo_ledger.cli.cancel import (
    EXIT_CANCELLED,
    EXIT_INTERRUPTED,
    Cancelled,
    interrupted,
    interrupted_line,
)
from loo_ledger.errors import LooError

AT_THE_TABLE = "At the table"
REPORTS = "Reports and analysis"
SEASON_AND_MONEY = "Season and money"
THE_LEDGER = "The ledger"
RULES_AND_PLAYERS = "Rules and players"


#: Every command of ``loo``, in the order ``loo --help`` lists them, panel by panel: its
#: name, then where it is defined ("module:attribute" in loo_ledger.cli: a command function,
#: whose docstring is the rest of its help, or a Typer app of subcommands), the panel that
#: lists it, and its summary: one sentence, the line ``loo --help`` shows and the first
#: line of the command's own help.
COMMANDS: Mapping[str, tuple[str, str, str]] = {
    "new": ("table_cmds:new", AT_THE_TABLE,
        'Start a session at the table; it becomes the current one.'),
    "use": ("table_cmds:use", AT_THE_TABLE,
        'Make a session the current one.'),
    "hand": ("table_cmds:hand", AT_THE_TABLE,
        'Record the next hand and print who takes what, who is looed, and the pool.'),
    "amend": ("table_cmds:amend", AT_THE_TABLE,
        'Replace hand N and settle every later hand again.'),
    "undo": ("table_cmds:undo", AT_THE_TABLE,
        'Remove the last hand (kept in the audit trail).'),
    "pool": ("pool_cmd:pool", AT_THE_TABLE,
        "Who owes the pool: chips in it, next dealer and ante, last hand's loos (Lou: burn)."),
    "close": ("table_cmds:close", AT_THE_TABLE,
        'End the session; warns when chips remain in the pool.'),
    "reopen": ("session_cmds:reopen", AT_THE_TABLE,
        'Open a closed session again, so that hands can be added to it.'),
    "seat": ("seats_rules:seat_app", AT_THE_TABLE,
        'Players come and go between hands.'),
    "table": ("table_view_cmd:table", AT_THE_TABLE,
        'The table on the screen, updated as hands are recorded; enter hands with one key each.'),
    "serve": ("serve_cmd:serve", AT_THE_TABLE,
        'Show the table on every phone: a read-only page that follows each hand.'),
    "hands": ("reports:hands", REPORTS,
        "Every hand: dealer, pool, each player's word, tricks, flushes, revokes and change."),
    "balances": ("balances_cmd:balances", REPORTS,
        "Each player's net since the session began, the chips in the pool, and money."),
    "explain": ("explain_cmd:explain", REPORTS,
        'Every chip of hand N with the rule that moved it, its parameter and source text.'),
    "stats": ("analysis_cmds:stats", REPORTS,
        'Per player and per session: declarations, tricks, loos, pools, flushes and money.'),
    "replay": ("analysis_cmds:replay", REPORTS,
        'Settle a whole evening again under other rules; the database is not changed.'),
    "chart": ("chart_cmds:chart", REPORTS,
        "Chart each player's running net, the pool's size, or a season's evenings."),
    "leaks": ("leaks_cmd:leaks", REPORTS,
        "A player's choices set against the table's winning players', costed in chips."),
    "settle-up": ("analysis_cmds:settle_up", SEASON_AND_MONEY,
        'Money owed at the end of an evening, or over a season, and who pays whom.'),
    "paid": ("player_cmds:paid", SEASON_AND_MONEY,
        'Record that a debt was paid.'),
    "payments": ("player_cmds:payments_app", SEASON_AND_MONEY,
        "The debts paid ('loo paid'): list them, remove a mistaken one."),
    "season": ("season_cmds:season_app", SEASON_AND_MONEY,
        'Named seasons: a span of dates or a list of sessions, and their standings.'),
    "standings": ("season_cmds:standings", SEASON_AND_MONEY,
        'Per player over a season: evenings, hands, net, money, rates, place and a rating.'),
    "sessions": ("ledger_cmds:sessions", THE_LEDGER,
        'List the sessions in the ledger; * marks the current one.'),
    "session": ("session_cmds:session_app", THE_LEDGER,
        'Rename or delete a session.'),
    "import": ("ledger_cmds:import_", THE_LEDGER,
        'Import session files: all or nothing.'),
    "export": ("export_cmds:export", THE_LEDGER,
        'Write a session as a file: by default a loo-session/1 file that imports again.'),
    "check": ("ledger_cmds:check", THE_LEDGER,
        'Re-derive every stored hand from its raw facts; report each difference (exit 1 if any).'),
    "backup": ("backup_cmds:backup", THE_LEDGER,
        'Copy the whole ledger to FILE, safely while others record hands, and check the copy.'),
    "restore": ("backup_cmds:restore", THE_LEDGER,
        'Replace the ledger with backup FILE, keeping the old one beside it.'),
    "path": ("path_schema_cmds:path", THE_LEDGER,
        "Print the ledger's path (--db, else $LOO_DB, else the data folder's)."),
    "schema": ("path_schema_cmds:schema", THE_LEDGER,
        "Print the session-file JSON Schema, or the schema of a command's --json output."),
    "datasette-metadata": ("datasette_cmd:datasette_metadata", THE_LEDGER,
        'Print a metadata.json for Datasette: every table, view and column described.'),
    "variants": ("variants_cmd:app", RULES_AND_PLAYERS,
        'List the built-in variants, or show every parameter of one.'),
    "rules": ("seats_rules:rules_app", RULES_AND_PLAYERS,
        'House rules: a preset plus overrides, saved under a name.'),
    "players": ("player_cmds:players", RULES_AND_PLAYERS,
        'Every player across sessions: the spellings that name them and their sessions.'),
    "player": ("session_cmds:player_app", RULES_AND_PLAYERS,
        'Rename a player in the current session, or merge two spellings of one player.'),
}


def reflow(text: str) -> str:
    """Help text whose paragraphs reflow at any width: the lines of each paragraph joined
    into one, except a list (a paragraph whose first line ends in a colon, as
    "Examples:"), whose items stay one a line. (Typer's rich help keeps every line break
    it is given, and takes the indentation off a list that begins the text below the
    summary, so the examples are set off by "$ ", not indented.)"""
    paragraphs = []
    for paragraph in text.strip().split("\n\n"):
        head, *lines = (line.strip() for line in paragraph.split("\n"))
        if head.endswith(":") and lines:
            paragraphs.append("\n".join([head, *lines]))
        else:
            paragraphs.append(" ".join([head, *lines]))
    return "\n\n".join(paragraphs)


def load(name: str) -> Any:
    """The Click command ``loo NAME`` runs, built from its row of :data:`COMMANDS` with
    Typer's public ``typer.main.get_command``: its help is the summary, then the command
    function's docstring (or the Typer app's help), every paragraph reflowing; a Typer app's
    subcommands reflow too."""
    where, panel, summary = COMMANDS[name]
    module, attribute = where.split(":")
    found = getattr(import_module(f"loo_ledger.cli.{module}"), attribute)
    built: Any  # a TyperCommand or TyperGroup (rich_help_panel is theirs)
    if isinstance(found, typer.Typer):
        built = typer.main.get_command(found)
        rest = cleandoc(built.help or "")
        for sub in getattr(built, "commands", {}).values():
            sub.help = reflow(cleandoc(sub.help or ""))
    else:
        rest = cleandoc(found.__doc__ or "")
        from loo_ledger.cli.command import LooCommand
        app = typer.Typer(add_completion=False)
        app.command(name, cls=LooCommand)(found)
        built = typer.main.get_command(app)
    built.name = name  # a Typer app of subcommands is listed by the name given here
    built.help = reflow(f"{summary}\n\n{rest}" if rest else summary)
    built.short_help = summary
    built.rich_help_panel = panel
    return built


#: The key in ``ctx.meta`` (Click's store for extensions) that says the commands are
#: being listed, not run (:meth:`LooGroup.get_command`).
LISTING = "loo_ledger.listing"


@contextmanager
def listing(ctx: Any) -> Iterator[None]:
    """While the root's commands are listed: :data:`LISTING` set on ``ctx``."""
    ctx.meta[LISTING] = True
    try:
        yield
    finally:
        del ctx.meta[LISTING]


#: Click's UsageError (exit 2), of the copy of Click that Typer carries: Typer exports its
#: subclass BadParameter, not the class itself.
USAGE_ERROR: type[Exception] = typer.BadParameter.__mro__[1]


@contextmanager
def plain_usage_errors() -> Iterator[None]:
    """A usage error (exit 2) written as plain text, as Click writes it, when standard
    error is not a terminal (a script, a log, a pipe): Typer's boxed rendering is for a
    person at a terminal."""
    try:
        yield
    except USAGE_ERROR as exc:
        if sys.stderr.isatty():
            raise
        exc.show()  # type: ignore[attr-defined]
        raise typer.Exit(2) from None


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
        """The command ``cmd_name``, loaded; while the commands are only listed (``loo
        --help``, completing a command's name), a stand-in with its row's summary and
        panel, so that listing them imports none of them."""
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            if ctx.meta.get(LISTING):
                _, panel, summary = COMMANDS[cmd_name]
                return TyperCommand(cmd_name, help=summary, short_help=summary,
                                    rich_help_panel=panel)
            self.add_command(load(cmd_name), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with listing(ctx):
            super().format_help(ctx, formatter)

    def shell_complete(self, ctx: Any, incomplete: str) -> Any:
        with listing(ctx):
            return super().shell_complete(ctx, incomplete)

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

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None,
                     **extra: Any) -> Any:
        with plain_usage_errors():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: Any) -> Any:
        try:
            with plain_usage_errors():
                return super().invoke(ctx)
        except LooError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None
        except Cancelled as exc:
            typer.echo(f"Cancelled: {exc or 'nothing written'}.", err=True)
            raise typer.Exit(EXIT_CANCELLED) from None
        except (KeyboardInterrupt, EOFError, typer.Abort) as exc:
            if interrupted(exc):
                typer.echo("\n" + interrupted_line(ctx.obj), err=True)
                raise typer.Exit(EXIT_INTERRUPTED) from None
            typer.echo("Cancelled: nothing written.", err=True)
            raise typer.Exit(EXIT_CANCELLED) from None


def _version(value: bool) -> None:
    if value:
        typer.echo(f"loo_ledger {__version__}")
        raise typer.Exit()


def _root(ctx: typer.Context,
          version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit."),
          db: Path | None = typer.Option(
              None, "--db", metavar="PATH", envvar="LOO_DB", show_envvar=True,
              help="The ledger database (default: loo.db in your data directory).")) -> None:
    # the root's callback runs for a command, never for `loo --help`: what every command
    # shares (cli/context.py) loads from here
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
