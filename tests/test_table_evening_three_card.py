"""Issue 3: a 40-hand evening of three-card mixed loo entered hand by hand with `loo hand`.

`loo new Friday --variant three-card --rule loo=mixed --rule loo_limit=90`, seats Ann Ben Cat
Dov Eve clockwise, Eve deals first. Every figure below is worked by hand from
shared/spec/RULES.md, never copied from the program:

- The dealer antes 9 white chips every deal (ante_model=dealer). P = pool carried in + 9.
- An empty pool makes a simple pool: everyone plays, no declarations (simple_pool=play-all).
  Any chip carried, odd chips too, makes the next pool double (double_when=carried): the
  players declare from the dealer's left, dealer last; there is a miss.
- Each trick takes P // 3; a player who takes all three tricks takes all of P (odd chips
  too); what does not divide (P % 3) stays in the pool.
- A player who played and won no trick is looed and pays L = min(P, 90) (loo=mixed).
- All but the dealer pass: the dealer takes P. One player took the miss, the rest passed and
  the dealer passes: the miss taker takes P without play.
- A defending dealer never collects and is never looed; the shares of the tricks he wins
  stay in the pool.
- The deal passes to the left: Eve, Ann, Ben, Cat, Dov, Eve, ...

Running table (A B C D E = Ann Ben Cat Dov Eve; "in" = pool carried in; sh = P // 3;
L = min(P, 90); "after" = pool carried on = in + ante - paid out + loos):

  #  dealer  in   P  sh   L |    A    B    C    D    E | after
  1  Eve      0    9   3   9 |   +3   -9   +3   +3  -18 |   18
  2  Ann     18   27   9  27 |   -9  +18    0    0    0 |    9   defended: Ann's 1 trick (9) stays
  3  Ben      9   18   6  18 |    0   -9  +18    0    0 |    0   lone miss taker Cat takes P
  4  Cat      0    9   3   9 |   -9   -9  -18   +9   -9 |   36
  5  Dov     36   45  15  45 |  -45    0  +30  -54  +15 |   90
  6  Eve     90   99  33  90 |  +66  -90    0    0  +24 |   90   L capped at 90
  7  Ann     90   99  33  90 |  +90    0    0    0    0 |    0   all pass: Ann takes 99
  8  Ben      0    9   3   9 |   +3  -18   +6   -9   -9 |   27
  9  Cat     27   36  12  36 |    0    0   -9  +12    0 |   24   defended: 2 tricks (24) stay
 10  Dov     24   33  11  33 |    0    0    0   -9  +22 |   11   defended: 1 trick (11) stays
     running totals after 10:   +99 -117  +30  -48  +25 |   (sum -11 = -pool 11)
 11  Eve     11   20   6  20 |   +6    0  -20  +12  -29 |   42   odd chips: 20 % 3 = 2 stay
 12  Ann     42   51  17  51 |  -60  +51    0    0    0 |   51
 13  Ben     51   60  20  60 |    0   -9  +20    0    0 |   40   defended: 2 tricks (40) stay
 14  Cat     40   49  16  49 |  -49  +32   -9  +16    0 |   50   odd chip: 49 % 3 = 1 stays
 15  Dov     50   59  19  59 |    0    0  +59  -68  -59 |  118   Cat takes all 3: the odd 2 too
 16  Eve    118  127  42  90 |  +84    0    0    0   -9 |   43   defended 42 + odd 1 stay
 17  Ann     43   52  17  52 |   -9  +17  +34    0    0 |    1   odd chip 1 stays
 18  Ben      1   10   3  10 |    0   +1    0    0    0 |    0   1 chip carried: double; all pass
 19  Cat      0    9   3   9 |   +3   +3   -6   -9   -9 |   18
 20  Dov     18   27   9  27 |    0    0  -27  +18    0 |   27
     running totals after 20:   +74  -22  +81  -79  -81 |   (sum -27 = -pool 27)
 21  Eve     27   36  12  36 |  +12  -36  +12  -36   +3 |   72
 22  Ann     72   81  27  81 |  +45  +27  -81    0    0 |   81
 23  Ben     81   90  30  90 |    0   -9  -90  +60  +30 |   90
 24  Cat     90   99  33  90 |    0    0  +90  -90    0 |   90   dealer takes the miss vs one
 25  Dov     90   99  33  90 |  -90  +66  +33   -9  -90 |  180
 26  Eve    180  189  63  90 |    0  +63    0    0 +117 |    0
 27  Ann      0    9   3   9 |  -18   -9   -9   -9   +9 |   36
 28  Ben     36   45  15  45 |  +45   -9    0    0    0 |    0   lone miss taker Ann takes P
 29  Cat      0    9   3   9 |   -9   +3  -18   +3   +3 |   18
 30  Dov     18   27   9  27 |    0    0    0   -9  +27 |    0   defender with 0 tricks: no loo
     running totals after 30:   +59  +74  +18 -169  +18 |   (sum 0 = pool 0)
 31  Eve      0    9   3   9 |   -9   +6   -9   +3  -18 |   27
 32  Ann     27   36  12  36 |   +3  -36  +12  -36  +12 |   72
 33  Ben     72   81  27  81 |    0   -9  +27    0    0 |   54   defended: 2 tricks (54) stay
 34  Cat     54   63  21  63 |    0    0   -9  +42    0 |   21   defended: 1 trick (21) stays
 35  Dov     21   30  10  30 |  +10    0    0  +11  -30 |   30
 36  Eve     30   39  13  39 |  +13    0    0    0   -9 |   26   defended: 2 tricks (26) stay
 37  Ann     26   35  11  35 |   -9  +11  +11  +11    0 |    2   odd chips: 35 % 3 = 2 stay
 38  Ben      2   11   3  11 |    0   -3  -11    0   +3 |   13   odd chips: 11 % 3 = 2 stay
 39  Cat     13   22   7  22 |  +22    0  -31    0    0 |   22   Ann takes all 3: odd 1 too
 40  Dov     22   31  10  31 |  -31  +20    0   -9  +10 |   32   odd chip: 31 % 3 = 1 stays
     final balances:            +58  +63   +8 -147  -14 |   pool 32 (58+63+8-147-14 = -32)
"""

from __future__ import annotations

import json

import pytest

PLAYERS = ["Ann", "Ben", "Cat", "Dov", "Eve"]
NEW = ["new", "Friday", "--variant", "three-card", "--rule", "loo=mixed",
       "--rule", "loo_limit=90", "--players", ",".join(PLAYERS), "--dealer", "Eve"]


def _d(ann=0, ben=0, cat=0, dov=0, eve=0) -> dict[str, int]:
    return {"Ann": ann, "Ben": ben, "Cat": cat, "Dov": dov, "Eve": eve}


# (what is typed, dealer, pool in, P, each player's change, pool after), worked by hand.
EVENING = [
    # 1 Eve deals; pool 0: simple, everyone plays. P = 0 + 9 = 9, a trick 3, L = min(9,90) = 9.
    #   Ann, Cat, Dov 1 trick: +3. Ben, Eve no trick: looed 9. Eve -9 ante -9 loo = -18.
    #   After = 9 - 9 paid + 2 x 9 loos = 18.
    ("Ann=1 Ben=0 Cat=1 Dov=1 Eve=0", "Eve", 0, 9, _d(3, -9, 3, 3, -18), 18),
    # 2 Ann deals; 18 carried: double. P = 18 + 9 = 27, a trick 9. Ben stands, Cat Dov Eve
    #   pass; Ann (dealer) defends against the lone stander. Ben 2 tricks: +18. Ann's 1
    #   trick share (9) stays; Ann only antes: -9. After = 27 - 18 = 9.
    ("Ben=2 Cat=pass Dov=pass Eve=pass Ann=defend:1", "Ann", 18, 27, _d(-9, 18), 9),
    # 3 Ben deals; 9 carried: double. P = 9 + 9 = 18. Cat alone takes the miss, the rest
    #   pass and Ben (dealer) passes: Cat takes P = 18 without play. Ben -9. After 0.
    ("Cat=miss Dov=pass Eve=pass Ann=pass Ben=pass", "Ben", 9, 18, _d(0, -9, 18), 0),
    # 4 Cat deals; pool 0: simple. P = 9. Dov all 3 tricks: takes 9. Ann Ben Cat Eve looed
    #   9 each; Cat -9 ante -9 loo = -18. After = 9 - 9 + 4 x 9 = 36.
    ("Ann=0 Ben=0 Cat=0 Dov=3 Eve=0", "Cat", 0, 9, _d(-9, -9, -18, 9, -9), 36),
    # 5 Dov deals; 36 carried: double. P = 45, a trick 15, L = min(45,90) = 45. Eve stands
    #   1 trick +15; Ann stands, no trick: -45; Ben passes; Cat takes the miss, 2 tricks +30;
    #   Dov stands, no trick: -9 - 45 = -54. After = 45 - 45 + 2 x 45 = 90.
    ("Eve=1 Ann=0 Ben=pass Cat=miss:2 Dov=0", "Dov", 36, 45, _d(-45, 0, 30, -54, 15), 90),
    # 6 Eve deals; 90 carried. P = 99, a trick 33, L = min(99,90) = 90 (the limit).
    #   Ann 2 tricks +66; Ben no trick -90; Eve 1 trick: -9 + 33 = +24; Cat Dov pass.
    #   After = 99 - 99 + 90 = 90.
    ("Ann=2 Ben=0 Cat=pass Dov=pass Eve=1", "Eve", 90, 99, _d(66, -90, 0, 0, 24), 90),
    # 7 Ann deals; 90 carried. P = 99. Everyone but Ann passes: Ann takes 99: -9 + 99 = +90.
    ("Ben=pass Cat=pass Dov=pass Eve=pass Ann=pass", "Ann", 90, 99, _d(90), 0),
    # 8 Ben deals; pool 0: simple. P = 9, a trick 3. Ann 1 +3, Cat 2 +6; Ben, Dov, Eve looed
    #   9; Ben -9 - 9 = -18. After = 9 - 9 + 27 = 27.
    ("Ann=1 Ben=0 Cat=2 Dov=0 Eve=0", "Ben", 0, 9, _d(3, -18, 6, -9, -9), 27),
    # 9 Cat deals; 27 carried. P = 36, a trick 12. Dov stands alone; Cat defends. Dov 1 trick
    #   +12; Cat's 2 tricks (24) stay; Cat -9. After = 36 - 12 = 24.
    ("Dov=1 Eve=pass Ann=pass Ben=pass Cat=defend:2", "Cat", 27, 36, _d(0, 0, -9, 12), 24),
    # 10 Dov deals; 24 carried. P = 33, a trick 11. Eve stands alone, 2 tricks +22; Dov
    #   defends and takes 1 trick: 11 stays; Dov -9. After = 33 - 22 = 11.
    ("Eve=2 Ann=pass Ben=pass Cat=pass Dov=defend:1", "Dov", 24, 33, _d(0, 0, 0, -9, 22), 11),
    # 11 Eve deals; 11 carried. P = 20, a trick 20 // 3 = 6, odd 20 % 3 = 2, L = 20.
    #   Ann 1 +6; Ben passes; Cat 0 -20; Dov takes the miss, 2 tricks +12; Eve 0: -9 - 20 =
    #   -29. Paid 18, odd 2 stay. After = 20 - 18 + 2 x 20 = 42.
    ("Ann=1 Ben=pass Cat=0 Dov=miss:2 Eve=0", "Eve", 11, 20, _d(6, 0, -20, 12, -29), 42),
    # 12 Ann deals; 42 carried. P = 51, L = 51. Ben stands alone; Ann stands. Ben all 3
    #   tricks: +51; Ann no trick: -9 - 51 = -60. After = 51 - 51 + 51 = 51.
    ("Ben=3 Cat=pass Dov=pass Eve=pass Ann=0", "Ann", 42, 51, _d(-60, 51), 51),
    # 13 Ben deals; 51 carried. P = 60, a trick 20. Cat stands alone, 1 trick +20; Ben
    #   defends, 2 tricks: 40 stay; Ben -9. After = 60 - 20 = 40.
    ("Cat=1 Dov=pass Eve=pass Ann=pass Ben=defend:2", "Ben", 51, 60, _d(0, -9, 20), 40),
    # 14 Cat deals; 40 carried. P = 49, a trick 16, odd 1, L = 49. Dov 1 +16; Eve passes;
    #   Ann takes the miss, no trick -49; Ben 2 +32; Cat passes: -9. Paid 48, odd 1 stays.
    #   After = 49 - 48 + 49 = 50.
    ("Dov=1 Eve=pass Ann=miss:0 Ben=2 Cat=pass", "Cat", 40, 49, _d(-49, 32, -9, 16), 50),
    # 15 Dov deals; 50 carried. P = 59 (59 % 3 = 2), L = 59. Eve, Cat, Dov stand. Cat all 3:
    #   takes the whole 59, odd chips too. Eve -59; Dov -9 - 59 = -68.
    #   After = 59 - 59 + 2 x 59 = 118.
    ("Eve=0 Ann=pass Ben=pass Cat=3 Dov=0", "Dov", 50, 59, _d(0, 0, 59, -68, -59), 118),
    # 16 Eve deals; 118 carried. P = 127, a trick 42, odd 1, L = 90. Ann stands alone, 2
    #   tricks +84; Eve defends, 1 trick: 42 stays, and the odd 1; Eve -9.
    #   After = 127 - 84 = 43.
    ("Ann=2 Ben=pass Cat=pass Dov=pass Eve=defend:1", "Eve", 118, 127, _d(84, 0, 0, 0, -9), 43),
    # 17 Ann deals; 43 carried. P = 52, a trick 17, odd 1. Ben 1 +17, Cat 2 +34; Dov Eve pass;
    #   Ann passes: -9. No loo. After = 52 - 51 = 1.
    ("Ben=1 Cat=2 Dov=pass Eve=pass Ann=pass", "Ann", 43, 52, _d(-9, 17, 34), 1),
    # 18 Ben deals; the 1 odd chip carried makes the pool double. P = 10. All pass: Ben takes
    #   10: -9 + 10 = +1. After 0.
    ("Cat=pass Dov=pass Eve=pass Ann=pass Ben=pass", "Ben", 1, 10, _d(0, 1), 0),
    # 19 Cat deals; pool 0: simple. P = 9. Ann Ben Cat 1 trick +3; Dov Eve looed 9; Cat
    #   -9 + 3 = -6. After = 9 - 9 + 18 = 18.
    ("Ann=1 Ben=1 Cat=1 Dov=0 Eve=0", "Cat", 0, 9, _d(3, 3, -6, -9, -9), 18),
    # 20 Dov deals; 18 carried. P = 27, L = 27. Cat alone takes the miss; Dov stands. Dov all
    #   3: -9 + 27 = +18; Cat no trick -27. After = 27 - 27 + 27 = 27.
    ("Eve=pass Ann=pass Ben=pass Cat=miss:0 Dov=3", "Dov", 18, 27, _d(0, 0, -27, 18), 27),
    # 21 Eve deals; 27 carried. P = 36, a trick 12, L = 36. All five stand. Ann, Cat 1 +12;
    #   Eve 1: -9 + 12 = +3; Ben, Dov no trick -36. After = 36 - 36 + 72 = 72.
    ("Ann=1 Ben=0 Cat=1 Dov=0 Eve=1", "Eve", 27, 36, _d(12, -36, 12, -36, 3), 72),
    # 22 Ann deals; 72 carried. P = 81, a trick 27, L = 81. Ben takes the miss, 1 +27; Cat
    #   stands, 0: -81; Ann 2: -9 + 54 = +45. After = 81 - 81 + 81 = 81.
    ("Ben=miss:1 Cat=0 Dov=pass Eve=pass Ann=2", "Ann", 72, 81, _d(45, 27, -81), 81),
    # 23 Ben deals; 81 carried. P = 90, a trick 30, L = min(90,90) = 90. Cat 0 -90, Dov 2
    #   +60, Eve 1 +30; Ann passes; Ben passes: -9. After = 90 - 90 + 90 = 90.
    ("Cat=0 Dov=2 Eve=1 Ann=pass Ben=pass", "Ben", 81, 90, _d(0, -9, -90, 60, 30), 90),
    # 24 Cat deals; 90 carried. P = 99, L = 90. Dov stands alone; Cat takes the miss
    #   (dealer_vs_one allows it). Cat all 3: -9 + 99 = +90; Dov -90. After 90.
    ("Dov=0 Eve=pass Ann=pass Ben=pass Cat=miss:3", "Cat", 90, 99, _d(0, 0, 90, -90), 90),
    # 25 Dov deals; 90 carried. P = 99, a trick 33, L = 90. Eve 0 -90, Ann 0 -90, Ben 2
    #   +66, Cat 1 +33; Dov passes: -9. After = 99 - 99 + 180 = 180.
    ("Eve=0 Ann=0 Ben=2 Cat=1 Dov=pass", "Dov", 90, 99, _d(-90, 66, 33, -9, -90), 180),
    # 26 Eve deals; 180 carried. P = 189, a trick 63. Ben 1 +63; Eve 2: -9 + 126 = +117.
    #   Nobody looed: after 0.
    ("Ann=pass Ben=1 Cat=pass Dov=pass Eve=2", "Eve", 180, 189, _d(0, 63, 0, 0, 117), 0),
    # 27 Ann deals; pool 0: simple. P = 9. Eve all 3: +9. Ann Ben Cat Dov looed 9; Ann -18.
    #   After = 36.
    ("Ann=0 Ben=0 Cat=0 Dov=0 Eve=3", "Ann", 0, 9, _d(-18, -9, -9, -9, 9), 36),
    # 28 Ben deals; 36 carried. P = 45. Ann alone takes the miss, Ben passes: Ann takes 45.
    #   Ben -9. After 0.
    ("Cat=pass Dov=pass Eve=pass Ann=miss Ben=pass", "Ben", 36, 45, _d(45, -9), 0),
    # 29 Cat deals; pool 0: simple. P = 9. Ben Dov Eve 1 +3; Ann looed 9; Cat -9 - 9 = -18.
    #   After = 18.
    ("Ann=0 Ben=1 Cat=0 Dov=1 Eve=1", "Cat", 0, 9, _d(-9, 3, -18, 3, 3), 18),
    # 30 Dov deals; 18 carried. P = 27. Eve stands alone, Dov defends. Eve all 3 tricks:
    #   takes 27; Dov won none but a defender is never looed: -9 ante only. After 0.
    ("Eve=3 Ann=pass Ben=pass Cat=pass Dov=defend:0", "Dov", 18, 27, _d(0, 0, 0, -9, 27), 0),
    # 31 Eve deals; pool 0: simple. P = 9. Ben 2 +6, Dov 1 +3; Ann Cat looed 9; Eve -18.
    #   After = 27.
    ("Ann=0 Ben=2 Cat=0 Dov=1 Eve=0", "Eve", 0, 9, _d(-9, 6, -9, 3, -18), 27),
    # 32 Ann deals; 27 carried. P = 36, a trick 12, L = 36. Ben 0 -36; Cat takes the miss,
    #   1 +12; Dov 0 -36; Eve 1 +12; Ann 1: -9 + 12 = +3. After = 36 - 36 + 72 = 72.
    ("Ben=0 Cat=miss:1 Dov=0 Eve=1 Ann=1", "Ann", 27, 36, _d(3, -36, 12, -36, 12), 72),
    # 33 Ben deals; 72 carried. P = 81, a trick 27. Cat stands alone, 1 +27; Ben defends,
    #   2 tricks: 54 stay; Ben -9. After = 81 - 27 = 54.
    ("Cat=1 Dov=pass Eve=pass Ann=pass Ben=defend:2", "Ben", 72, 81, _d(0, -9, 27), 54),
    # 34 Cat deals; 54 carried. P = 63, a trick 21. Dov stands alone, 2 +42; Cat defends,
    #   1 trick: 21 stays; Cat -9. After = 63 - 42 = 21.
    ("Dov=2 Eve=pass Ann=pass Ben=pass Cat=defend:1", "Cat", 54, 63, _d(0, 0, -9, 42), 21),
    # 35 Dov deals; 21 carried. P = 30, a trick 10, L = 30. Eve 0 -30; Ann takes the miss,
    #   1 +10; Dov 2: -9 + 20 = +11. After = 30 - 30 + 30 = 30.
    ("Eve=0 Ann=miss:1 Ben=pass Cat=pass Dov=2", "Dov", 21, 30, _d(10, 0, 0, 11, -30), 30),
    # 36 Eve deals; 30 carried. P = 39, a trick 13. Ann stands alone, 1 +13; Eve defends,
    #   2 tricks: 26 stay; Eve -9. After = 39 - 13 = 26.
    ("Ann=1 Ben=pass Cat=pass Dov=pass Eve=defend:2", "Eve", 30, 39, _d(13, 0, 0, 0, -9), 26),
    # 37 Ann deals; 26 carried. P = 35, a trick 11, odd 2. Ben Cat Dov 1 trick +11 each;
    #   Eve passes; Ann passes: -9. Paid 33, odd 2 stay; no loo. After = 2.
    ("Ben=1 Cat=1 Dov=1 Eve=pass Ann=pass", "Ann", 26, 35, _d(-9, 11, 11, 11), 2),
    # 38 Ben deals; 2 carried: double. P = 11, a trick 3, odd 2, L = 11. Cat 0 -11; Eve 1
    #   +3; Ben 2: -9 + 6 = -3. Paid 9. After = 11 - 9 + 11 = 13.
    ("Cat=0 Dov=pass Eve=1 Ann=pass Ben=2", "Ben", 2, 11, _d(0, -3, -11, 0, 3), 13),
    # 39 Cat deals; 13 carried. P = 22 (22 % 3 = 1), L = 22. Ann stands, Cat stands. Ann
    #   all 3: takes 22, the odd chip too; Cat -9 - 22 = -31. After = 22 - 22 + 22 = 22.
    ("Dov=pass Eve=pass Ann=3 Ben=pass Cat=0", "Cat", 13, 22, _d(22, 0, -31), 22),
    # 40 Dov deals; 22 carried. P = 31, a trick 10, odd 1, L = 31. Eve 1 +10; Ann takes the
    #   miss, 0: -31; Ben 2 +20; Cat passes; Dov passes: -9. Paid 30.
    #   After = 31 - 30 + 31 = 32.
    ("Eve=1 Ann=miss:0 Ben=2 Cat=pass Dov=pass", "Dov", 22, 31, _d(-31, 20, 0, -9, 10), 32),
]

# Summed by hand in the running table of the module docstring.
FINAL = {"Ann": 58, "Ben": 63, "Cat": 8, "Dov": -147, "Eve": -14}
FINAL_POOL = 32


def test_the_hand_worked_table_conserves_chips():
    """The table itself: each hand's changes plus the pool's change sum to zero."""
    pool = 0
    for n, (_, _, pool_in, _, deltas, after) in enumerate(EVENING, 1):
        assert pool_in == pool, n
        assert sum(deltas.values()) + after - pool_in == 0, n
        pool = after
    assert {p: sum(h[4][p] for h in EVENING) for p in PLAYERS} == FINAL
    assert len(EVENING) == 40


@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    """The 40 hands typed one line each; the database and each `loo hand` result."""
    from cli_kit import BuiltOnce

    from loo_ledger.cli import app
    runner = BuiltOnce()  # the program's command built once for the evening
    db = tmp_path_factory.mktemp("evening") / "friday.db"

    def run(*args):
        return runner.invoke(app, ["--db", str(db), *args], env={"COLUMNS": "200"})

    made = run(*NEW)
    assert made.exit_code == 0, made.output
    outputs = []
    for line, *_ in EVENING:
        result = run("hand", *line.split())
        outputs.append(result)
        if result.exit_code != 0:
            break
    return run, outputs


def test_every_hand_is_accepted(evening):
    _, outputs = evening
    for n, result in enumerate(outputs, 1):
        assert result.exit_code == 0, f"hand {n}: {result.output}"
    assert len(outputs) == 40


@pytest.mark.parametrize("n", range(1, 41))
def test_each_hand_settles_as_worked_by_hand(evening, n):
    run, _ = evening
    hands = json.loads(run("hands", "--json").stdout)
    assert len(hands) == 40
    line, dealer, pool_in, pot, deltas, after = EVENING[n - 1]
    h = hands[n - 1]
    assert h["number"] == n
    assert (h["dealer"], h["pool_in"], h["pot"], h["pool_after"]) == (dealer, pool_in, pot, after)
    assert h["double"] == (pool_in > 0)
    assert h["deltas"] == deltas


def test_final_balances(evening):
    run, _ = evening
    bal = json.loads(run("balances", "--json").stdout)
    assert bal["pool"] == FINAL_POOL
    assert {p["name"]: p["net"] for p in bal["players"]} == FINAL


def test_settlement_printed_after_a_hand(evening):
    """`loo hand` prints who takes what and the pool; hand 16 (defended, odd chip)."""
    _, outputs = evening
    text = outputs[15].stdout
    # P = 118 + 9 = 127; Ann +84; Eve -9; 42 (defended) and 1 (odd) stay; pool 43; Ann next.
    assert "Hand 16" in text and "127" in text
    assert "+84" in text and "-9" in text
    assert "Pool now 43" in text
    assert "Ann deals" in text


def test_check_agrees(evening):
    run, _ = evening
    result = run("check")
    assert result.exit_code == 0, result.output


def test_pool_after_the_evening(evening):
    """Next is hand 41, dealt by Eve (after Dov), 32 carried: double; Eve antes 9; hand
    40's loo was Ann's 31."""
    run, _ = evening
    status = json.loads(run("pool", "--json").stdout)
    assert status["pool"] == 32
    assert status["next_hand"] == 41
    assert status["next_dealer"] == "Eve"
    assert status["double"] is True
    assert status["antes"] == [{"player": "Eve", "amount": 9}]
    assert [(o["player"], o["amount"]) for o in status["loos_from_last_hand"]] == [("Ann", 31)]
