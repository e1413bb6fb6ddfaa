"""loo stats under the hand filters (issue 24, item 4): --pool, --seat and --with choose
hands and seats, so the figures are tallied from the hands (services/analysis/hand_stats.py)
with the columns of the report from the totals.

Session 1 is GOOD_SESSION (tests/conftest.py; worked hand by hand in tests/test_stats.py's
docstring): three-card, 0.05 GBP a white chip, seats A B C D, D deals first. Seats count
from the dealer: 0 the dealer, 1 the eldest.

    hand 1, simple, D deals (forced; A 1, B 2, C 3, D 0): P 9, 3 a trick.
        A 1t +3, B 0t -9 (looed, pays 9), C 1t +3, D 1t -6 (ante 9, share 3).
    hand 2, double, A deals (B 1, C 2, D 3, A 0): P 18, 6 a trick.
        B stand 2t +12, C pass 0, D miss 0t -9 (looed, pays 9), A stand 1t -3.
    hand 3, double, B deals (C 1, D 2, A 3, B 0): everybody passes, B takes the 18: +9.

--pool double keeps hands 2 and 3:
    A: 2 hands, declared stand 1 + pass 1, played 1 (hand 2), tricks 1, net -3 + 0 = -3,
       best 0 (hand 3), worst -3; seats dealer -3 (1), 3 0 (1); money -3 x 0.05 = -0.15.
    B: 2 hands, stand 1 + pass 1, played 1 (hand 3 is not played), tricks 2, whole 1,
       net +12 + 9 = +21, best +12, worst +9 (so the biggest loss is 0); seats 1 +12,
       dealer +9; money 1.05.
    C: 2 hands, pass 2, played 0, net 0; seats 2 0, 1 0; money 0.00.
    D: 2 hands, miss 1 + pass 1, played 1, tricks 0, looed 1, paid 9, net -9, best 0,
       worst -9; seats 3 -9, 2 0; money -0.45.
    The session: 2 hands, 0 simple, 2 double, largest pool 18, longest double run 2,
    paid in loos 9 (D's).
--pool simple keeps hand 1: every word forced (declared 0), everyone played; A +3 (seat 1),
    B -9 looed paid 9 (seat 2), C +3 (seat 3), D -6 (dealer); 1 hand, 1 simple, largest 9,
    longest double run 0, paid in loos 9.
--seat eldest keeps one seat of each hand: A in hand 1 (forced, 1t +3), B in hand 2 (stand
    2t +12), C in hand 3 (pass 0); D is never the eldest and is not in the report. The
    session: 3 hands (each has an eldest), 1 simple, 2 double, largest 18, run 2, paid in
    loos 0 (none of the three was looed).
--pool double --seat dealer: A in hand 2 (stand 1t -3), B in hand 3 (pass, takes the whole
    pool, +9): the session 2 hands, both double.

--with, over the May ledger of tests/test_report_filters.py (the April season of
tests/season_kit.py and E5, 2026-05-01: Ann Ben Dov, Dov deals one simple hand: Ann 2t +6,
Ben 1t +3, Dov 0t -9 ante -9 looed = -18): --with Dov keeps E5's one hand: Ann +6 (seat 1),
Ben +3 (seat 2), Dov -18 (dealer, looed, paid 9); one session of one simple hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import season_kit
from ledger_kit import copy_for_each_test

from loo_ledger.services.analysis.filters import Filters
from loo_ledger.services.analysis.hand_stats import HandTally
from loo_ledger.services.analysis.stats import stats
from loo_ledger.store.ledger import Ledger
from loo_ledger.store.stats_sql import Scope, StatsReader

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sessions"
CARDS = ("card_hands", "trumps_led", "pam_tricks", "revokes_caught", "first_leads",
         "first_won")


def plain(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Rows as sorted tuples, without the card columns (the whole evening's only)."""
    return sorted(tuple(sorted((k, v) for k, v in r.items() if k not in CARDS))
                  for r in rows)


def figures(p: dict[str, Any]) -> tuple[Any, ...]:
    """hands, declared, (stand pass miss defend), played, tricks, looed, paid in loos,
    whole pools, flushes, net, biggest gain, biggest loss."""
    words = tuple(p["declarations"][w]["count"] for w in ("stand", "pass", "miss", "defend"))
    return (p["hands"], p["declared"], words, p["played"], p["tricks"], p["looed"],
            p["paid_in_loos"], p["took_whole"], p["flushes"], p["net"], p["biggest_gain"],
            p["biggest_loss"])


def seats(p: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {s["label"]: (s["net"], s["hands"]) for s in p["by_seat"]}


def session_row(s: dict[str, Any]) -> tuple[int, ...]:
    return (s["hands"], s["simple"], s["double"], s["largest_pot"], s["longest_double_run"],
            s["paid_in_loos"])


def report(db: Path, **only: Any) -> dict[str, Any]:
    ledger = Ledger.open(db)
    try:
        return stats(ledger, session_id=1, only=Filters(**only))
    finally:
        ledger.close()


def test_pool_double(good_db: Path) -> None:
    got = report(good_db, pool="double")
    by = {p["player"]: p for p in got["players"]}
    assert figures(by["A"]) == (2, 2, (1, 1, 0, 0), 1, 1, 0, 0, 0, 0, -3, 0, -3)
    assert figures(by["B"]) == (2, 2, (1, 1, 0, 0), 1, 2, 0, 0, 1, 0, 21, 12, 0)
    assert figures(by["C"]) == (2, 2, (0, 2, 0, 0), 0, 0, 0, 0, 0, 0, 0, 0, 0)
    assert figures(by["D"]) == (2, 2, (0, 1, 1, 0), 1, 0, 1, 9, 0, 0, -9, 0, -9)
    assert (seats(by["A"]), seats(by["B"]), seats(by["C"]), seats(by["D"])) == (
        {"dealer": (-3, 1), "3": (0, 1)}, {"1": (12, 1), "dealer": (9, 1)},
        {"1": (0, 1), "2": (0, 1)}, {"2": (0, 1), "3": (-9, 1)})
    assert [p["money"] for p in got["players"]] == [
        [{"currency": "GBP", "amount": a}] for a in ("-0.15", "1.05", "0.00", "-0.45")]
    assert by["D"]["loo_rate"] == 1.0 and by["B"]["tricks_per_hand"] == 2.0
    [s] = got["sessions"]
    assert session_row(s) == (2, 0, 2, 18, 2, 9)
    assert s["cards"] is None and by["A"]["cards"] is None   # the whole evening's only
    assert got["scope"]["title"] == "session 1, --pool double"


def test_pool_simple(good_db: Path) -> None:
    got = report(good_db, pool="simple")
    by = {p["player"]: p for p in got["players"]}
    assert figures(by["A"]) == (1, 0, (0, 0, 0, 0), 1, 1, 0, 0, 0, 0, 3, 3, 0)
    assert figures(by["B"]) == (1, 0, (0, 0, 0, 0), 1, 0, 1, 9, 0, 0, -9, 0, -9)
    assert figures(by["C"]) == (1, 0, (0, 0, 0, 0), 1, 1, 0, 0, 0, 0, 3, 3, 0)
    assert figures(by["D"]) == (1, 0, (0, 0, 0, 0), 1, 1, 0, 0, 0, 0, -6, 0, -6)
    assert [seats(by[p]) for p in "ABCD"] == [{"1": (3, 1)}, {"2": (-9, 1)}, {"3": (3, 1)},
                                               {"dealer": (-6, 1)}]
    [s] = got["sessions"]
    assert session_row(s) == (1, 1, 0, 9, 0, 9)


def test_seat_eldest(good_db: Path) -> None:
    got = report(good_db, seat=1)
    by = {p["player"]: p for p in got["players"]}
    assert list(by) == ["A", "B", "C"]   # D is never the eldest
    assert figures(by["A"]) == (1, 0, (0, 0, 0, 0), 1, 1, 0, 0, 0, 0, 3, 3, 0)
    assert figures(by["B"]) == (1, 1, (1, 0, 0, 0), 1, 2, 0, 0, 0, 0, 12, 12, 0)
    assert figures(by["C"]) == (1, 1, (0, 1, 0, 0), 0, 0, 0, 0, 0, 0, 0, 0, 0)
    assert [seats(by[p]) for p in "ABC"] == [{"1": (3, 1)}, {"1": (12, 1)}, {"1": (0, 1)}]
    [s] = got["sessions"]
    assert session_row(s) == (3, 1, 2, 18, 2, 0)


def test_pool_and_seat_together(good_db: Path) -> None:
    got = report(good_db, pool="double", seat=0)
    by = {p["player"]: p for p in got["players"]}
    assert list(by) == ["A", "B"]
    assert figures(by["A"]) == (1, 1, (1, 0, 0, 0), 1, 1, 0, 0, 0, 0, -3, 0, -3)
    assert figures(by["B"]) == (1, 1, (0, 1, 0, 0), 0, 0, 0, 0, 1, 0, 9, 9, 0)
    assert session_row(got["sessions"][0]) == (2, 0, 2, 18, 2, 0)


def test_a_seat_nobody_sits_in_selects_no_hand(good_db: Path) -> None:
    from loo_ledger.errors import NotFound
    with pytest.raises(NotFound, match="no hand is selected: --seat 7 selects none"):
        report(good_db, seat=7)


may = copy_for_each_test("may_built", name="may", file="may.db")


@pytest.fixture(scope="module")
def may_built(loo: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """April's evenings and one in May, built once for the module."""
    db = season_kit.april(loo, tmp_path_factory.mktemp("may") / "may.db")
    for args in (("new", "E5", "--players", "Ann,Ben,Dov", "--dealer", "Dov", "--when",
                  "2026-05-01 20:00"), ("hand", "Ann=2", "Ben=1", "Dov=0")):
        out = loo(db, *args)
        assert out.exit_code == 0, out.output
    return db


def test_with_a_player(may: Path) -> None:
    ledger = Ledger.open(may)
    try:
        got = stats(ledger, session_id=None, only=Filters(since="2026-04-01 00:00:00",
                                                          with_="Dov"))
    finally:
        ledger.close()
    by = {p["player"]: p for p in got["players"]}
    assert {p: (figures(by[p]), seats(by[p])) for p in by} == {
        "Ann": ((1, 0, (0, 0, 0, 0), 1, 2, 0, 0, 0, 0, 6, 6, 0), {"1": (6, 1)}),
        "Ben": ((1, 0, (0, 0, 0, 0), 1, 1, 0, 0, 0, 0, 3, 3, 0), {"2": (3, 1)}),
        "Dov": ((1, 0, (0, 0, 0, 0), 1, 0, 1, 9, 0, 0, -18, 0, -18), {"dealer": (-18, 1)})}
    assert [(s["session"], session_row(s)) for s in got["sessions"]] == [
        (5, (1, 1, 0, 9, 0, 9))]
    assert [(r["player"], [s["net"] for s in r["sessions"]]) for r in got["record"]] == [
        ("Ann", [6]), ("Ben", [3]), ("Dov", [-18])]


samples = copy_for_each_test("samples_built", name="samples", file="samples.db")


@pytest.fixture(scope="module")
def samples_built(loo: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every sample session, imported once for the module."""
    db = tmp_path_factory.mktemp("samples") / "samples.db"
    out = loo(db, "import", *sorted(SAMPLES.glob("*.json")))
    assert out.exit_code == 0, out.output
    return db


def test_the_hands_tallied_agree_with_the_totals(samples: Path) -> None:
    """Tallied from the hands with nothing filtered, every sample evening (Lou's burns and
    reneges, flushes, exchanges, table rulings, finer units) gives the totals' rows."""
    ledger = Ledger.open(samples)
    try:
        for sid in [s["id"] for s in StatsReader(ledger.db).sessions(Scope())]:
            scope = Scope(session_id=sid)
            totals, tally = StatsReader(ledger.db), HandTally(ledger.db, scope, Filters())
            assert plain(tally.players(scope)) == plain(totals.players(scope)), sid
            assert plain(tally.seats(scope)) == plain(totals.seats(scope)), sid
            assert plain(tally.nets(scope)) == plain(totals.nets(scope)), sid
            assert tally.records(scope) == totals.records(scope), sid
            [mine], [theirs] = tally.sessions(scope), totals.sessions(scope)
            assert {k: mine[k] for k in ("hands", "doubles", "largest_pot", "longest_run",
                                         "loo_paid")} == \
                {k: theirs[k] for k in ("hands", "doubles", "largest_pot", "longest_run",
                                        "loo_paid")}, sid
    finally:
        ledger.close()


def test_stats_json_has_the_same_columns(loo: Any, good_db: Path) -> None:
    """The command line: --pool double gives the figures above, in the report's shape
    (its published schema: the card figures null); the table has the same columns."""
    import jsonschema
    out = loo(good_db, "stats", "--pool", "double", "--json")
    assert out.exit_code == 0, out.output
    got = json.loads(out.stdout)
    assert {p["player"]: p["net"] for p in got["players"]} == {"A": -3, "B": 21, "C": 0,
                                                                "D": -9}
    schema = json.loads((SAMPLES.parent / "schemas" / "output" / "stats.schema.json")
                        .read_text(encoding="utf-8"))
    jsonschema.validate(got, schema)
    table = loo(good_db, "stats", "--pool", "double", "--seat", "dealer")
    assert table.exit_code == 0, table.output
    assert "Players, session 1, --pool double --seat dealer" in table.stdout
    assert "From the cards" not in table.stdout


def test_with_names_a_person_in_any_spelling(loo: Any, good_db: Path) -> None:
    """--with is a person (store/identities.py): in session 2, seated as ``a``, ``b``,
    ``c`` (A, B and C in any case), ``--with A`` keeps its one hand: c deals a simple
    pool of 9, a 2 tricks +6, b 1 trick +3, c no trick -9 ante -9 = -18."""
    for args in (("new", "X", "--players", "a,b,c", "--dealer", "c"),
                 ("hand", "a=2", "b=1", "c=0")):
        out = loo(good_db, *args)
        assert out.exit_code == 0, out.output
    out = loo(good_db, "stats", "-s", "2", "--with", "A", "--json")
    assert out.exit_code == 0, out.output
    got = json.loads(out.stdout)
    assert {p["player"]: (p["hands"], p["net"]) for p in got["players"]} == {
        "a": (1, 6), "b": (1, 3), "c": (1, -18)}
