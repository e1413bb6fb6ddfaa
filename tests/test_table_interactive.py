"""Issues 3 and 8: `loo hand -i` with keyboard input (CliRunner `input=`; the same through a
real terminal is tests/test_interactive_pty.py).

The table asks each player in turn from the dealer's left (dealer last) only what the rules
allow, re-asks a wrong answer saying why, asks "anything else?" (only what the deal allows),
counts the tricks down (the last player's is filled in), shows the settlement once, and then
records it, changes one answer, or quits. Each finding of issue 8 about -i has a test named
after it.

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

PLAYERS = "Ann,Ben,Cat,Dov,Eve"


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
# "" is Enter: nothing else to add. The last player in play's tricks are never typed.
INTERACTIVE = [
    keys("", "1", "0", "1", "1", "y"),                     # Ann..Dov tricks; Eve's 0 filled in
    keys("stand", "pass", "pass", "pass", "defend", "", "2", "y"),   # Ann's 1 filled in
    keys("miss", "pass", "pass", "pass", "pass", "", "y"),
    keys("", "3", "y"),                                    # Dov 3: Eve Ann Ben Cat 0 filled in
    keys("stand", "stand", "pass", "miss", "stand", "", "1", "0", "2", "y"),   # Dov's 0
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
        "Dov: tricks won") < out.index("Eve: 0 tricks won")
    # The preview comes before the question, and shows the pool after (18).
    assert out.index("Pool now 18") < out.index("Record hand 1?")
    [h] = hands(run, table)
    assert h["deltas"] == {"Ann": 3, "Ben": -9, "Cat": 3, "Dov": 3, "Eve": -18}
    assert h["pool_after"] == 18
    assert h["record"]["tricks"] == {"Ann": 1, "Ben": 0, "Cat": 1, "Dov": 1, "Eve": 0}


def test_tricks_count_down(run, table):
    """Hand 1: after Ann's 1 trick only 0-2 are offered to Ben; after Cat's 1, 0-1 to Dov."""
    result = run(table, "hand", "-i", input=INTERACTIVE[0])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Ann: tricks won [0/1/2/3]" in out
    assert "Ben: tricks won [0/1/2]" in out and "Ben: tricks won [0/1/2/3]" not in out
    assert "Cat: tricks won [0/1/2]" in out            # Ann 1 + Ben 0: two left
    assert "Dov: tricks won [0/1]" in out              # Ann 1 + Ben 0 + Cat 1: one left


def test_an_over_count_is_impossible(run, table):
    """Hand 1: Ann 2; Ben types 2 (four in all): refused, only 0 or 1 is possible; Ben 1.
    Then none are left: Cat, Dov and Eve are filled in with 0. P = 9, a trick 3: Ann +6,
    Ben +3; Cat and Dov looed -9; Eve -9 ante -9 loo = -18. Pool after 9 - 9 + 27 = 27."""
    result = run(table, "hand", "-i", input=keys("", "2", "2", "1", "y"))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'2' is not possible here; answer 0 or 1" in out
    for p in ("Cat", "Dov", "Eve"):
        assert f"{p}: 0 tricks won (none left)" in out
        assert f"{p}: tricks won" not in out
    [h] = hands(run, table)
    assert h["record"]["tricks"] == {"Ann": 2, "Ben": 1, "Cat": 0, "Dov": 0, "Eve": 0}
    assert h["deltas"] == {"Ann": 6, "Ben": 3, "Cat": -9, "Dov": -9, "Eve": -18}
    assert h["pool_after"] == 27


def test_last_players_tricks_are_filled_in(run, table):
    """Hand 2: Ben stands, Ann defends; Ben 2 tricks, so Ann (last in play) has 1: said, not
    asked."""
    assert run(table, "hand", *ONE_LINE[0].split()).exit_code == 0
    result = run(table, "hand", "-i", input=INTERACTIVE[1])
    assert result.exit_code == 0, result.output
    assert "Ann: 1 trick won (the rest)" in result.output
    assert "Ann: tricks won" not in result.output
    assert hands(run, table)[1]["record"]["tricks"] == {"Ben": 2, "Ann": 1}


def test_a_wrong_total_is_impossible_so_no_trick_is_asked_twice(run, table):
    """The five hands of the module docstring: every trick question is put once, and no
    total is ever refused (there is no total to get wrong)."""
    for answers in INTERACTIVE:
        result = run(table, "hand", "-i", input=answers)
        assert result.exit_code == 0, result.output
        asked = [line.split(": tricks won")[0] for line in result.output.splitlines()
                 if ": tricks won [" in line]
        assert len(asked) == len(set(asked)), result.output
        assert "add up" not in result.output and "TRICKS_SUM" not in result.output
    assert [sum(h["record"].get("tricks", {}).values()) for h in hands(run, table)] == [
        3, 3, 0, 3, 3]


def test_dealer_offered_only_what_legal_allows_against_a_lone_stander(run, table):
    assert run(table, "hand", *ONE_LINE[0].split()).exit_code == 0
    # Ann (dealer) first answers pass: not allowed against a lone stander, asked again.
    typed = keys("stand", "pass", "pass", "pass", "pass", "defend", "", "2", "y")
    result = run(table, "hand", "-i", input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    # Asked from the dealer's left, the dealer last.
    assert out.index("Ben [") < out.index("Cat [") < out.index("Dov [") < out.index(
        "Eve [") < out.index("Ann [")
    # The dealer is offered only stand, miss or defend, and told why pass is refused.
    assert "Ann [stand/miss/defend]" in out
    assert "'pass' is not possible here" in out and "Ben stood" in out
    h = hands(run, table)[1]
    assert h["deltas"] == {"Ann": -9, "Ben": 18, "Cat": 0, "Dov": 0, "Eve": 0}
    assert h["pot"] == 27 and h["pool_after"] == 9
    assert h["record"]["declarations"] == {"Ben": "stand", "Cat": "pass", "Dov": "pass",
                                           "Eve": "pass", "Ann": "defend"}


def test_words_the_rules_do_not_allow_are_asked_again(run, table):
    assert run(table, "hand", *ONE_LINE[0].split()).exit_code == 0
    # Hand 2, Ann deals: Ben "maybe" (not a word), then passes; Cat "defend" (only the
    # dealer defends) then takes the miss; Dov "miss" (already taken) then stands; Eve
    # passes; Ann stands. Tricks: Cat "4" (a hand has 3), "x", then 1; Dov 1; Ann's 1 is
    # what is left. Words by prefix: "p" is pass, "s" stand.
    typed = keys("maybe", "p", "defend", "miss", "miss", "s", "pass", "stand", "",
                 "4", "x", "1", "1", "y")
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


def test_declining_keeps_the_answers(run, table):
    """Hand 2 as in the docstring, but at the preview the table says n: the answers are
    listed, Ben's tricks (item 7) are asked again (3) and nothing else is: Ann, defending,
    has 0 left. Ben wins every trick: takes all of P = 27; Ann -9 (a defender is never
    looed). Pool after 0."""
    assert run(table, "hand", *ONE_LINE[0].split()).exit_code == 0
    typed = keys("stand", "pass", "pass", "pass", "defend", "", "2", "n", "7", "3", "y")
    result = run(table, "hand", "-i", input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Change which answer?" in out
    assert "  7  Ben: tricks won: 2" in out and "  5  Ann: defend" in out
    assert out.count("Ben [") == 1 and out.count("Ann [") == 1   # the words are kept
    assert out.count("Ben: tricks won [0/1/2/3]") == 2
    assert "Ann: 0 tricks won (none left)" in out
    h = hands(run, table)[1]
    assert h["record"]["declarations"]["Ann"] == "defend"
    assert h["record"]["tricks"] == {"Ben": 3, "Ann": 0}
    assert h["deltas"] == {"Ann": -9, "Ben": 27, "Cat": 0, "Dov": 0, "Eve": 0}
    assert h["pool_after"] == 0


def test_changing_a_word_asks_what_follows_from_it(run, table):
    """Hand 2: Eve's pass is changed to stand (item 4). Ann's defend is no longer allowed
    (two stood), so she is asked again (stand); Ben's 2 tricks are kept, Eve is asked (0),
    Ann's 1 is filled in. P = 27, a trick 9: Ben +18; Eve looed -9; Ann 9 - 9 = 0. Pool
    after 27 - 27 + 9 = 9."""
    assert run(table, "hand", *ONE_LINE[0].split()).exit_code == 0
    typed = keys("stand", "pass", "pass", "pass", "defend", "", "2", "change", "4", "stand",
                 "stand", "0", "y")
    result = run(table, "hand", "-i", input=typed)
    assert result.exit_code == 0, result.output
    assert result.output.count("Ben: tricks won [") == 1
    h = hands(run, table)[1]
    assert h["record"]["declarations"] == {"Ben": "stand", "Cat": "pass", "Dov": "pass",
                                           "Eve": "stand", "Ann": "stand"}
    assert h["record"]["tricks"] == {"Ben": 2, "Eve": 0, "Ann": 1}
    assert h["deltas"] == {"Ann": 0, "Ben": 18, "Cat": 0, "Dov": 0, "Eve": -9}
    assert h["pool_after"] == 9


def test_no_settlement_printed_twice(run, table):
    result = run(table, "hand", "-i", input=INTERACTIVE[0])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Hand 1: Eve dealt") == 1
    for line in ("Ann      +3", "Eve     -18", "looed: Ben, Eve"):
        assert out.count(line) == 1, line
    # After the settlement, only the line saying it is recorded and who deals next.
    assert out.index("Record hand 1?") < out.index("hand 1 recorded") and out.count(
        "Pool now 18.") == 2


def test_says_hand_recorded_and_next_dealer(run, table):
    """After hand 1 Ann deals a double pool (18 carried); `loo pool` and the one-line form
    say the same."""
    result = run(table, "hand", "-i", input=INTERACTIVE[0])
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith(
        "hand 1 recorded. Pool now 18. Next: Ann deals (double pool).")
    assert json.loads(run(table, "pool", "--json").stdout)["next_dealer"] == "Ann"


def test_quitting_at_the_preview_records_nothing(run, table, dump_db):
    assert run(table, "hand", *ONE_LINE[0].split()).exit_code == 0
    before = dump_db(table)
    typed = keys("stand", "pass", "pass", "pass", "defend", "", "2", "quit")
    result = run(table, "hand", "-i", input=typed)
    assert result.exit_code == 3
    assert "Pool now 9" in result.output  # the preview was shown
    assert "Cancelled: hand 2 not recorded." in result.output
    assert dump_db(table) == before


def test_lone_miss_taker_is_not_asked_for_tricks(run, table):
    for line in ONE_LINE[:2]:
        assert run(table, "hand", *line.split()).exit_code == 0
    result = run(table, "hand", "-i", input=INTERACTIVE[2])
    assert result.exit_code == 0, result.output
    assert "tricks won" not in result.output
    # The dealer facing a lone miss taker may stand or pass only; nobody played, so only a
    # note may be added.
    assert "Ben [stand/pass]" in result.output
    assert "Anything else? [note/none]" in result.output
    h = hands(run, table)[2]
    assert h["deltas"] == {"Ann": 0, "Ben": -9, "Cat": 18, "Dov": 0, "Eve": 0}
    assert h["pool_after"] == 0


def test_all_pass_the_dealer_is_not_asked(run, table):
    assert run(table, "hand", *ONE_LINE[0].split()).exit_code == 0
    # Ann deals, P = 27: Ben Cat Dov Eve pass; Ann takes 27: -9 + 27 = +18.
    result = run(table, "hand", "-i", input=keys("pass", "pass", "pass", "pass", "", "y"))
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
    for answers, line in zip(INTERACTIVE, ONE_LINE, strict=True):
        r1 = run(asked, "hand", "-i", input=answers)
        r2 = run(typed, "hand", *line.split())
        assert r1.exit_code == 0 and r2.exit_code == 0, (r1.output, r2.output)
    assert hands(run, asked) == hands(run, typed)
    # The module docstring's hands 1-5:
    # Ann 3 - 9 + 0 - 9 - 9 = -24; Ben -9 + 18 - 9 - 9 + 0 = -9; Cat 3 + 0 + 18 - 18 + 30 =
    # 33; Dov 3 + 0 + 0 + 9 - 18 = -6; Eve -18 + 0 + 0 - 9 + 15 = -12; pool 18.
    assert nets(run, asked) == nets(run, typed) == {
        "Ann": -24, "Ben": -9, "Cat": 33, "Dov": -6, "Eve": -12, "(pool)": 18}
