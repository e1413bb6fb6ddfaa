"""loo table: the scorer's screen (loo_ledger/tui/, Textual), loaded by this command only."""

# No ``from __future__ import annotations`` here: Typer reads this signature at start.

import msgspec
import typer

from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env, print_json
from loo_ledger.services.scoreboard import scoreboard


def table(ctx: typer.Context, session: str | None = SESSION_OPTION,
          big: bool = typer.Option(False, "--big", help="Large figures, for a screen the "
                                   "whole table reads."),
          view: bool = typer.Option(False, "--view", help="Only show the table: no hand is "
                                    "entered, nothing is written."),
          as_json: bool = JSON_OPTION) -> None:
    """Standings, pool, who deals next, the last hand and every hand so far, updated when
    any terminal records a hand. With --json: what the screen shows at the top, once, as JSON
    (no screen).

    Examples:
      $ loo table
      $ loo table --big --view
    """
    e = env(ctx)
    ledger = e.ledger()
    sid = e.session_id(session)
    if as_json:
        data = msgspec.to_builtins(scoreboard(ledger, sid))
        return print_json({"session": data.pop("session_id"), **data})
    from loo_ledger.tui.app import TableApp
    TableApp(ledger, sid, big=big, view_only=view).run()

