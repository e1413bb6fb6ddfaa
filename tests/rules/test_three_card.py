"""Three-card Loo, worked by hand from RULES.md "Settling a hand" and CATALOGUE §3-§4, §8.

Seats A B C D E, dealer E (so A is eldest) unless a test says otherwise. P = carried + antes.
"""

import pytest
from rules_kit import F, V, expect, next_seat, rejects, run, table

# --- simple pools under play-all (000): no declarations, everyone plays ---------------------

def test_simple_pool_is_the_dealers_ante_and_everyone_plays():
    # P = 0 + 9 = 9, 3 a trick; D and E won nothing: loo 9 each; pool 9 + 9 = 18
    s = run(V(), table(), tricks=dict(A=1, B=1, C=1))
    expect(s, dict(A=3, B=3, C=3, D=-9, E=-18), 18, pot=9)
    assert set(s.looed) == {"D", "E"}


def test_simple_pool_four_players_L3_01():
    # P = 9, 3 a trick; B looed 9; D the dealer: -9 + 3 = -6; pool 9
    s = run(V(), table("ABCD"), tricks=dict(A=1, B=0, C=1, D=1))
    expect(s, dict(A=3, B=-9, C=3, D=-6), 9)


def test_simple_pool_stand_written_is_harmless():
    # same as above with everybody's word written as stand
    s = run(V(), table("ABCD"), declarations=dict(A="stand", B="stand", C="stand", D="stand"),
            tricks=dict(A=1, B=0, C=1, D=1))
    expect(s, dict(A=3, B=-9, C=3, D=-6), 9)


def test_simple_pool_one_player_takes_all_three_tricks():
    # A takes all of P = 9; B C D looed 9, E: -9 ante - 9 loo; pool 4 x 9 = 36
    s = run(V(), table(), tricks=dict(A=3))
    expect(s, dict(A=9, B=-9, C=-9, D=-9, E=-18), 36)


def test_simple_pool_next_deal_is_double_and_the_deal_passes_left():
    # pool 18 carried (double_when=carried) -> next deal double, dealt by A (left of E)
    st = table()
    s = run(V(), st, tricks=dict(A=1, B=1, C=1))
    ns = s.next_state
    assert ns.double is True and ns.pool == 18
    assert ns.dealer == "A" == next_seat(st)
    assert ns.hand_no == st.hand_no + 1


# --- double pools -------------------------------------------------------------------------

def test_double_pool_six_players_stand_pass_miss():
    # P = 27 + 9 = 36, 12 a trick; A 2 -> 24, D 1 -> 12; C (miss) and F (dealer) looed 9
    st = table("ABCDEF", pool=27)
    s = run(V(), st, trump="hearts",
            declarations=dict(A="stand", B="pass", C="miss", D="stand", E="pass", F="stand"),
            tricks=dict(A=2, C=0, D=1, F=0))
    expect(s, dict(A=24, B=0, C=-9, D=12, E=0, F=-18), 18, pot=36)


def test_double_pool_two_tricks_and_one_empties_the_pool():
    # P = 18 + 9 = 27, 9 a trick: A 18, B 9; nothing stays -> next deal simple
    s = run(V(), table(pool=18), trump="spades",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=2, B=1))
    expect(s, dict(A=18, B=9, C=0, D=0, E=-9), 0)
    assert s.next_state.double is False


def test_fold_is_accepted_as_pass_in_loo():
    # as above with C D E writing fold
    s = run(V(), table(pool=18), trump="spades",
            declarations=dict(A="stand", B="stand", C="fold", D="fold", E="fold"),
            tricks=dict(A=2, B=1))
    expect(s, dict(A=18, B=9, C=0, D=0, E=-9), 0)


def test_double_pool_dealer_takes_the_miss_with_two_standers():
    # P = 27, 9 a trick: A 1 -> 9, B 0 looed 9, E (miss) 2 -> -9 + 18 = 9
    s = run(V(), table(pool=18), trump="clubs",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="miss"),
            tricks=dict(A=1, E=2))
    expect(s, dict(A=9, B=-9, C=0, D=0, E=9), 9)


# --- odd chips ----------------------------------------------------------------------------

def test_odd_chips_stay_in_the_pool_L3_13():
    # P = 5 + 9 = 14, 14 // 3 = 4 a trick; 14 - 12 = 2 stays; a pool of 2 is still double (R3)
    s = run(V(), table(pool=5), trump="diamonds",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="pass"),
            tricks=dict(A=1, B=1, C=1))
    expect(s, dict(A=4, B=4, C=4, D=0, E=-9), 2)
    assert s.next_state.double is True


def test_odd_chips_go_to_whoever_takes_every_trick():
    # P = 14: A takes all 14 (odd chips too); B looed 9 -> pool 9
    s = run(V(), table(pool=5), trump="diamonds",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=3))
    expect(s, dict(A=14, B=-9, C=0, D=0, E=-9), 9)


def test_odd_chips_two_tricks():
    # P = 7 + 9 = 16, 5 a trick: A 2 -> 10, B 1 -> 5, 1 stays
    s = run(V(), table(pool=7), trump="diamonds",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=2, B=1))
    expect(s, dict(A=10, B=5, C=0, D=0, E=-9), 1)


# --- all pass -----------------------------------------------------------------------------

@pytest.mark.parametrize("dealer_word", ["pass", "stand", "fold"])
def test_all_pass_the_dealer_takes_the_pool_whatever_he_said(dealer_word):
    # P = 18 + 9 = 27 to E: -9 + 27 = 18; next deal simple
    s = run(V(), table(pool=18),
            declarations=dict(A="pass", B="pass", C="pass", D="pass", E=dealer_word))
    expect(s, dict(A=0, B=0, C=0, D=0, E=18), 0)
    assert s.next_state.double is False
    assert s.looed == ()


def test_all_pass_takes_odd_chips_too():
    # P = 2 + 9 = 11, all of it to E: -9 + 11 = 2
    s = run(V(), table(pool=2), declarations=dict(A="pass", B="pass", C="pass", D="pass", E="pass"))
    expect(s, dict(A=0, B=0, C=0, D=0, E=2), 0)


# --- the dealer against a lone stander (default: stand, miss or defend) ---------------------

@pytest.mark.parametrize("a_tricks, e_tricks, a_delta, pool_after, looed", [
    (3, 0, 27, 0, ()),        # E wins nothing: A takes all P = 27; nothing left -> simple
    (2, 1, 18, 9, ()),        # A 2 x 9 = 18; E's 9 stays
    (1, 2, 9, 18, ()),        # A 9; E's 18 stays
    (0, 3, -9, 36, ("A",)),   # whole 27 stays, A looed 9 -> 36; the defender is never looed
])
def test_dealer_defends_the_pool(a_tricks, e_tricks, a_delta, pool_after, looed):
    # P = 18 + 9 = 27, 9 a trick; E pays only his ante (-9), never collects, never looed
    s = run(V(), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            tricks={"A": a_tricks, "E": e_tricks})
    expect(s, dict(A=a_delta, B=0, C=0, D=0, E=-9), pool_after)
    assert tuple(s.looed) == looed
    assert s.next_state.double is (pool_after > 0)


def test_lone_stander_dealer_stands_and_plays_for_himself():
    # P = 27: A 1 -> 9; E 2 -> -9 + 18 = 9; pool empty
    s = run(V(), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="stand"),
            tricks=dict(A=1, E=2))
    expect(s, dict(A=9, B=0, C=0, D=0, E=9), 0)


def test_lone_stander_dealer_takes_the_miss_for_himself():
    # P = 27: E (miss) 3 -> -9 + 27 = 18; A looed 9
    s = run(V(), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="miss"),
            tricks=dict(E=3))
    expect(s, dict(A=-9, B=0, C=0, D=0, E=18), 9)


def test_lone_stander_dealer_may_not_pass():
    # "the dealer is not allowed to pass" (000, R4)
    rejects(V(), table(pool=18), "DEALER_MUST_PLAY", "E",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="pass"))


def test_lone_stander_dealer_option_not_in_house_rules():
    # dealer_vs_one=stand,miss: defending is outside the table's options
    rejects(V(dealer_vs_one="stand,miss"), table(pool=18), "DEALER_OPTION_NOT_ALLOWED", "E",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            tricks=dict(A=2, E=1))


def test_defend_with_two_standers_is_refused():
    rejects(V(), table(pool=18), "DEFEND_NOT_ALLOWED", "E",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="defend"),
            tricks=dict(A=1, B=1, E=1))


# --- the dealer against a lone miss taker (R5) -------------------------------------------

def test_lone_miss_taker_dealer_stands_with_his_own_cards():
    # P = 27: B 1 -> 9; E 2 -> -9 + 18 = 9
    s = run(V(), table(pool=18), trump="hearts",
            declarations=dict(A="pass", B="miss", C="pass", D="pass", E="stand"),
            tricks=dict(B=1, E=2))
    expect(s, dict(A=0, B=9, C=0, D=0, E=9), 0)


def test_lone_miss_taker_dealer_passes_miss_taker_takes_the_pool():
    # P = 27 to B without play; E paid his ante only
    s = run(V(), table(pool=18), trump="hearts",
            declarations=dict(A="pass", B="miss", C="pass", D="pass", E="pass"))
    expect(s, dict(A=0, B=27, C=0, D=0, E=-9), 0)
    assert s.next_state.double is False


def test_lone_miss_taker_dealer_passes_no_tricks_allowed():
    rejects(V(), table(pool=18), "TRICKS_WITH_NO_PLAY",
            declarations=dict(A="pass", B="miss", C="pass", D="pass", E="pass"),
            tricks=dict(B=3))


def test_lone_miss_taker_dealer_may_not_defend():
    rejects(V(), table(pool=18), "DEFEND_NOT_ALLOWED", "E",
            declarations=dict(A="pass", B="miss", C="pass", D="pass", E="defend"),
            tricks=dict(B=1, E=2))


def test_lone_miss_taker_dealer_may_not_take_a_second_miss():
    rejects(V(), table(pool=18), "MULTIPLE_MISS", "E",
            declarations=dict(A="pass", B="miss", C="pass", D="pass", E="miss"),
            tricks=dict(B=1, E=2))


# --- loo amounts --------------------------------------------------------------------------

LOO_HAND = dict(trump="clubs",
                declarations=dict(A="stand", B="stand", C="stand", D="pass", E="pass"),
                tricks=dict(A=1, B=2, C=0))


@pytest.mark.parametrize("rules, loo", [
    ({}, 9),                                          # limited: loo_amount 9
    ({"loo_amount": 6}, 6),                           # limited, house amount
    ({"loo": "unlimited"}, 27),                       # unlimited: L = P = 27
    ({"loo": "mixed", "loo_limit": 90}, 27),          # min(27, 90) = 27 (below the cap)
    ({"loo": "mixed", "loo_limit": 27}, 27),          # min(27, 27)
    ({"loo": "mixed", "loo_limit": 20}, 20),          # min(27, 20) = 20 (above the cap)
])
def test_loo_amount(rules, loo):
    # P = 18 + 9 = 27, 9 a trick: A 9, B 18, C looed L; pool = 0 + L
    s = run(V(**rules), table(pool=18), **LOO_HAND)
    expect(s, dict(A=9, B=18, C=-loo, D=0, E=-9), loo)
    assert tuple(s.looed) == ("C",)


def test_unlimited_loo_matches_the_pool_in_play_L3_15():
    # P = 27 + 9 = 36, 12 a trick: A 24, B 12; D matches 36
    s = run(V(loo="unlimited"), table(pool=27), trump="clubs",
            declarations=dict(A="stand", B="stand", C="pass", D="stand", E="pass"),
            tricks=dict(A=2, B=1, D=0))
    expect(s, dict(A=24, B=12, C=0, D=-36, E=-9), 36)


def test_unlimited_loo_in_a_simple_pool():
    # P = 9: A 3 takes 9; B C D E each match 9; E also antes 9
    s = run(V(loo="unlimited"), table(), tricks=dict(A=3))
    expect(s, dict(A=9, B=-9, C=-9, D=-9, E=-18), 36)


def test_mixed_loo_several_looed_each_pay_the_capped_amount():
    # P = 40 + 9 = 49, 16 a trick, 1 odd; A 3 takes 49; B, C each min(49, 30) = 30
    s = run(V(loo="mixed", loo_limit=30), table(pool=40), trump="clubs",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="pass"),
            tricks=dict(A=3))
    expect(s, dict(A=49, B=-30, C=-30, D=0, E=-9), 60)


# --- undivided ------------------------------------------------------------------------------

def test_undivided_simple_nobody_wins_every_trick_UN_01():
    # P = 9 stays; D, E looed 2 x 9 = 18; E antes 9: pool 9 + 36 = 45
    s = run(V("undivided"), table(), tricks=dict(A=1, B=1, C=1))
    expect(s, dict(A=0, B=0, C=0, D=-18, E=-27), 45)


def test_undivided_simple_one_player_wins_every_trick():
    # A takes P = 9; B C D looed 18; E -9 - 18; pool 4 x 18 = 72
    s = run(V("undivided"), table(), tricks=dict(A=3))
    expect(s, dict(A=9, B=-18, C=-18, D=-18, E=-27), 72)


def test_undivided_double_split_tricks_pool_grows_by_the_ante_UN_03():
    # P = 36 + 9 = 45 stays whole; no loo
    s = run(V("undivided"), table(pool=36), trump="spades",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=2, B=1))
    expect(s, dict(A=0, B=0, C=0, D=0, E=-9), 45)


@pytest.mark.parametrize("a_tricks, a_delta, pool_after", [
    (3, 45, 0),    # A wins every trick: all of P = 45
    (2, 0, 45),    # nobody wins every trick: P stays
    (0, -18, 63),  # the defender's three tricks: P stays, A looed 18
])
def test_undivided_defended_pool(a_tricks, a_delta, pool_after):
    # P = 36 + 9 = 45; E defends, pays only his ante
    s = run(V("undivided"), table(pool=36), trump="spades",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            tricks={"A": a_tricks, "E": 3 - a_tricks})
    expect(s, dict(A=a_delta, B=0, C=0, D=0, E=-9), pool_after)


# --- club law -------------------------------------------------------------------------------

def test_club_law_clubs_turned_in_a_double_everyone_plays_CL_01():
    # P = 18 + 9 = 27, 9 a trick: A 9, C 18; B, D looed 9; E -9 ante - 9 loo; pool 27
    s = run(V(club_law=True), table(pool=18), trump="clubs",
            tricks=dict(A=1, B=0, C=2, D=0, E=0))
    expect(s, dict(A=9, B=-9, C=18, D=-9, E=-18), 27)


def test_club_law_stand_is_harmless():
    # as above, everybody writing stand
    s = run(V(club_law=True), table(pool=18), trump="clubs",
            declarations={p: "stand" for p in "ABCDE"}, tricks=dict(A=1, C=2))
    expect(s, dict(A=9, B=-9, C=18, D=-9, E=-18), 27)


def test_club_law_no_pass():
    rejects(V(club_law=True), table(pool=18), "PASS_NOT_ALLOWED", "B", trump="clubs",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="stand"),
            tricks=dict(A=1, C=2))


def test_club_law_no_miss():
    rejects(V(club_law=True), table(pool=18), "MISS_NOT_AVAILABLE", "B", trump="clubs",
            declarations=dict(A="stand", B="miss", C="stand", D="stand", E="stand"),
            tricks=dict(A=1, C=2))


def test_club_law_no_defend():
    rejects(V(club_law=True), table(pool=18), "DEFEND_NOT_ALLOWED", "E", trump="clubs",
            declarations=dict(A="stand", B="stand", C="stand", D="stand", E="defend"),
            tricks=dict(A=1, C=2))


def test_club_law_other_trump_is_an_ordinary_double():
    # hearts turned: declarations as usual. P = 27: A 2 -> 18, B 1 -> 9
    s = run(V(club_law=True), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=2, B=1))
    expect(s, dict(A=18, B=9, C=0, D=0, E=-9), 0)


def test_club_law_other_trump_needs_declarations():
    rejects(V(club_law=True), table(pool=18), "MISSING_DECLARATION", trump="hearts",
            tricks=dict(A=1, B=1, C=1))


def test_without_club_law_clubs_is_an_ordinary_double():
    # clubs turned, club_law off: passing allowed. P = 27: A 3 takes 27, B looed
    s = run(V(), table(pool=18), trump="clubs",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=3))
    expect(s, dict(A=27, B=-9, C=0, D=0, E=-9), 9)


# --- force after a single (001) -------------------------------------------------------------

def test_force_after_single_everyone_plays_a_simple_deal():
    # britannica stakes, simple: 4 x 3 + 6 = 18, 6 a trick: A B C +6 - 3 = 3;
    # D, E looed L = P = 18: D -3 - 18 = -21, E -6 - 18 = -24; pool 36
    s = run(V("britannica", force_after_single=True), table(), trump="hearts",
            tricks=dict(A=1, B=1, C=1))
    expect(s, dict(A=3, B=3, C=3, D=-21, E=-24), 36, pot=18)
    assert s.next_state.double is True


def test_force_after_single_no_pass():
    rejects(V("britannica", force_after_single=True), table(), "PASS_NOT_ALLOWED", "D",
            trump="hearts", declarations=dict(A="stand", B="stand", C="stand", D="pass", E="stand"),
            tricks=dict(A=1, B=1, C=1))


def test_force_after_single_no_miss():
    rejects(V("britannica", force_after_single=True), table(), "MISS_NOT_AVAILABLE", "A",
            trump="hearts", declarations=dict(A="miss"), tricks=dict(A=1, B=1, C=1))


def test_force_after_single_does_not_force_a_double():
    # double deal (after a loo): declarations needed
    rejects(V("britannica", force_after_single=True), table(pool=18), "MISSING_DECLARATION",
            trump="hearts", tricks=dict(A=1, B=1, C=1))


def test_force_after_single_double_deal_is_declared():
    # double: only the dealer's single stake 3: P = 21, 7 a trick: A 14, B 7
    s = run(V("britannica", force_after_single=True), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=2, B=1))
    expect(s, dict(A=14, B=7, C=0, D=0, E=-3), 0)


# --- simple_pool=miss-eldest ----------------------------------------------------------------

def test_miss_eldest_the_eldest_takes_the_miss_IT_01():
    # P = 9, 3 a trick: A (miss) 3, C 3, D -9 + 3; B looed 9; pool 9
    s = run(V(simple_pool="miss-eldest"), table("ABCD"), trump="hearts",
            declarations=dict(A="miss"), tricks=dict(A=1, B=0, C=1, D=1))
    expect(s, dict(A=3, B=-9, C=3, D=-6), 9)


def test_miss_eldest_nobody_takes_it():
    # everyone plays on his own cards: same arithmetic as a play-all simple pool
    s = run(V(simple_pool="miss-eldest"), table("ABCD"), trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", D="stand"),
            tricks=dict(A=1, C=1, D=1))
    expect(s, dict(A=3, B=-9, C=3, D=-6), 9)


def test_miss_eldest_only_the_eldest_may_take_the_miss():
    rejects(V(simple_pool="miss-eldest"), table("ABCD"), "MISS_NOT_ELDEST", "B", trump="hearts",
            declarations=dict(B="miss"), tricks=dict(A=1, B=1, C=1))


def test_miss_eldest_nobody_passes():
    rejects(V(simple_pool="miss-eldest"), table("ABCD"), "PASS_NOT_ALLOWED", "C", trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="stand"),
            tricks=dict(A=1, B=1, D=1))


def test_miss_eldest_double_deal_is_ordinary():
    # a double: anyone may take the miss. P = 18 + 9 = 27: C (miss) 2 -> 18, A 1 -> 9
    s = run(V(simple_pool="miss-eldest"), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="miss", D="pass", E="pass"),
            tricks=dict(A=1, C=2))
    expect(s, dict(A=9, B=0, C=18, D=0, E=-9), 0)


# --- simple_pool=as-double --------------------------------------------------------------------

def test_as_double_simple_pool_is_declared():
    # P = 9, 3 a trick: A 2 -> 6, B 1 -> 3; E antes 9
    s = run(V(simple_pool="as-double"), table(), trump="spades",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=2, B=1))
    expect(s, dict(A=6, B=3, C=0, D=0, E=-9), 0)


def test_as_double_simple_pool_with_the_miss():
    # P = 9: A (miss) 1 -> 3, B 2 -> 6
    s = run(V(simple_pool="as-double"), table(), trump="spades",
            declarations=dict(A="miss", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=1, B=2))
    expect(s, dict(A=3, B=6, C=0, D=0, E=-9), 0)


def test_as_double_simple_pool_all_pass():
    # E antes 9 and takes P = 9 back
    s = run(V(simple_pool="as-double"), table(),
            declarations=dict(A="pass", B="pass", C="pass", D="pass", E="pass"))
    expect(s, dict(A=0, B=0, C=0, D=0, E=0), 0)


def test_as_double_simple_pool_needs_declarations():
    rejects(V(simple_pool="as-double"), table(), "MISSING_DECLARATION", tricks=dict(A=1, B=1, C=1))


# --- double_when, over two consecutive hands --------------------------------------------------

FIRST = dict(trump="diamonds",
             declarations=dict(A="stand", B="stand", C="stand", D="pass", E="pass"),
             tricks=dict(A=1, B=1, C=1))


def test_double_when_carried_odd_chips_make_the_next_deal_double():
    v = V()
    # hand 1: P = 5 + 9 = 14, 4 a trick, 2 stay, no loo -> double (chips carried)
    s1 = run(v, table(pool=5), **FIRST)
    expect(s1, dict(A=4, B=4, C=4, D=0, E=-9), 2)
    st = s1.next_state
    assert (st.dealer, st.pool, st.double, st.hand_no) == ("A", 2, True, 2)
    # hand 2, dealer A, declared: P = 2 + 9 = 11, 3 a trick: B 6, C 3; A -9 ante - 9 loo
    s2 = run(v, st, dealer="A", trump="hearts",
             declarations=dict(B="stand", C="stand", D="pass", E="pass", A="stand"),
             tricks=dict(B=2, C=1))
    expect(s2, dict(A=-18, B=6, C=3, D=0, E=0), 11)
    assert s2.next_state.dealer == "B" and s2.next_state.double is True


def test_double_when_looed_no_loo_makes_the_next_deal_simple():
    v = V(double_when="looed")
    # hand 1 as above: 2 chips stay but nobody was looed -> simple
    s1 = run(v, table(pool=5), **FIRST)
    expect(s1, dict(A=4, B=4, C=4, D=0, E=-9), 2)
    st = s1.next_state
    assert (st.dealer, st.pool, st.double) == ("A", 2, False)
    # hand 2, dealer A, simple play-all: P = 2 + 9 = 11, 3 a trick: B C D 3; E looed 9;
    # A -9 ante - 9 loo; pool 11 - 9 + 18 = 20 -> double
    s2 = run(v, st, dealer="A", tricks=dict(B=1, C=1, D=1))
    expect(s2, dict(A=-18, B=3, C=3, D=3, E=-9), 20)
    assert s2.next_state.double is True


def test_double_when_looed_a_loo_with_an_empty_remainder_is_double():
    # P = 18 + 9 = 27: A 3 takes it all; B looed 9 -> pool 9, double under both rules
    for rule in ("carried", "looed"):
        s = run(V(double_when=rule), table(pool=18), trump="spades",
                declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
                tricks=dict(A=3))
        expect(s, dict(A=27, B=-9, C=0, D=0, E=-9), 9)
        assert s.next_state.double is True


def test_double_when_looed_defended_remainder_is_not_double():
    # P = 27: A 2 -> 18, the defender's 9 stays; no loo -> simple under double_when=looed
    s = run(V(double_when="looed"), table(pool=18), trump="spades",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            tricks=dict(A=2, E=1))
    expect(s, dict(A=18, B=0, C=0, D=0, E=-9), 9)
    assert s.next_state.double is False


# --- dealer_vs_one presets --------------------------------------------------------------------

def test_bicycle_simple_pool_BC_01():
    # ante 3, loo 3: P = 3, 1 a trick: A 1, C 1, D -3 + 1; B looed 3
    s = run(V("bicycle"), table("ABCD"), tricks=dict(A=1, B=0, C=1, D=1))
    expect(s, dict(A=1, B=-3, C=1, D=-2), 3)


def test_bicycle_dealer_stands_against_one():
    # P = 6 + 3 = 9, 3 a trick: A 1 -> 3; E 2 -> -3 + 6 = 3
    s = run(V("bicycle"), table(pool=6), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="stand"),
            tricks=dict(A=1, E=2))
    expect(s, dict(A=3, B=0, C=0, D=0, E=3), 0)


def test_bicycle_dealer_defends_against_one():
    # P = 9: A 2 -> 6; E's 3 stays; E pays his ante 3
    s = run(V("bicycle"), table(pool=6), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            tricks=dict(A=2, E=1))
    expect(s, dict(A=6, B=0, C=0, D=0, E=-3), 3)


def test_bicycle_dealer_may_not_take_the_miss_for_himself_BC_03():
    rejects(V("bicycle"), table(pool=6), "DEALER_OPTION_NOT_ALLOWED", "E",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="miss"),
            tricks=dict(A=1, E=2))


def test_britannica_simple_deal_stakes_BR_01():
    # stakes 4 x 3 + 6 = 18, 6 a trick: A -3 + 12 = 9, B -3 + 6 = 3, C -3 - 18 (loo = P),
    # D -3, E -6; pool 18
    s = run(V("britannica"), table(), trump="hearts",
            declarations=dict(A="stand", B="miss", C="stand", D="pass", E="pass"),
            tricks=dict(A=2, B=1, C=0))
    expect(s, dict(A=9, B=3, C=-21, D=-3, E=-6), 18, pot=18)
    assert s.next_state.double is True


def test_britannica_after_a_loo_only_the_dealer_stakes():
    v = V("britannica")
    s1 = run(v, table(), trump="hearts",
             declarations=dict(A="stand", B="miss", C="stand", D="pass", E="pass"),
             tricks=dict(A=2, B=1, C=0))
    # hand 2, dealer A, double: A stakes 3: P = 18 + 3 = 21, 7 a trick: B 14, C 7; no loo
    s2 = run(v, s1.next_state, dealer="A", trump="spades",
             declarations=dict(B="stand", C="stand", D="pass", E="pass", A="pass"),
             tricks=dict(B=2, C=1))
    expect(s2, dict(A=-3, B=14, C=7, D=0, E=0), 0, pot=21)
    assert s2.next_state.double is False


def test_britannica_dealer_takes_the_miss_against_one():
    # double: P = 18 + 3 = 21, 7 a trick: A 2 -> 14; E (miss) 1 -> -3 + 7 = 4
    s = run(V("britannica"), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="miss"),
            tricks=dict(A=2, E=1))
    expect(s, dict(A=14, B=0, C=0, D=0, E=4), 0)


def test_britannica_dealer_defends_against_one_no_loo_next_is_single():
    # P = 21, 7 a trick: A 1 -> 7; E's 14 stays; nobody looed -> next deal simple
    s = run(V("britannica"), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            tricks=dict(A=1, E=2))
    expect(s, dict(A=7, B=0, C=0, D=0, E=-3), 14)
    assert s.next_state.double is False


def test_britannica_dealer_may_not_stand_against_one():
    rejects(V("britannica"), table(pool=18), "DEALER_OPTION_NOT_ALLOWED", "E",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="stand"),
            tricks=dict(A=1, E=2))


def test_britannica_simple_deal_all_pass():
    # stakes 18 all go to E: E -6 + 18 = 12; the others lose their stake
    s = run(V("britannica"), table(),
            declarations=dict(A="pass", B="pass", C="pass", D="pass", E="pass"))
    expect(s, dict(A=-3, B=-3, C=-3, D=-3, E=12), 0)


def test_poker_book_dealer_replenishes_only_a_simple_pool():
    # replenish: simple -> E puts 9: P = 9, 3 a trick: A 2 -> 6, B 1 -> 3
    s = run(V("poker-book"), table(), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=2, B=1))
    expect(s, dict(A=6, B=3, C=0, D=0, E=-9), 0)


def test_poker_book_double_deal_no_ante():
    # double (after a loo): no ante: P = 18, 6 a trick: A 1 -> 6; B looed L = P = 18; C 2 -> 12
    s = run(V("poker-book"), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="pass"),
            tricks=dict(A=1, C=2))
    expect(s, dict(A=6, B=-18, C=12, D=0, E=0), 18, pot=18)
    assert s.next_state.double is True


# --- lanterloo --------------------------------------------------------------------------------

def test_lanterloo_simple_deal_declared_with_a_miss():
    # ante 3, loo 3, as-double: P = 3, 1 a trick: A 1; B (miss) looed 3; E -3 + 2
    s = run(V("lanterloo"), table(), trump="hearts",
            declarations=dict(A="stand", B="miss", C="pass", D="pass", E="stand"),
            tricks=dict(A=1, B=0, E=2))
    expect(s, dict(A=1, B=-3, C=0, D=0, E=-1), 3)


def test_lanterloo_simple_deal_needs_declarations():
    rejects(V("lanterloo"), table(), "MISSING_DECLARATION", tricks=dict(A=1, B=1, C=1))


# --- irish ------------------------------------------------------------------------------------

def test_irish_play_and_exchange_IR_01():
    # P = 18 + 9 = 27, 9 a trick: A 9, D 18; C looed 9; E -9 - 9
    s = run(V("irish"), table(pool=18), trump="diamonds",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="stand"),
            exchanges=dict(A=2, C=0, D=3, E=1), tricks=dict(A=1, C=0, D=2, E=0))
    expect(s, dict(A=9, B=0, C=-9, D=18, E=-18), 18)


def test_irish_simple_deal_is_declared_too():
    # no simple/double distinction: P = 9: A 2 -> 6, B 1 -> 3
    s = run(V("irish"), table(), trump="diamonds",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=2, B=1))
    expect(s, dict(A=6, B=3, C=0, D=0, E=-9), 0)


def test_irish_lone_player_takes_the_pool():
    # R24: A alone takes P = 27 without play
    s = run(V("irish"), table(pool=18),
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="pass"))
    expect(s, dict(A=27, B=0, C=0, D=0, E=-9), 0)


def test_irish_lone_player_takes_the_pool_no_tricks():
    rejects(V("irish"), table(pool=18), "TRICKS_WITH_NO_PLAY",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="pass"),
            tricks=dict(A=3))


def test_irish_all_pass_dealer_takes_the_pool():
    # E: -9 + 27
    s = run(V("irish"), table(pool=18),
            declarations=dict(A="pass", B="pass", C="pass", D="pass", E="pass"))
    expect(s, dict(A=0, B=0, C=0, D=0, E=18), 0)


def test_irish_lone_player_dealer_plays_option():
    # lone_player=dealer-plays: E must play. P = 27: A 1 -> 9; E 2 -> -9 + 18 = 9
    s = run(V("irish", lone_player="dealer-plays"), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="stand"),
            tricks=dict(A=1, E=2))
    expect(s, dict(A=9, B=0, C=0, D=0, E=9), 0)


def test_irish_lone_player_dealer_plays_and_loos_him():
    # P = 27: E 3 -> -9 + 27 = 18; A looed 9
    s = run(V("irish", lone_player="dealer-plays"), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="stand"),
            tricks=dict(E=3))
    expect(s, dict(A=-9, B=0, C=0, D=0, E=18), 9)


def test_irish_lone_player_dealer_plays_dealer_may_not_pass():
    rejects(V("irish", lone_player="dealer-plays"), table(pool=18), "DEALER_MUST_PLAY", "E",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="pass"))


def test_irish_no_miss():
    rejects(V("irish"), table(pool=18), "MISS_NOT_AVAILABLE", "B",
            declarations=dict(A="stand", B="miss", C="pass", D="pass", E="stand"),
            tricks=dict(A=1, B=1, E=1))


def test_irish_no_defend():
    rejects(V("irish"), table(pool=18), "DEFEND_NOT_ALLOWED", "E",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            tricks=dict(A=1, E=2))


def test_irish_exchange_of_four_IR_03():
    rejects(V("irish"), table(pool=18), "EXCHANGE_INVALID", "A",
            declarations=dict(A="stand", B="pass", C="stand", D="pass", E="stand"),
            exchanges=dict(A=4, C=0, E=1), tricks=dict(A=1, C=1, E=1))


def test_irish_exchange_by_a_player_who_passed():
    rejects(V("irish"), table(pool=18), "EXCHANGE_NOT_ALLOWED", "B",
            declarations=dict(A="stand", B="pass", C="stand", D="pass", E="stand"),
            exchanges=dict(A=1, B=2), tricks=dict(A=1, C=1, E=1))


def test_three_card_has_no_exchange():
    rejects(V(), table(pool=18), "EXCHANGE_NOT_ALLOWED", "A", trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            exchanges=dict(A=1), tricks=dict(A=2, B=1))


# --- three-card flushes (bicycle has them; three-card by override) ------------------------------

def test_bicycle_flush_takes_the_pool_and_loos_the_other_players():
    # P = 6 + 3 = 9 to B; A and E (who played) looed 3; E -3 ante - 3 loo; pool 6
    s = run(V("bicycle"), table(pool=6), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="stand"),
            flushes=[F("B")])
    expect(s, dict(A=-3, B=9, C=0, D=0, E=-6), 6)
    assert set(s.looed) == {"A", "E"}


def test_two_three_card_flushes_the_earlier_seat_wins():
    # A and C flush: A (dealer's left) takes P = 9; C exempt; B and E looed 3
    s = run(V("bicycle"), table(pool=6), trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="stand"),
            flushes=[F("C"), F("A")])
    expect(s, dict(A=9, B=-3, C=0, D=0, E=-6), 6)


def test_three_card_flush_seat_counts_from_the_dealers_left():
    # dealer B: order C D E A B; A and D flush -> D is earlier; A exempt; C, B looed 3
    s = run(V("bicycle"), table(dealer="B", pool=6), trump="hearts",
            declarations=dict(C="stand", D="stand", E="pass", A="stand", B="stand"),
            flushes=[F("A"), F("D")])
    expect(s, dict(A=0, B=-6, C=-3, D=9, E=0), 6)


def test_miss_taker_may_hold_the_flush():
    # P = 9 to B (miss); A looed 3; E passed -3 ante
    s = run(V("bicycle"), table(pool=6), trump="hearts",
            declarations=dict(A="stand", B="miss", C="pass", D="pass", E="pass"),
            flushes=[F("B")])
    expect(s, dict(A=-3, B=9, C=0, D=0, E=-3), 3)


def test_flush_against_a_defending_dealer_L3_19():
    # P = 18 + 9 = 27 to A; the defender is not looed
    s = run(V(flushes=True), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            flushes=[F("A")])
    expect(s, dict(A=27, B=0, C=0, D=0, E=-9), 0)


def test_defending_dealer_holds_the_flush_R41():
    # R41: P = 27 stays whole; A looed 9 -> 36; flagged for confirmation
    s = run(V(flushes=True), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            flushes=[F("E")])
    expect(s, dict(A=-9, B=0, C=0, D=0, E=-9), 36)
    assert tuple(s.looed) == ("A",)
    assert s.notes, "R41 must be flagged for the table to confirm"


def test_defending_dealer_flush_beaten_by_the_stander():
    # both hold flushes: A is earlier than the dealer: A takes 27, E exempt
    s = run(V(flushes=True), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            flushes=[F("E"), F("A")])
    expect(s, dict(A=27, B=0, C=0, D=0, E=-9), 0)


def test_flush_under_club_law():
    # forced deal, trump known: C takes P = 27; A B D looed 9; E -9 - 9; pool 36
    s = run(V(club_law=True, flushes=True), table(pool=18), trump="clubs", flushes=[F("C")])
    expect(s, dict(A=-9, B=-9, C=27, D=-9, E=-18), 36)


def test_flush_in_a_miss_eldest_simple_pool():
    # trump turned before play: D takes P = 9; A B C looed 9 each; pool 27
    s = run(V(simple_pool="miss-eldest", flushes=True), table("ABCD"), trump="hearts",
            flushes=[F("D")])
    expect(s, dict(A=-9, B=-9, C=-9, D=0), 27)


def test_no_flush_in_a_play_all_simple_pool():
    rejects(V("bicycle"), table(), "FLUSH_NOT_RECOGNISED", flushes=[F("A")])


def test_no_flush_when_flushes_are_off():
    rejects(V(), table(pool=18), "FLUSH_NOT_RECOGNISED", trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            flushes=[F("A")])


def test_flush_by_a_player_who_passed_L3_21():
    rejects(V(flushes=True), table(pool=18), "FLUSH_BY_NONPLAYER", "B", trump="clubs",
            declarations=dict(A="stand", B="pass", C="stand", D="pass", E="stand"),
            flushes=[F("B")])


def test_flush_hand_is_not_played():
    rejects(V(flushes=True), table(pool=18), "TRICKS_WITH_NO_PLAY", trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            flushes=[F("A")], tricks=dict(A=3))


# --- more corners -------------------------------------------------------------------------------

def test_stander_and_miss_taker_dealer_may_pass():
    # two in play before him: E may pass. P = 27: A 2 -> 18, B (miss) 1 -> 9
    s = run(V(), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="miss", C="pass", D="pass", E="pass"),
            tricks=dict(A=2, B=1))
    expect(s, dict(A=18, B=9, C=0, D=0, E=-9), 0)


def test_lone_stander_dealer_may_not_fold_either():
    rejects(V(), table(pool=18), "DEALER_MUST_PLAY", "E",
            declarations=dict(A="fold", B="stand", C="fold", D="fold", E="fold"))


def test_miss_eldest_counts_from_the_dealers_left():
    # dealer B in A B C D: C is eldest and may take the miss; A may not
    v = V(simple_pool="miss-eldest")
    s = run(v, table("ABCD", dealer="B"), trump="hearts", declarations=dict(C="miss"),
            tricks=dict(C=1, D=1, A=1))
    # P = 9: C D A 3; B (dealer) looed: -9 - 9; pool 9
    expect(s, dict(A=3, B=-18, C=3, D=3), 9)
    rejects(v, table("ABCD", dealer="B"), "MISS_NOT_ELDEST", "A", trump="hearts",
            declarations=dict(A="miss"), tricks=dict(C=1, D=1, A=1))


def test_miss_eldest_with_club_law_and_clubs_has_no_miss():
    rejects(V(simple_pool="miss-eldest", club_law=True), table("ABCD"), "MISS_NOT_AVAILABLE", "A",
            trump="clubs", declarations=dict(A="miss"), tricks=dict(A=1, B=1, C=1))


def test_force_after_single_with_as_double_three_card():
    # simple deal forced: P = 9, 3 a trick; D, E looed 9; E antes 9; pool 18
    s = run(V(simple_pool="as-double", force_after_single=True), table(), trump="hearts",
            tricks=dict(A=1, B=1, C=1))
    expect(s, dict(A=3, B=3, C=3, D=-9, E=-18), 18)


def test_poker_book_all_pass_then_the_next_dealer_replenishes():
    v = V("poker-book")
    # hand 1, double (no ante): E takes P = 18
    s1 = run(v, table(pool=18), declarations={p: "pass" for p in "ABCDE"})
    expect(s1, dict(A=0, B=0, C=0, D=0, E=18), 0)
    assert s1.next_state.double is False
    # hand 2, dealer A replenishes 9: B takes all 3 tricks, C looed L = P = 9
    s2 = run(v, s1.next_state, dealer="A", trump="clubs",
             declarations=dict(B="stand", C="stand", D="pass", E="pass", A="pass"),
             tricks=dict(B=3))
    expect(s2, dict(A=-9, B=9, C=-9, D=0, E=0), 9, pot=9)


def test_poker_book_no_loo_with_chips_carried_replenishes_on_top():
    v = V("poker-book")
    # hand 1, double P = 20, 6 a trick: A 12, B 6; 2 odd chips stay, no loo -> simple
    s1 = run(v, table(pool=20), trump="clubs",
             declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
             tricks=dict(A=2, B=1))
    expect(s1, dict(A=12, B=6, C=0, D=0, E=0), 2)
    assert s1.next_state.double is False
    # hand 2, dealer A adds 9: P = 11, 3 a trick: B 2 -> 6, C 1 -> 3; 2 stay
    s2 = run(v, s1.next_state, dealer="A", trump="clubs",
             declarations=dict(B="stand", C="stand", D="pass", E="pass", A="pass"),
             tricks=dict(B=2, C=1))
    expect(s2, dict(A=-9, B=6, C=3, D=0, E=0), 2, pot=11)


def test_britannica_carried_pool_without_a_loo_is_restaked():
    v = V("britannica")
    # hand 1: E defends, A 1 of 3: P = 21, A 7, 14 stays, no loo -> single
    s1 = run(v, table(pool=18), trump="hearts",
             declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
             tricks=dict(A=1, E=2))
    # hand 2, dealer A, single: all stake, A double: 14 + 4 x 3 + 6 = 32, 10 a trick:
    # B -3 + 20 = 17, C -3 + 10 = 7, D -3, E -3, A -6; 2 stay
    s2 = run(v, s1.next_state, dealer="A", trump="spades",
             declarations=dict(B="stand", C="stand", D="pass", E="pass", A="pass"),
             tricks=dict(B=2, C=1))
    expect(s2, dict(A=-6, B=17, C=7, D=-3, E=-3), 2, pot=32)


def test_britannica_stakes_only_from_players_dealt_in():
    # C sits out: 3 x 3 + 6 = 15, 5 a trick: A -3 + 10, B -3 + 5, D -3, E -6
    s = run(V("britannica"), table(), sitting_out=["C"], trump="hearts",
            declarations=dict(A="stand", B="stand", D="pass", E="pass"), tricks=dict(A=2, B=1))
    assert s.deltas.get("C", 0) == 0
    assert {k: x for k, x in s.deltas.items() if k != "C"} == dict(A=7, B=2, D=-3, E=-6)
    assert s.pool_after == 0 and s.pot == 15


def test_three_card_flush_looing_the_board():
    # flush_payout=board: A takes P = 27 and 9 from B, C, D, E: 27 + 36 = 63; E -9 - 9
    s = run(V(flushes=True, flush_payout="board"), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            flushes=[F("A")])
    expect(s, dict(A=63, B=-9, C=-9, D=-9, E=-18), 0)


def test_undivided_flush_takes_the_pool_loo_is_eighteen():
    # P = 36 + 9 = 45 to B; A looed 18
    s = run(V("undivided", flushes=True), table(pool=36), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            flushes=[F("B")])
    expect(s, dict(A=-18, B=45, C=0, D=0, E=-9), 18)


@pytest.mark.parametrize("n, ok", [(0, True), (3, True), (4, False)])
def test_irish_dealer_exchanges_zero_to_three(n, ok):
    # the indicator rule is five-card's: an Irish dealer exchanges 0..3 like anyone
    kw = dict(trump="hearts", declarations=dict(A="stand", B="pass", C="pass", D="pass", E="stand"),
              exchanges=dict(E=n), tricks=dict(A=1, E=2))
    if ok:
        # P = 27: A 9; E -9 + 18
        expect(run(V("irish"), table(pool=18), **kw), dict(A=9, B=0, C=0, D=0, E=9), 0)
    else:
        rejects(V("irish"), table(pool=18), "EXCHANGE_INVALID", "E", **kw)


def test_a_flush_loo_makes_the_next_deal_double_under_double_when_looed():
    # britannica double: E stakes 3, P = 21 to A; B looed L = P = 21 -> pool 21, double
    s = run(V("britannica", flushes=True), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            flushes=[F("A")])
    expect(s, dict(A=21, B=-21, C=0, D=0, E=-3), 21)
    assert s.next_state.double is True


def test_r41_loo_counts_for_double_when_looed():
    # E defends holding the flush: P = 27 stays, A looed 9 -> 36; a loo -> double
    s = run(V(flushes=True, double_when="looed"), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            flushes=[F("E")])
    expect(s, dict(A=-9, B=0, C=0, D=0, E=-9), 36)
    assert s.next_state.double is True
