"""Datasette-ready (issue 11 item 6): the views, every foreign key, metadata.json.

The session is tests/conftest.py's GOOD_SESSION with its players renamed so that the seat
order is not alphabetical: A -> Zoe, B -> Amy, C -> Max, D -> Bea (seats Zoe Amy Max Bea
clockwise, Bea deals first). Worked by hand from RULES.md in tests/test_cli.py:

Hand 1, Bea deals a simple pool: P = 0 + 9 = 9, 3 a trick; everyone plays (forced).
    Zoe, Max, Bea one trick each, Amy none: looed, pays 9.
    Zoe +3, Amy -9, Max +3, Bea -6; pool 0 -> 9.
Hand 2, Zoe deals a double: P = 9 + 9 = 18, 6 a trick. Amy stands, Max passes, Bea takes
    the miss, Zoe stands; Amy 2 tricks, Zoe 1, Bea 0 (looed, pays 9).
    Zoe -3, Amy +12, Max 0, Bea -9; pool 9 -> 9.
Hand 3, Amy deals a double: P = 18; everyone passes, so the dealer takes it.
    Amy +9, the others 0; pool 9 -> 0.
Nets: Zoe 0, Amy 12, Max 3, Bea -15.

Datasette's own Python API reads the views (``Datasette([...]).client``, ``ds.execute``),
with asyncio.run.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from cli_kit import BuiltOnce
from ledger_kit import copy_for_each_test
from sqlite_utils import Database

from loo_ledger.cli import app
from loo_ledger.domain.rules.codes import Resolution
from loo_ledger.store.codec import Seats
from loo_ledger.store.codec import decode_record as decode
from loo_ledger.store.migrations import M012_KEYS, migrations
from loo_ledger.store.views import DESCRIPTIONS, HIDDEN, OUTCOMES, VIEWS

ROOT = Path(__file__).resolve().parent.parent
RENAME = {"A": "Zoe", "B": "Amy", "C": "Max", "D": "Bea"}
runner = BuiltOnce()  # the program's command built once for the module


def renamed(value: Any) -> Any:
    if isinstance(value, dict):
        return {RENAME.get(k, k): renamed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v) for v in value]
    return RENAME.get(value, value) if isinstance(value, str) else value


def write(path: Path, session: dict[str, Any]) -> Path:
    path.write_text(json.dumps(session), encoding="utf-8")
    return path


def loo(db: Path, *args: str) -> str:
    result = runner.invoke(app, ["--db", str(db), *args])
    assert result.exit_code == 0, result.output
    return result.stdout


ledger = copy_for_each_test("ledger_built", name="ledger")


@pytest.fixture(scope="module")
def ledger_built(tmp_path_factory, good_source) -> Path:
    """GOOD_SESSION with the players renamed, imported once for the module."""
    folder = tmp_path_factory.mktemp("night")
    db = folder / "loo.db"
    source = folder / "night.json"
    source.write_text(json.dumps(renamed(json.loads(good_source.read_text(encoding="utf-8")))),
                      encoding="utf-8")
    loo(db, "import", str(source))
    return db


def datasette(db: Path, **options: Any) -> Any:
    """Datasette on ``db``, imported here: only the worker that runs these tests pays for
    it (about 0.7 s), not every worker as it collects the suite."""
    from datasette.app import Datasette  # type: ignore[import-untyped]
    return Datasette([str(db)], **options)


def rows(db: Path, path: str) -> list[dict[str, Any]]:
    async def get() -> list[dict[str, Any]]:
        ds = datasette(db)
        response = await ds.client.get(path)
        assert response.status_code == 200, response.text
        return list(response.json())
    return asyncio.run(get())


def query(db: Path, sql: str) -> list[tuple[Any, ...]]:
    async def run() -> list[tuple[Any, ...]]:
        ds = datasette(db)
        return [tuple(r) for r in (await ds.execute(db.stem, sql)).rows]
    return asyncio.run(run())


# -- the views, read through Datasette ---------------------------------------------------


def test_balances_in_seat_order_with_the_unit_the_money_and_the_pool(ledger):
    """A white chip is worth 0.05 GBP: Zoe 0 -> 0.00, Amy 12 -> 0.60, Max 3 -> 0.15,
    Bea -15 -> -0.75; the pool, empty after hand 3 (Amy took it), 0 -> 0.00. The nets and
    the pool add up to the opening pool: 0 + 12 + 3 - 15 + 0 = 0."""
    got = rows(ledger, "/loo/balances.json?_shape=array")
    assert [(r["session_id"], r["session_name"], r["seat_position"], r["player"],
             r["net_chips"], r["present"], r["money"]) for r in got] == [
        (1, "Test night", 0, "Zoe", 0, 1, "0.00"), (1, "Test night", 1, "Amy", 12, 1, "0.60"),
        (1, "Test night", 2, "Max", 3, 1, "0.15"), (1, "Test night", 3, "Bea", -15, 1, "-0.75"),
        (1, "Test night", None, "pool", 0, None, "0.00")]
    assert {(r["unit_name"], r["unit_value"], r["currency"]) for r in got} == {
        ("white chip", "0.05", "GBP")}
    assert sum(r["net_chips"] for r in got) == 0


@pytest.mark.parametrize(("value", "net", "money"), [
    ("0.05", -15, "-0.75"), ("1", 7, "7.00"), ("2.5", -3, "-7.50"), ("0.005", 3, "0.015"),
    ("12.50", 0, "0.00"), ("0.000001", -1, "-0.000001"), (None, 5, None)])
def test_balances_money_is_exact_decimal_text(ledger, value, net, money):
    """chips times the unit's value, worked by hand: -15 x 0.05 = -0.75; 7 x 1 = 7;
    -3 x 2.5 = -7.5; 3 x 0.005 = 0.015 (finer than a cent: kept); 0 x 12.50 = 0;
    -1 x 0.000001; no value, no money."""
    with sqlite3.connect(ledger) as conn:
        conn.execute("UPDATE sessions SET unit_value = ?", (value,))
        conn.execute("UPDATE seats SET net = ? WHERE name = 'Zoe'", (net,))
    got = query(ledger, "SELECT money FROM balances WHERE player = 'Zoe'")
    assert got == [(money,)]


def test_hand_records_give_the_session_format(ledger):
    """json_extract reads the session format: hand 2 (Zoe deals) has trump hearts, Amy
    stood and took 2 tricks, Bea took the miss and none; hand 3 everyone passed."""
    got = query(ledger, "SELECT hand, json_extract(record, '$.trump'), "
                "json_extract(record, '$.declarations.Amy'), "
                "json_extract(record, '$.declarations.Bea'), "
                "json_extract(record, '$.tricks.Amy') FROM hand_records WHERE session_id = 1")
    assert got == [(1, None, None, None, 0), (2, "hearts", "stand", "miss", 2),
                   (3, None, "pass", "pass", None)]


def test_hand_records_equal_the_exported_hands(samples):
    """Every sample hand (flushes, exchanges, cards, deltas, notes among them) reads in the
    view as 'loo export' writes it: the same object, key for key and in order."""
    with sqlite3.connect(samples) as conn:
        sessions = [r[0] for r in conn.execute("SELECT id FROM sessions ORDER BY id")]
        view = {(s, n): r for s, n, r in conn.execute(
            "SELECT session_id, hand, record FROM hand_records")}
    assert len(sessions) >= 10
    for sid in sessions:
        exported = json.loads(loo(samples, "export", "-s", str(sid)))["hands"]
        for n, hand in enumerate(exported, 1):
            got = json.loads(view[sid, n])
            assert got == hand and list(got) == list(hand), (sid, n)


def test_hand_records_decode_every_compact_key(ledger):
    """A record with every key the compact form shortens and extension fields of every
    JSON type, stored compact (store/codec.py), reads back whole from the view."""
    record = {"dealer": "Bea", "sitting_out": ["Max"], "trump": "spades",
              "declarations": {"Zoe": "stand", "Amy": "defend", "Bea": "fold"},
              "exchanges": {"Zoe": 2, "Amy": 0}, "flushes": [
                  {"player": "Amy", "kind": "flush", "suit": "clubs", "cards": ["Ac", "2c"]}],
              "pam_holder": "Zoe", "tricks": {"Zoe": 1, "Amy": 2, "Bea": 0},
              "penalties": [{"player": "Zoe", "kind": "revoke"}],
              "deltas": {"Zoe": -3, "Amy": 12, "Bea": -9}, "table_ruling": "agreed",
              "note": "a note, with \"quotes\" and é", "cards": {"trump_card": "7s"},
              "x-flag": True, "x-off": False, "x-none": None, "x-list": [1, [2, {"a": True}]],
              "x-real": 1.5, "x-obj": {"b": "c"}}
    from loo_ledger.store.codec import encode_record
    stored = encode_record(record, Seats(["Zoe", "Amy", "Max", "Bea"]))
    assert '"d":3' in stored and "dealer" not in stored  # it is kept compact
    with sqlite3.connect(ledger) as conn:
        conn.execute("UPDATE hands SET record = ? WHERE session_id = 1 AND number = 2",
                     (stored,))
    (text,), = query(ledger, "SELECT record FROM hand_records WHERE hand = 2")
    got = json.loads(text)
    assert got == record and list(got) == list(record)
    # a record stored as given (no one-letter key), and one that is not JSON, as they are
    with sqlite3.connect(ledger) as conn:
        conn.execute("UPDATE hands SET record = ? WHERE number = 1", ('{"x-only": [1]}',))
        conn.execute("UPDATE hands SET record = ? WHERE number = 3", ("{oops",))
    assert query(ledger, "SELECT hand, record FROM hand_records WHERE hand <> 2") == [
        (1, '{"x-only": [1]}'), (3, "{oops")]
    with sqlite3.connect(ledger) as conn:  # JSON, but not an object
        conn.execute("UPDATE hands SET record = ? WHERE number = 1", ("[1, 2]",))
    assert query(ledger, "SELECT record FROM hand_records WHERE hand = 1") == [("[1, 2]",)]


# -- canned queries -------------------------------------------------------------------------


def canned(db: Path, name: str, **params: str) -> list[dict[str, Any]]:
    meta = json.loads(loo(db, "datasette-metadata"))

    async def get() -> list[dict[str, Any]]:
        ds = datasette(db, metadata=meta)
        args = "".join(f"&{k}={v}" for k, v in params.items())
        response = await ds.client.get(f"/loo/{name}.json?_shape=array{args}")
        assert response.status_code == 200, response.text
        return list(response.json())
    return asyncio.run(get())


def test_canned_who_owes_the_pool(tmp_path, good_session):
    """Two hands of the good session: hand 2's loo is Bea's (took the miss, no trick:
    pays 9 into the pool), and the pool holds 9 (worked in the module docstring). With hand
    3 too, nobody pays the pool (all passed, Amy took it) and it is empty."""
    db = tmp_path / "loo.db"
    two = renamed(good_session)
    two["hands"] = two["hands"][:2]
    loo(db, "import", str(write(tmp_path / "two.json", two)))
    loo(db, "import", str(write(tmp_path / "three.json", renamed(good_session))))
    assert [(r["player"], r["chips"], r["kind"]) for r in canned(
        db, "who_owes_the_pool", session="1")] == [("Bea", 9, "loo"), ("pool", 9, "pool")]
    assert [(r["player"], r["chips"]) for r in canned(
        db, "who_owes_the_pool", session="2")] == [("pool", 0)]


def test_canned_season_standings(ledger):
    """The session's players, best first: Amy +12 in 3 hands (400 per 100), looed in hand 1
    of the 2 she played (0.5), took hand 3's whole pool; Max +3 (100), played hand 1 only,
    never looed; Zoe 0, played 2, never looed; Bea -15 (-500), looed in hand 2 of 2."""
    with sqlite3.connect(ledger) as conn:
        conn.execute("INSERT INTO seasons (id, name, created_at) VALUES (1, 'Winter', '')")
        conn.execute("INSERT INTO season_sessions VALUES (1, 1)")
    got = canned(ledger, "season_standings", season="winter")
    assert [(r["player"], r["evenings"], r["hands"], r["net_chips"], r["per_100_hands"],
             r["loo_rate"], r["whole_pools"]) for r in got] == [
        ("Amy", 1, 3, 12, 400.0, 0.5, 1), ("Max", 1, 3, 3, 100.0, 0.0, 0),
        ("Zoe", 1, 3, 0, 0.0, 0.0, 0), ("Bea", 1, 3, -15, -500.0, 0.5, 0)]


def test_canned_player_evenings(ledger):
    """Amy, asked for in any case: the one evening, 3 hands, +12 chips, 12 x 0.05 = 0.60."""
    got = canned(ledger, "player_evenings", player="aMY")
    assert [(r["session_id"], r["session_name"], r["player"], r["hands"], r["net_chips"],
             r["money"], r["currency"]) for r in got] == [
        (1, "Test night", "Amy", 3, 12, "0.60", "GBP")]
    assert got[0]["played"]
    assert canned(ledger, "player_evenings", player="Nobody") == []


def test_the_migrations_table_is_hidden(ledger):
    meta = json.loads(loo(ledger, "datasette-metadata"))

    async def tables() -> dict[str, bool]:
        ds = datasette(ledger, metadata=meta)
        response = await ds.client.get("/loo.json")
        return {t["name"]: t["hidden"] for t in response.json()["tables"]}
    hidden = asyncio.run(tables())
    assert hidden["_sqlite_migrations"] is True
    assert hidden["hands"] is False and hidden["sessions"] is False


def test_hand_results_one_row_per_hand_per_player(ledger):
    got = rows(ledger, "/loo/hand_results.json?_shape=array&_size=max")
    hands = {(r["hand"], r["dealer"], r["pool_in"], r["pot"], r["pool_after"], r["double"],
              r["outcome"]) for r in got}
    assert hands == {(1, "Bea", 0, 9, 9, 0, "played out"), (2, "Zoe", 9, 18, 9, 1, "played out"),
                     (3, "Amy", 9, 18, 0, 1, OUTCOMES[Resolution.ALL_PASS])}
    assert [(r["hand"], r["player"], r["word"], r["tricks"], r["looed"], r["delta"])
            for r in got] == [
        (1, "Zoe", "forced", 1, 0, 3), (1, "Amy", "forced", 0, 1, -9),
        (1, "Max", "forced", 1, 0, 3), (1, "Bea", "forced", 1, 0, -6),
        (2, "Zoe", "stand", 1, 0, -3), (2, "Amy", "stand", 2, 0, 12),
        (2, "Max", "pass", 0, 0, 0), (2, "Bea", "miss", 0, 1, -9),
        (3, "Zoe", "pass", 0, 0, 0), (3, "Amy", "pass", 0, 0, 9),
        (3, "Max", "pass", 0, 0, 0), (3, "Bea", "pass", 0, 0, 0)]
    assert {r["session_name"] for r in got} == {"Test night"}


def test_movements_name_the_pool(ledger):
    got = rows(ledger, "/loo/movements.json?_shape=array&_size=max")
    # Hand 1: Bea's ante, three shares of 3, Amy's loo.
    assert sorted((r["payer"], r["payee"], r["amount"], r["kind"])
                  for r in got if r["hand"] == 1) == sorted([
        ("Bea", "pool", 9, "ante"), ("pool", "Zoe", 3, "share"), ("pool", "Max", 3, "share"),
        ("pool", "Bea", 3, "share"), ("Amy", "pool", 9, "loo")])
    # Hand 2: Zoe's ante, 6 a trick to Amy (2) and Zoe (1), Bea's loo.
    assert sorted((r["payer"], r["payee"], r["amount"], r["kind"])
                  for r in got if r["hand"] == 2) == sorted([
        ("Zoe", "pool", 9, "ante"), ("pool", "Amy", 12, "share"), ("pool", "Zoe", 6, "share"),
        ("Bea", "pool", 9, "loo")])
    # Hand 3: Amy's ante and Amy taking the whole 18.
    assert sorted((r["payer"], r["payee"], r["amount"], r["kind"])
                  for r in got if r["hand"] == 3) == [
        ("Amy", "pool", 9, "ante"), ("pool", "Amy", 18, "whole-pool")]
    assert all(r["payer"] and r["payee"] and r["reason"] for r in got)
    assert [(r["hand"], r["seq"]) for r in got] == sorted((r["hand"], r["seq"]) for r in got)
    with sqlite3.connect(ledger) as conn:  # the table itself keeps NULL for the pool
        # (m015: the movements packed, the pool 0 in the payer or payee bits)
        nulls = conn.execute("SELECT count(*) FROM hands, json_each(moves) m WHERE "
                             "m.value & 31 = 0 OR (m.value >> 5) & 31 = 0").fetchone()[0]
    assert nulls == sum(1 for r in got if "pool" in (r["payer"], r["payee"])) == 5 + 4 + 2


def test_pool_history(ledger):
    got = rows(ledger, "/loo/pool_history.json?_shape=array")
    assert [(r["session_id"], r["hand"], r["dealer"], r["pool_in"], r["pot"], r["pool_after"])
            for r in got] == [(1, 1, "Bea", 0, 9, 9), (1, 2, "Zoe", 9, 18, 9),
                              (1, 3, "Amy", 9, 18, 0)]


def test_readme_queries_run_as_written(ledger):
    section = (ROOT / "docs" / "datasette.md").read_text(encoding="utf-8")
    assert "datasette loo.db -m metadata.json" in section
    sqls = re.findall(r"```sql\n(.*?)```", section, re.S)
    assert len(sqls) == 3
    assert query(ledger, sqls[0]) == [("Zoe", 0, "0.00"), ("Amy", 12, "0.60"),
                                      ("Max", 3, "0.15"), ("Bea", -15, "-0.75"),
                                      ("pool", 0, "0.00")]
    assert query(ledger, sqls[1]) == [(1, "forced", 0, -9), (2, "stand", 2, 12),
                                      (3, "pass", 0, 9)]
    assert query(ledger, sqls[2]) == [(1, None, None), (2, "hearts", "stand"),
                                      (3, None, "pass")]


def test_outcome_is_described_as_the_view_returns_it(samples):
    """hand_results.outcome is described with the words the view returns, and every word
    the samples' hands end with is among them; hands.outcome with its codes."""
    meta = json.loads(loo(samples, "datasette-metadata"))["databases"]["loo"]["tables"]
    described = meta["hand_results"]["columns"]["outcome"]
    returned = {r[0] for r in query(samples, "SELECT DISTINCT outcome FROM hand_results")}
    assert len(returned) >= 3
    assert all(f"'{words}'" in described for words in returned)
    assert all(f"'{words}'" in described for words in OUTCOMES.values())
    assert not [c.value for c in Resolution if f"{c.value} =" in described]
    assert "0 = played out" in meta["hands"]["columns"]["outcome"]
    assert "hand_records" in meta["hands"]["columns"]["record"]


def test_every_outcome_is_spelled_out():
    assert set(OUTCOMES) == set(Resolution)
    assert all("'" not in words for words in OUTCOMES.values())  # inlined in the view's SQL


# -- foreign keys --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("samples") / "loo.db"
    loo(db, "import", *map(str, sorted((ROOT / "sample_sessions").glob("*.json"))))
    return db


def keys(conn: sqlite3.Connection, table: str) -> set[tuple[str, str, str]]:
    return {(r[3], r[2], r[6]) for r in conn.execute(f"PRAGMA foreign_key_list({table})")}


def test_every_id_column_is_a_declared_foreign_key(samples):
    with sqlite3.connect(samples) as conn:
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = "
                                             "'table' AND name NOT LIKE '%sqlite%'")]
        missing = []
        for table in tables:
            declared = {column for column, _, _ in keys(conn, table)}
            columns = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
            missing += [f"{table}.{c}" for c in columns
                        if c in ("session_id", "hand_id") and c not in declared]
        assert missing == ["audit.session_id"]  # it outlives a deleted session (m010)
        assert keys(conn, "hands") == {("session_id", "sessions", "CASCADE")}
        assert keys(conn, "imports") == {("session_id", "sessions", "CASCADE")}


def test_every_foreign_key_is_indexed(samples):
    """Deleting a parent row looks up its children by the key's column: each key needs an
    index that begins with it, else every deleted hand scans every play."""
    with sqlite3.connect(samples) as conn:
        unindexed = []
        for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            firsts = {conn.execute(f"PRAGMA index_info({r[1]})").fetchone()[2]
                      for r in conn.execute(f"PRAGMA index_list({table})")}
            info = list(conn.execute(f"PRAGMA table_info({table})"))
            rowid = [r[1] for r in info if r[5]] if sum(r[5] > 0 for r in info) == 1 else []
            unindexed += [f"{table}.{column}" for column, _, _ in keys(conn, table)
                          if column not in firsts | set(rowid)]
    assert unindexed == []


def test_session_delete_leaves_nothing_behind(samples, tmp_path):
    db = tmp_path / "copy.db"
    with sqlite3.connect(samples) as source, sqlite3.connect(db) as copy:
        source.backup(copy)
    loo(db, "session", "delete", "2", "--yes")
    with sqlite3.connect(db) as conn:
        # (postings and plays gave way to the hands' compact columns in m015)
        for table in {t for t, _, _ in M012_KEYS} - {"postings", "plays"} | {"hands", "seats"}:
            assert conn.execute(f"SELECT count(*) FROM {table} WHERE session_id = 2"
                                ).fetchone()[0] == 0, table
        assert conn.execute("SELECT count(*) FROM hands WHERE session_id = 3"
                            ).fetchone()[0] > 0
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


def test_m012_upgrades_a_ledger_without_losing_rows(tmp_path):
    """A ledger from before m012 (tests/fixtures/v1.db taken through m011, so no foreign
    keys and no views) opens with every hand, the keys and the views; the row an old
    version's delete left behind (its session gone) is dropped. (Until m015 this test
    stripped the keys from a new ledger; the postings and plays it then counted are now
    the hands' compact columns.)"""
    db = tmp_path / "old.db"
    db.write_bytes((ROOT / "tests" / "fixtures" / "v1.db").read_bytes())
    migrations.apply(Database(db), stop_before="m012_views_and_keys")
    conn = sqlite3.connect(db, isolation_level=None)
    assert keys(conn, "session_totals") == set() and keys(conn, "imports") == set()
    assert not conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'view'"
                            ).fetchone()[0]
    hands = [(s, n, json.loads(r)) for s, n, r in conn.execute(
        "SELECT session_id, number, record FROM hands ORDER BY 1, 2")]
    assert len(hands) == 3 + 4
    # a row an old version's delete left behind: its session is gone
    conn.execute("INSERT INTO session_totals VALUES (99, 1, 0, 9, 0, 0, 0)")
    conn.close()
    assert "m012_views_and_keys" in {m.name for m in migrations.pending(Database(db))}
    loo(db, "balances", "-s", "1")  # opening the ledger migrates it
    with sqlite3.connect(db) as conn:
        seats = {s: Seats([r[0] for r in conn.execute(
            "SELECT name FROM seats WHERE session_id = ? ORDER BY position", (s,))])
            for s in (1, 2)}
        assert [(s, n, decode(r, seats[s])) for s, n, r in conn.execute(
            "SELECT session_id, number, record FROM hands ORDER BY 1, 2")] == hands
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        assert conn.execute("SELECT count(*) FROM session_totals WHERE session_id = 99"
                            ).fetchone()[0] == 0
        schema = dict(conn.execute("SELECT name, sql FROM sqlite_master"))
        assert schema["hands"].rstrip().endswith("WITHOUT ROWID")
        assert {"idx_player_totals_session", "idx_imports_fingerprint"} <= set(schema)
        assert set(VIEWS) <= set(schema)
        assert keys(conn, "session_totals") == {("session_id", "sessions", "CASCADE")}
        assert keys(conn, "hands") == {("session_id", "sessions", "CASCADE")}


# -- metadata.json ---------------------------------------------------------------------------


def test_metadata_describes_every_table_view_and_column(samples, tmp_path):
    meta = json.loads(loo(samples, "datasette-metadata"))
    assert json.loads(loo(samples, "datasette-metadata", "--json")) == meta
    out = tmp_path / "metadata.json"
    loo(samples, "datasette-metadata", "-o", str(out))
    assert json.loads(out.read_text(encoding="utf-8")) == meta
    assert meta["title"] and meta["description"]
    described = meta["databases"]["loo"]["tables"]
    with sqlite3.connect(samples) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN "
                                            "('table', 'view') AND name NOT LIKE '%sqlite%'")]
        missing = [n for n in names if n not in described]
        for name in names:
            columns = [r[1] for r in conn.execute(f"PRAGMA table_info({name})")]
            missing += [f"{name}.{c}" for c in columns
                        if not described.get(name, {}).get("columns", {}).get(c)]
    assert missing == [], "describe them in loo_ledger/store/views.py DESCRIPTIONS"
    assert set(described) == set(DESCRIPTIONS) | set(HIDDEN)
    other = json.loads(loo(tmp_path / "friday.db", "datasette-metadata"))
    assert list(other["databases"]) == ["friday"]  # Datasette names a database by its file


def test_datasette_serves_the_descriptions(ledger, tmp_path):
    meta = json.loads(loo(ledger, "datasette-metadata"))

    async def page() -> str:
        ds = datasette(ledger, metadata=meta)
        response = await ds.client.get("/loo/balances")
        assert response.status_code == 200
        return response.text
    html = asyncio.run(page()).replace("&#39;", "'")
    assert DESCRIPTIONS["balances"][0] in html


#: The balances view as m012 to m020 made it (loo_ledger before issue 22).
OLD_BALANCES = """CREATE VIEW balances AS SELECT s.id AS session_id, s.name AS session_name,
    st.position AS seat_position, st.name AS player, st.net AS net_chips, st.present AS present
    FROM seats st JOIN sessions s ON s.id = st.session_id ORDER BY s.id, st.position"""


def test_m022_gives_an_older_ledger_the_views_of_issue_22(tmp_path):
    """A ledger migrated up to m020 (tests/fixtures/v1.db: session 1 is the good session
    with A B C D, a chip 0.05 GBP; session 2 has no unit) has neither hand_records nor the
    money in balances; opened, it has both. Session 1's nets A 0, B 12, C 3, D -15 and an
    empty pool: money 0.00, 0.60, 0.15, -0.75, 0.00; session 2 none."""
    db = tmp_path / "old.db"
    db.write_bytes((ROOT / "tests" / "fixtures" / "v1.db").read_bytes())
    migrations.apply(Database(db), stop_before="m022_read_as_stored")
    with sqlite3.connect(db) as conn:  # the views as the version before m022 made them
        conn.execute("DROP VIEW hand_records")
        conn.execute("DROP VIEW balances")
        conn.execute(OLD_BALANCES)
        views = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = "
                                            "'view'")}
        assert "balances" in views and "hand_records" not in views
        assert "money" not in {r[1] for r in conn.execute("PRAGMA table_info(balances)")}
    loo(db, "balances", "-s", "1")  # opening the ledger migrates it
    got = query(db, "SELECT session_id, player, net_chips, money FROM balances")
    assert got == [(1, "A", 0, "0.00"), (1, "B", 12, "0.60"), (1, "C", 3, "0.15"),
                   (1, "D", -15, "-0.75"), (1, "pool", 0, "0.00"), (2, "Ann", 3, None),
                   (2, "Ben", -12, None), (2, "Cat", 9, None), (2, "pool", 0, None)]
    assert query(db, "SELECT hand, json_extract(record, '$.trump'), json_extract(record, "
                 "'$.tricks.B') FROM hand_records WHERE session_id = 1") == [
        (1, None, 0), (2, "hearts", 2), (3, None, None)]
