"""loo import and loo check: files in, and re-deriving everything."""

from __future__ import annotations

from pathlib import Path
import typer

from loo_ledger.cli.context import JSON_OPTION, env, print_json


def import_(ctx: typer.Context,
            files: list[Path] = typer.Argument(..., metavar="FILE...",
                                               help="Session files (loo-session/1 JSON).")):
    """Import session files: all or nothing. One impossible hand in one file writes nothing."""
    import sys

    from loo_ledger.services.importing import import_files
    if not sys.stderr.isatty():
        ids = import_files(env(ctx).ledger(), files)
    else:
        from rich.console import Console
        from rich.progress import Progress
        with Progress(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("settling hands", total=None)
            ids = import_files(env(ctx).ledger(), files,
                               progress=lambda n: bar.advance(task, n))
    for path, sid in zip(files, ids):
        typer.echo(f"imported {path} as session {sid}")


def check(ctx: typer.Context, as_json: bool = JSON_OPTION):
    """Re-derive every stored hand from its raw facts; report each difference (exit 1 if any)."""
    from loo_ledger.services.checking import check as run_check
    e = env(ctx)
    problems = run_check(e.ledger())
    if as_json:
        print_json([{"code": p.code, "hand": p.hand, "player": p.player, "message": p.message}
                    for p in problems])
    else:
        for p in problems:
            typer.echo(p.describe())
        typer.echo(f"{len(problems)} difference{'s' if len(problems) != 1 else ''} in "
                   f"{len(e.ledger().sessions())} session(s)")
    if problems:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("import")(import_)
    app.command()(check)
