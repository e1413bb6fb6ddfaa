"""Piped output loses nothing (issue 11): ``loo stats | cat``, ``loo hands > file``.

CliRunner's standard output is not a terminal, as in a pipe. The tables are printed with
long names (40 characters, the most a name may have) under a narrow COLUMNS: every cell
must be whole, on the line of its row: no ``…``, nothing folded onto a second line. The
control test shows the same table on a narrow terminal is cut, so the check can fail.

The session is tests/conftest.py's GOOD_SESSION with the players renamed; its figures are
worked by hand in tests/test_cli.py: hand 1 (D deals, simple pool of 9) A 1 trick +3,
B none -9, C 1 trick +3, D 1 trick -9 + 3 = -6, pool after 9; nets A 0, B +12, C +3,
D -15; money at £0.05 a chip A £0.00, B £0.60, C £0.15, D -£0.75.
"""

from __future__ import annotations

import copy
import json
import types
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loo_ledger.cli import app

LONG = {"A": "Alexandra Bartholomew-Featherstonehaugh",
        "B": "Benedict Cholmondeley-Marjoribanks III",
        "C": "Catherine Wolstenholme-Fotheringay Jnr",
        "D": "Dorothea Postlethwaite-Auchinleck Esq."}
TITLE = "Friday night at the Featherstonehaughs' house by the long river"
NETS = {"A": "0", "B": "+12", "C": "+3", "D": "-15"}
MONEY = {"A": "£0.00", "B": "£0.60", "C": "£0.15", "D": "-£0.75"}
HAND_1 = {"A": "1t +3", "B": "0t -9", "C": "1t +3", "D": "1t -6"}
runner = CliRunner()


def test_names_are_long():
    assert all(len(n) in (38, 39, 40) for n in LONG.values())


def rename(obj):
    if isinstance(obj, dict):
        return {LONG.get(k, k): rename(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [rename(v) for v in obj]
    return LONG.get(obj, obj) if isinstance(obj, str) else obj


@pytest.fixture
def long_db(tmp_path, good_session) -> Path:
    session = rename(copy.deepcopy(good_session))
    session["name"] = TITLE
    path = tmp_path / "long.json"
    path.write_text(json.dumps(session), encoding="utf-8")
    db = tmp_path / "loo.db"
    assert runner.invoke(app, ["--db", str(db), "import", str(path)]).exit_code == 0
    return db


def piped(db: Path, *args: str) -> str:
    """The command's standard output as a pipe would get it, under a narrow COLUMNS."""
    result = runner.invoke(app, ["--db", str(db), *args], env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout
    return result.stdout


def rows(text: str) -> list[list[str]]:
    """The cells of each table line (rich separates columns with │ or ┃)."""
    return [[c.strip() for c in line.replace("┃", "│").split("│")]
            for line in text.splitlines() if "│" in line or "┃" in line]


def test_balances_piped_keep_every_cell(long_db):
    table = rows(piped(long_db, "balances"))
    for p, name in LONG.items():
        assert [name, NETS[p], MONEY[p]] in table


def test_hands_piped_keep_every_cell(long_db):
    table = rows(piped(long_db, "hands"))
    assert table[0] == ["#", "dealer", "pool", *LONG.values(), "after"]
    assert ["1", LONG["D"], "9", *(HAND_1[p] for p in LONG), "9"] in table


def test_stats_piped_keep_every_cell(long_db):
    table = rows(piped(long_db, "stats"))
    header = table[0]
    assert header[0] == "player" and len(header) == 14
    for p, name in LONG.items():
        line = next(r for r in table if r[0] == name)
        assert len(line) == 14 and line[header.index("net")] == NETS[p]
        assert line[header.index("money")] == MONEY[p]


def test_sessions_piped_keep_every_cell(long_db):
    table = rows(piped(long_db, "sessions"))
    header = table[0]
    line = next(r for r in table if TITLE in r)
    assert len(line) == len(header)
    assert [line[header.index(c)] for c in ("id", "name", "variant", "players", "hands")] == [
        "1", TITLE, "three-card", "4", "3"]


def test_settle_up_piped_keeps_every_name(long_db):
    text = piped(long_db, "settle-up")
    for p, name in LONG.items():
        assert [name, NETS[p], MONEY[p]] in rows(text)
    assert f"{LONG['D']} pays {LONG['B']} £0.60" in text


def test_a_narrow_terminal_is_cut_so_the_checks_can_fail(long_db, monkeypatch):
    """Control: on a terminal 40 columns wide the same table does not fit and rich cuts or
    folds it; the pipe tests above would see it."""
    import loo_ledger.cli.render as render
    tty = types.SimpleNamespace(stdout=types.SimpleNamespace(isatty=lambda: True))
    monkeypatch.setattr(render, "sys", tty)
    result = runner.invoke(app, ["--db", str(long_db), "balances"], env={"COLUMNS": "40"})
    assert result.exit_code == 0
    table = rows(result.stdout)
    assert not all([name, NETS[p], MONEY[p]] in table for p, name in LONG.items())


# -- "-" for standard input and output; import --dry-run ---------------------------------


def test_import_dash_reads_standard_input(tmp_path, good_file):
    db = tmp_path / "loo.db"
    result = runner.invoke(app, ["--db", str(db), "import", "-"],
                           input=good_file.read_bytes())
    assert result.exit_code == 0, result.output
    assert result.stdout == "imported <stdin> as session 1\n"
    out = runner.invoke(app, ["--db", str(db), "balances", "--json"])
    nets = {p["name"]: p["net"] for p in json.loads(out.stdout)["players"]}
    assert nets == {"A": 0, "B": 12, "C": 3, "D": -15}  # tests/test_cli.py, by hand


def test_standard_input_is_read_once(tmp_path, good_file):
    result = runner.invoke(app, ["--db", str(tmp_path / "loo.db"), "import", "-", "-"],
                           input=good_file.read_bytes())
    assert result.exit_code == 1
    assert "standard input" in result.stderr and not (tmp_path / "loo.db").exists()


def test_a_bad_file_on_standard_input_is_named_as_such(tmp_path):
    result = runner.invoke(app, ["--db", str(tmp_path / "loo.db"), "import", "-"],
                           input=b'{"format": "loo-session/1"}')
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: <stdin>: ")


def test_dry_run_checks_everything_and_writes_nothing(tmp_path, good_file, good_session,
                                                      dump_db):
    db = tmp_path / "loo.db"
    result = runner.invoke(app, ["--db", str(db), "import", "--dry-run", str(good_file)])
    assert result.exit_code == 0, result.output
    assert result.stdout == (f"{good_file}: would import 'Test night', 3 hands, 4 players, "
                             "pool 0 at the end\nNothing was written (--dry-run).\n")
    assert not db.exists()
    assert runner.invoke(app, ["--db", str(db), "import", str(good_file)]).exit_code == 0
    before = dump_db(db)
    # Hand 3 made impossible: everyone passed, so no card was played and A cannot have
    # won 2 tricks. Neither file is imported, nothing is written.
    good_session["hands"][2]["tricks"] = {"A": 2}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(good_session), encoding="utf-8")
    refused = runner.invoke(app, ["--db", str(db), "import", "--dry-run", str(good_file),
                                  str(bad)])
    assert refused.exit_code == 1 and "hand 3" in refused.stderr
    ok = runner.invoke(app, ["--db", str(db), "import", "--dry-run", "--json", str(good_file)])
    assert json.loads(ok.stdout)["sessions"][0]["session"] is None
    assert dump_db(db) == before


def test_export_dash_writes_standard_output(good_db, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["--db", str(good_db), "export", "-o", "-"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["name"] == "Test night"
    assert not (tmp_path / "-").exists()
    refused = runner.invoke(app, ["--db", str(good_db), "export", "-o", "-", "--json"])
    assert refused.exit_code == 2 and "Invalid value for --json" in refused.stderr
