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


def test_new_and_use_json_echo_what_was_stored(tmp_path):
    """--when "2026-03-13 20:00" is stored as that time in ISO 8601 (the zone the test
    runs in is UTC in CI; the date and hour are checked, as typed); loo_limit=45 as the
    number 45; the unit as three-card's "white chip" at 0.05 GBP; Cat, the last player,
    deals first by default."""
    db = str(tmp_path / "a.db")
    new = _loo("--db", db, "new", "Friday", "--players", "Ann,Ben,Cat", "--rule",
               "loo_limit=45", "--when", "2026-03-13 20:00", "--unit-value", "0.05",
               "--currency", "GBP", "--json")
    assert new.exit_code == 0, new.output
    stored = json.loads(new.stdout)["stored"]
    assert stored["started_at"].startswith("2026-03-13T20:00:00")
    assert {k: v for k, v in stored.items() if k != "started_at"} == {
        "name": "Friday", "variant": "three-card", "house_rule": None,
        "rules": {"loo_limit": 45},
        "unit": {"name": "white chip", "value": "0.05", "currency": "GBP"},
        "first_dealer": "Cat", "buy_in": None, "opening_pool": 0}
    use = _loo("--db", db, "use", "fri", "--json")
    assert use.exit_code == 0, use.output
    assert json.loads(use.stdout)["stored"] == stored
