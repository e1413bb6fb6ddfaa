"""Issue 19, item 13: ``loo export --format html`` and ``loo chart`` on a huge session.

Their memory is measured in benchmarks/run.py (the "stream" rows); here, the shape of what
makes it bounded: a loaded Evening reads its hands from the ledger each time it goes
through them, and a chart is drawn from at most series.MAX_POINTS points, each bucket of
hands keeping its first and last point and every series' lowest and highest value.
"""

from __future__ import annotations

import json

from loo_ledger.services.reports import html, series
from loo_ledger.services.reports.evening import Evening, HandRows
from loo_ledger.store.ledger import Ledger


def _evening(hands: list[dict], players=("A", "B")) -> Evening:
    return Evening(session_id=1, name=None, started_at=None, variant="three-card", rules={},
                   unit_name=None, unit_value=None, currency=None, players=list(players),
                   opening_pool=0, pool=0, nets=dict.fromkeys(players, 0), hands=hands)


def test_two_buckets_keep_their_ends_and_extremes_in_order():
    """Ten points, at most eight: two buckets of ceil(10 / (8 // 4)) = 5 points.
    Bucket x=0..4: A 0 1 2 3 4 (low 0 first, then high 4), B 0 -1 -5 0 2 (low -5 at x=2
    before high 2 at x=4): A 0, 0, 4, 4; B 0, -5, 2, 2 at x 0, 0, 4, 4.
    Bucket x=5..9: A 5 4 3 2 1 (high 5 first, then low 1), B 2 2 9 1 0 (high 9 at x=7
    before low 0 at x=9): A 5, 5, 1, 1; B 2, 9, 0, 0 at x 5, 5, 9, 9."""
    a = [0, 1, 2, 3, 4, 5, 4, 3, 2, 1]
    b = [0, -1, -5, 0, 2, 2, 2, 9, 1, 0]
    xs, (sa, sb) = series.reduce_points(
        ((x, (a[x], b[x])) for x in range(10)), 10, 8)
    assert xs == [0, 0, 4, 4, 5, 5, 9, 9]
    assert sa == [0, 0, 4, 4, 5, 5, 1, 1]
    assert sb == [0, -5, 2, 2, 2, 9, 0, 0]


def test_a_long_session_is_charted_from_a_bounded_number_of_points():
    """20,000 hands: A wins 1 a hand from B, but in hand 12,345 A wins 50,001 (12,344 +
    50,001 = 62,345) and in hand 12,346 loses 49,999 (back to 12,346). The chart has at
    most MAX_POINTS points, keeps that one-hand peak, and ends at the final nets (19,998
    hands of 1, + 50,001 - 49,999: A +20,000, B -20,000); the pool stays 0."""
    hands = [{"number": n, "deltas": {"A": 1, "B": -1}, "pool_after": 0}
             for n in range(1, 20_001)]
    hands[12_344]["deltas"] = {"A": 50_001, "B": -50_001}
    hands[12_345]["deltas"] = {"A": -49_999, "B": 49_999}
    xs, nets, pool = series.bounded(_evening(hands))
    assert len(xs) <= series.MAX_POINTS and len(xs) == len(nets["A"]) == len(pool)
    assert xs[0] == 0 and xs[-1] == 20_000
    assert max(nets["A"]) == 62_345 and min(nets["B"]) == -62_345
    assert nets["A"][-1] == 20_000 and nets["B"][-1] == -20_000 and set(pool) == {0}


def test_a_short_session_keeps_every_point():
    """Three hands: A +3, B -3; then A -1; then B +2: every point is drawn."""
    hands = [{"number": 1, "deltas": {"A": 3, "B": -3}, "pool_after": 0},
             {"number": 2, "deltas": {"A": -1}, "pool_after": 1},
             {"number": 3, "deltas": {"B": 2}, "pool_after": -1}]
    assert series.bounded(_evening(hands)) == ([0, 1, 2, 3], {"A": [0, 3, 2, 2],
                                                              "B": [0, -3, -3, -1]},
                                               [0, 0, 1, -1])


def test_a_loaded_evening_reads_its_hands_as_it_goes(good_db):
    ledger = Ledger.open(good_db)
    try:
        ev = Evening.load(ledger, 1)
        assert isinstance(ev.hands, HandRows) and len(ev.hands) == 3
        assert [h["number"] for h in ev.hands] == [1, 2, 3] == [h["number"] for h in ev.hands]
        page = html.page(ev)
    finally:
        ledger.close()
    assert page.count('<tr><td class="n">') == 3 and page.rstrip().endswith("</html>")


def test_chart_json_is_written_a_hand_at_a_time_as_before(loo, good_db):
    """conftest's session: A +3 -3 0, B -9 +12 +9, C +3 0 0, D -6 -9 0 (test_cli.py);
    the pool 0, 9, 0, 0 (hand 2 leaves 9 - 9 + 9 - ... = 0 after D's loo is paid in)."""
    nets = json.loads(loo(good_db, "chart", "--json").stdout)
    assert [p["net"] for p in nets["series"]] == [
        {"A": 0, "B": 0, "C": 0, "D": 0}, {"A": 3, "B": -9, "C": 3, "D": -6},
        {"A": 0, "B": 3, "C": 3, "D": -15}, {"A": 0, "B": 12, "C": 3, "D": -15}]
    ledger = Ledger.open(good_db)
    try:
        ev = Evening.load(ledger, 1)
        for pool in (False, True):
            want = json.dumps(series.as_json(ev, pool=pool), indent=2, ensure_ascii=False)
            args = ["chart", "--json", *(["--pool-size"] if pool else [])]
            assert loo(good_db, *args).stdout == want + "\n"
    finally:
        ledger.close()
