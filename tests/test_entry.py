"""Issue 7: the NAME=VALUE parser (cli/entry.py) reads the whole line and its options and
reports every problem at once; the dealer's word may be left out when everyone else passed;
word hints come from domain.legal; `loo hand` and `loo amend` share one option definition.

Three-card (ante 9, loo 9), seats Ann Abe Ben Cat, Cat deals first; worked by hand from
shared/spec/RULES.md. Hand 1 is a simple pool (everyone plays); entered as Ann=1 Abe=1
Ben=1 Cat=0 it leaves 9 in the pool (Cat looed), so hand 2 (Ann deals) is double: P = 18.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
import typer.main

from loo_ledger.cli import app
from loo_ledger.cli.entry import parse_hand
from loo_ledger.cli.options import Options
from loo_ledger.domain import TableState, Variant, variant
from loo_ledger.errors import HandRejected


@pytest.fixture
def simple_db(tmp_path, loo):
    db = tmp_path / "table.db"
    assert loo(db, "new", "Tuesday", "--players", "Ann,Abe,Ben,Cat", "--dealer", "Cat"
               ).exit_code == 0
    return db


@pytest.fixture
def double_db(simple_db, loo):
    assert loo(simple_db, "hand", "Ann=1", "Abe=1", "Ben=1", "Cat=0").exit_code == 0
    return simple_db


def refused(loo, dump_db, db, *args: str) -> str:
    before = dump_db(db)
    result = loo(db, "hand", *args)
    assert result.exit_code == 1, result.output
    assert dump_db(db) == before
    return result.stderr


def test_every_problem_of_a_line_is_reported_at_once(loo, dump_db, simple_db):
    """A bad value, a bad option value, an unknown suit, an unknown player sitting out and a
    pass in a simple pool (a rule, from the engine): one refusal names all five."""
    message = refused(loo, dump_db, simple_db, "Ann=two", "Abe=pass", "Ben=1", "Cat=1",
                      "--exchange", "Ben=x", "--trump", "purple", "--sitting-out", "Zed")
    assert "player Ann" in message and "'two'" in message
    assert "--exchange Ben=x" in message and "not a whole number" in message
    assert "purple" in message
    assert "Zed" in message and "no player matches" in message
    assert "player Abe" in message and "nobody may pass in a simple pool" in message
    # Ann's word could not be read: she is not also reported as left out.
    assert "Ann was dealt in" not in message


def test_the_dealers_word_may_be_left_out_when_everyone_else_passed(loo, double_db):
    """Hand 2, Ann deals, P = 9 carried + 9 ante = 18: Abe, Ben and Cat pass, so Ann takes 18
    whatever she says: Ann -9 + 18 = +9; pool after 0."""
    result = loo(double_db, "hand", "Abe=pass", "Ben=pass", "Cat=pass")
    assert result.exit_code == 0, result.output
    h = json.loads(loo(double_db, "hands", "--json").stdout)[1]
    assert h["deltas"] == {"Abe": 0, "Ben": 0, "Cat": 0, "Ann": 9}
    assert h["pool_after"] == 0
    assert h["record"]["declarations"] == {"Abe": "pass", "Ben": "pass", "Cat": "pass"}


def test_the_dealers_word_is_needed_when_someone_stood_and_the_hint_says_what_he_may_say(
        loo, dump_db, double_db):
    """Abe stood alone: the dealer Ann may not pass (dealer_vs_one = stand, miss, defend)."""
    message = refused(loo, dump_db, double_db, "Abe=2", "Ben=pass", "Cat=pass")
    assert "player Ann" in message and "Ann was dealt in" in message
    assert "Ann=N (tricks won)" in message and "Ann=miss:N" in message
    assert "Ann=defend:N" in message and "Ann=pass" not in message


def test_a_simple_pool_hint_offers_only_tricks(loo, dump_db, simple_db):
    message = refused(loo, dump_db, simple_db, "Ann=1", "Abe=1", "Ben=1")
    assert "Cat was dealt in: say Cat=N (tricks won), Cat=stand or --sitting-out Cat" in message


def test_a_value_that_is_no_word_is_answered_with_the_words_allowed_here(loo, dump_db,
                                                                          simple_db):
    """Hand 1 is a simple pool: everyone plays, so the only word is stand (with tricks)."""
    message = refused(loo, dump_db, simple_db, "Ann=maybe", "Abe=1", "Ben=1", "Cat=1")
    assert "player Ann" in message and "'maybe'" in message
    assert "here Ann may say Ann=N (tricks won), Ann=stand" in message
    assert "Ann=pass" not in message


def test_a_lou_dealer_must_say_stand_or_fold_even_when_everyone_else_folded(loo, dump_db,
                                                                             tmp_path):
    """In Lou the dealer's word decides: standing alone he takes the pot, folding the pot
    stays. Lou, seats Ann Ben Cat, Cat deals: hand 1 (first deal) Ann 3, Ben 2, Cat 0."""
    db = tmp_path / "lou.db"
    assert loo(db, "new", "Lou", "--variant", "lou", "--players", "Ann,Ben,Cat",
               "--dealer", "Cat").exit_code == 0
    assert loo(db, "hand", "Ann=3", "Ben=2", "Cat=0").exit_code == 0
    message = refused(loo, dump_db, db, "Ben=fold", "Cat=fold")
    assert "player Ann" in message and "Ann=stand" in message and "Ann=fold" in message


@dataclass(frozen=True)
class View:
    state: TableState
    variant: Variant
    present: tuple[str, ...]


def test_parse_hand_leaves_the_dealers_word_out_and_reads_synonyms_as_typed():
    view = View(TableState(seats=("A", "B", "C"), dealer="C", pool=9, double=True, hand_no=2),
                variant("three-card"), ("A", "B", "C"))
    record = parse_hand(["a=pass", "B=fold"], Options(), view)
    assert record.declarations == {"A": "pass", "B": "fold"}
    assert record.tricks is None and record.sitting_out == ()
    with pytest.raises(HandRejected) as refusal:
        parse_hand(["A=stand"], Options(), view)
    assert {(p.code, p.player) for p in refusal.value.problems} == {
        ("MISSING_PLAYER", "B"), ("MISSING_PLAYER", "C")}


def test_hand_and_amend_share_one_option_definition():
    root = typer.main.get_command(app)
    ctx = typer.Context(root, info_name="loo")
    commands = {name: root.get_command(ctx, name) for name in ("hand", "amend")}

    def options(name: str) -> dict[str, tuple]:
        return {p.name: (tuple(p.opts), p.multiple, p.help) for p in commands[name].params
                if p.name not in ("interactive", "number", "session", "words", "as_json")}

    assert options("hand") == options("amend")
    assert set(options("hand")) == {"trump", "flush", "exchange", "revoke", "penalty", "pam",
                                    "sitting_out", "note", "paid", "ruling", "cards", "turned"}
