"""Hand-by-hand series of a session: running nets and the pool. Pure functions.

Hand 0 is the start of the session: every net 0, the pool at its opening size.
A player who is not in a hand's deltas (not yet seated, or gone) keeps his net.

A chart draws at most :data:`MAX_POINTS` points (:func:`bounded`): a longer session's
hands are gone through once, in buckets of consecutive hands, and each bucket keeps its
first and last point and, for each series, its lowest and highest value, so no peak is
lost and memory does not grow with the session (issue 19, item 13).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from loo_ledger.services.reports.evening import Evening

#: The most points a chart is drawn from: four a bucket (first, low, high, last), at
#: least two buckets a column of the widest chart (the SVG's 706-pixel plot).
MAX_POINTS = 4000


def hand_numbers(ev: Evening) -> list[int]:
    """0, then every hand's number."""
    return [0, *(h["number"] for h in ev.hands)]


def running_nets(ev: Evening) -> dict[str, list[int]]:
    """Each player's running net after hand 0, 1, 2... (aligned with hand_numbers).

    >>> ev = Evening(session_id=1, name=None, started_at=None, variant="v", rules={},
    ...              unit_name=None, unit_value=None, currency=None, players=["A", "B"],
    ...              opening_pool=0, pool=0, nets={"A": 1, "B": -1},
    ...              hands=[{"number": 1, "deltas": {"A": 3, "B": -3}, "pool_after": 0},
    ...                     {"number": 2, "deltas": {"A": -2}, "pool_after": 0}])
    >>> running_nets(ev)
    {'A': [0, 3, 1], 'B': [0, -3, -3]}
    """
    out = {p: [0] for p in ev.players}
    for h in ev.hands:
        for p, values in out.items():
            values.append(values[-1] + h["deltas"].get(p, 0))
    return out


def pool_sizes(ev: Evening) -> list[int]:
    """The chips in the pool at the start, then after each hand."""
    return [ev.opening_pool, *(h["pool_after"] for h in ev.hands)]


def as_json(ev: Evening, *, pool: bool) -> dict[str, Any]:
    """The series for ``--json``: hand number -> running net per player, or pool size."""
    numbers = hand_numbers(ev)
    if pool:
        points: list[dict[str, Any]] = [{"hand": n, "pool": v}
                              for n, v in zip(numbers, pool_sizes(ev), strict=True)]
    else:
        nets = running_nets(ev)
        points = [{"hand": n, "net": {p: nets[p][i] for p in ev.players}}
                  for i, n in enumerate(numbers)]
    return {"session": ev.session_id, "players": ev.players, "series": points}


def points(ev: Evening) -> Iterator[tuple[int, tuple[int, ...]]]:
    """(hand number, (each player's running net..., the pool)) from hand 0 on, one hand at
    a time."""
    nets = dict.fromkeys(ev.players, 0)
    yield 0, (*nets.values(), ev.opening_pool)
    for h in ev.hand_facts:
        for p, d in h["deltas"].items():
            if p in nets:
                nets[p] += d
        yield h["number"], (*nets.values(), h["pool_after"])


def reduce_points(pts: Iterable[tuple[int, Sequence[int]]], count: int, limit: int
                  ) -> tuple[list[int], list[list[int]]]:
    """(xs, one list of values per series) from ``count`` points, at most ``limit`` of them
    (at least 4): all of them when they fit; else buckets of ``ceil(count / (limit // 4))``
    consecutive points, each giving four: its first point, then each series' extremes in the
    order they came (at the bucket's first x, then its last), then its last point.

    >>> reduce_points([(0, [0]), (1, [3]), (2, [1]), (3, [5]), (4, [-2]), (5, [4])], 6, 4)
    ([0, 0, 5, 5], [[0, 5, -2, 4]])
    >>> reduce_points([(0, [0]), (1, [3])], 2, 4)
    ([0, 1], [[0, 3]])
    """
    size = 1 if count <= limit else math.ceil(count / max(1, limit // 4))
    xs: list[int] = []
    out: list[list[int]] = []
    if size == 1:
        for x, vs in pts:
            out = out or [[] for _ in vs]
            xs.append(x)
            for series, v in zip(out, vs, strict=True):
                series.append(v)
        return xs, out
    first: tuple[int, Sequence[int]] = (0, ())
    lows: list[tuple[int, int]] = []   # per series: (its lowest value, where in the bucket)
    highs: list[tuple[int, int]] = []
    n = 0
    for x, vs in pts:
        out = out or [[] for _ in vs]
        if n == 0:
            first, lows, highs = (x, vs), [(v, 0) for v in vs], [(v, 0) for v in vs]
        else:
            lows = [(v, n) if v < lo[0] else lo for v, lo in zip(vs, lows, strict=True)]
            highs = [(v, n) if v > hi[0] else hi for v, hi in zip(vs, highs, strict=True)]
        n += 1
        if n == size:
            _bucket(xs, out, first, (x, vs), lows, highs)
            n = 0
    if n:
        _bucket(xs, out, first, (x, vs), lows, highs)
    return xs, out


def _bucket(xs: list[int], out: list[list[int]], first: tuple[int, Sequence[int]],
            last: tuple[int, Sequence[int]], lows: list[tuple[int, int]],
            highs: list[tuple[int, int]]) -> None:
    """A bucket's four points: first, each series' extremes in order, last."""
    xs.extend((first[0], first[0], last[0], last[0]))
    for i, series in enumerate(out):
        low, high = lows[i], highs[i]
        a, b = (low, high) if low[1] <= high[1] else (high, low)
        series.extend((first[1][i], a[0], b[0], last[1][i]))


def bounded(ev: Evening, limit: int = MAX_POINTS
            ) -> tuple[list[int], dict[str, list[int]], list[int]]:
    """(xs, each player's running nets, the pool's sizes) at no more than ``limit`` points
    (:func:`reduce_points` of :func:`points`)."""
    xs, columns = reduce_points(points(ev), len(ev.hands) + 1, limit)
    if not columns:
        columns = [[] for _ in range(len(ev.players) + 1)]
    return xs, dict(zip(ev.players, columns, strict=False)), columns[-1]


def json_chunks(ev: Evening, *, pool: bool) -> Iterator[str]:
    """:func:`as_json` as ``json.dumps(..., indent=2, ensure_ascii=False)`` writes it, a
    hand at a time (every hand, not :func:`bounded`'s points)."""
    from loo_ledger.services.reports.stream import json_array  # noqa: PLC0415 (the streams: only --json/--csv)
    mark = "\x00series\x00"
    head = json.dumps({"session": ev.session_id, "players": ev.players, "series": mark},
                      indent=2, ensure_ascii=False)
    before, after = head.split(json.dumps(mark))
    yield before
    if pool:
        items: Iterator[dict[str, Any]] = ({"hand": n, "pool": vs[-1]} for n, vs in points(ev))
    else:
        items = ({"hand": n, "net": dict(zip(ev.players, vs, strict=False))}
                 for n, vs in points(ev))
    for piece in json_array(items):
        yield piece.replace("\n", "\n  ")
    yield after


def season(ledger: Any, *, since: str | None,
           chosen: tuple[str, list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """A season evening by evening: every session from ``since`` on (an ISO date-time; None:
    all of them), or the (title, sessions) ``chosen`` by a report's filters
    (services/analysis/filters.py ``evenings``), oldest first, and each person's running
    balance in chips at the end of each evening (evening 0: the start, every balance 0). A
    person is an identity (store/identities.py: ``Margaret`` and ``margaret`` are one); one
    who missed an evening keeps his balance. Chips are added up as chips, whatever each
    evening's unit was worth (services/analysis/season_report.py ``chart_of`` works them
    out, as ``loo export --season`` charts them).
    """
    from loo_ledger.services.analysis.season_report import chart_of  # noqa: PLC0415 (a season's chart only)
    from loo_ledger.services.analysis.stats import describe, utc  # noqa: PLC0415 (a season's chart only)
    from loo_ledger.store.stats_sql import Scope, StatsReader  # noqa: PLC0415 (a season's chart only)
    sessions = chosen[1] if chosen is not None else StatsReader(ledger.db).sessions(
        Scope(since=utc(since) if since else None))
    title = describe(None, since, len(sessions)) if chosen is None else chosen[0]
    data = chart_of(ledger, sessions, title).as_json()
    data["scope"]["since"] = since
    return data
