"""loo check sees everything derived from the records (issue 7, item 4): each test edits
one thing behind the program's back in session 2 of two copies of tests/conftest.py's good
session, and check must name session 2 and the hand (or the player) it is about, and
nothing in session 1.

The session, worked by hand in test_cli.py (three-card, A B C D, D deals first):
    hand 1, D deals: A +3, B -9 (looed), C +3, D -6; pool 0 -> 9
    hand 2, A deals: A -3, B +12, C 0, D -9 (took the miss, looed: pays the pool 9); pool 9
    hand 3, B deals, all pass: B takes the 18, +9; pool 0; next to deal: C.
    nets A 0, B 12, C 3, D -15.
"""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from ledger_kit import copy_for_each_test

from loo_ledger.domain.rules.codes import MovementKind
from loo_ledger.store.codec import KIND_CODE, pack_move

HAND = "session_id = 2 AND number = {n}"
# Hand 2's third movement: D (seat 3) pays the pool (-1) the loo of 9 (m015 packs it).
LOO, AS_SHARE = (pack_move(3, -1, 9, KIND_CODE[k]) for k in (MovementKind.LOO,
                                                             MovementKind.SHARE))

EDITS = {
    # The cached pool: the next hand would start from 964 chips that are not there.
    "cached pool": (["UPDATE sessions SET pool = 964 WHERE id = 2"], {("CHECK_STATE", 3, None)}),
    # Who deals next after hand 3 (B dealt it): C, not A.
    "next dealer": (["UPDATE sessions SET next_dealer = 'A' WHERE id = 2"],
                    {("CHECK_STATE", 3, None)}),
    # The cached state says the next pool is simple; after an all-pass it is empty, simple
    # too, so edit what differs: the next hand's number.
    "cached state": (["UPDATE sessions SET state = json_set(state, '$.hand_no', 9) WHERE id = 2"],
                     {("CHECK_STATE", 3, None)}),
    # C passed in hand 2; their statistics row goes: the totals still agree with the hands.
    # (m015: each hand's words and tricks, a letter and a digit per seat: A B C D)
    "plays row deleted": (["UPDATE hands SET words = substr(words, 1, 2) || '-' || "
                           "substr(words, 4) WHERE session_id = 2 AND number = 2"],
                          {("CHECK_PLAYS", 2, "C")}),
    "plays row edited": (["UPDATE hands SET tricks = '3' || substr(tricks, 2) WHERE "
                          "session_id = 2 AND number = 1"], {("CHECK_PLAYS", 1, "A")}),
    "player totals": (["UPDATE player_totals SET tricks = tricks + 1 WHERE session_id = 2 AND "
                       "player = 'A'"], {("CHECK_TOTALS", None, "A")}),
    "seat totals": (["UPDATE seat_totals SET net = 99 WHERE session_id = 2 AND player = 'B' "
                     "AND seat = 0"], {("CHECK_TOTALS", None, "B")}),
    "session totals": (["UPDATE session_totals SET largest_pot = 99 WHERE session_id = 2"],
                       {("CHECK_TOTALS", None, None)}),
    # D's loo in hand 2 recorded as a share: same chips, wrong kind.
    "posting kind": ([f"UPDATE hands SET moves = json_set(moves, '$[2]', {AS_SHARE}) WHERE "
                      f"{HAND.format(n=2)} AND json_extract(moves, '$[2]') = {LOO}"],
                     {("CHECK_POSTINGS", 2, None)}),
    "record not JSON": ([f"UPDATE hands SET record = '{{\"tricks\": ' "
                         f"WHERE {HAND.format(n=2)}"],
                        {("CHECK_RECORD", 2, None)}),
    "record a list": ([f"UPDATE hands SET record = '[1, 2]' WHERE {HAND.format(n=3)}"],
                      {("CHECK_RECORD", 3, None)}),
    "seat net": (["UPDATE seats SET net = 5 WHERE session_id = 2 AND name = 'A'"],
                 {("CHECK_BALANCE", None, "A")}),
    "hand's dealer": ([f"UPDATE hands SET dealer = 2 WHERE {HAND.format(n=1)}"],  # C's seat
                      {("CHECK_HAND", 1, None)}),
    # Hand 3 taken out of hands (its movements and words with it), but not out of the nets,
    # the totals or the cached state: the records now end after hand 2 (pool 9, B to deal),
    # so the cached state is wrong (pool 0, C); B's net 12 is not B's postings -9 + 12 = 3;
    # and every player's totals and the session's still count hand 3.
    "last hand deleted": (["DELETE FROM hands WHERE session_id = 2 AND number = 3"],
                          {("CHECK_STATE", 2, None), ("CHECK_BALANCE", None, "B"),
                           ("CHECK_TOTALS", None, "A"), ("CHECK_TOTALS", None, "B"),
                           ("CHECK_TOTALS", None, "C"), ("CHECK_TOTALS", None, "D"),
                           ("CHECK_TOTALS", None, None)}),
}


two_db = copy_for_each_test("two_built", name="two_db")


@pytest.fixture(scope="module")
def two_built(tmp_path_factory, loo, good_source):
    """GOOD_SESSION imported twice (sessions 1 and 2), once for the module."""
    db = tmp_path_factory.mktemp("two") / "loo.db"
    result = loo(db, "import", "--again", good_source, good_source)
    assert result.exit_code == 0, result.output
    return db


def _edit(db, statements):
    conn = sqlite3.connect(db)
    try:
        with conn:
            for sql in statements:
                assert conn.execute(sql).rowcount >= 1, sql
    finally:
        conn.close()


@pytest.mark.parametrize("name", list(EDITS))
def test_check_names_the_session_and_hand_of_each_edit(loo, two_db, name):
    statements, want = EDITS[name]
    _edit(two_db, statements)
    result = loo(two_db, "check", "--json")
    assert result.exit_code == 1, result.output
    found = json.loads(result.stdout)
    assert {(p["code"], p["hand"], p["player"]) for p in found} == want
    assert all(p["message"].startswith("session 2: ") for p in found)
    # words and figures, never a Python dict, tuple or list (issue 22 item 10)
    assert not [p["message"] for p in found
                if re.search(r"[{(\[]'|[{(\[]\d|None|True|False", p["message"])]
    text = loo(two_db, "check")
    assert "Traceback" not in text.output and "session 1:" not in text.stdout


#: What each edit's message says, worked from the session in the docstring.
MESSAGES = {
    # A's postings: hand 1 +3, hand 2 -9 (ante) + 6 (share), hand 3 0 = 0; stored 5: +5.
    "seat net": "A's balance 5 stored, the postings add up to 0: +5",
    # hand 1 was dealt by D (seat 3); the edit stored C's seat (2).
    "hand's dealer": "dealer C stored, the rules give D",
    # A took 1 trick in hand 1 and 1 in hand 2, none in hand 3 (all passed): 2; stored 3.
    "player totals": "A's totals (player_totals): tricks 3 stored, the hands give 2",
    # B dealt hand 3 only (seat 0 is the dealer's) and took the 18 after an ante of 9: +9.
    "seat totals": "B's totals by seat (seat_totals): seat 0 net 99 stored, the hands give 9",
    # the pots were 9, 18 and 18: the largest 18.
    "session totals": "the session's totals (session_totals): largest_pot 99 stored, the "
                      "hands give 18",
    # the table after hand 3 (B dealt, everyone passed): the next is hand 4.
    "cached state": "the table state stored is not the table after hand 3: hand_no 9 "
                    "stored, the rules give 4",
}


def test_check_states_the_cached_table_field_by_field(loo, two_db):
    """Hand 3 deleted: the records end after hand 2 (A dealt; D took the miss and was
    looed, paying 9), so the table is B to deal hand 3, a double pool (a loo was paid), the
    pool 9; the cached state is still the one after hand 3 (C to deal hand 4, an empty
    simple pool)."""
    _edit(two_db, EDITS["last hand deleted"][0])
    found = json.loads(loo(two_db, "check", "--json").stdout)
    assert [p["message"] for p in found if p["code"] == "CHECK_STATE"][-1] == (
        "session 2: the table state stored is not the table after hand 2: dealer C stored, "
        "the rules give B; pool 0 stored, the rules give 9; double false stored, the rules "
        "give true; hand_no 4 stored, the rules give 3; last_had_loo false stored, the "
        "rules give true")


@pytest.mark.parametrize("name", list(MESSAGES))
def test_check_states_the_difference_in_words(loo, two_db, name):
    _edit(two_db, EDITS[name][0])
    found = json.loads(loo(two_db, "check", "--json").stdout)
    assert [p["message"] for p in found] == [f"session 2: {MESSAGES[name]}"]


def test_the_edited_cached_pool_is_named_with_both_figures(loo, two_db):
    _edit(two_db, EDITS["cached pool"][0])
    text = loo(two_db, "check").stdout
    assert "hand 3: session 2: pool 964 stored, the hands leave 0 [CHECK_STATE]" in text


def test_a_record_that_is_not_json_does_not_stop_the_other_sessions_being_checked(loo, two_db):
    _edit(two_db, EDITS["record not JSON"][0])
    _edit(two_db, ["UPDATE seats SET net = 7 WHERE session_id = 1 AND name = 'C'"])
    found = json.loads(loo(two_db, "check", "--json").stdout)
    assert [(p["code"], p["hand"], p["player"], p["message"].split(":")[0]) for p in found] == [
        ("CHECK_BALANCE", None, "C", "session 1"), ("CHECK_RECORD", 2, None, "session 2")]


def test_the_next_hand_after_an_edit_puts_every_table_right(loo, two_db):
    """The one writer settles the session again from its records on every write and
    rewrites the cached state and the totals: the next hand does not start from the edited
    pool of 964 (hand 4 is a simple pool: C antes 9 into an empty pool). The rows of
    hands already stored are kept as they are, so the edited kind of hand 2 is still found."""
    _edit(two_db, EDITS["cached pool"][0] + EDITS["player totals"][0] + EDITS["posting kind"][0])
    assert loo(two_db, "use", "2").exit_code == 0
    # Hand 4, C deals a simple pool (the pool is empty): A 1, B 1, C 0, D 1 trick.
    assert loo(two_db, "hand", "A=1", "B=1", "C=0", "D=1").exit_code == 0
    found = json.loads(loo(two_db, "check", "--json").stdout)
    assert [(p["code"], p["hand"], p["player"]) for p in found] == [("CHECK_POSTINGS", 2, None)]
    balances = json.loads(loo(two_db, "balances", "--json", "--session", "2").stdout)
    # Hand 4: C antes 9 and is looed 9; A, B, D +3 each; pool 0 + 9 - 9 + 9 = 9.
    assert balances["pool"] == 9
    assert {p["name"]: p["net"] for p in balances["players"]} == {"A": 3, "B": 15, "C": -15,
                                                                 "D": -12}
