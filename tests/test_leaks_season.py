"""A four-evening season worked by hand (issue 24, "Done when"): its standings, the place
changes, and each leak line's rates and cost.

Three-card, default rules (RULES.md): the dealer antes 9 every deal; a trick is a third of
the pool; a player who plays and takes no trick is looed and pays 9; a pool with chips
carried is double and has a miss; the first deal of an evening is simple and everyone
plays. Ann, Ben, Cat sit in that order; the deal passes to the left (Ann -> Ben -> Cat ->
Ann). Each evening has two hands: a simple one, then a double one (the loo of the first).

E1 2026-04-03, Cat deals:
  h1 pool 9 (3 a trick): Ann 2t +6, Ben 1t +3, Cat 0t -9 ante -9 looed = -18. Pool 9.
  h2 Ann deals, pool 9 + 9 = 18 (6 a trick); order Ben, Cat, Ann:
     Ben stands 2t +12; Cat passes 0; Ann (dealer, one stood: must play) 1t -9 + 6 = -3.
  E1: Ann +3, Ben +15, Cat -18.
E2 2026-04-10, Ann deals:
  h1 pool 9: Ann 1t -9 + 3 = -6, Ben 0t -9, Cat 2t +6. Pool 9.
  h2 Ben deals, pool 18; order Cat, Ann, Ben: Cat stands 0t -9 (looed); Ann 3t +18;
     Ben (dealer, two stood: may pass) passes -9 (his ante). Pool 9.
  E2: Ann +12, Ben -18, Cat -3.
E3 2026-04-17, Ben deals:
  h1 pool 9: Ann 0t -9, Ben 1t -9 + 3 = -6, Cat 2t +6. Pool 9.
  h2 Cat deals, pool 18; order Ann, Ben, Cat: Ann passes 0; Ben 2t +12;
     Cat (dealer, one stood) 1t -9 + 6 = -3. Pool 0.
  E3: Ann -9, Ben +6, Cat +3.
E4 2026-04-24, Cat deals:
  h1 pool 9: Ann 1t +3, Ben 2t +6, Cat 0t -18. Pool 9.
  h2 Ann deals, pool 18; order Ben, Cat, Ann: Ben takes the miss 1t +6; Cat 0t -9;
     Ann (dealer, two stood) 2t -9 + 12 = +3. Pool 9.
  E4: Ann +6, Ben +12, Cat -27.

Standings: nets Ann +12, Ben +15, Cat -45 over 8 hands each; per 100 hands 150.0, 187.5,
-562.5. Running after E3: Ann 6, Ben 3, Cat -18 (places Ann, Ben, Cat); after E4 Ann 12,
Ben 15, Cat -45: Ben 1 (+1), Ann 2 (-1), Cat 3 (0). Best/worst evening: Ann +12/-9, Ben
+15/-18, Cat +3/-27. Whole pools (3 tricks): Ann 1 (E2 h2).

Leaks (services/analysis/leaks.py; the opportunities are in the double pools alone, the
simple first deals offer no choice). Seat 1 is the eldest, 0 the dealer. The lines:
  L1 stand, seat 1, none before: Ben s +12 (E1), Cat s -9 (E2), Ann p 0 (E3),
     Ben m +6 (E4; taking the miss is standing). value(stand) = (12 - 9 + 6) / 3 = 3,
     value(pass) = 0.
  L2 stand, seat 2, one before: Cat p 0 (E1), Ann s +18 (E2), Cat s -9 (E4):
     value(stand) = 4.5, value(pass) = 0.
  L3 stand, dealer, one before: Ann s -3 (E1), Cat s -3 (E3).
  L4 stand, dealer, two before: Ben p -9 (E2), Ann s +3 (E4).
  L6 after a loo: Cat p 0 (E1), Ben p -9 (E2), Ann p 0 (E3), Cat s -9 (E4):
     value(pass) = -3, value(stand) = -9.
  L7 the miss (standing while it is there): Ben s +12, Ann s -3 (E1); Cat s -9, Ann s +18
     (E2); Ben s +12, Cat s -3 (E3); Ben m +6 (E4, after which it is gone):
     value(stand) = 27 / 6 = 4.5, value(miss) = 6.
  L8 the dealer once someone stood: Ann s -3 (E1), Ben p -9 (E2), Cat s -3 (E3),
     Ann s +3 (E4): value(stand) = -1, value(pass) = -9.
The winners: for Ann, Ben (+15); for Ben, Ann (+12); for Cat, both. H = 8 hands each.
cost = 100 * n / H * sum over choices (rate - winners' rate) * value.
  Ann L1: n 1, pass; Ben stood 2 of 2: 12.5 * ((0 - 1) * 3) = -37.5
  Ann L4: n 1, stand; Ben passed 1 of 1: 12.5 * ((1 - 0) * 3 + (0 - 1) * -9) = +150
  Ann L6: pass as Ben: 0.0
  Ann L7: n 2, stand 2; Ben stand 2, miss 1: 25 * ((1 - 2/3) * 4.5 + (0 - 1/3) * 6) = -12.5
  Ann L8: n 2, stand 2; Ben pass 1: 25 * ((1 - 0) * -1 + (0 - 1) * -9) = +200
  (Ann L2, L3: Ben never met them: left out.)
  Ben L1: n 2, stand 2; Ann pass 1: 25 * ((1 - 0) * 3) = +75
  Ben L4: n 1, pass; Ann stand 1: 12.5 * ((1 - 0) * -9 + (0 - 1) * 3) = -150
  Ben L6: 0.0. Ben L7: n 3, stand 2, miss 1; Ann stand 2:
          37.5 * ((2/3 - 1) * 4.5 + (1/3 - 0) * 6) = +18.75
  Ben L8: n 1, pass; Ann stand 2: 12.5 * ((0 - 1) * -1 + (1 - 0) * -9) = -100
  Cat L1: n 1, stand; winners stand 2 (Ben), pass 1 (Ann): 12.5 * ((1 - 2/3) * 3) = +12.5
  Cat L2: n 2, pass 1 stand 1; Ann stand 1: 25 * ((1/2 - 1) * 4.5) = -56.25
  Cat L3: stand as Ann: 0.0
  Cat L6: n 2, pass 1 stand 1; Ben and Ann pass: 25 * ((1/2 - 1) * -3 + (1/2) * -9) = -75
  Cat L7: n 2, stand 2; winners stand 4 miss 1: 25 * ((1 - 0.8) * 4.5 + (0 - 0.2) * 6)
          = -7.5
  Cat L8: n 1, stand; Ann stand 2, Ben pass 1: 12.5 * ((1 - 2/3) * -1 + (0 - 1/3) * -9)
          = 12.5 * 8/3 = +33.33
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import season_kit
from ledger_kit import copy_for_each_test

STAND_1 = "stands from the eldest seat in a double pool, nobody stood before"
STAND_2 = "stands from seat 2 in a double pool, 1 stood before"
DEALER_1 = "stands from the dealer's seat in a double pool, 1 stood before"
DEALER_2 = "stands from the dealer's seat in a double pool, 2 stood before"
AFTER_LOO = "stands after being looed, in a double pool"
MISS = "takes the miss in a double pool"
DEFEND = "passes as dealer once someone stood (not stand or defend), in a double pool"


@pytest.fixture(scope="module")
def april_built(loo: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """April's ledger, built once for the module."""
    return season_kit.april(loo, tmp_path_factory.mktemp("april") / "april.db")


april = copy_for_each_test("april_built", name="april", file="april.db")


def _json(loo: Any, db: Path, *args: str) -> Any:
    out = loo(db, *args, "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def test_the_evenings_settle_as_worked(loo: Any, april: Path) -> None:
    """Each evening's nets as worked above (the leaks below rest on them)."""
    got = {}
    for sid in (1, 2, 3, 4):
        rows = _json(loo, april, "balances", "-s", str(sid))
        got[sid] = {r["name"]: r["net"] for r in rows["players"]}
    assert got == {1: {"Ann": 3, "Ben": 15, "Cat": -18},
                   2: {"Ann": 12, "Ben": -18, "Cat": -3},
                   3: {"Ann": -9, "Ben": 6, "Cat": 3},
                   4: {"Ann": 6, "Ben": 12, "Cat": -27}}


def test_the_standings_and_the_place_changes(loo: Any, april: Path) -> None:
    report = _json(loo, april, "standings", "--season", "April")
    assert [(p["player"], p["place"], p["change"]) for p in report["players"]] == [
        ("Ben", 1, 1), ("Ann", 2, -1), ("Cat", 3, 0)]
    assert {p["player"]: (p["evenings"], p["hands"], p["net"], p["per_100"], p["best"],
                          p["worst"], p["whole_pools"])
            for p in report["players"]} == {
        "Ann": (4, 8, 12, 150.0, 12, -9, 1),
        "Ben": (4, 8, 15, 187.5, 15, -18, 0),
        "Cat": (4, 8, -45, -562.5, 3, -27, 0)}


def test_each_leak_line_of_the_season(loo: Any, april: Path) -> None:
    report = _json(loo, april, "leaks", "--all", "--season", "April", "--min-hands", "1")
    found = {p["player"]: p for p in report["players"]}
    assert {p: found[p]["winners"] for p in found} == {
        "Ann": ["Ben"], "Ben": ["Ann"], "Cat": ["Ann", "Ben"]}
    costs = {p: [(line["text"], line["n"], line["cost"]) for line in found[p]["lines"]]
             for p in found}
    # the dearest first
    assert costs == {
        "Ann": [(STAND_1, 1, -37.5), (MISS, 2, -12.5), (AFTER_LOO, 1, 0.0),
                (DEALER_2, 1, 150.0), (DEFEND, 2, 200.0)],
        "Ben": [(DEALER_2, 1, -150.0), (DEFEND, 1, -100.0), (AFTER_LOO, 1, 0.0),
                (MISS, 3, 18.75), (STAND_1, 2, 75.0)],
        "Cat": [(AFTER_LOO, 2, -75.0), (STAND_2, 2, -56.25), (MISS, 2, -7.5),
                (DEALER_1, 1, 0.0), (STAND_1, 1, 12.5), (DEFEND, 1, 33.33)]}
    cat = {line["text"]: line for line in found["Cat"]["lines"]}
    # the rates of the line's own choice: Cat stood after a loo 1 of 2, the winners 0 of 2;
    # took the miss 0 of 2, the winners 1 of 5; passed as dealer 0 of 1, the winners 1 of 3
    assert (cat[AFTER_LOO]["rate"], cat[AFTER_LOO]["winners_rate"]) == (0.5, 0.0)
    assert (cat[MISS]["rate"], cat[MISS]["winners_rate"]) == (0.0, 0.2)
    assert (cat[DEFEND]["rate"], cat[DEFEND]["winners_rate"]) == (0.0, 0.3333)
    assert cat[STAND_2]["values"] == {"pass": 0.0, "stand": 4.5}
    assert cat[MISS]["values"] == {"miss": 6.0, "stand": 4.5}
    assert cat[AFTER_LOO]["values"] == {"pass": -3.0, "stand": -9.0}
    assert cat[DEFEND]["values"] == {"pass": -9.0, "stand": -1.0}
