"""Issue 12: a hand's ``cards`` in session files: schema, round trips, import, settling."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from msgspec.structs import replace

from loo_ledger.domain.settlement.session import replay
from loo_ledger.errors import SessionFileError
from loo_ledger.formats.sessionfile import dumps_session, load_session_file, session_from_dict

ROOT = Path(__file__).resolve().parents[1]
CARD_SAMPLES = [ROOT / "sample_sessions" / f"{n}.json" for n in (
    "three-card-cards-tuesday", "five-card-pam-cards", "lou-cards-evening")]

# Three-card, A B C, C deals. Hand 1 is a simple pool (play-all): no trump until someone
# fails to follow; hand 2 (A deals, B leads) a double pool with 2h turned. Cards typed in
# every accepted form.
SESSION = {
    "format": "loo-session/1", "variant": "three-card", "players": ["A", "B", "C"],
    "first_dealer": "C", "opening_pool": 0,
    "hands": [
        # Trick 1 Ah 3h 5h: no failure, A wins. Trick 2 A Ks, B 4d fails: 3c is turned,
        # clubs are trumps; no club in the trick, A wins. Trick 3 A Kd, B Qs, C Qd: A.
        # B held Qs at trick 2 (played it at 3): a revoke of follow_suit, caught.
        {"cards": {"turned": "3♣", "tricks": [["A♥", "3h", "5H"], ["Ks", "4d", "4s"],
                                               ["KD", "qs", "Qd"]]},
         "x-app": {"kept": True}},
        # B leads Ah (top trump), wins; B Ks, C Qs, A 6s: B; B 3d, C heads with Kd: C.
        {"declarations": {"A": "stand", "B": "stand", "C": "stand"}, "tricks": {"B": 2, "C": 1},
         "cards": {"trump_card": "2h", "dealt": {"B": ["Ah", "Ks", "3d"],
                                                 "C": ["4h", "Qs", "Kd"],
                                                 "A": ["5c", "6s", "7d"]},
                   "tricks": [["Ah", "4h", "5c"], ["Ks", "Qs", "6s"], ["3d", "Kd", "7d"]]}},
    ],
}


def _dumps(obj) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def test_cards_as_typed_round_trip_byte_for_byte(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(_dumps(SESSION), encoding="utf-8")
    session, raw = load_session_file(path)
    assert session.hands[0].cards.turned == "3♣"
    assert session.hands[0].cards.tricks[0] == ("A♥", "3h", "5H")
    assert dumps_session(session, raw) == path.read_text(encoding="utf-8")


def test_the_simple_pool_hand_is_judged_from_its_cards():
    # Hand 1: simple pool of 9 (C's ante). A takes all three tricks: the whole 9.
    # B revoked (looed: pays 9); C took no trick (looed: pays 9). A +9, B -9, C -18, pool 18.
    s = replay(session_from_dict(copy.deepcopy(SESSION)))
    first, second = s.settlements
    assert dict(first.deltas) == {"A": 9, "B": -9, "C": -18} and first.pool_after == 18
    # Hand 2: 18 carried in, A antes 9: P = 27, a trick 9. B +18, C +9, A -9 - 9 (looed);
    # the pool 18 + 9 - 27 + 9 = 9.
    assert dict(second.deltas) == {"B": 18, "C": 9, "A": -18} and second.pool_after == 9
    assert first.notes == ("the cards show a breach: trick 2, B played 4d: must follow suit "
                           "(spades led), holding Qs [follow_suit=true]",)


@pytest.mark.parametrize("path", CARD_SAMPLES, ids=lambda p: p.stem)
def test_a_sample_with_full_cards_settles_as_its_trick_counts_and_round_trips(path):
    text = path.read_text(encoding="utf-8")
    session, raw = load_session_file(path)
    assert dumps_session(session, raw) == text
    assert 6 <= len(session.hands) <= 10
    assert all(h.cards and h.cards.dealt and h.cards.tricks for h in session.hands)
    both = replay(session)
    counts_only = replay(replace(session, hands=tuple(replace(h, cards=None)
                                                      for h in session.hands)))
    cards_only = replay(replace(session, hands=tuple(replace(h, tricks=None)
                                                     for h in session.hands)))
    for a, b, c in zip(both.settlements, counts_only.settlements, cards_only.settlements,
                       strict=True):
        assert a.movements == b.movements == c.movements and a.notes == ()
    assert both.final == counts_only.final == cards_only.final


def test_the_cards_import_and_export_unchanged_through_the_ledger(loo, tmp_path):
    for path in CARD_SAMPLES:
        db, out = tmp_path / f"{path.stem}.db", tmp_path / f"{path.stem}.out.json"
        assert loo(db, "import", path).exit_code == 0
        assert loo(db, "export", "-o", out).exit_code == 0
        assert out.read_bytes() == path.read_bytes()


def _refused(data) -> SessionFileError:
    with pytest.raises(SessionFileError) as e:
        session_from_dict(data)
    return e.value


def test_a_bad_card_is_refused_by_its_path_and_named():
    data = copy.deepcopy(SESSION)
    data["hands"][1]["cards"]["tricks"][2][1] = "11d"
    err = _refused(data)
    assert [p.path for p in err.problems] == ["$.hands[1].cards.tricks[2][1]"]
    assert err.problems[0].message.startswith("'11d' is not a card: write the rank")


def test_unknown_fields_and_overlong_parts_of_cards_are_refused():
    data = copy.deepcopy(SESSION)
    data["hands"][1]["cards"]["x-app"] = 1
    assert [p.path for p in _refused(data).problems] == ['$.hands[1].cards["x-app"]']
    data = copy.deepcopy(SESSION)
    data["hands"][1]["cards"]["tricks"].append(["2c"] * 3)
    data["hands"][1]["cards"]["tricks"] += [["2c"]] * 2
    assert [p.path for p in _refused(data).problems] == ["$.hands[1].cards.tricks"]


def test_counts_against_the_cards_refuse_the_import_showing_both(loo, tmp_path):
    data = copy.deepcopy(SESSION)
    data["hands"][1]["tricks"] = {"B": 1, "C": 2}
    path = tmp_path / "bad.json"
    path.write_text(_dumps(data), encoding="utf-8")
    db = tmp_path / "l.db"
    result = loo(db, "import", path)
    assert result.exit_code == 1
    assert ("hand 2: the trick counts recorded (B 1, C 2, A 0) are not what the cards show "
            "(B 2, C 1, A 0: trick 1 B; trick 2 B; trick 3 C) [TRICKS_DISAGREE]") in result.output
