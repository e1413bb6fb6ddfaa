"""What a player meets in ``loo hand -i`` (issue 21's leftovers), worked by hand from RULES.md.

- A flush given with ``--flush`` that the rules refuse is refused as soon as the words are
  known, before the tricks are asked: exit 1, the hand, the player and the rule named, nothing
  written.
- Once a flush settles the hand (it is not played), ``exchange`` is no longer offered: the
  cards are not played, so the exchange changes nothing; ``flush`` still is, to the others
  in play (issue 21, item 4).
"""

from __future__ import annotations

import json


def keys(*answers: str) -> str:
    return "".join(f"{a}\n" for a in answers)


def _hands(run, db) -> list[dict]:
    return json.loads(run(db, "hands", "--json").stdout)


def test_a_wrong_flush_kind_with_flush_is_refused_before_the_tricks(run, tmp_path):
    """bicycle (three-card flushes: a flush is three trumps, its one kind is ``flush``).
    Hand 1, Cat deals: Ann 3 tricks. Hand 2, Ann deals, hearts turned; everyone stands and
    ``--flush Ann:plain`` names a kind bicycle does not have: refused after the three
    words, before "tricks won" is asked; hand 2 is not written."""
    db = tmp_path / "bike.db"
    assert run(db, "new", "Bike", "--variant", "bicycle", "--players", "Ann,Ben,Cat",
               "--dealer", "Cat").exit_code == 0
    assert run(db, "hand", "Ann=3", "Ben=0", "Cat=0").exit_code == 0
    result = run(db, "hand", "-i", "--trump", "hearts", "--flush", "Ann:plain",
                 input=keys("stand", "stand", "stand", "none", "1", "1", "change", "quit"))
    assert result.exit_code == 1, result.output
    assert "tricks won" not in result.output
    assert "Ann's plain is not recognised here; the kinds are: flush" in result.output
    assert "hand 2" in result.output.lower()
    assert len(_hands(run, db)) == 1


def test_exchange_is_not_offered_once_a_flush_settles_the_hand(run, tmp_path):
    """five-card (ante 5 by the dealer, loo 5, exchange up to 5), Ann Ben Cat Dov, Dov deals
    hand 1 with an empty pool: P = 5. Hearts turned; Ann, Ben, Cat stand, Dov passes. Before
    any flush, exchange is offered; Ben declares a plain flush: the hand is not played, so
    only flush (to Ann, Cat) and a note are offered. Ben takes P = 5; Ann and Cat, in play
    without a flush, are looed 5 each; Dov passed: his ante only. Ann -5, Ben +5, Cat -5,
    Dov -5; the pool 5 - 5 + 5 + 5 = 10."""
    db = tmp_path / "five.db"
    assert run(db, "new", "Friday", "--variant", "five-card", "--players", "Ann,Ben,Cat,Dov",
               "--dealer", "Dov").exit_code == 0
    typed = keys("hearts", "stand", "stand", "stand", "pass", "flush", "Ben", "plain", "", "y")
    result = run(db, "hand", "-i", input=typed)
    assert result.exit_code == 0, result.output
    assert "Anything else? [flush/exchange/revoke/note/none]" in result.output
    assert "Anything else? [flush/note/none]" in result.output
    [hand] = _hands(run, db)
    assert hand["deltas"] == {"Ann": -5, "Ben": 5, "Cat": -5, "Dov": -5}
    assert hand["pool_after"] == 10
