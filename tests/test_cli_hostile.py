"""Hostile command-line arguments (issue 9, item 3, the CLI half).

Every value the issue found accepted and then poisonous is refused at the command line
(exit 2, the option named) before anything is written: an infinite, exponent or
5,000-digit unit value, a negative buy-in, a blank table ruling, numbers beyond what
SQLite holds in --session, --carry-from or a hand number, a rule number beyond MAX_CHIPS;
names that impersonate the pool or carry escape sequences are refused too (exit 1).
A hypothesis fuzzer over the commands' arguments asserts that the program always ends by
exiting 0, 1 or 2, never by a traceback, and that whatever it accepts leaves a ledger
that passes `loo check`.

The ledger is tests/conftest.py's GOOD_SESSION (A B C D, three hands; C deals next).
"""

from __future__ import annotations

import copy
import shutil
import tempfile
from pathlib import Path

import pytest
from cli_kit import BuiltOnce
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from session_fuzz import UTF8_CHARACTERS

from loo_ledger.cli import app

RUNNER = BuiltOnce()  # the program's command built once for the module

BIG = str(2**63)
HOSTILE_NEW = [
    ("--unit-value", "Infinity"), ("--unit-value", "NaN"), ("--unit-value", "1e5"),
    ("--unit-value", "-0.05"), ("--unit-value", "1" * 5000), ("--unit-value", "0.0000001"),
    ("--buy-in", "-5"), ("--buy-in", str(10**12 + 1)), ("--buy-in", str(2**63 - 1)),
    ("--rule", f"ante={2**63 - 1}"), ("--rule", "ante=" + "9" * 5000),
    ("--carry-from", BIG), ("--carry-from", "0"),
]


@pytest.fixture(scope="session")
def template(good_template) -> Path:
    """tests/conftest.py's GOOD_SESSION imported once: every test writes to a copy."""
    return good_template


def _copy(template: Path, folder: Path) -> Path:
    shutil.copyfile(template, folder / "loo.db")
    return folder / "loo.db"


def _run(db: Path, *args: str):
    result = RUNNER.invoke(app, ["--db", str(db), *args], env={"COLUMNS": "120"})
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"uncaught {result.exception!r} for {args!r}")
    assert result.exit_code in (0, 1, 2), (result.exit_code, args, result.output)
    return result


@pytest.mark.parametrize(("option", "value"), HOSTILE_NEW,
                         ids=lambda v: v if len(v) < 30 else f"{v[:10]}...")
def test_new_refuses_a_poisonous_value(template, tmp_path, dump_db, option, value):
    db = _copy(template, tmp_path)
    before = dump_db(db)
    result = _run(db, "new", "X", "--players", "P,Q,R", option, value)
    assert result.exit_code == 2, result.output
    assert option in result.output or "Invalid value" in result.output
    assert "Traceback" not in result.output
    assert dump_db(db) == before


@pytest.mark.parametrize("args", [
    ("hand", "A=1", "B=1", "C=0", "D=1", "--paid", "A=3", "--table-ruling", ""),
    ("hand", "A=1", "B=1", "C=0", "D=1", "--paid", "A=3", "--table-ruling", "   "),
    ("hand", "A=1", "B=1", "C=0", "D=1", "--note", "\x1b[2J gone"),
    ("hand", "A=1", "B=1", "C=0", "D=1", "--session", BIG),
    ("hand", "A=1", "B=1", "C=0", "D=1", "--session", "-1"),
    ("amend", BIG, "A=1", "B=1", "C=0", "D=1"),
    ("balances", "--session", BIG), ("hands", "--session", str(2**64)),
    ("export", "-o", "-", "-s", BIG), ("undo", "--yes", "--session", BIG),
    ("new", "\x1b]0;owned\x07", "--players", "P,Q,R"),
], ids=lambda a: " ".join(x[:12] for x in a[:2]))
def test_other_poisonous_arguments_are_refused_naming_the_option(template, tmp_path, dump_db,
                                                                 args):
    db = _copy(template, tmp_path)
    before = dump_db(db)
    result = _run(db, *args)
    assert result.exit_code == 2, result.output
    assert dump_db(db) == before


@pytest.mark.parametrize("name", ["(pool)", "pool", "TOTAL", "(anything)", "A\x1b[31m",
                                  "B\u202e", "x" * 41])
def test_names_that_impersonate_or_escape_are_refused(template, tmp_path, dump_db, name):
    db = _copy(template, tmp_path)
    before = dump_db(db)
    result = _run(db, "new", "X", "--players", f"P,{name},R")
    assert result.exit_code == 1, result.output
    assert dump_db(db) == before


def test_good_values_still_pass(template, tmp_path):
    db = _copy(template, tmp_path)
    result = _run(db, "new", "Y", "--players", "P,Q,R", "--unit-value", "0.05",
                  "--buy-in", "100", "--rule", "ante=3")
    assert result.exit_code == 0, result.output
    hand = _run(db, "hand", "P=1", "Q=1", "R=1", "--note", "tab\tand\nnewline ok")
    assert hand.exit_code == 0, hand.output
    assert _run(db, "check").exit_code == 0


HOSTILE_TEXT = st.one_of(
    st.sampled_from(["Infinity", "NaN", "1e5", "-5", "0", "0.05", BIG, str(2**63 - 1),
                     "1" * 5000, "", " ", "(pool)", "[bold]x[/bold]", "\x1b[31m", "\u202e",
                     "\udcff", "A=1", "B=pass", "C=miss:1", "=", "--", "-", "x" * 10_000]),
    st.text(UTF8_CHARACTERS, max_size=20),
    st.integers(-(2**70), 2**70).map(str))
COMMANDS = st.sampled_from([
    ("new", "{t}", "--players", "P,Q,R"), ("new", "N", "--players", "{t}"),
    ("new", "N", "--players", "P,Q,R", "--unit-value", "{t}"),
    ("new", "N", "--players", "P,Q,R", "--buy-in", "{t}"),
    ("new", "N", "--players", "P,Q,R", "--rule", "{t}"),
    ("new", "N", "--players", "P,Q,R", "--dealer", "{t}"),
    ("new", "N", "--players", "P,Q,R", "--when", "{t}"),
    ("hand", "A=1", "B=1", "C=0", "D=1", "--note", "{t}"),
    ("hand", "A=1", "B=1", "C=0", "D=1", "--paid", "{t}", "--table-ruling", "{t}"),
    ("hand", "{t}", "B=1"), ("hand", "A=1", "B=1", "C=0", "D=1", "--session", "{t}"),
    ("amend", "{t}", "A=1", "B=1", "C=1", "D=0"), ("use", "{t}"),
    ("explain", "{t}"), ("balances", "--session", "{t}"), ("hands", "--session", "{t}"),
    ("seat", "add", "{t}"), ("seat", "leave", "{t}"), ("undo", "--yes", "--session", "{t}"),
    ("export", "-o", "-", "-f", "{t}"), ("pool", "--session", "{t}"),
])


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command=COMMANDS, value=HOSTILE_TEXT)
def test_no_argument_ends_in_a_traceback(template, command, value):
    args = [a.replace("{t}", value) if "{t}" in a else a for a in copy.copy(command)]
    with tempfile.TemporaryDirectory(prefix="loo-hostile-") as folder:  # one per example
        db = _copy(template, Path(folder))
        result = _run(db, *args)
        if result.exit_code == 0:
            check = _run(db, "check")
            assert check.exit_code == 0, (args, check.output)
