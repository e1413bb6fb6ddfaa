"""Eight terminals at once (issue 9, item 1): 8 processes each run `loo hand` 13 times into
one session. Every write begins BEGIN IMMEDIATE with a busy timeout and reads the table
inside its transaction, so all 104 hands are recorded (no "database is locked", no raw
UNIQUE constraint message), every hand is stored once, the deal rotates and the pool is
right. A command whose table moved between its reading and its storing (another terminal
recorded a hand in between) says so in one line and writes nothing (issue 19, item 4): the
terminal types it again, as a person would; any other refusal is a failure.

The table: three-card, seats A B C, C deals first, every hand `A=1 B=1 C=1`: a simple
pool each time (the dealer antes 9, each trick takes 3, nobody is looed, the pool is
empty after every hand), so the dealer nets -6 and the others +3, whoever records it.
Over 104 hands C deals hands 1, 4, ..., 103 (35 hands), A hands 2, 5, ..., 104 (35), B
hands 3, 6, ..., 102 (34): C 3 * 104 - 9 * 35 = -3, A the same, B 3 * 104 - 9 * 34 = +6;
pool 0; B deals hand 105. (Fifty hands each, as it once was, proves no more: the terminals
overlap from the first hand; thirteen keep the whole suite fast.)

Real processes (multiprocessing's forkserver: each is forked from a fresh server process
that has imported the CLI and never opened a ledger, for a child forked from the test
process would inherit its SQLite state), each calling the CLI in-process: no interpreter
start-up per hand, nor per terminal. Each command ends as `loo` ends: the ledger it opened
is closed (the root command closes it as its context ends). Left open (as a bare `app()`
call once left it, until the garbage collector got to it), the next command's open_database
reads the file's header with a plain open() and close(), and closing any descriptor of a
file drops every POSIX lock the process holds on it, SQLite's too: a terminal finishing its
hands then closed as "the last connection" and deleted the -wal and -shm under the others
(80 to 130 commands failed with "disk I/O error", SQLITE_IOERR_SHORT_READ, and hands were
lost).
One `loo` process per command never holds a connection when it reads the header. The test
process closes the ledger of its `loo new` before the terminals start: held open, its lock
kept the files alive and hid the fault (it showed only where the garbage collector had
closed it, as in a full run under pytest-xdist).
"""

from __future__ import annotations

import contextlib
import io
import json
import multiprocessing
from pathlib import Path

PROCESSES = 8
HANDS_EACH = 13
#: What `loo hand` says, in one line, writing nothing, when another terminal recorded a hand
#: between its reading the table and storing the words (issue 19, item 4).
MEANWHILE = "was recorded meanwhile in another terminal; nothing was written"


def _terminal(db: str, start, out) -> None:
    """One terminal: `loo hand A=1 B=1 C=1` HANDS_EACH times, each ending as `loo` does (its
    ledger closed); reports every failure."""
    from loo_ledger.cli import app
    start.wait()
    failures = []
    recorded = 0
    while recorded < HANDS_EACH:
        err, std = io.StringIO(), io.StringIO()
        code = 0
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(std):
            try:
                app(["--db", db, "hand", "A=1", "B=1", "C=1"], prog_name="loo")
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            except BaseException as exc:  # noqa: BLE001 (a traceback is a failure too)
                code, err = -1, io.StringIO(repr(exc))
        if code == 0:
            recorded += 1
        elif code == 1 and err.getvalue().count("\n") == 1 and MEANWHILE in err.getvalue():
            continue  # the table moved between reading and storing: typed again
        else:
            failures.append((code, err.getvalue()))
            recorded += 1
    out.put(failures)


def test_eight_processes_thirteen_hands_each(loo, tmp_path):
    db = tmp_path / "loo.db"
    assert loo(db, "new", "Crowd", "--players", "A,B,C", "--dealer", "C").exit_code == 0
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["loo_ledger.cli", __name__])
    start, out = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_terminal, args=(str(db), start, out))
             for _ in range(PROCESSES)]
    for p in procs:
        p.start()
    start.set()
    failures = [f for _ in procs for f in out.get(timeout=120)]
    for p in procs:
        p.join(timeout=30)
    assert failures == []
    assert [p.exitcode for p in procs] == [0] * PROCESSES

    hands = json.loads(loo(db, "hands", "--json").stdout)
    assert [h["number"] for h in hands] == list(range(1, 105))
    assert [h["dealer"] for h in hands] == ["C", "A", "B"] * 34 + ["C", "A"]
    balances = json.loads(loo(db, "balances", "--json").stdout)
    assert {p["name"]: p["net"] for p in balances["players"]} == {"A": -3, "B": 6, "C": -3}
    assert balances["pool"] == 0
    pool = json.loads(loo(db, "pool", "--json").stdout)
    assert pool["next_dealer"] == "B"
    check = loo(db, "check")
    assert check.exit_code == 0, check.output


def test_the_worker_reports_a_refusal(tmp_path):
    # the worker above can fail: on a ledger that does not exist every command is refused
    ctx = multiprocessing.get_context("spawn")
    start, out = ctx.Event(), ctx.Queue()
    start.set()
    _terminal(str(Path(tmp_path) / "none.db"), start, out)
    failures = out.get(timeout=5)
    assert len(failures) == HANDS_EACH and all(code == 1 for code, _ in failures)
    assert "There is no ledger" in failures[0][1]
