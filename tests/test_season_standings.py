"""Named seasons and their standings (issue 24, items 1 and 2).

The season, worked by hand from RULES.md (three-card, the default: every deal here is a
simple pool that everyone plays; 3 chips a trick; the dealer antes 9; a player with no
trick is looed and pays 9), one chip = £0.05:

E1 2026-03-06, Ann Ben Cat, Cat deals: Ann 2 tricks, Ben 1, Cat 0.
   Ann +6, Ben +3, Cat -9 ante -9 looed = -18.      Running: Ann 6, Ben 3, Cat -18.
   Places: Ann 1, Ben 2, Cat 3.
E2 2026-03-13, same, Cat deals: Ann 0, Ben 3, Cat 0.
   Ann -9 (looed), Ben +9 (the whole pool), Cat -18. Running: Ann -3, Ben 12, Cat -36.
   Places: Ben 1, Ann 2, Cat 3.
E3 2026-03-20, Ann Ben Cat Dov, Dov deals: Ann 1, Ben 0, Cat 2, Dov 0.
   Ann +3, Ben -9, Cat +6, Dov -18.            Running: Ann 0, Ben 3, Cat -30, Dov -18.
   Places: Ben 1, Ann 2, Dov 3, Cat 4.
E4 2026-03-27, Ann Ben Cat, Cat deals: Ann 3, Ben 0, Cat 0.
   Ann +9, Ben -9, Cat -18.                    Running: Ann 9, Ben -6, Cat -48, Dov -18.
   Places: Ann 1, Ben 2, Dov 3, Cat 4; change since E3: Ann +1, Ben -1, Dov 0, Cat 0.

Per player: evenings; hands; net; per 100 = 100 * net / hands; loo rate = looed / played;
whole pools (3 tricks); best and worst evening; money = net * 0.05:
   Ann 4, 4, +9,  +225.0, 1/4 = 0.25, 1, +9, -9,  £0.45
   Ben 4, 4, -6,  -150.0, 2/4 = 0.5,  1, +9, -9,  -£0.30
   Cat 4, 4, -48, -1200.0, 3/4 = 0.75, 0, +6, -18, -£2.40
   Dov 1, 1, -18, -1800.0, 1/1 = 1.0, 0, -18, -18, -£0.90
Nobody declared (a simple pool is played by all): no stand rate.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_kit import BuiltOnce
from ledger_kit import copy_for_each_test

from loo_ledger.cli import app

runner = BuiltOnce()  # the program's command built once for the module
MONEY = ("--unit-value", "0.05", "--currency", "GBP")
EVENINGS = (("E1", "2026-03-06", "Ann,Ben,Cat", "Cat", ("Ann=2", "Ben=1", "Cat=0")),
            ("E2", "2026-03-13", "Ann,Ben,Cat", "Cat", ("Ann=0", "Ben=3", "Cat=0")),
            ("E3", "2026-03-20", "Ann,Ben,Cat,Dov", "Dov",
             ("Ann=1", "Ben=0", "Cat=2", "Dov=0")),
            ("E4", "2026-03-27", "Ann,Ben,Cat", "Cat", ("Ann=3", "Ben=0", "Cat=0")))


def loo(db: Path, *args: str, code: int = 0) -> Any:
    result = runner.invoke(app, ["--db", str(db), *args])
    assert result.exit_code == code, result.output
    return json.loads(result.stdout) if "--json" in args and code == 0 else result.output


def evenings(db: Path, plan: Any) -> None:
    for name, day, players, dealer, *hands in plan:
        loo(db, "new", name, "--players", players, "--dealer", dealer, "--when",
            f"{day} 20:00", *MONEY)
        for words in hands:
            loo(db, "hand", *words)


@pytest.fixture(scope="module")
def march_built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The four evenings and the season March, built once for the module."""
    db = tmp_path_factory.mktemp("march") / "loo.db"
    evenings(db, EVENINGS)
    loo(db, "season", "new", "March", "--since", "2026-03-01", "--until", "2026-03-31")
    return db


march = copy_for_each_test("march_built", name="march")


def figures(report: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    return {p["player"]: (p["evenings"], p["hands"], p["net"], p["per_100"], p["loo_rate"],
                          p["whole_pools"], p["best"], p["worst"],
                          [(m["currency"], m["amount"]) for m in p["money"]], p["stand_rate"])
            for p in report["players"]}


def test_four_evenings_by_hand(march: Path) -> None:
    report = loo(march, "season", "show", "march", "--json")
    assert report["scope"]["sessions"] == [1, 2, 3, 4]
    assert figures(report) == {
        "Ann": (4, 4, 9, 225.0, 0.25, 1, 9, -9, [("GBP", "0.45")], None),
        "Ben": (4, 4, -6, -150.0, 0.5, 1, 9, -9, [("GBP", "-0.30")], None),
        "Cat": (4, 4, -48, -1200.0, 0.75, 0, 6, -18, [("GBP", "-2.40")], None),
        "Dov": (1, 1, -18, -1800.0, 1.0, 0, -18, -18, [("GBP", "-0.90")], None)}
    assert [(p["player"], p["place"], p["change"]) for p in report["players"]] == [
        ("Ann", 1, 1), ("Ben", 2, -1), ("Dov", 3, 0), ("Cat", 4, 0)]
    assert report == loo(march, "standings", "--season", "MARCH", "--json")


def test_place_changes_after_the_third_evening(tmp_path: Path) -> None:
    """E1 to E3 only: places after E2 Ben 1, Ann 2, Cat 3; after E3 Ben 1, Ann 2, Dov 3
    (new: no place before), Cat 4 (3 -> 4: -1)."""
    db = tmp_path / "loo.db"
    evenings(db, EVENINGS[:3])
    report = loo(db, "standings", "--json")
    assert [(p["player"], p["place"], p["change"]) for p in report["players"]] == [
        ("Ben", 1, 0), ("Ann", 2, 0), ("Dov", 3, None), ("Cat", 4, -1)]


def test_sort_by_a_column(march: Path) -> None:
    """--sort per100: Ann +225, Ben -150, Cat -1200, Dov -1800; --sort loo (lowest first):
    Ann .25, Ben .5, Cat .75, Dov 1."""
    by = loo(march, "standings", "--season", "March", "--sort", "per100", "--json")
    assert [p["player"] for p in by["players"]] == ["Ann", "Ben", "Cat", "Dov"]
    by = loo(march, "standings", "--season", "March", "--sort", "loo", "--json")
    assert [p["player"] for p in by["players"]] == ["Ann", "Ben", "Cat", "Dov"]
    assert "cannot sort by 'luck'" in loo(march, "standings", "--sort", "luck", code=1)


def test_ratings_order_is_plain_when_the_order_never_changes(tmp_path: Path) -> None:
    """Three evenings, Ann 3 tricks... no: Ann 2, Ben 1, Cat 0 every evening (Cat deals):
    Ann first, Ben second, Cat last each time, so the ratings keep that order, and each
    sigma shrinks below the start's 25/3."""
    db = tmp_path / "loo.db"
    evenings(db, [(f"E{i}", f"2026-04-0{i}", "Ann,Ben,Cat", "Cat", ("Ann=2", "Ben=1", "Cat=0"))
                  for i in (1, 2, 3)])
    report = loo(db, "standings", "--sort", "rating", "--json")
    ratings = [(p["player"], p["rating"]) for p in report["players"]]
    assert [p for p, _ in ratings] == ["Ann", "Ben", "Cat"]
    mus = [r["mu"] for _, r in ratings]
    assert mus[0] > 25 > mus[2] and mus[0] > mus[1] > mus[2]
    assert all(r["sigma"] < 25 / 3 for _, r in ratings)


def test_a_session_belongs_to_every_season_that_includes_it(march: Path) -> None:
    """E2 (03-13) and E3 (03-20) by dates (03-13 to 03-20, the 20th included), E1 listed:
    E1, E2, E3; March holds all four; both hold E2 and E3."""
    made = loo(march, "season", "new", "Mid", "--since", "2026-03-13", "--until",
               "2026-03-20", "--sessions", "1", "--json")
    assert made["sessions"] == [1, 2, 3] and made["listed"] == [1]
    seasons = {s["name"]: s["sessions"] for s in loo(march, "season", "list", "--json")}
    assert seasons == {"March": [1, 2, 3, 4], "Mid": [1, 2, 3]}
    mid = loo(march, "season", "show", "Mid", "--json")
    # E1-E3 as above: Ben 1 (+3), Ann 2 (0), Dov 3 (-18), Cat 4 (-30)
    assert [(p["player"], p["net"]) for p in mid["players"]] == [
        ("Ben", 3), ("Ann", 0), ("Dov", -18), ("Cat", -30)]


def test_rename_delete_and_refusals(march: Path) -> None:
    loo(march, "season", "rename", "march", "Spring")
    assert [s["name"] for s in loo(march, "season", "list", "--json")] == ["Spring"]
    assert "already" in loo(march, "season", "new", "SPRING", "--since", "2026-01-01", code=1)
    assert "no session 9" in loo(march, "season", "new", "X", "--sessions", "9", code=1)
    assert "give its dates" in loo(march, "season", "new", "X", code=1)
    assert "no season is named 'March'" in loo(march, "season", "show", "March", code=1)
    loo(march, "season", "delete", "spring")
    assert loo(march, "season", "list", "--json") == []
    assert [s["id"] for s in loo(march, "sessions", "--json")] == [1, 2, 3, 4]


def test_csv(march: Path) -> None:
    """The table as CSV: a header of --json's fields and one row per player, in place
    order: Ann 1st, up one since E3 (change 1), 4 evenings, 4 hands, +9, money 9 * 0.05 =
    0.45 GBP (a list: JSON text), per 100 = 225.0, no stand rate (empty), loo rate 0.25,
    1 whole pool, best +9, worst -9; then Ben, Dov, Cat."""
    import csv
    text = loo(march, "standings", "--season", "March", "--csv")
    rows = list(csv.DictReader(text.splitlines()))
    assert list(rows[0])[:12] == ["player", "place", "change", "evenings", "hands", "net",
                                  "money", "per_100", "stand_rate", "loo_rate", "whole_pools",
                                  "best"]
    ann = rows[0]
    assert (ann["player"], ann["place"], ann["change"], ann["evenings"], ann["hands"],
            ann["net"], ann["per_100"], ann["stand_rate"], ann["loo_rate"],
            ann["whole_pools"], ann["best"], ann["worst"]) == (
        "Ann", "1", "1", "4", "4", "9", "225.0", "", "0.25", "1", "9", "-9")
    assert json.loads(ann["money"]) == [{"amount": "0.45", "currency": "GBP"}]
    assert [r["player"] for r in rows] == ["Ann", "Ben", "Dov", "Cat"]


def test_the_datasette_view(march: Path) -> None:
    """The view `standings` has the season's players with the figures worked above: Ann 4
    evenings, 4 hands, +9 (225.0 per 100), loo rate 0.25, 1 whole pool; Ben, Dov, Cat."""
    import sqlite3
    with sqlite3.connect(march) as conn:
        rows = conn.execute("SELECT * FROM standings").fetchall()
    assert rows == [("March", "Ann", 4, 4, 9, 225.0, 0.25, 1),
                    ("March", "Ben", 4, 4, -6, -150.0, 0.5, 1),
                    ("March", "Dov", 1, 1, -18, -1800.0, 1.0, 0),
                    ("March", "Cat", 4, 4, -48, -1200.0, 0.75, 0)]


def test_filters(march: Path) -> None:
    """--until 2026-03-20 holds E1-E3 (the 20th included): as worked above after E3.
    --session 2 --session 4, E2 and E4 alone: after E2 Ben 9 (1), Ann -9 (2), Cat -18 (3);
    after E4 Ann -9 + 9 = 0 and Ben 9 - 9 = 0 share first place, Cat -36 third; Ann up one,
    Ben and Cat unchanged. --variant irish holds no evening, and says so."""
    upto = loo(march, "standings", "--until", "2026-03-20", "--json")
    assert [(p["player"], p["place"], p["change"]) for p in upto["players"]] == [
        ("Ben", 1, 0), ("Ann", 2, 0), ("Dov", 3, None), ("Cat", 4, -1)]
    two = loo(march, "standings", "--session", "2", "--session", "4", "--json")
    assert [(p["player"], p["net"], p["place"], p["change"]) for p in two["players"]] == [
        ("Ann", 0, 1, 1), ("Ben", 0, 1, 0), ("Cat", -36, 3, 0)]
    assert "no evening is selected" in loo(march, "standings", "--variant", "irish", code=1)
