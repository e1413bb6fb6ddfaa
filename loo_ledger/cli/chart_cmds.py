"""loo chart: running balances (or the pool) over the hands of a session, or over the
evenings of a season, in the terminal."""

from __future__ import annotations

import shutil
from typing import Any

import typer

from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env
from loo_ledger.cli.streaming import write_chunks
from loo_ledger.services.reports import series, textchart
from loo_ledger.services.reports.evening import Evening

#: A terminal colour for each series, after its letter: the letters tell the lines apart,
#: the colours at a glance.
COLOURS = ("red", "green", "blue", "yellow", "magenta", "cyan", "bright_red", "bright_green",
           "bright_blue", "bright_yellow", "bright_magenta", "bright_cyan")


def chart(ctx: typer.Context, session: str | None = SESSION_OPTION,
          pool: bool = typer.Option(False, "--pool", help="Chart the pool's size instead."),
          all_: bool = typer.Option(False, "--all", help=(
              "Chart the season, evening by evening: every session's end.")),
          since: str | None = typer.Option(None, "--since", metavar="DATE", help=(
              "Chart the sessions from DATE on, evening by evening: '2026-03-01', "
              "'this year'.")),
          as_json: bool = JSON_OPTION) -> None:
    """With --pool, the chips in the pool after each hand. With --all or --since, each
    player's running balance in chips at the end of each evening. Each player has a letter
    and, in a terminal, a colour.
    """
    e = env(ctx)
    size = shutil.get_terminal_size((80, 24))
    width, height = min(120, max(40, size.columns - 1)), min(25, max(10, size.lines - 8))
    if all_ or since is not None:
        if session is not None or pool:
            raise typer.BadParameter("a season is charted by evening; --all and --since "
                                     "cannot be combined with --session or --pool",
                                     param_hint="--all/--since")
        return _season(e, since, width, height, as_json)
    ev = Evening.load(e.ledger(), e.session_id(session))
    if as_json:  # every hand, written as it is read
        write_chunks(series.json_chunks(ev, pool=pool), final="\n")
        return
    unit = ev.units
    if pool:
        head = f"The pool in {unit}, {ev.title} (session {ev.session_id})"
    else:
        head = f"Running nets in {unit}, {ev.title} (session {ev.session_id})"
    if not ev.hands:
        return typer.echo(f"{head}: no hands yet.")
    # at most series.MAX_POINTS points: a long session's hands share columns anyway
    xs, nets, pool_sizes = series.bounded(ev)
    data, words = ({"pool": pool_sizes}, {"pool": "chips in the pool after each hand"}) \
        if pool else (nets, None)
    typer.echo(head + "\n")
    typer.echo(textchart.chart(xs, data, width=width, height=height, bars=pool,
                               legend=words, symbols={"pool": "#"},
                               paint=None if pool else _painter(list(data))), nl=False)


def _painter(names: list[str]) -> Any:
    """``paint(name, text)``: the text in the series' colour (typer.echo drops the colour
    where the output is no terminal)."""
    colour = {n: COLOURS[i % len(COLOURS)] for i, n in enumerate(names)}
    return lambda name, text: typer.style(text, fg=colour[name], bold=True)


def _season(e: Any, since: str | None, width: int, height: int, as_json: bool) -> None:
    """The season's chart: x = evenings (0: the start), y = each player's running balance."""
    from loo_ledger.cli.context import print_json
    from loo_ledger.services.dates import period
    from loo_ledger.services.reports import series, textchart
    start = period(since)[0].isoformat() if since else None
    data = series.season(e.ledger(), since=start)
    if as_json:
        return print_json(data)
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
