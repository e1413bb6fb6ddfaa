"""Issue 21, item 2: facts the cards show are facts (worked by hand from RULES.md).

Where the cards show who held Pam, who holds a flush and of which kind, the ranks a
``flush_tiebreak=highest-card`` tie needs, and how many cards each player exchanged, the hand
settles exactly as if each had been typed; a typed figure that disagrees is refused showing
both.
"""

from __future__ import annotations

from loo_ledger.domain.rules.model import CardRecord, Flush, HandRecord, opening_state
from loo_ledger.domain.rules.variants import variant
from loo_ledger.domain.settlement.engine import settle, validate

STAND4 = {p: "stand" for p in ("A", "B", "C", "D")}
STATE4 = opening_state(("A", "B", "C", "D"), "D", 0)

# britannica-five-card: stakes of 5, the dealer 10 (ante_model=stakes, the first deal: no
# loo before it), so P = 5 + 5 + 5 + 10 = 25; loo=unlimited, so L = P = 25; a flush "loos
# the board" (flush_payout=board, board_payers=all): the holder takes P and receives L from
# every other player dealt in except other flush holders and the holder of Pam.
# Spades are trumps (2s turned). A holds a plain flush in hearts; B holds Pam (Jc), no flush.
#   A: -5 + 25 (the pool) + 25 (C) + 25 (D) = +70;  B (Pam, exempt): -5;
#   C: -5 - 25 = -30;  D: -10 - 25 = -35.  The pool 25 - 25 = 0.
BRIT5 = variant("britannica-five-card")
BOARD_DEALT = {"A": ("3h", "5h", "7h", "9h", "Kh"), "B": ("Jc", "4d", "8s", "10c", "Qd"),
               "C": ("2c", "6d", "9s", "Ac", "3s"), "D": ("4c", "7d", "Qs", "8c", "5d")}
BOARD_CARDS = CardRecord(trump_card="2s", dealt=BOARD_DEALT)


def test_the_pam_holder_the_cards_show_is_exempt_from_the_board():
    by_cards = settle(HandRecord(declarations=STAND4, cards=BOARD_CARDS), STATE4, BRIT5)
    assert dict(by_cards.deltas) == {"A": 70, "B": -5, "C": -30, "D": -35}
    assert by_cards.pool_after == 0 and by_cards.outcome == "flush"
    typed = settle(HandRecord(declarations=STAND4, flushes=(Flush(player="A", kind="plain"),),
                              pam_holder="B"), STATE4, BRIT5)
    assert by_cards.movements == typed.movements


def test_a_pam_holder_typed_against_the_cards_is_refused_showing_both():
    record = HandRecord(declarations=STAND4, pam_holder="C", cards=BOARD_CARDS)
    problems = validate(record, STATE4, BRIT5)
    assert [(p.code, p.player) for p in problems] == [("PAM_HELD_TWICE", "C")]
    assert problems[0].message == ("C is recorded as holding Pam, but the cards show Pam "
                                   "(Jc) in B's hand; there is one Pam (pam)")


# five-card with flush_tiebreak=highest-card (003): ante 5 by the dealer, loo 5, the best
# flush takes the pool and the others who play without a flush are looed (flush_payout=pool).
# Spades trumps (2s). A: a plain flush in diamonds, queen high (Q J 9 8 4); B: a plain flush
# in hearts, king high (K 10 7 5 3). Equal in kind; by seat A would win; by the higher
# cards B wins. P = 5: B +5; C, D looed 5 each (D: -5 ante - 5 = -10); A, beaten, 0.
# The pool 5 - 5 + 5 + 5 = 10.
HIGH = variant("five-card", {"flush_tiebreak": "highest-card"})
TIE_DEALT = {"A": ("Qd", "Jd", "9d", "8d", "4d"), "B": ("Kh", "10h", "7h", "5h", "3h"),
             "C": ("Jc", "4c", "6c", "9s", "Ac"), "D": ("2c", "7d", "Qs", "8c", "5d")}
TIE_CARDS = CardRecord(trump_card="2s", dealt=TIE_DEALT)
TYPED_TIE = (Flush(player="A", kind="plain", suit="diamonds", cards=("Q", "J", "9", "8", "4")),
             Flush(player="B", kind="plain", suit="hearts", cards=("K", "10", "7", "5", "3")))


def test_a_highest_card_tie_is_broken_by_the_cards_recorded():
    typed = settle(HandRecord(declarations=STAND4, flushes=TYPED_TIE), STATE4, HIGH)
    assert dict(typed.deltas) == {"A": 0, "B": 5, "C": -5, "D": -10}
    assert typed.pool_after == 10
    by_cards = settle(HandRecord(declarations=STAND4, cards=TIE_CARDS), STATE4, HIGH)
    declared = settle(HandRecord(declarations=STAND4, cards=TIE_CARDS, flushes=(
        Flush(player="A", kind="plain"), Flush(player="B", kind="plain"))), STATE4, HIGH)
    assert by_cards.movements == declared.movements == typed.movements


def test_flush_cards_typed_against_the_cards_are_refused():
    wrong = (TYPED_TIE[0], Flush(player="B", kind="plain", cards=("A", "10", "7", "5", "3")))
    problems = validate(HandRecord(declarations=STAND4, cards=TIE_CARDS, flushes=wrong),
                        STATE4, HIGH)
    assert [(p.code, p.player) for p in problems] == [("FLUSH_DISAGREES", "B")]
    assert problems[0].message == ("B's flush is recorded with A 10 7 5 3, but the cards "
                                   "show Kh 10h 7h 5h 3h")


# Exchanges (irish: three-card, no miss, exchange up to 3; ante 9 by the dealer, loo 9).
# A, B, C; C deals; every player stands; clubs trumps (5c turned). A is dealt 2d 9s 4h and
# keeps 2d, drawing Ac Kc: two cards exchanged. B and C keep their cards: every trick is
# recorded, so the cards show that they played the cards dealt (0 exchanged).
IRISH = variant("irish")
STATE3 = opening_state(("A", "B", "C"), "C", 0)
STAND3 = {"A": "stand", "B": "stand", "C": "stand"}
EX_DEALT = {"A": ("2d", "9s", "4h"), "B": ("Qc", "Kd", "3s"), "C": ("7c", "Jd", "6h")}
EX_AFTER = {"A": ("2d", "Ac", "Kc")}
# Play (every lead a trump if held, the ace of trumps first, head the trick):
#  1: A leads Ac; B Qc; C 7c.  A.   2: A Kc; B, no club left, 3s; C, none, Jd.   A.
#  3: A 2d; B heads with Kd; C, void, no trump: 6h.   B.
# A 2, B 1, C 0. P = 9, a trick 3: A +6, B +3, C -9 ante - 9 looed = -18; the pool 9.
EX_TRICKS = (("Ac", "Qc", "7c"), ("Kc", "3s", "Jd"), ("2d", "Kd", "6h"))
EX_CARDS = CardRecord(trump_card="5c", dealt=EX_DEALT, exchanged=EX_AFTER, tricks=EX_TRICKS)


def test_an_exchange_count_the_cards_show_agrees_and_settles():
    for exchanges in ({}, {"A": 2}, {"A": 2, "B": 0}):
        s = settle(HandRecord(declarations=STAND3, exchanges=exchanges, cards=EX_CARDS),
                   STATE3, IRISH)
        assert dict(s.deltas) == {"A": 6, "B": 3, "C": -18} and s.pool_after == 9


def test_an_exchange_count_typed_against_the_cards_is_refused_showing_both():
    for exchanges, says in (({"A": 1}, "A 1"), ({"A": 2, "B": 1}, "B 1")):
        problems = validate(HandRecord(declarations=STAND3, exchanges=exchanges,
                                       cards=EX_CARDS), STATE3, IRISH)
        assert [p.code for p in problems] == ["EXCHANGE_DISAGREES"]
        who = says.split()[0]
        shown = "2 (2d 9s 4h, then 2d Ac Kc)" if who == "A" else "0 (Qc Kd 3s kept)"
        assert problems[0].player == who
        assert problems[0].message == (f"{who} is recorded as exchanging {says.split()[1]}, "
                                       f"but the cards show {shown}")


# Lou's first deal with seven players: each exchanges at most two (lou_exchange_limits; the
# exchange is 3 otherwise). G's cards show three exchanged: refused exactly as if typed.
LOU = variant("lou")
SEVEN = ("A", "B", "C", "D", "E", "F", "G")


def test_an_exchange_the_cards_show_is_held_to_the_limit_as_if_typed():
    state = opening_state(SEVEN, "G", 0)
    cards = CardRecord(trump_card="2s", dealt={"G": ("3h", "5h", "7h", "9h", "Kh")},
                       exchanged={"G": ("3h", "5h", "Ad", "Kd", "Qd")})
    by_cards = validate(HandRecord(cards=cards), state, LOU)
    typed = validate(HandRecord(exchanges={"G": 3}), state, LOU)
    assert [(p.code, p.player, p.message) for p in by_cards if p.code != "TRICKS_SUM"] == [
        (p.code, p.player, p.message) for p in typed if p.code != "TRICKS_SUM"]
    assert [p.code for p in typed if p.code != "TRICKS_SUM"] == ["EXCHANGE_INVALID"]
