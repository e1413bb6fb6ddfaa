"""docs/cli.md is the CLI reference generated from the commands (scripts/cli_reference.py):
it is what the script writes now, so it names every command with its current help. Every
command's help, as the script renders it once for the module, also names its arguments in
words (issue 22, item 1; tests/test_help_metavars.py has the details)."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: A type Typer names in angle brackets (<str>, <integer>, <path>...), or a brace metavar.
UNWORDED = re.compile(r"<[a-z_]+>|\{[A-Za-z_.=]+\}")


@pytest.fixture(scope="module")
def reference() -> str:
    """docs/cli.md as the script would write it now: every command's help (each group's,
    each command's and each subcommand's, as `loo ... --help` prints it at 100 columns)."""
    text: str = runpy.run_path(str(ROOT / "scripts" / "cli_reference.py"))["render"]()
    return text


def test_docs_cli_md_is_current(reference: str) -> None:
    have = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert have == reference, \
        "docs/cli.md is out of date: run python scripts/cli_reference.py --write"
    from loo_ledger.cli import COMMANDS
    for name in COMMANDS:  # every command has its section, with its usage line
        assert f"`loo {name}`" in have and f"Usage: loo {name} " in have
    for sub in ("seat add", "seat leave", "rules set", "variants show", "session delete",
                "player merge"):
        assert f"Usage: loo {sub} " in have


def test_no_command_names_a_type_or_braces(reference: str) -> None:
    """Every command and subcommand of loo (and every group): no <type> and no {NAME}
    anywhere in its help."""
    from loo_ledger.cli import COMMANDS
    for name in COMMANDS:  # each command's help is there to be read
        assert f"Usage: loo {name} " in reference
    assert not UNWORDED.search(reference), UNWORDED.search(reference)
