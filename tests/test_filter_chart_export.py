"""The report filters (issue 24, item 4) on ``loo chart`` and ``loo export``: one filter
group (cli/filter_opts.py filter_options) choosing the evenings charted or exported, and
a session's hands. Figures from the April season (tests/season_kit.py, each hand worked in
tests/test_leaks_season.py's docstring) and a fifth evening in May (Ann Ben Dov, one
simple hand; tests/test_report_filters.py):

  E1 h1 Ann +6, Ben +3, Cat -18;  h2 (double) Ann -3, Ben +12, Cat 0 (passed): E1 +3 +15 -18.
  E2 h1 Ann -6, Ben -9, Cat +6;   h2 Ann +18, Ben -9 (passed), Cat -9:      E2 +12 -18 -3.
  E3 h1 Ann -9, Ben -6, Cat +6;   h2 Ann 0 (passed), Ben +12, Cat -3:       E3 -9 +6 +3.
  E4 h1 Ann +3, Ben +6, Cat -18;  h2 Ann +3, Ben +6 (the miss), Cat -9:     E4 +6 +12 -27.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
import season_kit


@pytest.fixture(scope="module")
def may(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from typer.testing import CliRunner

    from loo_ledger.cli import app
    runner = CliRunner()

    def loo(db: Path, *args: str) -> Any:
        return runner.invoke(app, ["--db", str(db), *args])
    return season_kit.may(loo, tmp_path_factory.mktemp("may") / "may.db")


def _out(loo: Any, db: Path, *args: str) -> str:
    out = loo(db, *args)
    assert out.exit_code == 0, out.output
    return str(out.stdout)


def _nets(loo: Any, db: Path, *args: str) -> list[tuple[int, dict[str, int]]]:
    data = json.loads(_out(loo, db, "chart", *args, "--json"))
    return [(pt.get("evening", pt.get("hand")), pt["net"]) for pt in data["series"]]


def test_chart_a_season_by_its_filters(loo: Any, may: Path) -> None:
    """--season April: evening 0, then the running balances after E1..E4: Ann 3, 15, 6,
    12; Ben 15, -3, 3, 15; Cat -18, -21, -18, -45. --until 2026-04-12: E1, E2 alone.
    -s 1 -s 3: E1 then E3: Ann 3 - 9 = -6, Ben 15 + 6 = 21, Cat -18 + 3 = -15."""
    assert _nets(loo, may, "--season", "April") == [
        (0, {"Ann": 0, "Ben": 0, "Cat": 0}), (1, {"Ann": 3, "Ben": 15, "Cat": -18}),
        (2, {"Ann": 15, "Ben": -3, "Cat": -21}), (3, {"Ann": 6, "Ben": 3, "Cat": -18}),
        (4, {"Ann": 12, "Ben": 15, "Cat": -45})]
    assert [n for _, n in _nets(loo, may, "--season", "April", "--until", "2026-04-12")] == [
        {"Ann": 0, "Ben": 0, "Cat": 0}, {"Ann": 3, "Ben": 15, "Cat": -18},
        {"Ann": 15, "Ben": -3, "Cat": -21}]
    assert _nets(loo, may, "-s", "1", "-s", "3")[-1] == (2, {"Ann": -6, "Ben": 21, "Cat": -15})
    text = _out(loo, may, "chart", "--season", "April")
    assert "season April" in text


def test_chart_a_sessions_hands_by_pool(loo: Any, may: Path) -> None:
    """-s 1 --pool double: hand 2 alone, the running nets adding it alone: Ann -3, Ben +12,
    Cat 0; --pool simple: hand 1 alone, Ann +6, Ben +3, Cat -18."""
    assert _nets(loo, may, "-s", "1", "--pool", "double") == [
        (0, {"Ann": 0, "Ben": 0, "Cat": 0}), (2, {"Ann": -3, "Ben": 12, "Cat": 0})]
    assert _nets(loo, may, "-s", "1", "--pool", "simple") == [
        (0, {"Ann": 0, "Ben": 0, "Cat": 0}), (1, {"Ann": 6, "Ben": 3, "Cat": -18})]
    assert _out(loo, may, "chart", "-s", "1", "--pool", "double", "--csv") == (
        'hand,net\n0,"{""Ann"": 0, ""Ben"": 0, ""Cat"": 0}"\n'
        '2,"{""Ann"": -3, ""Ben"": 12, ""Cat"": 0}"\n')
    assert "--pool double" in _out(loo, may, "chart", "-s", "1", "--pool", "double")


def test_export_the_hands_of_the_evenings_chosen(loo: Any, may: Path) -> None:
    """--season April --pool double --format csv: one header, then each double hand (h2) of
    E1..E4, a row a player, with the running net as the evening's (h1 and h2): E1 h2 Ann
    stood, 1 trick, -3, running 6 - 3 = 3; Ben 2 tricks +12, 15; Cat passed 0, -18."""
    text = _out(loo, may, "export", "--season", "April", "--pool", "double", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert text.count("session,hand,dealer") == 1
    assert [(r["session"], r["hand"]) for r in rows] == [
        (s, "2") for s in ("1", "2", "3", "4") for _ in range(3)]
    assert [(r["player"], r["declaration"], r["tricks"], r["change"], r["running_net"])
            for r in rows[:3]] == [("Ann", "stand", "1", "-3", "3"),
                                   ("Ben", "stand", "2", "12", "15"),
                                   ("Cat", "pass", "0", "0", "-18")]
    every = _out(loo, may, "export", "--season", "April", "-f", "csv")
    assert len(every.splitlines()) == 1 + 4 * 2 * 3  # a header; 4 evenings, 2 hands, 3 each


def test_export_with_one_session_chosen_writes_it(loo: Any, may: Path) -> None:
    """--since 2026-04-30 chooses E5 alone: its session file, 1 hand."""
    data = json.loads(_out(loo, may, "export", "--since", "2026-04-30"))
    assert data["name"] == "E5" and len(data["hands"]) == 1


@pytest.mark.parametrize(("args", "said"), [
    (("chart", "--seat", "1"), "--seat"),
    (("chart", "--all", "--pool", "double"), "a season is charted by evening"),
    (("chart", "--season", "April", "--pool-size"), "a season is charted by evening"),
    (("export", "--season", "April"), "writes one session and the filters chose 4"),
    (("export", "-s", "1", "-f", "md", "--pool", "double"), "--format csv"),
    (("export", "-s", "1", "--seat", "dealer", "-f", "csv"), "--seat"),
    (("hands", "--pool", "triple"), "say simple or double"),
    (("leaks", "--all", "--seat", "left"), "say eldest, dealer, or a number"),
])
def test_a_filter_chart_or_export_cannot_honour_is_a_usage_error(
        loo: Any, may: Path, args: tuple[str, ...], said: str) -> None:
    out = loo(may, *args)
    assert out.exit_code == 2, out.output
    assert said in out.output


@pytest.mark.parametrize("args", [("chart", "-s", "1", "--with", "Dov"),
                                  ("export", "--season", "April", "--with", "Dov", "-f",
                                   "csv")])
def test_a_filter_that_selects_no_hand_says_so(loo: Any, may: Path,
                                               args: tuple[str, ...]) -> None:
    """Dov played in May only: no April hand has him."""
    out = loo(may, *args)
    assert out.exit_code == 1, out.output
    assert "no hand is selected: --with Dov selects none" in out.output
