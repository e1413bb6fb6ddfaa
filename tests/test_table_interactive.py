"""Issue 3: `loo hand -i` with real keyboard input (CliRunner `input=`).

The table asks each player in turn from the dealer's left (dealer last) only what the rules
allow, re-asks a wrong answer saying why, asks for tricks, previews the settlement and
records the hand only when the table confirms.

Three-card (the default: ante 9 by the dealer, limited loo 9), seats Ann Ben Cat Dov Eve,
Eve deals first; worked by hand from shared/spec/RULES.md:

Hand 1, Eve deals, pool 0: a simple pool, everyone plays, no declarations. P = 9, a trick 3.
    Ann 1, Ben 0, Cat 1, Dov 1, Eve 0: Ann Cat Dov +3; Ben looed -9; Eve -9 ante -9 loo =
    -18. Pool after = 9 - 9 + 18 = 18.
Hand 2, Ann deals, 18 carried: double. P = 27, a trick 9. Ben stands, Cat Dov Eve pass; Ann
    may not pass against a lone stander (she must stand, take the miss or defend): she
    defends. Ben 2 tricks +18; Ann's 1 trick (9) stays; Ann -9. Pool after = 27 - 18 = 9.
Hand 3, Ben deals, 9 carried: double. P = 18. Cat alone takes the miss and Ben passes: Cat
    takes 18 without play (no tricks asked). Ben -9. Pool after 0.
Hand 4, Cat deals, pool 0: simple. P = 9. Dov all 3 tricks +9; Ann Ben Eve -9; Cat -18.
    Pool after = 9 - 9 + 36 = 36.
Hand 5, Dov deals, 36 carried: double. P = 45, a trick 15, L = 9 (limited). Eve stands 1
    +15; Ann stands 0 -9; Ben passes; Cat takes the miss 2 +30; Dov stands 0: -9 - 9 = -18.
    Pool after = 45 - 45 + 18 = 18.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from loo_ledger.cli import app

PLAYERS = "Ann,Ben,Cat,Dov,Eve"


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(db, *args, input=None):
        result = runner.invoke(app, ["--db", str(db), *map(str, args)], input=input,
                               env={"COLUMNS": "200"})
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"uncaught {result.exception!r}; output: {result.output}")
        return result

    return invoke


def keys(*answers: str) -> str:
    """What the table types: one answer per line."""
    return "".join(f"{a}\n" for a in answers)


@pytest.fixture
def table(tmp_path, run):
    db = tmp_path / "table.db"
    assert run(db, "new", "Friday", "--players", PLAYERS, "--dealer", "Eve").exit_code == 0
    return db


def hands(run, db) -> list[dict]:
    return json.loads(run(db, "hands", "--json").stdout)


def nets(run, db) -> dict[str, int]:
    bal = json.loads(run(db, "balances", "--json").stdout)
    return {p["name"]: p["net"] for p in bal["players"]} | {"(pool)": bal["pool"]}


# What the table types for hands 1-5 of the module docstring, and the same hands one line each.
INTERACTIVE = [
    keys("1", "0", "1", "1", "0", "y"),                         # Ann..Eve tricks, confirm
    keys("stand", "pass", "pass", "pass", "defend", "2", "1", "y"),
    keys("miss", "pass", "pass", "pass", "pass", "y"),
    keys("3", "0", "0", "0", "0", "y"),                         # Dov Eve Ann Ben Cat
    keys("stand", "stand", "pass", "miss", "stand", "1", "0", "2", "0", "y"),
]
ONE_LINE = [
    "Ann=1 Ben=0 Cat=1 Dov=1 Eve=0",
    "Ben=2 Cat=pass Dov=pass Eve=pass Ann=defend:1",
    "Cat=miss Dov=pass Eve=pass Ann=pass Ben=pass",
    "Dov=3 Eve=0 Ann=0 Ben=0 Cat=0",
    "Eve=1 Ann=0 Ben=pass Cat=miss:2 Dov=0",
]


def test_simple_pool_asks_tricks_previews_and_records(run, table):
    result = run(table, "hand", "-i", input=INTERACTIVE[0])
    assert result.exit_code == 0, result.output
    out = result.output
    # Only tricks are asked in a simple pool, from the dealer's left: Ann first, Eve last.
    assert "[stand/pass" not in out
    assert out.index("Ann: tricks won") < out.index("Ben: tricks won") < out.index(
        "Eve: tricks won")
    # The preview comes before the question, and shows the pool after (18).
    assert out.index("Pool now 18") < out.index("Record this hand?")
    [h] = hands(run, table)
    assert h["deltas"] == {"Ann": 3, "Ben": -9, "Cat": 3, "Dov": 3, "Eve": -18}
    assert h["pool_after"] == 18
    assert h["record"]["tricks"] == {"Ann": 1, "Ben": 0, "Cat": 1, "Dov": 1, "Eve": 0}


def test_dealer_passing_a_lone_stander_and_tricks_not_summing_are_asked_again(run, table):
    assert run(table, "hand", *ONE_LINE[0].split()).exit_code == 0
    # Ann (dealer) first answers pass: not allowed against a lone stander, asked again.
    # Then the tricks: Ben 2 + Ann 2 = 4, not 3: both asked again; Ben 2, Ann 1.
    typed = keys("stand", "pass", "pass", "pass", "pass", "defend", "2", "2", "2", "1", "y")
    result = run(table, "hand", "-i", input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    # Asked from the dealer's left, the dealer last.
    assert out.index("Ben [") < out.index("Cat [") < out.index("Dov [") < out.index(
        "Eve [") < out.index("Ann [")
    # The dealer is offered only stand, miss or defend, and told why pass is refused.
    assert "Ann [stand/miss/defend]" in out
    assert "'pass' is not possible here" in out and "Ben stood" in out
    assert "add up to 4" in out
    assert out.count("Ben: tricks won") == 2 and out.count("Ann: tricks won") == 2
    h = hands(run, table)[1]
    assert h["deltas"] == {"Ann": -9, "Ben": 18, "Cat": 0, "Dov": 0, "Eve": 0}
    assert h["pot"] == 27 and h["pool_after"] == 9
    assert h["record"]["declarations"] == {"Ben": "stand", "Cat": "pass", "Dov": "pass",
                                           "Eve": "pass", "Ann": "defend"}
    assert h["record"]["tricks"] == {"Ben": 2, "Ann": 1}


def test_words_the_rules_do_not_allow_are_asked_again(run, table):
    assert run(table, "hand", *ONE_LINE[0].split()).exit_code == 0
    # Hand 2, Ann deals: Ben "maybe" (not a word), then passes; Cat "defend" (only the
    # dealer defends) then takes the miss; Dov "miss" (already taken) then stands; Eve
    # passes; Ann stands. Tricks: Cat "4" (a hand has 3), "x", then 1; Dov 1; Ann 1.
    typed = keys("maybe", "pass", "defend", "miss", "miss", "stand", "pass", "stand",
                 "4", "x", "1", "1", "1", "y")
    result = run(table, "hand", "-i", input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'maybe' is not possible here" in out
    assert "'defend' is not possible here" in out
    # Why a word is refused comes from domain.legal.
    assert "'miss' is not possible here: Dov took the miss, but Cat had already taken it" in out
    assert "'4' is not possible here" in out and "'x' is not possible here" in out
    # P = 18 + 9 = 27, a trick 9: Cat, Dov, Ann one trick each: +9, +9, -9 + 9 = 0; no loo.
    h = hands(run, table)[1]
    assert h["deltas"] == {"Ann": 0, "Ben": 0, "Cat": 9, "Dov": 9, "Eve": 0}
    assert h["pool_after"] == 0


def test_declining_the_preview_records_nothing(run, table, dump_db):
    assert run(table, "hand", *ONE_LINE[0].split()).exit_code == 0
    before = dump_db(table)
    typed = keys("stand", "pass", "pass", "pass", "defend", "2", "1", "n")
    result = run(table, "hand", "-i", input=typed)
    assert result.exit_code == 1
    assert "Pool now 9" in result.output  # the preview was shown
    assert dump_db(table) == before
    assert len(hands(run, table)) == 1


def test_lone_miss_taker_is_not_asked_for_tricks(run, table):
    for line in ONE_LINE[:2]:
        assert run(table, "hand", *line.split()).exit_code == 0
    result = run(table, "hand", "-i", input=INTERACTIVE[2])
    assert result.exit_code == 0, result.output
    assert "tricks won" not in result.output
    # The dealer facing a lone miss taker may stand or pass only.
    assert "Ben [stand/pass]" in result.output
    h = hands(run, table)[2]
    assert h["deltas"] == {"Ann": 0, "Ben": -9, "Cat": 18, "Dov": 0, "Eve": 0}
    assert h["pool_after"] == 0


def test_all_pass_the_dealer_is_not_asked(run, table):
    assert run(table, "hand", *ONE_LINE[0].split()).exit_code == 0
    # Ann deals, P = 27: Ben Cat Dov Eve pass; Ann takes 27: -9 + 27 = +18.
    result = run(table, "hand", "-i", input=keys("pass", "pass", "pass", "pass", "y"))
    assert result.exit_code == 0, result.output
    assert "Ann [" not in result.output
    assert "tricks won" not in result.output
    h = hands(run, table)[1]
    assert h["deltas"] == {"Ann": 18, "Ben": 0, "Cat": 0, "Dov": 0, "Eve": 0}
    assert h["pool_after"] == 0


def test_interactive_records_what_the_one_line_form_records(run, tmp_path):
    asked, typed = tmp_path / "asked.db", tmp_path / "typed.db"
    for db in (asked, typed):
        assert run(db, "new", "Friday", "--players", PLAYERS, "--dealer", "Eve").exit_code == 0
    for answers, line in zip(INTERACTIVE, ONE_LINE):
        r1 = run(asked, "hand", "-i", input=answers)
        r2 = run(typed, "hand", *line.split())
        assert r1.exit_code == 0 and r2.exit_code == 0, (r1.output, r2.output)
    assert hands(run, asked) == hands(run, typed)
    # The module docstring's hands 1-5:
    # Ann 3 - 9 + 0 - 9 - 9 = -24; Ben -9 + 18 - 9 - 9 + 0 = -9; Cat 3 + 0 + 18 - 18 + 30 =
    # 33; Dov 3 + 0 + 0 + 9 - 18 = -6; Eve -18 + 0 + 0 - 9 + 15 = -12; pool 18.
    assert nets(run, asked) == nets(run, typed) == {
        "Ann": -24, "Ben": -9, "Cat": 33, "Dov": -6, "Eve": -12, "(pool)": 18}


def test_lou_interactive(run, tmp_path):
    """Lou, seats Ann Ben Cat Dov, Dov deals (figures as tests/test_table_evening_lou.py):
    1 first deal, P = 100 + 4 x 500 = 2100, nobody declares: Ann 3 takes 2100 (+1600), Ben
      and Cat 1 trick burned 2100 (-2600), Dov 0 burned (-2700). Pot after 6300.
    2 Ann deals, P = 6300, b = min(6300, 5000) = 5000: Ben stands, Cat folds, Dov and Ann
      stand; Ben 2, Dov 3, Ann 0: Dov +6300, Ann -5000. Pot 5000.
    3 Ben deals: all fold; pot stays 5000, Ben deals again.
    4 Ben deals: Cat stands, Dov passes (Lou's fold, accepted as on the one-line form), Ann
      and Ben fold: Cat takes 5000 without play."""
    db = tmp_path / "lou.db"
    assert run(db, "new", "Lou", "--variant", "lou", "--players", "Ann,Ben,Cat,Dov",
               "--dealer", "Dov").exit_code == 0
    first = run(db, "hand", "-i", input=keys("3", "1", "1", "0", "y"))
    assert first.exit_code == 0, first.output
    assert "[stand/fold]" not in first.output  # everyone must stand on a first deal
    second = run(db, "hand", "-i", input=keys("stand", "fold", "stand", "stand", "2", "3", "0",
                                              "y"))
    assert second.exit_code == 0, second.output
    assert "Cat: tricks won" not in second.output  # Cat folded
    third = run(db, "hand", "-i", input=keys("fold", "fold", "fold", "fold", "y"))
    assert third.exit_code == 0, third.output
    fourth = run(db, "hand", "-i", input=keys("stand", "pass", "fold", "fold", "y"))
    assert fourth.exit_code == 0, fourth.output
    assert "not possible here" not in fourth.output
    assert "tricks won" not in fourth.output
    got = [(h["dealer"], h["deltas"], h["pool_after"]) for h in hands(run, db)]
    assert got == [
        ("Dov", {"Ann": 1600, "Ben": -2600, "Cat": -2600, "Dov": -2700}, 6300),
        ("Ann", {"Ann": -5000, "Ben": 0, "Cat": 0, "Dov": 6300}, 5000),
        ("Ben", {"Ann": 0, "Ben": 0, "Cat": 0, "Dov": 0}, 5000),
        ("Ben", {"Ann": 0, "Ben": 0, "Cat": 5000, "Dov": 0}, 0),
    ]
