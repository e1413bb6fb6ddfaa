"""A session's own row in ``sessions`` and its session-file object: built from the model,
and back. Pure: no SQL; every value is written as store/codec.py writes it."""

from __future__ import annotations

from typing import Any

from loo_ledger.domain.rules.model import Session, TableState
from loo_ledger.formats.extensions import merge_session
from loo_ledger.store.codec import dumps, loads, now_iso, state_to_json

SESSION_FORMAT = "loo-session/1"


def session_values(session: Session, final: TableState, source: str | None) -> tuple[Any, ...]:
    """The ``sessions`` row (without id) in the column order of ``INSERT_SESSION``."""
    unit = session.unit
    return (session.name, session.started_at, session.variant, dumps(dict(session.rules)),
            unit.name if unit else None, unit.value if unit else None,
            unit.currency if unit else None, session.first_dealer, session.opening_pool,
            final.pool, final.dealer, state_to_json(final), now_iso(), source, session.buy_in)


def unit_dict(row: dict[str, Any]) -> dict[str, Any] | None:
    """The session file's ``unit`` object from a ``sessions`` row, or None."""
    if row["unit_name"] is None:
        return None
    pairs = (("name", row["unit_name"]), ("value", row["unit_value"]),
             ("currency", row["currency"]))
    return {k: v for k, v in pairs if v is not None}


def session_file(row: dict[str, Any], players: list[str],
                 records: list[dict[str, Any]]) -> dict[str, Any]:
    """The session-file object (format ``loo-session/1``) for a stored session, with its
    ``$schema`` and extension fields (``extras``, m022) where the file gave them."""
    out: dict[str, Any] = {"format": SESSION_FORMAT}
    for key in ("name", "started_at"):
        if row[key] is not None:
            out[key] = row[key]
    out["variant"] = row["variant"]
    rules = loads(row["rules"])
    if rules:
        out["rules"] = rules
    unit = unit_dict(row)
    if unit is not None:
        out["unit"] = unit
    out.update(players=players, first_dealer=row["first_dealer"],
               opening_pool=row["opening_pool"])
    if row.get("buy_in") is not None:
        out["buy_in"] = row["buy_in"]
    out["hands"] = records
    extras = loads(row.get("extras") or "{}")
    return merge_session(out, extras) if extras else out
