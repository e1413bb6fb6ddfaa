"""Issue 8, item 6: cancel is not an error.

A declined confirmation (``loo undo`` answered n, ``loo hand -i`` quit at the preview)
writes nothing and exits 3; Ctrl-C (KeyboardInterrupt, or typer's Abort from ^C/^D at a
question) writes nothing and exits 130. Bad input stays 1, a mistyped command 2. All of it
is decided in one place, the error boundary of cli/__init__.py. The same through a real
terminal: tests/test_interactive_pty.py.
"""

from __future__ import annotations

import pytest
from ledger_kit import copy_for_each_test
from terminals import Terminal

table = copy_for_each_test("table_built", name="table", file="table.db")


@pytest.fixture(scope="module")
def table_built(tmp_path_factory, loo):
    """Three-card, Ann Ben Cat, Cat deals; hand 1 recorded (Ann 3 tricks)."""
    run = loo
    db = tmp_path_factory.mktemp("table") / "table.db"
    assert run(db, "new", "Friday", "--players", "Ann,Ben,Cat", "--dealer", "Cat").exit_code == 0
    assert run(db, "hand", "Ann=3", "Ben=0", "Cat=0").exit_code == 0
    return db


@pytest.mark.parametrize("command", [["undo"], ["session", "delete"]])
def test_declining_a_confirmation_exits_3_and_writes_nothing(table, dump_db, command):
    before = dump_db(table)
    t = Terminal("--db", str(table), *command)
    t.answer("[y/N]", "n")
    t.expect("Cancelled: nothing written.")
    assert t.finish() == 3
    assert "Error" not in t.seen
    assert dump_db(table) == before


@pytest.mark.parametrize("command", [["undo"], ["session", "delete"]])
def test_a_confirmation_with_no_terminal_is_refused_unless_yes(run, table, dump_db, command):
    """Issue 22 item 3: no terminal to answer at (a script, a pipe) and no --yes: exit 1,
    "give --yes", nothing written; not 130, which is Ctrl-C's. With --yes it goes ahead."""
    before = dump_db(table)
    result = run(table, *command, input="y\n")      # piped: not a terminal's answer
    assert result.exit_code == 1
    assert "give --yes" in result.stderr and "nothing written" in result.stderr
    assert dump_db(table) == before
    assert run(table, *command, "--yes").exit_code == 0


def test_quitting_hand_i_exits_3_and_writes_nothing(run, table, dump_db):
    before = dump_db(table)
    # Hand 2, Ann deals a double pool: everyone passes; at the preview: cancel.
    result = run(table, "hand", "-i", input="pass\npass\n\ncancel\n")
    assert result.exit_code == 3
    assert "Cancelled: hand 2 not recorded." in result.output
    assert dump_db(table) == before


def test_ctrl_d_at_a_question_exits_130_and_writes_nothing(run, table, dump_db):
    before = dump_db(table)
    result = run(table, "hand", "-i", input="")      # end of input at the first question
    assert result.exit_code == 130
    assert "Interrupted: nothing written." in result.output
    assert dump_db(table) == before


def test_ctrl_d_at_a_confirmation_exits_130_and_writes_nothing(table, dump_db):
    before = dump_db(table)
    t = Terminal("--db", str(table), "undo")
    t.answer("[y/N]", "\x04")                        # Ctrl-D: the end of input
    t.expect("Interrupted: nothing written.")
    assert t.finish() == 130
    assert dump_db(table) == before


def test_ctrl_c_inside_a_command_exits_130_and_writes_nothing(run, table, dump_db,
                                                            monkeypatch):
    """A KeyboardInterrupt anywhere in a command (here while the hand is being recorded)."""
    from loo_ledger.services import table as services

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(services, "record", interrupted)
    before = dump_db(table)
    result = run(table, "hand", "Ben=pass", "Cat=pass")
    assert result.exit_code == 130
    assert dump_db(table) == before


def test_ctrl_c_at_a_confirmation_in_a_real_process_exits_130(table, dump_db):
    """`loo undo` waiting for its answer gets SIGINT (what Ctrl-C sends): 130, nothing
    removed."""
    before = dump_db(table)
    t = Terminal("--db", str(table), "undo")
    t.answer("Remove hand 1", "\x03")                # the terminal sends SIGINT
    t.expect("Interrupted: nothing written.")
    assert t.finish() == 130
    assert dump_db(table) == before


def test_bad_input_stays_1_and_a_mistyped_command_2(run, table):
    assert run(table, "hand", "Zed=pass").exit_code == 1
    assert run(table, "hand", "--no-such-option").exit_code == 2
