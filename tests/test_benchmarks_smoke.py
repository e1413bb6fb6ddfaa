"""The benchmarks cannot rot: the generator's sessions import and `loo check` finds nothing
in them; run.py's quick mode runs; a command that does not exist is measured as n/a.

The generator is run with busy habits (rare events made common) so that a few hundred
hands hold every kind of hand it can make: flushes, revokes, forfeits, table rulings,
players stepping away, Lou games with folds, burns and reneges.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loo_ledger.cli import app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import generate  # noqa: E402
import harness  # noqa: E402
import run as bench  # noqa: E402

BUSY = generate.Habits(flush=0.3, revoke=0.05, forfeit=0.1, ruling=0.03, seat_change=0.05)
VARIANTS = ("three-card", "lou", "five-card", "britannica", "bicycle", "britannica-five-card")


def _counts(data: dict) -> Counter:
    c: Counter = Counter()
    for hand in data["hands"]:
        c.update(k for k in hand if k != "dealer")
        c.update(f"word:{w}" for w in hand.get("declarations", {}).values())
        c.update(f"penalty:{p['kind']}" for p in hand.get("penalties", ()))
    return c


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict, Path]]:
    folder = tmp_path_factory.mktemp("generated")
    out = {}
    for i, variant in enumerate(VARIANTS):
        data = generate.generate_session(variant, 4 + i % 3, 300, seed=i, habits=BUSY)
        out[variant] = (data, generate.write_session(data, folder / f"{variant}.json"))
    return out


def test_generated_sessions_import_and_check_clean(sessions, tmp_path: Path) -> None:
    runner, db = CliRunner(), str(tmp_path / "bench.db")
    files = [str(path) for _, path in sessions.values()]
    done = runner.invoke(app, ["--db", db, "import", *files])
    assert done.exit_code == 0, done.output
    checked = runner.invoke(app, ["--db", db, "check", "--json"])
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.output) == []
    listed = json.loads(runner.invoke(app, ["--db", db, "sessions", "--json"]).output)
    assert [s["hands"] for s in listed] == [300] * len(VARIANTS)


def test_generated_sessions_hold_every_kind_of_hand(sessions) -> None:
    three, lou = _counts(sessions["three-card"][0]), _counts(sessions["lou"][0])
    five, brit = _counts(sessions["five-card"][0]), _counts(sessions["britannica"][0])
    for word in ("stand", "pass", "miss", "defend"):
        assert three[f"word:{word}"] > 0, word
    assert three["declarations"] < 300  # simple pools are played by everyone, undeclared
    assert three["sitting_out"] > 0 and three["table_ruling"] > 0
    assert three["penalty:revoke"] > 0
    assert lou["word:fold"] > 0 and lou["word:stand"] > 0
    assert 0 < lou["declarations"] < 300  # first deals of Lou games have none
    assert lou["penalty:revoke"] > 0      # reneges: burned, the same dealer deals again
    assert five["flushes"] > 0 and five["exchanges"] > 0
    assert _counts(sessions["bicycle"][0])["flushes"] > 0
    assert sum(brit[f"penalty:{k}"] for k in ("misdeal", "looked-early", "declared-early")) > 0
    assert all(hand.get("deltas") for data, _ in sessions.values() for hand in data["hands"])


def test_generator_is_seeded() -> None:
    one = generate.generate_session("irish", 5, 50, seed=3)
    assert one == generate.generate_session("irish", 5, 50, seed=3)
    assert one["hands"] != generate.generate_session("irish", 5, 50, seed=4)["hands"]
    assert json.loads(generate.dumps(one)) == one


def test_generator_command_line(tmp_path: Path) -> None:
    out = tmp_path / "irish.json"
    assert generate.main(["--variant", "irish", "--players", "6", "--hands", "40",
                          "-o", str(out)]) == 0
    data = json.loads(out.read_text())
    assert (data["variant"], len(data["players"]), len(data["hands"])) == ("irish", 6, 40)


def test_quick_run_of_the_engine_rows(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert bench.main(["--quick", "--only", "engine", "--cache", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    rows = [line for line in printed.splitlines() if line.startswith("| engine alone")]
    assert len(rows) == 2
    assert all(row.endswith(("| pass |", "| short |")) for row in rows), rows


def test_a_command_that_does_not_exist_is_not_applicable(tmp_path: Path) -> None:
    m = harness.measure([*harness.loo_command(), "--db", str(tmp_path / "x.db"),
                         "no-such-command"], 1)
    row = bench._failed("a future command", "< 1 s", m)
    assert row is not None and (row.figure, row.verdict) == ("n/a (no such command yet)", "n/a")


def test_the_serve_benchmark_runs(capsys: pytest.CaptureFixture) -> None:
    """benchmarks/serve_phones.py, tiny, in this process (the server it measures is still
    a `loo serve` process of its own): 2 clients, 3 hands 50 ms apart; its figures mean
    nothing here, only that every client saw every hand."""
    import serve_phones
    assert serve_phones.main(["--clients", "2", "--hands", "3", "--interval", "0.05"]) == 0
    printed = capsys.readouterr().out
    assert "hands shown: 6 of 6 (missed 0; client errors 0)" in printed
    assert "server memory:" in printed and "verdict:" in printed


def test_the_table_benchmark_runs(capsys: pytest.CaptureFixture) -> None:
    """benchmarks/table_app.py in its quickest whole run, in this process (its own figures
    still come from fresh ``loo table`` processes in a pseudo-terminal, and another
    process's ``loo hand``): the shortest session that has a last hand to show (three
    hands), each figure taken once, the keys of one hand timed: every figure is printed
    (not judged)."""
    import table_app
    assert table_app.main(["--hands", "3", "-n", "1"]) == 0
    printed = capsys.readouterr().out
    for line in ("reference, a bare Textual app: first screen",
                 "loo table opens on a 3-hand session: first screen",
                 "a key press in the entry form", "keys of 1 hand",
                 "the key that brings the preview (1)",
                 "a hand recorded by another process shows"):
        assert line in printed
