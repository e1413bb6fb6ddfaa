"""Issue 22, item 5: ``loo path`` prints the ledger's path; ``loo schema [NAME]`` prints the
session-file schema or a command's output schema, from the schemas the package ships."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from loo_ledger.cli import app

ROOT = Path(__file__).resolve().parent.parent


def _loo(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200", **(env or {})})


def test_path_is_the_db_given_or_loo_db(tmp_path):
    db = tmp_path / "a.db"
    result = _loo("--db", str(db), "path")
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{db.resolve()}\n"
    assert json.loads(_loo("--db", str(db), "path", "--json").stdout) == {
        "path": str(db.resolve()), "exists": False}
    other = tmp_path / "b.db"
    assert _loo("path", env={"LOO_DB": str(other)}).stdout == f"{other.resolve()}\n"
    assert not db.exists() and not other.exists()  # a question, not a ledger made


def test_schema_prints_the_session_file_schema_and_output_schemas(tmp_path):
    db = str(tmp_path / "a.db")
    session = _loo("--db", db, "schema")
    assert session.exit_code == 0, session.output
    assert json.loads(session.stdout) == json.loads(
        (ROOT / "schemas" / "session.schema.json").read_text(encoding="utf-8"))
    balances = _loo("--db", db, "schema", "bal")  # a unique prefix
    assert json.loads(balances.stdout) == json.loads(
        (ROOT / "schemas" / "output" / "balances.schema.json").read_text(encoding="utf-8"))
    unknown = _loo("--db", db, "schema", "nothing")
    assert unknown.exit_code == 1
    assert unknown.stderr.startswith(
        "Error: no output schema matches 'nothing'; the output schemas are amend, backup, ")
    ambiguous = _loo("--db", db, "schema", "se")
    assert ambiguous.exit_code == 1
    assert "'se' is ambiguous" in ambiguous.stderr
