"""loo chart: running balances (or the pool) over the hands of a session, or over the
evenings of a season, in the terminal. The report filters choose the evenings, or a
session's hands (cli/filter_opts.py)."""

from __future__ import annotations

import shutil
from typing import Any

import typer

from loo_ledger.cli.context import env
from loo_ledger.cli.filter_opts import filter_options, iso, refuse
from loo_ledger.cli.report_opts import Output, emit, output_options, write_rows
from loo_ledger.cli.streaming import write_chunks
from loo_ledger.services.reports import series, textchart
from loo_ledger.services.reports.evening import Evening

#: A terminal colour for each series, after its letter: the letters tell the lines apart,
#: the colours at a glance.
COLOURS = ("red", "green", "blue", "yellow", "magenta", "cyan", "bright_red", "bright_green",
           "bright_blue", "bright_yellow", "bright_magenta", "bright_cyan")


@output_options
@filter_options(cannot={"--seat": "a chart's point is the whole table's after a hand or "
                                  "an evening: --seat chooses a seat, not a hand"})
def chart(ctx: typer.Context, only: Any, output: Output,
          pool_size: bool = typer.Option(False, "--pool-size",
                                         help="Chart the pool's size instead."),
          all_: bool = typer.Option(False, "--all", help=(
              "Chart the season, evening by evening: every session's end.")),
          ) -> None:
    """With --pool-size, the chips in the pool after each hand. With --all or filters
    choosing evenings (--season, --since, --until, --variant, several -s), each player's
    running balance in chips at the end of each evening. --pool simple|double and --with
    PLAYER draw only those hands of a session (the running nets add up those hands
    alone). Each player has a letter and, in a terminal, a colour. --csv, --tsv and --nl
    write a row per point (a hand, or an evening).
    """
    e = env(ctx)
    size = shutil.get_terminal_size((80, 24))
    width, height = min(120, max(40, size.columns - 1)), min(25, max(10, size.lines - 8))
    ids = list(only.sessions)
    if all_ or only.season is not None or only.since or only.until or \
            only.variant is not None or len(ids) > 1:
        refuse({"--session": ids if all_ else None, "--pool-size": pool_size,
                "--pool": only.pool, "--with": only.with_},
               "a season is charted by evening, each evening's end: --all and the evening "
               "filters cannot be combined with a session's hands (--pool-size, --pool, "
               "--with), nor --all with --session")
        return _season(e, only, width, height, output)
    ev = Evening.load(e.ledger(), ids[0] if ids else e.session_id(None))
    if only.hand_filters():
        from loo_ledger.services.analysis.filters import kept_hands, no_hand  # noqa: PLC0415 (the filters: not for `loo chart --help`)
        kept = kept_hands(e.ledger(), [ev.session_id], only)[ev.session_id]
        if not kept:
            raise no_hand(only)
        ev = ev.only_hands(kept)
    if output is Output.json:  # every hand, written as it is read
        write_chunks(series.json_chunks(ev, pool=pool_size), final="\n")
        return
    if output is not Output.table:
        names = ev.players
        rows = ({"hand": n, "pool": vs[-1]} if pool_size else
                {"hand": n, "net": dict(zip(names, vs, strict=False))}
                for n, vs in series.points(ev))
        write_rows(output, rows, ("hand", "pool" if pool_size else "net"))
        return
    unit = ev.units
    chosen = f"; {only.said()}" if only.hand_filters() else ""
    if pool_size:
        head = f"The pool in {unit}, {ev.title} (session {ev.session_id}{chosen})"
    else:
        head = f"Running nets in {unit}, {ev.title} (session {ev.session_id}{chosen})"
    if not ev.hands:
        return typer.echo(f"{head}: no hands yet.")
    # at most series.MAX_POINTS points: a long session's hands share columns anyway
    xs, nets, pool_sizes = series.bounded(ev)
    data, words = ({"pool": pool_sizes}, {"pool": "chips in the pool after each hand"}) \
        if pool_size else (nets, None)
    typer.echo(head + "\n")
    typer.echo(textchart.chart(xs, data, width=width, height=height, bars=pool_size,
                               legend=words, symbols={"pool": "#"},
                               paint=None if pool_size else _painter(list(data))), nl=False)


def _painter(names: list[str]) -> Any:
    """``paint(name, text)``: the text in the series' colour (typer.echo drops the colour
    where the output is no terminal)."""
    colour = {n: COLOURS[i % len(COLOURS)] for i, n in enumerate(names)}
    return lambda name, text: typer.style(text, fg=colour[name], bold=True)


def _season(e: Any, only: Any, width: int, height: int, output: Output) -> None:
    """The season's chart: x = evenings (0: the start), y = each player's running balance;
    the evenings of the filters (--since alone: every session from then on)."""
    from loo_ledger.services.analysis.filters import evenings  # noqa: PLC0415 (the filters: not for `loo chart --help`)
    since_alone = not (only.season is not None or only.until or only.variant is not None
                       or only.sessions)
    if since_alone:
        data = series.season(e.ledger(), since=iso(only.since))
    else:
        title, _name, rows = evenings(e.ledger(), only)
        data = series.season(e.ledger(), since=iso(only.since), chosen=(title, rows))
    if output is not Output.table:
        return emit(output, data, lambda: data["series"])
    title = data["scope"]["title"]
    if not data["evenings"]:
        return typer.echo(f"Running balances in chips, {title}: no sessions.")
    people = data["players"]
    nets = {p: [pt["net"][p] for pt in data["series"]] for p in people}
    xs = [pt["evening"] for pt in data["series"]]
    typer.echo(f"Running balances in chips at the end of each evening, {title}\n")
    typer.echo(textchart.chart(xs, nets, width=width, height=height, x_label="evening",
                               paint=_painter(people)), nl=False)
    typer.echo("\nEvenings:")
    for ev in data["evenings"]:
        typer.echo(f"  {ev['evening']:>3}  {(ev['date'] or '')[:10]}  {ev['name'] or ''} "
                   f"(session {ev['session']})")
