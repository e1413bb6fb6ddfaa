"""``loo check`` streams a session's hands (services/checking.py ``BATCH`` at a time): a
difference planted in any batch, the last and partial one included, is found, and found
the same whatever the batch; no more than a batch of hands is settled ahead of the
comparison (issue 20, the check's speed: the objects of a few hands alive at once).

The session is generated (benchmarks/generate.py: 100 three-card hands, five players), so
its figures are not worked by hand; each edit below changes one stored figure by a
known amount, and the findings it must give follow from the checks' own definitions
(docs/guarantees.md; test_check.py works the same findings on the good session):

- hand 1's moves lose their last movement: the postings no longer match the rules', and
  the nets no longer match the postings of whoever that movement paid or was paid
  (CHECK_POSTINGS 1 and CHECK_BALANCE of one or two players, found from the movement);
- hand 40's pool carried in +1: it no longer follows hand 39's pool left
  (CHECK_CONTINUITY), its changes no longer conserve chips (CHECK_CONSERVATION), and it
  is not the pool the rules give (CHECK_POOL);
- hand 70's words: the first seat's letter changed (CHECK_PLAYS, naming that player);
- hand 100's first change +1: the rules give the other (CHECK_DELTAS) and the changes no
  longer conserve (CHECK_CONSERVATION).
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest

from loo_ledger.domain.settlement import engine
from loo_ledger.services import checking
from loo_ledger.store import derive
from loo_ledger.store.codec import unpack_move
from loo_ledger.store.ledger import Ledger

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import generate  # noqa: E402

HANDS = 100


@pytest.fixture(scope="module")
def built(tmp_path_factory, loo):
    folder = tmp_path_factory.mktemp("stream")
    path = generate.write_session(generate.generate_session("three-card", 5, HANDS, seed=3),
                                  folder / "evening.json")
    db = folder / "loo.db"
    result = loo(db, "import", path)
    assert result.exit_code == 0, result.output
    return db


def _one(conn: sqlite3.Connection, sql: str, *params: object) -> object:
    return conn.execute(sql, params).fetchone()[0]


def _plant(db: Path) -> set[tuple[str, int | None, str | None]]:
    """The four edits of the module's docstring, and the findings they must give."""
    conn = sqlite3.connect(db)
    players = [r[0] for r in conn.execute(
        "SELECT name FROM seats WHERE session_id = 1 ORDER BY position")]
    want: set[tuple[str, int | None, str | None]] = set()
    with conn:
        moves = json.loads(_one(conn, "SELECT moves FROM hands WHERE number = 1"))
        payer, payee, amount, _ = unpack_move(moves[-1])
        conn.execute("UPDATE hands SET moves = ? WHERE number = 1", (json.dumps(moves[:-1]),))
        want.add(("CHECK_POSTINGS", 1, None))
        want |= {("CHECK_BALANCE", None, players[p]) for p in (payer, payee) if p >= 0}

        conn.execute("UPDATE hands SET pool_in = pool_in + 1 WHERE number = 40")
        want |= {("CHECK_CONTINUITY", 40, None), ("CHECK_CONSERVATION", 40, None),
                 ("CHECK_POOL", 40, None)}

        words = _one(conn, "SELECT words FROM hands WHERE number = 70")
        assert isinstance(words, str)
        changed = ("s" if words[0] != "s" else "p") + words[1:]
        conn.execute("UPDATE hands SET words = ? WHERE number = 70", (changed,))
        want.add(("CHECK_PLAYS", 70, players[0]))

        deltas = json.loads(_one(conn, "SELECT deltas FROM hands WHERE number = 100"))
        first = next(i for i, d in enumerate(deltas) if d is not None)
        deltas[first] += 1
        conn.execute("UPDATE hands SET deltas = ? WHERE number = 100", (json.dumps(deltas),))
        want |= {("CHECK_DELTAS", 100, None), ("CHECK_CONSERVATION", 100, None)}
    conn.close()
    return want


def _found(db: Path) -> list[tuple[str, int | None, str | None]]:
    ledger = Ledger.open(db)
    try:
        return [(p.code, p.hand, p.player) for p in checking.check(ledger)]
    finally:
        ledger.close()


def test_the_untouched_session_checks_clean(built):
    assert _found(built) == []


@pytest.mark.parametrize("batch", [1, 7, checking.BATCH, 1000])
def test_a_difference_in_every_batch_is_found_whatever_the_batch(built, tmp_path, batch,
                                                                 monkeypatch):
    """Hands 1, 40, 70 and 100 lie in batches 1, 2, 3 and the last (partial: hands 97 to
    100) of the default batch of 32; in one batch of 1000; each in its own batch of 1 or
    7. The findings, and their order, are the same each time."""
    db = tmp_path / "loo.db"
    db.write_bytes(built.read_bytes())
    want = _plant(db)
    monkeypatch.setattr(checking, "BATCH", batch)
    found = _found(db)
    assert set(found) == want and len(found) == len(want)
    monkeypatch.setattr(checking, "BATCH", 32)
    assert _found(db) == found


def test_no_more_than_a_batch_is_settled_ahead_of_the_comparison(built, monkeypatch):
    settled, derived, ahead = [0], [0], []
    settle, rows = engine.settle, derive.Deriving.rows

    def counting(*args, **kwargs):
        settled[0] += 1
        return settle(*args, **kwargs)

    def deriving(self, records, settlements, *args, **kwargs):
        ahead.append(settled[0] - derived[0])
        derived[0] += len(settlements)
        return rows(self, records, settlements, *args, **kwargs)

    monkeypatch.setattr(checking, "settle", counting)
    monkeypatch.setattr(derive.Deriving, "rows", deriving)
    assert _found(built) == []
    assert settled[0] == derived[0] == HANDS
    assert max(ahead) == checking.BATCH and len(ahead) == -(-HANDS // checking.BATCH)
