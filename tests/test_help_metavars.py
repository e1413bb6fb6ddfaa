"""Issue 22, item 1: metavars that read as words. Typer 0.27+ prints an argument's Click
type beside it (``NAME  <str>``) and a required argument in braces in the usage line
(``{NAME}``); every ``loo`` command's help names its arguments by their metavar alone
(cli/command.py LooCommand). That no command's help has either anywhere is checked on the
help of every command as the CLI reference renders it (tests/test_cli_reference.py)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from loo_ledger.cli import app

runner = CliRunner()

#: A type Typer names in angle brackets (<str>, <integer>, <path>...), or a brace metavar.
UNWORDED = re.compile(r"<[a-z_]+>|\{[A-Za-z_.=]+\}")


def _help(*words: str) -> str:
    result = runner.invoke(app, [*words, "--help"], env={"COLUMNS": "100"}, prog_name="loo")
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(("words", "usage", "argument"), [
    (("season", "rename"), "Usage: loo season rename [OPTIONS] NAME NEW", "NAME"),
    (("payments", "remove"), "Usage: loo payments remove [OPTIONS] ID", "ID"),
    (("leaks",), "Usage: loo leaks [OPTIONS] [PLAYER]", "[PLAYER]"),
    (("explain",), "Usage: loo explain [OPTIONS] N", "N"),
    (("restore",), "Usage: loo restore [OPTIONS] FILE", "FILE"),
])
def test_a_commands_help_names_its_arguments_in_words(words: tuple[str, ...], usage: str,
                                                      argument: str) -> None:
    """The usage line has the bare metavar; the argument's row has the metavar, then its
    help, with no type between them."""
    text = _help(*words)
    assert usage in text
    row = next(line for line in text.splitlines() if f" {argument} " in line and "│" in line)
    after = row.split(f" {argument} ", 1)[1].strip()
    assert not after.startswith("<"), row
    assert not UNWORDED.search(text), text
