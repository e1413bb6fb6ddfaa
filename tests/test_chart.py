"""loo chart: the series agree with loo hands/balances --json; the text chart's shape.

The hand-worked session is tests/conftest.py's GOOD_SESSION (nets after each hand
worked by hand in tests/test_cli.py): A 3, -3, 0 -> 3, 0, 0; B -9, 12, 9 -> -9, 3, 12;
C 3, 0, 0 -> 3, 3, 3; D -6, -9, 0 -> -6, -15, -15; the pool 9, 9, 0.
"""

from __future__ import annotations

import json

from loo_ledger.services.reports.textchart import chart, marks, nice_step

RUNNING = {"A": [0, 3, 0, 0], "B": [0, -9, 3, 12], "C": [0, 3, 3, 3], "D": [0, -6, -15, -15]}


def _json(loo, db, *args):
    result = loo(db, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_chart_json_is_the_running_nets(loo, good_db):
    data = _json(loo, good_db, "chart")
    assert data["session"] == 1 and data["players"] == ["A", "B", "C", "D"]
    assert [pt["hand"] for pt in data["series"]] == [0, 1, 2, 3]
    assert {p: [pt["net"][p] for pt in data["series"]] for p in "ABCD"} == RUNNING


def test_chart_pool_json(loo, good_db):
    data = _json(loo, good_db, "chart", "--pool-size")
    assert data["series"] == [{"hand": 0, "pool": 0}, {"hand": 1, "pool": 9},
                              {"hand": 2, "pool": 9}, {"hand": 3, "pool": 0}]


def test_chart_json_agrees_with_hands_and_balances_on_a_sample(loo, tmp_path):
    from pathlib import Path
    sample = Path(__file__).parent.parent / "sample_sessions" / "three-card-mixed-friday.json"
    db = tmp_path / "s.db"
    assert loo(db, "import", sample).exit_code == 0
    hands, balances = _json(loo, db, "hands"), _json(loo, db, "balances")
    series = _json(loo, db, "chart")["series"]
    pools = _json(loo, db, "chart", "--pool-size")["series"]
    assert len(series) == len(hands) + 1 == len(pools)
    for before, after, h in zip(series, series[1:], hands, strict=False):
        assert after["hand"] == h["number"]
        assert {p: after["net"][p] - before["net"][p] for p in h["deltas"]} == h["deltas"]
    assert series[-1]["net"] == {p["name"]: p["net"] for p in balances["players"]}
    assert [pt["pool"] for pt in pools[1:]] == [h["pool_after"] for h in hands]
    assert pools[-1]["pool"] == balances["pool"]


def test_chart_text_has_a_mark_per_player_and_a_legend(loo, good_db):
    result = loo(good_db, "chart")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Running nets in white chips, Test night (session 1)")
    for p in "ABCD":
        assert f"{p} {p}" in out  # the legend: mark, name
    assert "* more than one" in out and "hand" in out
    pool = loo(good_db, "chart", "--pool-size").stdout
    assert "# chips in the pool after each hand" in pool and pool.count("#") > 3


def test_chart_of_a_session_without_hands(loo, tmp_path):
    db = tmp_path / "n.db"
    assert loo(db, "new", "Empty", "--players", "Ann,Ben").exit_code == 0
    result = loo(db, "chart")
    assert result.exit_code == 0 and "no hands yet" in result.stdout
    assert _json(loo, db, "chart")["series"] == [{"hand": 0, "net": {"Ann": 0, "Ben": 0}}]


def test_text_chart_exact():
    # Ann: 0, +2, -2 over hands 0..2; one row per chip, 0 on the dashed row.
    assert chart([0, 1, 2], {"Ann": [0, 2, -2]}, width=20, height=5) == (
        " 2 |       A\n"
        "   |\n"
        " 0 |A--------------\n"
        "   |\n"
        "-2 |              A\n"
        "   +---------------\n"
        "    0      1      2  hand\n"
        "\n"
        "  A Ann\n")


def test_text_chart_marks_meetings_and_bars():
    text = chart([0, 1], {"Ann": [0, 2], "Bo": [0, 1]}, width=14, height=3)
    assert text.splitlines()[:3] == ["2 |          A", "  |          B", "0 |*----------"]
    assert "* more than one" in text
    bars = chart([0, 1, 2], {"pool": [0, 3, 1]}, width=14, height=4, bars=True,
                 symbols={"pool": "#"})
    assert [line.count("#") for line in bars.splitlines()[:4]] == [1, 1, 2, 3]


def test_marks_are_distinct_and_from_the_name():
    assert marks(["Margaret", "Mary", "Tom"]) == {"Margaret": "M", "Mary": "A", "Tom": "T"}
    names = [f"P{i}" for i in range(40)]
    assert len(set(marks(names).values())) == 40


def test_nice_steps():
    assert [nice_step(x) for x in (1, 2, 3, 6, 12, 22, 26, 51, 260)] == \
        [1, 2, 5, 10, 20, 50, 50, 100, 500]
