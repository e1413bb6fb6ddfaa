"""The default ledger lives in the user data directory (issue 11, item 4), not the
configuration directory; a ledger found in the old place is moved there once, with a
message naming both paths, nothing lost. ``$LOO_DB`` and ``--db`` are never moved.

HOME, XDG_DATA_HOME and XDG_CONFIG_HOME point into tmp_path, so on Linux the new place
is XDG_DATA_HOME/loo_ledger/loo.db and the old one XDG_CONFIG_HOME/loo_ledger/loo.db.
GOOD_SESSION's nets, worked by hand in tests/test_cli.py: A 0, B +12, C +3, D -15, pool 0
(money at 0.05: £0.00, £0.60, £0.15, -£0.75).
"""

from __future__ import annotations

import gc
import json
import sqlite3
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loo_ledger.cli import app

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="XDG directories are Linux's")

NETS = [("A", 0, "0.00"), ("B", 12, "0.60"), ("C", 3, "0.15"), ("D", -15, "-0.75")]


@pytest.fixture
def home(tmp_path, monkeypatch) -> dict[str, Path]:
    """A machine of our own: the environment every command below runs in."""
    dirs = {"HOME": tmp_path / "home", "XDG_DATA_HOME": tmp_path / "data",
            "XDG_CONFIG_HOME": tmp_path / "config"}
    for name, path in dirs.items():
        path.mkdir()
        monkeypatch.setenv(name, str(path))
    monkeypatch.delenv("LOO_DB", raising=False)
    return dirs


def new_path(home: dict[str, Path]) -> Path:
    return home["XDG_DATA_HOME"] / "loo_ledger" / "loo.db"


def old_path(home: dict[str, Path]) -> Path:
    return home["XDG_CONFIG_HOME"] / "loo_ledger" / "loo.db"


def run(*args: object, env: dict[str, str] | None = None):
    result = CliRunner().invoke(app, [str(a) for a in args], env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def nets(result) -> list[tuple[str, int, str]]:
    assert result.exit_code == 0, result.output
    return [(p["name"], p["net"], p["money"]) for p in json.loads(result.stdout)["players"]]


def old_ledger(home: dict[str, Path], good_file: Path) -> Path:
    """GOOD_SESSION imported into a ledger in the old place (as an earlier version did)."""
    old = old_path(home)
    old.parent.mkdir(parents=True)
    assert run("--db", old, "import", good_file).exit_code == 0
    gc.collect()  # in process: close that command's connection, as its process would
    return old


def test_fresh_machine_uses_the_data_directory(home):
    result = run("new", "Friday", "--players", "A,B,C", "--unit-value", "0.05")
    assert result.exit_code == 0, result.output
    assert new_path(home).is_file()
    assert not (home["XDG_CONFIG_HOME"] / "loo_ledger").exists()
    assert result.stderr == ""
    assert run("sessions", "--json").exit_code == 0


def test_an_old_ledger_is_moved_once_with_a_message(home, good_file):
    old = old_ledger(home, good_file)
    before = nets(run("--db", old, "balances", "--json"))
    assert before == NETS
    gc.collect()
    inode = old.stat().st_ino
    result = run("balances", "--json")
    assert nets(result) == NETS
    assert result.stderr == f"loo: moved the ledger from {old} to {new_path(home)} (the data " \
                            "directory).\n"
    assert not old.exists() and not any(old.parent.glob("loo.db*"))
    assert new_path(home).stat().st_ino == inode  # renamed (one file system), not copied
    again = run("balances", "--json")  # moved once: nothing more to say
    assert (nets(again), again.stderr) == (NETS, "")


def test_what_is_only_in_the_old_write_ahead_log_is_moved_too(home, good_file, save,
                                                             good_session):
    """Another connection holds the old ledger open, so its -wal file stays beside it:
    the second session lives only in that log. The move copies through SQLite's backup
    API, and the second session arrives with the first."""
    old = old_ledger(home, good_file)
    holder = sqlite3.connect(old)
    try:
        holder.execute("SELECT count(*) FROM sessions").fetchone()
        good_session["name"] = "Second table"
        assert run("--db", old, "import", save(home["HOME"] / "two.json", good_session)
                   ).exit_code == 0
        assert old.with_name("loo.db-wal").stat().st_size > 0
        result = run("balances", "--json", "--session", "2")
        assert nets(result) == NETS
        assert f"from {old} to {new_path(home)}" in result.stderr
    finally:
        holder.close()
    assert not old.exists()
    sessions = json.loads(run("sessions", "--json").stdout)
    assert [s["name"] for s in sessions] == ["Test night", "Second table"]


def test_both_present_the_new_one_is_used_and_the_old_named(home, good_file, dump_db):
    old = old_ledger(home, good_file)
    new_path(home).parent.mkdir(parents=True)
    assert run("--db", new_path(home), "new", "Elsewhere", "--players", "X,Y,Z",
               "--unit-value", "0.05").exit_code == 0
    gc.collect()  # in process: close the earlier commands' connections (their -wal folded)
    old_rows = dump_db(old)
    result = run("sessions", "--json")
    assert [s["name"] for s in json.loads(result.stdout)] == ["Elsewhere"]
    assert str(old) in result.stderr and str(new_path(home)) in result.stderr
    assert "warning" in result.stderr
    assert dump_db(old) == old_rows  # left as it was


def test_loo_db_and_db_are_never_moved(home, good_file, tmp_path):
    old = old_ledger(home, good_file)
    mine = tmp_path / "mine.db"
    assert run("--db", mine, "import", good_file).exit_code == 0
    for result in (run("balances", "--json", env={"LOO_DB": str(mine)}),
                   run("--db", mine, "balances", "--json")):
        assert nets(result) == NETS
        assert result.stderr == ""
    assert old.is_file() and mine.is_file()
    assert not new_path(home).exists()
