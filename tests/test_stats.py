"""loo stats, with every figure worked by hand from the hands.

Session 1 is tests/conftest.py's GOOD_SESSION (three-card, 0.05 GBP a white chip,
seats A B C D, D deals first), settled by hand in tests/test_cli.py. Seats count from
the dealer: 0 the dealer, 1 his left (eldest), 2, 3. "forced" is a deal with no choice.

    hand 1, D deals a simple pool (forced: A 1, B 2, C 3, D dealer); P 9, 3 a trick.
        tricks A1 B0 C1 D1; A +3, B -9 (looed, pays 9), C +3, D -6.   played: all four
    hand 2, A deals, double (B 1, C 2, D 3, A dealer); P 18, 6 a trick.
        B stand 2t +12, C pass 0, D miss 0t -9 (looed, pays 9), A stand 1t -3.
    hand 3, B deals, double (C 1, D 2, A 3, B dealer); P 18; all pass, nobody plays.
        B takes the whole 18: +9.
    A: 3 hands, declared 2 (stand 1, pass 1), played 2, tricks 2 -> 1.00 a hand, looed 0,
       net 0, best +3, worst -3; seats: 1 +3, dealer -3, 3 0.
    B: declared 2 (stand 1, pass 1), played 2, tricks 0 + 2 = 2, looed 1 of 2 = 50%,
       whole 1, net +12, best +12, worst -9; seats: 2 -9, 1 +12, dealer +9.
    C: declared 2 (pass 2), played 1, tricks 1, net +3, best +3, worst 0;
       seats: 3 +3, 2 0, 1 0.
    D: declared 2 (miss 1, pass 1), played 2, tricks 1 + 0 = 1 -> 0.50, looed 1 = 50%,
       paid 9 in loos, net -15, best 0, worst -9; seats: dealer -6, 3 -9, 2 0.
    Session: 3 hands, 1 simple, 2 double, largest pool 18, longest double run 2
    (hands 2-3), paid in loos 9 + 9 = 18.

Session 2, BICYCLE (tests/data/sessions/bicycle-night.json; ante 3, loo 3, flushes; 0.10 GBP
a chip; D deals first):
    hand 1, D deals a simple pool (forced); P 3, 1 a trick. A, B, C 1 trick each: +1;
        D 0 tricks: looed 3, -3 - 3 = -6. Pool 3.
    hand 2, A deals, double: P 3 + 3 = 6. B and D stand, C and A pass; B shows a flush
        and takes the whole 6: +6; D, standing, is looed by it: -3; A antes: -3. Pool 3.
        Cards are not played: B and D were in (played), with no tricks.
    hand 3, B deals, double: P 6, 2 a trick. C stands, D and A pass, B defends: C 2
        tricks +4; B 1 trick, his share stays; B -3 (ante). Pool 2.
    A: net -2 (+1 -3 0), declared pass 2, played 1, tricks 1; seats 1 +1, dealer -3, 3 0.
    B: net +4 (+1 +6 -3), declared stand 1, defend 1, played 3, tricks 1 + 0 + 1 = 2,
       whole 1, flushes 1, best +6, worst -3; seats 2 +1, 1 +6, dealer -3.
    C: net +5 (+1 0 +4), declared pass 1, stand 1, played 2, tricks 1 + 2 = 3;
       seats 3 +1, 2 0, 1 +4.
    D: net -9 (-6 -3 0), declared stand 1, pass 1, played 2, tricks 0, looed 2, paid 6;
       best 0, worst -6; seats dealer -6, 3 -3, 2 0.
    Session: 3 hands, 1 simple, 2 double, largest pool 6, longest run 2, loos 3 + 3 = 6.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from rich_tables import tables

from loo_ledger.store.ledger import Ledger
from loo_ledger.store.stats_sql import rebuild

BICYCLE = json.loads((Path(__file__).resolve().parent / "data" / "sessions"
                      / "bicycle-night.json").read_text(encoding="utf-8"))
DERIVED = ("player_totals", "seat_totals", "session_totals")


def figures(p: dict) -> tuple:
    """The headline figures of one player, in a fixed order."""
    words = tuple(p["declarations"][w]["count"] for w in ("stand", "pass", "miss", "defend"))
    return (p["hands"], p["declared"], words, p["played"], p["tricks"], p["looed"],
            p["paid_in_loos"], p["took_whole"], p["flushes"], p["net"], p["biggest_gain"],
            p["biggest_loss"])


def seats(p: dict) -> dict:
    return {s["label"]: (s["net"], s["hands"]) for s in p["by_seat"]}


def run_json(loo, db, *args) -> dict:
    result = loo(db, "stats", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture
def two_db(good_db, loo, save, tmp_path, good_session):
    """Session 1 (GOOD_SESSION, dated 2025-01-10) and session 2 (BICYCLE, 2025-02-14)."""
    db = tmp_path / "two.db"
    good_session["started_at"] = "2025-01-10T20:00:00+00:00"
    assert loo(db, "import", save(tmp_path / "g.json", good_session),
               save(tmp_path / "b.json", BICYCLE)).exit_code == 0
    return db


def test_one_session(loo, good_db):
    data = run_json(loo, good_db)
    by = {p["player"]: p for p in data["players"]}
    assert list(by) == ["A", "B", "C", "D"]  # seat order
    #                    hands decl (stand pass miss defend) played tricks looed paid whole
    #                    flushes net best worst
    assert figures(by["A"]) == (3, 2, (1, 1, 0, 0), 2, 2, 0, 0, 0, 0, 0, 3, -3)
    assert figures(by["B"]) == (3, 2, (1, 1, 0, 0), 2, 2, 1, 9, 1, 0, 12, 12, -9)
    assert figures(by["C"]) == (3, 2, (0, 2, 0, 0), 1, 1, 0, 0, 0, 0, 3, 3, 0)
    assert figures(by["D"]) == (3, 2, (0, 1, 1, 0), 2, 1, 1, 9, 0, 0, -15, 0, -9)
    assert by["D"]["tricks_per_hand"] == 0.5 and by["D"]["loo_rate"] == 0.5
    assert by["C"]["declarations"]["pass"]["rate"] == 1.0
    assert by["A"]["loo_rate"] == 0.0 and by["C"]["tricks_per_hand"] == 1.0
    assert seats(by["A"]) == {"dealer": (-3, 1), "1": (3, 1), "3": (0, 1)}
    assert seats(by["B"]) == {"dealer": (9, 1), "1": (12, 1), "2": (-9, 1)}
    assert seats(by["C"]) == {"1": (0, 1), "2": (0, 1), "3": (3, 1)}
    assert seats(by["D"]) == {"dealer": (-6, 1), "2": (0, 1), "3": (-9, 1)}
    assert [p["money"] for p in data["players"]] == [
        [{"currency": "GBP", "amount": a}] for a in ("0.00", "0.60", "0.15", "-0.75")]
    [s] = data["sessions"]
    assert (s["hands"], s["simple"], s["double"], s["largest_pot"], s["longest_double_run"],
            s["paid_in_loos"]) == (3, 1, 2, 18, 2, 18)
    assert "record" not in data and data["not_counted"] == []


def test_table_agrees_with_json(loo, good_db):
    data = run_json(loo, good_db)
    shown = tables(loo(good_db, "stats").stdout)
    players, by_seat, sessions = shown["Players"], shown["By seat from the dealer"], \
        shown["Sessions"]
    # player: hands stand pass miss defend tricks/hand loo-rate whole flushes net money best worst
    assert players["B"] == ["3", "50%", "50%", "0%", "0%", "1.00", "50%", "1", "0", "+12",
                            "£0.60", "+12", "-9"]
    assert players["D"] == ["3", "0%", "50%", "50%", "0%", "0.50", "50%", "0", "0", "-15",
                            "-£0.75", "0", "-9"]
    for p in data["players"]:
        row = players[p["player"]]
        assert int(row[0]) == p["hands"] and int(row[9]) == p["net"]
        assert f"{p['loo_rate']:.0%}" == row[6]
        # by seat: dealer, 1, 2, 3 as "net (hands)"
        want = {s["label"]: f"{s['net']:+d} ({s['hands']})".replace("+0", "0")
                for s in p["by_seat"]}
        assert by_seat[p["player"]] == [want.get(k, "-") for k in ("dealer", "1", "2", "3")]
    # session: date, hands, simple, double, largest pool, longest double run, paid in loos
    assert sessions["1"][1:] == ["3", "1", "2", "18", "2", "18"]


def test_all_sessions(loo, two_db):
    data = run_json(loo, two_db, "--all")
    by = {p["player"]: p for p in data["players"]}
    # Session 1 plus session 2, player by player (see the module docstring).
    assert figures(by["A"]) == (6, 4, (1, 3, 0, 0), 3, 3, 0, 0, 0, 0, -2, 3, -3)
    assert figures(by["B"]) == (6, 4, (2, 1, 0, 1), 5, 4, 1, 9, 2, 1, 16, 12, -9)
    assert figures(by["C"]) == (6, 4, (1, 3, 0, 0), 3, 4, 0, 0, 0, 0, 8, 4, 0)
    assert figures(by["D"]) == (6, 4, (1, 2, 1, 0), 4, 1, 3, 15, 0, 0, -24, 0, -9)
    assert by["B"]["loo_rate"] == 0.2          # 1 loo in 5 hands played
    assert by["C"]["tricks_per_hand"] == 1.3333  # 4 tricks in 3 hands
    assert by["D"]["loo_rate"] == 0.75         # 3 in 4
    assert seats(by["A"]) == {"dealer": (-6, 2), "1": (4, 2), "3": (0, 2)}
    assert seats(by["B"]) == {"dealer": (6, 2), "1": (18, 2), "2": (-8, 2)}
    assert seats(by["C"]) == {"1": (4, 2), "2": (0, 2), "3": (4, 2)}
    assert seats(by["D"]) == {"dealer": (-12, 2), "2": (0, 2), "3": (-12, 2)}
    # Money: session 1 at 0.05 plus session 2 at 0.10, both GBP.
    # A 0 + -0.20; B 0.60 + 0.40; C 0.15 + 0.50; D -0.75 - 0.90.
    assert {p: by[p]["money"] for p in by} == {
        "A": [{"currency": "GBP", "amount": "-0.20"}], "B": [{"currency": "GBP", "amount": "1.00"}],
        "C": [{"currency": "GBP", "amount": "0.65"}], "D": [{"currency": "GBP", "amount": "-1.65"}]}
    assert [(s["session"], s["hands"], s["simple"], s["double"], s["largest_pot"],
             s["longest_double_run"], s["paid_in_loos"]) for s in data["sessions"]] == [
        (1, 3, 1, 2, 18, 2, 18), (2, 3, 1, 2, 6, 2, 6)]
    record = {r["player"]: [(s["session"], s["net"], s["money"]) for s in r["sessions"]]
              for r in data["record"]}
    assert record["B"] == [(1, 12, "0.60"), (2, 4, "0.40")]
    assert record["D"] == [(1, -15, "-0.75"), (2, -9, "-0.90")]
    assert data["scope"]["title"] == "all 2 sessions"


def test_all_sessions_table(loo, two_db):
    out = loo(two_db, "stats", "--all").stdout
    assert "Players, all 2 sessions" in out and "Record over time" in out
    assert "Sessions" in out and "2025-02-14 20:00" in out
    lines = [line for line in out.splitlines() if line.startswith(" B ")]
    # the players' row, then the seats' row, then B's two sessions in the record
    assert "+16" in lines[0] and "£1.00" in lines[0]
    assert "+6 (2)" in lines[1] and "+18 (2)" in lines[1]
    assert any("-£0.90" in line for line in out.splitlines())


def test_money_in_two_currencies(loo, good_session, save, tmp_path):
    db = tmp_path / "cur.db"
    euro = {**BICYCLE, "unit": {"name": "chip", "value": "0.10", "currency": "EUR"}}
    assert loo(db, "import", save(tmp_path / "g.json", good_session),
               save(tmp_path / "e.json", euro)).exit_code == 0
    by = {p["player"]: p for p in run_json(loo, db, "--all")["players"]}
    # D: -15 x 0.05 = -0.75 GBP; -9 x 0.10 = -0.90 EUR; kept apart.
    assert by["D"]["money"] == [{"currency": "GBP", "amount": "-0.75"},
                                {"currency": "EUR", "amount": "-0.90"}]


def test_since_and_player(loo, two_db):
    data = run_json(loo, two_db, "--since", "2025-02-01")
    assert [s["session"] for s in data["sessions"]] == [2]
    assert {p["player"]: p["net"] for p in data["players"]} == {"A": -2, "B": 4, "C": 5, "D": -9}
    assert data["scope"]["title"] == "1 session since 2025-02-01"
    only_d = run_json(loo, two_db, "--all", "--player", "D")
    assert [p["player"] for p in only_d["players"]] == ["D"]
    assert only_d["players"][0]["net"] == -24
    assert [r["player"] for r in only_d["record"]] == ["D"]
    assert run_json(loo, two_db, "--since", "2030-01-01")["players"] == []


def test_refusals(loo, two_db, dump_db):
    before = dump_db(two_db)
    for args in (["--all", "--session", "1"], ["--player", "Zed"], ["--since", "next blursday"],
                 ["--session", "9"], ["--session", "1", "--since", "2030-01-01"]):
        result = loo(two_db, "stats", *args)
        # conflicting options are a usage error (2, issue 22 item 3); bad values 1
        assert result.exit_code == (2 if "--all" in args else 1), (args, result.output)
        assert "Traceback" not in result.output
    assert dump_db(two_db) == before


def totals(db) -> dict:
    """The derived rows, hand ids left out (a rewrite numbers hands afresh)."""
    conn = sqlite3.connect(db)
    try:
        out = {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall()) for t in DERIVED}
        out["hands"] = sorted(conn.execute("SELECT session_id, number, deltas, looed, words, "
                                           "tricks, moves FROM hands"))
        return out
    finally:
        conn.close()


def rebuilt(db) -> dict:
    ledger = Ledger.open(db)
    with ledger.db.atomic():
        assert rebuild(ledger.db) == []
    ledger.close()
    return totals(db)


def test_table_play_writes_the_same(loo, tmp_path, good_db):
    """Hands entered one by one (append), then undone (rewrite), give what an import gives."""
    db = tmp_path / "table.db"
    assert loo(db, "new", "Test night", "--players", "A,B,C,D", "--dealer", "D",
               "--unit-value", "0.05", "--currency", "GBP").exit_code == 0
    assert run_json(loo, db)["players"][0]["hands"] == 0
    for hand in (["A=1", "B=0", "C=1", "D=1"], ["B=2", "C=pass", "D=miss:0", "A=1"],
                 ["C=pass", "D=pass", "A=pass", "B=pass"]):
        assert loo(db, "hand", *hand).exit_code == 0
    keys = ("players", "not_counted")
    assert {k: run_json(loo, db)[k] for k in keys} == {k: run_json(loo, good_db)[k] for k in keys}
    assert totals(db) == rebuilt(db)
    assert loo(db, "undo", "--yes").exit_code == 0
    after = run_json(loo, db)
    assert after["sessions"][0]["hands"] == 2
    assert {p["player"]: p["net"] for p in after["players"]} == {"A": 0, "B": 3, "C": 3, "D": -15}
    assert totals(db) == rebuilt(db)


def test_backfill_of_an_older_database(loo, two_db):
    """A database written before the statistics tables gets them filled on opening."""
    want = totals(two_db)
    conn = sqlite3.connect(two_db)
    for table in DERIVED:
        conn.execute(f"DROP TABLE {table}")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name IN ('m007_hand_statistics', "
                 "'m014_card_totals')")
    conn.commit()
    conn.close()
    assert loo(two_db, "sessions").exit_code == 0
    assert totals(two_db) == want


def test_samples_agree_with_balances(loo, tmp_path):
    """Every sample evening: plays' nets are the stored balances; hands are all counted."""
    from pathlib import Path
    db = tmp_path / "samples.db"
    files = sorted((Path(__file__).parent.parent / "sample_sessions").glob("*.json"))
    assert loo(db, "import", *files).exit_code == 0
    data = run_json(loo, db, "--all")
    assert data["not_counted"] == []
    for sid in range(1, len(files) + 1):
        balances = json.loads(loo(db, "balances", "--session", sid, "--json").stdout)
        stats = run_json(loo, db, "--session", sid)
        assert {p["name"]: p["net"] for p in balances["players"]} == {
            p["player"]: p["net"] for p in stats["players"]}
        for p in stats["players"]:
            words = sum(w["count"] for w in p["declarations"].values())
            assert words == p["declared"] and p["declared"] + p["forced"] == p["hands"]
            assert sum(s["hands"] for s in p["by_seat"]) == p["hands"]
            assert sum(s["net"] for s in p["by_seat"]) == p["net"]
