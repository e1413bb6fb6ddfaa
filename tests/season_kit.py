"""The April season (worked by hand in tests/test_leaks_season.py's docstring), shared by
the tests of the season's reports and of the report filters: a helper module, so no test
module imports another."""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: (name, day, dealer, hands): Ann, Ben, Cat, three-card, each evening a simple hand then
#: a double one.
APRIL = (
    ("E1", "2026-04-03", "Cat", (("Ann=2", "Ben=1", "Cat=0"),
                                 ("Ben=2", "Cat=pass", "Ann=1"))),
    ("E2", "2026-04-10", "Ann", (("Ann=1", "Ben=0", "Cat=2"),
                                 ("Cat=0", "Ann=3", "Ben=pass"))),
    ("E3", "2026-04-17", "Ben", (("Ann=0", "Ben=1", "Cat=2"),
                                 ("Ann=pass", "Ben=2", "Cat=1"))),
    ("E4", "2026-04-24", "Cat", (("Ann=1", "Ben=2", "Cat=0"),
                                 ("Ben=miss:1", "Cat=0", "Ann=2"))),
)


def april(loo: Any, db: Path) -> Path:
    """The four April evenings in ``db``, and the season April (1-30 April)."""
    for name, day, dealer, hands in APRIL:
        out = loo(db, "new", name, "--players", "Ann,Ben,Cat", "--dealer", dealer,
                  "--when", f"{day} 20:00")
        assert out.exit_code == 0, out.output
        for words in hands:
            out = loo(db, "hand", *words)
            assert out.exit_code == 0, out.output
    out = loo(db, "season", "new", "April", "--since", "2026-04-01", "--until", "2026-04-30")
    assert out.exit_code == 0, out.output
    return db


def may(loo: Any, db: Path) -> Path:
    """April (:func:`april`) and a fifth evening, E5 on 1 May: Ann, Ben and Dov, Dov
    deals one hand, Ann taking 2 tricks, Ben 1, Dov none (its figures are worked in the
    tests that use it)."""
    april(loo, db)
    for args in (("new", "E5", "--players", "Ann,Ben,Dov", "--dealer", "Dov", "--when",
                  "2026-05-01 20:00"), ("hand", "Ann=2", "Ben=1", "Dov=0")):
        out = loo(db, *args)
        assert out.exit_code == 0, out.output
    return db


def five_card_exchanges(loo: Any, db: Path) -> Path:
    """Five-card; Ann, Ben, Cat, Cat deals (tests/test_leaks_exchange.py works it by
    hand). Hand 1: Ann 3 tricks, Ben 1, Cat 1; Ann exchanges 2, Ben 5. Hand 2, Ann deals:
    Ben passes, Cat exchanges 1 and takes 3 tricks, Ann takes 2."""
    for args in (("new", "F", "--variant", "five-card", "--players", "Ann,Ben,Cat",
                  "--dealer", "Cat", "--when", "2026-04-05 20:00"),
                 ("hand", "Ann=3", "Ben=1", "Cat=1", "--exchange", "Ann=2", "--exchange",
                  "Ben=5"),
                 ("hand", "Ann=2", "Ben=pass", "Cat=3", "--exchange", "Cat=1")):
        out = loo(db, *args)
        assert out.exit_code == 0, out.output
    return db
