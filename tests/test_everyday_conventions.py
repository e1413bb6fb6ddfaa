"""Issue 22, items 1-4: help you can find your way in, options that agree, exit statuses
that agree, completion of values. Driven as a user drives them: CliRunner, a subprocess
whose standard error is a pipe, and Click's completion variables (what the shell's
completion script sets; read in process, as `loo` reads them at its start)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import BuiltOnce
from ledger_kit import copy_for_each_test

from loo_ledger.cli import COMMANDS, app

runner = BuiltOnce()  # the program's command built once for the module


evening = copy_for_each_test("evening_built", name="evening", file="l.db")


@pytest.fixture(scope="module")
def evening_built(tmp_path_factory, loo) -> Path:
    """Two sessions: 1 'Friday at the Crown' (closed), 2 'Sunday' (current), Ann Ben Cat."""
    db = tmp_path_factory.mktemp("evening") / "l.db"
    assert loo(db, "new", "Friday at the Crown", "--players", "Ann,Ben,Cat").exit_code == 0
    assert loo(db, "hand", "Ann=3", "Ben=0", "Cat=0").exit_code == 0
    assert loo(db, "close", "-s", "1").exit_code == 0
    assert loo(db, "new", "Sunday", "--players", "Ann,Ben,Cat").exit_code == 0
    return db


def test_every_table_command_has_examples() -> None:
    """Each command of the "At the table" panel shows an Examples section in its help."""
    table = [name for name, (_, panel, _) in COMMANDS.items() if panel == "At the table"]
    assert table[:7] == ["new", "use", "hand", "amend", "undo", "pool", "close"]
    for name in table:
        out = runner.invoke(app, [name, "--help"], env={"COLUMNS": "120"}).output
        assert "Examples:" in out and f"$ loo {name}" in out, name


def test_help_points_to_the_format_doc_shipped_with_the_package() -> None:
    out = runner.invoke(app, ["--help"], env={"COLUMNS": "200"}).output
    assert "format.md, installed with loo_ledger in loo_ledger/docs/" in out
    import loo_ledger
    shipped = Path(loo_ledger.__file__).parent / "docs" / "format.md"
    root = Path(__file__).resolve().parent.parent
    assert shipped.is_file() or "loo_ledger/docs" in (root / "pyproject.toml").read_text()


def test_metavars_read_as_words() -> None:
    """No option shows a type in angle brackets or a lower-case name in braces."""
    for name in ("new", "hand", "use", "replay", "check", "reopen"):
        out = runner.invoke(app, [name, "--help"], env={"COLUMNS": "200"}).output
        options = out.split("Options")[1]
        assert "<str>" not in options and "<int>" not in options, name
        assert "ID|NAME" in out, name


def test_a_session_by_id_or_name_prefix_everywhere(loo, evening) -> None:
    """-s/--session takes an id or a unique name prefix: use, reopen, replay, check,
    balances; `use` also as an argument."""
    assert loo(evening, "use", "-s", "fri").exit_code == 0
    current = loo(evening, "pool", "--json")
    assert '"session": 1' in current.stdout
    assert loo(evening, "use", "sun").exit_code == 0
    assert '"session": 2' in loo(evening, "pool", "--json").stdout
    assert '"session": 1' in loo(evening, "pool", "-s", "Friday", "--json").stdout
    assert loo(evening, "reopen", "-s", "fri").exit_code == 0
    assert loo(evening, "replay", "-s", "fri", "--json").exit_code == 0
    assert loo(evening, "check", "-s", "Sun").exit_code == 0
    # the pool Friday left carried into a new evening named by its name
    assert loo(evening, "close", "-s", "fri").exit_code == 0
    made = loo(evening, "new", "Rematch", "--players", "Ann,Ben,Cat", "--carry-from", "fri")
    assert made.exit_code == 0, made.output


def test_naming_a_session_reads_no_hand_counts(loo, evening, monkeypatch) -> None:
    """-s ID|NAME needs only the sessions' ids and names: the session list with its
    hand counts reads every hand (some 0.2 s of a command on a million-hand ledger), so
    naming a session by id or by name never asks for it."""
    from loo_ledger.store.ledger import Ledger

    def every_hand_counted(self):
        raise AssertionError("the session list was read to name a session")

    monkeypatch.setattr(Ledger, "sessions", every_hand_counted)
    assert '"session": 1' in loo(evening, "pool", "-s", "1", "--json").stdout
    assert '"session": 2' in loo(evening, "pool", "-s", "sun", "--json").stdout


def test_a_session_named_twice_is_a_usage_error(loo, evening) -> None:
    for args in (["use", "1", "-s", "2"], ["reopen", "1", "-s", "1"],
                 ["replay", "1", "--session", "2"], ["session", "delete", "1", "-s", "1"]):
        result = loo(evening, *args)
        assert result.exit_code == 2, (args, result.output)
        assert "not both" in result.output


def test_conflicting_options_are_usage_errors(loo, evening) -> None:
    for args in (["stats", "--all", "-s", "1"], ["settle-up", "--all", "-s", "1"],
                 ["leaks"]):
        assert loo(evening, *args).exit_code == 2, args


def test_usage_errors_are_plain_text_when_stderr_is_not_a_terminal(evening) -> None:
    done = subprocess.run([sys.executable, "-m", "loo_ledger", "--db", str(evening),
                           "hand", "--no-such-option"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("Usage: loo hand [OPTIONS]")
    assert "Error: No such option: --no-such-option" in done.stderr
    assert "╭" not in done.stderr and "│" not in done.stderr


def complete(db: Path, line: str) -> list[str]:
    """What the shell is offered for the last word of ``line`` (bash, through the completion
    variables that the script of ``loo --install-completion`` sets)."""
    words = line.split(" ")
    env = {"_LOO_COMPLETE": "complete_bash", "COMP_WORDS": line,
           "COMP_CWORD": str(len(words) - 1), "LOO_DB": str(db)}
    done = runner.invoke(app, [], prog_name="loo", env=env)   # as main() runs it
    assert done.exit_code == 0, done.output
    return done.stdout.splitlines()


def test_completion_of_values(evening) -> None:
    assert complete(evening, "loo use ") == ["1", "2", "Friday at the Crown", "Sunday"]
    assert complete(evening, "loo pool -s Fr") == ["Friday at the Crown"]
    assert complete(evening, "loo hand A") == ["Ann="]
    assert complete(evening, "loo hand --revoke B") == ["Ben"]
    assert complete(evening, "loo hand --trump h") == ["hearts"]
    assert complete(evening, "loo new X --players A,B --variant five") == ["five-card"]
    assert complete(evening, "loo new X --players A,B --rule loo_l") == ["loo_limit="]


def test_variant_and_rule_are_spelt_the_same_everywhere(loo, evening) -> None:
    """`rules save` takes --variant (--from still works, hidden); `rules set` takes --rule
    as `new`, `replay` and `variants show` do. loo_limit=45 is stored as the number 45."""
    assert loo(evening, "rules", "save", "Ours", "--variant", "three", "--rule",
               "loo_limit=45").exit_code == 0
    assert loo(evening, "rules", "save", "Old", "--from", "three-card").exit_code == 0
    assert "--from" not in loo(evening, "rules", "save", "--help").stdout
    both = loo(evening, "rules", "save", "X", "--variant", "three-card", "--from", "three-card")
    assert both.exit_code == 2
    assert loo(evening, "rules", "set", "--rule", "loo_limit=45").exit_code == 0
    shown = loo(evening, "pool", "--json")
    assert shown.exit_code == 0
    for command in (["new", "--help"], ["replay", "--help"], ["variants", "show", "--help"],
                    ["rules", "set", "--help"], ["rules", "save", "--help"]):
        assert "--rule" in loo(evening, *command).stdout, command
