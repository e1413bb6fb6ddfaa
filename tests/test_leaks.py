"""loo leaks (issue 24, item 3), on the evening of tests/evenings.py FOUR_HANDS, worked by
hand in tests/test_rules_from_hand.py (three-card, default rules; Dov deals first):

  hand  dealer  pool  Ann      Ben      Cat      Dov
  1     Dov     9     1t +3    1t +3    1t +3    0t -18   (simple: all play, no choice)
  2     Ann     18 D  pass -9  3t +18   0t -9    pass 0
  3     Ben     18 D  1t +6    1t -3    0t -9    miss 1t +6
  4     Cat     18 D  0t -9    3t +18   pass -9  pass 0

Nets: Ann -9, Ben +36, Cat -24, Dov -12: the only winner is Ben. Each dealt 4 hands.
Seats from the dealer's left (1 eldest, 0 dealer) and how many stood before:
  hand 2: Ben 1/0 stand, Cat 2/1 stand, Dov 3/2 pass, Ann 0/2 pass
  hand 3: Cat 1/0 stand, Dov 2/1 miss, Ann 3/2 stand, Ben 0/3 stand
  hand 4: Dov 1/0 pass, Ann 2/0 stand, Ben 3/1 stand, Cat 0/2 pass

Dov, "stands from the eldest seat in a double pool, nobody stood before": the table there
  is Ben stand +18 (h2), Cat stand -9 (h3), Dov pass 0 (h4): value(stand) = (18 - 9) / 2 =
  4.5, value(pass) = 0. Dov stood 0 of 1; the winner Ben 1 of 1 (h2).
  cost = 100 * 1 / 4 * ((0 - 1) * 4.5 + (1 - 0) * 0) = -112.5 chips/100.
Dov, "takes the miss in a double pool": the plays with the miss still there: h2 Ben
  stand +18, Cat stand -9; h3 Cat stand -9, Dov miss +6; h4 Ann stand -9, Ben stand +18
  (in h3 Ann and Ben played after the miss was taken). value(miss) = 6, value(stand) =
  (18 - 9 - 9 - 9 + 18) / 5 = 1.8. Dov took it 1 of 1; Ben 0 of 2.
  cost = 100 * 1 / 4 * ((1 - 0) * 6 + (0 - 1) * 1.8) = +105.
Ann, "passes as dealer once someone stood": the table: h2 Ann pass -9, h3 Ben stand -3,
  h4 Cat pass -9: value(pass) = -9, value(stand) = -3. Ann passed 1 of 1; Ben 0 of 1.
  cost = 100 * 1 / 4 * ((1 - 0) * -9 + (0 - 1) * -3) = -150. Cat alike: -150.
Ben is the only winner, so nobody is a winner beside him: he has no line. The lines the
winners never met (Dov at seat 2 or 3, Ann at seats 2 and 3...) are left out.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from evenings import four_hands


def lines(loo: Any, db: Path, *args: str) -> dict[str, dict[str, Any]]:
    out = loo(db, "leaks", *args, "--json")
    assert out.exit_code == 0, out.output
    return {p["player"]: {line["text"]: line for line in p["lines"]}
            for p in json.loads(out.stdout)["players"]}


def test_each_line_worked_by_hand(loo: Any, tmp_path: Path) -> None:
    db = tmp_path / "l.db"
    four_hands(loo, db)
    found = lines(loo, db, "--all", "--min-hands", "1")
    eldest = "stands from the eldest seat in a double pool, nobody stood before"
    miss = "takes the miss in a double pool"
    dealer = "passes as dealer once someone stood (not stand or defend), in a double pool"
    dov = found["Dov"]
    assert set(dov) == {eldest, miss}
    assert (dov[eldest]["n"], dov[eldest]["rate"], dov[eldest]["winners_rate"],
            dov[eldest]["values"], dov[eldest]["cost"]) == (
        1, 0.0, 1.0, {"pass": 0.0, "stand": 4.5}, -112.5)
    assert (dov[miss]["rate"], dov[miss]["winners_rate"], dov[miss]["values"],
            dov[miss]["cost"]) == (1.0, 0.0, {"miss": 6.0, "stand": 1.8}, 105.0)
    assert [line["text"] for line in json.loads(loo(db, "leaks", "Dov", "--min-hands", "1",
                                                    "--json").stdout)["players"][0]["lines"]
            ] == [eldest, miss]  # the dearest first
    ann = found["Ann"]
    assert (ann[dealer]["rate"], ann[dealer]["winners_rate"], ann[dealer]["values"],
            ann[dealer]["cost"]) == (1.0, 0.0, {"pass": -9.0, "stand": -3.0}, -150.0)
    assert found["Cat"][dealer]["cost"] == -150.0
    assert found["Ben"] == {}
    # one opportunity resampled is always itself: the interval is the cost
    assert dov[eldest]["ci"] == [-112.5, -112.5]


def test_below_the_threshold_says_not_enough_hands(loo: Any, tmp_path: Path) -> None:
    """The default threshold is 30 opportunities: one is not enough."""
    db = tmp_path / "l.db"
    four_hands(loo, db)
    dov = lines(loo, db, "dov")["Dov"]
    assert all(line["cost"] is None and line["ci"] is None for line in dov.values())
    text = loo(db, "leaks", "Dov")
    assert "not enough hands" in text.stdout
    assert loo(db, "leaks").exit_code == 2  # a player or --all: a usage error (issue 22)


def test_filters(loo: Any, tmp_path: Path) -> None:
    """--pool double: hands 2-4, where the nets are Ann -9 + 6 - 9 = -12, Ben 18 - 3 + 18 =
    33, Cat -27, Dov 0 + 6 + 0 = +6, so Dov's winners are still Ben alone; his eldest line as
    above over H = 3 hands: 100 * 1 / 3 * -4.5 = -150.
    --seat eldest: Dov's one hand at seat 1 (hand 4), H = 1; the winners at seat 1 are Ann
    (+3, hand 1, no choice) and Ben (+18, hand 2, stood): cost 100 * 1 / 1 * -4.5 = -450;
    the miss line is not his at seat 1 (he passed there).
    --pool simple: hand 1, where nobody chose: no line. --with Cat: Cat was dealt in every
    hand, so all is as without it. --session 9 selects nothing and says so."""
    db = tmp_path / "l.db"
    four_hands(loo, db)
    eldest = "stands from the eldest seat in a double pool, nobody stood before"
    double = lines(loo, db, "Dov", "--pool", "double", "--min-hands", "1")["Dov"]
    assert double[eldest]["cost"] == -150.0
    seat = lines(loo, db, "Dov", "--seat", "eldest", "--min-hands", "1")["Dov"]
    assert list(seat) == [eldest] and seat[eldest]["cost"] == -450.0
    assert lines(loo, db, "--all", "--pool", "simple", "--min-hands", "1") == {
        p: {} for p in ("Ann", "Ben", "Cat", "Dov")}
    assert lines(loo, db, "Dov", "--with", "cat", "--min-hands", "1") == lines(
        loo, db, "Dov", "--min-hands", "1")
    out = loo(db, "leaks", "Dov", "--session", "9")  # -s names a session, as everywhere
    assert out.exit_code == 1 and "there is no session 9" in out.output
    out = loo(db, "leaks", "Dov", "--since", "2099-01-01")
    assert out.exit_code == 1 and "no evening is selected" in out.output
    assert loo(db, "leaks", "Dov", "--seat", "left").exit_code == 2  # a bad value: usage


def test_the_interval_is_the_same_every_time(loo: Any, tmp_path: Path) -> None:
    """A generated 300-hand three-card evening of four players (benchmarks/generate.py):
    lines with 30 opportunities or more have a cost and a 90% interval, low <= high, and a
    second run gives the same figures (the seed is the player and the line's)."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import generate

    path = generate.write_session(generate.generate_session("three-card", 4, 300, seed=3),
                                  tmp_path / "g.json")
    db = tmp_path / "g.db"
    assert loo(db, "import", str(path)).exit_code == 0
    first = json.loads(loo(db, "leaks", "--all", "--json").stdout)
    costed = [line for p in first["players"] for line in p["lines"] if line["cost"] is not None]
    assert costed and all(line["n"] >= 30 and line["ci"][0] <= line["ci"][1] for line in costed)
    assert all(line["ci"] is None for p in first["players"] for line in p["lines"]
               if line["n"] < 30)
    assert json.loads(loo(db, "leaks", "--all", "--json").stdout) == first
