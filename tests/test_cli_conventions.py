"""CLI conventions (issue 11, item 1 and 9): --version from one place, -h, completion."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

from typer.testing import CliRunner

from loo_ledger import __version__
from loo_ledger.cli import app

runner = CliRunner()


def test_version_is_read_from_one_place():
    # pyproject.toml's version is dynamic, read from loo_ledger/__init__.py by hatch
    assert importlib.metadata.version("loo-ledger") == __version__
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"loo_ledger {__version__}\n"


def test_short_help_is_the_same_as_long_help():
    short = runner.invoke(app, ["-h"], prog_name="loo")
    long = runner.invoke(app, ["--help"], prog_name="loo")
    assert short.exit_code == long.exit_code == 0
    assert short.output == long.output
    assert "Usage: loo" in short.output


def test_shell_completion_is_offered():
    assert "--install-completion" in runner.invoke(app, ["--help"]).output


def test_licence_file_matches_the_declared_licence():
    root = Path(__file__).resolve().parent.parent
    assert (root / "LICENSE").read_text().startswith("MIT License")
    assert 'license = "MIT"' in (root / "pyproject.toml").read_text()
