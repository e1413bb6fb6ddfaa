"""Issue 12: a hand's recorded cards judged by validate/settle (hand-worked from RULES.md).

The deal used throughout: three-card Loo (preset three-card), seats A, B, C, C deals a double
pool carrying 12 in. C antes 9 (ante_model=dealer), so P = 21 and a trick is worth 21 // 3 = 7;
a loo is 9 (loo=limited, loo_amount=9). Hearts are trumps (2h turned).
  A holds Ah Ks 3d, B holds 4h Qs Kd, C holds 5c 6s 7d.
  Trick 1: A must lead the ace of trumps (top_trump): Ah; B follows 4h; C, void with no trump,
  throws 5c. A wins. Trick 2: A has no trump left: Ks; B Qs (its only spade); C 6s. A wins.
  Trick 3: A 3d; B heads with Kd; C 7d. B wins. So A 2, B 1, C 0:
  A +14, B +7, C -9 ante -9 looed = -18; the pool 12 + 9 - 21 + 9 = 9.
"""

from msgspec.structs import replace

from loo_ledger.domain.rules.model import CardRecord, HandRecord, Penalty, opening_state
from loo_ledger.domain.rules.variants import variant
from loo_ledger.domain.settlement.engine import settle, validate

V = variant("three-card")
STATE = opening_state(("A", "B", "C"), "C", 12)
WORDS = {"A": "stand", "B": "stand", "C": "stand"}
DEALT = {"A": ("Ah", "Ks", "3d"), "B": ("4h", "Qs", "Kd"), "C": ("5c", "6s", "7d")}
PLAY = (("Ah", "4h", "5c"), ("Ks", "Qs", "6s"), ("3d", "Kd", "7d"))
CARDS = CardRecord(trump_card="2h", dealt=DEALT, tricks=PLAY)


def test_full_cards_settle_exactly_as_the_trick_counts():
    by_cards = settle(HandRecord(declarations=WORDS, cards=CARDS), STATE, V)
    by_counts = settle(HandRecord(declarations=WORDS, tricks={"A": 2, "B": 1}), STATE, V)
    assert dict(by_cards.deltas) == dict(by_counts.deltas) == {"A": 14, "B": 7, "C": -18}
    assert by_cards.pool_after == by_counts.pool_after == 9
    assert by_cards.movements == by_counts.movements and by_cards.notes == ()
    both = settle(HandRecord(declarations=WORDS, tricks={"A": 2, "B": 1}, cards=CARDS),
                  STATE, V)
    assert dict(both.deltas) == {"A": 14, "B": 7, "C": -18}


def test_the_tricks_alone_are_enough():
    only = settle(HandRecord(declarations=WORDS, cards=CardRecord(trump_card="2h",
                                                                  tricks=PLAY)), STATE, V)
    assert dict(only.deltas) == {"A": 14, "B": 7, "C": -18}


# The revoke the table missed: B plays Kd to the trump lead though holding 4h (follow_suit).
# Trick 1 A (Ah); trick 2 A (Ks Qs 6s); trick 3: A 3d, B trumps with 4h, C 7d: B. A 2, B 1.
# B's revoke (revoke_penalty=looed): its share of 7 stays and it pays a loo of 9.
# A +14, B -9, C -18; the pool 12 + 9 - 14 + 9 + 9 = 25.
REVOKE = (("Ah", "Kd", "5c"), ("Ks", "Qs", "6s"), ("3d", "4h", "7d"))


def test_a_revoke_the_table_missed_is_caught_and_settled_as_the_revoke_penalty():
    record = HandRecord(declarations=WORDS, cards=replace(CARDS, tricks=REVOKE))
    s = settle(record, STATE, V)
    assert dict(s.deltas) == {"A": 14, "B": -9, "C": -18} and s.pool_after == 25
    assert s.notes == ("the cards show a breach: trick 1, B played Kd: must follow suit "
                       "(hearts led), holding 4h [follow_suit=true]",)
    told = settle(HandRecord(declarations=WORDS, tricks={"A": 2, "B": 1},
                             penalties=(Penalty(player="B", kind="revoke"),)), STATE, V)
    assert s.movements == told.movements


def test_a_breach_charged_already_is_not_charged_twice():
    record = HandRecord(declarations=WORDS, penalties=(Penalty(player="B", kind="revoke"),),
                        cards=replace(CARDS, tricks=REVOKE))
    assert dict(settle(record, STATE, V).deltas) == {"A": 14, "B": -9, "C": -18}


def test_under_a_table_ruling_the_breach_is_as_the_table_decided():
    record = HandRecord(declarations=WORDS, cards=replace(CARDS, tricks=REVOKE),
                        deltas={"A": 14, "B": 7, "C": -18}, table_ruling="let it stand")
    s = settle(record, STATE, V)
    assert dict(s.deltas) == {"A": 14, "B": 7, "C": -18} and s.pool_after == 9


def test_trick_counts_that_disagree_with_the_cards_are_refused_showing_both():
    problems = validate(HandRecord(declarations=WORDS, tricks={"A": 1, "B": 2}, cards=CARDS),
                        STATE, V)
    assert [(p.code, p.hand) for p in problems] == [("TRICKS_DISAGREE", 1)]
    assert problems[0].message == (
        "the trick counts recorded (A 1, B 2, C 0) are not what the cards show (A 2, B 1, C 0: "
        "trick 1 A; trick 2 A; trick 3 B)")


def test_the_cards_own_problems_are_named():
    twice = replace(CARDS, dealt={**DEALT, "C": ("5c", "6s", "Ah")})
    codes = {p.code for p in validate(HandRecord(declarations=WORDS, cards=twice), STATE, V)}
    assert "CARD_TWICE" in codes
    stranger = replace(CARDS, dealt={**DEALT, "Z": ("2c", "3c", "4c")})
    problems = validate(HandRecord(declarations=WORDS, cards=stranger), STATE, V)
    assert ("CARDS_NOT_DEALT", "Z") in [(p.code, p.player) for p in problems]
    assert problems[0].message == "cards are recorded for Z, who was not dealt in this hand"
    bad = validate(HandRecord(declarations=WORDS, cards=replace(CARDS, trump_card="1x")),
                   STATE, V)
    assert bad[0].code == "BAD_CARD" and bad[0].message == "not cards: '1x' (trump_card)"


def test_cards_when_nobody_played_are_refused():
    passed = {"A": "pass", "B": "pass", "C": "stand"}
    problems = validate(HandRecord(declarations=passed, cards=CardRecord(tricks=PLAY[:1])),
                        STATE, V)
    assert "TRICKS_WITH_NO_PLAY" in {p.code for p in problems}


# Five-card (preset five-card: flushes on, Pam the jack of clubs). Trumps spades (2s turned).
# A holds a plain flush in hearts: 3h 5h 7h 9h Jh. Recorded as a trump flush, it is refused
# showing what the cards hold; recorded with no flush and no counts, the cards' flush is used.
FIVE = variant("five-card")
FIVE_STATE = opening_state(("A", "B"), "B", 0)
FIVE_DEALT = {"A": ("3h", "5h", "7h", "9h", "Jh"), "B": ("2c", "4c", "6c", "8c", "Kd")}


def test_a_flush_recorded_against_the_cards_is_refused_and_an_unrecorded_one_used():
    from loo_ledger.domain.rules.model import Flush
    cards = CardRecord(trump_card="2s", dealt=FIVE_DEALT)
    words = {"A": "stand", "B": "stand"}
    wrong = HandRecord(declarations=words, flushes=(Flush(player="A", kind="trump"),),
                       cards=cards)
    problems = validate(wrong, FIVE_STATE, FIVE)
    assert [(p.code, p.player) for p in problems] == [("FLUSH_DISAGREES", "A")]
    assert "the cards show plain (3h 5h 7h 9h Jh)" in problems[0].message
    found = settle(HandRecord(declarations=words, cards=cards), FIVE_STATE, FIVE)
    declared = settle(HandRecord(declarations=words, flushes=(Flush(player="A", kind="plain"),)),
                      FIVE_STATE, FIVE)
    assert found.movements == declared.movements and found.outcome == "flush"
