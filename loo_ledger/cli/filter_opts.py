"""The report filters' options (issue 24, item 4), one group for every report: ``loo
stats``, ``hands``, ``chart``, ``settle-up``, ``standings``, ``leaks`` and ``export``.
:func:`filter_options` adds them to a command and hands it one
:class:`~loo_ledger.services.analysis.filters.Filters` (parameter ``only``), read by
:func:`read`. A filter a report cannot mean anything for is refused as a usage error (exit
2) saying why: named when the group is applied (``cannot``), or by :func:`refuse`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import typer

from loo_ledger.cli import completion
from loo_ledger.cli.context import env
from loo_ledger.cli.groups import option_group
from loo_ledger.cli.option_limits import session
from loo_ledger.errors import LooError

#: The panel of a report's --help that lists the filters.
PANEL = "Filters"

SEASON_OPTION = typer.Option(None, "--season", metavar="NAME", rich_help_panel=PANEL,
                             help="The evenings of this season.")
SINCE_OPTION = typer.Option(None, "--since", metavar="DATE", rich_help_panel=PANEL, help=(
    "The evenings from DATE on: '2026-03-01', 'last month', 'this year'."))
UNTIL_OPTION = typer.Option(None, "--until", metavar="DATE", rich_help_panel=PANEL, help=(
    "The evenings up to DATE (its whole day or month: '2026-03-31', 'March 2026')."))


def _sessions(values: list[str] | None) -> list[str] | None:
    """Each ``-s`` as every option naming a session checks it (cli/option_limits.py
    ``session``: an id within what the ledger can hold, or a name of free text)."""
    return [session(v) or v for v in values] if values else values


SESSIONS_OPTION = typer.Option(None, "--session", "-s", metavar="ID|NAME", callback=_sessions,
                               rich_help_panel=PANEL,
                               autocompletion=completion.sessions, help=(
    "This session, by id or name (a unique prefix will do; repeat for more); default: the "
    "current one, or every evening when another evening filter is given."))


def session_ids(e: Any, typed: list[str] | None) -> list[int]:
    """The sessions named by ``-s`` (each an id or a unique name prefix, as every other
    option naming a session takes it: cli/context.py ``find_session``), in the order given."""
    return [e.find_session(t) for t in typed or []]
VARIANT_OPTION = typer.Option(None, "--variant", metavar="NAME", rich_help_panel=PANEL,
                              autocompletion=completion.variants, help=(
    "Only the sessions of this variant (see 'loo variants')."))
def _pool(value: str | None) -> str | None:
    """``--pool`` checked as it is parsed: simple or double (any case), else a usage
    error."""
    if value is None:
        return None
    if value.strip().lower() not in ("simple", "double"):
        raise typer.BadParameter(f"{value!r}: say simple or double")
    return value.strip().lower()


def _seat(value: str | None) -> str | None:
    """``--seat`` checked as it is parsed (:func:`seat_number`), else a usage error."""
    try:
        seat_number(value)
    except LooError as exc:
        raise typer.BadParameter(str(exc)) from None
    return value


POOL_OPTION = typer.Option(None, "--pool", metavar="simple|double", callback=_pool,
                          rich_help_panel=PANEL, help=(
    "Only simple or only double pools."))
SEAT_OPTION = typer.Option(None, "--seat", metavar="SEAT", callback=_seat,
                          rich_help_panel=PANEL, help=(
    "Only the seat: eldest, dealer, or a number from the dealer's left (1 = eldest)."))
WITH_OPTION = typer.Option(None, "--with", metavar="PLAYER", rich_help_panel=PANEL, help=(
    "Only hands this player was dealt in."))


def span(since: str | None, until: str | None) -> tuple[str | None, str | None]:
    """--since and --until as UTC ``YYYY-MM-DD HH:MM:SS``: from the start of since's range
    to the end of until's (services/dates.py ``period``)."""
    from loo_ledger.services.analysis.stats import utc  # noqa: PLC0415 (dates: only with --since/--until)
    from loo_ledger.services.dates import period  # noqa: PLC0415 (dates: only with --since/--until)
    return (utc(period(since)[0].isoformat()) if since is not None else None,
            utc(period(until)[1].isoformat()) if until is not None else None)


def seat_number(seat: str | None) -> int | None:
    """``--seat`` as a seat from the dealer's left: dealer 0, eldest 1, or the number."""
    if seat is None:
        return None
    named = {"dealer": 0, "eldest": 1}.get(seat.strip().lower())
    if named is not None:
        return named
    if seat.strip().isdigit() and seat.strip().isascii() and len(seat.strip()) < 3:
        return int(seat)
    raise LooError(f"--seat {seat}: say eldest, dealer, or a number from the dealer's left "
                   "(1 = eldest)")


def read(ledger: Any, *, season: str | None = None, since: str | None = None,
         until: str | None = None, session: list[int] | None = None,
         variant: str | None = None, pool: str | None = None, seat: str | None = None,
         with_: str | None = None) -> Any:
    """The options as one :class:`~loo_ledger.services.analysis.filters.Filters`: dates as
    UTC, ``--with`` matched to a person (any spelling, a unique prefix)."""
    from loo_ledger.services.analysis.filters import Filters  # noqa: PLC0415 (the filters: not for a report's --help)
    start, end = span(since, until)
    if with_ is not None:
        from loo_ledger.cli.player_cmds import match_identity  # noqa: PLC0415 (identities: only with --with)
        from loo_ledger.store.identities import read as read_identities  # noqa: PLC0415 (identities: only with --with)
        with_ = match_identity(with_, read_identities(ledger.db))
    return Filters(season=season, since=start, until=end, sessions=tuple(session or ()),
                   variant=variant, pool=pool, seat=seat_number(seat), with_=with_)


def refuse(given: dict[str, Any], why: str) -> None:
    """A usage error (exit 2) when any of ``given`` (an option's name -> its value) is
    given: the report cannot mean anything by it, ``why``."""
    for name, value in given.items():
        if value not in (None, False, [], ()):
            raise typer.BadParameter(why, param_hint=name)


def given(only: Any) -> dict[str, Any]:
    """Each filter option's name -> its value in ``only`` (None or empty: not given)."""
    return {"--season": only.season, "--since": only.since, "--until": only.until,
            "--session": only.sessions, "--variant": only.variant, "--pool": only.pool,
            "--seat": only.seat, "--with": only.with_}


def iso(utc_time: str | None) -> str | None:
    """A filter's UTC ``YYYY-MM-DD HH:MM:SS`` as ISO 8601 with its offset (what
    services/dates.py ``parse_when`` gives), for the services that take that."""
    return None if utc_time is None else utc_time.replace(" ", "T") + "+00:00"


F = TypeVar("F", bound=Callable[..., Any])

#: (parameter name, option name, annotation, typer option), in the order --help lists them
_FILTERS: tuple[tuple[str, str, Any, Any], ...] = (
    ("season", "--season", str | None, SEASON_OPTION),
    ("since", "--since", str | None, SINCE_OPTION),
    ("until", "--until", str | None, UNTIL_OPTION),
    ("session", "--session", list[str] | None, SESSIONS_OPTION),
    ("variant", "--variant", str | None, VARIANT_OPTION),
    ("pool", "--pool", str | None, POOL_OPTION),
    ("seat", "--seat", str | None, SEAT_OPTION),
    ("with_", "--with", str | None, WITH_OPTION),
)


def filter_options(cannot: Mapping[str, str] | None = None) -> Callable[[F], F]:
    """Give report ``fn`` the filter options; it receives them as ``only: Filters``.
    ``cannot``: option name -> why the report cannot honour it (a usage error, exit 2,
    before anything is read)."""
    refused = dict(cannot or {})

    def decorate(fn: F) -> F:
        return option_group(fn, into="only", options=[
            (name, annotation, option) for name, _, annotation, option in _FILTERS],
            read=lambda typed, ctx: _read_typed(ctx, typed, refused))
    return decorate


def _read_typed(ctx: typer.Context, typed: dict[str, Any], refused: Mapping[str, str]) -> Any:
    """The options as typed, read into one Filters (the ledger opened only for -s and
    --with); an option the report cannot honour (``refused``) is a usage error first."""
    for name, flag, _, _ in _FILTERS:
        if flag in refused:
            refuse({flag: typed[name]}, refused[flag])
    from loo_ledger.services.analysis.filters import Filters  # noqa: PLC0415 (the filters: only when one is given)
    if not any(v not in (None, []) for v in typed.values()):
        return Filters()
    e = env(ctx)
    ledger = e.ledger() if typed["session"] or typed["with_"] is not None else None
    return read(ledger, season=typed["season"], since=typed["since"], until=typed["until"],
                session=session_ids(e, typed["session"]), variant=typed["variant"],
                pool=typed["pool"], seat=typed["seat"], with_=typed["with_"])
