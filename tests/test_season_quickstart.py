"""The season quickstart in docs/guide.md ("## Seasons, standings and leaks") runs as
written: every `loo` line of its first sh block, in order, on a fresh ledger. The evenings
are those of tests/test_season_standings.py, worked by hand there: Ann first with +9 (second
after E3: up one), Ben second with -6 (down one), Dov third with -18, Cat fourth with -48."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from loo_ledger.cli import app

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "guide.md"


def commands() -> list[list[str]]:
    section = GUIDE.read_text(encoding="utf-8").split("## Seasons, standings and leaks", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [shlex.split(line, comments=True) for line in re.sub(r"\\\n", " ", block).splitlines()
            if line.strip().startswith("loo ")]


def test_the_season_quickstart_runs_as_written(tmp_path: Path) -> None:
    lines = commands()
    assert [c[1] for c in lines[-3:]] == ["season", "season", "standings"]
    db = str(tmp_path / "loo.db")
    runner = CliRunner()
    outputs = []
    for words in lines:
        result = runner.invoke(app, ["--db", db, *words[1:]], env={"COLUMNS": "200"})
        assert result.exit_code == 0, f"{' '.join(words)}:\n{result.output}"
        outputs.append(result.output)
    assert "Season March: 2026-03-01 to 2026-03-31, 4 evenings so far." in outputs[-3]
    rows = [line.split("│") for line in outputs[-2].splitlines() if line.count("│") > 5]
    assert [(r[0].strip(), r[1].strip(), r[2].strip(), r[5].strip()) for r in rows] == [
        ("1", "▲1", "Ann", "+9"), ("2", "▼1", "Ben", "-6"), ("3", "=", "Dov", "-18"),
        ("4", "=", "Cat", "-48")]
