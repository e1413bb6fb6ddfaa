"""services/scoreboard.py: the table at a glance, for loo table and loo serve.

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
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from loo_ledger.services.scoreboard import change_mark, last_settlement, scoreboard
from loo_ledger.store import Ledger


def test_the_table_at_a_glance(good_db: Path) -> None:
    ledger = Ledger.open(good_db)
    try:
        b = scoreboard(ledger, 1)
        assert [(p.name, p.net, p.money, p.last, p.looed, p.deals_next)
                for p in b.players] == [("D", -15, "-0.75", 0, False, False),
                                        ("A", 0, "0.00", 0, False, False),
                                        ("B", 12, "0.60", 9, False, False),
                                        ("C", 3, "0.15", 0, False, True)]
        assert (b.pool, b.next_hand, b.next_dealer, b.double, b.marks) == (0, 4, "C", False,
                                                                         True)
        assert [(a.player, a.amount) for a in b.antes] == [("C", 9)]
        assert b.last_hand == 3 and b.game == "loo" and b.lou_first is None
        last = last_settlement(ledger, 1)
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
        assert scoreboard(ledger, 1).name == "Renamed"
    finally:
        ledger.close()
