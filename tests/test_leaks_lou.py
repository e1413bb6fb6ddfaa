"""Leaks in Lou (issue 24, item 3): the situation is the deal, first or later, not the
pool; the first deal, where everyone must stand, offers no choice; no miss, no defence.

Worked by hand (Lou, RULES.md; the figures are those `loo hand` settles, checked first):
one evening, Ann, Ben, Cat in that order, Cat deals; the deal passes to the left.
  h1 first deal (everyone stands; words ``xxx``): Ann 3t takes the pot, Ben and Cat 1t
     burned: Ann +1100, Ben -2100, Cat -2200. No choice, so no opportunity.
  h2 later deal, Ann deals; order Ben, Cat, Ann: Ben folds (seat 1, none before) 0;
     Cat stands (seat 2, none before) 3t +3200; Ann stands (dealer, one before) 2t,
     burned -3200. Ben and Cat were burned in h1: both are "after being burned".
  h3 later deal, Ben deals; order Cat, Ann, Ben: Cat stands (seat 1, none before) 3t
     +3200; Ann folds (seat 2, one before) 0; Ben stands (dealer, one before) 2t -3200.
     Ann was burned in h2: "after being burned".
Nets: Ann 1100 - 3200 + 0 = -2100, Ben -2100 + 0 - 3200 = -5300, Cat +4200; 3 hands
each. The winners: Cat alone (for Ann and Ben); Cat has none, so no lines.
Lines (value = the table's average change for the choice there):
  stand, eldest, none before, later: Ben fold 0 (h2), Cat stand +3200 (h3):
     value(stand) 3200, value(fold) 0. Ben: n 1, stood 0 of 1, Cat 1 of 1:
     cost = 100 * 1 / 3 * ((0 - 1) * 3200 + (1 - 0) * 0) = -106666.67.
  after being burned, later: Ben fold 0, Cat stand +3200 (h2), Ann fold 0 (h3):
     value(stand) 3200, value(fold) 0; Ann and Ben each fold 1 of 1, Cat stood 1 of 1:
     -106666.67 each.
  The dealer's lines (stand from the dealer's seat, one before): Ann and Ben, never Cat:
  left out. Seat 2 with one before (Ann, h3): Cat never met it: left out.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LATER_ELDEST = "stands from the eldest seat in a later deal of Lou, nobody stood before"
AFTER_BURN = "stands after being burned, in a later deal of Lou"


def test_lou_lines_are_of_later_deals(loo: Any, tmp_path: Path) -> None:
    db = tmp_path / "lou.db"
    for args in (("new", "L", "--variant", "lou", "--players", "Ann,Ben,Cat", "--dealer",
                  "Cat", "--when", "2026-04-05 20:00"),
                 ("hand", "Ann=3", "Ben=1", "Cat=1"), ("hand", "Ann=2", "Ben=fold", "Cat=3"),
                 ("hand", "Ann=fold", "Ben=2", "Cat=3")):
        out = loo(db, *args)
        assert out.exit_code == 0, out.output
    out = loo(db, "balances", "--json")
    assert {p["name"]: p["net"] for p in json.loads(out.stdout)["players"]} == {
        "Ann": -2100, "Ben": -5300, "Cat": 4200}
    out = loo(db, "leaks", "--all", "--min-hands", "1", "--json")
    assert out.exit_code == 0, out.output
    found = {p["player"]: p for p in json.loads(out.stdout)["players"]}
    assert {p: found[p]["winners"] for p in found} == {
        "Ann": ["Cat"], "Ben": ["Cat"], "Cat": []}
    lines = {p: [(x["text"], x["situation"]["pool"], x["n"], x["rate"], x["winners_rate"],
                  x["cost"]) for x in found[p]["lines"]] for p in found}
    assert lines == {
        "Ann": [(AFTER_BURN, "later", 1, 0.0, 1.0, -106666.67)],
        "Ben": [(LATER_ELDEST, "later", 1, 0.0, 1.0, -106666.67),
                (AFTER_BURN, "later", 1, 0.0, 1.0, -106666.67)],
        "Cat": []}
    ben = {x["text"]: x for x in found["Ben"]["lines"]}
    assert ben[LATER_ELDEST]["values"] == {"pass": 0.0, "stand": 3200.0}
