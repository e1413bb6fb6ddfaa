"""loo export: a session as a file: json (a session file), csv, md, text or html."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from loo_ledger.cli.context import SESSION_OPTION, env, print_json


class Format(StrEnum):
    """What ``loo export`` writes."""

    json = "json"
    csv = "csv"
    md = "md"
    text = "text"
    html = "html"


def export(ctx: typer.Context, session: int | None = SESSION_OPTION,
           fmt: Format = typer.Option(Format.json, "--format", "-f", case_sensitive=False,
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
           as_json: bool = typer.Option(False, "--json", help=(
               "With -o FILE: print what was written as JSON (the session, format, file and "
               "size) instead of a line on standard error."))):
    """Write a session as a file: by default a loo-session/1 file that imports again."""
    if summary and fmt is not Format.csv:
        raise typer.BadParameter("--summary goes with --format csv", param_hint="--summary")
    to_file = output is not None and str(output) != "-"
    if as_json and not to_file:
        raise typer.BadParameter("--json says what was written to a file: give -o FILE (the "
                                 "export itself is already on standard output; for JSON use "
                                 "--format json)", param_hint="--json")
    e = env(ctx)
    sid = e.session_id(session)
    text = _render(e.ledger(), sid, fmt, summary)
    if output is None or not to_file:
        typer.echo(text, nl=False)
        return
    from loo_ledger.services.reports import write_text
    write_text(output, text)
    if as_json:
        return print_json({"action": "export", "session": sid, "format": fmt.value,
                           "summary": summary, "output": str(output),
                           "bytes": len(text.encode("utf-8"))})
    typer.echo(f"wrote session {sid} as {fmt.value} to {output}", err=True)


def _render(ledger, sid: int, fmt: Format, summary: bool) -> str:
    """The export's text."""
    if fmt is Format.json:
        from loo_ledger.formats.sessionfile import dumps_session, session_from_dict
        stored = ledger.session_dict(sid)  # as raw: seat_changes and x- fields are kept
        return dumps_session(session_from_dict(stored, source=f"session {sid}"), stored)
    from loo_ledger.services.reports import csvout, html, markdown, text
    from loo_ledger.services.reports.evening import Evening
    ev = Evening.load(ledger, sid)
    if fmt is Format.csv:
        return csvout.summary_csv(ev) if summary else csvout.hands_csv(ev)
    if fmt is Format.text:
        return text.summary(ev)
    return markdown.summary(ev) if fmt is Format.md else html.page(ev)


def register(app: typer.Typer) -> None:
    """Add ``loo export`` to the app."""
    app.command()(export)
