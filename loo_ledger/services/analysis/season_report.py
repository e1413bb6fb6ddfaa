"""The season to share (issue 24, item 5): ``loo chart --season NAME`` and ``loo export
--season NAME``, as typed values the reports render (services/reports/season_*.py).

- :func:`season_chart`: each person's running net in chips at the end of each evening
  (evening 0 the start, every net 0), one point an evening in date order; a person who
  missed an evening keeps his net. Chips are added as chips, whatever each evening's unit.
- :func:`season_report`: the standings (services/analysis/standings.py), the chart, the
  ratings (in the standings), the leaks worth mentioning and each evening's one-line
  summary.

**Leaks worth mentioning** (docs/guide.md, "Sharing a season"): of each player's leak
lines (services/analysis/leaks.py) over the season's evenings, those with at least
``min_hands`` opportunities whose cost's 90% interval lies wholly below zero -- a habit
that costs chips against the winners' with some confidence -- the dearest first, at most
:data:`MENTIONED` a player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from loo_ledger.domain.rules.chips import signed
from loo_ledger.services.analysis.filters import Filters, evenings
from loo_ledger.store import identities
from loo_ledger.store.stats_sql import Scope, StatsReader

#: The most leak lines mentioned for one player.
MENTIONED = 3


class EveningPoint(msgspec.Struct, frozen=True, kw_only=True):
    """One evening of a season: its place in date order (from 1), session, name, date."""

    evening: int
    session: int
    name: str | None
    date: str | None


class SeasonChart(msgspec.Struct, frozen=True, kw_only=True):
    """Each person's running net at the end of each evening: ``nets[p][0]`` is the start
    (0), ``nets[p][i]`` after evening i; ``players`` in the order they first sat."""

    title: str
    season: str | None
    evenings: tuple[EveningPoint, ...]
    players: tuple[str, ...]
    nets: dict[str, tuple[int, ...]]

    def as_json(self) -> dict[str, Any]:
        """As ``loo chart --all --json`` has a season (schemas/output/chart.schema.json)."""
        return {"scope": {"since": None, "title": self.title},
                "evenings": [{"evening": e.evening, "session": e.session, "name": e.name,
                              "date": e.date or ""} for e in self.evenings],
                "players": list(self.players),
                "series": [{"evening": i, "net": {p: self.nets[p][i] for p in self.players}}
                           for i in range(len(self.evenings) + 1)]}


class EveningLine(msgspec.Struct, frozen=True, kw_only=True):
    """An evening in one line: when, which, its hands, each person's net (best first; seat
    order on a tie) and its largest pool (Lou: pot)."""

    evening: EveningPoint
    hands: int
    nets: tuple[tuple[str, int], ...]
    largest_pot: int
    pool_word: str = "pool"

    @property
    def text(self) -> str:
        """``2026-04-03 E1: Ben +15, Ann +3, Cat -18 (2 hands, the largest pool 18)``."""
        e = self.evening
        head = " ".join(x for x in ((e.date or "")[:10], e.name or f"session {e.session}")
                        if x)
        nets = ", ".join(f"{p} {signed(n)}" for p, n in self.nets) or "nobody played"
        hands = f"{self.hands} hand{'s' * (self.hands != 1)}"
        return f"{head}: {nets} ({hands}, the largest {self.pool_word} {self.largest_pot})"


class Rating(msgspec.Struct, frozen=True):
    mu: float
    sigma: float
    ordinal: float


class Money(msgspec.Struct, frozen=True):
    currency: str | None
    amount: str


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """A player's line of the standings (services/analysis/standings.py's fields)."""

    player: str
    place: int
    change: int | None
    evenings: int
    hands: int
    net: int
    money: list[Money]
    per_100: float | None
    stand_rate: float | None
    loo_rate: float | None
    whole_pools: int
    best: int
    worst: int
    rating: Rating


class LeakMention(msgspec.Struct, frozen=True, kw_only=True):
    """A leak line worth mentioning: the player, the situation in words, his opportunities,
    his rate of the line's choice and the winners', the cost in chips per 100 hands and
    its 90% interval."""

    player: str
    text: str
    n: int
    rate: float
    winners_rate: float
    cost: float
    ci: tuple[float, float]


class SeasonReport(msgspec.Struct, frozen=True, kw_only=True):
    """Everything ``loo export --season`` writes."""

    title: str
    season: str | None
    game: str
    standings: tuple[Standing, ...]
    chart: SeasonChart
    evenings: tuple[EveningLine, ...]
    leaks: tuple[LeakMention, ...]
    min_hands: int


def season_chart(ledger: Any, only: Filters) -> SeasonChart:
    """The running nets of the evenings ``only`` selects (evening filters only)."""
    title, name, rows = evenings(ledger, only)
    return chart_of(ledger, rows, title, name)


def chart_of(ledger: Any, rows: Sequence[dict[str, Any]], title: str,
             season: str | None = None) -> SeasonChart:
    """The running nets over ``rows`` (store/stats_sql.py sessions, in date order): each
    evening's nets by person (store/identities.py), from the seats' stored nets."""
    nets = _nets(ledger, rows)
    running: dict[str, int] = {}
    points: list[dict[str, int]] = [{}]
    for s in rows:
        for p, n in nets.get(s["id"], ()):
            running[p] = running.get(p, 0) + n
        points.append(dict(running))
    people = tuple(running)
    return SeasonChart(title=title, season=season, evenings=_points(rows), players=people,
                       nets={p: tuple(pt.get(p, 0) for pt in points) for p in people})


def _points(rows: Sequence[dict[str, Any]]) -> tuple[EveningPoint, ...]:
    return tuple(EveningPoint(evening=i, session=s["id"], name=s["name"], date=s["date"])
                 for i, s in enumerate(rows, 1))


def _nets(ledger: Any, rows: Sequence[dict[str, Any]]) -> dict[int, list[tuple[str, int]]]:
    """Session -> (person, net) in seat order, one read of the seats."""
    names = identities.read(ledger.db, sessions=False).names()
    out: dict[int, list[tuple[str, int]]] = {}
    reader = StatsReader(ledger.db, names)
    for sid, person, net in reader.records(Scope(identity=True,
                                                 sessions=tuple(s["id"] for s in rows))):
        out.setdefault(sid, []).append((person, net))
    return out


def season_report(ledger: Any, only: Filters, *, min_hands: int | None = None
                  ) -> SeasonReport:
    """The season ``only`` selects (its evening filters), to share; leak lines need
    ``min_hands`` opportunities (None: services/analysis/leaks.py's MIN_HANDS)."""
    from loo_ledger.services.analysis.leaks import MIN_HANDS
    from loo_ledger.services.analysis.standings import standings
    title, name, rows = evenings(ledger, only)
    table = standings(ledger, only=only)
    nets = _nets(ledger, rows)
    lou = table["game"] == "lou"
    lines = tuple(EveningLine(evening=point, hands=s["hands"] or 0,
                              nets=tuple(sorted(nets.get(s["id"], ()), key=lambda pn: -pn[1])),
                              largest_pot=s["largest_pot"] or 0,
                              pool_word="pot" if lou else "pool")
                  for point, s in zip(_points(rows), rows, strict=True))
    limit = MIN_HANDS if min_hands is None else min_hands
    chart = chart_of(ledger, rows, title, name)
    return SeasonReport(
        title=title, season=name, game=table["game"],
        standings=tuple(msgspec.convert(p, Standing) for p in table["players"]),
        chart=chart, evenings=lines,
        leaks=mentions(ledger, [s["id"] for s in rows], limit) if any(
            line.hands for line in lines) else (),
        min_hands=limit)


def mentions(ledger: Any, sessions: Sequence[int], min_hands: int) -> tuple[LeakMention, ...]:
    """The leak lines worth mentioning (the module's docstring), player by player as the
    leak finder lists them, the dearest first."""
    from loo_ledger.services.analysis.leaks import leaks
    out = []
    for p in leaks(ledger, player=None, sessions=sessions, min_hands=min_hands)["players"]:
        worth = [line for line in p["lines"] if line["cost"] is not None
                 and line["ci"][1] < 0]
        out += [LeakMention(player=p["player"], text=line["text"], n=line["n"],
                            rate=line["rate"], winners_rate=line["winners_rate"],
                            cost=line["cost"], ci=tuple(line["ci"]))
                for line in worth[:MENTIONED]]
    return tuple(out)
