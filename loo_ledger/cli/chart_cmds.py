"""loo chart: running balances (or the pool) over the hands of a session, in the terminal."""

from __future__ import annotations

import shutil

import typer

from loo_ledger.cli.context import JSON_OPTION, SESSION_OPTION, env
from loo_ledger.cli.streaming import write_chunks
from loo_ledger.services.reports import series, textchart
from loo_ledger.services.reports.evening import Evening


def chart(ctx: typer.Context, session: str | None = SESSION_OPTION,
          pool: bool = typer.Option(False, "--pool", help="Chart the pool's size instead."),
          as_json: bool = JSON_OPTION) -> None:
    """With --pool: the pool's size hand by hand."""
    e = env(ctx)
    ev = Evening.load(e.ledger(), e.session_id(session))
    if as_json:  # every hand, written as it is read
        write_chunks(series.json_chunks(ev, pool=pool), final="\n")
        return
    size = shutil.get_terminal_size((80, 24))
    width, height = min(120, max(40, size.columns - 1)), min(25, max(10, size.lines - 8))
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
                               legend=words, symbols={"pool": "#"}), nl=False)
