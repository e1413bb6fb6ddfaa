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

The counts and chips come from the per-session tallies the one writer keeps
(store/leak_tallies.py), summed over the sessions chosen, with ``--pool`` answered there;
under ``--seat`` or ``--with`` (which no tally is kept by) the hands are replayed one by
one instead. The interval needs only the player's counts in the line, so it is the same
either way.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any

from loo_ledger.errors import NotFound
from loo_ledger.services.analysis.filters import Filters, no_hand
from loo_ledger.store import leak_tallies as tallies
from loo_ledger.store.codec import dealt_order
from loo_ledger.store.identities import read as read_identities
from loo_ledger.store.leak_tallies import Line, hand_choices
from loo_ledger.store.situations import exchanges, hand_facts

MIN_HANDS = 30
RESAMPLES = 1000
#: Where each of his choices in a line was made (and not made) at least this many times,
#: the interval is the bootstrap's normal limit (:func:`_interval`).
NORMAL_FROM = 50
_Z90 = 1.6448536269514722   # the standard normal's 95th percentile
_ALMOST_ONE = 1 - 2 ** -52
#: The choice each kind of line is named for (its rates are this choice's).
FOCUS = {"stand": "stand", "after-loo": "stand", "miss": "miss", "defend": "pass",
         "exchange": "0"}

Opportunity = tuple[Line, str, str, int]    # (line, player, choice, change)


def opportunities(rows: Iterable[tuple[Any, ...]], who: Any, only: Filters | None = None,
                  lou: Collection[int] = (),
                  exchanged: Mapping[tuple[int, int], Mapping[str, int]] | None = None
                  ) -> Iterator[Opportunity]:
    """Every choice of every player in the hands ``rows`` (store/situations.py), players
    named by ``who`` (a spelling -> the identity's name), in the hands and seats ``only``
    selects (the hand before one still tells who was looed in it). ``lou`` (Lou's
    sessions) and ``exchanged`` as store/leak_tallies.py ``hand_choices`` takes them: the
    choices are its."""
    only = only or Filters()
    every_seat = only.seat is None
    people: list[str] = []
    last = None
    for row, _seats, chosen in hand_choices(rows, lou, exchanged):
        if row[0] != last:
            people, last = [who(n) for n in row[7]], row[0]
        if only.hand(row, who):
            deltas = row[4]
            for pos, seat, line, choice in chosen:
                if every_seat or only.seat_kept(seat):
                    yield line, people[pos], choice, deltas[pos] or 0


def leaks(ledger: Any, *, player: str | None, sessions: Sequence[int],
          min_hands: int = MIN_HANDS, only: Filters | None = None) -> dict[str, Any]:
    """The leak lines of ``player`` (an identity's name; None: every player) over the
    sessions ``sessions``, in the hands and seats ``only`` selects (the winners, too, are
    those winning over that selection). NotFound when it holds no hand."""
    only = only or Filters()
    who = read_identities(ledger.db, sessions=False)  # only who.who: no session list
    hands: dict[str, int] = {}
    nets: dict[str, int] = {}
    flat: dict[tuple[Line, str, str], list[int]] = {}   # (line, player, choice) -> n, chips
    if only.seat is None and only.with_ is None:
        _summed(ledger, sessions, only, who.who, hands, nets, flat)
    else:
        _replayed(ledger, sessions, only, who.who, hands, nets, flat)
    if not hands:
        raise no_hand(only)
    chosen = list(hands) if player is None else [who.who(player)]
    for p in chosen:
        if p not in hands:
            raise NotFound(f"{p} was dealt no hand in these sessions, so has no habits to "
                           "cost")
    table: dict[Line, dict[str, list[int]]] = {}           # line -> choice -> n, chips
    by_player: dict[Line, dict[str, dict[str, int]]] = {}  # line -> player -> choice -> n
    for (line, q, choice), (n, chips) in flat.items():     # in the order first met
        got = table.setdefault(line, {}).setdefault(choice, [0, 0])
        got[0] += n
        got[1] += chips
        by_player.setdefault(line, {}).setdefault(q, {})[choice] = n
    return {"min_hands": min_hands, "resamples": RESAMPLES,
            "players": [_player(p, table, by_player, hands, nets, min_hands) for p in chosen]}


def _summed(ledger: Any, sessions: Sequence[int], only: Filters, who: Any,
            hands: dict[str, int], nets: dict[str, int],
            flat: dict[tuple[Line, str, str], list[int]]) -> None:
    """Fill ``hands``, ``nets`` and ``flat`` from the tallies the store keeps
    (store/leak_tallies.py), the sessions' sums taken in the order a replay of their hands
    first meets each (so the lines come out in the same order): the evening filters and
    ``--pool`` are answered there."""
    double = None if only.pool is None else only.pool == "double"
    for name, line, choice, n, chips, _first in tallies.sums(ledger.db, sessions, double):
        q = who(name)
        if line == tallies.DEALT:
            hands[q] = hands.get(q, 0) + n
            nets[q] = nets.get(q, 0) + chips
            continue
        key = (tallies.parse(line), q, choice)
        got = flat.get(key)
        if got is None:
            flat[key] = [n, chips]
        else:
            got[0] += n
            got[1] += chips


def _replayed(ledger: Any, sessions: Sequence[int], only: Filters, who: Any,
              hands: dict[str, int], nets: dict[str, int],
              flat: dict[tuple[Line, str, str], list[int]]) -> None:
    """Fill ``hands``, ``nets`` and ``flat`` from the hands themselves, replayed one by one:
    for the filters the tallies cannot answer (``--seat``, ``--with``)."""
    lou, swapping = _games(ledger, sessions)
    exchanged = exchanges(ledger.db, swapping) if swapping else None
    rows = _dealt(hand_facts(ledger.db, sessions), only, who, hands, nets)
    for line, q, choice, change in opportunities(rows, who, only, lou, exchanged):
        got = flat.get((line, q, choice))
        if got is None:
            got = flat[(line, q, choice)] = [0, 0]
        got[0] += 1
        got[1] += change


def _dealt(rows: Iterable[tuple[Any, ...]], only: Filters, who: Any, hands: dict[str, int],
           nets: dict[str, int]) -> Iterator[tuple[Any, ...]]:
    """The hands ``rows`` (store/situations.py) passed on one at a time (read once, never
    all held), each player's hands dealt and chips in the hands and seats ``only`` keeps
    added to ``hands`` and ``nets`` on the way (the winners are read from them)."""
    orders: dict[tuple[str, int], list[tuple[int, int]]] = {}   # (words, dealer) -> seats
    people: list[str] = []
    last = None
    every_seat = only.seat is None
    for row in rows:
        sid, _n, dealer, words, deltas, _d, _l, names = row
        if sid != last:
            people, last = [who(n) for n in names], sid
        if only.hand(row, who):
            seats = orders.get((words, dealer))
            if seats is None:
                order = dealt_order(words, dealer)
                seats = orders[(words, dealer)] = [(pos, (i + 1) % len(order))
                                                   for i, pos in enumerate(order)]
            for pos, seat in seats:
                if every_seat or only.seat_kept(seat):
                    p = people[pos]
                    hands[p] = hands.get(p, 0) + 1
                    nets[p] = nets.get(p, 0) + (deltas[pos] or 0)
        yield row


def _games(ledger: Any, sessions: Sequence[int]) -> tuple[set[int], list[int]]:
    """The sessions of ``sessions`` that are Lou, and those whose game exchanges cards
    (by their variant and rules)."""
    from loo_ledger.store.stats_sql import Scope, StatsReader
    rows = StatsReader(ledger.db).sessions(Scope(sessions=tuple(sessions)))
    games = {s["id"]: tallies.session_game(s["variant"], s["rules"]) for s in rows}
    return ({sid for sid, (lou, _) in games.items() if lou},
            [sid for sid, (_, swaps) in games.items() if swaps])


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
        ci = [round(x, 2) for x in _interval(p, line, counts, n, w_rates, value, hands)]
    return {"line": line[0], "situation": _situation(line), "text": describe(line),
            "choice": focus, "n": n, "rate": round(counts.get(focus, 0) / n, 4),
            "winners_n": wn, "winners_rate": round(w_rates.get(focus, 0.0), 4),
            "rates": {c: round(counts.get(c, 0) / n, 4) for c in sorted(value)},
            "winners_rates": {c: round(w_rates.get(c, 0.0), 4) for c in sorted(value)},
            "values": {c: round(v, 4) for c, v in sorted(value.items())},
            "cost": cost, "ci": ci, "enough": enough,
            **({"cards": round(sum(int(c) * k for c, k in counts.items()) / n, 4),
                "winners_cards": round(sum(int(c) * k for c, k in theirs.items()) / wn, 4)}
               if line[0] == "exchange" else {})}


def _interval(p: str, line: Line, counts: dict[str, int], n: int, w_rates: dict[str, float],
              value: dict[str, float], hands: int) -> tuple[float, float]:
    """The 90% interval of a line's cost: the 5th and 95th percentiles of the cost of
    :data:`RESAMPLES` bootstrap resamples of the player's ``n`` choices, or, where every
    choice he made was made at least :data:`NORMAL_FROM` times and not made as often, of
    their normal limit. The cost is linear in the counts resampled, so it is 100 / H times a
    sum of ``n`` independent draws of the choices' values: its bootstrap distribution tends
    to the normal of the cost and standard deviation 100 / H x sqrt(n x the values'
    variance among his choices), whose percentiles are taken exactly (cost -+ 1.6449 sd)
    instead of from a thousand draws of a long line (a million-hand ledger's lines run to
    tens of thousands of choices)."""
    if all(NORMAL_FROM <= k <= n - NORMAL_FROM for k in counts.values()):
        cost = _cost(counts, n, w_rates, value, hands)
        mean = sum(k * value.get(c, 0.0) for c, k in counts.items()) / n
        var = sum(k * (value.get(c, 0.0) - mean) ** 2 for c, k in counts.items()) / n
        half = _Z90 * 100 * math.sqrt(n * var) / hands
        return cost - half, cost + half
    rng = random.Random(f"{p}|{line}")
    draws = sorted(_cost(sample, n, w_rates, value, hands)
                   for sample in _resamples(counts, n, rng, RESAMPLES))
    return draws[int(0.05 * RESAMPLES)], draws[int(0.95 * RESAMPLES) - 1]


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
            flip = 2 * k > rest   # drawn as the rest's count: a table as long as it is likely
            if cdf is None:
                cdf = tables[key] = _binomial_cdf(left, (rest - k if flip else k) / rest)
            got = min(bisect_right(cdf, rng.random()), left)
            got = left - got if flip else got
            sample[c] = got
            left -= got
            rest -= k
        sample[order[-1]] = left
        yield sample


def _binomial_cdf(n: int, p: float) -> list[float]:
    """P(X <= k) for k = 0..n, X binomial of n trials at p (exact, from log-gamma), up to
    the first k where it is 1 to a double's precision.

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
        if total >= _ALMOST_ONE:   # the rest is less likely than a draw can tell
            break
    return out


def _situation(line: Line) -> dict[str, Any]:
    out: dict[str, Any] = {"pool": line[1]}
    if line[0] == "stand":
        out.update(seat=line[2], stood_before=line[3])
    elif line[0] == "exchange":
        out.update(seat=line[2])
    return out


def describe(line: Line) -> str:
    """A line in words (Lou's situation is its deal, and a loo there is a burn).

    >>> describe(("stand", "double", 1, 0))
    'stands from the eldest seat in a double pool, nobody stood before'
    >>> describe(("miss", "simple"))
    'takes the miss in a simple pool'
    >>> describe(("exchange", "simple", 1))
    'keeps his cards (exchanges none) from the eldest seat in a simple pool'
    >>> describe(("after-loo", "later"))
    'stands after being burned, in a later deal of Lou'
    """
    kind, pool = line[0], line[1]
    lou = pool in ("first", "later")
    where = f"a {pool} deal of Lou" if lou else f"a {pool} pool"
    if kind in ("stand", "exchange"):
        seat = {0: "the dealer's seat", 1: "the eldest seat"}.get(line[2], f"seat {line[2]}")
    if kind == "exchange":
        return f"keeps his cards (exchanges none) from {seat} in {where}"
    if kind == "stand":
        before = "nobody stood before" if not line[3] else \
            f"{line[3]} stood before"
        return f"stands from {seat} in {where}, {before}"
    return {"after-loo": f"stands after being {'burned' if lou else 'looed'}, in {where}",
            "miss": f"takes the miss in {where}",
            "defend": f"passes as dealer once someone stood (not stand or defend), in {where}"
            }[kind]
