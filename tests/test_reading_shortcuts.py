"""The reading figures' shortcuts (issue 20: ``loo hands --json`` and the exports) give what
the long way gives: formats/handcodec.py ``record_to_dict`` copies a hand's words, tricks
and deltas whole only where they are plain text and whole numbers; store/codec.py
``decode_record`` reads a compact record's deltas without zip's ``strict`` (their length
checked first); store/ledger.py ``iter_hands`` gives a hand's keys in the order ``loo
hands --json`` writes them.

Seats A B C D (positions 0 1 2 3), as in test_reading_memo.py.
"""

from __future__ import annotations

import pytest

from loo_ledger.domain.rules.codes import Suit, Word
from loo_ledger.domain.rules.model import HandRecord
from loo_ledger.formats.handcodec import record_to_dict
from loo_ledger.store.codec import Seats, decode_record


def test_words_given_as_codes_are_written_as_plain_text():
    """B stands, C passes (plain text), D takes the miss given as the code Word.MISS, the
    dealer A stands as Word.STAND: the object says "stand", "pass", "miss", "stand", each a
    plain str, in the order given; the trump Suit.HEARTS is "hearts"."""
    h = HandRecord(dealer="A", trump=Suit.HEARTS,
                   declarations={"B": "stand", "C": "pass", "D": Word.MISS, "A": Word.STAND},
                   tricks={"B": 2, "D": 0, "A": 1}, deltas={"B": 12, "C": 0, "D": -9, "A": -3})
    out = record_to_dict(h)
    assert out == {"dealer": "A", "trump": "hearts",
                   "declarations": {"B": "stand", "C": "pass", "D": "miss", "A": "stand"},
                   "tricks": {"B": 2, "D": 0, "A": 1},
                   "deltas": {"B": 12, "C": 0, "D": -9, "A": -3}}
    assert list(out) == ["dealer", "trump", "declarations", "tricks", "deltas"]
    assert {type(w) for w in out["declarations"].values()} == {str}
    assert type(out["trump"]) is str


def test_counts_that_are_not_whole_numbers_are_copied_a_value_at_a_time():
    """A record changed by hand may hold text among its counts (the engine refuses it
    later, naming the hand): a code is written as its plain text, a number as it is."""
    h = HandRecord(tricks={"B": Word.STAND, "D": 0}, deltas={"B": "3", "D": -3})
    out = record_to_dict(h)
    assert out == {"tricks": {"B": "stand", "D": 0}, "deltas": {"B": "3", "D": -3}}
    assert type(out["tricks"]["B"]) is str


def test_each_hand_object_is_a_new_one():
    """The copies are the caller's: changing one leaves the record as it was."""
    h = HandRecord(declarations={"B": "stand"}, tricks={"B": 3}, deltas={"B": 9, "C": -9})
    out = record_to_dict(h)
    out["declarations"]["B"] = "pass"
    out["tricks"]["B"] = 0
    out["deltas"].clear()
    assert h.declarations == {"B": "stand"} and h.tricks == {"B": 3}
    assert h.deltas == {"B": 9, "C": -9}


@pytest.mark.parametrize("text", [
    '{"D":["1230",12,0,-9]}',        # four seats, three changes
    '{"D":["123",12,0,-9,-3]}',      # three seats, four changes
    '{"D":["",1]}',                  # no seat, one change
])
def test_deltas_whose_seats_and_changes_do_not_pair_are_an_error(text):
    seats = Seats(["A", "B", "C", "D"])
    for _ in range(2):  # the order of seats remembered the second time
        with pytest.raises(ValueError):
            decode_record(text, seats)


def test_deltas_read_in_the_order_stored():
    """Hand 2 of the good session: B +12, C 0, D -9, A -3 (12 + 0 - 9 - 3 = 0)."""
    seats = Seats(["A", "B", "C", "D"])
    got = decode_record('{"D":["1230",12,0,-9,-3]}', seats)
    assert list(got["deltas"].items()) == [("B", 12), ("C", 0), ("D", -9), ("A", -3)]
    assert decode_record('{"D":[""]}', seats) == {"deltas": {}}


def test_a_hands_keys_come_in_the_order_hands_json_writes_them(good_db):
    """``loo hands --json``'s fields, in its order (number, dealer, double, pool_in, pot,
    deltas, pool_after, looed, outcome, table_ruling, record: cli/reports.py
    HAND_FIELDS), are the keys of each row Ledger.iter_hands gives, and hand_rows gives those
    rows, with or without a progress to tell (told once: fewer than 1,000 hands)."""
    from loo_ledger.cli.reports import HAND_FIELDS
    from loo_ledger.services.reports.stream import hand_rows
    from loo_ledger.store.ledger import Ledger
    want = ["number", "dealer", "double", "pool_in", "pot", "deltas", "pool_after", "looed",
            "outcome", "table_ruling", "record"]
    ledger = Ledger.open(good_db)
    try:
        rows = list(ledger.iter_hands(1))
        assert len(rows) > 1 and all(list(r) == want for r in rows)
        assert tuple(want) == HAND_FIELDS
        assert list(hand_rows(ledger, 1)) == rows
        counted: list[int] = []
        assert list(hand_rows(ledger, 1, counted.append)) == rows
        assert counted == [len(rows)]
    finally:
        ledger.close()


def test_only_the_keys_asked_for_are_read():
    """Hand 2 of the good session, compact: asked for its words, tricks and cards (what the
    hands' CSV reads), the record gives B stand, C pass, D miss, A stand and tricks B 2,
    D 0, A 1 (it has no cards), not its dealer, trump or deltas; a record stored as given
    (an extension field keeps it so) is cut the same way; nothing asked, nothing given."""
    from loo_ledger.store.codec import record_keys
    seats = Seats(["A", "B", "C", "D"])
    keys = record_keys(["declarations", "tricks", "cards"])
    compact = '{"d":0,"t":"h","w":"1s2p3m0s","k":"123001","D":["1230",12,0,-9,-3]}'
    got = decode_record(compact, seats, keys)
    assert got == {"declarations": {"B": "stand", "C": "pass", "D": "miss", "A": "stand"},
                   "tricks": {"B": 2, "D": 0, "A": 1}}
    assert list(got) == ["declarations", "tricks"]
    as_given = '{"dealer":"A","tricks":{"B":2,"D":0,"A":1},"x-app":1}'
    assert decode_record(as_given, seats, keys) == {"tricks": {"B": 2, "D": 0, "A": 1}}
    assert decode_record(compact, seats, record_keys([])) == {}
    assert decode_record(compact, seats)["dealer"] == "A"  # the whole record otherwise


def test_the_hands_with_only_some_keys_of_their_records(good_db):
    """The good session's three hands with only their records' tricks: hand 1 A 1, B 0,
    C 1, D 1; hand 2 B 2, D 0, A 1; hand 3 none (everybody passed); every other key of the
    rows as the whole rows give them."""
    from loo_ledger.store.ledger import Ledger
    ledger = Ledger.open(good_db)
    try:
        whole = list(ledger.iter_hands(1))
        cut = list(ledger.iter_hands(1, records=("tricks",)))
    finally:
        ledger.close()
    assert [r["record"] for r in cut] == [{"tricks": {"A": 1, "B": 0, "C": 1, "D": 1}},
                                          {"tricks": {"B": 2, "D": 0, "A": 1}}, {}]
    assert [{**r, "record": None} for r in cut] == [{**r, "record": None} for r in whole]


def test_a_hand_read_from_its_values_is_the_hand_read_from_its_text():
    """Hand 2 of the good session as the values the store decodes it to: read as they
    are (formats/reader.py ``read_value``), the record is the one its JSON text gives (A
    deals, hearts, B stand C pass D miss A stand, tricks B 2 D 0 A 1). What that read
    refuses is None, for the text's reader to read or word: an extension field, a name
    that is not a player's, a name sitting out twice, a note that is a number."""
    import json

    from loo_ledger.formats.reader import read_hand, read_value
    players = ("A", "B", "C", "D")
    hand = {"dealer": "A", "trump": "hearts",
            "declarations": {"B": "stand", "C": "pass", "D": "miss", "A": "stand"},
            "tricks": {"B": 2, "D": 0, "A": 1}}
    got = read_value(hand, players)
    assert got == read_hand(json.dumps(hand).encode(), players).record
    assert got is not None and got.dealer == "A" and got.tricks == {"B": 2, "D": 0, "A": 1}
    for refused in ({**hand, "x-app": 1}, {**hand, "dealer": "E"},
                    {**hand, "sitting_out": ["C", "C"]}, {**hand, "note": 5}):
        assert read_value(refused, players) is None
