"""Evenings typed at the table that more than one test module starts from (a helper module,
not a test module). Each is worked by hand in the module named beside it."""

from __future__ import annotations

from typing import Any

#: Three-card, Ann Ben Cat Dov, Dov deals first; worked in tests/test_rules_from_hand.py.
FOUR_HANDS = (("Ann=1", "Ben=1", "Cat=1", "Dov=0"),
              ("Ann=pass", "Ben=3", "Cat=0", "Dov=pass"),
              ("Ann=1", "Ben=1", "Cat=0", "Dov=miss:1"),
              ("Ann=0", "Ben=3", "Cat=pass", "Dov=pass"))


def four_hands(loo: Any, db: Any) -> None:
    """Start the evening of :data:`FOUR_HANDS` in ``db`` and type its hands."""
    assert loo(db, "new", "Friday", "--players", "Ann,Ben,Cat,Dov",
               "--dealer", "Dov").exit_code == 0
    for words in FOUR_HANDS:
        out = loo(db, "hand", *words)
        assert out.exit_code == 0, out.output


#: `loo serve`'s evening (three-card, loo=mixed, loo_limit=90, a white chip £0.05; Ann Ben
#: Cat Dov Eve, Eve deals first), worked by hand in tests/test_serve.py: after hand 1 the
#: pool is 18 and Ann deals a double pool next; after hand 2 the pool is 9 and Ben deals.
FRIDAY = ("new", "Friday", "--variant", "three-card", "--rule", "loo=mixed", "--rule",
          "loo_limit=90", "--unit-value", "0.05", "--currency", "GBP",
          "--players", "Ann,Ben,Cat,Dov,Eve", "--dealer", "Eve")
FRIDAY_HAND_1 = ("hand", "Ann=1", "Ben=0", "Cat=1", "Dov=1", "Eve=0")
FRIDAY_HAND_2 = ("hand", "Ben=2", "Cat=pass", "Dov=pass", "Eve=pass", "Ann=defend:1")


def friday_after_hand_1(loo: Any, db: Any) -> Any:
    """Start :data:`FRIDAY` in ``db`` and record its first hand; returns ``db``."""
    for args in (FRIDAY, FRIDAY_HAND_1):
        result = loo(db, *args)
        assert result.exit_code == 0, result.output
    return db
