"""loo leaks PLAYER: what a player's habits cost against the table's winning players
(issue 24, item 3; the definition, with a worked example, is in docs/guide.md).

Every choice a player makes is an **opportunity** in a **line**: a kind of decision and
its situation.

- ``stand``: standing (stand, take the miss or defend) or passing, by the pool (simple or
  double), the seat from the dealer's left (1 the eldest ... 0 the dealer) and how many
  stood before him (stood: stand, miss or defend).
- ``after-loo``: standing or passing in the hand after one he was looed in, by the pool.
- ``miss``: taking the miss or standing on his own cards, when he plays and the miss is
  still there to take, by the pool.
- ``defend``: the dealer, once someone has stood: defend, stand or pass, by the pool (its
  rates are of passing).

A choice's **value** in a line is the table's average change for it there (every player's
opportunities in the selection). The **winners** are the players, the player himself
apart, whose net chips per 100 hands over the selection are positive; their choices in
the line are pooled. The line's **cost** is

    cost = 100 * n / H * sum over choices c of (player's rate of c - winners' rate of c) * value(c)

chips per 100 of the player's hands (``n`` his opportunities in the line, ``H`` every
hand he was dealt in the selection): what his habit there makes or loses per 100 hands
against playing it as the winners do. A line the winners never met has no comparison and is
left out. The 90% interval resamples the player's ``n`` choices with replacement
(:data:`RESAMPLES` times, a seed made from the player and the line, so the same ledger
gives the same interval) and takes the 5th and 95th percentiles of the cost. Below
``min_hands`` opportunities a line says "not enough hands" instead of a cost.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import msgspec

from loo_ledger.errors import NotFound
from loo_ledger.store.codec import NOT_DEALT, dealt_order
from loo_ledger.store.identities import read as read_identities
from loo_ledger.store.situations import hand_facts

MIN_HANDS = 30
RESAMPLES = 1000
_CHOICE = {"s": "stand", "m": "stand", "d": "stand", "p": "pass", "f": "pass"}
_DEALER = {"s": "stand", "m": "stand", "d": "defend", "p": "pass", "f": "pass"}
#: The choice each kind of line is named for (its rates are this choice's).
FOCUS = {"stand": "stand", "after-loo": "stand", "miss": "miss", "defend": "pass"}

Line = tuple[Any, ...]                      # (kind, pool, ...situation)
Opportunity = tuple[Line, str, str, int]    # (line, player, choice, change)


class Filters(msgspec.Struct, frozen=True, kw_only=True):
    """Which hands and seats a report covers: the pool (``simple``/``double``), the seat
    from the dealer's left (0 the dealer, 1 the eldest...), hands ``with`` a player dealt
    in (an identity's name). None: any."""

    pool: str | None = None
    seat: int | None = None
    with_: str | None = None

    def hand(self, row: tuple[Any, ...], who: Any) -> bool:
        """Whether hand ``row`` (store/situations.py) is selected."""
        if self.pool is not None and ("double" if row[5] else "simple") != self.pool:
            return False
        return self.with_ is None or any(
            w != NOT_DEALT and who(row[7][pos]) == self.with_ for pos, w in enumerate(row[3]))


def opportunities(rows: Iterable[tuple[Any, ...]], who: Any, only: Filters | None = None
                  ) -> Iterator[Opportunity]:
    """Every choice of every player in the hands ``rows`` (store/situations.py), players
    named by ``who`` (a spelling -> the identity's name), in the hands and seats ``only``
    selects (the hand before one still tells who was looed in it)."""
    only = only or Filters()
    looed_last: set[str] = set()
    last_session = None
    for row in rows:
        sid, _number, dealer, words, deltas, double, looed, names = row
        if sid != last_session:
            looed_last, last_session = set(), sid
        pool = "double" if double else "simple"
        order = dealt_order(words, dealer)
        stood = 0
        miss_taken = False
        kept = only.hand(row, who)
        for i, pos in enumerate(order):
            w = words[pos]
            p = who(names[pos])
            seat = (i + 1) % len(order)
            change = deltas[pos] or 0
            if kept and w in _CHOICE and only.seat in (None, seat):
                choice = _CHOICE[w]
                yield ("stand", pool, seat, stood), p, choice, change
                if p in looed_last:
                    yield ("after-loo", pool), p, choice, change
                if w in "sm" and not miss_taken:
                    yield ("miss", pool), p, "miss" if w == "m" else "stand", change
                if seat == 0 and stood:
                    yield ("defend", pool), p, _DEALER[w], change
            if w in "smd":
                stood += 1
            miss_taken = miss_taken or w == "m"
        looed_last = {who(names[pos]) for pos in range(len(names)) if looed >> pos & 1}


def leaks(ledger: Any, *, player: str | None, sessions: Sequence[int],
          min_hands: int = MIN_HANDS, only: Filters | None = None) -> dict[str, Any]:
    """The leak lines of ``player`` (an identity's name; None: every player) over the
    sessions ``sessions``, in the hands and seats ``only`` selects (the winners, too, are
    those winning over that selection). NotFound when it holds no hand."""
    only = only or Filters()
    who = read_identities(ledger.db)
    rows = list(hand_facts(ledger.db, sessions))
    hands: dict[str, int] = {}
    nets: dict[str, int] = {}
    for row in rows:
        _sid, _n, dealer, words, deltas, _d, _l, names = row
        if not only.hand(row, who.who):
            continue
        order = dealt_order(words, dealer)
        for i, pos in enumerate(order):
            if only.seat in (None, (i + 1) % len(order)):
                p = who.who(names[pos])
                hands[p] = hands.get(p, 0) + 1
                nets[p] = nets.get(p, 0) + (deltas[pos] or 0)
    if not hands:
        raise NotFound("no hand is selected: " + (_said(only) or "the evenings chosen have "
                                                  "no hands"))
    chosen = list(hands) if player is None else [who.who(player)]
    for p in chosen:
        if p not in hands:
            raise NotFound(f"{p} was dealt no hand in these sessions, so has no habits to "
                           "cost")
    table: dict[Line, dict[str, list[int]]] = {}
    by_player: dict[Line, dict[str, dict[str, int]]] = {}
    for line, q, choice, change in opportunities(rows, who.who, only):
        got = table.setdefault(line, {}).setdefault(choice, [0, 0])
        got[0] += 1
        got[1] += change
        counts = by_player.setdefault(line, {}).setdefault(q, {})
        counts[choice] = counts.get(choice, 0) + 1
    return {"min_hands": min_hands, "resamples": RESAMPLES,
            "players": [_player(p, table, by_player, hands, nets, min_hands) for p in chosen]}


def _player(p: str, table: dict[Line, dict[str, list[int]]],
            by_player: dict[Line, dict[str, dict[str, int]]], hands: dict[str, int],
            nets: dict[str, int], min_hands: int) -> dict[str, Any]:
    winners = sorted(q for q in hands if q != p and nets[q] > 0)
    lines = []
    for line, players in by_player.items():
        mine = players.get(p)
        theirs: dict[str, int] = {}
        for q in winners:
            for c, k in players.get(q, {}).items():
                theirs[c] = theirs.get(c, 0) + k
        if mine is None or not theirs:
            continue
        value = {c: s / n for c, (n, s) in table[line].items()}
        lines.append(_line(p, line, mine, theirs, value, hands[p], min_hands))
    lines.sort(key=lambda x: (x["cost"] is None, x["cost"] if x["cost"] is not None else 0,
                              -x["n"]))
    return {"player": p, "hands": hands[p], "net": nets[p], "winners": winners,
            "lines": lines}


def _cost(counts: dict[str, int], n: int, winners: dict[str, float],
          value: dict[str, float], hands: int) -> float:
    per = sum((counts.get(c, 0) / n - winners.get(c, 0.0)) * v for c, v in value.items())
    return 100 * n * per / hands


def _line(p: str, line: Line, counts: dict[str, int], theirs: dict[str, int],
          value: dict[str, float], hands: int, min_hands: int) -> dict[str, Any]:
    n, wn = sum(counts.values()), sum(theirs.values())
    w_rates = {c: k / wn for c, k in theirs.items()}
    focus = FOCUS[line[0]]
    enough = n >= min_hands
    cost = ci = None
    if enough:
        cost = round(_cost(counts, n, w_rates, value, hands), 2)
        rng = random.Random(f"{p}|{line}")
        draws = [_cost(sample, n, w_rates, value, hands)
                 for sample in _resamples(counts, n, rng, RESAMPLES)]
        draws.sort()
        ci = [round(draws[int(0.05 * RESAMPLES)], 2),
              round(draws[int(0.95 * RESAMPLES) - 1], 2)]
    return {"line": line[0], "situation": _situation(line), "text": describe(line),
            "choice": focus, "n": n, "rate": round(counts.get(focus, 0) / n, 4),
            "winners_n": wn, "winners_rate": round(w_rates.get(focus, 0.0), 4),
            "rates": {c: round(counts.get(c, 0) / n, 4) for c in sorted(value)},
            "winners_rates": {c: round(w_rates.get(c, 0.0), 4) for c in sorted(value)},
            "values": {c: round(v, 4) for c, v in sorted(value.items())},
            "cost": cost, "ci": ci, "enough": enough}


def _resamples(counts: dict[str, int], n: int, rng: random.Random, times: int
               ) -> Iterator[dict[str, int]]:
    """``times`` bootstrap resamples of ``n`` choices drawn with replacement from the ``n``
    choices counted in ``counts``, as the count of each choice. Drawing n choices with
    replacement counts them as a multinomial of n and the choices' shares, drawn here as
    binomials one choice after another (each of what is left), each by inverting its
    exact distribution function (:func:`_binomial_cdf`): the same distribution as drawing
    the n choices one by one, in a few steps instead of n.

    >>> rng = random.Random(1)
    >>> list(_resamples({"stand": 3}, 3, rng, 2))
    [{'stand': 3}, {'stand': 3}]
    >>> all(sum(r.values()) == 10 for r in _resamples({"a": 4, "b": 6}, 10, rng, 50))
    True
    """
    order = sorted(counts)
    tables: dict[tuple[int, int, int], list[float]] = {}
    for _ in range(times):
        left, rest, sample = n, n, {}
        for c in order[:-1]:
            k = counts[c]
            key = (left, k, rest)
            cdf = tables.get(key)
            if cdf is None:
                cdf = tables[key] = _binomial_cdf(left, k / rest)
            got = min(bisect_right(cdf, rng.random()), left)
            sample[c] = got
            left -= got
            rest -= k
        sample[order[-1]] = left
        yield sample


def _binomial_cdf(n: int, p: float) -> list[float]:
    """P(X <= k) for k = 0..n, X binomial of n trials at p (exact, from log-gamma).

    >>> [round(x, 3) for x in _binomial_cdf(2, 0.5)]
    [0.25, 0.75, 1.0]
    """
    if p <= 0:
        return [1.0] * (n + 1)
    if p >= 1:
        return [0.0] * n + [1.0]
    lp, lq, top = math.log(p), math.log1p(-p), math.lgamma(n + 1)
    out, total = [], 0.0
    for k in range(n + 1):
        total += math.exp(top - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * lp
                          + (n - k) * lq)
        out.append(total)
    return out


def _said(only: Filters) -> str:
    """The filters in words, for a message."""
    parts = [f"--pool {only.pool}" if only.pool else "",
             f"--seat {only.seat}" if only.seat is not None else "",
             f"--with {only.with_}" if only.with_ else ""]
    return " ".join(p for p in parts if p)


def _situation(line: Line) -> dict[str, Any]:
    out: dict[str, Any] = {"pool": line[1]}
    if line[0] == "stand":
        out.update(seat=line[2], stood_before=line[3])
    return out


def describe(line: Line) -> str:
    """A line in words.

    >>> describe(("stand", "double", 1, 0))
    'stands from the eldest seat in a double pool, nobody stood before'
    >>> describe(("miss", "simple"))
    'takes the miss in a simple pool'
    """
    kind, pool = line[0], line[1]
    if kind == "stand":
        seat = {0: "the dealer's seat", 1: "the eldest seat"}.get(line[2], f"seat {line[2]}")
        before = "nobody stood before" if not line[3] else \
            f"{line[3]} stood before"
        return f"stands from {seat} in a {pool} pool, {before}"
    return {"after-loo": f"stands after being looed, in a {pool} pool",
            "miss": f"takes the miss in a {pool} pool",
            "defend": f"passes as dealer once someone stood (not stand or defend), in a {pool} "
                      "pool"}[kind]
