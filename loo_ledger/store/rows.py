"""What the Ledger's reads return, typed: rows above the store are not bare dicts.

TypedDicts, so ``row["pool"]`` keeps working for every caller while a type checker knows
each key and its type.
"""

from __future__ import annotations

from typing import Any, TypedDict


class SessionListRow(TypedDict):
    """One line of ``Ledger.sessions()``."""

    id: int
    name: str | None
    started_at: str | None
    variant: str
    players: int
    hands: int
    pool: int
    created_at: str
    closed: bool


class SessionRow(TypedDict):
    """``Ledger.session()``: the ``sessions`` row with ``rules`` and ``state`` decoded and
    the players in seat order."""

    id: int
    name: str | None
    started_at: str | None
    variant: str
    rules: dict[str, Any]
    unit_name: str | None
    unit_value: str | None
    currency: str | None
    first_dealer: str
    opening_pool: int
    pool: int
    next_dealer: str | None
    state: dict[str, Any]
    created_at: str
    closed_at: str | None
    source: str | None
    buy_in: int | None
    house_rule: str | None
    players: list[str]


class HandRow(TypedDict):
    """``Ledger.hands()``: one hand, its record and changes decoded."""

    number: int
    dealer: str
    record: dict[str, Any]
    deltas: dict[str, int]
    pool_in: int
    pot: int
    pool_after: int
    double: bool
    outcome: str
    table_ruling: str | None
    looed: list[str]


class PostingRow(TypedDict):
    """``Ledger.postings()``: one chip movement; ``None`` payer or payee is the pool;
    ``kind`` is a domain MovementKind value."""

    id: int
    hand: int
    seq: int
    payer: str | None
    payee: str | None
    amount: int
    reason: str
    rule: str
    kind: str


class SeatRow(TypedDict):
    """A player's running net, in seat order."""

    name: str
    net: int


class UnitRow(TypedDict):
    """What a session's chip is: its name, its value in money (decimal text), the currency."""

    unit_name: str | None
    unit_value: str | None
    currency: str | None


class Balances(TypedDict):
    """``Ledger.balances()``: the session's name, the pool, each player's net, the pool the
    session opened with and the session's unit."""

    name: str | None
    pool: int
    players: list[SeatRow]
    opening_pool: int
    unit: UnitRow


class AuditRow(TypedDict):
    """``Ledger.audit()``: one change made at the table, with the records before and after."""

    hand: int | None
    action: str
    old_record: dict[str, Any] | None
    new_record: dict[str, Any] | None
    at: str
