"""loo season (new, list, show, rename, delete) and loo standings (issue 24). Parse,
call, render."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import typer

from loo_ledger.cli.command import LooCommand
from loo_ledger.cli.context import JSON_OPTION, env, print_json
from loo_ledger.cli.filter_opts import filter_options
from loo_ledger.cli.render import show, table
from loo_ledger.cli.report_opts import Output, emit, output_options

# Imported where used, not here: 'loo standings' starts without the season services
# (services/seasons.py), which only 'loo season ...' needs (start-up measured in
# benchmarks/season.py).

season_app = typer.Typer(no_args_is_help=True, add_completion=False)

_NAME = typer.Argument(..., metavar="NAME", help="The season's name (any case).")
SORT_OPTION = typer.Option("place", "--sort", metavar="COLUMN", help=(
    "Order by place, player, evenings, hands, net, per100, stand, loo, whole, best, worst, "
    "rating or change."))
#: Why standings refuse the hand filters.
_WHOLE_EVENINGS = ("standings rank whole evenings (net chips, places, ratings): a part of each "
                   "evening's hands has no place or rating; see 'loo leaks' or 'loo stats' for "
                   "that")

@season_app.command("new", cls=LooCommand)
def season_new(ctx: typer.Context, name: str = _NAME,
               since: str | None = typer.Option(None, "--since", metavar="DATE", help=(
                   "The season's first day: '2026-03-01', 'March 2026'.")),
               until: str | None = typer.Option(None, "--until", metavar="DATE", help=(
                   "Its last day (default: open).")),
               sessions: list[int] | None = typer.Option(None, "--sessions", metavar="ID",
                                                         help="A session in it (repeat).")
               , as_json: bool = JSON_OPTION) -> None:
    """Make a season: the evenings from --since to --until, and any --sessions listed."""
    from loo_ledger.services.seasons import new_season  # noqa: PLC0415 (season services: not for `loo standings`)
    row = new_season(env(ctx).ledger(), name=name, since=since, until=until,
                     sessions=sessions or [])
    if as_json:
        return print_json(row)
    typer.echo(f"Season {row['name']}: {_span(row)}, {_count(row['sessions'])}.")


@season_app.command("list", cls=LooCommand)
@output_options
def season_list(ctx: typer.Context, output: Output) -> None:
    """Every season: its dates, listed sessions and how many evenings it holds. --csv,
    --tsv and --nl write a row per season."""
    from loo_ledger.services.seasons import list_seasons  # noqa: PLC0415 (season services: not for `loo standings`)
    rows = list_seasons(env(ctx).ledger())
    if output is not Output.table:
        return emit(output, rows, lambda: rows)
    if not rows:
        typer.echo("No seasons yet: make one with 'loo season new NAME --since DATE'.")
        return
    show(table("Seasons", ["season", "dates", "listed", "evenings"],
               [(r["name"], _span(r), " ".join(map(str, r["listed"])) or "-",
                 len(r["sessions"])) for r in rows], right=("evenings",),
               wrap=("dates", "listed")))


@season_app.command("show", cls=LooCommand)
@output_options
def season_show(ctx: typer.Context, output: Output, name: str = _NAME,
                sort: str = SORT_OPTION) -> None:
    """The season's standings (as 'loo standings --season NAME'). --csv, --tsv and --nl
    write a row per player."""
    from loo_ledger.services.analysis.filters import Filters  # noqa: PLC0415 (the filters: not for --help)
    _standings(ctx, Filters(season=name), sort=sort, output=output)


@season_app.command("rename", cls=LooCommand)
def season_rename(ctx: typer.Context, name: str = _NAME,
                  new: str = typer.Argument(..., metavar="NEW", help="Its new name."),
                  as_json: bool = JSON_OPTION) -> None:
    """Rename a season."""
    from loo_ledger.services.seasons import rename_season  # noqa: PLC0415 (season services: not for `loo standings`)
    row = rename_season(env(ctx).ledger(), name, new)
    if as_json:
        return print_json(row)
    typer.echo(f"Season {name} is now {row['name']}.")


@season_app.command("delete", cls=LooCommand)
def season_delete(ctx: typer.Context, name: str = _NAME, as_json: bool = JSON_OPTION) -> None:
    """Delete a season (its sessions are kept)."""
    from loo_ledger.services.seasons import delete_season  # noqa: PLC0415 (season services: not for `loo standings`)
    row = delete_season(env(ctx).ledger(), name)
    if as_json:
        return print_json(row)
    typer.echo(f"Season {row['name']} deleted; its sessions are kept.")


@output_options
@filter_options(cannot={"--pool": _WHOLE_EVENINGS, "--seat": _WHOLE_EVENINGS,
                        "--with": _WHOLE_EVENINGS})
def standings(ctx: typer.Context, only: Any, output: Output,
              sort: str = SORT_OPTION) -> None:
    """Per player over a season: evenings, hands, net, money, per 100 hands, stand and loo
    rates, whole pools, best and worst evening, place and its change, and a rating
    (OpenSkill Plackett-Luce, each evening a match ranked by net chips). --csv, --tsv and
    --nl write a row per player."""
    _standings(ctx, only, sort=sort, output=output)


def _standings(ctx: typer.Context, only: Any, *, sort: str, output: Output) -> None:
    from loo_ledger.services.analysis.standings import standings as run  # noqa: PLC0415 (standings: not for `loo season ...`, --help)
    report = run(env(ctx).ledger(), only=only, sort=sort)
    if output is not Output.table:
        return emit(output, report, lambda: report["players"])
    _show(report)


def _show(report: dict[str, Any]) -> None:
    """The standings' table, its cells as the season's export has them
    (services/reports/season_cells.py)."""
    import msgspec  # noqa: PLC0415 (standings: not for `loo season ...`, --help)

    from loo_ledger.services.analysis.season_report import Standing  # noqa: PLC0415 (standings: not for `loo season ...`, --help)
    from loo_ledger.services.reports import season_cells as w  # noqa: PLC0415 (standings: not for `loo season ...`, --help)
    scope = report["scope"]
    if not report["players"]:
        typer.echo(f"No hands in {scope['title']}: nothing to stand.")
        return
    n = len(report["evenings"])
    words = w.LOU_WORDS if report["game"] == "lou" else {}   # Lou: burns and pots won
    show(table(f"Standings, {scope['title']} ({n} evening{'s' if n != 1 else ''}; "
               "change: places since the previous evening)",
               [words.get(c, c) for c in w.COLUMNS],
               [w.cells(msgspec.convert(p, Standing), True) for p in report["players"]],
               right=[words.get(c, c) for c in w.COLUMNS if c in w.FIGURES],
               wrap=("money",), keys=("place", "player")))


def _span(row: dict[str, Any]) -> str:
    since, until = row["since"], row["until"]
    if since is None and until is None:
        return "listed sessions"
    return f"{(since or '')[:10] or 'the start'} to {_last_day(until) if until else 'now'}"


def _last_day(until: str) -> str:
    """The last day in ``[since, until)``: the day before ``until`` at midnight."""
    moment = datetime.fromisoformat(until)
    return (moment - timedelta(seconds=1)).strftime("%Y-%m-%d")


def _count(ids: list[int]) -> str:
    return f"{len(ids)} evening{'s' if len(ids) != 1 else ''} so far"
