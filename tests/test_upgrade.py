"""Upgrades (issue 9, item 8): a ledger written by the first released loo_ledger opens,
migrates and passes `loo check` with every balance unchanged.

tests/fixtures/v1.db was written by the code of commit 2f526cc (the first CLI) running its
own `loo import`; tests/fixtures/make_v1_db.py says how. It holds the first schema
(migrations m001..m005 only). Its two sessions, worked by hand from RULES.md
(three-card: the dealer antes 9 to a simple pool, a trick takes a third of the pool, a
player looed pays 9, a double pool after a loo, all passing gives the dealer the pool):

Session 1, GOOD_SESSION (tests/conftest.py; worked in test_cli.py): A 0, B +12, C +3,
D -15, pool 0.

Session 2, "Thursday", Ann Ben Cat, Cat deals first:
  hand 1, Cat deals, one trick each: Cat -9 + 3 = -6, Ann +3, Ben +3; pool 0.
  hand 2, Ann deals, one trick each: Ann -6, Ben +3, Cat +3; pool 0.
  hand 3, Ben deals, Ann 2 tricks, Cat 1, Ben none: Ann +6, Cat +3, Ben -9 - 9 = -18;
          pool 9 (Ben's loo), so the next pool is double.
  hand 4, Cat deals a double pool and all pass: Cat antes 9 and takes the 18: +9; pool 0.
  Ann 3 - 6 + 6 = +3; Ben 3 + 3 - 18 = -12; Cat -6 + 3 + 3 + 9 = +9; pool 0.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from loo_ledger.store.db import MIGRATIONS, SCHEMA_VERSION

FIXTURE = Path(__file__).parent / "fixtures" / "v1.db"
SESSION_1 = {"A": 0, "B": 12, "C": 3, "D": -15}
SESSION_2 = {"Ann": 3, "Ben": -12, "Cat": 9}


@pytest.fixture
def v1(tmp_path) -> Path:
    path = tmp_path / "v1.db"
    shutil.copyfile(FIXTURE, path)
    return path


def _nets(loo, db, sid):
    out = json.loads(loo(db, "balances", "--json", "--session", sid).stdout)
    return {p["name"]: p["net"] for p in out["players"]}, out["pool"]


def test_the_fixture_is_the_first_schema_as_the_first_version_wrote_it():
    conn = sqlite3.connect(f"{FIXTURE.resolve().as_uri()}?immutable=1", uri=True)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations ORDER BY id")]
        assert names == ["m001_sessions", "m002_seats", "m003_hands", "m004_postings",
                         "m005_settings"]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master "
                                             "WHERE type = 'table'")}
        assert "plays" not in tables and "audit" not in tables
        nets = {(s, n): v for s, n, v in conn.execute("SELECT session_id, name, net FROM seats")}
        assert nets == {**{(1, p): v for p, v in SESSION_1.items()},
                        **{(2, p): v for p, v in SESSION_2.items()}}
    finally:
        conn.close()


def test_a_first_version_ledger_opens_migrates_and_checks_clean(loo, v1):
    result = loo(v1, "check")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "0 differences in 2 session(s)"
    assert _nets(loo, v1, 1) == (SESSION_1, 0)
    assert _nets(loo, v1, 2) == (SESSION_2, 0)
    conn = sqlite3.connect(v1)
    try:
        names = {r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations")}
        assert names == set(MIGRATIONS)
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        # the derived tables the later migrations added were filled from the records
        # (m015: each hand's words, a letter per seat dealt in; the movements' kinds)
        assert conn.execute("SELECT sum(length(replace(words, '-', ''))) FROM hands WHERE "
                            "session_id = 2").fetchone()[0] == 4 * 3
        kinds = {r[0] for r in conn.execute("SELECT kind FROM movements")}
        assert kinds and "" not in kinds and None not in kinds
    finally:
        conn.close()


def test_an_upgraded_ledger_goes_on_recording(loo, v1):
    # session 1's next hand, C dealing a simple pool: A, B and D take a trick (+3 each),
    # C antes 9 and is looed 9 (-18); the loo stays in the pool: 9
    assert loo(v1, "use", "1").exit_code == 0
    result = loo(v1, "hand", "A=1", "B=1", "C=0", "D=1")
    assert result.exit_code == 0, result.output
    assert _nets(loo, v1, 1) == ({"A": 3, "B": 15, "C": -15, "D": -12}, 9)
    assert _nets(loo, v1, 2) == (SESSION_2, 0)
    assert loo(v1, "check").exit_code == 0


def test_the_committed_fixture_is_not_touched_by_the_tests():
    # every test works on a copy: the fixture keeps the first version's five migrations
    conn = sqlite3.connect(f"{FIXTURE.resolve().as_uri()}?immutable=1", uri=True)
    try:
        assert conn.execute("SELECT count(*) FROM _sqlite_migrations").fetchone()[0] == 5
    finally:
        conn.close()


# -- a large ledger of the first schema (issue 19, items 5 and 6) ----------------------
#
# Session 3, "Marathon", is added to a copy of the v1 fixture in the first schema, rows
# as the first version wrote them (hands with deltas, four postings each): Ann Ben Cat,
# Cat deals first, MARATHON hands, each "one trick each" (a simple pool: the dealer antes
# 9, each trick takes 3 of it, the pool is empty again): the dealer -9 + 3 = -6, the
# others +3. The deal goes Cat, Ann, Ben, Cat...; MARATHON is a multiple of 3, so each
# deals MARATHON / 3 hands: 3 * MARATHON - 9 * MARATHON / 3 = 0 for everyone, pool 0.
# The file is over 8 MiB (QUICK_CHECK_MAX_BYTES): its pages are checked table by table.
# What the check goes by is the file's size, free pages included: the hands (thirty of
# the upgrade's batches of a hundred) and 9 MiB of pages a dropped table left free, as
# deleted sessions leave them, make it so (21,000 hands did, at seven times the time).

MARATHON = 3_000
DEALERS = ("Cat", "Ann", "Ben")


def _old_marathon(path: Path) -> None:
    conn = sqlite3.connect(path)
    state = json.dumps({"seats": ["Ann", "Ben", "Cat"], "dealer": "Cat", "pool": 0,
                        "double": False, "lou_first": True, "lou_antes_due": True,
                        "sit_out": [], "hand_no": MARATHON + 1})
    conn.execute("INSERT INTO sessions (id, name, started_at, variant, rules, unit_name, "
                 "unit_value, currency, first_dealer, opening_pool, pool, next_dealer, "
                 "state, created_at, closed_at, source) VALUES (3, 'Marathon', NULL, "
                 "'three-card', '{}', NULL, NULL, NULL, 'Cat', 0, 0, 'Cat', ?, "
                 "'2026-11-23T06:35:13+00:00', NULL, '/tmp/marathon.json')", (state,))
    conn.executemany("INSERT INTO seats (session_id, position, name, net) VALUES (3, ?, ?, 0)",
                     [(0, "Ann"), (1, "Ben"), (2, "Cat")])
    record = json.dumps({"tricks": {"Ann": 1, "Ben": 1, "Cat": 1}}, separators=(",", ":"))
    hands, postings = [], []
    for n in range(1, MARATHON + 1):
        dealer = DEALERS[(n - 1) % 3]
        hid = 100 + n
        deltas = json.dumps({p: -6 if p == dealer else 3 for p in ("Ann", "Ben", "Cat")})
        hands.append((hid, n, dealer, record, deltas))
        postings.append((hid, 1, dealer, None, 9, "ante", "ante_model=dealer"))
        postings += [(hid, 2 + i, None, p, 3, "1 trick at 3", "divided=true")
                     for i, p in enumerate(("Ann", "Ben", "Cat"))]
    conn.executemany("INSERT INTO hands (id, session_id, number, dealer, record, deltas, "
                     "pool_in, pot, pool_after, double, outcome, table_ruling) VALUES "
                     "(?, 3, ?, ?, ?, ?, 0, 9, 0, 0, 'played', NULL)", hands)
    conn.executemany("INSERT INTO postings (hand_id, session_id, seq, payer, payee, amount, "
                     "reason, rule) VALUES (?, 3, ?, ?, ?, ?, ?, ?)", postings)
    conn.execute("CREATE TABLE pad (x BLOB)")
    conn.executemany("INSERT INTO pad VALUES (zeroblob(4000))", [()] * 2304)
    conn.commit()
    conn.execute("DROP TABLE pad")
    conn.commit()
    conn.close()


@pytest.fixture(scope="module")
def large_v1(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("large") / "large-v1.db"
    shutil.copyfile(FIXTURE, path)
    _old_marathon(path)
    return path


@pytest.fixture
def large(large_v1, tmp_path) -> Path:
    path = tmp_path / "large.db"
    shutil.copyfile(large_v1, path)
    return path


def test_a_large_first_version_ledger_opens_migrates_and_checks_clean(loo, large):
    from loo_ledger.store.conn import QUICK_CHECK_MAX_BYTES
    assert large.stat().st_size > QUICK_CHECK_MAX_BYTES
    result = loo(large, "check")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "0 differences in 3 session(s)"
    assert _nets(loo, large, 3) == ({"Ann": 0, "Ben": 0, "Cat": 0}, 0)
    assert _nets(loo, large, 1) == (SESSION_1, 0)
    assert _nets(loo, large, 2) == (SESSION_2, 0)


# A process killed (SIGKILL, nothing of it runs on) during the upgrade: the migrations
# applied and every derived row rebuilt, before anything more of the upgrade is done.
KILLED_IN_THE_UPGRADE = """import os, signal, sys
from loo_ledger.store import writer
real = writer.rebuild_all
def rebuild_all(db):
    real(db)
    os.kill(os.getpid(), signal.SIGKILL)
writer.rebuild_all = rebuild_all
from loo_ledger.cli import app
app(["--db", sys.argv[1], "balances"])
"""


def test_a_kill_during_the_upgrade_leaves_the_old_ledger_to_upgrade_again(loo, v1):
    import signal
    import subprocess
    import sys
    killed = subprocess.run([sys.executable, "-c", KILLED_IN_THE_UPGRADE, str(v1)],
                            capture_output=True, text=True)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    result = loo(v1, "check")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "0 differences in 2 session(s)"
    assert _nets(loo, v1, 1) == (SESSION_1, 0)
    assert _nets(loo, v1, 2) == (SESSION_2, 0)
    stats = json.loads(loo(v1, "stats", "--json", "--session", "2").stdout)
    # session 2's four hands are counted again: each of the three was dealt into all four
    assert {p["player"]: p["hands"] for p in stats["players"]} == {"Ann": 4, "Ben": 4,
                                                                   "Cat": 4}


def test_check_repair_derives_every_row_again_from_the_hand_records(loo, v1, monkeypatch):
    """A ledger an earlier version left 'upgraded' with its derived rows empty (its rebuild
    never ran): `loo check` finds it, `loo check --repair` derives every row again from the
    hand records (the nets of the docstring above) and the check is clean."""
    from loo_ledger.store import writer
    monkeypatch.setattr(writer, "rebuild_all", lambda db: [])
    assert loo(v1, "sessions").exit_code == 0  # upgraded, nothing rebuilt
    monkeypatch.undo()
    broken = loo(v1, "check")
    assert broken.exit_code == 1 and "0 differences" not in broken.stdout
    repaired = loo(v1, "check", "--repair")
    assert repaired.exit_code == 0, repaired.output
    assert repaired.stdout.splitlines()[0] == (
        "re-derived every derived row of 2 session(s) from their hand records")
    assert repaired.stdout.splitlines()[-1] == "0 differences in 2 session(s)"
    assert loo(v1, "check").exit_code == 0
    assert _nets(loo, v1, 1) == (SESSION_1, 0)
    assert _nets(loo, v1, 2) == (SESSION_2, 0)
