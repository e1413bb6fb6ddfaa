"""What the wheel carries besides the code: the py.typed marker (PEP 561: the package is
typed) and the format documentation that `loo --help` points to."""

from __future__ import annotations

import tomllib
from pathlib import Path

from typer.testing import CliRunner

from loo_ledger.cli import app

ROOT = Path(__file__).resolve().parent.parent
BUILD = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]


def test_the_package_is_marked_typed():
    assert (ROOT / "loo_ledger" / "py.typed").is_file()
    assert BUILD["build"]["targets"]["wheel"]["packages"] == ["loo_ledger"]  # py.typed in it


def test_the_format_documentation_ships_where_help_says():
    shipped = BUILD["build"]["targets"]["wheel"]["force-include"]
    assert shipped["docs/format.md"] == "loo_ledger/docs/format.md"
    assert (ROOT / "docs" / "format.md").read_text(encoding="utf-8").startswith(
        "# Session files and JSON output")
    assert "docs" in BUILD["build"]["targets"]["sdist"]["include"]  # a wheel built from it
    said = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "200"}).output
    assert "format.md, installed with loo_ledger in loo_ledger/docs/" in said
    said = CliRunner().invoke(app, ["balances", "--help"], env={"COLUMNS": "200"}).output
    assert "format.md, installed in loo_ledger/docs/" in said
