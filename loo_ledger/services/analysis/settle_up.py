"""loo settle-up: what each player's chips are worth at the end, and who pays whom.

The parties are the players and, when the pool holds more or fewer chips than it
opened with, **the pool** itself (``(pool)``): chips paid into it belong to no player,
so their money is handed to whoever keeps the pool and goes with the chips into the
next session (``loo new --carry-from``); a pool carried in and won back pays out of
the money that came with it. The players' nets sum to minus the pool's change, so
with the pool as a party every total sums to zero, to the cent. All arithmetic is in
whole cents (Decimal in, int cents inside); a unit value finer than a cent is rounded
by largest remainder so that the cents still sum to zero.
"""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal
from typing import Any

from loo_ledger.errors import LooError, NotFound

POOL = "(pool)"
CENT = Decimal("0.01")
GREEDY = ("greedy: the largest debtor pays the largest creditor until all are square; "
          "few transfers, though not always the fewest possible")


def cents(amounts: list[Decimal]) -> list[int]:
    """Whole cents for exact amounts that sum to zero, still summing to zero.

    Each is rounded down, then the missing cents go to the largest remainders
    (ties in order).

    >>> cents([Decimal("0.18"), Decimal("-0.045"), Decimal("-0.045"), Decimal("-0.135"),
    ...        Decimal("0.045")])
    [18, -4, -4, -14, 4]
    """
    scaled = [a / CENT for a in amounts]
    low = [int(x.to_integral_value(rounding=ROUND_FLOOR)) for x in scaled]
    short = -sum(low)
    order = sorted(range(len(low)), key=lambda i: (-(scaled[i] - low[i]), i))
    for i in order[:short]:
        low[i] += 1
    return low


def as_money(c: int) -> Decimal:
    return (Decimal(c) * CENT).quantize(CENT)


def banker_transfers(balances: list[tuple[str, int]], banker: str) -> list[dict]:
    """Everyone settles with the banker, who also keeps (or pays out) the pool's money.

    >>> banker_transfers([("A", 180), ("B", -45), ("(pool)", 45)], "A")
    [{'from': 'B', 'to': 'A', 'cents': 45}, {'from': 'A', 'to': '(pool)', 'cents': 45}]
    """
    out = []
    for name, c in balances:
        if name != banker and c:
            payer, payee = (name, banker) if c < 0 else (banker, name)
            out.append({"from": payer, "to": payee, "cents": abs(c)})
    return out


def fewest_transfers(balances: list[tuple[str, int]]) -> list[dict]:
    """Greedy: the largest debtor pays the largest creditor, until everyone is square.

    Ties go to the party listed first.

    >>> fewest_transfers([("A", 180), ("B", -45), ("C", -45), ("D", -135), ("(pool)", 45)])
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'from': 'D', 'to': 'A', 'cents': 135}, {'from': 'B', 'to': 'A', 'cents': 45},
     {'from': 'C', 'to': '(pool)', 'cents': 45}]
    """
    owed = {name: c for name, c in balances}
    rank = {name: i for i, (name, _) in enumerate(balances)}
    out = []
    while True:
        debtors = sorted((n for n in owed if owed[n] < 0), key=lambda n: (owed[n], rank[n]))
        creditors = sorted((n for n in owed if owed[n] > 0), key=lambda n: (-owed[n], rank[n]))
        if not debtors:
            return out
        payer, payee = debtors[0], creditors[0]
        amount = min(-owed[payer], owed[payee])
        out.append({"from": payer, "to": payee, "cents": amount})
        owed[payer] += amount
        owed[payee] -= amount


def settle_up(session: dict, nets: list[tuple[str, int]], *, banker: str | None = None) -> dict:
    """The settlement of a stored session (``session``: its row from the ledger).

    ``nets``: each player's net chips in seat order. Raises LooError if the session's
    unit has no money value, NotFound if the banker is not one of its players.
    """
    value = session.get("unit_value")
    if value is None:
        raise LooError(f"session {session['id']}'s unit ({session.get('unit_name') or 'chip'}) "
                       "has no money value, so there is no money to settle; give the session "
                       "file a unit with a value (e.g. \"unit\": {\"value\": \"0.05\"}) or start "
                       "a table with 'loo new --unit-value'")
    names = [n for n, _ in nets]
    banker = banker or names[0]
    if banker not in names:
        raise NotFound(f"the banker {banker} is not a player of session {session['id']}; "
                       f"the players are {', '.join(names)}")
    pool_change = session["pool"] - session["opening_pool"]
    parties = nets + ([(POOL, pool_change)] if pool_change else [])
    assert sum(c for _, c in parties) == 0, "chips are conserved"
    exact = [Decimal(c) * Decimal(value) for _, c in parties]
    owed = list(zip((n for n, _ in parties), cents(exact)))
    buy_in = session.get("buy_in")
    players = [{"name": n, "net": c, "money": str(as_money(m)),
                **_bought(buy_in, c, value)} for (n, c), (_, m) in zip(nets, owed)]
    return {
        "session": session["id"], "closed": session.get("closed_at") is not None,
        "unit": {"name": session.get("unit_name"), "value": value,
                 "currency": session.get("currency")},
        "buy_in": buy_in, "players": players,
        "pool": {"opening": session["opening_pool"], "end": session["pool"],
                 "change": pool_change, "money": str(as_money(dict(owed).get(POOL, 0)))},
        "total": str(as_money(sum(m for _, m in owed))),
        "rounded": any(e != as_money(m) for e, (_, m) in zip(exact, owed)),
        "banker": {"name": banker, "transfers": _money_rows(banker_transfers(owed, banker))},
        "fewest": {"method": GREEDY, "transfers": _money_rows(fewest_transfers(owed))},
    }


def _bought(buy_in: int | None, net: int, value: str) -> dict[str, Any]:
    """With a buy-in: chips and money bought, and cashed out (buy-in + net)."""
    if buy_in is None:
        return {}
    return {"bought": buy_in, "bought_money": str((buy_in * Decimal(value)).quantize(CENT)),
            "cash_out": buy_in + net,
            "cash_out_money": str(((buy_in + net) * Decimal(value)).quantize(CENT))}


def _money_rows(transfers: list[dict]) -> list[dict]:
    return [{"from": t["from"], "to": t["to"], "amount": str(as_money(t["cents"]))}
            for t in transfers]


def settle_session(ledger: Any, session_id: int, *, banker: str | None = None) -> dict:
    """:func:`settle_up` for a session in the ledger, from its stored balances."""
    nets = [(p["name"], p["net"]) for p in ledger.balances(session_id)["players"]]
    return settle_up(ledger.session(session_id), nets, banker=banker)
