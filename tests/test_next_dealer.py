"""Issue 7: `loo hand`'s printed next dealer, `loo pool`, `loo pool --json` and `loo hand -i`'s
header name the same next dealer, and the next hand recorded is dealt by that player: across
seat leave and add, a hand with a player sitting out, and a Lou renege by the dealer.

Worked by hand from shared/spec/RULES.md: the deal passes to the left; a player who is not at
the table (or must sit the deal out after a renege) is skipped.
"""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from loo_ledger.cli import app


def _next_from_hand(output: str) -> str:
    found = re.findall(r"Next: (\S+) deals", output)
    assert found, output
    return found[-1]


def named(loo, db) -> dict[str, str]:
    """The next dealer as `loo pool`, `loo pool --json` and `loo hand -i`'s header name it."""
    pool = loo(db, "pool")
    assert pool.exit_code == 0, pool.output
    status = json.loads(loo(db, "pool", "--json").stdout)
    # `loo hand -i` prints its header, then gets no answer: nothing is recorded.
    asked = CliRunner().invoke(app, ["--db", str(db), "hand", "-i"], input="")
    assert asked.exit_code == 1 and not isinstance(asked.exception, Exception) or \
        isinstance(asked.exception, SystemExit), asked.output
    header = re.search(r"Hand (\d+): (\S+) deals", asked.output)
    assert header, asked.output
    assert int(header.group(1)) == status["next_hand"]
    return {"pool": re.search(r"dealt by (\S+) ", pool.stdout).group(1),
            "pool --json": status["next_dealer"], "hand -i": header.group(2)}


def agree(loo, db, expected: str, hand_output: str | None = None) -> None:
    said = named(loo, db)
    if hand_output is not None:
        said["hand"] = _next_from_hand(hand_output)
    assert said == {k: expected for k in said}


def hand(loo, db, line: str) -> str:
    result = loo(db, "hand", *line.split())
    assert result.exit_code == 0, result.output
    return result.stdout


def dealers(loo, db) -> list[str]:
    return [h["dealer"] for h in json.loads(loo(db, "hands", "--json").stdout)]


@pytest.fixture
def table(tmp_path, loo):
    """Three-card, seats A B C D clockwise, B deals first."""
    db = tmp_path / "table.db"
    assert loo(db, "new", "Friday", "--players", "A,B,C,D", "--dealer", "B").exit_code == 0
    return db


def test_seat_leave_the_hand_printout_and_the_pool_name_the_same_next_dealer(loo, table):
    # C leaves before hand 1: B deals to D, A, B (simple pool, ante 9, a trick 3).
    assert loo(table, "seat", "leave", "C").exit_code == 0
    agree(loo, table, "B")
    out = hand(loo, table, "D=1 A=1 B=1")
    # The deal would pass to C, who is away: D deals next (not "Next: C deals").
    agree(loo, table, "D", out)
    assert "Next: C deals" not in out
    hand(loo, table, "A=1 B=1 D=1")
    assert dealers(loo, table) == ["B", "D"]


def test_seat_add_brings_the_deal_back_to_the_returning_player(loo, table):
    assert loo(table, "seat", "leave", "C").exit_code == 0
    out = hand(loo, table, "D=1 A=1 B=1")
    agree(loo, table, "D", out)
    # C comes back before hand 2: the deal after B's is C's again.
    assert loo(table, "seat", "add", "C").exit_code == 0
    agree(loo, table, "C")
    # Hand 2, C deals, D sits this hand out: A, B, C dealt. Next by rotation: D (at the table).
    out = hand(loo, table, "A=1 B=1 C=1 --sitting-out D")
    agree(loo, table, "D", out)
    # A new player seated after A: the rotation is A E B C D; D deals hand 3 and E is
    # dealt in (he joined): D deals to A E B C D, next A.
    assert loo(table, "seat", "add", "E", "--after", "A").exit_code == 0
    agree(loo, table, "D")
    out = hand(loo, table, "A=1 E=1 B=1 C=0 D=0")
    agree(loo, table, "A", out)
    assert dealers(loo, table) == ["B", "C", "D"]


def test_the_scheduled_dealer_sitting_a_hand_out_passes_the_deal_on(loo, table):
    # Hand 1: B deals to C D A B. Hand 2 would be C's; C sits it out, so D deals it (to A B D),
    # and the deal then passes to D's left: A.
    out = hand(loo, table, "C=1 D=1 A=1 B=0")
    agree(loo, table, "C", out)
    out = hand(loo, table, "A=2 B=pass D=1 --sitting-out C")
    agree(loo, table, "A", out)
    assert dealers(loo, table) == ["B", "D"]


def test_after_a_lou_renege_by_the_dealer_all_name_the_player_on_his_left(loo, tmp_path):
    """Lou, seats Ann Ben Cat Dov, Dov deals a first deal: antes Dov 100 + 500, the others
    500 each: P = 2100, b = 2100. Dov reneges: pays 2100 at once, nothing else is settled; the
    same dealer would deal again, but the reneger sits the redeal out, so Ann (on his left)
    deals it, to Ben, Cat and Ann."""
    db = tmp_path / "lou.db"
    assert loo(db, "new", "Lou", "--variant", "lou", "--players", "Ann,Ben,Cat,Dov",
               "--dealer", "Dov").exit_code == 0
    agree(loo, db, "Dov")
    out = hand(loo, db, "Ann=stand Ben=stand Cat=stand Dov=stand --revoke Dov")
    h = json.loads(loo(db, "hands", "--json").stdout)[0]
    assert h["deltas"] == {"Ann": -500, "Ben": -500, "Cat": -500, "Dov": -2700}
    assert h["pool_after"] == 4200
    agree(loo, db, "Ann", out)
    assert "Next: Dov deals" not in out
    # The redeal (still a first deal, antes already in): Ben 3 tricks takes 4200; Cat and Ann
    # one trick each are burned. The deal passes to Ann's left: Ben; Dov plays again.
    out = hand(loo, db, "Ben=3 Cat=1 Ann=1")
    assert dealers(loo, db) == ["Dov", "Ann"]
    agree(loo, db, "Ben", out)


def test_a_house_rule_with_game_lou_prints_lou_words(loo, tmp_path):
    """Lou is known by the variant's game, not by the preset's name: a house rule built on
    five-card with game=lou prints "pot" and "burned", never "simple pool" or "looed"."""
    db = tmp_path / "house.db"
    assert loo(db, "rules", "save", "our-lou", "--from", "five-card", "-r", "game=lou", "-r",
               "ante_model=lou", "-r", "revoke_penalty=burn", "-r", "flushes=false"
               ).exit_code == 0
    assert loo(db, "new", "Lou night", "--variant", "our-lou", "--players",
               "Ann,Ben,Cat,Dov", "--dealer", "Dov").exit_code == 0
    # First deal, P = 100 + 4 x 500 = 2100, b = min(2100, 5000) = 2100: Ann 3 tricks takes
    # it, Ben and Cat (1 trick) and Dov (0) are burned: pot after 3 x 2100 = 6300.
    out = hand(loo, db, "Ann=3 Ben=1 Cat=1 Dov=0")
    assert "pot of 2100" in out and "burned: Ben, Cat, Dov" in out
    assert "simple pool" not in out and "looed" not in out
    assert "Pot now 6300. Next: Ann deals." in out
