"""The default ledger lives in the user data directory (issue 11, item 4), not the
configuration directory; a ledger found in the old place is moved there once, with a
message naming both paths, nothing lost. ``$LOO_DB`` and ``--db`` are never moved.

HOME, XDG_DATA_HOME and XDG_CONFIG_HOME point into tmp_path, so on Linux the new place
is XDG_DATA_HOME/loo_ledger/loo.db and the old one XDG_CONFIG_HOME/loo_ledger/loo.db.
GOOD_SESSION's nets, worked by hand in tests/test_cli.py: A 0, B +12, C +3, D -15, pool 0
(money at 0.05: £0.00, £0.60, £0.15, -£0.75).
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from loo_ledger.cli import app
from loo_ledger.store import datadir

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
    result = run("balances", "--json")
    assert nets(result) == NETS
    assert result.stderr == f"loo: moved the ledger from {old} to {new_path(home)} (the data " \
                            "directory).\n"
    assert not old.exists() and not any(old.parent.glob("loo.db*"))
    again = run("balances", "--json")  # moved once: nothing more to say
    assert (nets(again), again.stderr) == (NETS, "")


def test_what_is_only_in_the_old_write_ahead_log_is_moved_too(home, good_file, save,
                                                             good_session):
    """A program that ended without closing the ledger (killed) left a -wal file beside it,
    and the second session lives only in that log. The move copies through SQLite's
    backup API, and the second session arrives with the first."""
    import shutil
    old = old_ledger(home, good_file)
    holder = sqlite3.connect(old)
    try:
        holder.execute("SELECT count(*) FROM sessions").fetchone()
        good_session["name"] = "Second table"
        assert run("--db", old, "import", save(home["HOME"] / "two.json", good_session)
                   ).exit_code == 0
        wal = old.with_name("loo.db-wal")
        assert wal.stat().st_size > 0
        kept = {f: f.read_bytes() for f in (old, wal)}  # as the killed program left them
    finally:
        holder.close()
    for f, data in kept.items():
        f.write_bytes(data)
    old.with_name("loo.db-shm").unlink(missing_ok=True)
    assert shutil.disk_usage(old.parent)  # (the old place is still there)
    result = run("balances", "--json", "--session", "2")
    assert nets(result) == NETS
    assert f"from {old} to {new_path(home)}" in result.stderr
    assert not old.exists()
    sessions = json.loads(run("sessions", "--json").stdout)
    assert [s["name"] for s in sessions] == ["Test night", "Second table"]


def test_both_present_the_new_one_is_used_and_the_old_named(home, good_file, dump_db):
    old = old_ledger(home, good_file)
    new_path(home).parent.mkdir(parents=True)
    assert run("--db", new_path(home), "new", "Elsewhere", "--players", "X,Y,Z",
               "--unit-value", "0.05").exit_code == 0
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


# -- the move and other terminals (issue 19, item 3) -----------------------------------
#
# The table: three-card, A B C, C deals first, every hand `A=1 B=1 C=1` (a simple pool:
# the dealer antes 9, each trick takes 3 of it): the dealer -6, the others +3. After n
# hands C has dealt ceil(n/3), A round(n/3), B floor(n/3) of them.

EVERY_HAND = ("hand", "A=1", "B=1", "C=1")

# A terminal that has the old ledger open (started before the move), records a hand when
# told, and ends when told again.
HOLDER = """import sys
from loo_ledger.domain import HandRecord
from loo_ledger.services import table
from loo_ledger.store.ledger import Ledger
ledger = Ledger.open(sys.argv[1])
ledger.sessions()
print("open", flush=True)
sys.stdin.readline()
table.record(ledger, 1, HandRecord(tricks={"A": 1, "B": 1, "C": 1}))
print("recorded", flush=True)
sys.stdin.readline()
ledger.close()
"""


def _table(home) -> Path:
    old = old_path(home)
    old.parent.mkdir(parents=True)
    assert run("--db", old, "new", "Night", "--players", "A,B,C", "--dealer", "C",
               "--unit-value", "0.05").exit_code == 0
    return old


def _subprocess_env(home) -> dict[str, str]:
    import os
    env = {k: v for k, v in os.environ.items() if k != "LOO_DB"}
    env.update({k: str(v) for k, v in home.items()})
    return env


def test_a_ledger_open_in_another_terminal_is_not_moved_and_nothing_is_lost(home, monkeypatch):
    """The other terminal records its hand after this command ran: the hand is kept. While
    the old ledger is open there, it is used where it is (with a warning); the next
    command after that terminal ends moves it, its hand with it. (The move waits 0.2 s
    here for the other terminal to let go, not the 2 s a player's command waits: the
    holder keeps the file open throughout, so any wait ends the same way.)"""
    import subprocess
    monkeypatch.setattr(datadir, "MOVE_WAIT_MS", 200)
    old = _table(home)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(old)], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              env=_subprocess_env(home))
    assert holder.stdin and holder.stdout
    try:
        assert holder.stdout.readline() == "open\n"
        first = run(*EVERY_HAND)  # C deals hand 1: C -6, A +3, B +3
        assert first.exit_code == 0, first.output
        assert "open in another" in first.stderr and str(old) in first.stderr
        assert old.exists() and not new_path(home).exists()
        holder.stdin.write("\n")
        holder.stdin.flush()
        assert holder.stdout.readline() == "recorded\n"  # A deals hand 2: A -6, B +3, C +3
    finally:
        holder.stdin.write("\n")
        holder.stdin.close()
        holder.wait(timeout=60)
    moved = run("balances", "--json")
    assert f"moved the ledger from {old} to {new_path(home)}" in moved.stderr
    # A 3 - 6 = -3, B 3 + 3 = +6, C -6 + 3 = -3
    assert [(n, v) for n, v, _ in nets(moved)] == [("A", -3), ("B", 6), ("C", -3)]
    assert not old.exists() and new_path(home).exists()


def test_concurrent_first_runs_all_succeed_and_lose_no_hand(home):
    """Eight `loo hand` started at once on a machine whose ledger is still in the old
    place: none fails on the move ("disk I/O error", "there is no ledger", "Cannot move");
    each either records its hand or refuses it, in words, because another terminal
    recorded one first (the table changed under it: nothing written). Every hand that said
    it was recorded is in the one ledger afterwards. With n hands, C deals hands 1, 4,
    7..., A 2, 5, 8..., B 3, 6...: each nets 3n minus 9 for each hand dealt; pool 0."""
    import subprocess
    old = _table(home)
    env = _subprocess_env(home)
    runs = [subprocess.Popen([sys.executable, "-m", "loo_ledger", *EVERY_HAND], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(8)]
    results = [(p.wait(timeout=120), p.stderr.read() if p.stderr else "") for p in runs]
    for p in runs:
        for f in (p.stdout, p.stderr):
            if f:
                f.close()
    for code, err in results:
        assert code == 0 or (code == 1 and "another terminal" in err
                             and "nothing was written" in err), err
        assert not any(w in err for w in ("disk I/O", "no ledger", "Cannot move")), err
    n = sum(1 for code, _ in results if code == 0)
    assert n >= 1
    after = run("hands", "--json")
    assert after.exit_code == 0, after.output
    assert len(json.loads(after.stdout)) == n
    c_deals, a_deals, b_deals = (n + 2) // 3, (n + 1) // 3, n // 3
    assert [(name, v) for name, v, _ in nets(run("balances", "--json"))] == [
        ("A", 3 * n - 9 * a_deals), ("B", 3 * n - 9 * b_deals), ("C", 3 * n - 9 * c_deals)]
    assert not old.exists() and new_path(home).exists()
