"""docs/benchmarks.md is one table that `benchmarks/run.py --update` keeps: its rows have the
table's five cells, the rows of run.py name the command that makes them, and an update
replaces the rows it measured and nothing else."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import run as bench  # noqa: E402

DOC = ROOT / "docs" / "benchmarks.md"


def _table(text: str) -> list[list[str]]:
    """The cells of each row of the doc's one table (its header and rule left out)."""
    lines = text.splitlines()
    start = lines.index(bench.DOC_HEADER.splitlines()[0])
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("| "):
            break
        rows.append([c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]])
    return rows


def test_the_doc_is_one_table_each_row_with_its_command() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert text.count(bench.DOC_HEADER) == 1
    assert sum(line.startswith(bench.DOC_LINE) for line in text.splitlines()) == 1
    rows = _table(text)
    assert rows and all(len(r) == 5 for r in rows), [r for r in rows if len(r) != 5]
    assert {r[3] for r in rows} <= {"pass", "short", "—"}
    groups = [m.group(1) for r in rows for m in [re.search(r"run\.py --only (\w+)", r[4])] if m]
    assert set(groups) == set(bench.GROUPS)  # every group of run.py has its rows here
    others = [r for r in rows if "run.py" not in r[4]]
    assert all(re.search(r"benchmarks/\w+\.py|pytest", r[4]) for r in others), others


def test_an_update_replaces_the_rows_it_measured_and_the_line() -> None:
    """A doc of two rows and the line: a run of the second row's figure gives 1.25× (its
    figure 125 ms against 100 ms), so that row reads "1.25×: 125 ms (reference 100 ms)"
    and "pass"; the first row and the text stay as they were; a row the doc lacks is
    named."""
    doc = "\n".join(["# Speed", f"{bench.DOC_LINE} long ago.", "", bench.DOC_HEADER,
                     "| import | ≥ 25,000 hands/s | 29,560 hands/s | pass | `x` |",
                     "| `loo pool` | ≤ 1.3× the reference | 1.39× (…) | short | `y` |",
                     "", "After the table.", ""])
    rows = [bench.Row("`loo pool`", "125 ms (reference 100 ms)", "≤ 1.3× the reference",
                      "1.25×", "pass", group="ratio"),
            bench.Row("`loo new thing`", "1 ms", "< 2 ms", verdict="pass", group="ratio")]
    new, left = bench.update_doc(doc, rows, f"{bench.DOC_LINE} now.")
    assert left == ["`loo new thing`"]
    assert new.splitlines() == [
        "# Speed", f"{bench.DOC_LINE} now.", "", *bench.DOC_HEADER.splitlines(),
        "| import | ≥ 25,000 hands/s | 29,560 hands/s | pass | `x` |",
        "| `loo pool` | ≤ 1.3× the reference | 1.25×: 125 ms (reference 100 ms) | pass | "
        "`python benchmarks/run.py --only ratio` |",
        "", "After the table."]
    assert new.endswith("\n")
