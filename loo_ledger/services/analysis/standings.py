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
from loo_ledger.errors import LooError, NotFound
from loo_ledger.services.analysis.stats import game_of, rate, utc
from loo_ledger.store import seasons as season_store
from loo_ledger.store.identities import read as read_identities
from loo_ledger.store.stats_sql import Scope, StatsReader

#: ``--sort`` columns, and whether larger comes first.
SORTS = {"place": False, "player": False, "evenings": True, "hands": True, "net": True,
         "per100": True, "stand": True, "loo": False, "whole": True, "best": True,
         "worst": True, "rating": True, "change": True}


def standings(ledger: Any, *, season: str | None = None, since: str | None = None,
              sort: str = "place", until: str | None = None, sessions: Sequence[int] = (),
              variant: str | None = None) -> dict[str, Any]:
    """The standings of the season named ``season``, or of the sessions from ``since`` on
    (a UTC ``YYYY-MM-DD HH:MM:SS``), or of every session; sorted by ``sort`` (SORTS)."""
    if sort not in SORTS:
        raise LooError(f"cannot sort by {sort!r}: choose one of {', '.join(SORTS)}")
    db = ledger.db
    names = read_identities(db).names()
    reader = StatsReader(db, names)
    title, season, every = evenings(ledger, season=season, since=since, until=until,
                                    sessions=sessions, variant=variant)
    ids = [s["id"] for s in every]
    totals = season_store.player_totals(db, ids, names)
    players = _players(every, totals, _money(reader, every))
    key = SORTS[sort]
    players.sort(key=lambda p: _sort_key(p, sort, key))
    return {"scope": {"title": title, "season": season, "since": since, "sessions": ids,
                      "sort": sort},
            "game": game_of(every),
            "evenings": [{"session": s["id"], "name": s["name"], "date": s["date"],
                          "hands": s["hands"] or 0} for s in every],
            "players": players}


def evenings(ledger: Any, *, season: str | None, since: str | None,
             until: str | None = None, sessions: Sequence[int] = (),
             variant: str | None = None) -> tuple[str, str | None, list[dict[str, Any]]]:
    """The evenings a season report covers: its title, the season's name as stored (None
    without one) and the sessions (store/stats_sql.py rows), oldest first: the season's (or
    every one), from ``since`` and before ``until`` (UTC ``YYYY-MM-DD HH:MM:SS``), of the
    ids ``sessions`` (none: any) and of the variant ``variant``. NotFound when filters
    select no evening."""
    every = StatsReader(ledger.db).sessions(Scope(since=since))
    words = [f"since {since[:10]}" if since else "", f"before {until[:10]}" if until else ""]
    title, name = "every evening", None
    if season is not None:
        row = season_store.get(ledger.db, season)
        members = set(season_store.sessions(ledger.db, row))
        every = [s for s in every if s["id"] in members]
        title, name = f"season {row['name']}", row["name"]
        if since or until:
            title += " " + " ".join(w for w in words if w)
    elif since or until:
        title = "the evenings " + " ".join(w for w in words if w)
    if until is not None:
        every = [s for s in every if s["date"] is None or utc(s["date"]) < until]
    if sessions:
        every = [s for s in every if s["id"] in set(sessions)]
        title += f", sessions {', '.join(map(str, sessions))}"
    if variant is not None:
        of = season_store.variants(ledger.db)
        every = [s for s in every if of.get(s["id"]) == variant]
        title += f", {variant}"
    if not every and (until or sessions or variant or since):
        raise NotFound(f"no evening is selected: {title} holds none")
    return title, name, every


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
