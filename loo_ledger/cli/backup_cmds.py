"""loo backup and loo restore: the whole ledger to a file and back."""

from __future__ import annotations

from pathlib import Path

import typer

from loo_ledger.cli.cancel import confirm
from loo_ledger.cli.context import JSON_OPTION, env
from loo_ledger.cli.outputs import action_result
from loo_ledger.services.backup import backup as run_backup
from loo_ledger.services.backup import check_backup, ledger_summary
from loo_ledger.services.backup import restore as run_restore


def backup(ctx: typer.Context,
           file: Path = typer.Argument(..., metavar="FILE", help="The backup file to write."),
           force: bool = typer.Option(False, "--force", help="Replace FILE if it exists."),
           as_json: bool = JSON_OPTION) -> None:
    """SQLite's online backup: consistent even while another terminal records hands. Unlike
    'loo export' it keeps everything: the audit trail, house rules, the current session,
    import fingerprints.
    """
    env(ctx).writing(file)  # from here an interrupt cannot tell whether FILE was written
    summary = run_backup(env(ctx).db_path, file, replace=force)
    if as_json:
        return action_result(ctx, "backup", None, ledger=str(env(ctx).db_path), file=str(file),
                             sessions=summary.sessions, hands=summary.hands, bytes=summary.bytes,
                             newer=summary.newer)
    typer.echo(f"backed up {env(ctx).db_path} to {file}: {summary.describe()}, "
               f"{summary.bytes:,} bytes, integrity check ok"
               + (f" (note: {summary.newer})" if summary.newer else ""))


def restore(ctx: typer.Context,
            file: Path = typer.Argument(..., metavar="FILE", help="A backup made by 'loo backup'."),
            yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
            as_json: bool = JSON_OPTION) -> None:
    """FILE must be a loo_ledger database that passes SQLite's integrity check; the ledger
    it replaces is kept beside it (LEDGER.before-restore-DATE-TIME, one for each restore).
    """
    ledger = env(ctx).db_path
    incoming = check_backup(file)
    now = ledger_summary(ledger)
    if now is not None and not yes:
        held = now.describe() if not isinstance(now, str) else f"cannot be read: {now}"
        confirm(f"Replace the ledger {ledger} ({held}) with {file} ({incoming.describe()})? "
                f"The ledger as it is now is kept beside it "
                f"({ledger.name}.before-restore-DATE-TIME).", yes=yes)
    kept = run_restore(file, env(ctx).writing(ledger))
    if as_json:
        return action_result(ctx, "restore", None, ledger=str(ledger), file=str(file),
                             sessions=incoming.sessions, hands=incoming.hands,
                             kept=None if kept is None else str(kept))
    typer.echo(f"restored {file} to {ledger}: {incoming.describe()}"
               + (f"; the ledger it replaced is kept as {kept}" if kept else ""))
