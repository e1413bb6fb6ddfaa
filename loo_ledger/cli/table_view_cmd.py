"""loo table: the scorer's screen (loo_ledger/tui/, Textual), loaded by this command only."""

# No ``from __future__ import annotations`` here: Typer reads this signature at start.

import typer

from loo_ledger.cli.context import SESSION_OPTION, env


def table(ctx: typer.Context, session: int | None = SESSION_OPTION,
          big: bool = typer.Option(False, "--big", help="Large figures, for a screen the "
                                   "whole table reads."),
          view: bool = typer.Option(False, "--view", help="Only show the table: no hand is "
                                    "entered, nothing is written.")):
    """The table on the screen: standings, pool, who deals next, the last hand and every
    hand so far, updated when any terminal records a hand; enter hands with one key each."""
    e = env(ctx)
    ledger = e.ledger()
    sid = e.session_id(session)
    from loo_ledger.tui.app import TableApp
    TableApp(ledger, sid, big=big, view_only=view).run()


def register(app: typer.Typer) -> None:
    app.command()(table)
