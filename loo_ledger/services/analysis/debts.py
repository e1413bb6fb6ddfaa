"""Which debts a payment paid, and what a window of evenings still owes (issue 21, item 5).

Pure: evenings and payments in, figures out, in whole cents (money is never a float).

An **evening** is a session's money by party (players and the pool, summing to zero): a
party below zero lost that much there, above zero won it. A **payment** from a payer to a
payee settles, on the payer's side, the payer's losses and, on the payee's side, the
payee's winnings: those of the sessions it names (``loo paid --for``), else the oldest
still unpaid first. Payments are taken in the order they were paid, each after the ones
before it. What a side cannot place (a payment larger than the losses or winnings left
there: paid ahead, or passed on) settles no evening: it counts over all time only.

A **window** (``settle-up --since``) counts, for each party, the money of its own evenings,
what was paid for them and received for them, wherever and whenever it was paid; a payment
that settled older evenings is not counted. Its transfers never ask anyone to pay more than
they owe over all time, nor pay anyone more than they are owed over all time: each party's
figure in the window is capped by its balance over all time (:func:`due`), and the
transfers (settle_up.fewest_transfers) match the capped debtors with the capped creditors,
largest first, while there are both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, kw_only=True)
class Evening:
    """One session's money, ``money``: party -> cents (summing to zero)."""

    session: int
    money: Mapping[str, int]


@dataclass(frozen=True, kw_only=True)
class Payment:
    """``cents`` from ``payer`` to ``payee``; ``sessions`` those it names (None: none)."""

    id: int
    payer: str
    payee: str
    cents: int
    sessions: tuple[int, ...] | None = None


@dataclass(frozen=True, kw_only=True)
class Placed:
    """Where a payment went: ``paid`` (session -> cents of the payer's losses it settled),
    ``received`` (session -> cents of the payee's winnings it settled); what is left of
    it on either side settled no evening."""

    payment: Payment
    paid: dict[int, int] = field(default_factory=dict)
    received: dict[int, int] = field(default_factory=dict)

    @property
    def unplaced_paid(self) -> int:
        return self.payment.cents - sum(self.paid.values())

    @property
    def unplaced_received(self) -> int:
        return self.payment.cents - sum(self.received.values())


def place(evenings: Sequence[Evening], payments: Iterable[Payment]) -> list[Placed]:
    """Each payment's place among the evenings (``evenings`` oldest first, ``payments`` in
    the order they were paid).

    A lost 10 in session 1 and 5 in session 2; B won them. A pays B 12, naming none: 10 of
    A's loss in 1, then 2 in 2; the same of B's winnings.

    >>> [(p.paid, p.received) for p in place(
    ...     [Evening(session=1, money={"A": -10, "B": 10}),
    ...      Evening(session=2, money={"A": -5, "B": 5})],
    ...     [Payment(id=1, payer="A", payee="B", cents=12)])]
    [({1: 10, 2: 2}, {1: 10, 2: 2})]
    """
    losses = {(p, e.session): -c for e in evenings for p, c in e.money.items() if c < 0}
    wins = {(p, e.session): c for e in evenings for p, c in e.money.items() if c > 0}
    order = [e.session for e in evenings]
    out = []
    for pay in payments:
        targets = order if pay.sessions is None else [s for s in order if s in pay.sessions]
        out.append(Placed(payment=pay, paid=_take(losses, pay.payer, targets, pay.cents),
                          received=_take(wins, pay.payee, targets, pay.cents)))
    return out


def _take(left: dict[tuple[str, int], int], party: str, sessions: Iterable[int],
          cents: int) -> dict[int, int]:
    """Up to ``cents`` of ``party``'s amounts ``left``, session by session in order."""
    taken: dict[int, int] = {}
    for s in sessions:
        if cents == 0:
            break
        have = left.get((party, s), 0)
        if have:
            n = min(have, cents)
            left[(party, s)] = have - n
            taken[s] = n
            cents -= n
    return taken


def unpaid_losses(evenings: Sequence[Evening], placed: Iterable[Placed], party: str,
                  sessions: Iterable[int] | None = None) -> int:
    """What ``party`` lost in ``sessions`` (None: every evening) and has not yet paid."""
    wanted = None if sessions is None else set(sessions)
    lost = sum(-e.money.get(party, 0) for e in evenings
               if e.money.get(party, 0) < 0 and (wanted is None or e.session in wanted))
    paid = sum(n for p in placed if p.payment.payer == party for s, n in p.paid.items()
               if wanted is None or s in wanted)
    return lost - paid


def overall(evenings: Iterable[Evening], payments: Iterable[Payment]) -> dict[str, int]:
    """Each party's balance over all time: won or lost, plus paid, less received (above
    zero: is owed; below: owes). The balances sum to zero."""
    out: dict[str, int] = {}
    for e in evenings:
        for p, c in e.money.items():
            out[p] = out.get(p, 0) + c
    for pay in payments:
        out[pay.payer] = out.get(pay.payer, 0) + pay.cents
        out[pay.payee] = out.get(pay.payee, 0) - pay.cents
    return out


@dataclass(frozen=True, kw_only=True)
class Window:
    """A window's figures per party: ``money`` won or lost in its evenings, ``paid`` for
    them, ``received`` for them, ``balance`` (money + paid - received), ``overall`` (the
    balance over all time) and ``due`` (the balance capped by the overall one)."""

    money: dict[str, int]
    paid: dict[str, int]
    received: dict[str, int]
    balance: dict[str, int]
    overall: dict[str, int]
    due: dict[str, int]


def window(evenings: Sequence[Evening], placed: Sequence[Placed],
           sessions: Iterable[int]) -> Window:
    """The figures of the window of ``sessions`` (a subset of the evenings)."""
    inside = set(sessions)
    money: dict[str, int] = {}
    paid: dict[str, int] = {}
    received: dict[str, int] = {}
    for e in evenings:
        if e.session in inside:
            for p, c in e.money.items():
                money[p] = money.get(p, 0) + c
    for pl in placed:
        payer, payee = pl.payment.payer, pl.payment.payee
        paid[payer] = paid.get(payer, 0) + sum(n for s, n in pl.paid.items() if s in inside)
        received[payee] = received.get(payee, 0) + sum(n for s, n in pl.received.items()
                                                        if s in inside)
    whole = overall(evenings, [pl.payment for pl in placed])
    parties = [p for p in whole if p in money or paid.get(p) or received.get(p)]
    balance = {p: money.get(p, 0) + paid.get(p, 0) - received.get(p, 0) for p in parties}
    return Window(money={p: money.get(p, 0) for p in parties},
                  paid={p: paid.get(p, 0) for p in parties},
                  received={p: received.get(p, 0) for p in parties}, balance=balance,
                  overall={p: whole[p] for p in parties},
                  due={p: due(balance[p], whole[p]) for p in parties})


def due(in_window: int, over_all_time: int) -> int:
    """A window's balance capped by the balance over all time: a debtor is asked for no
    more than it owes over all time, a creditor paid no more than it is owed.

    >>> due(-10, -4), due(-10, 20), due(7, 30), due(7, -1), due(0, 5)
    (-4, 0, 7, 0, 0)
    """
    if in_window < 0:
        return -min(-in_window, max(0, -over_all_time))
    return min(in_window, max(0, over_all_time))
