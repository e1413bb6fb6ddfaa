"""Issue 3: a Lou game entered hand by hand with `loo hand` (`loo new --variant lou`).

Seats Ann Ben Cat Dov clockwise, Dov deals first; amounts in cents. Worked by hand from
shared/spec/RULES.md ("Lou"), never copied from the program:

- First deal of a game (the pool is empty): the dealer antes 100, then every player dealt in,
  the dealer too, adds 500: P = 100 + 4 x 500 = 2100. Everyone must stand and play.
- Later deals: nothing is added; each player stands or folds. All fold: the pot stays and the
  same dealer deals again. One stands: he takes the pot without play and the game ends (the
  next deal is a first deal again).
- Five tricks. b = min(P, 5000) (burn_cap). Three or more tricks take the pot. A stander with
  0 or 1 trick is burned and pays b into the next pot. Two tricks neither win nor pay, except
  when exactly two stood: then the one without three tricks is burned whatever he took.
- First deal and nobody reached three: the two-trick players share the pot (odd cent stays).
  Later deal and nobody reached three: the pot stays.
- A renege (--revoke): the offender pays b at once, nothing else is settled, the same dealer
  deals again and the offender sits that deal out; a first deal stays a first deal (its antes
  are not paid again).
- Otherwise the deal passes to the left; the game goes on while chips are in the pot.

Running table (A B C D = Ann Ben Cat Dov; "in" = pot carried in; b = min(P, 5000)):

  #  dealer   in      P     b |      A      B      C      D | after
  1  Dov       0   2100  2100 |  +1600  -2600  -2600  -2700 |  6300  first deal
  2  Ann    6300   6300  5000 |  -5000      0      0  +6300 |  5000  burn capped at 5000
  3  Ben    5000   5000  5000 |      0      0      0      0 |  5000  all fold: Ben again
  4  Ben    5000   5000  5000 |      0      0  +5000      0 |     0  lone stander Cat; game over
     running totals:            -3400  -2600  +2400  +3600 |  (sum 0 = pot 0)
  5  Cat       0   2100  2100 |   +550  -2600  -2700   +550 |  4200  first deal: 2+2 share
  6  Dov    4200   4200  4200 |  +4200  -4200      0      0 |  4200  two stood: Ben burned on 2
  7  Ann    4200   4200  4200 |  -4200      0      0  -4200 | 12600  nobody 3: pot stays
  8  Ben   12600  12600  5000 |      0 +12600  -5000  -5000 | 10000
  9  Cat   10000  10000  5000 |      0      0      0  -5000 | 15000  Dov reneges: Cat again
 10  Cat   15000  15000  5000 |      0  -5000 +15000      - |  5000  Dov sits out
 11  Dov    5000   5000  5000 |  -5000  -5000  -5000      0 | 20000  nobody 3: pot stays
 12  Ann   20000  20000  5000 |      0      0      0 +20000 |     0  lone stander Dov
     running totals:            -7850  -6800  +4700  +9950 |  (sum 0 = pot 0)
 13  Ben       0   2100  2100 |  -2600  -2700  +1600  -2600 |  6300  first deal: lone 2 takes P
 14  Cat    6300   6300  5000 |      0      0      0      0 |  6300  all fold: Cat again
 15  Cat    6300   6300  5000 |      0      0      0      0 |  6300  all fold: Cat again
 16  Cat    6300   6300  5000 |      0  -5000      0  +6300 |  5000
 17  Dov    5000   5000  5000 |  +5000  -5000  -5000  -5000 | 15000
 18  Ann   15000  15000  5000 |      0 +15000  -5000      0 |  5000
 19  Ben    5000   5000  5000 |  -5000  -5000  +5000      0 | 10000
 20  Cat   10000  10000  5000 |      0 +10000      0      0 |     0  lone stander Ben
     running totals:           -10450   +500  +1300  +8650 |  (sum 0 = pot 0)
 21  Dov       0   2100  2100 |  -2600   -500   -500   -600 |  4200  Ann reneges on a first deal
 22  Dov    4200   4200  4200 |      -  +2100  +2100  -4200 |  4200  first deal redealt, no antes
 23  Ann    4200   4200  4200 |  +4200      0      0      0 |     0  lone stander Ann
     final balances:            -8850  +2100  +2900  +3850 |  pot 0
"""

from __future__ import annotations

import json

import pytest

PLAYERS = ["Ann", "Ben", "Cat", "Dov"]


def _d(ann=0, ben=0, cat=0, dov=0, *, out: str | None = None) -> dict[str, int]:
    d = {"Ann": ann, "Ben": ben, "Cat": cat, "Dov": dov}
    if out:
        del d[out]  # sitting out the redeal: not dealt in
    return d


# (what is typed, dealer, pot in, P, changes, pot after, first deal?), worked by hand.
GAME = [
    # 1 Dov deals the first deal: P = 100 + 4 x 500 = 2100, b = min(2100, 5000) = 2100.
    #   Ann 3 tricks takes 2100: -500 + 2100 = +1600. Ben 1, Cat 1: burned, -500 - 2100 =
    #   -2600 each. Dov 0: -100 - 500 - 2100 = -2700. After = 2100 - 2100 + 3 x 2100 = 6300.
    ("Ann=3 Ben=1 Cat=1 Dov=0", "Dov", 0, 2100, _d(1600, -2600, -2600, -2700), 6300, True),
    # 2 Ann deals; P = 6300, b = min(6300, 5000) = 5000. Ben, Dov, Ann stand; Cat folds.
    #   Dov 3 takes 6300; Ben 2 (three stood): nothing; Ann 0 burned 5000. After 5000.
    ("Ben=2 Cat=fold Dov=3 Ann=0", "Ann", 6300, 6300, _d(-5000, 0, 0, 6300), 5000, False),
    # 3 Ben deals; everyone folds: the pot (5000) stays and Ben deals again.
    ("Cat=fold Dov=fold Ann=fold Ben=fold", "Ben", 5000, 5000, _d(), 5000, False),
    # 4 Ben deals again; only Cat stands: Cat takes 5000 without play; the game ends.
    ("Cat=stand Dov=fold Ann=fold Ben=fold", "Ben", 5000, 5000, _d(0, 0, 5000), 0, False),
    # 5 Cat deals a first deal: P = 2100, b = 2100. Dov 2, Ann 2, Ben 1, Cat 0: nobody 3, so
    #   Dov and Ann share 2100: 1050 each, -500 + 1050 = +550. Ben -500 - 2100 = -2600;
    #   Cat -100 - 500 - 2100 = -2700. After = 2100 - 2100 + 2 x 2100 = 4200.
    ("Dov=2 Ann=2 Ben=1 Cat=0", "Cat", 0, 2100, _d(550, -2600, -2700, 550), 4200, True),
    # 6 Dov deals; P = 4200, b = 4200. Exactly two stand: Ann 3 takes 4200; Ben (2 tricks)
    #   is burned all the same: -4200. After = 4200.
    ("Ann=3 Ben=2 Cat=fold Dov=fold", "Dov", 4200, 4200, _d(4200, -4200), 4200, False),
    # 7 Ann deals; P = 4200, b = 4200. All stand; Ben 2, Cat 2, Dov 1, Ann 0 (Ben exchanged
    #   3 cards, Cat 1): nobody 3, later deal: the pot stays. Dov and Ann burned 4200 each.
    #   After = 4200 + 8400 = 12600.
    ("Ben=2 Cat=2 Dov=1 Ann=0 --exchange Ben=3 --exchange Cat=1", "Ann", 4200, 4200,
     _d(-4200, 0, 0, -4200), 12600, False),
    # 8 Ben deals; P = 12600, b = 5000. Ben 3 takes 12600; Cat 1, Dov 1 burned 5000 each.
    #   After = 12600 - 12600 + 10000 = 10000.
    ("Cat=1 Dov=1 Ann=fold Ben=3", "Ben", 12600, 12600, _d(0, 12600, -5000, -5000), 10000,
     False),
    # 9 Cat deals; P = 10000, b = 5000. Dov reneges: pays 5000 at once, nothing else.
    #   After = 15000; Cat deals again and Dov sits out.
    ("Dov=stand Ann=stand Ben=fold Cat=stand --revoke Dov", "Cat", 10000, 10000,
     _d(0, 0, 0, -5000), 15000, False),
    # 10 Cat deals again (Dov out); P = 15000, b = 5000. Cat 3 takes 15000; Ann 2: nothing;
    #   Ben 0 burned 5000. After 5000.
    ("Ann=2 Ben=0 Cat=3", "Cat", 15000, 15000, _d(0, -5000, 15000, out="Dov"), 5000, False),
    # 11 Dov deals; P = 5000, b = 5000. All stand: Ann 1, Ben 1, Cat 1, Dov 2. Nobody 3: the
    #   pot stays; Ann, Ben, Cat burned 5000 each. After = 5000 + 15000 = 20000.
    ("Ann=1 Ben=1 Cat=1 Dov=2", "Dov", 5000, 5000, _d(-5000, -5000, -5000, 0), 20000, False),
    # 12 Ann deals; only Dov stands: takes 20000; the game ends.
    ("Ben=fold Cat=fold Dov=stand Ann=fold", "Ann", 20000, 20000, _d(0, 0, 0, 20000), 0, False),
    # 13 Ben deals a first deal: P = 2100, b = 2100. Cat 2, the rest 1: nobody 3, and Cat is
    #   the only two-trick player, so takes the whole 2100: -500 + 2100 = +1600. Ann, Dov
    #   -2600; Ben -100 - 500 - 2100 = -2700. After = 3 x 2100 = 6300.
    ("Cat=2 Dov=1 Ann=1 Ben=1", "Ben", 0, 2100, _d(-2600, -2700, 1600, -2600), 6300, True),
    # 14, 15 Cat deals; all fold twice: the pot stays, Cat deals again each time.
    ("Dov=fold Ann=fold Ben=fold Cat=fold", "Cat", 6300, 6300, _d(), 6300, False),
    ("Dov=fold Ann=fold Ben=fold Cat=fold", "Cat", 6300, 6300, _d(), 6300, False),
    # 16 Cat deals a third time; P = 6300, b = 5000. Dov 3 takes 6300; Ann 2 nothing; Ben 0
    #   burned 5000; Cat folds. After 5000.
    ("Dov=3 Ann=2 Ben=0 Cat=fold", "Cat", 6300, 6300, _d(0, -5000, 0, 6300), 5000, False),
    # 17 Dov deals; P = 5000, b = 5000. Ann takes all 5: +5000; Ben, Cat, Dov burned 5000.
    #   After = 15000.
    ("Ann=5 Ben=0 Cat=0 Dov=0", "Dov", 5000, 5000, _d(5000, -5000, -5000, -5000), 15000,
     False),
    # 18 Ann deals; P = 15000, b = 5000. Ben 4 takes 15000, Cat 1 burned 5000. After 5000.
    ("Ben=4 Cat=1 Dov=fold Ann=fold", "Ann", 15000, 15000, _d(0, 15000, -5000), 5000, False),
    # 19 Ben deals; P = 5000, b = 5000. Cat 3 takes 5000; Dov 2 nothing; Ann 0, Ben 0 burned
    #   5000 each. After = 10000.
    ("Cat=3 Dov=2 Ann=0 Ben=0", "Ben", 5000, 5000, _d(-5000, -5000, 5000, 0), 10000, False),
    # 20 Cat deals; only Ben stands: takes 10000; the game ends.
    ("Dov=fold Ann=fold Ben=stand Cat=fold", "Cat", 10000, 10000, _d(0, 10000), 0, False),
    # 21 Dov deals a first deal: antes Dov 600, others 500: P = 2100, b = 2100. Ann reneges:
    #   -500 - 2100 = -2600. After = 2100 + 2100 = 4200; Dov deals again, Ann sits out.
    ("Ann=stand Ben=stand Cat=stand Dov=stand --revoke Ann", "Dov", 0, 2100,
     _d(-2600, -500, -500, -600), 4200, True),
    # 22 Dov deals the first deal again, no antes (already paid): P = 4200, b = 4200. Ben 2,
    #   Cat 2, Dov 1: nobody 3, so Ben and Cat share 4200: +2100 each; Dov burned 4200.
    #   After = 4200 - 4200 + 4200 = 4200.
    ("Ben=2 Cat=2 Dov=1", "Dov", 4200, 4200, _d(0, 2100, 2100, -4200, out="Ann"), 4200, True),
    # 23 Ann deals; only Ann stands: takes 4200; the game ends.
    ("Ben=fold Cat=fold Dov=fold Ann=stand", "Ann", 4200, 4200, _d(4200), 0, False),
]

FINAL = {"Ann": -8850, "Ben": 2100, "Cat": 2900, "Dov": 3850}

# After each hand, by the rules above: who deals next, whether it is a first deal, who must
# sit the next deal out.
NEXT = ["Ann", "Ben", "Ben", "Cat", "Dov", "Ann", "Ben", "Cat", "Cat", "Dov", "Ann", "Ben",
        "Cat", "Cat", "Cat", "Dov", "Ann", "Ben", "Cat", "Dov", "Dov", "Ann", "Ben"]
FIRST_NEXT = {4, 12, 20, 21, 23}      # the next deal is a first deal after these hands
SIT_OUT_NEXT = {9: ["Dov"], 21: ["Ann"]}


def test_the_hand_worked_table_conserves_chips():
    pool = 0
    for n, (_, _, pool_in, _, deltas, after, _) in enumerate(GAME, 1):
        assert pool_in == pool, n
        assert sum(deltas.values()) + after - pool_in == 0, n
        pool = after
    assert {p: sum(h[4].get(p, 0) for h in GAME) for p in PLAYERS} == FINAL


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """The game typed one line a hand; `loo pool --json` after each hand."""
    from cli_kit import BuiltOnce

    from loo_ledger.cli import app
    runner = BuiltOnce()  # the program's command built once for the game
    db = tmp_path_factory.mktemp("lou") / "lou.db"

    def run(*args):
        return runner.invoke(app, ["--db", str(db), *args], env={"COLUMNS": "200"})

    made = run("new", "Lou night", "--variant", "lou", "--players", ",".join(PLAYERS),
               "--dealer", "Dov")
    assert made.exit_code == 0, made.output
    outputs, pools = [], []
    for line, *_ in GAME:
        result = run("hand", *line.split())
        outputs.append(result)
        if result.exit_code != 0:
            break
        pools.append(json.loads(run("pool", "--json").stdout))
    return run, outputs, pools


def test_every_hand_is_accepted(game):
    _, outputs, _ = game
    for n, result in enumerate(outputs, 1):
        assert result.exit_code == 0, f"hand {n}: {result.output}"
    assert len(outputs) == len(GAME)


@pytest.mark.parametrize("n", range(1, len(GAME) + 1))
def test_each_hand_settles_as_worked_by_hand(game, n):
    run, _, _ = game
    hands = json.loads(run("hands", "--json").stdout)
    line, dealer, pool_in, pot, deltas, after, _ = GAME[n - 1]
    h = hands[n - 1]
    assert h["number"] == n
    assert (h["dealer"], h["pool_in"], h["pot"], h["pool_after"]) == (dealer, pool_in, pot, after)
    assert h["deltas"] == deltas


def test_final_balances(game):
    run, _, _ = game
    bal = json.loads(run("balances", "--json").stdout)
    assert bal["pool"] == 0
    assert {p["name"]: p["net"] for p in bal["players"]} == FINAL
    assert bal["unit"]["name"] == "cent"


@pytest.mark.parametrize("n", range(1, len(GAME) + 1))
def test_pool_after_each_hand(game, n):
    """`loo pool`: the pot, who deals next, first deal or not, who sits out."""
    _, _, pools = game
    status = pools[n - 1]
    assert status["pool"] == GAME[n - 1][5]
    assert status["next_dealer"] == NEXT[n - 1]
    assert status["first_deal"] is (n in FIRST_NEXT)
    assert status["sitting_out"] == SIT_OUT_NEXT.get(n, [])
    assert status["burn_cap"] == 5000


def test_pool_burn_in_a_later_deal(game):
    """After hand 1 the pot is 6300: a later deal, no antes, a burn of min(6300, 5000)."""
    _, _, pools = game
    status = pools[0]
    assert status["burn"] == 5000 and status["antes"] == []
    # After hand 6 the pot is 4200: the burn is the whole pot.
    assert pools[5]["burn"] == 4200
    # After hand 21 (renege on a first deal) the antes are already in: none due, burn 4200.
    assert pools[20]["antes"] == [] and pools[20]["burn"] == 4200


def test_pool_text_shows_burn_and_cap(game):
    run, _, _ = game
    # After the whole game: the pot is empty, Ben deals a first deal next.
    text = run("pool").stdout
    assert "Ben" in text
    assert "burn cap 5000" in text


def test_pool_burn_on_a_first_deal_counts_the_antes(game):
    """After hand 4 the game is over: Cat deals a first deal, antes Cat 100 + 4 x 500 = 2100,
    so P = 2100 and a burned player pays min(2100, 5000) = 2100."""
    _, _, pools = game
    status = pools[3]
    assert status["first_deal"] is True
    totals: dict[str, int] = {}
    for a in status["antes"]:
        totals[a["player"]] = totals.get(a["player"], 0) + a["amount"]
    assert totals == {"Cat": 600, "Ann": 500, "Ben": 500, "Dov": 500}
    assert status["burn"] == 2100


def test_a_player_sitting_out_the_redeal_cannot_be_named(tmp_path, loo, dump_db):
    """After a renege the offender sits the redeal out: naming him is refused, nothing written."""
    db = tmp_path / "lou.db"
    assert loo(db, "new", "L", "--variant", "lou", "--players", "Ann,Ben,Cat,Dov",
               "--dealer", "Dov").exit_code == 0
    assert loo(db, "hand", *GAME[0][0].split()).exit_code == 0
    assert loo(db, "hand", "Ben=stand", "Cat=stand", "Dov=stand", "Ann=stand",
               "--revoke", "Ben").exit_code == 0
    before = dump_db(db)
    result = loo(db, "hand", "Ben=2", "Cat=3", "Dov=0", "Ann=0")
    assert result.exit_code == 1
    assert "player Ben" in result.stderr and "not dealt in" in result.stderr
    assert dump_db(db) == before
