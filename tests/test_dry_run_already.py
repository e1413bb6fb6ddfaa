"""`loo import --dry-run` says when a file is already in the ledger, as the real import
decides it (services/importing.py ``_refusals``: the content's fingerprint, however the
file is laid out; or the same file given twice): a line per such file naming the session,
and under --json ``already_imported``. The dry run still writes nothing and exits 0.

The file is tests/conftest.py's GOOD_SESSION, worked by hand in tests/test_cli.py:
three-card, seats A B C D, D deals first, pool 0.
    Hand 1 (D deals, simple, P = 9, 3 a trick): A +3, B -9 (looed), C +3, D -9 + 3 = -6.
    Hand 2 (A deals, 9 carried, double, P = 18, 6 a trick): A -9 + 6 = -3, B +2*6 = +12,
        C 0 (passed), D -9 (took the miss, no trick: looed).
    Hand 3 (B deals, 9 carried, P = 18, everyone passes): B -9 + 18 = +9, others 0.
    Nets: A 3 - 3 + 0 = 0, B -9 + 12 + 9 = 12, C 3 + 0 + 0 = 3, D -6 - 9 + 0 = -15;
    Pool after each hand: 9 - 9 + 9 = 9, 18 - 18 + 9 = 9, 18 - 18 = 0: 0 at the end.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from jsonschema import Draft202012Validator

NETS = {"A": 0, "B": 12, "C": 3, "D": -15}
SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "schemas" / "output"
                     / "import.schema.json").read_text(encoding="utf-8"))


def imported_at(db: Path) -> list[tuple[int, str]]:
    """(session, when imported) of every row the real imports stored, oldest first."""
    conn = sqlite3.connect(db)
    try:
        return [(r[0], r[1]) for r in conn.execute(
            "SELECT session_id, at FROM imports ORDER BY session_id")]
    finally:
        conn.close()


def minute(at: str) -> str:
    """How the real import's refusal writes the time: to the minute, a space for the T."""
    return at[:16].replace("T", " ")


def test_a_dry_run_names_the_session_a_file_is_already_in(loo, good_db, good_file, dump_db):
    before = dump_db(good_db)
    [(sid, at)] = imported_at(good_db)
    assert sid == 1
    result = loo(good_db, "import", "--dry-run", good_file)
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"{good_file}: would import 'Test night', 3 hands, 4 players, pool 0 at the end\n"
        f"{good_file}: already in the ledger: imported as session 1 'Test night' on "
        f"{minute(at)}; the real import would be refused without --again\n"
        "Nothing was written (--dry-run).\n")
    assert dump_db(good_db) == before
    # and the real import does what the preview said
    real = loo(good_db, "import", good_file)
    assert real.exit_code == 1 and "imported as session 1 'Test night'" in real.stderr
    assert dump_db(good_db) == before


def test_the_json_has_already_imported_and_keeps_every_other_key(loo, good_db, good_file,
                                                                 tmp_path, dump_db):
    before = dump_db(good_db)
    [(_, at)] = imported_at(good_db)
    # the same content laid out differently: the same fingerprint, so the same answer
    relaid = tmp_path / "relaid.json"
    relaid.write_text(json.dumps(json.loads(good_file.read_text()), indent=7, sort_keys=True))
    other = json.loads(good_file.read_text())
    other["name"] = "Another night"   # a different session: not refused
    (tmp_path / "other.json").write_text(json.dumps(other))
    result = loo(good_db, "import", "--dry-run", "--json", relaid, tmp_path / "other.json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    Draft202012Validator(SCHEMA).validate(out)
    assert out["action"] == "import" and out["dry_run"] is True
    assert [s["file"] for s in out["sessions"]] == [str(relaid), str(tmp_path / "other.json")]
    for s in out["sessions"]:
        assert s["session"] is None and s["hands"] == 3 and s["pool"] == 0
        assert s["nets"] == NETS
    assert out["already_imported"] == [
        {"file": str(relaid),
         "sessions": [{"session": 1, "name": "Test night", "imported_at": at}],
         "same_as": None}]
    assert dump_db(good_db) == before


def test_nothing_already_imported_is_an_empty_list_and_a_real_import_has_no_key(
        loo, tmp_path, good_file):
    db = tmp_path / "fresh.db"
    dry = loo(db, "import", "--dry-run", "--json", good_file)
    assert dry.exit_code == 0, dry.output
    assert json.loads(dry.stdout)["already_imported"] == []
    assert not db.exists()   # a dry run makes no ledger to ask
    plain = loo(db, "import", "--dry-run", good_file)
    assert plain.stdout == (f"{good_file}: would import 'Test night', 3 hands, 4 players, "
                            "pool 0 at the end\nNothing was written (--dry-run).\n")
    real = loo(db, "import", "--json", good_file)
    assert real.exit_code == 0, real.output
    out = json.loads(real.stdout)
    assert "already_imported" not in out and out["sessions"][0]["session"] == 1
    assert out["sessions"][0]["nets"] == NETS


def test_a_file_imported_twice_names_both_sessions(loo, good_db, good_file):
    assert loo(good_db, "import", "--again", good_file).exit_code == 0   # session 2
    [(_, first), (_, second)] = imported_at(good_db)
    result = loo(good_db, "import", "--dry-run", good_file)
    assert result.exit_code == 0
    assert (f"{good_file}: already in the ledger: imported as session 1 'Test night' on "
            f"{minute(first)}, and again as session 2; the real import would be refused "
            "without --again\n") in result.stdout
    out = json.loads(loo(good_db, "import", "--dry-run", "--json", good_file).stdout)
    assert out["already_imported"][0]["sessions"] == [
        {"session": 1, "name": "Test night", "imported_at": first},
        {"session": 2, "name": "Test night", "imported_at": second}]


def test_with_again_the_dry_run_says_it_would_import_it_as_a_new_session(loo, good_db,
                                                                         good_file):
    result = loo(good_db, "import", "--dry-run", "--again", good_file)
    assert result.exit_code == 0
    assert (f"{good_file}: already in the ledger: imported as session 1 'Test night'"
            in result.stdout)
    assert "; --again imports it once more as a new session\n" in result.stdout
    assert "would be refused" not in result.stdout


def test_the_same_file_given_twice_is_named_as_the_real_import_would(loo, tmp_path,
                                                                    good_file):
    db = tmp_path / "twice.db"
    result = loo(db, "import", "--dry-run", good_file, good_file)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:4] == [
        f"{good_file}: would import 'Test night', 3 hands, 4 players, pool 0 at the end",
        f"{good_file}: the same session as {good_file}; the real import would be refused "
        "without --again",
        "Nothing was written (--dry-run)."]
    out = json.loads(loo(db, "import", "--dry-run", "--json", good_file, good_file).stdout)
    assert out["already_imported"] == [{"file": str(good_file), "sessions": [],
                                        "same_as": str(good_file)}]
    assert not db.exists()
    real = loo(db, "import", good_file, good_file)
    assert real.exit_code == 1 and f"holds the same session as {good_file}" in real.stderr
