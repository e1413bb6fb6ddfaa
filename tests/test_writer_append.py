"""An append through the one writer (issue 20): ``loo hand`` is the general write, which
keeps every stored hand and resumes settling after them, from the table state cached on
the session: the new hand alone is settled, and nothing is settled again after it.

* Random legal sessions of every preset variant (benchmarks/generate.py: double pools,
  flushes, Lou games, sit-outs, table rulings), recorded one hand at a time with
  ``table.record`` (no whole replay), give the derived rows of the same session imported
  in one go, and ``loo check`` finds nothing.
* A cache edited behind the writer's back (the cached pool, the pool after the last hand,
  the hand number, the next dealer) is not resumed from: the domain settles the session
  again, and the hand is stored with the rules' figures, not figures worked from the edit.

The table in the edit tests (tests/test_races.py, worked by hand in test_cli.py): three-card,
seats A B C D, D deals first; after hands 1-3 the pool is 0 and C deals next. Hand 4,
C deals a simple pool, A 1, B 1, C 0, D 1 trick: C antes 9 and is looed 9 (-18), A B D
win a trick of 3 each; pool 0 -> 9 (C's loo).
"""

from __future__ import annotations

import copy
import json
import sqlite3
import sys
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from store_helpers import derived, dump

from loo_ledger.domain import PRESETS, HandRecord
from loo_ledger.domain.settlement.engine import settle
from loo_ledger.domain.settlement.session import session_variant
from loo_ledger.errors import HandRejected
from loo_ledger.formats.sessionfile import hand_from_dict
from loo_ledger.services import table
from loo_ledger.services.checking import check
from loo_ledger.services.importing import import_files
from loo_ledger.store import changes, codec, writer
from loo_ledger.store.ledger import Ledger

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import generate  # noqa: E402  (benchmarks/ is not a package)

H1 = HandRecord(tricks={"A": 1, "B": 0, "C": 1, "D": 1})
H2 = HandRecord(trump="hearts", declarations={"B": "stand", "C": "pass", "D": "miss", "A": "stand"},
                tricks={"B": 2, "D": 0, "A": 1})
H3 = HandRecord(declarations={"C": "pass", "D": "pass", "A": "pass", "B": "pass"})
H4 = HandRecord(tricks={"A": 1, "B": 1, "C": 0, "D": 1})
RAM = Path("/dev/shm")


def _append(ledger: Ledger, sid: int, record: HandRecord) -> changes.Written:
    """What table.record does, through the writer itself so that what it did is seen."""
    def change(stored: changes.Stored) -> changes.Change:
        return changes.Change(append=(record,), audit=(
            changes.AuditEntry(hand=stored.next_hand, action="add", new=changes.STORED_RECORD),))
    return writer.write(ledger.db, sid, change, what="the hand")


def _import(ledger: Ledger, data: dict, folder: Path) -> int:
    source = folder / "session.json"
    source.write_text(json.dumps(data))
    return import_files(ledger, [source], again=True)[-1]


def _audit(ledger: Ledger, sid: int) -> list[tuple]:
    return [(a["hand"], a["action"], a["old_record"], a["new_record"])
            for a in ledger.audit(sid)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(PRESETS)), players=st.integers(3, 6),
       hands=st.integers(1, 24), seed=st.integers(0, 10**6))
def test_hands_appended_one_by_one_store_what_an_import_in_one_go_stores(fresh_db, name,
                                                                         players, hands, seed):
    try:
        data = generate.generate_session(name, players, hands, seed)
    except ValueError:  # too many players for one pack of this variant
        assume(False)
    with tempfile.TemporaryDirectory(dir=RAM if RAM.is_dir() else None) as tmp:
        folder = Path(tmp)
        appended, whole = (fresh_db(folder, f"{n}.db") for n in ("appended", "whole"))
        empty = {**copy.deepcopy(data), "hands": []}
        a, c = Ledger.open(appended), Ledger.open(whole)
        try:
            sid_a = _import(a, empty, folder)
            with mock.patch.object(writer, "replay", wraps=writer.replay) as whole_replay:
                for raw in data["hands"]:
                    table.record(a, sid_a, hand_from_dict(raw))
                assert whole_replay.call_count == 0
            _import(c, data, folder)
            assert check(a) == []
            assert [r[3] for r in _audit(a, sid_a)] == data["hands"]
        finally:
            for ledger in (a, c):
                ledger.close()
        assert derived(appended) == derived(whole)


@pytest.fixture
def three(tmp_path, fresh_db):
    """A ledger holding hands 1 to 3 of the table above."""
    path = fresh_db(tmp_path)
    ledger = Ledger.open(path)
    sid = table.new_session(ledger, name="t", variant_name="three-card", rule_args=[],
                            players=["A", "B", "C", "D"], dealer="D", buy_in=None,
                            unit_value=None, currency=None, when=None, carry_from=None)
    for h in (H1, H2, H3):
        assert _append(ledger, sid, h).appended
    yield ledger, sid, path
    ledger.close()


def _hand4(ledger: Ledger, sid: int) -> tuple:
    row = ledger.hands(sid)[3]
    return (row["dealer"], row["pool_in"], row["pool_after"], row["deltas"])


RULES_HAND4 = ("C", 0, 9, {"A": 3, "B": 3, "C": -18, "D": 3})


def _edit_state(path: Path, **fields: object) -> None:
    conn = sqlite3.connect(path)
    with conn:
        state = json.loads(conn.execute("SELECT state FROM sessions").fetchone()[0])
        conn.execute("UPDATE sessions SET state = ?", (json.dumps({**state, **fields}),))
    conn.close()


def _sql(path: Path, sql: str) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(sql)
    conn.close()


def test_an_untouched_cache_is_resumed_from_with_the_rules_figures(three):
    ledger, sid, _ = three
    written = _append(ledger, sid, H4)
    assert (written.appended, written.first) == (True, 4)
    assert len(written.replay.settlements) == 1
    assert written.replay.settlements[0].hand_no == 4
    assert _hand4(ledger, sid) == RULES_HAND4
    assert ledger.balances(sid)["pool"] == 9
    assert check(ledger) == []


EDITS = {
    "the cached pool": lambda path: _edit_state(path, pool=964),
    "the cached pool and the session's": lambda path: (
        _edit_state(path, pool=964), _sql(path, "UPDATE sessions SET pool = 964")),
    "the session's pool alone": lambda path: _sql(path, "UPDATE sessions SET pool = 964"),
    "the pool after hand 3": lambda path: _sql(
        path, "UPDATE hands SET pool_after = 964 WHERE number = 3"),
    "the cached hand number": lambda path: _edit_state(path, hand_no=9),
    "the next dealer out of rotation": lambda path: (
        _edit_state(path, dealer="A"), _sql(path, "UPDATE sessions SET next_dealer = 'A'")),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_a_cache_that_disagrees_with_the_last_hand_is_not_resumed_from(three, edit):
    ledger, sid, path = three
    EDITS[edit](path)
    written = _append(ledger, sid, H4)
    assert (written.appended, written.first) == (False, 1)
    assert len(written.replay.settlements) == 4
    assert _hand4(ledger, sid) == RULES_HAND4
    assert ledger.balances(sid)["pool"] == 9
    state = json.loads(ledger.db.execute("SELECT state FROM sessions").fetchone()[0])
    assert (state["pool"], state["hand_no"], state["dealer"]) == (9, 5, "D")


def test_settling_from_the_edited_pool_would_have_stored_other_figures(three):
    """The edit tests can fail: hand 4 settled from a cached pool of 964 is a different hand
    (a double pool, nothing anted, 964 + C's loo carried)."""
    ledger, sid, path = three
    _edit_state(path, pool=964)
    stored = changes.read_session(ledger.db, sid)
    result = settle(H4, stored.state, session_variant(stored.session))
    assert result.pool_after != 9


def test_a_hand_refused_when_appended_writes_nothing_and_names_the_hand(three):
    ledger, sid, path = three
    before = dump(path)
    with pytest.raises(HandRejected, match="hand 4"):
        _append(ledger, sid, HandRecord(tricks={"A": 3, "B": 1, "C": 0, "D": 1}))
    assert dump(path) == before


def test_a_dry_run_of_an_append_settles_the_hand_and_writes_nothing(three):
    ledger, sid, path = three
    before = dump(path)
    settled = table.record(ledger, sid, H4, dry_run=True)
    assert (settled.hand_no, settled.pool_after, dict(settled.deltas)) == (
        4, 9, {"A": 3, "B": 3, "C": -18, "D": 3})
    assert dump(path) == before


def test_the_first_hand_of_an_empty_session_checks_the_opening_state(tmp_path, fresh_db):
    """No hands yet: the cached state must be the opening state exactly (D deals hand 1)."""
    path = fresh_db(tmp_path)
    ledger = Ledger.open(path)
    try:
        sid = table.new_session(ledger, name="t", variant_name="three-card", rule_args=[],
                                players=["A", "B", "C", "D"], dealer="D", buy_in=None,
                                unit_value=None, currency=None, when=None, carry_from=None)
        _edit_state(path, double=True)
        assert _append(ledger, sid, H1).appended is False
        # D antes 9 into a simple pool and takes a trick; B is looed 9 (not a double pool).
        assert ledger.hands(sid)[0]["deltas"] == {"A": 3, "B": -9, "C": 3, "D": -6}
        assert ledger.hands(sid)[0]["pool_after"] == 9
        assert codec.state_from_json(ledger.db.execute(       # B's loo: hand 2 is double
            "SELECT state FROM sessions").fetchone()[0]).double
        assert _append(ledger, sid, H2).appended is True
    finally:
        ledger.close()
