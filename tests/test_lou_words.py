"""Issue 21 item 7: Lou in its own words everywhere. A renege's burn counts as a burn in
stats and exports; Lou's stats show stand and fold, burns and pots won, not pass, miss,
defend and a loo rate.

Lou (RULES.md, Lou; burn_cap 5000), seats Ann Ben Cat Dov, Dov deals first. Worked by hand:

Hand 1, first deal, Dov deals: Dov antes 100, then each adds 500: P = 2100; everyone must
    stand. Ann 3 tricks takes the pot: -500 + 2100 = +1600. Ben and Cat, one trick each, are
    burned b = min(2100, 5000) = 2100: -2600 each; Dov, none: -100 - 500 - 2100 = -2700. Pot
    after 2100 - 2100 + 3 x 2100 = 6300.
Hand 2, later deal, Ann deals, pot 6300: Ann and Ben stand, Cat and Dov fold; Ben reneges:
    burned at once b = min(6300, 5000) = 5000, nothing else settled; pot 11300; Ann deals
    again without Ben.
Hand 3, Ann deals again, pot 11300: Cat and Dov stand, Ann folds. Cat 3 tricks takes the pot,
    +11300; exactly two stood, so Dov (two tricks, not three) is burned b = min(11300, 5000)
    = 5000. Pot after 11300 - 11300 + 5000 = 5000.

Nets: Ann +1600, Ben -2600 - 5000 = -7600, Cat -2600 + 11300 = +8700, Dov -2700 - 5000 =
-7700 (sum -5000 = minus the pot).
Per player (hands dealt in; the first deal is forced, so stand/fold count the later deals):
    Ann 3 hands, chose in 2: stand 1 (hand 2), fold 1 (hand 3); burns 0; pots won 1.
    Ben 2 hands (sat hand 3 out), chose in 1: stand 1; burns 2 (hand 1, the renege),
        paid 2100 + 5000 = 7100; pots won 0.
    Cat 3 hands, chose in 2: fold 1, stand 1; burns 1 (2100); pots won 1 (hand 3).
    Dov 3 hands, chose in 2: fold 1, stand 1; burns 2 (2100 + 5000 = 7100); pots won 0.
The session: 3 hands, largest pot 11300, paid in burns 3 x 2100 + 5000 + 5000 = 16300.
Burned most often: Ben and Dov, twice each.
"""

from __future__ import annotations

import json

import pytest
from ledger_kit import copy_for_each_test

lou_db = copy_for_each_test("lou_built", name="lou_db", file="lou.db")


@pytest.fixture(scope="module")
def lou_built(loo, tmp_path_factory):
    """The three Lou hands, recorded once for the module."""
    db = tmp_path_factory.mktemp("lou") / "lou.db"
    assert loo(db, "new", "L", "--variant", "lou", "--players", "Ann,Ben,Cat,Dov",
               "--dealer", "Dov").exit_code == 0
    for line in (["Ann=3", "Ben=1", "Cat=1", "Dov=0"],
                 ["Ann=stand", "Ben=stand", "Cat=fold", "Dov=fold", "--revoke", "Ben"],
                 ["Cat=3", "Dov=2", "Ann=fold"]):
        result = loo(db, "hand", *line)
        assert result.exit_code == 0, result.output
    return db


def test_lou_stats_in_its_own_words(loo, lou_db):
    report = json.loads(loo(lou_db, "stats", "--json").stdout)
    assert report["game"] == "lou"
    got = {p["player"]: (p["hands"], p["declarations"]["stand"]["count"],
                         p["declarations"]["fold"]["count"], p["burned"], p["paid_in_burns"],
                         p["pots_won"], p["net"]) for p in report["players"]}
    assert got == {"Ann": (3, 1, 1, 0, 0, 1, 1600), "Ben": (2, 1, 0, 2, 7100, 0, -7600),
                   "Cat": (3, 1, 1, 1, 2100, 1, 8700), "Dov": (3, 1, 1, 2, 7100, 0, -7700)}
    for p in report["players"]:
        assert set(p["declarations"]) == {"stand", "fold"}
        assert "loo_rate" not in p and "looed" not in p
    [s] = report["sessions"]
    assert (s["hands"], s["largest_pot"], s["paid_in_burns"]) == (3, 11300, 16300)
    assert "simple" not in s and "paid_in_loos" not in s


def test_lou_stats_table_has_lou_columns(loo, lou_db):
    out = loo(lou_db, "stats").stdout
    header = next(line for line in out.splitlines() if "player" in line)
    for word in ("stand", "fold", "burns", "paid in burns", "pots won"):
        assert word in header
    for word in ("pass", "miss", "defend", "loo rate"):
        assert word not in out
    ben = next(line for line in out.splitlines() if line.split()[:1] == ["Ben"])
    assert ben.split("│")[5].strip() == "2" and ben.split("│")[6].strip() == "7100"


def test_a_reneges_burn_is_a_burn_in_the_exports(loo, lou_db):
    md = loo(lou_db, "export", "--format", "md").stdout
    assert "Burned most often: Ben and Dov (2 times)." in md
    hands = json.loads(loo(lou_db, "hands", "--json").stdout)
    assert hands[1]["looed"] == ["Ben"]
    assert loo(lou_db, "check").exit_code == 0


def test_lou_standings_in_its_own_words(loo, lou_db):
    """The evening's standings (one Lou evening): Cat first (+8700), Ann (+1600), Ben
    (-7600), Dov (-7700); the columns say burns and pots won, not loo and whole pools."""
    report = json.loads(loo(lou_db, "standings", "--json").stdout)
    assert report["game"] == "lou"
    assert [(p["player"], p["net"], p["whole_pools"]) for p in report["players"]] == [
        ("Cat", 8700, 1), ("Ann", 1600, 1), ("Ben", -7600, 0), ("Dov", -7700, 0)]
    header = next(line for line in loo(lou_db, "standings").stdout.splitlines()
                  if "player" in line)
    assert "burns" in header and "pots won" in header
    assert "whole pools" not in header and "│ loo" not in header
