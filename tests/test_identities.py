"""Players across sessions (issue 11, item 5): one person however the name is cased,
``loo player merge`` for two spellings, lifetime stats that follow the person.

The two sessions (worked by hand in tests/test_season_tab.py's docstring): session 1,
Margaret +3, Ben -9, Cat -3; session 2, margaret +9, Ben -9, Meg -18. Each played one hand.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from cli_kit import BuiltOnce
from ledger_kit import copy_for_each_test

from loo_ledger.cli import app
from loo_ledger.store.ledger import Ledger

runner = BuiltOnce()  # the program's command built once for the module


def loo(db: Path, *args: str, code: int = 0) -> Any:
    result = runner.invoke(app, ["--db", str(db), *args])
    assert result.exit_code == code, result.output
    return json.loads(result.stdout) if "--json" in args and code == 0 else result.output


two = copy_for_each_test("two_built", name="two")


@pytest.fixture(scope="module")
def two_built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The two evenings, built once for the module."""
    db = tmp_path_factory.mktemp("two") / "loo.db"
    loo(db, "new", "One", "--players", "Margaret,Ben,Cat", "--dealer", "Cat")
    loo(db, "hand", "Margaret=1", "Ben=0", "Cat=2")
    loo(db, "new", "Two", "--players", "margaret,Ben,Meg", "--dealer", "Meg")
    loo(db, "hand", "margaret=3", "Ben=0", "Meg=0")
    return db


def nets(report: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {p["player"]: (p["net"], p["hands"]) for p in report["players"]}


def test_names_differing_in_case_are_one_player(two: Path) -> None:
    assert loo(two, "players", "--json") == [
        {"player": "Margaret", "aliases": ["Margaret", "margaret"], "sessions": [1, 2]},
        {"player": "Ben", "aliases": ["Ben"], "sessions": [1, 2]},
        {"player": "Cat", "aliases": ["Cat"], "sessions": [1]},
        {"player": "Meg", "aliases": ["Meg"], "sessions": [2]}]
    assert nets(loo(two, "stats", "--all", "--json")) == {
        "Margaret": (12, 2), "Ben": (-18, 2), "Cat": (-3, 1), "Meg": (-18, 1)}
    mine = loo(two, "stats", "--all", "--player", "MARG", "--json")
    assert nets(mine) == {"Margaret": (12, 2)}
    assert [(r["session"], r["net"]) for r in mine["record"][0]["sessions"]] == [(1, 3), (2, 9)]


def test_one_session_keeps_the_spelling_at_its_table(two: Path) -> None:
    assert nets(loo(two, "stats", "-s", "2", "--json")) == {
        "margaret": (9, 1), "Ben": (-9, 1), "Meg": (-18, 1)}


def test_merge_makes_two_spellings_one(two: Path) -> None:
    """Meg is Margaret: 12 - 18 = -6 over 3 hands."""
    out = loo(two, "player", "merge", "meg", "marg", "--json")
    assert out == {"action": "player merge", "session": None, "alias": "meg",
                   "player": "Margaret", "aliases": ["Margaret", "margaret", "Meg"],
                   "sessions": [1, 2]}
    assert nets(loo(two, "stats", "--all", "--json")) == {
        "Margaret": (-6, 3), "Ben": (-18, 2), "Cat": (-3, 1)}
    assert nets(loo(two, "stats", "--all", "--player", "Meg", "--json")) == {
        "Margaret": (-6, 3)}
    assert [p["player"] for p in loo(two, "players", "--json")] == ["Margaret", "Ben", "Cat"]
    assert "one player already" in loo(two, "player", "merge", "MEG", "Margaret", code=1)


def test_merging_a_merged_player_moves_every_spelling(two: Path) -> None:
    """Meg into Margaret, then Margaret into Ben: all of them are Ben (-6 - 18 = -24)."""
    loo(two, "player", "merge", "Meg", "Margaret")
    loo(two, "player", "merge", "Margaret", "Ben")
    assert loo(two, "players", "--json") == [
        {"player": "Ben", "aliases": ["Margaret", "Ben", "margaret", "Meg"], "sessions": [1, 2]},
        {"player": "Cat", "aliases": ["Cat"], "sessions": [1]}]
    assert nets(loo(two, "stats", "--all", "--json")) == {"Ben": (-24, 5), "Cat": (-3, 1)}


def test_a_name_seated_after_the_merge_follows_it(two: Path) -> None:
    loo(two, "player", "merge", "Meg", "Margaret")
    loo(two, "new", "Three", "--players", "MEG,Ben", "--dealer", "Ben")
    loo(two, "hand", "MEG=1", "Ben=2")
    assert [p["player"] for p in loo(two, "stats", "--all", "--json")["players"]] == [
        "Margaret", "Ben", "Cat"]


@pytest.mark.parametrize("alias, player, said", [
    ("Zed", "Margaret", "no player is written 'Zed'"),
    ("Meg", "Zed", "no player matches 'Zed'"),
    ("Ben", "Ben", "one player already")])
def test_merge_refused_writes_nothing(two: Path, alias: str, player: str, said: str) -> None:
    before = loo(two, "players", "--json")
    assert said in loo(two, "player", "merge", alias, player, code=1)
    assert loo(two, "players", "--json") == before


def test_migration_fills_identities_from_the_seats(two: Path) -> None:
    """A ledger from before m011: the tables and the migration's record are removed, and
    opening it applies m011 again, one identity per casefolded name, first spelling shown."""
    with sqlite3.connect(two) as conn:
        for table in ("aliases", "identities", "payments"):
            conn.execute(f"DROP TABLE {table}")
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm011_identities'")
        conn.execute("PRAGMA user_version = 10")
    Ledger.open(two).close()
    with sqlite3.connect(two) as conn:
        rows = conn.execute("SELECT a.alias, i.name FROM aliases a JOIN identities i "
                            "ON i.id = a.identity_id ORDER BY i.id").fetchall()
    assert rows == [("margaret", "Margaret"), ("ben", "Ben"), ("cat", "Cat"), ("meg", "Meg")]


def test_spellings_resolved_once_each_in_the_order_they_first_sat(two: Path) -> None:
    """After ``meg`` is merged into Margaret, each spelling is resolved in the order of the
    seat where it first sat: Margaret (session 1, seat 0), Ben, Cat, then margaret and Meg
    (session 2); ``meg`` and ``margaret`` are aliases of Margaret. Read without the sessions
    (what the reports' name map needs), the names are the same and no session is read."""
    from loo_ledger.store.db import open_database
    from loo_ledger.store.identities import read
    loo(two, "player", "merge", "meg", "marg")
    db = open_database(two, create=False)
    try:
        whole, names_only = read(db), read(db, sessions=False)
    finally:
        db.conn.close()
    assert whole.spellings == {"Margaret": ["Margaret", "margaret", "Meg"], "Ben": ["Ben"],
                               "Cat": ["Cat"]}
    assert whole.sessions == {"Margaret": [1, 2], "Ben": [1, 2], "Cat": [1]}
    assert dict(whole.names()) == {"Margaret": "Margaret", "margaret": "Margaret",
                                   "Meg": "Margaret", "Ben": "Ben", "Cat": "Cat"}
    assert (names_only.shown, names_only.spellings, names_only.sessions) == (
        whole.shown, whole.spellings, {})
