"""The store: settlements written by hand, read back; refusal of foreign files; atomicity."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import msgspec
import pytest

from loo_ledger.domain.rules.codes import MovementKind
from loo_ledger.domain.rules.model import Movement, Session, Settlement, TableState, Unit
from loo_ledger.errors import NotFound, StoreError
from loo_ledger.store import (
    APPLICATION_ID,
    Ledger,
    default_db_path,
    derive,
    open_database,
    state_from_json,
    state_to_json,
)
from loo_ledger.store.migrations import migrations

PLAYERS = ("A", "B", "C")
RAW = [{"dealer": "C", "tricks": {"A": 2, "B": 0, "C": 1}, "note": "B looed — ü"},
       {"tricks": {"A": 0, "B": 3, "C": 0}}]
FINAL = TableState(seats=PLAYERS, dealer="B", pool=0, double=False, lou_first=True,
                   lou_antes_due=True, sit_out=frozenset(), hand_no=3)


def settlements() -> list[Settlement]:
    """Hand 1: C antes 9, A takes 6 for 2 tricks, C 3 for 1, B is looed for 9.
    Hand 2: A antes 9 into the double pool of 18, B takes all 3 tricks."""
    h1 = (Movement(payer="C", payee=None, amount=9,
                   kind=MovementKind.ANTE, reason="ante", rule="ante"),
          Movement(payer=None, payee="A", amount=6,
                   kind=MovementKind.SHARE, reason="2 tricks at 3", rule="trick"),
          Movement(payer=None, payee="C", amount=3,
                   kind=MovementKind.SHARE, reason="1 trick at 3", rule="trick"),
          Movement(payer="B", payee=None, amount=9,
                   kind=MovementKind.LOO, reason="looed", rule="loo"))
    h2 = (Movement(payer="A", payee=None, amount=9,
                   kind=MovementKind.ANTE, reason="ante", rule="ante"),
          Movement(payer=None, payee="B", amount=18,
                   kind=MovementKind.SHARE, reason="3 tricks at 6", rule="trick"))
    return [Settlement(hand_no=1, dealer="C", dealt=PLAYERS, movements=h1,
                       deltas={"A": 6, "B": -9, "C": -6}, pool_in=0, pot=9, pool_after=9,
                       double=False, outcome="looed", looed=("B",), next_state=FINAL),
            Settlement(hand_no=2, dealer="A", dealt=PLAYERS, movements=h2,
                       deltas={"A": -9, "B": 18, "C": 0}, pool_in=9, pot=18, pool_after=0,
                       double=True, outcome="cleared", table_ruling="agreed at table",
                       next_state=FINAL)]


SESSION = Session(variant="three-card", players=PLAYERS, first_dealer="C", rules={"ante": 9},
                  name="Friday", started_at="2026-11-20T20:00",
                  unit=Unit(name="chip", value="0.05", currency="GBP"))


@pytest.fixture
def ledger(tmp_path):
    led = Ledger.open(tmp_path / "sub" / "loo.db")
    yield led
    led.close()


def add(led: Ledger, session: Session = SESSION, **kw) -> int:
    return led.add_session(session, RAW, settlements(), FINAL, **kw)


def dump(led: Ledger) -> str:
    return "\n".join(led.db.conn.iterdump())


def test_balances_hands_postings(ledger):
    sid = add(ledger, source="friday.json")
    assert ledger.balances(sid) == {"name": "Friday", "pool": 0, "players": [
        {"name": "A", "net": -3}, {"name": "B", "net": 9}, {"name": "C", "net": -6}],
        "opening_pool": 0,
        "unit": {"unit_name": "chip", "unit_value": "0.05", "currency": "GBP"}}
    hands = ledger.hands(sid)
    assert [h["number"] for h in hands] == [1, 2]
    assert hands[0] == {"number": 1, "dealer": "C", "record": RAW[0],
                        "deltas": {"A": 6, "B": -9, "C": -6}, "pool_in": 0, "pot": 9,
                        "pool_after": 9, "double": False, "outcome": "looed",
                        "table_ruling": None, "looed": ["B"]}
    assert hands[1]["double"] is True and hands[1]["table_ruling"] == "agreed at table"
    posts = ledger.postings(sid)
    assert [(p["hand"], p["seq"], p["payer"], p["payee"], p["amount"]) for p in posts] == [
        (1, 1, "C", None, 9), (1, 2, None, "A", 6), (1, 3, None, "C", 3), (1, 4, "B", None, 9),
        (2, 1, "A", None, 9), (2, 2, None, "B", 18)]
    # reasons are the engine's words, not stored (m015): these hands' settlements are made
    # up, so settling the records again does not give them and the stored kinds stand in
    assert posts[3]["reason"] == "loo" and posts[3]["rule"] == ""
    assert [p["kind"] for p in posts] == ["ante", "share", "share", "loo", "ante", "share"]
    assert ledger.final_state(sid) == FINAL
    row = ledger.session(sid)
    assert row["source"] == "friday.json" and row["players"] == list(PLAYERS)
    assert row["rules"] == {"ante": 9} and row["next_dealer"] == "B"


def test_nets_agree_with_postings_and_deltas(ledger):
    sid = add(ledger)
    nets = {p["name"]: p["net"] for p in ledger.balances(sid)["players"]}
    from_deltas = {n: sum(h["deltas"][n] for h in ledger.hands(sid)) for n in PLAYERS}
    assert nets == from_deltas
    pool = sum(p["amount"] * ((p["payee"] is None) - (p["payer"] is None))
               for p in ledger.postings(sid))
    assert pool == ledger.balances(sid)["pool"] - SESSION.opening_pool


def test_session_dict_round_trips(ledger):
    sid = add(ledger)
    exported = ledger.session_dict(sid)
    assert exported == {"format": "loo-session/1", "name": "Friday",
                        "started_at": "2026-11-20T20:00", "variant": "three-card",
                        "rules": {"ante": 9},
                        "unit": {"name": "chip", "value": "0.05", "currency": "GBP"},
                        "players": ["A", "B", "C"], "first_dealer": "C", "opening_pool": 0,
                        "hands": RAW}
    again = json.loads(json.dumps(exported))
    session = Session(variant=again["variant"], players=tuple(again["players"]),
                      first_dealer=again["first_dealer"], rules=again["rules"],
                      name=again["name"], started_at=again["started_at"],
                      unit=Unit(**again["unit"]), opening_pool=again["opening_pool"])
    sid2 = ledger.add_session(session, again["hands"], settlements(), FINAL)
    assert ledger.session_dict(sid2) == exported


def test_session_dict_omits_empty_rules_and_unit(ledger):
    bare = msgspec.structs.replace(SESSION, rules={}, unit=None, name=None, started_at=None)
    out = ledger.session_dict(add(ledger, bare))
    assert "rules" not in out and "unit" not in out and "name" not in out


def test_current_session_and_listing(ledger):
    assert ledger.current_session_id() is None and ledger.sessions() == []
    first = add(ledger)
    assert ledger.current_session_id() == first
    ids = ledger.add_sessions([(SESSION, RAW, settlements(), FINAL, None)] * 2)
    assert ledger.current_session_id() == ids[-1] and len(set(ids + [first])) == 3
    ledger.set_current(first)
    assert ledger.current_session_id() == first
    with pytest.raises(NotFound, match="999"):
        ledger.set_current(999)
    listed = ledger.sessions()
    assert [s["id"] for s in listed] == [first] + ids
    assert listed[0] | {"created_at": None} == {
        "id": first, "name": "Friday", "started_at": "2026-11-20T20:00",
        "variant": "three-card", "players": 3, "hands": 2, "pool": 0,
        "created_at": None, "closed": False}
    assert ledger.add_sessions([]) == []


@pytest.mark.parametrize("method", ["session", "session_dict", "hands", "postings",
                                    "balances", "final_state"])
def test_missing_session_is_not_found(ledger, method):
    with pytest.raises(NotFound, match="42"):
        getattr(ledger, method)(42)


def bad_amount() -> list[Settlement]:
    s = settlements()
    moves = (msgspec.structs.replace(s[1].movements[0], amount=-9),) + s[1].movements[1:]
    return [s[0], msgspec.structs.replace(s[1], movements=moves)]


def unseated() -> list[Settlement]:
    s = settlements()
    moves = s[1].movements + (Movement(payer="Z", payee=None, amount=1,
                                       kind=MovementKind.SHARE, reason="?"),)
    return [s[0], msgspec.structs.replace(s[1], movements=moves)]


def duplicate_number() -> list[Settlement]:
    s = settlements()
    return [s[0], msgspec.structs.replace(s[1], hand_no=1)]


@pytest.mark.parametrize("broken", [bad_amount, unseated, duplicate_number])
def test_failed_add_sessions_writes_nothing(ledger, broken):
    add(ledger)
    before = dump(ledger)
    good = (SESSION, RAW, settlements(), FINAL, None)
    with pytest.raises(StoreError, match="hand 2|UNIQUE"):
        ledger.add_sessions([good, (SESSION, RAW, broken(), FINAL, "bad.json")])
    assert dump(ledger) == before
    assert not ledger.db.conn.in_transaction


def test_failure_raised_mid_way_writes_nothing(ledger, monkeypatch):
    first = add(ledger)
    before = dump(ledger)
    real, calls = derive.Deriving.each, []

    def second_fails(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("boom")
        return real(*args, **kwargs)

    monkeypatch.setattr(derive.Deriving, "each", second_fails)
    with pytest.raises(RuntimeError):
        ledger.add_sessions([(SESSION, RAW, settlements(), FINAL, None)] * 2)
    assert dump(ledger) == before and ledger.current_session_id() == first


def test_hand_count_mismatch_is_refused(ledger):
    with pytest.raises(StoreError, match="2 hand records but 1"):
        ledger.add_session(SESSION, RAW, settlements()[:1], FINAL)
    assert ledger.sessions() == []


def foreign_sqlite(path, app_id=0, table=True):
    conn = sqlite3.connect(path)
    if table:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        conn.execute("INSERT INTO notes (body) VALUES ('mine')")
    if app_id:
        conn.execute(f"PRAGMA application_id={app_id}")
    conn.commit()
    conn.close()


def corrupt_loo(path):
    Ledger.open(path).close()
    data = bytearray(path.read_bytes())
    data[100:] = os.urandom(len(data) - 100)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("make", [
    lambda p: p.write_text("hello, I am a shopping list\n"),
    lambda p: p.write_bytes(os.urandom(8192)),
    lambda p: p.write_bytes(b"SQLite format 3\x00" + os.urandom(4000)),
    foreign_sqlite,
    lambda p: foreign_sqlite(p, app_id=1234, table=False),
    lambda p: foreign_sqlite(p, app_id=1234),
    corrupt_loo,
], ids=["text", "random", "bad-sqlite", "other-program", "other-app-id-empty",
        "other-app-id", "corrupt-loo"])
def test_foreign_files_are_refused_untouched(tmp_path, make):
    path = tmp_path / "x.db"
    make(path)
    before, listing = path.read_bytes(), sorted(os.listdir(tmp_path))
    with pytest.raises(StoreError, match="is not a loo_ledger database") as err:
        open_database(path)
    assert str(path) in str(err.value) and "\n" not in str(err.value)
    assert path.read_bytes() == before and sorted(os.listdir(tmp_path)) == listing


def test_directory_is_refused(tmp_path):
    with pytest.raises(StoreError, match="directory"):
        open_database(tmp_path)


def test_empty_files_are_initialised(tmp_path):
    zero = tmp_path / "zero.db"
    zero.touch()
    empty = tmp_path / "empty.db"
    foreign_sqlite(empty, table=False)
    for path in (zero, empty):
        db = open_database(path)
        assert "sessions" in db.table_names()
        db.close()


def test_pragmas_wal_and_stamp(ledger):
    db = ledger.db
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert {"sessions", "seats", "hands", "settings"} <= set(db.table_names())


def test_reopening_applies_no_migration_twice(tmp_path):
    path = tmp_path / "loo.db"
    led = Ledger.open(path)
    sid = add(led)
    led.close()
    led = Ledger.open(path)
    from sqlite_utils import Database
    names = [m.name for m in migrations.applied(Database(led.db.conn))]
    assert len(names) == len(set(names)) == len(migrations._migrations)
    assert migrations.pending(Database(led.db.conn)) == []
    assert led.balances(sid)["players"][1]["net"] == 9
    led.close()


def test_the_fast_open_knows_every_migration():
    # db.MIGRATIONS lets a migrated database open without loading sqlite-utils; it must
    # name exactly the registered migrations, in order.
    from loo_ledger.store.db import MIGRATIONS
    assert tuple(m.name for m in migrations._migrations) == MIGRATIONS


def test_a_migrated_database_opens_without_sqlite_utils(tmp_path):
    import subprocess
    import sys
    path = tmp_path / "loo.db"
    Ledger.open(path).close()
    code = ("import sys; from loo_ledger.store.ledger import Ledger; "
            f"Ledger.open({str(path)!r}).balances; print('sqlite_utils' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_second_connection_while_first_is_open(tmp_path):
    path = tmp_path / "loo.db"
    first = Ledger.open(path)
    sid = add(first)
    assert path.with_name("loo.db-wal").exists()
    second = Ledger.open(path)
    assert second.balances(sid) == first.balances(sid)
    second.close()
    first.close()


def test_default_db_path(monkeypatch, tmp_path):
    monkeypatch.setenv("LOO_DB", str(tmp_path / "env.db"))
    assert default_db_path() == tmp_path / "env.db"
    monkeypatch.delenv("LOO_DB")
    assert default_db_path().name == "loo.db" and "loo_ledger" in str(default_db_path())


def test_state_json_round_trip():
    state = TableState(seats=("A", "B"), dealer="B", pool=12, double=True, lou_first=False,
                       lou_antes_due=False, sit_out=frozenset({"B", "A"}), hand_no=7)
    assert json.loads(state_to_json(state))["sit_out"] == ["A", "B"]
    assert state_from_json(state_to_json(state)) == state


def test_m008_fills_the_kind_of_every_posting_of_an_older_database(tmp_path):
    """A database from before m008 (postings without kind) gets each posting's kind from
    the rebuild that follows the migration: GOOD's hand 1 (D deals, 3 a trick) is D's ante,
    three shares and B's loo; hand 3 (all pass) is B's ante and B taking the whole 18."""
    # tests/fixtures/v1.db (m001..m005: postings without kind); its session 1 is GOOD
    path = tmp_path / "old.db"
    shutil.copyfile(Path(__file__).parent / "fixtures" / "v1.db", path)
    led = Ledger.open(path)
    kinds = [(p["hand"], p["payer"], p["payee"], p["kind"]) for p in led.postings(1)]
    led.close()
    assert sorted((k for k in kinds if k[0] == 1), key=repr) == sorted([
        (1, "D", None, "ante"), (1, None, "A", "share"), (1, None, "C", "share"),
        (1, None, "D", "share"), (1, "B", None, "loo")], key=repr)
    assert [k for k in kinds if k[0] == 3] == [(3, "B", None, "ante"),
                                              (3, None, "B", "whole-pool")]


GOOD = {"format": "loo-session/1", "variant": "three-card", "players": ["A", "B", "C", "D"],
        "first_dealer": "D", "opening_pool": 0,
        "hands": [{"tricks": {"A": 1, "B": 0, "C": 1, "D": 1}},
                  {"trump": "hearts",
                   "declarations": {"B": "stand", "C": "pass", "D": "miss", "A": "stand"},
                   "tricks": {"B": 2, "D": 0, "A": 1}},
                  {"declarations": {"C": "pass", "D": "pass", "A": "pass", "B": "pass"}}]}
