"""A ledger built once for a test module and copied for each test (a helper module, not a
test module).

A module builds the ledger its tests start from once, in a module-scoped fixture of its
own (``table_built``: the commands that make it, at a path under ``tmp_path_factory``);
:func:`copy_for_each_test` makes the function-scoped fixture that gives each test a copy of
that file to write to (tests/conftest.py's ``copy_ledger``: the ledger closed, no
write-ahead log beside it)::

    table = copy_for_each_test("table_built", name="table", file="table.db")
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def copy_for_each_test(built: str, *, name: str, file: str = "loo.db") -> Any:
    """The fixture ``name``: for one test, a copy at ``tmp_path / file`` of the ledger that
    the module's fixture ``built`` made once."""

    @pytest.fixture(name=name)
    def copied(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
        """A copy of the ledger the module built once, for this test to write to."""
        copy_ledger = request.getfixturevalue("copy_ledger")
        return copy_ledger(request.getfixturevalue(built), tmp_path, file)

    return copied
