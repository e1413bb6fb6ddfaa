"""Reading a session's hands remembers the pieces they repeat (issue 20: the reading
figures): a compact record's dealer, trump, words, tricks and the deltas' order of seats
are decoded once per session (store/codec.py ``decode_record``, ``Seats.read``), and the
order of a hand's facts once per words and dealer (``seat_order``). What is read is what
it was without the memory: the same values, in the same order, each record the caller's
own.

Seats A B C D (positions 0 1 2 3), as in test_compact_store.py.
"""

from __future__ import annotations

import itertools
import random

import pytest

from loo_ledger.store import codec
from loo_ledger.store.codec import (
    Seats,
    decode_record,
    deltas_dict,
    hand_facts,
    looed_list,
    seat_order,
)

PLAYERS = ["A", "B", "C", "D"]
# hand 2 of the good session (test_compact_store.py): A deals, B stands, C passes, D takes
# the miss, A stands; tricks B 2, D 0, A 1; changes B +12, C 0, D -9, A -3
HAND_2 = '{"d":0,"t":"h","w":"1s2p3m0s","k":"123001","D":["1230",12,0,-9,-3]}'
WANT_2 = {"dealer": "A", "trump": "hearts",
          "declarations": {"B": "stand", "C": "pass", "D": "miss", "A": "stand"},
          "tricks": {"B": 2, "D": 0, "A": 1}, "deltas": {"B": 12, "C": 0, "D": -9, "A": -3}}


def test_a_record_read_twice_is_the_same_and_each_copy_the_callers():
    seats = Seats(PLAYERS)
    first = decode_record(HAND_2, seats)
    assert first == WANT_2 and list(first) == list(WANT_2)
    assert list(first["declarations"]) == ["B", "C", "D", "A"]  # the order as written
    first["declarations"]["B"] = "pass"    # a caller's change to its record ...
    first["tricks"].clear()
    first["deltas"]["B"] = 0
    second = decode_record(HAND_2, seats)  # ... is not what the next read gives
    assert second == WANT_2 and second["declarations"] is not first["declarations"]


def test_a_shared_read_gives_the_remembered_pieces_themselves():
    """``shared`` (loo check, which changes no record): the same values, each piece the
    one remembered, given to every hand that has it; a read without it still gets its own
    copies."""
    seats = Seats(PLAYERS)
    first = decode_record(HAND_2, seats, shared=True)
    second = decode_record(HAND_2, seats, shared=True)
    assert first == second == WANT_2 and list(first) == list(WANT_2)
    assert first["declarations"] is second["declarations"]
    assert first["tricks"] is second["tricks"]
    assert first["deltas"] is not second["deltas"]  # the changes: read for each hand
    own = decode_record(HAND_2, seats)
    assert own == WANT_2 and own["declarations"] is not first["declarations"]


def test_pieces_met_in_another_record_read_the_same():
    """Hand 3 of the good session: B (1) deals, all pass, B takes the 18 (+9, the others
    -3 each: 18 = 9 + 3 * 3). Its words share no piece with hand 2; its sitting-out C
    and its dealer B are read from the memory the second time."""
    seats = Seats(PLAYERS)
    text = '{"d":1,"o":"2","w":"2p3p0p1p","D":["301",-3,-3,9]}'
    want = {"dealer": "B", "sitting_out": ["C"],
            "declarations": {"C": "pass", "D": "pass", "A": "pass", "B": "pass"},
            "deltas": {"D": -3, "A": -3, "B": 9}}
    for _ in range(3):
        got = decode_record(text, seats)
        assert got == want and list(got["deltas"]) == ["D", "A", "B"]
        got["sitting_out"].append("A")
    assert decode_record(HAND_2, seats) == WANT_2


@pytest.mark.parametrize("text", [
    '{"d":true}',            # true is no seat, though it equals 1
    '{"d":4}',               # no seat 4 of four
    '{"w":"1s2"}',           # an odd number of characters
    '{"D":["1230",12,0,-9]}',  # four seats, three changes
    '{"D":["9",1]}',         # no seat "9"
    '{"t":"x"}',             # no suit x
])
def test_a_damaged_piece_is_an_error_before_and_after_good_ones(text):
    seats = Seats(PLAYERS)
    decode_record('{"d":1,"t":"h","w":"1s2p3m0s","D":["1230",1,2,3,-6]}', seats)
    for _ in range(2):  # never remembered as good
        with pytest.raises(ValueError):
            decode_record(text, seats)
    assert decode_record('{"d":1}', seats) == {"dealer": "B"}


def test_the_memory_stays_bounded_however_many_pieces():
    seats = Seats(PLAYERS)
    limit = codec.READ_LIMIT
    for n in range(limit + 100):
        note = f"{n:06d}"
        # tricks texts of every length: each a piece never met before
        got = decode_record(f'{{"d":{n % 4},"k":"0{chr(48 + n % 40)}{note[0]}1","n":"{note}"}}',
                            seats)
        assert got["dealer"] == PLAYERS[n % 4] and got["note"] == note
        assert len(seats.read) <= limit


def test_the_order_of_a_hands_facts_worked_by_hand():
    seats = Seats(PLAYERS)
    # A (0) deals hand 2: dealt from the dealer's left B C D, then A; no one left over
    assert seat_order("sspm", 0, seats) == ((1, "B"), (2, "C"), (3, "D"), (0, "A"))
    # C (2) sits out, B (1) deals: D A B dealt, then C in seat order
    assert seat_order("xx-x", 1, seats) == ((3, "D"), (0, "A"), (1, "B"), (2, "C"))
    deltas, looed = hand_facts("[-3,null,9,-6]", 0b1001, "xx-x", 1, seats)
    assert deltas == {"D": -6, "A": -3, "C": 9} and list(deltas) == ["D", "A", "C"]
    assert looed == ["D", "A"]
    assert hand_facts("[-3,null,9,-6]", 0, "xx-x", 1, seats)[1] == []


def test_the_facts_read_as_the_general_functions_read_them():
    """Every words column of three seats over ``x``, ``p`` and ``-``, every dealer (one out
    of range too), a change or none per seat, every looed mask: the remembered order gives
    what deltas_dict and looed_list give, hand after hand with one Seats."""
    players = ["A", "B", "C"]
    seats = Seats(players)
    rng = random.Random(20)
    for letters in itertools.product("xp-", repeat=3):
        words = "".join(letters)
        for dealer in range(4):
            for _ in range(4):
                row = [rng.choice([None, rng.randint(-30, 30)]) for _ in players]
                text = "[" + ",".join("null" if d is None else str(d) for d in row) + "]"
                want = deltas_dict(text, words, dealer, players)
                got = hand_facts(text, 0, words, dealer, seats)[0]
                assert got == want and list(got) == list(want), (words, dealer, text)
            for mask in range(8):
                assert hand_facts("[0,0,0]", mask, words, dealer, seats)[1] == looed_list(
                    mask, words, dealer, players), (words, dealer, mask)


def test_a_hand_whose_columns_do_not_fit_the_seats_reads_the_general_way():
    seats = Seats(PLAYERS)
    # five words for four seats (the fifth not dealt): from A's left B C D, then A
    assert list(hand_facts("[1,2,3,-6]", 0, "xxxx-", 0, seats)[0].items()) == [
        ("B", 2), ("C", 3), ("D", -6), ("A", 1)]
    with pytest.raises(IndexError):   # a fifth seat dealt in, with no change stored
        hand_facts("[1,2,3,-6]", 0, "xxxxx", 0, seats)
    with pytest.raises(IndexError):   # a change for a fifth seat no one holds
        hand_facts("[1,2,3,-6,0]", 0, "xxxx", 0, seats)
    with pytest.raises(IndexError):   # a looed fifth seat
        hand_facts("[1,2,3,-6,null]", 16, "xxxxx", 0, seats)
    with pytest.raises(TypeError):    # no words at all
        hand_facts("[1,2,3,-6]", 0, None, 0, seats)  # type: ignore[arg-type]
