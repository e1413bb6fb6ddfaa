"""Extension fields and ``$schema`` round-trip at the session level as they do at the hand
level (issue 22 item 8): the schema allows ``x-`` fields in the session, its unit, each
hand and each flush and penalty, and a top-level ``$schema``
(formats/extensions.py); ``loo import`` then ``loo export`` gives them back where they
stood: ``$schema`` first, the session's ``x-`` fields last, the unit's in the unit.

The session is tests/conftest.py's good session (worked by hand in test_cli.py).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from loo_ledger.formats.sessionfile import SCHEMA_ID


def extended(good_session: dict) -> dict:
    data = {"$schema": SCHEMA_ID, **good_session}
    data["unit"]["x-rate-source"] = "ECB"
    data["hands"][1]["x-photo"] = "IMG_0042.jpg"
    data["x-app"] = {"version": 3, "tags": ["friday", None, 1.5, True]}
    data["x-empty"] = {}
    return data


def exported(loo, db: Path, *args: str) -> dict:
    result = loo(db, "export", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_export_gives_back_the_session_level_extensions(loo, tmp_path, good_session, save):
    data = extended(good_session)
    db = tmp_path / "loo.db"
    assert loo(db, "import", save(tmp_path / "in.json", data)).exit_code == 0
    out = exported(loo, db)
    assert out == data
    assert list(out) == list(data)  # $schema first, the x- fields last, as given
    assert list(out["unit"]) == ["name", "value", "currency", "x-rate-source"]
    # and the file exported imports again as the same session, extensions and all
    again = tmp_path / "again.db"
    assert loo(again, "import", save(tmp_path / "out.json", out)).exit_code == 0
    assert exported(loo, again) == data


def test_a_session_without_extensions_exports_none(loo, good_db, good_session):
    out = exported(loo, good_db)
    assert not [k for k in out if k.startswith(("x-", "$"))]
    assert out == good_session


def test_the_extensions_outlive_a_hand_entered_later(loo, tmp_path, good_session, save):
    """Hand 4, C dealing a simple pool: A, B and D one trick each, C none (worked in
    tests/test_upgrade.py): a write of the session keeps what it does not read."""
    data = extended(good_session)
    db = tmp_path / "loo.db"
    assert loo(db, "import", save(tmp_path / "in.json", data)).exit_code == 0
    assert loo(db, "hand", "A=1", "B=1", "C=0", "D=1").exit_code == 0
    out = exported(loo, db)
    assert out["$schema"] == SCHEMA_ID and out["x-app"] == data["x-app"]
    assert out["unit"]["x-rate-source"] == "ECB" and len(out["hands"]) == 4


def test_the_extensions_are_kept_in_the_sessions_row(loo, tmp_path, good_session, save):
    """Stored as given, in their own column (m022): the session's, then the unit's."""
    db = tmp_path / "loo.db"
    assert loo(db, "import", save(tmp_path / "in.json", extended(good_session))).exit_code == 0
    with sqlite3.connect(db) as conn:
        (extras,), = conn.execute("SELECT extras FROM sessions")
    assert json.loads(extras) == {"$schema": SCHEMA_ID,
                                  "x-app": {"version": 3, "tags": ["friday", None, 1.5, True]},
                                  "x-empty": {}, "unit": {"x-rate-source": "ECB"}}
