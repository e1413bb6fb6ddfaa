"""Two terminals at once (issue 7, item 4): every write reads what it rewrites inside its
own BEGIN IMMEDIATE transaction, so a second writer waits for the first to commit and then
works on what the first wrote. Nothing is lost, whichever comes first.

The table: three-card, seats A B C D, D deals first (tests/conftest.py's GOOD_SESSION,
worked by hand in test_cli.py):
    hand 1, D deals a simple pool: A 1, B 0, C 1, D 1 trick; B looed 9; pool 0 -> 9.
    hand 2, A deals, double: B stands 2, C passes, D takes the miss 0, A stands 1; pool 9.
    hand 3, B deals, double: everyone passes, B takes the 18; pool 0.
    hand 4 (recorded "in the other terminal"), C deals a simple pool: A 1, B 1, C 0, D 1:
        C antes 9 and is looed 9 (-18), A B D +3 each; pool 9.
Hand 1 amended to A 0, B 1, C 1, D 1: A is looed instead of B, the pool after is still 9,
so hands 2 to 4 stay possible. Nets with the amendment and hand 4 (hands 1 + 2 + 3 + 4):
    A -9 - 3 + 0 + 3 = -9; B +3 + 12 + 9 + 3 = +27; C +3 + 0 + 0 - 18 = -15;
    D (antes 9, one trick +3) -6 - 9 + 0 + 3 = -12; pool 9; -9 + 27 - 15 - 12 + 9 = 0.
"""

from __future__ import annotations

import sqlite3
import threading

import pytest
from store_helpers import dump

from loo_ledger.domain import HandRecord
from loo_ledger.services import table
from loo_ledger.services.checking import check
from loo_ledger.store import writer
from loo_ledger.store.ledger import Ledger

H1 = HandRecord(tricks={"A": 1, "B": 0, "C": 1, "D": 1})
H2 = HandRecord(trump="hearts", declarations={"B": "stand", "C": "pass", "D": "miss", "A": "stand"},
                tricks={"B": 2, "D": 0, "A": 1})
H3 = HandRecord(declarations={"C": "pass", "D": "pass", "A": "pass", "B": "pass"})
H4 = HandRecord(tricks={"A": 1, "B": 1, "C": 0, "D": 1})
H1_AMENDED = HandRecord(tricks={"A": 0, "B": 1, "C": 1, "D": 1})


@pytest.fixture
def two(tmp_path, fresh_db):
    """Two ledgers (two terminals) on one database holding hands 1 to 3."""
    path = fresh_db(tmp_path)
    first = Ledger.open(path)
    sid = table.new_session(first, name="t", variant_name="three-card", rule_args=[],
                            players=["A", "B", "C", "D"], dealer="D", buy_in=None,
                            unit_value=None, currency=None, when=None, carry_from=None)
    for h in (H1, H2, H3):
        table.record(first, sid, h)
    second = Ledger.open(path)
    yield first, second, sid, path
    first.close()
    second.close()


def _while_held(monkeypatch, path, other):
    """Make the next write pause inside its transaction (after reading, before storing) and
    start ``other(ledger)`` in a thread there, on its own connection (the other terminal);
    returns (box with the thread, errors, results). There, no other connection can begin a
    write: a BEGIN IMMEDIATE that may not wait is refused as locked (no timing: SQLite says
    so at once), so the other terminal, which may wait, waits for the first to commit, or
    comes after it; either way it must work on what the first wrote."""
    real, errors, results, box = writer.read_session, [], [], {}

    def run():
        ledger = Ledger.open(path)
        try:
            results.append(other(ledger))
        except Exception as exc:  # noqa: BLE001 (reported by the test)
            errors.append(exc)
        finally:
            ledger.close()

    def paused(*args, **kwargs):
        stored = real(*args, **kwargs)
        if "thread" not in box:
            probe = sqlite3.connect(path, timeout=0, isolation_level=None)
            try:
                with pytest.raises(sqlite3.OperationalError, match="locked"):
                    probe.execute("BEGIN IMMEDIATE")
            finally:
                probe.close()
            box["thread"] = threading.Thread(target=run)
            box["thread"].start()
        return stored

    monkeypatch.setattr(writer, "read_session", paused)
    return box, errors, results


def _nets(ledger, sid):
    return {p["name"]: p["net"] for p in ledger.balances(sid)["players"]}


def test_amend_waits_for_a_hand_being_recorded_and_keeps_it(two, monkeypatch):
    first, _, sid, path = two
    box, errors, _ = _while_held(monkeypatch, path,
                                 lambda led: table.amend_record(led, sid, 1, H1_AMENDED))
    table.record(first, sid, H4)
    box["thread"].join(10)
    assert errors == []
    hands = first.hands(sid)
    assert [h["number"] for h in hands] == [1, 2, 3, 4]            # hand 4 not lost
    assert hands[0]["record"]["tricks"] == {"A": 0, "B": 1, "C": 1, "D": 1}
    assert _nets(first, sid) == {"A": -9, "B": 27, "C": -15, "D": -12}
    assert first.balances(sid)["pool"] == 9
    assert check(first) == []


def test_a_hand_waits_for_an_amendment_and_follows_it(two, monkeypatch):
    first, _, sid, path = two
    box, errors, results = _while_held(monkeypatch, path, lambda led: table.record(led, sid, H4))
    table.amend_record(first, sid, 1, H1_AMENDED)
    box["thread"].join(10)
    assert errors == [] and results[0].hand_no == 4
    assert [h["number"] for h in first.hands(sid)] == [1, 2, 3, 4]
    assert first.hands(sid)[0]["record"]["tricks"]["A"] == 0
    assert _nets(first, sid) == {"A": -9, "B": 27, "C": -15, "D": -12}
    assert check(first) == []


def test_seat_add_waits_and_seats_the_player_out_of_the_new_hand_too(two, monkeypatch):
    first, _, sid, path = two
    box, errors, _ = _while_held(monkeypatch, path,
                                 lambda led: table.seat_add(led, sid, "E", "D"))
    table.record(first, sid, H4)
    box["thread"].join(10)
    assert errors == []
    hands = first.hands(sid)
    assert len(hands) == 4
    assert all(h["record"]["sitting_out"] == ["E"] for h in hands)
    assert first.session(sid)["players"] == ["A", "B", "C", "D", "E"]
    assert check(first) == []


def test_undo_of_the_hand_it_was_shown_refuses_when_another_landed(two, monkeypatch):
    first, _, sid, path = two
    box, errors, _ = _while_held(monkeypatch, path,
                                 lambda led: table.undo(led, sid, expect_last=3))
    table.record(first, sid, H4)
    box["thread"].join(10)
    assert len(errors) == 1 and isinstance(errors[0], table.TableChanged)
    assert "hand 4" in str(errors[0]) and "nothing was written" in str(errors[0])
    assert [h["number"] for h in first.hands(sid)] == [1, 2, 3, 4]


def test_undo_after_a_hand_landed_removes_that_hand_not_an_older_one(two, monkeypatch):
    first, _, sid, path = two
    box, errors, results = _while_held(monkeypatch, path, lambda led: table.undo(led, sid))
    table.record(first, sid, H4)
    box["thread"].join(10)
    assert errors == [] and results == [4]
    assert [h["number"] for h in first.hands(sid)] == [1, 2, 3]
    assert check(first) == []


def test_record_of_the_previewed_hand_refuses_after_another_landed(two):
    first, second, sid, path = two
    view = table.table_view(first, sid)                 # the preview: hand 4
    assert view.hand_no == 4
    table.record(second, sid, H4)                       # the other terminal records hand 4
    before = dump(path)
    with pytest.raises(table.TableChanged, match="hand 4 was recorded meanwhile in another "
                                                 "terminal; nothing was written"):
        table.record(first, sid, H4, expect_hand=view.hand_no)
    assert dump(path) == before


def test_a_dry_run_writes_nothing_and_holds_no_lock(two):
    first, second, sid, path = two
    before = dump(path)
    preview = table.record(first, sid, H4, expect_hand=4, dry_run=True)
    assert preview.hand_no == 4 and preview.deltas["C"] == -18
    assert dump(path) == before and not first.db.conn.in_transaction
    table.record(second, sid, H4, expect_hand=4)        # not blocked by the preview
    assert len(first.hands(sid)) == 4
