"""loo export: a session as a file: json (a session file), csv, md, text or html."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from loo_ledger.cli.context import SESSION_OPTION, env, print_json
from loo_ledger.cli.progress import Tick, bar, shown
from loo_ledger.cli.streaming import write_chunks, write_file
from loo_ledger.services.outfile import check_target

if TYPE_CHECKING:
    from loo_ledger.store.ledger import Ledger


class Format(StrEnum):
    """What ``loo export`` writes."""

    json = "json"
    csv = "csv"
    md = "md"
    text = "text"
    html = "html"


def export(ctx: typer.Context, session: str | None = SESSION_OPTION,
           fmt: Format = typer.Option(Format.json, "--format", "-f", metavar="FORMAT",
                                      case_sensitive=False,
                                      help="json: a session file to import again; csv: a row "
                                           "per player per hand; md: a summary with a "
                                           "table, for places that render Markdown; text: "
                                           "the same in plain lines for a chat app; "
                                           "html: one self-contained page with charts."),
           summary: bool = typer.Option(False, "--summary",
                                        help="csv only: one row per player and the pool "
                                             "instead of the hands."),
           output: Path | None = typer.Option(None, "--output", "-o", metavar="FILE",
                                                 help="Write here instead of standard output "
                                                      "(- is standard output)."),
           force: bool = typer.Option(False, "--force", help="Replace FILE if it exists."),
           as_json: bool = typer.Option(False, "--json", help=(
               "With -o FILE: print what was written as JSON (the session, format, file and "
               "size) instead of a line on standard error."))) -> None:
    if summary and fmt is not Format.csv:
        raise typer.BadParameter("--summary goes with --format csv", param_hint="--summary")
    to_file = output is not None and str(output) != "-"
    if as_json and not to_file:
        raise typer.BadParameter("--json says what was written to a file: give -o FILE (the "
                                 "export itself is already on standard output; for JSON use "
                                 "--format json)", param_hint="--json")
    e = env(ctx)
    if output is not None and to_file:
        check_target(output, e.db_path, replace=force, what="the export")
    sid = e.session_id(session)
    with _progress(e.ledger(), sid, fmt, summary) as tick:
        chunks = _chunks(e.ledger(), sid, fmt, summary, tick)
        if output is None or not to_file:
            write_chunks(chunks)
            return
        size = write_file(e.writing(output), chunks)
    if as_json:
        return print_json({"action": "export", "session": sid, "format": fmt.value,
                           "summary": summary, "output": str(output), "bytes": size})
    typer.echo(f"wrote session {sid} as {fmt.value} to {output}", err=True)


def _streamed(fmt: Format, summary: bool) -> bool:
    return fmt is Format.json or (fmt is Format.csv and not summary)


@contextmanager
def _progress(ledger: Ledger, sid: int, fmt: Format, summary: bool) -> Iterator[Tick | None]:
    """A bar counting the hands written, on a terminal, for the streamed formats."""
    if not (shown() and _streamed(fmt, summary)):
        yield None
        return
    total = next((s["hands"] for s in ledger.sessions() if s["id"] == sid), None)
    with bar(f"exporting session {sid}", total=total) as tick:
        yield tick


def _chunks(ledger: Ledger, sid: int, fmt: Format, summary: bool,
            tick: Tick | None = None) -> Iterator[str]:
    """The export's text in pieces: a session file, the hands' CSV and the HTML page are
    streamed hand by hand (memory does not grow with the session); the summaries are one
    piece."""
    from loo_ledger.services.reports import stream
    if fmt is Format.json:  # the stored records as raw: seat_changes and x- fields kept
        yield from stream.session_file(ledger, sid, tick)
        return
    if fmt is Format.csv and not summary:
        yield from stream.hands_csv(ledger, sid, tick)
        return
    from loo_ledger.services.reports import csvout, html, markdown, text
    from loo_ledger.services.reports.evening import Evening
    ev = Evening.load(ledger, sid)
    if fmt is Format.csv:
        yield csvout.summary_csv(ev)
    elif fmt is Format.text:
        yield text.summary(ev)
    elif fmt is Format.md:
        yield markdown.summary(ev)
    else:  # the hands' table a row at a time; the charts from a bounded number of points
        yield from html.chunks(ev)
