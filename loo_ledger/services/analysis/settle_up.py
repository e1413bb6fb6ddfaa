"""loo settle-up: what each player's chips are worth at the end, and who pays whom (in
chips, who hands whom how many, when the unit has no money value).

The parties are the players and, when the pool holds more or fewer chips than it
opened with, **the pool** itself (``(pool)``): chips paid into it belong to no player,
so their money is handed to whoever keeps the pool and goes with the chips into the
next session (``loo new --carry-from``); a pool carried in and won back pays out of
the money that came with it. The players' nets sum to minus the pool's change, so
with the pool as a party every total sums to zero, to the cent.

Money follows loo_ledger.domain.rules.money: exact amounts, rounded together by largest
remainder. The nets and the pool are allocated to their total (zero); with a buy-in,
the buy-ins to theirs (the money bought in), and the cash-outs with the pool's change
to the same total, so the cash-outs and the pool add up to what was bought in, to the
cent. When a buy-in is worth whole cents, each cash-out is also exactly the buy-in's
money plus the net's. Transfers are in whole cents.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from loo_ledger.domain.rules.money import allocate_cents, exact, from_cents
from loo_ledger.errors import LooError, NotFound

POOL = "(pool)"
GREEDY = ("greedy: the largest debtor pays the largest creditor until all are square; "
          "few transfers, though not always the fewest possible")

#: One payment of a settlement: ``cents`` from one party to another.
Transfer = TypedDict("Transfer", {"from": str, "to": str, "cents": int})


def banker_transfers(balances: list[tuple[str, int]], banker: str) -> list[Transfer]:
    """Everyone settles with the banker, who also keeps (or pays out) the pool's money.

    >>> banker_transfers([("A", 180), ("B", -45), ("(pool)", 45)], "A")
    [{'from': 'B', 'to': 'A', 'cents': 45}, {'from': 'A', 'to': '(pool)', 'cents': 45}]
    """
    out: list[Transfer] = []
    for name, c in balances:
        if name != banker and c:
            payer, payee = (name, banker) if c < 0 else (banker, name)
            out.append({"from": payer, "to": payee, "cents": abs(c)})
    return out


def fewest_transfers(balances: list[tuple[str, int]]) -> list[Transfer]:
    """Greedy: the largest debtor pays the largest creditor, until everyone is square (or,
    where the balances do not sum to zero, as a window's capped dues of a season's tab need
    not: services/analysis/debts.py, while there are both).

    Ties go to the party listed first.

    >>> fewest_transfers([("A", 180), ("B", -45), ("C", -45), ("D", -135), ("(pool)", 45)])
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'from': 'D', 'to': 'A', 'cents': 135}, {'from': 'B', 'to': 'A', 'cents': 45},
     {'from': 'C', 'to': '(pool)', 'cents': 45}]
    >>> fewest_transfers([("A", -10), ("B", 4), ("C", 3)])
    [{'from': 'A', 'to': 'B', 'cents': 4}, {'from': 'A', 'to': 'C', 'cents': 3}]
    """
    owed = {name: c for name, c in balances}
    rank = {name: i for i, (name, _) in enumerate(balances)}
    out: list[Transfer] = []
    while True:
        debtors = sorted((n for n in owed if owed[n] < 0), key=lambda n: (owed[n], rank[n]))
        creditors = sorted((n for n in owed if owed[n] > 0), key=lambda n: (-owed[n], rank[n]))
        if not debtors or not creditors:
            return out
        payer, payee = debtors[0], creditors[0]
        amount = min(-owed[payer], owed[payee])
        out.append({"from": payer, "to": payee, "cents": amount})
        owed[payer] += amount
        owed[payee] -= amount


def settle_up(session: Mapping[str, Any], nets: list[tuple[str, int]], *,
              banker: str | None = None) -> dict[str, Any]:
    """The settlement of a stored session (``session``: its row from the ledger).

    ``nets``: each player's net chips in seat order. A session whose unit has no money
    value is settled in chips (:func:`settle_chips`). Raises NotFound if the banker is
    not one of its players, LooError if chips are not conserved.
    """
    value = session.get("unit_value")
    if value is None:
        return settle_chips(session, nets, banker=banker)
    banker, parties = _parties(session, nets, banker)
    pool_change = session["pool"] - session["opening_pool"]
    amounts = [exact(c, value) for _, c in parties]
    owed = list(zip((n for n, _ in parties), allocate_cents(amounts), strict=True))
    buy_in = session.get("buy_in")
    bought = _bought(buy_in, nets, pool_change, value)
    players = [{"name": n, "net": c, "money": str(from_cents(m)), **extra}
               for (n, c), (_, m), extra in zip(nets, owed, bought["players"], strict=False)]
    pool_cents = dict(owed).get(POOL, 0)
    result = {
        "session": session["id"], "closed": session.get("closed_at") is not None,
        "in": "money", "unit": {"name": session.get("unit_name"), "value": value,
                 "currency": session.get("currency")},
        "buy_in": buy_in, "players": players,
        "pool": {"opening": session["opening_pool"], "end": session["pool"],
                 "change": pool_change, "money": str(from_cents(pool_cents))},
        "total": str(from_cents(sum(m for _, m in owed))),
        "rounded": bought["rounded"] or any(e != from_cents(m)
                                            for e, (_, m) in zip(amounts, owed, strict=True)),
        "banker": {"name": banker, "transfers": _money_rows(banker_transfers(owed, banker))},
        "fewest": {"method": GREEDY, "transfers": _money_rows(fewest_transfers(owed))},
    }
    if buy_in is not None:
        result["pool"]["cash_out_money"] = bought["pool_cash_out"]
        result["bought"] = bought["total"]
        # A buy-in worth whole cents keeps cash-out = buy-in + net to the cent for everyone;
        # one worth a fraction of a cent can put a player's two figures a cent apart.
        result["cash_out_is_buy_in_plus_net"] = all(
            c == b + m for c, b, (_, m) in zip(bought["cash"], bought["paid"], owed[:len(nets)],
                                           strict=True))
    return result


def settle_chips(session: Mapping[str, Any], nets: list[tuple[str, int]], *,
                 banker: str | None = None) -> dict[str, Any]:
    """The settlement in chips of a session whose unit has no money value (issue 22 item
    13): who hands whom how many chips, with the pool as a party when it changed, as
    :func:`settle_up` settles money (the same transfers, counted in chips)."""
    banker, parties = _parties(session, nets, banker)
    pool_change = session["pool"] - session["opening_pool"]

    def rows(transfers: list[Transfer]) -> list[dict[str, Any]]:
        return [{"from": t["from"], "to": t["to"], "chips": t["cents"]} for t in transfers]

    return {
        "session": session["id"], "closed": session.get("closed_at") is not None,
        "in": "chips", "unit": {"name": session.get("unit_name"), "value": None,
                                "currency": session.get("currency")},
        "buy_in": session.get("buy_in"),
        "players": [{"name": n, "net": c} for n, c in nets],
        "pool": {"opening": session["opening_pool"], "end": session["pool"],
                 "change": pool_change},
        "total": 0,
        "banker": {"name": banker, "transfers": rows(banker_transfers(parties, banker))},
        "fewest": {"method": GREEDY, "transfers": rows(fewest_transfers(parties))},
    }


def _bought(buy_in: int | None, nets: list[tuple[str, int]], pool_change: int,
            value: str) -> dict[str, Any]:
    """With a buy-in: each player's chips and money bought, and cashed out (buy-in + net).

    Two totals hold: the buy-ins sum to the money bought in; the cash-outs and the
    pool's change sum to the same. Each is allocated to it.
    """
    if buy_in is None:
        return {"players": [{} for _ in nets], "rounded": False}
    paid = allocate_cents([exact(buy_in, value)] * len(nets))
    outs = [exact(buy_in + net, value) for _, net in nets] + [exact(pool_change, value)]
    cash = allocate_cents(outs)
    players = [{"bought": buy_in, "bought_money": str(from_cents(b)),
                "cash_out": buy_in + net, "cash_out_money": str(from_cents(c))}
               for (_, net), b, c in zip(nets, paid, cash[:-1], strict=True)]
    rounded = any(exact(buy_in, value) != from_cents(b) for b in paid) or \
        any(e != from_cents(c) for e, c in zip(outs, cash, strict=True))
    return {"players": players, "paid": paid, "cash": cash[:-1], "rounded": rounded,
            "pool_cash_out": str(from_cents(cash[-1])),
            "total": {"chips": buy_in * len(nets), "money": str(from_cents(sum(paid)))}}


def _money_rows(transfers: list[Transfer]) -> list[dict[str, str]]:
    return [{"from": t["from"], "to": t["to"], "amount": str(from_cents(t["cents"]))}
            for t in transfers]


def settle_session(ledger: Any, session_id: int, *,
                   banker: str | None = None) -> dict[str, Any]:
    """:func:`settle_up` for a session in the ledger, from its stored balances."""
    nets = [(p["name"], p["net"]) for p in ledger.balances(session_id)["players"]]
    return settle_up(ledger.session(session_id), nets, banker=banker)


def _parties(session: Mapping[str, Any], nets: list[tuple[str, int]],
             banker: str | None) -> tuple[str, list[tuple[str, int]]]:
    """The banker (the first player unless named; NotFound if not a player) and who settles:
    each player's net and, when it changed, the pool's (LooError if they do not sum to
    zero: chips not conserved)."""
    names = [n for n, _ in nets]
    banker = banker or names[0]
    if banker not in names:
        raise NotFound(f"the banker {banker} is not a player of session {session['id']}; "
                       f"the players are {', '.join(names)}")
    pool_change = session["pool"] - session["opening_pool"]
    parties = nets + ([(POOL, pool_change)] if pool_change else [])
    if sum(c for _, c in parties) != 0:
        raise LooError(f"session {session['id']}: the players' nets sum to "
                       f"{sum(c for _, c in nets):+d} but the pool changed by {pool_change:+d}; "
                       "chips are not conserved (run 'loo check')")
    return banker, parties
