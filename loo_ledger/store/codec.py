"""Turning model objects into table rows and back. Pure functions, no SQL.

The derived rows of hands are built in derive.py.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from loo_ledger.domain.rules.model import RuleChange, Session, TableState

SESSION_FORMAT = "loo-session/1"

_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def dumps(value: Any) -> str:
    """Compact JSON, keys in the order given."""
    return _compact(value)


def state_to_json(state: TableState) -> str:
    """A TableState as a JSON object (``sit_out`` as a sorted list)."""
    return dumps({
        "seats": list(state.seats), "dealer": state.dealer, "pool": state.pool,
        "double": state.double, "lou_first": state.lou_first,
        "lou_antes_due": state.lou_antes_due, "sit_out": sorted(state.sit_out),
        "hand_no": state.hand_no, "last_had_loo": state.last_had_loo,
    })


def state_from_json(text: str) -> TableState:
    """The TableState written by :func:`state_to_json`. A state stored before
    ``last_had_loo`` existed reads it from ``double``, as the engine then did."""
    d = json.loads(text)
    return TableState(
        seats=tuple(d["seats"]), dealer=d["dealer"], pool=d["pool"], double=d["double"],
        lou_first=d["lou_first"], lou_antes_due=d["lou_antes_due"],
        sit_out=frozenset(d["sit_out"]), hand_no=d["hand_no"],
        last_had_loo=d.get("last_had_loo", d["double"]))


def rule_changes_from(row: Any) -> tuple[RuleChange, ...]:
    """The session's rule changes from its ``rule_changes`` column (m013; none before)."""
    try:
        text = row["rule_changes"]
    except (KeyError, IndexError):
        return ()
    return tuple(RuleChange(from_hand=c["from_hand"], rules=dict(c["rules"]))
                 for c in json.loads(text or "[]"))


def rule_changes_list(changes: tuple[RuleChange, ...]) -> list[dict[str, Any]]:
    """The session file's (and the column's) ``rule_changes`` list."""
    return [{"from_hand": c.from_hand, "rules": dict(c.rules)} for c in changes]


def now_iso() -> str:
    """The current UTC time, ISO 8601 to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


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
    """The session-file object (format ``loo-session/1``) for a stored session."""
    out: dict[str, Any] = {"format": SESSION_FORMAT}
    for key in ("name", "started_at"):
        if row[key] is not None:
            out[key] = row[key]
    out["variant"] = row["variant"]
    rules = json.loads(row["rules"])
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
    return out
