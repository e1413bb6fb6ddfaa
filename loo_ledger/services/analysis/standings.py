"""A season's standings (issue 24): per player, over the season's evenings in date order.

Players are people (identities, store/identities.py: ``Margaret`` and ``margaret`` are
one, as ``loo players`` has them). From the store's per-session totals
(``player_totals``): evenings, hands, net chips, chips per 100 hands, the stand rate (of the
hands he declared in, as ``loo stats``), the loo rate (of the hands he played), whole
pools; money per currency (each evening's nets and the pool's change allocated together,
as ``loo stats`` and ``settle-up``); the best and worst evening (net chips). ``game``
says whether the evenings are all Lou (``lou``: the rates are then of stand and burns,
and the whole pools are pots won, as ``loo standings`` heads them), none (``loo``) or both.

**Place**: after each evening, the players who have sat so far ranked by net chips
(ties share a place, the next place is skipped: 1, 2, 2, 4); ``change`` is the place
after the previous evening less the place now (+1: up one), None for a player who had not
sat before the last evening (or a season of one evening).

**Rating**: OpenSkill's Plackett-Luce model, every player starting at mu 25, sigma 25/3;
each evening is one match of the players dealt in, ranked by their net chips that evening
(equal nets tie), rated in date order. Shown as ``mu ± sigma``; ``ordinal`` is mu - 3 sigma.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from loo_ledger.domain.rules.money import allocate
from loo_ledger.errors import LooError
from loo_ledger.services.analysis.filters import Filters, evenings
from loo_ledger.services.analysis.stats import game_of, rate
from loo_ledger.store import seasons as season_store
from loo_ledger.store.identities import read as read_identities
from loo_ledger.store.stats_sql import Scope, StatsReader

#: ``--sort`` columns, and whether larger comes first.
SORTS = {"place": False, "player": False, "evenings": True, "hands": True, "net": True,
         "per100": True, "stand": True, "loo": False, "whole": True, "best": True,
         "worst": True, "rating": True, "change": True}


def standings(ledger: Any, *, only: Filters | None = None, sort: str = "place"
              ) -> dict[str, Any]:
    """The standings of the evenings ``only`` selects (services/analysis/filters.py: a
    season, dates, sessions, a variant; none: every session), sorted by ``sort`` (SORTS).
    Standings are whole evenings: the hand filters (pool, seat, with) are refused by the
    command line."""
    if sort not in SORTS:
        raise LooError(f"cannot sort by {sort!r}: choose one of {', '.join(SORTS)}")
    db = ledger.db
    names = read_identities(db, sessions=False).names()
    reader = StatsReader(db, names)
    only = only or Filters()
    title, season, every = evenings(ledger, only)
    ids = [s["id"] for s in every]
    totals = season_store.player_totals(db, ids, names)
    players = _players(every, totals, _money(reader, every))
    key = SORTS[sort]
    players.sort(key=lambda p: _sort_key(p, sort, key))
    return {"scope": {"title": title, "season": season, "since": only.since, "sessions": ids,
                      "sort": sort},
            "game": game_of(every),
            "evenings": [{"session": s["id"], "name": s["name"], "date": s["date"],
                          "hands": s["hands"] or 0} for s in every],
            "players": players}


def _sort_key(p: dict[str, Any], column: str, descending: bool) -> tuple[Any, ...]:
    value = p["rating"]["mu"] if column == "rating" else \
        p["stand_rate"] if column == "stand" else p["loo_rate"] if column == "loo" else \
        p["whole_pools"] if column == "whole" else p["per_100"] if column == "per100" else \
        p[column]
    if value is None:
        return (1, 0, p["place"])
    if isinstance(value, str):
        return (0, value.casefold(), p["place"])
    return (0, -value if descending else value, p["place"])


def _money(reader: StatsReader, sessions: Sequence[dict[str, Any]]
           ) -> dict[tuple[int, str], tuple[str | None, Decimal]]:
    """(session, player) -> (currency, money) for sessions whose unit has a value: the
    session's nets (by identity) and the pool's change, allocated together."""
    valued = {s["id"]: s for s in sessions if s["unit_value"] is not None}
    if not valued:
        return {}
    rows: dict[int, list[tuple[str, int]]] = {}
    for sid, name, net in reader.records(Scope(identity=True), list(valued)):
        rows.setdefault(sid, []).append((name, net))
    out: dict[tuple[int, str], tuple[str | None, Decimal]] = {}
    for sid, seats in rows.items():
        nets = [n for _, n in seats]
        cash = allocate([*nets, -sum(nets)], valued[sid]["unit_value"])
        for (name, _), amount in zip(seats, cash[:-1], strict=False):
            out[(sid, name)] = (valued[sid]["currency"], amount)
    return out


def _places(nets: dict[str, int]) -> dict[str, int]:
    """Competition ranking by net chips, most first: 1, 2, 2, 4.

    >>> _places({"a": 5, "b": 0, "c": 0, "d": -5})
    {'a': 1, 'b': 2, 'c': 2, 'd': 4}
    """
    order = sorted(nets.values(), reverse=True)
    return {p: order.index(n) + 1 for p, n in nets.items()}


def _players(sessions: Sequence[dict[str, Any]], totals: dict[int, dict[str, dict[str, int]]],
             cash: dict[tuple[int, str], tuple[str | None, Decimal]]) -> list[dict[str, Any]]:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    sums: dict[str, dict[str, Any]] = {}
    running: dict[str, int] = {}
    before: dict[str, int] = {}
    places: dict[str, int] = {}
    for s in sessions:
        evening = totals.get(s["id"], {})
        if not evening:
            continue
        for p, tally in evening.items():
            mine = sums.setdefault(p, _start())
            mine["evenings"] += 1
            mine["nets"].append(tally["net"])
            for c in _SUMMED:
                mine[c] += tally[c]
            if (s["id"], p) in cash:
                cur, amount = cash[(s["id"], p)]
                mine["money"][cur] = mine["money"].get(cur, Decimal("0.00")) + amount
            running[p] = running.get(p, 0) + tally["net"]
        before, places = places, _places(running)
        names = list(evening)
        if len(names) > 1:
            ranks = _places({p: evening[p]["net"] for p in names})
            teams = [[ratings.get(p) or model.rating(name=p)] for p in names]
            rated = model.rate(teams, ranks=[ranks[p] for p in names])
            ratings.update({p: team[0] for p, team in zip(names, rated, strict=True)})
        else:
            ratings.setdefault(names[0], model.rating(name=names[0]))
    out = []
    for p, t in sums.items():
        declared = t["hands"] - t["forced"]
        r = ratings[p]
        out.append({
            "player": p, "place": places[p],
            "change": before[p] - places[p] if p in before else None,
            "evenings": t["evenings"], "hands": t["hands"], "net": t["net"],
            "money": [{"currency": c, "amount": str(a)} for c, a in t["money"].items()],
            "per_100": round(100 * t["net"] / t["hands"], 2) if t["hands"] else None,
            "stand_rate": rate(t["stand"], declared), "loo_rate": rate(t["looed"], t["played"]),
            "whole_pools": t["took_whole"], "best": max(t["nets"]), "worst": min(t["nets"]),
            "rating": {"mu": round(r.mu, 2), "sigma": round(r.sigma, 2),
                       "ordinal": round(r.mu - 3 * r.sigma, 2)},
        })
    return out


def _start() -> dict[str, Any]:
    start: dict[str, Any] = {"evenings": 0, "nets": [], "money": {}}
    start.update(dict.fromkeys(_SUMMED, 0))
    return start


_SUMMED = ("hands", "stand", "forced", "played", "looed", "took_whole", "net")
