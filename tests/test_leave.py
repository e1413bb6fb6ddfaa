"""How a `loo` process ends, as a person or a script sees it: the exit status, everything
written to standard output and error (a pipe closed early included), and the ledger closed
(SQLite removes its write-ahead log and shared-memory files at the last close, which the
root command does as its context ends)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def _loo(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "loo_ledger", "--db", str(db), *args],
                          capture_output=True, text=True, timeout=60)


def test_a_write_closes_the_ledger_and_exits_0(tmp_path: Path, loo) -> None:
    db = tmp_path / "l.db"
    made = _loo(db, "new", "Night", "--players", "Ann,Ben,Cat", "--dealer", "Cat")
    assert (made.returncode, made.stderr) == (0, "")
    assert made.stdout == "session 1 'Night' started: Ann, Ben, Cat; Cat deals first\n"
    hand = _loo(db, "hand", "Ann=1", "Ben=2", "Cat=0", "--json")
    assert hand.returncode == 0, hand.stderr
    assert json.loads(hand.stdout)["table"]["pool"] == 9  # Cat looed 9 into the next pool
    assert sorted(p.name for p in tmp_path.iterdir()) == ["l.db"]  # no -wal, no -shm
    nets = json.loads(loo(db, "balances", "--json").stdout)["players"]  # read in process
    assert [(p["name"], p["net"]) for p in nets] == [("Ann", 3), ("Ben", 6), ("Cat", -18)]


def test_errors_keep_their_status_and_message(tmp_path: Path, loo) -> None:
    db = tmp_path / "l.db"  # made in process: only the failing commands are processes
    assert loo(db, "new", "Night", "--players", "Ann,Ben,Cat").exit_code == 0
    wrong = _loo(db, "hand", "Ann=1")
    assert wrong.returncode == 1 and wrong.stdout == ""
    assert wrong.stderr.startswith("Error: hand 1 cannot be recorded")
    unknown = _loo(db, "balanse")
    assert unknown.returncode == 2 and "No such command 'balanse'" in unknown.stderr
    missing = _loo(tmp_path / "none.db", "balances")
    assert missing.returncode == 1 and "There is no ledger at" in missing.stderr
    assert not (tmp_path / "none.db").exists()


def test_a_long_output_reaches_a_pipe_whole(tmp_path: Path, loo, save) -> None:
    """Forty hands, `loo hand Ann=1 Ben=2 Cat=0` each, Cat dealing first (Cat is looed in
    the first, a simple pool, so every later deal is a double pool all three stand in): the
    evening is imported in process, as one file of those hands (as `loo export` writes it), and
    only the reads are processes."""
    db = tmp_path / "l.db"
    tricks = {"Ann": 1, "Ben": 2, "Cat": 0}
    stand = {"declarations": {"Ann": "stand", "Ben": "stand", "Cat": "stand"}, "tricks": tricks}
    night = save(tmp_path / "night.json", {
        "format": "loo-session/1", "name": "Night", "variant": "three-card",
        "players": ["Ann", "Ben", "Cat"], "first_dealer": "Cat", "opening_pool": 0,
        "hands": [{"tricks": tricks}] + [stand] * 39})
    assert loo(db, "import", night).exit_code == 0
    rows = json.loads(_loo(db, "hands", "--json").stdout)
    assert [r["number"] for r in rows] == list(range(1, 41))
    cut = subprocess.run(f"{sys.executable} -m loo_ledger --db {db} hands --json | head -c 10",
                         shell=True, capture_output=True, text=True, timeout=60)
    assert cut.stdout == "[\n  {\n    \""[:10]
