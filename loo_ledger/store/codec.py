"""Turning model objects into table rows and back. Pure functions, no SQL.

The row builders are the hot path of an import: one loop over the hands,
appending tuples ready for ``executemany``.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, Sequence

from loo_ledger.domain.model import Session, Settlement, TableState
from loo_ledger.errors import StoreError

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
        "hand_no": state.hand_no,
    })


def state_from_json(text: str) -> TableState:
    """The TableState written by :func:`state_to_json`."""
    d = json.loads(text)
    return TableState(
        seats=tuple(d["seats"]), dealer=d["dealer"], pool=d["pool"], double=d["double"],
        lou_first=d["lou_first"], lou_antes_due=d["lou_antes_due"],
        sit_out=frozenset(d["sit_out"]), hand_no=d["hand_no"])


def now_iso() -> str:
    """The current UTC time, ISO 8601 to the second."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def session_values(session: Session, final: TableState, source: str | None) -> tuple:
    """The ``sessions`` row (without id) in the column order of ``INSERT_SESSION``."""
    unit = session.unit
    return (session.name, session.started_at, session.variant, dumps(dict(session.rules)),
            unit.name if unit else None, unit.value if unit else None,
            unit.currency if unit else None, session.first_dealer, session.opening_pool,
            final.pool, final.dealer, state_to_json(final), now_iso(), source, session.buy_in)


def _bad(hand: int, message: str) -> StoreError:
    return StoreError(f"Cannot store hand {hand}: {message}.")


def hand_rows(session_id: int, first_hand_id: int, players: Sequence[str],
              raw_hands: Sequence[dict], settlements: Sequence[Settlement],
              ) -> tuple[list[tuple], list[tuple], dict[str, int]]:
    """Rows for ``hands`` and ``postings``, and each player's net of the postings.

    Hand ids are assigned from ``first_hand_id`` so postings can name them
    without a query per hand. Raises StoreError for a movement that is not a
    positive whole amount or names someone not seated.
    """
    if len(raw_hands) != len(settlements):
        raise StoreError(f"Cannot store the session: {len(raw_hands)} hand records "
                         f"but {len(settlements)} settlements.")
    hands: list[tuple] = []
    postings: list[tuple] = []
    nets = dict.fromkeys(players, 0)
    for hand_id, (raw, s) in enumerate(zip(raw_hands, settlements), first_hand_id):
        hands.append((hand_id, session_id, s.hand_no, s.dealer, dumps(raw), dumps(dict(s.deltas)),
                      s.pool_in, s.pot, s.pool_after, int(s.double), s.outcome, s.table_ruling,
                      dumps(list(s.looed))))
        for seq, m in enumerate(s.movements, 1):
            amount = m.amount
            if type(amount) is not int or amount <= 0:
                raise _bad(s.hand_no, f"movement {seq} has amount {amount!r}, not a positive whole number")
            try:
                if m.payer is not None:
                    nets[m.payer] -= amount
                if m.payee is not None:
                    nets[m.payee] += amount
            except KeyError as e:
                raise _bad(s.hand_no, f"movement {seq} names {e.args[0]!r}, who is not seated") from None
            postings.append((hand_id, session_id, seq, m.payer, m.payee, amount, m.reason, m.rule))
    return hands, postings, nets


def unit_dict(row: dict) -> dict | None:
    """The session file's ``unit`` object from a ``sessions`` row, or None."""
    if row["unit_name"] is None:
        return None
    pairs = (("name", row["unit_name"]), ("value", row["unit_value"]),
             ("currency", row["currency"]))
    return {k: v for k, v in pairs if v is not None}


def session_file(row: dict, players: list[str], records: list[dict]) -> dict:
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
