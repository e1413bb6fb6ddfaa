"""Issue 10: the one writer stores the next deal as `loo pool` tells it (store/next_deal.py,
``sessions.next_deal``) with every write, so `loo pool` reads it without loading the rules.
After every kind of write the stored answer must be the one the stored rows give, `loo pool`
must say exactly what it says when it works the answer out itself, and `loo check` must
notice a stored answer that is not the rows'."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from loo_ledger.store.ledger import Ledger
from loo_ledger.store.next_deal import work_out

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "sample_sessions").glob("*.json"))


def _same_as_worked_out(db: Path, loo) -> None:
    """The stored next deal is the worked-out one, and `loo pool` (text and json) says the
    same with it as without it."""
    ledger = Ledger.open(db)
    sid = ledger.current_session_id()
    assert sid is not None
    stored = ledger.next_deal(sid)
    assert stored is not None and stored == work_out(ledger, sid)
    ledger.close()
    with_it = (loo(db, "pool").stdout, loo(db, "pool", "--json").stdout)
    conn = sqlite3.connect(db)
    conn.execute("UPDATE sessions SET next_deal = NULL")
    conn.commit()
    conn.close()
    assert (loo(db, "pool").stdout, loo(db, "pool", "--json").stdout) == with_it
    assert json.loads(with_it[1]) == stored["status"]


def test_every_write_stores_the_next_deal_the_rows_give(tmp_path, loo):
    db = tmp_path / "t.db"
    steps = [("new", "Friday", "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov"),
             ("hand", "Ann=2", "Ben=1", "Cat=0", "Dov=0"),   # Cat and Dov looed: double
             ("hand", "Ben=pass", "Cat=pass", "Dov=pass"),  # all pass: Ann takes it
             ("seat", "leave", "Cat"),
             ("hand", "Ann=1", "Ben=1", "Dov=1"),
             ("seat", "add", "Cat"),
             ("undo", "--yes"),
             ("rules", "set", "loo=unlimited"),
             ("hand", "Ann=3", "Ben=0", "Cat=0", "Dov=0")]
    for step in steps:
        done = loo(db, *step)
        assert done.exit_code == 0, (step, done.output)
        _same_as_worked_out(db, loo)


def test_every_sample_imports_with_its_next_deal(tmp_path, loo):
    for path in SAMPLES:
        db = tmp_path / f"{path.stem}.db"
        assert loo(db, "import", path).exit_code == 0
        _same_as_worked_out(db, loo)


def test_check_finds_a_next_deal_that_is_not_the_rows(tmp_path, loo, good_db):
    assert loo(good_db, "check").exit_code == 0
    conn = sqlite3.connect(good_db)
    stored = json.loads(conn.execute("SELECT next_deal FROM sessions").fetchone()[0])
    stored["status"]["pool"] += 1
    conn.execute("UPDATE sessions SET next_deal = ?", (json.dumps(stored),))
    conn.commit()
    conn.close()
    found = loo(good_db, "check", "--json")
    assert found.exit_code == 1
    assert [p["code"] for p in json.loads(found.stdout)] == ["CHECK_NEXT_DEAL"]
