"""The table at a glance, for a screen that follows a session (``loo table``, ``loo serve``):
each player's standing, the pool, the ante due, who deals next, simple or double, and
each player's change in the last hand. :func:`scoreboard` reads only what the one writer
stored (services/pool.py's next deal, the seats' nets, the last hand's row), so it costs
the same on any session; :func:`last_settlement` gives the last hand in the engine's
words (the session settled again: the store keeps facts, not prose), for a screen to show
when it has it. No rule is worked out here: who deals, the ante and the kind of deal are
the stored answers of ``domain.legal`` and the engine.

:func:`change_mark` is the cheap question a screen asks on a timer: it differs after
another connection (another terminal, another process) commits to the ledger.
"""

from __future__ import annotations

from typing import Any

import msgspec

from loo_ledger.domain import Settlement
from loo_ledger.domain.next.legal import rotate_from_left
from loo_ledger.services.pool import pool_view, row_variant
from loo_ledger.store.ledger import Ledger

__all__ = ["Ante", "PlayerLine", "Scoreboard", "change_mark", "last_settlement", "scoreboard"]


class PlayerLine(msgspec.Struct, frozen=True, kw_only=True):
    """One seated player: ``net`` chips since the session began, ``money`` (its value, a
    decimal string as ``loo balances --json`` gives it; None without a unit value),
    ``last`` the change in the last hand (None if they were not dealt in), ``looed``
    (burned, in Lou) in the last hand, ``present`` (False: sitting out), ``deals_next``."""

    name: str
    net: int
    money: str | None
    last: int | None
    looed: bool
    present: bool
    deals_next: bool


class Ante(msgspec.Struct, frozen=True):
    player: str
    amount: int


class Scoreboard(msgspec.Struct, frozen=True, kw_only=True):
    """The table before its next hand. ``players`` run from the next dealer's left, the
    dealer last. ``marks``: whether "simple" and "double" mean something at this table
    (legal.has_simple_double); ``double`` the next pool's kind; ``lou_first`` whether the
    next Lou deal is a first deal (None outside Lou). ``deal`` and ``why`` say the next
    deal's kind (legal.deal_shape). ``last_hand`` is the last hand's number (None before
    the first hand)."""

    session_id: int
    name: str
    variant: str
    game: str
    unit: str
    currency: str | None
    closed: bool
    players: tuple[PlayerLine, ...]
    pool: int
    pool_money: str | None
    next_hand: int
    next_dealer: str
    antes: tuple[Ante, ...]
    marks: bool
    double: bool
    lou_first: bool | None
    deal: str
    why: str
    last_hand: int | None


def change_mark(ledger: Ledger) -> int:
    """SQLite's ``data_version`` of this connection: it changes when another connection
    commits to the ledger (this connection's own writes leave it as it is)."""
    row = ledger.db.execute("PRAGMA data_version").fetchone()
    return int(row[0])


def _money(chips: list[int], value: str | None) -> list[str | None]:
    """Each figure's money, allocated together (they sum to the total's, to the cent)."""
    if value is None:
        return [None] * len(chips)
    from loo_ledger.domain.rules.money import allocate
    return [str(m) for m in allocate(chips, value)]


def last_settlement(ledger: Ledger, sid: int) -> Settlement | None:
    """The last hand of session ``sid`` as the engine settles it (None: no hand yet)."""
    from loo_ledger.domain.settlement.session import replay
    with ledger.db.snapshot():
        stored = ledger.stored(sid)
        if not stored.count:
            return None
        session = stored.session
    return replay(session).settlements[-1]


def scoreboard(ledger: Ledger, sid: int) -> Scoreboard:
    """Session ``sid`` at a glance, from what is stored (nothing is settled again)."""
    with ledger.db.snapshot():
        row = ledger.session(sid)
        view: dict[str, Any] = pool_view(ledger, sid)
        balances = ledger.balances(sid)
        present = set(ledger.present_players(sid))
        status = view["status"]
        count = status["next_hand"] - 1
        last = next(ledger.iter_hands(sid, count), None) if count > 0 else None
    nets = {p["name"]: p["net"] for p in balances["players"]}
    seats = tuple(row["players"])
    dealer = status["next_dealer"]
    order = rotate_from_left(seats, dealer) if dealer in seats else seats
    cash = _money([*(nets[p] for p in order), balances["pool"]], row["unit_value"])
    deltas = last["deltas"] if last is not None else {}
    looed = set(last["looed"]) if last is not None else set()
    players = tuple(PlayerLine(name=p, net=nets[p], money=cash[i], last=deltas.get(p),
                               looed=p in looed, present=p in present,
                               deals_next=p == dealer)
                    for i, p in enumerate(order))
    return Scoreboard(
        session_id=sid, name=row["name"] or f"session {sid}",
        variant=row["house_rule"] or row["variant"], game=str(row_variant(row).game),
        unit=row["unit_name"] or "chips", currency=row["currency"],
        closed=row["closed_at"] is not None, players=players, pool=balances["pool"],
        pool_money=cash[-1], next_hand=status["next_hand"], next_dealer=dealer,
        antes=tuple(Ante(a["player"], a["amount"]) for a in status["antes"]),
        marks=bool(view["marks"]), double=bool(status["double"]),
        lou_first=status.get("first_deal"), deal=status["deal"], why=status["why"],
        last_hand=last["number"] if last is not None else None)
