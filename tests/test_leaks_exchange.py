"""Leaks of exchanging (five-card; issue 24, item 3): how many cards a player who plays
exchanges, by the pool and his seat from the dealer's left, each count a choice valued at
the table's average change for it there.

Worked by hand (five-card: 5 tricks, a trick worth 1 chip of the pool of 5 the dealer
antes; the figures are those `loo hand` settles, checked first). Ann, Ben, Cat; Cat deals:
  h1 simple, order Ann (seat 1), Ben (seat 2), Cat (the dealer); everyone stands.
     Ann exchanges 2 and takes 3 tricks +3; Ben exchanges 5, 1 trick +1; Cat keeps his
     cards, 1 trick, ante 5: -4.
  h2 simple, Ann deals; order Ben (seat 1), Cat (seat 2), Ann (the dealer). Ben passes
     (no exchange: he does not play); Cat exchanges 1, 3 tricks +3; Ann keeps his cards,
     2 tricks, ante 5: -3.
Nets: Ann 0, Ben +1, Cat -1 (2 hands each). Winners: Ben, for Ann and Cat.
Exchange lines (simple pool):
  seat 1: Ann 2 cards (+3): Ben never met it: left out.
  seat 2: Ben 5 cards (+1), Cat 1 card (+3): value(5) = 1, value(1) = 3.
     Cat exchanged 1 (1 of 1), Ben 5 (1 of 1):
     cost = 100 * 1 / 2 * ((1 - 0) * 3 + (0 - 1) * 1) = +100 chips/100; cards 1 vs 5.
  the dealer's seat: Cat none (-4), Ann none (-3): Ben never met it: left out.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from season_kit import five_card_exchanges

SEAT_2 = "keeps his cards (exchanges none) from seat 2 in a simple pool"


def test_exchanging_is_costed_by_seat(loo: Any, tmp_path: Path) -> None:
    db = tmp_path / "five.db"
    five_card_exchanges(loo, db)
    out = loo(db, "balances", "--json")
    assert {p["name"]: p["net"] for p in json.loads(out.stdout)["players"]} == {
        "Ann": 0, "Ben": 1, "Cat": -1}
    out = loo(db, "leaks", "Cat", "--min-hands", "1", "--json")
    assert out.exit_code == 0, out.output
    (cat,) = json.loads(out.stdout)["players"]
    assert cat["winners"] == ["Ben"]
    swaps = [x for x in cat["lines"] if x["line"] == "exchange"]
    assert [(x["text"], x["situation"], x["n"], x["rates"], x["winners_rates"],
             x["values"], x["cost"], x["cards"], x["winners_cards"]) for x in swaps] == [
        (SEAT_2, {"pool": "simple", "seat": 2}, 1, {"1": 1.0, "5": 0.0},
         {"1": 0.0, "5": 1.0}, {"1": 3.0, "5": 1.0}, 100.0, 1.0, 5.0)]
    ann = json.loads(loo(db, "leaks", "Ann", "--min-hands", "1", "--json").stdout)
    assert [x for x in ann["players"][0]["lines"] if x["line"] == "exchange"] == []
