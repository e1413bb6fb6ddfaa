"""loo check: re-derive every stored hand from its raw record and report each difference.

The database holds tests/conftest.py's good session (worked by hand in test_cli.py):
    hand 1, D deals: deltas A +3, B -9, C +3, D -6; pool 0 -> 9
    hand 2, A deals: deltas A -3, B +12, C 0, D -9; pool 9 -> 9
        postings: A antes 9, pool pays B 12 (2 tricks at 6), pool pays A 6, D pays the loo 9
    hand 3, B deals, all pass: deltas B +9; pool 9 -> 0
    seats' nets A 0, B 12, C 3, D -15.
Each test edits one thing behind the program's back with sqlite3 (tables from
loo_ledger/store/migrations.py: hands.deltas / pool_in / record / moves (m015: the
movements packed, store/codec.py), seats.net), each in a fresh database, and works out
which differences check must report.
"""

from __future__ import annotations

import json
import sqlite3

from loo_ledger.domain.rules.codes import MovementKind
from loo_ledger.store.codec import KIND_CODE, Seats, pack_move
from loo_ledger.store.codec import decode_record as decode


def _edit(db, sql, params=()):
    conn = sqlite3.connect(db)
    try:
        with conn:
            assert conn.execute(sql, params).rowcount == 1
    finally:
        conn.close()


def _hand_column(db, number, column):
    conn = sqlite3.connect(db)
    try:
        return conn.execute(f"SELECT {column} FROM hands WHERE session_id = 1 AND number = ?",
                            (number,)).fetchone()[0]
    finally:
        conn.close()


def _check(loo, db):
    """(text result, set of (code, hand, player) from --json)."""
    text = loo(db, "check")
    as_json = loo(db, "check", "--json")
    assert as_json.exit_code == text.exit_code
    found = {(p["code"], p["hand"], p["player"]) for p in json.loads(as_json.stdout)}
    return text, found


# -- no hands, so nothing to sort: works today --------------------------------------

def test_check_on_an_empty_database(loo, tmp_path):
    from loo_ledger.store.ledger import Ledger
    Ledger.open(tmp_path / "loo.db").close()
    result = loo(tmp_path / "loo.db", "check")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["0 differences in 0 session(s)"]


def test_check_on_a_missing_database_creates_nothing(loo, tmp_path):
    result = loo(tmp_path / "loo.db", "check")
    assert result.exit_code == 1 and str(tmp_path / "loo.db") in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_check_a_session_without_hands(loo, tmp_path, good_session, save):
    db = tmp_path / "loo.db"
    good_session["hands"] = []
    assert loo(db, "import", save(tmp_path / "s.json", good_session)).exit_code == 0
    result = loo(db, "check")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["0 differences in 1 session(s)"]


# -- a real session ------------------------------------------------------------------

def test_check_an_untouched_session(loo, good_db):
    text, found = _check(loo, good_db)
    assert text.exit_code == 0, text.output
    assert text.stdout.splitlines() == ["0 differences in 1 session(s)"]
    assert found == set()


def test_stored_deltas_changed(loo, good_db):
    # Hand 2's stored B +12 becomes +13: the rules give +12, and the stored changes now sum
    # to +1 while the pool stayed at 9, so they no longer conserve chips.
    deltas = json.loads(_hand_column(good_db, 2, "deltas"))  # in seat order A B C D (m015)
    assert deltas == [-3, 12, 0, -9]
    deltas[1] = 13
    _edit(good_db, "UPDATE hands SET deltas = ? WHERE session_id = 1 AND number = 2",
          (json.dumps(deltas),))
    text, found = _check(loo, good_db)
    assert text.exit_code == 1
    assert found == {("CHECK_DELTAS", 2, None), ("CHECK_CONSERVATION", 2, None)}
    assert "hand 2" in text.stdout and "CHECK_DELTAS" in text.stdout
    assert "B's change +13 stored, the rules give +12" in text.stdout
    assert "hand 1" not in text.stdout and "hand 3" not in text.stdout
    assert text.stdout.splitlines()[-1] == "2 differences in 1 session(s)"


def test_posting_amount_changed(loo, good_db):
    # Hand 2's payment of 12 to B becomes 11: the postings no longer match the rules'
    # movements, and B's stored net of 12 no longer equals B's postings (-9 + 11 + 9 = 11).
    share = KIND_CODE[MovementKind.SHARE]  # the second movement, pool (-1) to B (seat 1)
    eleven, twelve = pack_move(-1, 1, 11, share), pack_move(-1, 1, 12, share)
    _edit(good_db, f"""UPDATE hands SET moves = json_set(moves, '$[1]', {eleven})
                      WHERE session_id = 1 AND number = 2
                      AND json_extract(moves, '$[1]') = {twelve}""")
    text, found = _check(loo, good_db)
    assert text.exit_code == 1
    assert found == {("CHECK_POSTINGS", 2, None), ("CHECK_BALANCE", None, "B")}
    assert "hand 2" in text.stdout and "player B" in text.stdout
    assert "B's balance 12 stored, the postings add up to 11: +1" in text.stdout


def test_seat_net_changed(loo, good_db):
    # C's net 3 becomes 30; C's postings still add up to 3 + 0 + 0 = 3.
    _edit(good_db, "UPDATE seats SET net = 30 WHERE session_id = 1 AND name = 'C'")
    text, found = _check(loo, good_db)
    assert text.exit_code == 1
    assert found == {("CHECK_BALANCE", None, "C")}
    assert "player C" in text.stdout
    assert "C's balance 30 stored, the postings add up to 3: +27" in text.stdout
    assert text.stdout.splitlines()[-1] == "1 difference in 1 session(s)"


def test_pool_in_breaks_continuity(loo, good_db):
    # Hand 3's pool carried in becomes 10 though hand 2 left 9: continuity breaks; hand 3's
    # stored changes (+9) with pool 10 -> 0 no longer conserve (9 + 0 - 10 = -1); and the
    # rules give the pool 9 -> 0.
    assert _hand_column(good_db, 3, "pool_in") == 9
    _edit(good_db, "UPDATE hands SET pool_in = 10 WHERE session_id = 1 AND number = 3")
    text, found = _check(loo, good_db)
    assert text.exit_code == 1
    assert found == {("CHECK_CONTINUITY", 3, None), ("CHECK_CONSERVATION", 3, None),
                     ("CHECK_POOL", 3, None)}
    assert "hand 3" in text.stdout
    assert "pool carried in is 10, but the hand before left 9" in text.stdout


def test_raw_record_tricks_changed(loo, good_db):
    # Hand 2's record now says B 1, D 0, A 2 (was B 2, A 1). At 6 a trick the rules give
    # B +6 and A -9 + 12 = +3 (D still looed -9, C 0, pool still 18 - 18 + 9 = 9), so the
    # stored deltas and postings differ from the rules; nets and pool still agree with them.
    # The statistics rows of hand 2 (A's and B's tricks and changes) differ too, and so do
    # A's and B's totals: A tricks 2 -> 3, net 0 -> +6, worst -3 -> 0; B tricks 2 -> 1,
    # net 12 -> 6, best 12 -> 6; by seat, A's as dealer and B's as eldest. One finding each
    # for player_totals and seat_totals of A and of B: 7 in all. The session's totals (pools,
    # loos paid) do not change.
    # (m015 stores the record compactly; written back as the session format, it reads so)
    record = decode(_hand_column(good_db, 2, "record"), Seats(["A", "B", "C", "D"]))
    assert record["tricks"] == {"B": 2, "D": 0, "A": 1}
    record["tricks"] = {"B": 1, "D": 0, "A": 2}
    _edit(good_db, "UPDATE hands SET record = ? WHERE session_id = 1 AND number = 2",
          (json.dumps(record),))
    text, found = _check(loo, good_db)
    assert text.exit_code == 1
    assert found == {("CHECK_DELTAS", 2, None), ("CHECK_POSTINGS", 2, None),
                     ("CHECK_PLAYS", 2, None), ("CHECK_TOTALS", None, "A"),
                     ("CHECK_TOTALS", None, "B")}
    assert "hand 2" in text.stdout
    assert "hand 1" not in text.stdout and "hand 3" not in text.stdout
    assert "session_totals" not in text.stdout
    assert text.stdout.splitlines()[-1] == "7 differences in 1 session(s)"
