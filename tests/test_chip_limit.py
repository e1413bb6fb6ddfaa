"""Issue 19, item 8: the chips play can produce are bounded by the limit the file format
states (formats/limits.py MAX_CHIPS = 10^12: a pool, and a player's change in one hand).

Under `loo=unlimited` a looed player pays the whole pool in play, so a loo-heavy evening
doubles or triples the pool each hand; after ~57 hands it passed what SQLite's integers
hold and every later command was a traceback. Now the hand that would pass the limit is
refused, naming the hand and the limit, by one check in the engine
(domain/settlement/engine.py) that every path asks: `loo hand`, `loo amend`, `loo import` and
`loo import --dry-run`.

The sequence, worked by hand (three-card, `loo=unlimited`: L = P; the dealer antes 9; a
carried pool makes the deal double; Ann Ben Cat clockwise, Cat deals first), opening with
a pool of 400,000,000,000 carried in:
    hand 1, Cat deals: P = 400,000,000,000 + 9 = 400,000,000,009. All three stand; Ann
        wins all 3 tricks and takes P; Ben and Cat won none: looed, each pays L = P.
        Ann +400,000,000,009; Ben -400,000,000,009; Cat -9 - 400,000,000,009 =
        -400,000,000,018; pool 2 * 400,000,000,009 = 800,000,000,018.
    hand 2, Ann deals: P = 800,000,000,018 + 9 = 800,000,000,027. All stand; Ben wins all 3
        tricks and takes P; Cat and Ann are looed, each pays P: the pool would be
        2 * 800,000,000,027 = 1,600,000,000,054, past 1,000,000,000,000: refused.
    hand 2 as it may be recorded instead: Ben and Cat pass, Ann takes P = 800,000,000,027
        without play; pool 0. Ann +400,000,000,009 - 9 + 800,000,000,027 = 1,200,000,000,027.
"""

from __future__ import annotations

import json

import pytest

OPENING = 400_000_000_000
HAND_1 = {"declarations": {"Ann": "stand", "Ben": "stand", "Cat": "stand"},
          "tricks": {"Ann": 3, "Ben": 0, "Cat": 0}}
HAND_2_PAST = {"declarations": {"Ben": "stand", "Cat": "stand", "Ann": "stand"},
               "tricks": {"Ben": 3, "Cat": 0, "Ann": 0}}
HAND_2_WITHIN = {"declarations": {"Ben": "pass", "Cat": "pass"}}
LIMIT = "1,000,000,000,000"


def _session(*hands) -> dict:
    return {"format": "loo-session/1", "name": "Unlimited", "variant": "three-card",
            "rules": {"loo": "unlimited"}, "players": ["Ann", "Ben", "Cat"],
            "first_dealer": "Cat", "opening_pool": OPENING, "hands": list(hands)}


def _refused_naming_hand_2(result) -> None:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "hand 2" in result.stderr and LIMIT in result.stderr
    assert "1,600,000,000,054" in result.stderr  # the pool it would leave


def _balances(loo, db) -> tuple[dict[str, int], int]:
    b = json.loads(loo(db, "balances", "--json").stdout)
    return {p["name"]: p["net"] for p in b["players"]}, b["pool"]


@pytest.mark.parametrize("dry_run", [(), ("--dry-run",)])
def test_import_refuses_the_hand_that_passes_the_limit(loo, save, tmp_path, dump_db, dry_run):
    db = tmp_path / "loo.db"
    assert loo(db, "new", "First", "--players", "X,Y").exit_code == 0
    before = dump_db(db)
    path = save(tmp_path / "unlimited.json", _session(HAND_1, HAND_2_PAST))
    _refused_naming_hand_2(loo(db, "import", *dry_run, path))
    assert dump_db(db) == before


def test_hand_1_alone_is_within_the_limit(loo, save, tmp_path):
    db = tmp_path / "loo.db"
    assert loo(db, "import", save(tmp_path / "one.json", _session(HAND_1))).exit_code == 0
    assert _balances(loo, db) == ({"Ann": 400_000_000_009, "Ben": -400_000_000_009,
                                   "Cat": -400_000_000_018}, 800_000_000_018)


def test_loo_hand_refuses_the_hand_that_passes_the_limit(loo, save, tmp_path, dump_db):
    db = tmp_path / "loo.db"
    assert loo(db, "import", save(tmp_path / "one.json", _session(HAND_1))).exit_code == 0
    before = dump_db(db)
    _refused_naming_hand_2(loo(db, "hand", "Ben=3", "Cat=0", "Ann=0"))
    assert dump_db(db) == before
    result = loo(db, "hand", "Ben=pass", "Cat=pass")  # within the limit: recorded
    assert result.exit_code == 0, result.output
    assert _balances(loo, db) == ({"Ann": 1_200_000_000_027, "Ben": -400_000_000_009,
                                   "Cat": -400_000_000_018}, 0)
    assert loo(db, "check").exit_code == 0


def test_amend_refuses_the_hand_that_passes_the_limit(loo, save, tmp_path, dump_db):
    db = tmp_path / "loo.db"
    path = save(tmp_path / "two.json", _session(HAND_1, HAND_2_WITHIN))
    assert loo(db, "import", path).exit_code == 0
    before = dump_db(db)
    _refused_naming_hand_2(loo(db, "amend", "2", "Ben=3", "Cat=0", "Ann=0"))
    assert dump_db(db) == before


def test_the_engine_says_it_for_validate_and_settle_alike():
    """validate is empty exactly when settle succeeds: the limit is one of its problems.
    A pool of 10^12 carried in, Cat deals, P = 10^12 + 9:
    - Ann and Ben pass: Cat takes P; Cat's change 10^12 + 9 - 9 (ante) = 10^12, pool 0:
      exactly at the limit, within it.
    - all stand, Ann wins every trick: Ann +10^12 + 9, Ben -(10^12 + 9), Cat -(10^12 + 18),
      pool 2 * (10^12 + 9) = 2,000,000,000,018: four things past the limit."""
    from loo_ledger.domain import HandRecord, opening_state, settle, validate
    from loo_ledger.domain.rules.variants import variant
    from loo_ledger.errors import HandRejected
    v = variant("three-card", {"loo": "unlimited"})
    state = opening_state(("Ann", "Ben", "Cat"), "Cat", 10**12)
    taken = settle(HandRecord(declarations={"Ann": "pass", "Ben": "pass"}), state, v)
    assert taken.deltas == {"Ann": 0, "Ben": 0, "Cat": 10**12} and taken.pool_after == 0
    record = HandRecord(declarations=HAND_1["declarations"], tricks=HAND_1["tricks"])
    problems = validate(record, state, v)
    assert sorted((p.code, p.hand, p.player or "") for p in problems) == [
        ("CHIPS_LIMIT", 1, ""), ("CHIPS_LIMIT", 1, "Ann"), ("CHIPS_LIMIT", 1, "Ben"),
        ("CHIPS_LIMIT", 1, "Cat")]
    with pytest.raises(HandRejected) as refused:
        settle(record, state, v)
    assert list(refused.value.problems) == problems
    assert any("2,000,000,000,018" in p.message for p in problems)
