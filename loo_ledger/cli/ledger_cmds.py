"""loo import, loo check and loo sessions: files in, and re-deriving everything.

import and check import their services in their bodies: the session-file reader and the
checks are not loaded for ``loo sessions``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from loo_ledger.cli import completion, option_limits
from loo_ledger.cli.context import JSON_OPTION, env, print_json
from loo_ledger.cli.progress import bar
from loo_ledger.cli.render import show, table
from loo_ledger.cli.report_opts import Output, emit, output_options
from loo_ledger.errors import NotFound

if TYPE_CHECKING:
    from loo_ledger.services.importing import Refusal


def import_(ctx: typer.Context,
            files: list[Path] = typer.Argument(..., metavar="FILE...", help=(
                "Session files (loo-session/1 JSON); - reads one from standard input.")),
            dry_run: bool = typer.Option(False, "--dry-run", help=(
                "Read and settle everything, write nothing: say what would be imported.")),
            again: bool = typer.Option(False, "--again", help=(
                "Import a file even if its content is already in the ledger (a new session).")),
            as_json: bool = JSON_OPTION) -> None:
    """One impossible hand in one file writes nothing."""
    from loo_ledger.cli.outputs import imported, read_stdin  # noqa: PLC0415 (the import's output: not for `loo sessions`, check)
    from loo_ledger.services.importing import load  # noqa: PLC0415 (the importer: not for `loo sessions`, `loo check`)
    stdin = read_stdin(files)
    known = _existing(ctx) if dry_run else None  # what the real import would be refused by
    with bar("settling" if dry_run else "settling and storing") as tick:
        done = load(files, tick, ledger=None if dry_run else env(ctx).ledger(), stdin=stdin,
                    again=again, known=known)
    if as_json:
        out: dict[str, Any] = {"action": "import", "dry_run": dry_run,
                               "sessions": [imported(i) for i in done]}
        if dry_run:
            out["already_imported"] = [_refused_json(i.source, i.refused) for i in done
                                       if i.refused]
        return print_json(out)
    for i in done:
        if dry_run:
            typer.echo(f"{i.source}: would import '{i.session.name or 'unnamed'}', "
                       f"{i.hands} hands, {len(i.session.players)} players, pool "
                       f"{i.final.pool} at the end")
            if i.refused:
                typer.echo(_refused_line(i.source, i.refused, again))
        else:
            typer.echo(f"imported {i.source} as session {i.session_id}")
    if dry_run:
        typer.echo("Nothing was written (--dry-run).")


def _existing(ctx: typer.Context) -> Any:
    """The ledger a real import would write to, if there is one yet (None: there is none,
    and a dry run makes none)."""
    try:
        return env(ctx).ledger(create=False)
    except NotFound:
        return None


def _refused_line(source: str, r: Refusal, again: bool) -> str:
    """A dry run's line for a file the real import refuses without --again."""
    if r.sessions:
        sid, name, at = r.sessions[0]
        also = "".join(f", and again as session {e[0]}" for e in r.sessions[1:])
        what = (f"already in the ledger: imported as session {sid}"
                f"{f' {name!r}' if name else ''} on {at[:16].replace('T', ' ')}{also}")
    else:
        what = f"the same session as {r.same_as}"
    then = ("--again imports it once more as a new session" if again else
            "the real import would be refused without --again")
    return f"{source}: {what}; {then}"


def _refused_json(source: str, r: Refusal) -> dict[str, Any]:
    """``already_imported``'s entry for a file the real import refuses without --again."""
    return {"file": source,
            "sessions": [{"session": sid, "name": name, "imported_at": at}
                         for sid, name, at in r.sessions],
            "same_as": r.same_as}


@output_options
def check(ctx: typer.Context, output: Output,
          repair: bool = typer.Option(False, "--repair", help=(
              "First derive every derived row again from the hand records (the seats' "
              "nets, totals, pools, movements), then check.")),
          session: str | None = typer.Option(
              None, "--session", "-s", metavar="ID|NAME", autocompletion=completion.sessions,
              callback=option_limits.session,
              help="Check this session only (id or name, a unique prefix will do); default: "
                   "every session and the whole ledger."),
          ) -> None:
    """--csv, --tsv and --nl write a row per difference (as --json's)."""
    from loo_ledger.services.checking import check_file, check_ledger, check_session  # noqa: PLC0415 (the checks: not for `loo sessions`, `loo import`)
    e = env(ctx)
    found: list[tuple[int | None, Any]] = [(None, p) for p in check_file(e.ledger())]
    damaged = bool(found)
    if repair and not found:
        from loo_ledger.services.repairing import repair as run_repair  # noqa: PLC0415 (the repair: only `loo check --repair`)
        repaired = run_repair(e.ledger())
        if output is Output.table:
            typer.echo(repaired.describe())
    if not found:
        only = None if session is None else e.session_id(session)
        rows = [r for r in e.ledger().sessions() if only in (None, r["id"])]
        with bar("checking", total=sum(r["hands"] for r in rows)) as tick:
            for row in rows:
                found += [(row["id"], p) for p in check_session(e.ledger(), row["id"])]
                if tick:
                    tick(row["hands"])
            if only is None:
                found += [(None, p) for p in check_ledger(e.ledger())]
    problems = [p for _, p in found]
    if output is not Output.table:
        rows = [{"session": sid, "code": p.code, "hand": p.hand, "player": p.player,
                 "message": p.message} for sid, p in found]
        emit(output, rows, lambda: rows, ("session", "code", "hand", "player", "message"))
    else:
        for p in problems:
            typer.echo(p.describe())
        where = ("the ledger file" if damaged
                 else f"{len(e.ledger().sessions())} session(s)")
        typer.echo(f"{len(problems)} difference{'s' if len(problems) != 1 else ''} in {where}")
    if problems:
        raise typer.Exit(1)


@output_options
def sessions(ctx: typer.Context, output: Output) -> None:
    """Each: open or closed, the variant (or house rule), hands and the date. --csv, --tsv
    and --nl write a row per session."""
    ledger = env(ctx).ledger()
    current = ledger.current_session_id()
    rows = []
    for r in ledger.sessions():
        house = ledger.session(r["id"])["house_rule"]
        rows.append({**r, "house_rule": house, "current": r["id"] == current,
                     "status": "closed" if r["closed"] else "open",
                     "date": (r["started_at"] or r["created_at"])[:10]})
    if output is not Output.table:
        return emit(output, rows, lambda: rows)
    if not rows:
        typer.echo("no sessions yet: start one with 'loo new NAME --players Ann,Ben,Cat', "
                   "or 'loo import FILE'")
        return
    show(table("Sessions", ["", "id", "name", "date", "status", "variant", "players", "hands",
                            "pool"],
               [("*" if r["current"] else "", r["id"], r["name"] or "", r["date"],
                 r["status"], f"{r['house_rule']} ({r['variant']})" if r["house_rule"]
                 else r["variant"], r["players"], r["hands"], r["pool"]) for r in rows],
               right=("id", "players", "hands", "pool"), wrap=("name", "variant"),
               keys=("", "id")))
