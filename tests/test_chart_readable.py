"""Issue 22, item 14: charts a table can read. `loo chart` of a six-player, 30-hand evening
tells the lines apart (each player a letter and, in a terminal, a colour; in the HTML
export a colour, a dash pattern and a marker) on round axis labels (1, 2 or 5 times a power
of ten apart; the x axis ending at the last hand); `loo chart --all` / `--since DATE`
charts a season, evening by evening.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from loo_ledger.cli import app

SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "three-card-mixed-friday.json"
SIX = ["Margaret", "Tom", "Priya", "Hugh", "Sian", "Declan"]


def _thirty_hands(loo, tmp_path: Path, save) -> Path:
    """The sample's six players and its first 30 hands."""
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["hands"] = data["hands"][:30]
    db = tmp_path / "loo.db"
    result = loo(db, "import", save(tmp_path / "thirty.json", data))
    assert result.exit_code == 0, result.output
    return db


def _round(step: int) -> bool:
    """1, 2 or 5 times a power of ten."""
    while step % 10 == 0:
        step //= 10
    return step in (1, 2, 5)


def test_a_six_player_thirty_hand_chart_has_round_labels_and_a_colour_each(loo, tmp_path,
                                                                           save):
    db = _thirty_hands(loo, tmp_path, save)
    result = CliRunner().invoke(app, ["--db", str(db), "chart"], color=True,
                                env={"COLUMNS": "80", "LINES": "30"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
    lines = plain.splitlines()
    # y: labels at equal round steps, 0 among them
    labels = [int(m.group(1)) for line in lines if (m := re.match(r"\s*(-?\d+) \|", line))]
    steps = {a - b for a, b in zip(labels, labels[1:], strict=False)}
    assert 0 in labels and len(steps) == 1 and _round(steps.pop()), labels
    # x: 0, 5, ... 30: round, and the last hand ends the axis
    axis = next(line for line in lines if line.rstrip().endswith("hand"))
    assert axis.split()[:-1] == ["0", "5", "10", "15", "20", "25", "30"]
    # each player's letter in a colour of his own
    colour: dict[str, set[str]] = {}
    for code, letter in re.findall(r"\x1b\[(\d+)m\x1b\[1m([A-Z])\x1b\[0m", out):
        colour.setdefault(letter, set()).add(code)
    assert set(colour) == set("MTPHSD"), out
    assert all(len(codes) == 1 for codes in colour.values())
    assert len({next(iter(c)) for c in colour.values()}) == 6
    # and no colour where the output is no terminal
    assert "\x1b" not in loo(db, "chart").stdout


def test_the_html_charts_lines_differ_in_colour_dash_and_marker(loo, tmp_path, save):
    db = _thirty_hands(loo, tmp_path, save)
    page = loo(db, "export", "--format", "html").stdout
    for svg in re.findall(r'<svg class="chart \w+".*?</svg>', page, re.S)[::2]:  # nets
        lines = re.findall(r'<polyline class="series"[^>]*stroke="(#\w+)"[^>]*?'
                           r'(?:stroke-dasharray="([^"]+)")?>', svg)
        assert len(lines) == 6
        assert len({c for c, _ in lines}) == 6 and len({d for _, d in lines}) == 6
        keys = re.findall(r'<line class="key"[^>]*/>\n<\w+ class="mark (\w+)"', svg)
        assert sorted(keys) == sorted(["circle", "square", "triangle", "diamond", "down",
                                       "cross"])


def _season(loo, tmp_path, good_session, save) -> Path:
    """tests/conftest.py's GOOD_SESSION played on three evenings, 10 Jan, 10 Feb and 10 Mar
    2026 (nets each time A 0, B +12, C +3, D -15; worked in tests/test_cli.py)."""
    db = tmp_path / "season.db"
    for i, month in enumerate(("01", "02", "03"), 1):
        session = {**good_session, "name": f"Evening {i}",
                   "started_at": f"2026-{month}-10T20:00:00+00:00"}
        result = loo(db, "import", save(tmp_path / f"e{i}.json", session))
        assert result.exit_code == 0, result.output
    return db


def test_a_season_is_charted_evening_by_evening(loo, tmp_path, good_session, save):
    """Running balances at each evening's end: B 12, 24, 36; C 3, 6, 9; D -15, -30, -45;
    A 0 throughout. From 1 February: two evenings, B 12, 24."""
    db = _season(loo, tmp_path, good_session, save)
    result = loo(db, "chart", "--all", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [e["session"] for e in data["evenings"]] == [1, 2, 3]
    nets = {p: [pt["net"][p] for pt in data["series"]] for p in data["players"]}
    assert nets == {"A": [0, 0, 0, 0], "B": [0, 12, 24, 36], "C": [0, 3, 6, 9],
                    "D": [0, -15, -30, -45]}
    since = json.loads(loo(db, "chart", "--since", "2026-02-01", "--json").stdout)
    assert [e["name"] for e in since["evenings"]] == ["Evening 2", "Evening 3"]
    assert [pt["net"]["B"] for pt in since["series"]] == [0, 12, 24]
    text = loo(db, "chart", "--all")
    assert text.exit_code == 0, text.output
    out = text.stdout
    assert out.startswith("Running balances in chips at the end of each evening, all 3 "
                          "sessions")
    axis = next(line for line in out.splitlines() if line.rstrip().endswith("evening"))
    assert axis.split() == ["0", "1", "2", "3", "evening"]
    assert "    2  2026-02-10  Evening 2 (session 2)" in out


def test_a_season_chart_takes_no_session(loo, tmp_path, good_session, save):
    db = _season(loo, tmp_path, good_session, save)
    result = loo(db, "chart", "--all", "--session", "1")
    assert result.exit_code == 2 and "--session" in result.output
