"""Named seasons (issue 24, m020): a span of dates and/or a list of sessions.

A session belongs to every season whose span ``[since, until)`` holds its date (its
``started_at``, else when it was stored) or whose list names it. ``since`` and ``until``
are UTC ``YYYY-MM-DD HH:MM:SS`` (either NULL: open on that side); a season with a list and
no dates holds its list alone. Every write is one transaction, reading inside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from loo_ledger.errors import LooError, NotFound
from loo_ledger.store.conn import Connection

#: A session's date as the reports order sessions by (store/stats_sql.py).
SESSION_DATE = "datetime(coalesce(s.started_at, s.created_at))"
_COLUMNS = "id, name, since, until, created_at"


def _row(db: Connection, name: str) -> dict[str, Any] | None:
    rows = list(db.query(f"SELECT {_COLUMNS} FROM seasons WHERE name = ? COLLATE NOCASE",
                         [name]))
    return rows[0] if rows else None


def get(db: Connection, name: str) -> dict[str, Any]:
    """The season named ``name`` (any case), with its listed sessions; NotFound if none."""
    row = _row(db, name)
    if row is None:
        known = [r["name"] for r in list_all(db)]
        hint = f" (seasons: {', '.join(known)})" if known else " (there are none yet)"
        raise NotFound(f"no season is named {name!r}{hint}; make one with 'loo season new'")
    row["listed"] = [r[0] for r in db.execute(
        "SELECT session_id FROM season_sessions WHERE season_id = ? ORDER BY session_id",
        [row["id"]])]
    return row


def list_all(db: Connection) -> list[dict[str, Any]]:
    """Every season, oldest first, with ``listed`` (its listed sessions)."""
    rows = list(db.query(f"SELECT {_COLUMNS} FROM seasons ORDER BY id"))
    listed: dict[int, list[int]] = {}
    for sid, session in db.execute("SELECT season_id, session_id FROM season_sessions "
                                   "ORDER BY season_id, session_id"):
        listed.setdefault(sid, []).append(session)
    for r in rows:
        r["listed"] = listed.get(r["id"], [])
    return rows


def sessions(db: Connection, season: dict[str, Any]) -> list[int]:
    """The ids of the sessions in ``season`` (a row of :func:`get`), oldest first."""
    terms, params = [], []
    if season["since"] is not None or season["until"] is not None:
        span = ["1"]
        for column, op in (("since", ">="), ("until", "<")):
            if season[column] is not None:
                span.append(f"{SESSION_DATE} {op} datetime(?)")
                params.append(season[column])
        terms.append(f"({' AND '.join(span)})")
    terms.append("s.id IN (SELECT session_id FROM season_sessions WHERE season_id = ?)")
    params.append(season["id"])
    return [r[0] for r in db.execute(
        f"SELECT s.id FROM sessions s WHERE {' OR '.join(terms)} ORDER BY {SESSION_DATE}, s.id",
        params)]


def add(db: Connection, *, name: str, since: str | None, until: str | None,
        listed: Sequence[int], created_at: str) -> int:
    """Store a new season (one transaction); its id. LooError if the name is taken or a
    listed session does not exist."""
    with db.write(f"the season {name!r}"):
        if _row(db, name) is not None:
            raise LooError(f"there is a season named {name!r} already; choose another name "
                           "or 'loo season delete' it first")
        missing = [i for i in listed if db.execute("SELECT 1 FROM sessions WHERE id = ?",
                                                   [i]).fetchone() is None]
        if missing:
            raise NotFound(f"no session {', '.join(map(str, missing))}: the season lists "
                           "sessions by their id ('loo sessions' lists them)")
        sid = int(db.execute("INSERT INTO seasons (name, since, until, created_at) "
                             "VALUES (?, ?, ?, ?)", [name, since, until, created_at]).lastrowid
                  or 0)
        for i in dict.fromkeys(listed):
            db.execute("INSERT INTO season_sessions (season_id, session_id) VALUES (?, ?)",
                       [sid, i])
    return sid


def rename(db: Connection, old: str, new: str) -> None:
    """Rename a season (one transaction)."""
    with db.write(f"the season {old!r}"):
        row = get(db, old)
        other = _row(db, new)
        if other is not None and other["id"] != row["id"]:
            raise LooError(f"there is a season named {new!r} already")
        db.execute("UPDATE seasons SET name = ? WHERE id = ?", [new, row["id"]])


def delete(db: Connection, name: str) -> dict[str, Any]:
    """Delete a season (its list goes with it; its sessions stay); the row deleted."""
    with db.write(f"the season {name!r}"):
        row = get(db, name)
        db.execute("DELETE FROM season_sessions WHERE season_id = ?", [row["id"]])
        db.execute("DELETE FROM seasons WHERE id = ?", [row["id"]])
    return row


#: The player_totals columns the standings read (store/totals.py PLAYER_TOTAL_COLUMNS).
TOTALS = ("hands", "stand", "forced", "played", "looed", "took_whole", "net")


def player_totals(db: Connection, session_ids: Sequence[int], names: Mapping[str, str]
                  ) -> dict[int, dict[str, dict[str, int]]]:
    """session -> player (``names``: each seated spelling -> its identity) -> the sums of
    :data:`TOTALS` over his spellings' ``player_totals`` rows in that session."""
    out: dict[int, dict[str, dict[str, int]]] = {}
    if not session_ids:
        return out
    marks = ", ".join("?" * len(session_ids))
    for sid, player, *values in db.execute(
            f"SELECT session_id, player, {', '.join(TOTALS)} FROM player_totals "
            f"WHERE session_id IN ({marks}) ORDER BY session_id", list(session_ids)):
        who = names.get(player, player)
        mine = out.setdefault(sid, {}).setdefault(who, dict.fromkeys(TOTALS, 0))
        for c, v in zip(TOTALS, values, strict=True):
            mine[c] += v
    return out


def variants(db: Connection) -> dict[int, str]:
    """Each session's variant (or house rule's base), by id."""
    return {int(i): v for i, v in db.execute("SELECT id, variant FROM sessions")}
