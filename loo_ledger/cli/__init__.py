"""The command line: parse, call, render. Errors become exit 1 here, in one place; a
cancel exits 3 and Ctrl-C 130 (cli/cancel.py).

``app`` (every command) is built when first asked for. ``main()`` builds only what the
command line needs: the one command it names (importing only that command's module), or
the whole app for ``loo --help``, no command or an unknown one. Starting a command then
costs little more than starting Typer (issue 10; tests/test_startup.py).

A process started by :func:`main` runs its start-up (the imports) without the cyclic
garbage collector, and ends without tearing the interpreter down (:func:`_leave`): the
two cost a short command about as much as all of its own work.
"""

# No ``from __future__ import annotations`` here: Typer reads these signatures at every
# start, and annotations that are objects spare it compiling each one from a string.

import gc

# Importing Typer makes thousands of objects and no garbage; collecting meanwhile only
# costs time. Collection is on again when this module is loaded (main() turns it off for
# the command's own imports, until the command runs: LooGroup.invoke).
_collecting = gc.isenabled()
gc.disable()

import copy  # noqa: E402
import functools  # noqa: E402
import inspect  # noqa: E402
import sys  # noqa: E402
from collections.abc import Callable  # noqa: E402
from importlib import import_module  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import TYPE_CHECKING, Any  # noqa: E402

import typer  # noqa: E402
from typer.core import TyperGroup  # noqa: E402

from loo_ledger.errors import LooError  # noqa: E402

if _collecting:
    gc.enable()


class LooGroup(TyperGroup):
    """The one error boundary: a LooError becomes one message on stderr and exit 1; a
    declined confirmation or a cancelled question exits 3 and Ctrl-C (or Ctrl-D at a
    question) exits 130, each saying that nothing was written (see cli/cancel.py)."""

    #: Commands listed by name and help only (see :func:`_listing`), each built in full
    #: by its function here when a command line runs it.
    builders: dict[str, Callable[[], Any]] = {}

    def resolve_command(self, ctx, args):
        name, command, rest = super().resolve_command(ctx, args)
        if name in self.builders and command is self.commands.get(name):
            command = self.commands[name] = self.builders.pop(name)()
        return name, command, rest

    def invoke(self, ctx):
        _started(ctx.obj)
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
              help="The ledger database (default: loo.db in your data directory).")):
    from loo_ledger.cli.context import Env, Run, resolve_db
    run = ctx.obj
    if not isinstance(run, Run):  # called another way than by main() (a test, a library):
        run = Run(paused=False)   # the ledger is closed as the command line's context ends
        ctx.call_on_close(run.close_ledgers)
    ctx.obj = Env(db_path=resolve_db(db), run=run)


def _new_app() -> typer.Typer:
    """The root of the command line with no commands yet: its options and error boundary."""
    root = typer.Typer(cls=LooGroup, no_args_is_help=True, pretty_exceptions_enable=False,
                       context_settings={"help_option_names": ["-h", "--help"]},
                       help="Scorekeeper for Loo: record hands, settle the pool, keep balances.")
    root.callback()(_root)
    return root


def _module(name: str) -> Any:
    return import_module(f"loo_ledger.cli.{name}")


def _groups(name: str, *groups: tuple[str, str]) -> Callable[[typer.Typer], None]:
    """Add module ``name``'s sub-apps: (attribute, command name) each."""
    def add(root: typer.Typer) -> None:
        module = _module(name)
        for attribute, command in groups:
            root.add_typer(getattr(module, attribute), name=command)
    return add


def _registered(name: str) -> Callable[[typer.Typer], None]:
    return lambda root: _module(name).register(root)


#: How the commands are added, in order (a later name replaces an earlier one): the names
#: each step adds, and the step. tests/test_startup.py checks the names against the app.
STEPS: tuple[tuple[frozenset[str], Callable[[typer.Typer], None]], ...] = (
    (frozenset({"new", "use", "hand", "amend", "undo", "pool", "close"}),
     _registered("table_cmds")),
    (frozenset({"import", "check"}), _registered("ledger_cmds")),
    (frozenset({"export"}), _registered("export_cmds")),
    (frozenset({"hands", "balances"}), _registered("reports")),
    (frozenset({"explain"}), _registered("explain_cmd")),
    (frozenset({"stats", "settle-up", "replay"}), _registered("analysis_cmds")),
    (frozenset({"chart"}), _registered("chart_cmds")),
    (frozenset({"seat", "rules"}), _groups("seats_rules", ("seat_app", "seat"),
                                           ("rules_app", "rules"))),
    (frozenset({"variants"}), _groups("variants_cmd", ("app", "variants"))),
    (frozenset({"backup", "restore"}), _registered("backup_cmds")),
    (frozenset({"datasette-metadata"}), _registered("datasette_cmd")),
    # last: its 'loo sessions' (from ledger_cmds) is the one kept
    (frozenset({"sessions", "session", "player", "players", "paid", "reopen"}),
     _registered("session_cmds")),
)

#: Commands with a module of their own that another step registers among its commands
#: (for their place in the listing): a command line naming one builds it from that module
#: alone. tests/test_startup.py checks each against the whole app.
ALONE: dict[str, Callable[[typer.Typer], None]] = {"pool": _registered("pool_cmd")}

_built: dict[str, typer.Typer] = {}

if TYPE_CHECKING:
    app: typer.Typer


def __getattr__(name: str) -> Any:
    """``app``: every command, built once on first use."""
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if "app" not in _built:
        root = _new_app()
        for _, step in STEPS:
            step(root)
        _built["app"] = root
    return _built["app"]


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


def _name(command: Any) -> str:
    return str(command.name or typer.main.get_command_name(command.callback.__name__))


def only(name: str) -> typer.Typer | None:
    """The root with only the command (or group) called ``name``, or None if there is none.

    Typer turns every registered command into a Click command (reading each signature)
    before it parses anything, and the modules that define them cost time to import; one
    command line runs one command, so only its module is imported and only it is built.
    Its help and errors are the same either way (tests/test_startup.py)."""
    steps = [step for names, step in STEPS if name in names]
    if not steps:
        return None
    if "app" in _built:  # already built whole (in a test): take the command from it
        root = copy.copy(_built["app"])
    else:
        root = _new_app()
        ALONE.get(name, steps[-1])(root)
    groups = [g for g in root.registered_groups if g.name == name]
    commands = [c for c in root.registered_commands if _name(c) == name]
    root.registered_groups = groups[-1:]  # a group named like a command replaces it
    root.registered_commands = [] if groups else commands[-1:]
    return root


def _listing(whole: typer.Typer) -> Any:
    """The root command of ``whole`` with each command listed by its name and help alone.

    Typer reads every command's signature to build it; ``loo --help`` lists them by name
    and help, which is all it reads of them. Each entry is built here as Typer builds it,
    but without parameters; a command line that does run one (``loo -- hand ...``) gets
    it built in full first (LooGroup.resolve_command). The help shown is the same
    (tests/test_startup.py compares it with the whole app's)."""
    from typer.core import TyperCommand
    from typer.main import (
        get_command,
        get_command_from_info,
        get_group_from_info,
        solve_typer_info_defaults,
    )
    bare = copy.copy(whole)
    bare.registered_commands, bare.registered_groups = [], []
    root: Any = get_command(bare)
    mode, short = whole.rich_markup_mode, whole.pretty_exceptions_short
    listed: dict[str, Any] = {}
    builders: dict[str, Callable[[], Any]] = {}
    for c in whole.registered_commands:
        name = _name(c)
        text = inspect.getdoc(c.callback) if c.help is None else inspect.cleandoc(c.help)
        listed[name] = (c.cls or TyperCommand)(
            name=name, context_settings=c.context_settings, callback=None, params=[],
            help=text, epilog=c.epilog, short_help=c.short_help,
            options_metavar=c.options_metavar, add_help_option=c.add_help_option,
            no_args_is_help=c.no_args_is_help, hidden=c.hidden, deprecated=c.deprecated,
            rich_markup_mode=mode, rich_help_panel=c.rich_help_panel)
        builders[name] = functools.partial(get_command_from_info, c,
                                           pretty_exceptions_short=short, rich_markup_mode=mode)
    for g in whole.registered_groups:
        info = solve_typer_info_defaults(g)
        if not info.name:
            return get_command(whole)  # a group without a name adds its commands: build all
        listed[info.name] = (info.cls or TyperGroup)(
            name=info.name, commands={}, invoke_without_command=info.invoke_without_command,
            no_args_is_help=info.no_args_is_help, subcommand_metavar=info.subcommand_metavar,
            context_settings=info.context_settings, callback=None, params=[], help=info.help,
            epilog=info.epilog, short_help=info.short_help,
            options_metavar=info.options_metavar, add_help_option=info.add_help_option,
            hidden=info.hidden, deprecated=info.deprecated, rich_markup_mode=mode,
            rich_help_panel=info.rich_help_panel, suggest_commands=whole.suggest_commands)
        builders[info.name] = functools.partial(
            get_group_from_info, g, pretty_exceptions_short=short, rich_markup_mode=mode,
            suggest_commands=whole.suggest_commands)
    root.commands.update(listed)
    root.builders = builders
    return root


def _started(run: Any) -> None:
    """The command is about to run: if :func:`main` paused the collector for the start-up
    (``run``, its cli.context.Run), the objects of the start-up (modules, classes, the
    command line) live to the end, so the collector need never look at them again
    (``gc.freeze``); it is on again for the command's own work."""
    if getattr(run, "paused", False):
        run.paused = False
        gc.freeze()
        gc.enable()


def _leave(code: object, run: Any) -> None:
    """End the process with exit status ``code`` (SystemExit's), without tearing the
    interpreter down: every module and object freed one by one is some 10 ms of a short
    command's time, and nothing of it is seen. What is seen is done first: the ledger is
    closed (SQLite folds its write-ahead log back and removes it, as at any close), the
    ``atexit`` functions run and standard output and error are flushed. Where any of this
    cannot be done quietly (a status that is a message, a thread still running, a close or
    a flush that fails, such as a closed pipe), Python's own exit does it as it always
    did."""
    import os
    threads = sys.modules.get("threading")
    if not (code is None or isinstance(code, int)) or (
            threads is not None and threads.active_count() > 1):
        raise SystemExit(code)
    try:
        run.close_ledgers()
    except Exception:
        raise SystemExit(code) from None
    import atexit
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        raise SystemExit(code) from None
    os._exit(code or 0)


def main() -> None:
    """``loo``: run the command line, then leave (:func:`_leave`)."""
    from loo_ledger.cli.context import Run
    run = Run(paused=gc.isenabled())
    gc.disable()
    name = _command_word(sys.argv[1:])
    try:
        chosen = only(name) if name else None
        if chosen is not None:
            chosen(prog_name="loo", obj=run)
        else:  # loo --help, no command, an unknown one, or options before it
            _listing(__getattr__("app"))(prog_name="loo", obj=run)
    except SystemExit as exc:
        code: object = exc.code
    else:
        code = 0
    finally:
        _started(run)
    _leave(code, run)
