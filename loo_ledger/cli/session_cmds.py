"""Sessions you can fix: loo session rename/delete, loo reopen, loo player rename."""

from __future__ import annotations

import typer

from loo_ledger.cli import completion, option_limits
from loo_ledger.cli.cancel import confirm
from loo_ledger.cli.command import LooCommand
from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env, one_session
from loo_ledger.cli.matching import match_player
from loo_ledger.cli.outputs import action_result
from loo_ledger.cli.player_cmds import merge
from loo_ledger.services.sessions import delete, describe, rename_player, rename_session
from loo_ledger.services.sessions import reopen as run

session_app = typer.Typer(no_args_is_help=True, add_completion=False)
player_app = typer.Typer(no_args_is_help=True, add_completion=False)

_SESSION_ARG = typer.Argument(None, metavar="[SESSION]", autocompletion=completion.sessions,
                              callback=option_limits.session,
                              help="Session id or name, a unique prefix will do (or -s); "
                                   "default: the current one.")


@session_app.command("rename", cls=LooCommand)
def session_rename(ctx: typer.Context,
                   name: str = typer.Argument(..., metavar="NEW_NAME", help="The new name."),
                   session: str | None = SESSION_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Give the session a new name."""
    e = env(ctx)
    sid = e.session_id(session)
    old = rename_session(e.ledger(), sid, name)
    if as_json:
        return action_result(ctx, "session rename", sid, old=old, name=name)
    typer.echo(f"session {sid} renamed from {old!r} to {name!r}" if old else
               f"session {sid} named {name!r}")


@session_app.command("delete", cls=LooCommand)
def session_delete(ctx: typer.Context, typed: str | None = _SESSION_ARG,
                   session: str | None = SESSION_OPTION,
                   yes: bool = typer.Option(False, "--yes", "-y",
                                            help="Do not ask for confirmation."),
                   as_json: bool = JSON_OPTION) -> None:
    """Delete a session and its hands; the audit trail keeps the whole session file."""
    e = env(ctx)
    sid = one_session(ctx, typed, session)
    what = describe(e.ledger(), sid)
    label = f"session {sid}" + (f" '{what.name}'" if what.name else "")
    confirm(f"Delete {label} and its {what.hands} hand{'' if what.hands == 1 else 's'}? "
            "(the audit trail keeps a copy)", yes=yes)
    delete(e.ledger(), sid)
    if as_json:  # the session is gone: no table to read back
        return action_result(ctx, "session delete", None, deleted=sid, hands=what.hands)
    typer.echo(f"{label} deleted ({what.hands} hand{'' if what.hands == 1 else 's'}); "
               "a copy is kept in the audit trail")


def reopen(ctx: typer.Context, typed: str | None = _SESSION_ARG,
           session: str | None = SESSION_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Examples:
      $ loo reopen
      $ loo reopen fri
    """
    e = env(ctx)
    sid = one_session(ctx, typed, session)
    run(e.ledger(), sid)
    if as_json:
        return action_result(ctx, "reopen", sid)
    typer.echo(f"session {sid} is open again")


@player_app.command("rename", cls=LooCommand)
def player_rename(ctx: typer.Context,
                  old: str = typer.Argument(..., metavar="NAME",
                                            autocompletion=completion.players,
                                            help="The player's name (a unique prefix will "
                                                 "do)."),
                  new: str = typer.Argument(..., metavar="NEW_NAME", help="The new name."),
                  session: str | None = SESSION_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Rename a player: their seat and every hand record of the session."""
    e = env(ctx)
    sid = e.session_id(session)
    player = match_player(old, e.ledger().session(sid)["players"])
    rename_player(e.ledger(), sid, player, new)
    if as_json:
        return action_result(ctx, "player rename", sid, old=player, new=new)
    typer.echo(f"{player} is now {new} in session {sid}")


player_app.command("merge", cls=LooCommand)(merge)
