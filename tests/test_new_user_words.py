"""Issue 22, item 11: what a new user met at the table, in the words they read.

Each test drives the CLI as a player would (CliRunner, ``--db``) and checks the message
word for word; a refused command exits 1 and leaves the ledger as it was."""

from __future__ import annotations

import pytest


@pytest.fixture
def table(loo, tmp_path):
    """Friday: Ann, Ben, Clara, Clara deals first (three-card: 3 tricks a hand)."""
    db = tmp_path / "loo.db"
    result = loo(db, "new", "Friday", "--players", "Ann,Ben,Clara", "--dealer", "Clara")
    assert result.exit_code == 0, result.output
    return db


def test_a_closed_session_points_to_loo_reopen(loo, table, dump_db):
    assert loo(table, "close").exit_code == 0
    before = dump_db(table)
    result = loo(table, "hand", "Ann=1", "Ben=1", "Clara=1")
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "Error: session 1 (Friday) is closed: 'loo reopen -s 1' opens it again")
    assert dump_db(table) == before
    # and what it says works: reopened, the same hand is recorded
    assert loo(table, "reopen", "-s", "1").exit_code == 0
    assert loo(table, "hand", "Ann=1", "Ben=1", "Clara=1").exit_code == 0


def test_loo_hand_with_nothing_suggests_loo_hand_i(loo, table, dump_db):
    """Not three MISSING_PLAYER lines, one per seat: one line, pointing to ``-i``."""
    before = dump_db(table)
    result = loo(table, "hand")
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "Error: hand 1: no player's word given (NAME=VALUE, e.g. Ann=1 or Ben=pass); "
        "'loo hand -i' asks for each in turn")
    assert dump_db(table) == before


def test_a_near_miss_of_a_name_asks_did_you_mean(loo, table, dump_db):
    """'Clarx' is one letter from 'Clara' (difflib ratio 8/10 = 0.8): the line names her,
    and does not add "Clara was dealt in", which follows only from the typo."""
    before = dump_db(table)
    result = loo(table, "hand", "Ann=1", "Ben=1", "Clarx=1")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "Error: hand 1 cannot be recorded",
        "  - hand 1, player Clarx: no player matches 'Clarx'; did you mean Clara? the "
        "players are Ann, Ben, Clara [BAD_ENTRY]"]
    assert dump_db(table) == before


def test_a_name_like_no_one_gets_no_guess_and_the_missing_player_is_named(loo, table):
    """'Zed' is close to none of the three (no ratio reaches 0.6): no guess, so Clara,
    who was dealt in and said nothing, is still named."""
    result = loo(table, "hand", "Ann=1", "Ben=1", "Zed=1")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "Error: hand 1 cannot be recorded",
        "  - hand 1, player Zed: no player matches 'Zed'; the players are Ann, Ben, Clara "
        "[BAD_ENTRY]",
        "  - hand 1, player Clara: Clara was dealt in: say Clara=N (tricks won), "
        "Clara=stand or --sitting-out Clara [MISSING_PLAYER]"]


def test_a_dealer_who_left_is_not_said_to_have_sat_the_hand_out(loo, tmp_path):
    """Ann, Ben, Clara, Dov (three-card: ante 9, limited loo of 9); Dov deals hand 1, Ann
    hand 2; Ben, next to deal, leaves. Dov is looed in hand 2 and pays 9 into the pool, so
    hand 3 is a double pool of 9 carried + Clara's ante 9 = 18, dealt by Clara, the next
    seat on: Ben has left, he did not sit it out."""
    db = tmp_path / "loo.db"
    assert loo(db, "new", "F", "--players", "Ann,Ben,Clara,Dov", "--dealer", "Dov").exit_code == 0
    assert loo(db, "hand", "A=1", "B=1", "C=1", "D=0").exit_code == 0
    assert loo(db, "hand", "A=1", "B=1", "C=1", "D=0").exit_code == 0
    assert loo(db, "seat", "leave", "Ben").exit_code == 0
    result = loo(db, "hand", "A=1", "C=1", "D=1")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        "Hand 3: Clara dealt; double pool of 18 in play (9 carried in)")
    assert result.stdout.splitlines()[-1] == (
        "Ben has left: the deal skipped their seat, so Clara dealt instead")
    assert "sat this hand out" not in result.stdout


@pytest.mark.parametrize("blank", ["", " ", "\t "])
def test_a_house_rule_with_a_blank_name_is_refused(loo, table, blank, dump_db):
    db = table
    before = dump_db(db)
    result = loo(db, "rules", "save", blank, "--variant", "three-card", "--rule", "loo_limit=45")
    assert result.exit_code == 1
    assert result.stderr.strip() == ("Error: a house rule needs a name, e.g. loo rules save "
                                     "Crown --variant three-card --rule loo_limit=45")
    assert dump_db(db) == before


def test_rules_delete_needs_yes_without_a_terminal_and_then_deletes(loo, tmp_path, dump_db):
    """Refused without --yes, by a unique prefix with it; then there is none to match."""
    db = tmp_path / "loo.db"
    assert loo(db, "rules", "save", "Crown", "--variant", "three-card",
               "--rule", "loo_limit=45").exit_code == 0
    assert loo(db, "new", "F", "--players", "Ann,Ben,Cat", "--variant", "Crown").exit_code == 0
    before = dump_db(db)
    refused = loo(db, "rules", "delete", "cr")
    assert refused.exit_code == 1
    assert refused.stderr.strip() == (
        "Error: Delete house rule Crown? (sessions played under it keep their rules) There is "
        "no terminal to answer at: nothing written; give --yes to go ahead.")
    assert dump_db(db) == before
    done = loo(db, "rules", "delete", "cr", "--yes")
    assert done.exit_code == 0, done.output
    assert done.stdout == "house rule Crown deleted\n"
    assert loo(db, "rules", "list", "--json").stdout.strip() == "[]"
    again = loo(db, "rules", "delete", "Crown", "--yes")
    assert again.exit_code == 1
    assert again.stderr.strip() == "Error: no house rule matches 'Crown'; the house rules are none"


def test_a_rule_given_as_a_number_is_stored_and_exported_as_a_number(loo, tmp_path):
    """``--rule loo_limit=45`` is the number 45 in the session file (SESSION-FORMAT: a
    parameter's value has its own JSON type), not the text "45"; ``miss=no`` is false. The
    same for a house rule saved with them, and for ``rules set``."""
    import json
    import sqlite3
    db = tmp_path / "loo.db"
    assert loo(db, "new", "F", "--players", "Ann,Ben,Cat", "--rule", "loo_limit=45",
               "--rule", "miss=no").exit_code == 0
    exported = json.loads(loo(db, "export", "--format", "json").stdout)
    assert exported["rules"] == {"loo_limit": 45, "miss": False}
    assert loo(db, "rules", "set", "loo_amount=6").exit_code == 0
    exported = json.loads(loo(db, "export", "--format", "json").stdout)
    assert exported["rules"] == {"loo_limit": 45, "miss": False, "loo_amount": 6}
    assert loo(db, "rules", "save", "Crown", "--variant", "three-card",
               "--rule", "loo_limit=45").exit_code == 0
    with sqlite3.connect(db) as conn:
        (stored,) = conn.execute("SELECT rules FROM house_rules").fetchone()
    assert json.loads(stored) == {"loo_limit": 45}


def test_rules_set_from_hand_counts_only_the_hands_settled_again(loo, tmp_path):
    """Four hands (tests/evenings.four_hands: the default rules leave pool 9); loo=unlimited
    from hand 3 settles hands 3 and 4 again: 4 - 3 + 1 = 2 hands, not 4. Hand 4's pool
    under it is 27 (test_rules_from_hand's arithmetic: 18 + 9), the pool after it 27.
    From hand 5 (the next hand) no hand is settled again: 0 hands, the pool still 27, and
    the rules from hand 5 are both changes."""
    from evenings import four_hands
    db = tmp_path / "loo.db"
    four_hands(loo, db)
    result = loo(db, "rules", "set", "loo=unlimited", "--from-hand", "3")
    assert result.exit_code == 0, result.output
    assert result.stdout == ("session 1 now plays loo=unlimited from hand 3; 2 hands settled "
                             "again; pool now 27\n")
    result = loo(db, "rules", "set", "loo_amount=6", "--from-hand", "5")
    assert result.exit_code == 0, result.output
    assert result.stdout == ("session 1 now plays loo=unlimited loo_amount=6 from hand 5; "
                             "0 hands settled again; pool now 27\n")


def test_a_five_card_trump_flush_without_a_trump_is_refused_naming_the_rule(
        loo, tmp_path, dump_db):
    """five-card, A B C D, D deals: a pool of 5 (D's ante). A trump flush is five cards of
    the trump suit: with no --trump it cannot be told, so it is refused; with --trump it
    takes the pool: A +5, B C D looed 5 each (D -10 with his ante), pool after 15."""
    db = tmp_path / "loo.db"
    assert loo(db, "new", "F", "--variant", "five-card", "--players", "A,B,C,D",
               "--dealer", "D").exit_code == 0
    before = dump_db(db)
    words = ("A=stand", "B=stand", "C=stand", "D=stand")
    result = loo(db, "hand", *words, "--flush", "A:trump")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "Error: hand 1 cannot be recorded",
        "  - hand 1, player A: --flush A:trump: a trump flush is five cards of the trump "
        "suit, and no trump was given: say the suit turned, e.g. --trump hearts [BAD_ENTRY]"]
    assert dump_db(db) == before
    result = loo(db, "hand", *words, "--flush", "A:trump", "--trump", "hearts")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "Pool now 15. Next: A deals."


def test_amend_says_whose_balance_changed_and_by_how_much(loo, tmp_path):
    """three-card, Ann Ben Cat Dov, Dov deals. As entered: hand 1 (simple 9, 3 a trick)
    Ann, Ben, Cat +3, Dov ante 9 + loo 9 = -18, pool 9; hand 2 (Ann deals, double 9 + 9 =
    18, 6 a trick) Ann 6 - 9 = -3, Ben +6, Cat +6, Dov looed -9, pool 9. Nets Ann 0, Ben 9,
    Cat 9, Dov -27.
    Hand 1 amended to Ben 2, Cat 0: Ann +3, Ben +6, Cat looed -9, Dov -18, pool 18; hand 2
    (double 18 + 9 = 27, 9 a trick) Ann 9 - 9 = 0, Ben +9, Cat +9, Dov -9, pool 9. Nets
    Ann 3, Ben 15, Cat 0, Dov -27: Ann +3, Ben +6, Cat -9, Dov unchanged (not named)."""
    db = tmp_path / "loo.db"
    assert loo(db, "new", "F", "--players", "Ann,Ben,Cat,Dov", "--dealer", "Dov").exit_code == 0
    for _ in range(2):
        assert loo(db, "hand", "A=1", "B=1", "C=1", "D=0").exit_code == 0
    result = loo(db, "amend", "1", "A=1", "B=2", "C=0", "D=0")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "hand 1 amended; 1 later hand settled again; pool now 9",
        "balances changed: Ann +3 (now +3), Ben +6 (now +15), Cat -9 (now 0)"]
    again = loo(db, "amend", "1", "A=1", "B=2", "C=0", "D=0")
    assert again.stdout.splitlines()[-1] == "no balance changed"


def test_the_headers_name_the_evening(loo, tmp_path):
    db = tmp_path / "loo.db"
    assert loo(db, "new", "Friday at the Crown", "--players", "Ann,Ben,Cat",
               "--dealer", "Cat").exit_code == 0
    assert loo(db, "hand", "A=1", "B=1", "C=1").exit_code == 0
    assert loo(db, "balances").stdout.splitlines()[0] == (
        "Balances: Friday at the Crown (session 1; white chip)")
    assert loo(db, "hands").stdout.splitlines()[0] == (
        "Hands: Friday at the Crown (session 1; pool in play, D = double; t = tricks won; "
        "* = table ruling)")


def test_an_abbreviation_of_a_word_not_on_offer_gets_that_words_reason(loo, table, dump_db):
    """Hand 1 (simple pool, everyone plays) Clara, the dealer, is looed (Ann 2, Ben 1, Clara 0),
    so hand 2 is a double pool: Ben takes the miss; Clara, offered stand/pass, types ``m``
    (miss: taken already) and ``d`` (defend: only the dealer, Ann) and hears why, not "the
    words are ..."; then the input ends: nothing written."""
    assert loo(table, "hand", "A=2", "B=1", "C=0").exit_code == 0
    before = dump_db(table)
    result = loo(table, "hand", "-i", input="miss\nm\nd\n")
    assert result.exit_code == 130
    assert "'m' is not possible here: Clara took the miss, but Ben had already taken it" in (
        result.output)
    assert "'d' is not possible here: Clara is not the dealer; only the dealer may defend the " \
        "pool" in result.output
    assert "the words are" not in result.output
    assert dump_db(table) == before
