"""Issue 21 item 4: `loo hand -i` takes every flush declared. "Anything else?" offers `flush`
while a player in play has not declared one, also when `--flush` gave one already; a second
holder's flush is never lost (RULES.md, settling a hand, 4: the best flush, by kind and then
`flush_tiebreak`, settles the hand; beaten flush holders neither pay nor receive).
"""

from __future__ import annotations

import json


def keys(*answers: str) -> str:
    return "".join(f"{a}\n" for a in answers)


def lasts(run, db) -> dict[str, int]:
    [*_, last] = json.loads(run(db, "hands", "--json").stdout)
    return last["deltas"]


def nets(run, db) -> dict[str, int]:
    bal = json.loads(run(db, "balances", "--json").stdout)
    return {p["name"]: p["net"] for p in bal["players"]} | {"(pool)": bal["pool"]}


def five_card(run, tmp_path):
    db = tmp_path / "five.db"
    assert run(db, "new", "Friday", "--variant", "five-card", "--players", "Ann,Ben,Cat,Dov",
               "--dealer", "Dov").exit_code == 0
    return db


FIVE_CARD_DELTAS = {"Ann": -5, "Ben": 0, "Cat": 5, "Dov": -5}


def test_five_card_a_second_flush_is_offered_and_taken(run, tmp_path):
    """five-card (ante 5 by the dealer, loo limited 5, no miss, flushes by kind: pam over
    trump over plain), seats Ann Ben Cat Dov, Dov deals hand 1 with an empty pool (declared
    like a double): P = 5. Hearts turned; Ann, Ben, Cat stand, Dov passes. Ben declares a
    plain flush, Cat a trump flush: trump beats plain, so Cat takes P = 5 without play; Ben,
    beaten, neither pays nor receives; Ann played without a flush: looed, L = 5. Dov passed:
    only his ante. Ann -5, Ben 0, Cat +5, Dov -5; pool after 5 - 5 + 5 = 5."""
    db = five_card(run, tmp_path)
    typed = keys("hearts", "stand", "stand", "stand", "pass",
                 "flush", "Ben", "plain", "flush", "Cat", "trump", "", "y")
    result = run(db, "hand", "-i", input=typed)
    assert result.exit_code == 0, result.output
    # after Ben's flush, the flush is offered again to the others in play (Dov passed)
    assert "Flush declared by [Ann/Cat]" in result.output
    assert lasts(run, db) == FIVE_CARD_DELTAS
    assert nets(run, db) == FIVE_CARD_DELTAS | {"(pool)": 5}
    [h] = json.loads(run(db, "hands", "--json").stdout)
    assert h["record"]["flushes"] == [{"player": "Ben", "kind": "plain"},
                                      {"player": "Cat", "kind": "trump"}]


def test_five_card_flush_given_with_the_option_is_not_offered_again(run, tmp_path):
    """The same hand with Ben's flush given as --flush Ben:plain: -i offers flush to the
    players in play who have not declared one (Ann, Cat; not Ben), and Cat's trump flush
    declared there beats it: the same figures, Ann -5, Ben 0, Cat +5, Dov -5, pool 5."""
    db = five_card(run, tmp_path)
    typed = keys("stand", "stand", "stand", "pass", "flush", "Cat", "trump", "", "y")
    result = run(db, "hand", "-i", "--trump", "hearts", "--flush", "Ben:plain", input=typed)
    assert result.exit_code == 0, result.output
    assert "Flush declared by [Ann/Cat]" in result.output
    assert "Flush declared by [Ann/Ben" not in result.output
    assert lasts(run, db) == FIVE_CARD_DELTAS
    assert nets(run, db) == FIVE_CARD_DELTAS | {"(pool)": 5}


def bicycle(run, tmp_path):
    """bicycle: three-card in chips, ante 3, loo 3, flushes on (one kind), ties by seat from
    the dealer's left. Hand 1, Dov deals, pool 0: a simple pool, everyone plays, P = 3, a
    trick 1: Ann 1, Ben 1, Cat 1 +1 each; Dov no trick, looed 3 and his ante 3: -6. Pool
    after 3 - 3 + 3 = 3."""
    db = tmp_path / "bicycle.db"
    assert run(db, "new", "F", "--variant", "bicycle", "--players", "Ann,Ben,Cat,Dov",
               "--dealer", "Dov").exit_code == 0
    assert run(db, "hand", "Ann=1", "Ben=1", "Cat=1", "Dov=0").exit_code == 0
    return db


def test_bicycle_the_second_flush_declared_wins_by_seat(run, tmp_path):
    """Hand 2 (after :func:`bicycle`'s hand 1), Ann deals, 3 carried: a double pool, P = 3 +
    3 = 6. Everyone stands; Cat declares a flush, then Ben. Equal flushes go to the earlier
    seat from the dealer's left (Ben, Cat, Dov, Ann): Ben takes P = 6; Cat, beaten, neither
    pays nor receives; Dov and Ann played without a flush: looed 3 each, and Ann antes 3.
    Hand 2: Ann -6, Ben +6, Cat 0, Dov -3; pool after 6 - 6 + 3 + 3 = 6. Were Ben's flush
    lost, Cat would take the pool. Totals: Ann 1 - 6 = -5, Ben 1 + 6 = 7, Cat 1, Dov -6 - 3
    = -9 (sum -6 = -pool 6)."""
    db = bicycle(run, tmp_path)
    typed = keys("hearts", "stand", "stand", "stand", "stand",
                 "flush", "Cat", "flush", "Ben", "", "y")
    result = run(db, "hand", "-i", input=typed)
    assert result.exit_code == 0, result.output
    assert "Flush declared by [Ben/Dov/Ann]" in result.output
    assert lasts(run, db) == {"Ann": -6, "Ben": 6, "Cat": 0, "Dov": -3}
    assert nets(run, db) == {"Ann": -5, "Ben": 7, "Cat": 1, "Dov": -9, "(pool)": 6}


def test_bicycle_flush_option_then_a_second_in_the_walk(run, tmp_path):
    """The same hand 2 with Cat's flush given as --flush Cat: Ben, Dov and Ann are offered a
    flush, Ben declares his and wins by seat: Ann -6, Ben +6, Cat 0, Dov -3, pool 6."""
    db = bicycle(run, tmp_path)
    typed = keys("stand", "stand", "stand", "stand", "flush", "Ben", "", "y")
    result = run(db, "hand", "-i", "--trump", "hearts", "--flush", "Cat", input=typed)
    assert result.exit_code == 0, result.output
    assert "Flush declared by [Ben/Dov/Ann]" in result.output
    assert lasts(run, db) == {"Ann": -6, "Ben": 6, "Cat": 0, "Dov": -3}
    assert nets(run, db) == {"Ann": -5, "Ben": 7, "Cat": 1, "Dov": -9, "(pool)": 6}
