"""A season's tab (issue 11, item 7): loo settle-up --all/--since across sessions, with the
pool as a party, by person; loo paid records a debt paid and the tab shows what is left.

The season, worked by hand from RULES.md (three-card, 3 chips a trick, the dealer antes 9
to a simple pool, a looed player pays the pool what was in it, 9), one chip = £0.05:

Session 1 (2026-03-06), Margaret, Ben, Cat, Cat deals: Margaret 1 trick, Ben none, Cat 2.
  Margaret +3; Ben looed, -9; Cat -9 + 6 = -3; the pool keeps Ben's 9: +9.
  Money: Margaret +£0.15, Ben -£0.45, Cat -£0.15, pool +£0.45.
Session 2 (2026-03-13), margaret, Ben, Meg, Meg deals: margaret all 3 tricks, takes 9.
  margaret +9; Ben looed -9; Meg -9 ante -9 looed = -18; the pool keeps 9 + 9: +18.
  Money: margaret +£0.45, Ben -£0.45, Meg -£0.90, pool +£0.90.
The tab (Margaret and margaret are one): Margaret +£0.60, Ben -£0.90, Cat -£0.15,
Meg -£0.90, (pool) +£1.35; the sum is 0.
Greedy transfers: Ben (-0.90, met before Meg) pays the pool (+1.35, the largest) £0.90,
leaving the pool +0.45; Meg pays Margaret (+0.60 > +0.45) £0.60; Meg pays the pool its
last £0.30 of her debt, leaving it +0.15; Cat pays the pool £0.15.
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


def loo(db: Path, *args: str, code: int = 0) -> Any:
    result = runner.invoke(app, ["--db", str(db), *args])
    assert result.exit_code == code, result.output
    return json.loads(result.stdout) if "--json" in args and code == 0 else result.output


season = copy_for_each_test("season_built", name="season")


@pytest.fixture(scope="module")
def season_built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The two evenings, built once for the module."""
    db = tmp_path_factory.mktemp("season") / "loo.db"
    money = ("--unit-value", "0.05", "--currency", "GBP")
    loo(db, "new", "One", "--players", "Margaret,Ben,Cat", "--dealer", "Cat",
        "--when", "2026-03-06 20:00", *money)
    loo(db, "hand", "Margaret=1", "Ben=0", "Cat=2")
    loo(db, "new", "Two", "--players", "margaret,Ben,Meg", "--dealer", "Meg",
        "--when", "2026-03-13 20:00", *money)
    loo(db, "hand", "margaret=3", "Ben=0", "Meg=0")
    return db


def parties(tab: dict[str, Any]) -> dict[str, tuple[str, str, str, str]]:
    [gbp] = tab["tabs"]
    assert gbp["currency"] == "GBP"
    return {p["name"]: (p["money"], p["paid"], p["received"], p["balance"])
            for p in gbp["parties"]}


def transfers(tab: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(t["from"], t["to"], t["amount"]) for t in tab["tabs"][0]["transfers"]]


def test_the_season_by_person_with_the_pool(season: Path) -> None:
    tab = loo(season, "settle-up", "--all", "--json")
    assert tab["scope"]["sessions"] == [1, 2]
    assert parties(tab) == {
        "Margaret": ("0.60", "0.00", "0.00", "0.60"), "Ben": ("-0.90", "0.00", "0.00", "-0.90"),
        "Cat": ("-0.15", "0.00", "0.00", "-0.15"), "Meg": ("-0.90", "0.00", "0.00", "-0.90"),
        "(pool)": ("1.35", "0.00", "0.00", "1.35")}
    assert transfers(tab) == [("Ben", "(pool)", "0.90"), ("Meg", "Margaret", "0.60"),
                              ("Meg", "(pool)", "0.30"), ("Cat", "(pool)", "0.15")]
    text = loo(season, "settle-up", "--all")
    assert "Ben pays (pool) £0.90" in text and "Margaret" in text and "margaret" not in text


def test_paid_is_taken_off_the_tab(season: Path) -> None:
    """Ben pays the pool's keeper his £0.90: Ben is square, the pool is owed £0.45 (1.35 -
    0.90). Then Meg pays Margaret £0.60 ('marg', a prefix of her name): Margaret square,
    Meg owes 0.30, and she and Cat pay the pool the rest."""
    out = loo(season, "paid", "Ben", "pool", "0.90", "--when", "2026-03-20", "--json")
    assert out["payment"] == {"id": 1, "from": "Ben", "to": "(pool)", "amount": "0.90",
                              "currency": "GBP", "when": "2026-03-20T00:00:00" +
                              out["payment"]["when"][19:], "note": None, "sessions": None,
                              "advance": False}
    tab = loo(season, "settle-up", "--all", "--json")
    assert parties(tab)["Ben"] == ("-0.90", "0.90", "0.00", "0.00")
    assert parties(tab)["(pool)"] == ("1.35", "0.00", "0.90", "0.45")
    assert transfers(tab) == [("Meg", "Margaret", "0.60"), ("Meg", "(pool)", "0.30"),
                              ("Cat", "(pool)", "0.15")]
    loo(season, "paid", "meg", "marg", "0.60", "--note", "bank transfer", "--when",
        "2026-03-21")
    tab = loo(season, "settle-up", "--all", "--json")
    assert parties(tab)["Margaret"] == ("0.60", "0.00", "0.60", "0.00")
    assert parties(tab)["Meg"] == ("-0.90", "0.60", "0.00", "-0.30")
    assert transfers(tab) == [("Meg", "(pool)", "0.30"), ("Cat", "(pool)", "0.15")]
    assert [p["note"] for p in tab["tabs"][0]["payments"]] == [None, "bank transfer"]
    assert sum(int(b.replace(".", "")) for *_, b in parties(tab).values()) == 0


def test_since_takes_the_later_sessions_and_payments(season: Path) -> None:
    """From 10 March: session 2 only (margaret +0.45, Ben -0.45, Meg -0.90, pool +0.90).
    Each payment counts against the debts it paid (issue 21 item 5), oldest first:
    Ben pays Margaret 0.45 on 8 March: of Ben's losses, 0.45 of session 1's (all of it); of
    Margaret's winnings, 0.15 of session 1's (all of it), then 0.30 of session 2's.
    Ben pays her 0.20 on the 14th: Ben's session 1 is paid, so 0.20 of session 2's 0.45;
    Margaret has 0.15 of session 2's left: 0.15 of it; the other 0.05 settles no evening.
    The window (session 2): Margaret won 0.45, received 0.30 + 0.15 = 0.45 for it: square;
    Ben lost 0.45, paid 0.20 for it: owes 0.25; Meg owes 0.90; the pool is owed 0.90.
    Over all time Ben owes 0.90 - 0.65 = 0.25 and Margaret 0.60 - 0.65 = -0.05: the
    window's figures are within them. Transfers: Meg pays the pool 0.90; Ben's 0.25 is
    owed to nobody in the window (Margaret was overpaid): it is said in words."""
    loo(season, "paid", "Ben", "Margaret", "0.45", "--when", "2026-03-08")
    loo(season, "paid", "Ben", "Margaret", "0.20", "--when", "2026-03-14")
    tab = loo(season, "settle-up", "--since", "2026-03-10", "--json")
    assert tab["scope"]["sessions"] == [2]
    assert parties(tab) == {
        "Margaret": ("0.45", "0.00", "0.45", "0.00"), "Ben": ("-0.45", "0.20", "0.00", "-0.25"),
        "Meg": ("-0.90", "0.00", "0.00", "-0.90"), "(pool)": ("0.90", "0.00", "0.00", "0.90")}
    assert transfers(tab) == [("Meg", "(pool)", "0.90")]
    assert tab["tabs"][0]["unmatched"] == [{"name": "Ben", "amount": "-0.25"}]
    text = loo(season, "settle-up", "--since", "2026-03-10")
    assert "Ben still owes £0.25 for these evenings" in text
    march = loo(season, "settle-up", "--since", "March 2026", "--json")
    assert march["scope"]["sessions"] == [1, 2]


def test_the_tab_follows_a_merge(season: Path) -> None:
    """Meg is Margaret: Margaret +0.60 - 0.90 = -0.30; a payment Meg made before the merge
    is now Margaret's."""
    loo(season, "paid", "Meg", "Ben", "0.10")
    loo(season, "player", "merge", "Meg", "Margaret")
    tab = loo(season, "settle-up", "--all", "--json")
    assert parties(tab)["Margaret"] == ("-0.30", "0.10", "0.00", "-0.20")
    assert parties(tab)["Ben"] == ("-0.90", "0.00", "0.10", "-1.00")
    assert "Meg" not in parties(tab)
    assert transfers(tab) == [("Ben", "(pool)", "1.00"), ("Margaret", "(pool)", "0.20"),
                              ("Cat", "(pool)", "0.15")]


@pytest.mark.parametrize("args", [
    ("Ben", "Ben", "1"), ("ben", "BEN", "1"), ("Ben", "pool", "0"), ("Ben", "pool", "--", "-1"),
    ("Ben", "pool", "1.005"), ("Ben", "pool", "1e3"), ("Ben", "pool", "NaN"),
    ("Ben", "pool", "1,000"), ("Nobody", "pool", "1"), ("Ben", "Zed", "1")])
def test_paid_refuses_and_writes_nothing(season: Path, args: tuple[str, ...]) -> None:
    loo(season, "paid", *args, code=1)
    assert loo(season, "settle-up", "--all", "--json")["tabs"][0]["payments"] == []


def test_session_and_season_options_do_not_mix(season: Path) -> None:
    # conflicting options: a usage error (issue 22 item 3)
    assert "cannot be combined" in loo(season, "settle-up", "--all", "-s", "1", code=2)
