"""loo export: a session as a file (json, and later csv, md, html)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from loo_ledger.cli.context import SESSION_OPTION, env


def export(ctx: typer.Context, session: Optional[int] = SESSION_OPTION,
           output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE",
                                                 help="Write here instead of standard output.")):
    """Write a session as a loo-session/1 file; importing it again gives the same hands."""
    from loo_ledger.sessionfile import dumps_session, session_from_dict
    e = env(ctx)
    sid = e.session_id(session)
    text = dumps_session(session_from_dict(e.ledger().session_dict(sid), source=f"session {sid}"))
    if output is None:
        typer.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")
        typer.echo(f"wrote session {sid} to {output}", err=True)


def register(app: typer.Typer) -> None:
    app.command()(export)
