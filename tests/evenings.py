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
