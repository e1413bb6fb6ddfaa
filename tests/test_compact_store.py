"""The store holds facts, not prose (issue 10, item 1): the compact record and the compact
facts of a hand (store/codec.py) give back exactly what they were made
from, and a ledger stores them (m015) at a few dozen bytes a hand.

The good session (tests/conftest.py, worked by hand in test_cli.py): three-card, seats
A B C D (positions 0 1 2 3), D deals first.
    hand 1, D deals a simple pool, everyone plays: A +3, B -9 (looed), C +3, D -6;
    hand 2, A deals a double: B stands, C passes, D takes the miss, A stands; B 2 tricks,
            A 1, D 0 (looed): A -3, B +12, C 0, D -9; pool 9 -> 9.
    hand 3, B deals, all pass: B takes the 18: B +9.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from loo_ledger.store.codec import (
    KIND_CODE,
    OUTCOME_CODE,
    Seats,
    deltas_dict,
    looed_list,
    pack_move,
    played_tricks,
    unpack_move,
)
from loo_ledger.store.codec import decode_record as decode
from loo_ledger.store.codec import encode_record as encode

ROOT = Path(__file__).resolve().parent.parent
CONFORMANCE = ROOT / "tests" / "data" / "conformance" / "cases"
SEATS = Seats(["A", "B", "C", "D"])


def _sessions() -> list[dict]:
    files = sorted((ROOT / "sample_sessions").glob("*.json"))
    out = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    for case in sorted(CONFORMANCE.glob("*.json")):
        session = json.loads(case.read_text(encoding="utf-8")).get("session")
        if isinstance(session, dict) and isinstance(session.get("players"), list):
            out.append(session)
    return out


def test_every_sample_and_conformance_hand_comes_back_exactly():
    hands = 0
    for session in _sessions():
        seats = Seats(session["players"])
        for hand in session.get("hands", []):
            text = encode(hand, seats)
            back = decode(text, seats)
            assert back == hand and list(back) == list(hand), (text, hand)
            assert json.dumps(back) == json.dumps(hand)  # key order too, nested
            hands += 1
    assert hands > 200


def test_a_record_in_compact_form_worked_by_hand():
    # hand 2 of the good session with its recorded changes, a note and an extension field
    hand = {"dealer": "A", "trump": "hearts",
            "declarations": {"B": "stand", "C": "pass", "D": "miss", "A": "stand"},
            "tricks": {"B": 2, "D": 0, "A": 1}, "deltas": {"B": 12, "C": 0, "D": -9, "A": -3},
            "note": "B's night", "x-app": {"id": 7}}
    text = encode(hand, SEATS)
    assert text == ('{"d":0,"t":"h","w":"1s2p3m0s","k":"123001","D":["1230",12,0,-9,-3],'
                    '"n":"B\'s night","x-app":{"id":7}}')
    assert decode(text, SEATS) == hand and list(decode(text, SEATS)) == list(hand)


def test_flushes_penalties_sitting_out_and_exchanges():
    hand = {"sitting_out": ["C"], "exchanges": {"A": 2, "B": 0},
            "flushes": [{"player": "B", "kind": "trump", "suit": "spades"}],
            "penalties": [{"player": "D", "kind": "revoke"}], "pam_holder": "A",
            "table_ruling": "agreed"}
    text = encode(hand, SEATS)
    assert json.loads(text) == {"o": "2", "e": "0210",
                                "f": [{"player": 1, "kind": "trump", "suit": "spades"}],
                                "q": [{"player": 3, "kind": "revoke"}], "p": 0, "r": "agreed"}
    assert decode(text, SEATS) == hand


@pytest.mark.parametrize("hand", [
    {"dealer": "Zed"},                          # not seated
    {"declarations": {"A": "shout"}},          # not a word
    {"tricks": {"A": 99}},                      # more than a character holds
    {"deltas": {"A": 1.5}},                     # not whole
    {"trump": "h"},                             # would read as hearts
    {"declarations": None},
])
def test_what_cannot_be_made_compact_is_stored_as_given(hand):
    text = encode(hand, SEATS)
    assert json.loads(text) == hand and decode(text, SEATS) == hand


@pytest.mark.parametrize("text", ['{"d":9}', '{"w":"0z"}', '{"k":"0"}', '{"D":["01",1]}',
                                  '{"z":1}', '{"tricks":'])
def test_a_damaged_compact_record_is_an_error_not_a_guess(text):
    with pytest.raises(ValueError):
        decode(text, SEATS)


def test_a_movement_packs_into_one_integer():
    # D (seat 3) pays the pool a loo of 9: payer 3 + 1 = 4, payee 0 (the pool), kind loo
    # (3) at bit 10, amount 9 at bit 14: 4 + 3 * 1024 + 9 * 16384 = 150532
    assert KIND_CODE["loo"] == 3
    assert pack_move(3, -1, 9, KIND_CODE["loo"]) == 150532
    assert unpack_move(150532) == (3, -1, 9, "loo")
    # the pool pays B (seat 1) a share of 12: 0 + 2 * 32 + 1 * 1024 + 12 * 16384 = 197696
    assert pack_move(-1, 1, 12, KIND_CODE["share"]) == 197696
    assert unpack_move(197696) == (-1, 1, 12, "share")
    with pytest.raises(ValueError):
        unpack_move(15 << 10)


def test_the_facts_by_name():
    # hand 2: A deals, dealt order B C D A; D looed (bit 3); B and A played, C passed
    assert deltas_dict("[-3,12,0,-9]", "sspm", 0, ["A", "B", "C", "D"]) == {
        "B": 12, "C": 0, "D": -9, "A": -3}
    assert list(deltas_dict("[-3,12,0,-9]", "sspm", 0, ["A", "B", "C", "D"])) == [
        "B", "C", "D", "A"]
    assert looed_list(8, "sspm", 0, ["A", "B", "C", "D"]) == ["D"]
    # D took the miss and played (looed, no trick): played, 0 tricks
    assert played_tricks("sspm", "1200", OUTCOME_CODE["played"], ["A", "B", "C", "D"]) == {
        "A": 1, "B": 2, "D": 0}
    assert played_tricks("pppp", "0000", OUTCOME_CODE["all-pass"], list("ABCD")) == {}


def test_the_good_session_is_stored_as_facts(loo, good_db):
    with sqlite3.connect(good_db) as conn:
        rows = conn.execute("SELECT number, dealer, deltas, outcome, looed, words, tricks, "
                            "moves FROM hands ORDER BY number").fetchall()
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert "postings" not in tables and "plays" not in tables
    ante, share, loo_ = (KIND_CODE[k] for k in ("ante", "share", "loo"))
    assert rows[0][:7] == (1, 3, "[3,-9,3,-6]", OUTCOME_CODE["played"], 2, "xxxx", "1011")
    assert sorted(json.loads(rows[0][7])) == sorted([
        pack_move(3, -1, 9, ante), pack_move(-1, 0, 3, share), pack_move(-1, 2, 3, share),
        pack_move(-1, 3, 3, share), pack_move(1, -1, 9, loo_)])
    assert rows[1][:7] == (2, 0, "[-3,12,0,-9]", OUTCOME_CODE["played"], 8, "sspm", "1200")
    assert rows[2][:7] == (3, 1, "[0,9,0,0]", OUTCOME_CODE["all-pass"], 0, "pppp", "0000")
    assert sorted(json.loads(rows[2][7])) == sorted([
        pack_move(1, -1, 9, ante), pack_move(-1, 1, 18, KIND_CODE["whole-pool"])])
    # the reasons are the engine's words, given again when asked
    out = json.loads(loo(good_db, "explain", "2", "--json").stdout)
    assert any("loo" in m["reason"] and m["from"] == "D" for m in out["movements"])


def test_a_first_version_ledger_is_converted_with_every_hand(loo, tmp_path):
    """m015 on tests/fixtures/v1.db (postings with reasons, no plays): every record kept,
    the facts rebuilt from them. Its session 2 (worked in tests/test_upgrade.py), hand 4:
    Cat deals a double pool of 9 and everyone passes: Cat antes 9 and takes the 18."""
    db = tmp_path / "v1.db"
    db.write_bytes((ROOT / "tests" / "fixtures" / "v1.db").read_bytes())
    with sqlite3.connect(db) as conn:
        before = [(s, n, json.loads(r)) for s, n, r in conn.execute(
            "SELECT session_id, number, record FROM hands ORDER BY 1, 2")]
    assert loo(db, "check").exit_code == 0
    with sqlite3.connect(db) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        seats = {s: Seats([r[0] for r in conn.execute(
            "SELECT name FROM seats WHERE session_id = ? ORDER BY position", (s,))])
            for s in (1, 2)}
        after = [(s, n, decode(r, seats[s])) for s, n, r in conn.execute(
            "SELECT session_id, number, record FROM hands ORDER BY 1, 2")]
        moves = conn.execute("SELECT payer, payee, amount, kind FROM movements WHERE "
                             "session_id = 2 AND hand = 4 ORDER BY seq").fetchall()
        results = conn.execute("SELECT player, word, tricks, looed, delta FROM hand_results "
                               "WHERE session_id = 2 AND hand = 3 ORDER BY seat_position"
                               ).fetchall()
    assert "postings" not in tables and "plays" not in tables
    assert after == before and len(after) == 3 + 4
    assert moves == [("Cat", "pool", 9, "ante"), ("pool", "Cat", 18, "whole-pool")]
    # hand 3: Ben deals a simple pool, everyone plays: Ann 2 tricks +6, Ben none (ante 9,
    # looed 9) -18, Cat 1 trick +3
    assert results == [("Ann", "forced", 2, 0, 6), ("Ben", "forced", 0, 1, -18),
                       ("Cat", "forced", 1, 0, 3)]


def test_a_hand_appended_reads_no_stored_record_but_the_last(loo, good_db, monkeypatch):
    """`loo hand` appends (Change.append): the writer decodes only the last stored record
    (its dealer, to trust the cached state), not the session's every hand. Hand 4 of the
    good session, C dealing a simple pool: A, B and D one trick each (+3), C antes 9 and is
    looed 9 (-18); the loo stays in the pool: 9 (worked in tests/test_upgrade.py)."""
    import loo_ledger.store.changes as changes
    calls = []
    real = changes.decode_record

    def counted(text, seats):
        calls.append(text)
        return real(text, seats)

    monkeypatch.setattr(changes, "decode_record", counted)
    result = loo(good_db, "hand", "A=1", "B=1", "C=0", "D=1")
    assert result.exit_code == 0, result.output
    assert len(calls) == 1
    balances = json.loads(loo(good_db, "balances", "--json").stdout)
    assert {p["name"]: p["net"] for p in balances["players"]} == {"A": 3, "B": 15, "C": -15,
                                                                 "D": -12}
    assert balances["pool"] == 9
    assert loo(good_db, "check").exit_code == 0


def test_facts_that_cannot_be_read_are_named_not_guessed(loo, good_db):
    """What m015 leaves for a session that no longer settles (dealer -1, no words) and a
    damaged movements column: reads name the hand; check lists the differences."""
    with sqlite3.connect(good_db) as conn:
        conn.execute("UPDATE hands SET dealer = -1, words = '', deltas = '[]', outcome = -1 "
                     "WHERE number = 2")
        conn.execute("UPDATE hands SET moves = '[1,' WHERE number = 3")
    for args in (["hands"], ["export", "-f", "csv"]):
        result = loo(good_db, *args)
        assert result.exit_code == 1, args
        assert "hand 2" in result.stderr and "Traceback" not in result.output
    # a session file is the records, the truth, which are intact: it is written whole
    exported = json.loads(loo(good_db, "export", "-f", "json").stdout)
    assert exported["hands"][1]["declarations"] == {"B": "stand", "C": "pass", "D": "miss",
                                                    "A": "stand"}
    assert len(exported["hands"]) == 3
    result = loo(good_db, "explain", "3")  # it reads every hand first: hand 2 is named
    assert result.exit_code == 1 and "cannot be read" in result.stderr
    found = {(p["code"], p["hand"]) for p in json.loads(loo(good_db, "check", "--json").stdout)}
    assert {("CHECK_HAND", 2), ("CHECK_DELTAS", 2), ("CHECK_PLAYS", 2),
            ("CHECK_POSTINGS", 3)} <= found
