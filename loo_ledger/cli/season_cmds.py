"""loo season (new, list, show, rename, delete) and loo standings (issue 24). Parse,
call, render."""

from __future__ import annotations

import csv
import sys
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import typer

from loo_ledger.cli.context import JSON_OPTION, env, print_json
from loo_ledger.cli.filter_opts import (
    POOL_OPTION,
    SEASON_OPTION,
    SEAT_OPTION,
    SESSIONS_OPTION,
    SINCE_OPTION,
    UNTIL_OPTION,
    VARIANT_OPTION,
    WITH_OPTION,
    session_ids,
)
from loo_ledger.cli.render import money_text, show, signed, table
from loo_ledger.services.reports.csvout import cell
from loo_ledger.services.seasons import delete_season, list_seasons, new_season, rename_season

season_app = typer.Typer(no_args_is_help=True, add_completion=False)

_NAME = typer.Argument(..., metavar="NAME", help="The season's name (any case).")
SORT_OPTION = typer.Option("place", "--sort", metavar="COLUMN", help=(
    "Order by place, player, evenings, hands, net, per100, stand, loo, whole, best, worst, "
    "rating or change."))
CSV_OPTION = typer.Option(False, "--csv", help="Print CSV instead of a table.")
@season_app.command("new")
def season_new(ctx: typer.Context, name: str = _NAME,
               since: str | None = typer.Option(None, "--since", metavar="DATE", help=(
                   "The season's first day: '2026-03-01', 'March 2026'.")),
               until: str | None = typer.Option(None, "--until", metavar="DATE", help=(
                   "Its last day (default: open).")),
               sessions: list[int] | None = typer.Option(None, "--sessions", metavar="ID",
                                                         help="A session in it (repeat).")
               , as_json: bool = JSON_OPTION) -> None:
    """Make a season: the evenings from --since to --until, and any --sessions listed."""
    row = new_season(env(ctx).ledger(), name=name, since=since, until=until,
                     sessions=sessions or [])
    if as_json:
        return print_json(row)
    typer.echo(f"Season {row['name']}: {_span(row)}, {_count(row['sessions'])}.")


@season_app.command("list")
def season_list(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Every season: its dates, listed sessions and how many evenings it holds."""
    rows = list_seasons(env(ctx).ledger())
    if as_json:
        return print_json(rows)
    if not rows:
        typer.echo("No seasons yet: make one with 'loo season new NAME --since DATE'.")
        return
    show(table("Seasons", ["season", "dates", "listed", "evenings"],
               [(r["name"], _span(r), " ".join(map(str, r["listed"])) or "-",
                 len(r["sessions"])) for r in rows], right=("evenings",),
               wrap=("dates", "listed")))


@season_app.command("show")
def season_show(ctx: typer.Context, name: str = _NAME, sort: str = SORT_OPTION,
                as_json: bool = JSON_OPTION, as_csv: bool = CSV_OPTION) -> None:
    """The season's standings (as 'loo standings --season NAME')."""
    from loo_ledger.services.analysis.filters import Filters
    _standings(ctx, Filters(season=name), sort=sort, as_json=as_json, as_csv=as_csv)


@season_app.command("rename")
def season_rename(ctx: typer.Context, name: str = _NAME,
                  new: str = typer.Argument(..., metavar="NEW", help="Its new name."),
                  as_json: bool = JSON_OPTION) -> None:
    """Rename a season."""
    row = rename_season(env(ctx).ledger(), name, new)
    if as_json:
        return print_json(row)
    typer.echo(f"Season {name} is now {row['name']}.")


@season_app.command("delete")
def season_delete(ctx: typer.Context, name: str = _NAME, as_json: bool = JSON_OPTION) -> None:
    """Delete a season (its sessions are kept)."""
    row = delete_season(env(ctx).ledger(), name)
    if as_json:
        return print_json(row)
    typer.echo(f"Season {row['name']} deleted; its sessions are kept.")


def standings(ctx: typer.Context, season: str | None = SEASON_OPTION,
              since: str | None = SINCE_OPTION, until: str | None = UNTIL_OPTION,
              session: list[str] | None = SESSIONS_OPTION,
              variant: str | None = VARIANT_OPTION, pool: str | None = POOL_OPTION,
              seat: str | None = SEAT_OPTION, with_: str | None = WITH_OPTION,
              sort: str = SORT_OPTION, as_json: bool = JSON_OPTION,
              as_csv: bool = CSV_OPTION) -> None:
    """Per player over a season: evenings, hands, net, money, per 100 hands, stand and loo
    rates, whole pools, best and worst evening, place and its change, and a rating
    (OpenSkill Plackett-Luce, each evening a match ranked by net chips)."""
    from loo_ledger.cli.filter_opts import read, refuse
    refuse({"--pool": pool, "--seat": seat, "--with": with_},
           "standings rank whole evenings (net chips, places, ratings): a part of each "
           "evening's hands has no place or rating; see 'loo leaks' or 'loo stats' for that")
    only = read(env(ctx).ledger(), season=season, since=since, until=until,
                session=session_ids(env(ctx), session),
                variant=variant)
    _standings(ctx, only, sort=sort, as_json=as_json, as_csv=as_csv)


def _standings(ctx: typer.Context, only: Any, *, sort: str, as_json: bool,
               as_csv: bool) -> None:
    from loo_ledger.services.analysis.standings import standings as run
    report = run(env(ctx).ledger(), only=only, sort=sort)
    if as_json:
        return print_json(report)
    if as_csv:
        return _csv(report)
    _show(report)


COLUMNS = ["place", "change", "player", "evenings", "hands", "net", "money", "per 100",
           "stand", "loo", "whole pools", "best", "worst", "rating"]


def _cells(p: dict[str, Any]) -> list[str]:
    change = p["change"]
    return [str(p["place"]), "new" if change is None else "=" if change == 0 else
            f"{'▲' if change > 0 else '▼'}{abs(change)}", p["player"], str(p["evenings"]),
            str(p["hands"]), signed(p["net"]),
            ", ".join(money_text(Decimal(m["amount"]), m["currency"]) for m in p["money"]),
            "-" if p["per_100"] is None else f"{p['per_100']:+.1f}", _pct(p["stand_rate"]),
            _pct(p["loo_rate"]), str(p["whole_pools"]), signed(p["best"]), signed(p["worst"]),
            f"{p['rating']['mu']:.1f} ± {p['rating']['sigma']:.1f}"]


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def _show(report: dict[str, Any]) -> None:
    scope = report["scope"]
    if not report["players"]:
        typer.echo(f"No hands in {scope['title']}: nothing to stand.")
        return
    n = len(report["evenings"])
    lou = report["game"] == "lou"   # Lou in its own words: burns and pots won
    words = {"loo": "burns", "whole pools": "pots won"} if lou else {}
    columns = [words.get(c, c) for c in COLUMNS]
    show(table(f"Standings, {scope['title']} ({n} evening{'s' if n != 1 else ''}; "
               "change: places since the previous evening)", columns,
               [_cells(p) for p in report["players"]],
               right=[words.get(c, c) for c in ("place", "evenings", "hands", "net", "money",
                                                "per 100", "stand", "loo", "whole pools",
                                                "best", "worst", "rating")],
               wrap=("money",), keys=("place", "player")))


def _csv(report: dict[str, Any]) -> None:
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["place", "change", "player", "evenings", "hands", "net", "money",
                  "per_100", "stand_rate", "loo_rate", "whole_pools", "best", "worst",
                  "rating_mu", "rating_sigma"])
    for p in report["players"]:
        out.writerow([p["place"], "" if p["change"] is None else p["change"], cell(p["player"]),
                      p["evenings"], p["hands"], p["net"],
                      " ".join(f"{m['amount']} {m['currency'] or ''}".strip()
                               for m in p["money"]),
                      "" if p["per_100"] is None else p["per_100"],
                      "" if p["stand_rate"] is None else p["stand_rate"],
                      "" if p["loo_rate"] is None else p["loo_rate"], p["whole_pools"],
                      p["best"], p["worst"], p["rating"]["mu"], p["rating"]["sigma"]])


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
