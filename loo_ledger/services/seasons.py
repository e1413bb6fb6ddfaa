"""Named seasons (issue 24): make, list, rename and delete them (store/seasons.py keeps
them; services/analysis/standings.py reports on them).

``--since`` and ``--until`` are dates as people say them (services/dates.py ``period``):
the season runs from the start of ``since``'s range to the end of ``until``'s, so
``--since 2026-03-01 --until 2026-03-31`` holds every evening of March.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from loo_ledger.errors import LooError
from loo_ledger.services.analysis.stats import utc
from loo_ledger.services.dates import period
from loo_ledger.store import seasons as store
from loo_ledger.store.codec import now_iso


def new_season(ledger: Any, *, name: str, since: str | None, until: str | None,
               sessions: Sequence[int]) -> dict[str, Any]:
    """Store a season of the dates from ``since`` to ``until`` and/or ``sessions``; it
    as :func:`season_row` has it."""
    name = name.strip()
    if not name:
        raise LooError("a season needs a name")
    if since is None and until is None and not sessions:
        raise LooError(f"season {name!r}: give its dates (--since DATE [--until DATE]) or "
                       "its sessions (--sessions ID...)")
    start = utc(period(since)[0].isoformat()) if since is not None else None
    end = utc(period(until)[1].isoformat()) if until is not None else None
    if start is not None and end is not None and end <= start:
        raise LooError(f"season {name!r}: --until ({until}) is before --since ({since})")
    store.add(ledger.db, name=name, since=start, until=end, listed=sessions,
              created_at=now_iso())
    return season_row(ledger, name)


def season_row(ledger: Any, name: str) -> dict[str, Any]:
    """The season named ``name``: its dates, listed sessions and every session in it."""
    row = store.get(ledger.db, name)
    return _shown(ledger, row)


def _shown(ledger: Any, row: dict[str, Any]) -> dict[str, Any]:
    return {"name": row["name"], "since": row["since"], "until": row["until"],
            "listed": row["listed"], "sessions": store.sessions(ledger.db, row)}


def list_seasons(ledger: Any) -> list[dict[str, Any]]:
    """Every season, oldest first."""
    return [_shown(ledger, r) for r in store.list_all(ledger.db)]


def rename_season(ledger: Any, old: str, new: str) -> dict[str, Any]:
    new = new.strip()
    if not new:
        raise LooError("a season needs a name")
    store.rename(ledger.db, old, new)
    return season_row(ledger, new)


def delete_season(ledger: Any, name: str) -> dict[str, Any]:
    row = store.delete(ledger.db, name)
    return {"name": row["name"], "deleted": True}
