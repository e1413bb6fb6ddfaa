"""loo export: a session as a file: json (a session file), csv, md, text or html."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from loo_ledger.cli.context import env, print_json
from loo_ledger.cli.filter_opts import filter_options, refuse
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


@filter_options(cannot={"--seat": "an export's hands are whole hands, every seat of each: "
                                  "--seat chooses a seat, not a hand"})
def export(ctx: typer.Context, only: Any,
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
    """The current session, or -s ID. The filters choose what is exported: with --format
    csv the hands of every evening chosen (--season, --since, --until, --variant, several
    -s) under one header, and only the hands --pool simple|double and --with PLAYER keep;
    with --format md, text or html a --season (or several evenings chosen) as a season to
    share: its standings and ratings, the chart of each player's running net, the leaks
    worth mentioning and each evening's line; the other formats write one whole session."""
    if summary and fmt is not Format.csv:
        raise typer.BadParameter("--summary goes with --format csv", param_hint="--summary")
    hands_csv = fmt is Format.csv and not summary
    refuse({"--pool": only.pool, "--with": only.with_} if not hands_csv else {},
           "a session file, a summary and a page are of the whole evening: --pool and "
           "--with choose hands for --format csv (the hands' rows) only")
    to_file = output is not None and str(output) != "-"
    if as_json and not to_file:
        raise typer.BadParameter("--json says what was written to a file: give -o FILE (the "
                                 "export itself is already on standard output; for JSON use "
                                 "--format json)", param_hint="--json")
    e = env(ctx)
    sids, kept = _chosen(e, only)
    # a season's evenings (or several chosen) as md, text or html: the season to share
    season = fmt in (Format.md, Format.text, Format.html) and (
        only.season is not None or len(sids) > 1)
    if len(sids) != 1 and not hands_csv and not season:
        raise typer.BadParameter(
            f"--format {fmt.value}{' --summary' if summary else ''} writes one session and "
            f"the filters chose {len(sids)}: choose one with -s, or export their hands "
            "with --format csv", param_hint="--format")
    if output is not None and to_file:
        check_target(output, e.db_path, replace=force, what="the export")
    sid = sids[0]
    with _progress(e.ledger(), sids, fmt, summary) as tick:
        chunks = _season(e.ledger(), only, fmt) if season else \
            _chunks(e.ledger(), sid, fmt, summary, tick) if len(sids) == 1 and \
            kept is None else _hands(e.ledger(), sids, kept, tick)
        if output is None or not to_file:
            write_chunks(chunks)
            return
        size = write_file(e.writing(output), chunks)
    said = f"session {sid}" if len(sids) == 1 else f"sessions {', '.join(map(str, sids))}"
    if as_json:
        return print_json({"action": "export", "session": sid if len(sids) == 1 else None,
                           "sessions": sids, "format": fmt.value, "summary": summary,
                           "output": str(output), "bytes": size})
    typer.echo(f"wrote {said} as {fmt.value} to {output}", err=True)


def _chosen(e: Any, only: Any) -> tuple[list[int], dict[int, set[int]] | None]:
    """The sessions the filters choose (one: -s or the current one, unless an evening
    filter is given), and the hands of each the hand filters keep (None: all)."""
    from loo_ledger.services.analysis.filters import evenings, kept_hands, no_hand  # noqa: PLC0415 (the filters: not for `loo export --help`)
    ids = list(only.sessions)
    many = bool(only.season is not None or only.since or only.until
                or only.variant is not None or len(ids) > 1)
    sids = [s["id"] for s in evenings(e.ledger(), only)[2]] if many else \
        [ids[0] if ids else e.session_id(None)]
    if not sids:
        raise no_hand(only, "the evenings chosen hold no session")
    if not only.hand_filters():
        return sids, None
    kept = kept_hands(e.ledger(), sids, only)
    if not any(kept.values()):
        raise no_hand(only)
    return sids, kept


def _hands(ledger: Ledger, sids: list[int], kept: dict[int, set[int]] | None,
           tick: Tick | None) -> Iterator[str]:
    """The hands' CSV of each session in turn under one header, only the hands ``kept``."""
    from loo_ledger.services.reports import stream  # noqa: PLC0415 (the streams: only the export that writes them)
    for i, sid in enumerate(sids):
        yield from stream.hands_csv(ledger, sid, tick, header=i == 0,
                                    kept=None if kept is None else kept[sid])


def _season(ledger: Ledger, only: Any, fmt: Format) -> Iterator[str]:
    """The evenings chosen as a season to share (services/analysis/season_report.py)."""
    from loo_ledger.services.analysis.season_report import season_report  # noqa: PLC0415 (a season's report: only a season's export)
    from loo_ledger.services.reports import season_html, season_md, season_text  # noqa: PLC0415 (a season's writers: only a season's export)
    write = {Format.md: season_md.summary, Format.text: season_text.summary,
             Format.html: season_html.page}[fmt]
    yield write(season_report(ledger, only))


def _streamed(fmt: Format, summary: bool) -> bool:
    return fmt is Format.json or (fmt is Format.csv and not summary)


@contextmanager
def _progress(ledger: Ledger, sids: list[int], fmt: Format, summary: bool
              ) -> Iterator[Tick | None]:
    """A bar counting the hands written, on a terminal, for the streamed formats."""
    if not (shown() and _streamed(fmt, summary)):
        yield None
        return
    total = sum(s["hands"] for s in ledger.sessions() if s["id"] in sids)
    what = f"session {sids[0]}" if len(sids) == 1 else f"{len(sids)} sessions"
    with bar(f"exporting {what}", total=total) as tick:
        yield tick


def _chunks(ledger: Ledger, sid: int, fmt: Format, summary: bool,
            tick: Tick | None = None) -> Iterator[str]:
    """The export's text in pieces: a session file, the hands' CSV and the HTML page are
    streamed hand by hand (memory does not grow with the session); the summaries are one
    piece."""
    from loo_ledger.services.reports import stream  # noqa: PLC0415 (the streams: only the export that writes them)
    if fmt is Format.json:  # the stored records as raw: seat_changes and x- fields kept
        yield from stream.session_file(ledger, sid, tick)
        return
    if fmt is Format.csv and not summary:
        yield from stream.hands_csv(ledger, sid, tick)
        return
    from loo_ledger.services.reports import csvout, html, markdown, text  # noqa: PLC0415 (each writer only for its own format)
    from loo_ledger.services.reports.evening import Evening  # noqa: PLC0415 (an evening's report: only its export)
    ev = Evening.load(ledger, sid)
    if fmt is Format.csv:
        yield csvout.summary_csv(ev)
    elif fmt is Format.text:
        yield text.summary(ev)
    elif fmt is Format.md:
        yield markdown.summary(ev)
    else:  # the hands' table a row at a time; the charts from a bounded number of points
        yield from html.chunks(ev)
