"""The report filters (issue 24, item 4) on stats, hands and settle-up, with figures
worked by hand from the April season (tests/season_kit.py; each evening worked in
tests/test_leaks_season.py's docstring) and a fifth evening in May:

  E1 Ann +3, Ben +15, Cat -18; the pool ends 0 (nobody looed in h2).
  E2 Ann +12, Ben -18, Cat -3; Cat looed in h2: the pool ends 9.
  E3 Ann -9, Ben +6, Cat +3; the pool ends 0.
  E4 Ann +6, Ben +12, Cat -27; Cat looed in h2: the pool ends 9.
  E5 2026-05-01, Ann Ben Dov, Dov deals one simple hand: Ann 2t +6, Ben 1t +3,
     Dov 0t -9 ante -9 looed = -18; the pool ends 9.

Each evening is h1 simple (the first deal) and h2 double (the pool carried 9 + the ante).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import season_kit
from ledger_kit import copy_for_each_test


@pytest.fixture(scope="module")
def may_built(loo: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return season_kit.may(loo, tmp_path_factory.mktemp("may") / "may.db")


may = copy_for_each_test("may_built", name="may", file="may.db")


def _json(loo: Any, db: Path, *args: str) -> Any:
    out = loo(db, *args, "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def _nets(report: dict[str, Any]) -> dict[str, int]:
    return {p["player"]: p["net"] for p in report["players"]}


def test_stats_by_evening_filters(loo: Any, may: Path) -> None:
    """--season April: E1-E4, Ann 3 + 12 - 9 + 6 = +12, Ben 15 - 18 + 6 + 12 = +15,
    Cat -18 - 3 + 3 - 27 = -45, 8 hands each. -s 1 -s 2: Ann +15, Ben -3, Cat -21.
    --since 2026-04-10 --until 2026-04-17: E2, E3: Ann +3, Ben -12, Cat 0.
    --until 2026-04-03: E1 alone. --variant three-card: all five evenings (Dov -18)."""
    season = _json(loo, may, "stats", "--season", "April")
    assert _nets(season) == {"Ann": 12, "Ben": 15, "Cat": -45}
    assert {p["player"]: p["hands"] for p in season["players"]} == {
        "Ann": 8, "Ben": 8, "Cat": 8}
    assert [s["session"] for s in season["sessions"]] == [1, 2, 3, 4]
    assert _nets(_json(loo, may, "stats", "-s", "1", "-s", "2")) == {
        "Ann": 15, "Ben": -3, "Cat": -21}
    assert _nets(_json(loo, may, "stats", "--since", "2026-04-10", "--until",
                       "2026-04-17")) == {"Ann": 3, "Ben": -12, "Cat": 0}
    assert _nets(_json(loo, may, "stats", "--until", "2026-04-03")) == {
        "Ann": 3, "Ben": 15, "Cat": -18}
    assert _nets(_json(loo, may, "stats", "--variant", "three-card")) == {
        "Ann": 18, "Ben": 18, "Cat": -45, "Dov": -18}


def test_hands_by_pool_and_player(loo: Any, may: Path) -> None:
    """--season April --pool double: the second hand of each April evening. --with Dov
    over every evening: E5's one hand; --with Cat: April's eight. -s 1 --pool simple:
    hand 1 of session 1 (one session: the rows as 'loo hands' has them)."""
    double = _json(loo, may, "hands", "--season", "April", "--pool", "double")
    assert [(r["session"], r["number"], r["double"]) for r in double] == [
        (1, 2, True), (2, 2, True), (3, 2, True), (4, 2, True)]
    dov = _json(loo, may, "hands", "--since", "2026-04-01", "--with", "dov")
    assert [(r["session"], r["number"]) for r in dov] == [(5, 1)]
    cat = _json(loo, may, "hands", "--since", "2026-04-01", "--with", "Cat")
    assert [(r["session"], r["number"]) for r in cat] == [
        (s, n) for s in (1, 2, 3, 4) for n in (1, 2)]
    simple = _json(loo, may, "hands", "-s", "1", "--pool", "simple")
    assert [(r["number"], r["deltas"]) for r in simple] == [
        (1, {"Ann": 6, "Ben": 3, "Cat": -18})]
    text = loo(may, "hands", "--season", "April", "--pool", "double").output
    titles = [line for line in text.splitlines() if line.startswith("Hands")]
    assert len(titles) == 4 and all("1 chosen by the filters; " in t for t in titles)


def test_settle_up_of_the_evenings_chosen(loo: Any, may: Path) -> None:
    """No unit value: a tab in chips. --season April: Ann +12, Ben +15, Cat -45 and the
    pool +18 (9 left in E2 and in E4). -s 1 -s 2: Ann +15, Ben -3, Cat -21, pool +9."""
    def chips(*args: str) -> dict[str, int]:
        (tab,) = _json(loo, may, "settle-up", *args)["tabs"]
        return {p["name"]: p["chips"] for p in tab["parties"]}
    assert chips("--season", "April") == {"Ann": 12, "Ben": 15, "Cat": -45, "(pool)": 18}
    assert chips("-s", "1", "-s", "2") == {"Ann": 15, "Ben": -3, "Cat": -21, "(pool)": 9}
    assert chips("--until", "2026-04-03") == {"Ann": 3, "Ben": 15, "Cat": -18, "(pool)": 0}


@pytest.mark.parametrize("args", [
    ("stats", "--variant", "irish"), ("stats", "--season", "April", "--since", "2026-05-01"),
    ("hands", "--variant", "five-card"), ("settle-up", "--variant", "lou"),
    ("settle-up", "-s", "1", "-s", "5", "--until", "2026-03-31")])
def test_a_filter_that_selects_no_evening_says_so(loo: Any, may: Path,
                                                  args: tuple[str, ...]) -> None:
    out = loo(may, *args)
    assert out.exit_code == 1, out.output
    assert "no evening is selected" in out.output


def test_a_filter_that_selects_no_hand_says_so(loo: Any, may: Path) -> None:
    """E5 has one hand, simple: --pool double there selects none."""
    out = loo(may, "hands", "-s", "5", "--pool", "double")
    assert out.exit_code == 1
    assert "no hand is selected: --pool double selects none" in out.output


@pytest.mark.parametrize(("args", "why"), [
    (("settle-up", "--season", "April", "--pool", "double"), "settle-up settles whole evenings"),
    (("settle-up", "--seat", "eldest"), "settle-up settles whole evenings"),
    (("settle-up", "--all", "--with", "Ann"), "settle-up settles whole evenings"),
    (("hands", "--seat", "dealer"), "a hand's row shows every seat"),
    (("hands", "--audit", "--pool", "double"), "the audit trail is one session's"),
    (("standings", "--with", "Ann"), "standings rank whole evenings")])
def test_a_filter_a_report_cannot_mean_is_a_usage_error(loo: Any, may: Path,
                                                        args: tuple[str, ...],
                                                        why: str) -> None:
    out = loo(may, *args)
    assert out.exit_code == 2, out.output
    said = " ".join(out.output.replace("│", " ").split())
    assert f"Invalid value for {args[-2]}: {why}" in said
