"""docs/cli.md is the CLI reference generated from the commands (scripts/cli_reference.py):
it is what the script writes now, so it names every command with its current help."""

from __future__ import annotations

import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_docs_cli_md_is_current():
    script = runpy.run_path(str(ROOT / "scripts" / "cli_reference.py"))
    want = script["render"]()
    have = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert have == want, "docs/cli.md is out of date: run python scripts/cli_reference.py --write"
    from loo_ledger.cli import COMMANDS
    for name in COMMANDS:  # every command has its section, with its usage line
        assert f"`loo {name}`" in have and f"Usage: loo {name} " in have
    for sub in ("seat add", "seat leave", "rules set", "variants show", "session delete",
                "player merge"):
        assert f"Usage: loo {sub} " in have
