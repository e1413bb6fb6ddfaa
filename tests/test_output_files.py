"""Issue 19, item 2: a command that writes a file never writes over the ledger.

`loo export -o FILE`, `loo datasette-metadata -o FILE` and `loo backup FILE` ask one check
(services/outfile.py): FILE may not be the ledger or its `-wal`/`-shm` file (by name, or the
same file through a link), and a file that exists is replaced only with `--force`. Each
refusal exits 1 and leaves the ledger exactly as it was (its dump equal, `loo check` clean).

The ledger is tests/conftest.py's GOOD_SESSION (nets A 0, B +12, C +3, D -15; pool 0).
"""

from __future__ import annotations

import json

import pytest

WRITERS = [("export", "-o"), ("export", "--format", "csv", "-o"),
           ("datasette-metadata", "-o"), ("backup",)]


def _nets(loo, db) -> dict[str, int]:
    balances = json.loads(loo(db, "balances", "--json").stdout)
    return {p["name"]: p["net"] for p in balances["players"]}


@pytest.mark.parametrize("command", WRITERS)
@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_no_command_writes_over_the_ledger_or_its_wal_and_shm(loo, good_db, dump_db,
                                                               command, suffix):
    before = dump_db(good_db)
    target = good_db.with_name(good_db.name + suffix)
    for force in ((), ("--force",)):  # not even with --force
        result = loo(good_db, *command, target, *force)
        assert result.exit_code == 1, result.output
        assert "is the ledger" in result.stderr and "nothing was written" in result.stderr
    assert dump_db(good_db) == before
    check = loo(good_db, "check")
    assert check.exit_code == 0, check.output
    assert _nets(loo, good_db) == {"A": 0, "B": 12, "C": 3, "D": -15}


@pytest.mark.parametrize("command", WRITERS)
def test_the_ledger_through_a_link_is_the_ledger(loo, good_db, dump_db, tmp_path, command):
    before = dump_db(good_db)
    link = tmp_path / "elsewhere.json"
    link.symlink_to(good_db)
    result = loo(good_db, *command, link, "--force")
    assert result.exit_code == 1 and "is the ledger" in result.stderr
    hard = tmp_path / "hard.json"
    hard.hardlink_to(good_db)
    result = loo(good_db, *command, hard, "--force")
    assert result.exit_code == 1 and "is the ledger" in result.stderr
    assert dump_db(good_db) == before


@pytest.mark.parametrize("command", WRITERS)
def test_an_existing_file_is_replaced_only_with_force(loo, good_db, tmp_path, command):
    target = tmp_path / "out.file"
    target.write_text("precious")
    result = loo(good_db, *command, target)
    assert result.exit_code == 1 and "already exists" in result.stderr
    assert "--force" in result.stderr
    assert target.read_text() == "precious"
    result = loo(good_db, *command, target, "--force")
    assert result.exit_code == 0, result.output
    assert target.read_bytes() != b"precious"


def test_export_with_force_writes_what_export_writes(loo, good_db, tmp_path):
    target = tmp_path / "friday.json"
    target.write_text("old")
    assert loo(good_db, "export", "-o", target, "--force").exit_code == 0
    assert target.read_bytes() == loo(good_db, "export").stdout_bytes


def test_standard_output_needs_no_force(loo, good_db):
    assert loo(good_db, "export", "-o", "-").exit_code == 0
    assert loo(good_db, "datasette-metadata", "-o", "-").exit_code == 0
