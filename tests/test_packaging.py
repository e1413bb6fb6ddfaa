"""What the wheel carries besides the code: the py.typed marker (PEP 561: the package is
typed) and the format documentation that `loo --help` points to."""

from __future__ import annotations

import importlib
import tomllib
from pathlib import Path

from typer.testing import CliRunner

from loo_ledger.cli import app

ROOT = Path(__file__).resolve().parent.parent
BUILD = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]


def test_every_module_of_the_package_imports():
    """Each module of the package (``python -m loo_ledger``'s __main__ aside: it runs the
    program), imported as a program that uses it would, whatever the suite's other tests
    import: a module only a rare path loads is imported here too (the doctests are
    collected only from the modules that hold an example, tests/conftest.py)."""
    package = ROOT / "loo_ledger"
    names = sorted(".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(
        ".__init__") for path in package.rglob("*.py") if path.name != "__main__.py")
    assert len(names) > 150 and "loo_ledger.tui.footer" in names
    for name in names:
        assert importlib.import_module(name).__name__ == name


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


PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _name(requirement: str) -> str:
    """The distribution name of a requirement string ("rich>=13.8" -> "rich")."""
    for i, ch in enumerate(requirement):
        if not (ch.isalnum() or ch in "-_.[]"):
            return requirement[:i].split("[")[0].lower()
    return requirement.split("[")[0].lower()


def test_the_metadata_says_who_and_what():
    """Issue 22 item 15: authors, classifiers (typed, console, Python 3.11+)."""
    assert PROJECT["authors"] and PROJECT["authors"][0]["name"]
    assert "Typing :: Typed" in PROJECT["classifiers"]
    assert "Programming Language :: Python :: 3.11" in PROJECT["classifiers"]
    assert "Environment :: Console" in PROJECT["classifiers"]


def test_test_extras_hold_no_development_tools():
    """The suite's extras install what the suite needs; linters and nox are in `dev`."""
    extras = PROJECT["optional-dependencies"]
    tests = {_name(r) for r in extras["test"]}
    dev = {_name(r) for r in extras["dev"]}
    assert {"pytest", "hypothesis", "pytest-xdist"} <= tests
    assert not tests & {"mypy", "ruff", "nox", "types-python-dateutil"}
    assert {"mypy", "ruff", "nox"} <= dev and "loo-ledger" in dev  # dev includes test
    assert "fastjsonschema" not in {_name(r) for r in PROJECT["dependencies"]}


def test_rich_floor_is_the_one_typer_needs():
    """We ask no less of rich than the Typer we allow does (typer 0.28: rich>=13.8.0)."""
    from importlib.metadata import requires

    ours = next(r for r in PROJECT["dependencies"] if _name(r) == "rich")
    typers = next(r for r in requires("typer") or [] if _name(r) == "rich")
    floor = tuple(int(x) for x in ours.split(">=")[1].split(",")[0].split("."))
    theirs = tuple(int(x) for x in typers.split(">=")[1].split(";")[0].strip().split("."))
    assert floor[:2] >= theirs[:2], (ours, typers)
