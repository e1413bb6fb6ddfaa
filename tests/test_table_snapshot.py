"""services/snapshot.py: the table at a glance, the one snapshot loo table and loo serve
both read.

The session is conftest's GOOD_SESSION (three-card, seats A B C D, D deals first, a white
chip worth 0.05 GBP), worked by hand from shared/spec/RULES.md:

- hand 1, D deals a simple pool: P = 9, a trick 3. A 1, B 0, C 1, D 1: A +3, C +3, B looed
  -9, D -9 ante + 3 = -6. Pool after 9 - 9 + 9 = 9.
- hand 2, A deals a double pool: P = 9 + 9 = 18, a trick 6, L = 9. B stands, 2 tricks +12;
  C passes; D takes the miss, no trick: -9; A stands, 1 trick: -9 + 6 = -3. After 18 - 18
  + 9 = 9.
- hand 3, B deals a double pool; all pass: B takes P = 18: -9 + 18 = +9. After 0.

Nets: A 3 - 3 = 0; B -9 + 12 + 9 = +12; C +3; D -6 - 9 = -15 (sum 0 = -pool 0). Money at
0.05: A 0.00, B 0.60, C 0.15, D -0.75 (GBP). Next: C deals hand 4, a simple pool (nothing
carried), ante 9 from C. From C's left: D, A, B, then C.

- hand 4 (recorded by another connection), C deals a simple pool: P = 9, a trick 3; D, A
  and B one trick each: +3 each; C played (everyone plays a simple pool) and took none:
  -9 ante - 9 loo = -18. After 9 - 9 + 9 = 9.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from loo_ledger.services import snapshot as snap
from loo_ledger.services.snapshot import LastHand, change_mark, snapshot
from loo_ledger.store import Ledger


def test_the_table_at_a_glance(good_db: Path) -> None:
    ledger = Ledger.open(good_db)
    try:
        b = snapshot(ledger, 1)
        assert [(p.name, p.net, p.money, p.money_text, p.last, p.looed, p.deals_next)
                for p in b.players] == [("D", -15, "-0.75", "-£0.75", 0, False, False),
                                        ("A", 0, "0.00", "£0.00", 0, False, False),
                                        ("B", 12, "0.60", "£0.60", 9, False, False),
                                        ("C", 3, "0.15", "£0.15", 0, False, True)]
        assert (b.pool, b.next_hand, b.next_dealer, b.double, b.marks, b.pool_kind) == (
            0, 4, "C", False, True, "simple")
        assert [(a.player, a.amount) for a in b.antes] == [("C", 9)]
        assert b.last_hand == 3 and b.hands == 3 and b.game == "loo" and b.lou_first is None
        assert (b.pool_word, b.burn, b.pool_money) == ("pool", None, "0.00")
        last = LastHand(1).settled(ledger)
        assert last is not None and last.hand_no == 3 and last.whole == "B"
        assert dict(last.deltas) == {"C": 0, "D": 0, "A": 0, "B": 9}
    finally:
        ledger.close()


def test_change_mark_moves_when_another_connection_commits(good_db: Path) -> None:
    ledger = Ledger.open(good_db)
    try:
        before = change_mark(ledger)
        assert change_mark(ledger) == before
        other = sqlite3.connect(good_db)
        other.execute("UPDATE sessions SET name = 'Renamed' WHERE id = 1")
        other.commit()
        other.close()
        assert change_mark(ledger) != before
        assert snapshot(ledger, 1).name == "Renamed"
    finally:
        ledger.close()


def test_a_hand_added_is_settled_alone(good_db: Path, loo, monkeypatch) -> None:
    """The last hand is settled from the whole session once (hand 3: B takes 18, +9);
    then hand 4, recorded by another connection, alone from the state hand 3 left (the
    session is not settled again): D, A, B +3 each, C -18 (looed); pool after 9."""
    ledger = Ledger.open(good_db)
    try:
        last = LastHand(1)
        first = last.settled(ledger)
        assert first is not None and first.hand_no == 3
        assert loo(good_db, "hand", "D=1", "A=1", "B=1", "C=0").exit_code == 0

        def no_replay(self: LastHand, ledger: Ledger) -> None:
            raise AssertionError("the whole session was settled again")
        monkeypatch.setattr(snap.LastHand, "_replay", no_replay)
        got = last.settled(ledger)
        assert got is not None and got.hand_no == 4
        assert dict(got.deltas) == {"D": 3, "A": 3, "B": 3, "C": -18}
        assert got.pool_after == 9
        assert last.settled(ledger) is got   # nothing new: the same
    finally:
        ledger.close()


def test_anything_but_a_hand_added_settles_the_session_again(good_db: Path, loo) -> None:
    """Hand 3 undone after it was settled: the last hand is hand 2 again (A deals, 18 in
    play: B +12, D -9, A -3, C 0), from the whole session; a player joining (the seats
    change, the hands do not) leaves the last hand as it was."""
    ledger = Ledger.open(good_db)
    try:
        last = LastHand(1)
        assert last.settled(ledger).hand_no == 3
        assert loo(good_db, "undo", "--yes").exit_code == 0
        got = last.settled(ledger)
        assert got is not None and got.hand_no == 2
        assert dict(got.deltas) == {"B": 12, "C": 0, "D": -9, "A": -3}
        assert loo(good_db, "seat", "add", "E").exit_code == 0
        again = last.settled(ledger)
        assert again is not None and again.hand_no == 2 and dict(again.deltas) == dict(
            got.deltas)
    finally:
        ledger.close()


@pytest.mark.parametrize(("variant", "units"), [("three-card", "white chips"),
                                              ("five-card", "chips"), ("lou", "cents")])
def test_the_units_read_in_the_plural(tmp_path: Path, loo, variant: str, units: str) -> None:
    """RULES.md: three-card counts in white chips, five-card in chips, Lou in cents (never
    "chipss")."""
    db = tmp_path / "u.db"
    assert loo(db, "new", "F", "--variant", variant, "--players", "A,B,C").exit_code == 0
    ledger = Ledger.open(db)
    try:
        assert snapshot(ledger, 1).units == units
    finally:
        ledger.close()
