"""Issue 8: `loo hand -i` through a real terminal.

Each test runs ``python -m loo_ledger ... hand -i`` in a pseudo-terminal (the standard
library's ``pty``: no extra dependency), waits for each question as a player would see it,
types the answer and Enter (or Ctrl-C), and checks what was recorded. The session before
the hand is set up in process. Few tests: each starts a process.

Figures worked by hand from shared/spec/RULES.md.
"""

from __future__ import annotations

import json
import sys

import pytest
from cli_kit import BuiltOnce
from terminals import Terminal

from loo_ledger.cli import app

RUNNER = BuiltOnce()  # the program's command built once for the module

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")


def loo(db, *args: str) -> str:
    result = RUNNER.invoke(app, ["--db", str(db), *args], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.stdout


def hands(db) -> list[dict]:
    return json.loads(loo(db, "hands", "--json"))


@pytest.fixture
def five(tmp_path):
    """Three-card, Ann Ben Cat Dov Eve, Eve deals; hand 1 (simple, P = 9, a trick 3): Ann
    Cat Dov 1 trick +3; Ben looed -9; Eve -9 ante -9 loo = -18. Pool after 18, double."""
    db = tmp_path / "five.db"
    loo(db, "new", "Friday", "--players", "Ann,Ben,Cat,Dov,Eve", "--dealer", "Eve")
    loo(db, "hand", "Ann=1", "Ben=0", "Cat=1", "Dov=1", "Eve=0")
    return db


def test_double_pool_lone_stander_the_dealer_defends(five):
    """Hand 2, Ann deals, P = 18 + 9 = 27, a trick 9: Ben stands, the rest pass; Ann is
    offered stand, miss or defend (never pass) and defends. Ben 2 tricks +18; Ann's 1 is
    filled in, its share stays; Ann -9 ante. Pool after 27 - 18 = 9."""
    t = Terminal("--db", str(five), "hand", "-i")
    t.expect("Hand 2: Ann deals; pool of 18 carried in.\n  a double pool")
    for p, word in (("Ben", "stand"), ("Cat", "pass"), ("Dov", "pass"), ("Eve", "pass")):
        t.answer(f"{p} [stand/pass/miss]:", word)
    t.answer("Ann [stand/miss/defend]:", "d")
    t.answer("Anything else? [revoke/note/none] (Enter: none):", "")
    t.answer("Ben: tricks won [0/1/2/3]:", "2")
    t.expect("Ann: 1 trick won (the rest)")
    t.expect("Pool now 9. Next: Ben deals (double pool).")
    t.answer("Record hand 2? [yes/change/quit] (Enter: yes):", "")
    t.expect("hand 2 recorded. Pool now 9. Next: Ben deals (double pool).")
    assert t.finish() == 0
    h = hands(five)[1]
    assert h["record"]["declarations"]["Ann"] == "defend"
    assert h["deltas"] == {"Ann": -9, "Ben": 18, "Cat": 0, "Dov": 0, "Eve": 0}
    assert h["pool_after"] == 9


def test_miss_taker_in_play_and_changing_one_answer_at_the_preview(five):
    """Hand 2 recorded (Ann defends, pool 9). Hand 3, Ben deals, P = 9 + 9 = 18, a trick 6,
    L = 9: Cat takes the miss, Dov stands, Eve and Ann pass, Ben stands. First typed: Cat 1,
    Dov 1 (Ben's 1 filled in); at the preview Dov's count is changed to 0, so Ben has 2.
    Cat +6; Dov looed -9; Ben -9 ante + 12 = +3. Pool after 18 - 18 + 9 = 9."""
    loo(five, "hand", "Ben=2", "Cat=pass", "Dov=pass", "Eve=pass", "Ann=defend:1")
    t = Terminal("--db", str(five), "hand", "-i")
    t.answer("Cat [stand/pass/miss]:", "miss")
    t.answer("Dov [stand/pass]:", "stand")                     # the miss is gone
    t.answer("Eve [stand/pass]:", "pass")
    t.answer("Ann [stand/pass]:", "pass")
    t.answer("Ben [stand/pass]:", "stand")
    t.answer("Anything else?", "")
    t.answer("Cat: tricks won [0/1/2/3]:", "1")
    t.answer("Dov: tricks won [0/1/2]:", "1")
    t.expect("Ben: 1 trick won (the rest)")
    t.answer("Record hand 3?", "n")
    t.expect("Change which answer?")
    t.expect("8  Dov: tricks won: 1")
    t.answer("Number, 1 to 8 (blank: none):", "9")  # no such answer: asked again
    t.expect("'9' is not possible here")
    t.answer("Number, 1 to 8 (blank: none):", "8")
    t.answer("Dov: tricks won [0/1/2]:", "0")
    t.expect("Ben: 2 tricks won (the rest)")
    t.expect("Pool now 9.")
    t.answer("Record hand 3?", "y")
    t.expect("hand 3 recorded.")
    assert t.finish() == 0
    h = hands(five)[2]
    assert h["record"]["tricks"] == {"Cat": 1, "Dov": 0, "Ben": 2}
    assert h["deltas"] == {"Ann": 0, "Ben": 3, "Cat": 6, "Dov": -9, "Eve": 0}
    assert h["pool_after"] == 9


def test_five_card_flush_and_exchange(tmp_path):
    """five-card (ante 5, loo 5, no miss, flushes, exchange up to 5; an empty pool is
    declared as a double), Ann Ben Cat, Cat deals, P = 5. Hearts turned; all stand; Ann
    exchanged 2; Ben declares a trump flush: he takes P = 5 without play, Ann and Cat played
    without a flush and are looed 5 each. Ann -5; Ben +5; Cat -5 ante -5 = -10. Pool after
    5 - 5 + 10 = 10; next Ann deals."""
    db = tmp_path / "five-card.db"
    loo(db, "new", "Five", "--variant", "five-card", "--players", "Ann,Ben,Cat",
        "--dealer", "Cat")
    t = Terminal("--db", str(db), "hand", "-i")
    t.answer("Trump turned (blank if none yet) [clubs/diamonds/hearts/spades]:", "hearts")
    t.answer("Ann [stand/pass]:", "stand")
    t.answer("Ben [stand/pass]:", "stand")
    t.answer("Cat [stand/pass]:", "stand")
    t.answer("Anything else? [flush/exchange/revoke/note/none]", "exchange")
    t.answer("Exchanged cards [Ann/Ben/Cat]:", "ann")
    t.answer("Ann: cards exchanged [0/1/2/3/4/5]:", "2")
    t.answer("Anything else? [flush/exchange/revoke/note/none]", "f")
    t.answer("Flush declared by [Ann/Ben/Cat]:", "Ben")
    t.answer("Ben: which flush [pam/trump/plain]:", "trump")
    # no tricks, and no exchange offered: the flush settled the hand unplayed
    t.answer("Anything else? [flush/note/none]", "")
    t.expect("Pool now 10. Next: Ann deals")
    t.answer("Record hand 1?", "yes")
    t.expect("hand 1 recorded.")
    assert t.finish() == 0
    assert "tricks won" not in t.seen
    [h] = hands(db)
    assert h["record"]["flushes"] == [{"player": "Ben", "kind": "trump"}]
    assert h["record"]["exchanges"] == {"Ann": 2}
    assert h["deltas"] == {"Ann": -5, "Ben": 5, "Cat": -10}
    assert h["pool_after"] == 10


def test_lou_later_deal_with_folds(tmp_path):
    """Lou, Ann Ben Cat Dov, Dov deals. Hand 1 (first deal, P = 100 + 4 x 500 = 2100): Ann
    3 tricks takes it; Ben and Cat 1 trick and Dov 0 burned 2100 each. Pot after 6300.
    Hand 2, Ann deals, b = min(6300, 5000) = 5000: Ben stands, Cat folds, Dov and Ann stand;
    Ben 2, Dov 3, Ann's 0 filled in: Dov takes 6300; Ann burned 5000; Ben (two tricks, three
    stood) neither wins nor pays. Pot after 5000."""
    db = tmp_path / "lou.db"
    loo(db, "new", "Lou", "--variant", "lou", "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov")
    loo(db, "hand", "Ann=3", "Ben=1", "Cat=1", "Dov=0")
    t = Terminal("--db", str(db), "hand", "-i")
    t.expect("Hand 2: Ann deals; pot of 6300 carried in.")
    t.answer("Ben [stand/fold]:", "stand")
    t.answer("Cat [stand/fold]:", "f")
    t.answer("Dov [stand/fold]:", "stand")
    t.answer("Ann [stand/fold]:", "stand")
    t.answer("Anything else? [exchange/revoke/note/none]", "")
    t.answer("Ben: tricks won [0/1/2/3/4/5]:", "2")
    t.answer("Dov: tricks won [0/1/2/3]:", "3")
    t.expect("Ann: 0 tricks won (none left)")
    t.answer("Record hand 2?", "")
    t.expect("hand 2 recorded. Pot now 5000. Next: Ben deals.")
    assert t.finish() == 0
    assert "Cat: tricks won" not in t.seen
    h = hands(db)[1]
    assert h["record"]["declarations"]["Cat"] == "fold"
    assert h["deltas"] == {"Ann": -5000, "Ben": 0, "Cat": 0, "Dov": 6300}
    assert h["pool_after"] == 5000


def test_quitting_at_the_preview_writes_nothing_and_exits_3(five, dump_db):
    before = dump_db(five)
    t = Terminal("--db", str(five), "hand", "-i")
    for p in ("Ben", "Cat", "Dov", "Eve"):
        t.answer(f"{p} [stand/pass/miss]:", "pass")
    t.expect("everyone else passed: Ann takes the pool without play")
    t.answer("Anything else? [note/none]", "")
    t.answer("Record hand 2?", "quit")
    t.expect("Cancelled: hand 2 not recorded.")
    assert t.finish() == 3
    assert dump_db(five) == before


def test_ctrl_c_writes_nothing_and_exits_130(five, dump_db):
    before = dump_db(five)
    t = Terminal("--db", str(five), "hand", "-i")
    t.answer("Ben [stand/pass/miss]:", "stand")
    t.answer("Cat [stand/pass/miss]:", "\x03")                 # Ctrl-C
    t.expect("Interrupted: nothing written.")
    assert t.finish() == 130
    assert dump_db(five) == before


def test_the_readme_transcript_is_what_a_player_sees(five):
    """docs/guide.md "Entering a hand question by question": every line of its transcript (but the
    elided ones) appears, in order, when the same answers are typed at a real terminal."""
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[1] / "docs" / "guide.md").read_text(
        encoding="utf-8")
    section = readme.split("### Entering a hand question by question", 1)[1]
    block = section.split("```text\n", 1)[1].split("```", 1)[0]
    want = [line.rstrip() for line in block.splitlines()
            if line.strip() not in ("$ loo hand -i", "...")]
    t = Terminal("--db", str(five), "hand", "-i")
    for question, typed in (("Ben [", "stand"), ("Cat [", "p"), ("Dov [", "p"), ("Eve [", "p"),
                            ("Ann [", "pass"), ("Ann [", "d"), ("Anything else?", ""),
                            ("Ben: tricks won", "2"), ("Record hand 2?", "")):
        t.answer(question, typed)
    t.expect("hand 2 recorded.")
    assert t.finish() == 0
    seen = [line.rstrip() for line in t.seen.splitlines()]
    at = 0
    for line in want:
        assert line in seen[at:], f"guide line not seen (in order): {line!r}\n{t.seen}"
        at = seen.index(line, at) + 1
