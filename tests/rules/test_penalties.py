"""Penalties (RULES.md "Penalties"; CATALOGUE §3.12, R20, R21), worked by hand."""

import pytest
from rules_kit import F, Pen, V, expect, hand, problems, rejects, run, settle, table

from loo_ledger.errors import HandRejected

THREE = dict(A="stand", B="stand", C="stand", D="pass", E="pass")


# --- revoke_penalty=looed (000, default) ------------------------------------------------------

def test_looed_offender_leaves_his_shares_and_pays_the_loo():
    # P = 18 + 9 = 27, 9 a trick: A 9; B's 18 stays, B pays 9; C looed 9; pool 18 + 9 + 9 = 36
    s = run(V(), table(pool=18), trump="hearts", declarations=THREE,
            tricks=dict(A=1, B=2, C=0), penalties=[Pen("B")])
    expect(s, dict(A=9, B=-9, C=-9, D=0, E=-9), 36)
    assert set(s.looed) == {"B", "C"}


def test_looed_offender_who_won_nothing_pays_once():
    # A 18, B 9; C (offender, no trick) pays L = 9 once; pool 9
    s = run(V(), table(pool=18), trump="hearts", declarations=THREE,
            tricks=dict(A=2, B=1, C=0), penalties=[Pen("C")])
    expect(s, dict(A=18, B=9, C=-9, D=0, E=-9), 9)


def test_looed_offender_with_every_trick():
    # B's 3 tricks: the whole 27 stays; B pays 9; A, C looed 9; pool 27 + 27 = 54
    s = run(V(), table(pool=18), trump="hearts", declarations=THREE,
            tricks=dict(B=3), penalties=[Pen("B")])
    expect(s, dict(A=-9, B=-9, C=-9, D=0, E=-9), 54)


def test_looed_offender_unlimited_pays_the_pool():
    # unlimited L = P = 27: A 9; B's 18 stays, B pays 27; C pays 27; pool 18 + 54 = 72
    s = run(V(loo="unlimited"), table(pool=18), trump="hearts", declarations=THREE,
            tricks=dict(A=1, B=2, C=0), penalties=[Pen("B")])
    expect(s, dict(A=9, B=-27, C=-27, D=0, E=-9), 72)


def test_looed_offender_counts_as_a_loo_for_double_when_looed():
    # P = 27: A 18; B's 9 stays, B pays 9: pool 9 + 9 = 18; B was looed -> double
    s = run(V(double_when="looed"), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=2, B=1), penalties=[Pen("B")])
    expect(s, dict(A=18, B=-9, C=0, D=0, E=-9), 18)
    assert s.next_state.double is True


def test_looed_offender_in_five_card():
    # P = 10 + 5 = 15, 3 a trick: A 9; B's 6 stays and B pays 5; pool 6 + 5 = 11
    s = run(V("five-card"), table(pool=10), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=3, B=2), penalties=[Pen("B")])
    expect(s, dict(A=9, B=-5, C=0, D=0, E=-5), 11)


# --- revoke_penalty=pays-pool (002, R20b) ----------------------------------------------------

def test_pays_pool_P2_01():
    # simple: E replenishes 9 = P; A B C share 9 // 3 = 3; D pays P = 9 (a loo)
    s = run(V("poker-book"), table(), trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", D="stand", E="pass"),
            penalties=[Pen("D")])
    expect(s, dict(A=3, B=3, C=3, D=-9, E=-9), 9)
    assert s.next_state.double is True


def test_pays_pool_counts_as_a_loo_so_no_replenish_next():
    v = V("poker-book")
    s1 = run(v, table(), trump="hearts",
             declarations=dict(A="stand", B="stand", C="stand", D="stand", E="pass"),
             penalties=[Pen("D")])
    # hand 2, dealer A, double: no ante; P = 9, 3 a trick: B 6, C 3
    s2 = run(v, s1.next_state, dealer="A", trump="clubs",
             declarations=dict(B="stand", C="stand", D="pass", E="pass", A="pass"),
             tricks=dict(B=2, C=1))
    expect(s2, dict(A=0, B=6, C=3, D=0, E=0), 0, pot=9)
    assert s2.next_state.double is False


def test_pays_pool_tricks_ignored_when_recorded():
    # double, no ante: P = 18; A and B share 9 each whatever they won; C pays 18; pool 18
    s = run(V("poker-book"), table(pool=18), trump="hearts", declarations=THREE,
            tricks=dict(A=3), penalties=[Pen("C")])
    expect(s, dict(A=9, B=9, C=-18, D=0, E=0), 18)


def test_pays_pool_odd_chips_stay():
    # P = 20 (no ante): A B C 20 // 3 = 6 each, 2 stay; D pays 20; pool 22
    s = run(V("poker-book"), table(pool=20), trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", D="stand", E="pass"),
            penalties=[Pen("D")])
    expect(s, dict(A=6, B=6, C=6, D=-20, E=0), 22)


def test_pays_pool_defender_does_not_share():
    # P = 18; the only other player is the defending dealer, who never collects:
    # all 18 stays and A pays 18 -> 36
    s = run(V("poker-book"), table(pool=18), trump="hearts",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            penalties=[Pen("A")])
    expect(s, dict(A=-18, B=0, C=0, D=0, E=0), 36)


# --- revoke_penalty=blenheim (001 laws 9-10) ------------------------------------------------

def test_blenheim_offender_with_a_trick_BR_03():
    # stakes 18, 6 a trick: A 3, C 3 (net of stake 3); B's 6 stays + 4 x 3 = 12; no loo
    s = run(V("britannica"), table(), trump="hearts",
            declarations=dict(A="stand", B="stand", C="miss", D="pass", E="pass"),
            tricks=dict(A=1, B=1, C=1), penalties=[Pen("B")])
    expect(s, dict(A=3, B=-15, C=3, D=-3, E=-6), 18)
    assert s.next_state.double is False
    assert "B" not in s.looed


def test_blenheim_offender_with_no_trick_is_looed_only():
    # 6 a trick: A 12 - 3 = 9, B 6 - 3 = 3; C looed L = P = 18, nothing more: -21
    s = run(V("britannica"), table(), trump="hearts",
            declarations=dict(A="stand", B="miss", C="stand", D="pass", E="pass"),
            tricks=dict(A=2, B=1, C=0), penalties=[Pen("C")])
    expect(s, dict(A=9, B=3, C=-21, D=-3, E=-6), 18)
    assert s.next_state.double is True


def test_blenheim_limited_loo_no_trick_pays_the_loo_not_four_singles():
    # limited loo 9: C pays 9 (not 12)
    s = run(V("britannica", loo="limited"), table(), trump="hearts",
            declarations=dict(A="stand", B="miss", C="stand", D="pass", E="pass"),
            tricks=dict(A=2, B=1, C=0), penalties=[Pen("C")])
    expect(s, dict(A=9, B=3, C=-12, D=-3, E=-6), 9)


def test_blenheim_four_singles_follow_single_stake():
    # single_stake 6: stakes 4 x 6 + 12 = 36, 12 a trick; B's 12 stays and B pays 24
    s = run(V("britannica", single_stake=6), table(), trump="hearts",
            declarations=dict(A="stand", B="stand", C="miss", D="pass", E="pass"),
            tricks=dict(A=1, B=1, C=1), penalties=[Pen("B")])
    expect(s, dict(A=6, B=-30, C=6, D=-6, E=-12), 36)


def test_blenheim_as_a_house_rule_on_three_card():
    # P = 27, 9 a trick: A 9, C 9; B's 9 stays, pays 4 x 3 = 12; pool 9 + 12 = 21
    s = run(V(revoke_penalty="blenheim"), table(pool=18), trump="hearts", declarations=THREE,
            tricks=dict(A=1, B=1, C=1), penalties=[Pen("B")])
    expect(s, dict(A=9, B=-12, C=9, D=0, E=-9), 21)


# --- pre-play forfeits (001 laws 5, 7, 8; R21) ----------------------------------------------

def test_looked_early_forfeit_is_divided_this_deal_BR_05():
    # 18 + D's 3 = 21, 7 a trick: A B -3 + 7 = 4, E -6 + 7 = 1; C -3; D -3 - 3
    s = run(V("britannica"), table(), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="stand"),
            tricks=dict(A=1, B=1, E=1), penalties=[Pen("D", "looked-early")])
    expect(s, dict(A=4, B=4, C=-3, D=-6, E=1), 0, pot=21)


def test_misdeal_forfeit_by_the_dealer():
    # 18 + E's 3 = 21, 7 a trick: A B C +4; D -3; E -6 - 3 = -9
    s = run(V("britannica"), table(), trump="hearts", declarations=THREE,
            tricks=dict(A=1, B=1, C=1), penalties=[Pen("E", "misdeal")])
    expect(s, dict(A=4, B=4, C=4, D=-3, E=-9), 0, pot=21)


def test_declared_early_forfeit_by_a_player_who_threw_up_his_hand():
    # same as looked-early: D forfeits 3 into this deal's pool
    s = run(V("britannica"), table(), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="stand"),
            tricks=dict(A=1, B=1, E=1), penalties=[Pen("D", "declared-early")])
    expect(s, dict(A=4, B=4, C=-3, D=-6, E=1), 0, pot=21)


def test_forfeit_raises_the_unlimited_loo():
    # P = 18 + 3 = 21 (R8), 7 a trick: A 14 - 3, B 7 - 3; C looed 21: -24; D -3 - 3; E -6
    s = run(V("britannica"), table(), trump="hearts", declarations=THREE,
            tricks=dict(A=2, B=1, C=0), penalties=[Pen("D", "looked-early")])
    expect(s, dict(A=11, B=4, C=-24, D=-6, E=-6), 21)


def test_forfeit_goes_to_the_dealer_when_all_pass():
    # double: E stakes 3; + misdeal 3: P = 18 + 3 + 3 = 24 to E: -6 + 24 = 18
    s = run(V("britannica"), table(pool=18),
            declarations={p: "pass" for p in "ABCDE"}, penalties=[Pen("E", "misdeal")])
    expect(s, dict(A=0, B=0, C=0, D=0, E=18), 0, pot=24)


def test_two_forfeits():
    # 18 + 3 + 3 = 24, 8 a trick: A B C 8 - 3 = 5; D -6; E -6 - 3 = -9
    s = run(V("britannica"), table(), trump="hearts", declarations=THREE,
            tricks=dict(A=1, B=1, C=1), penalties=[Pen("D", "looked-early"), Pen("E", "misdeal")])
    expect(s, dict(A=5, B=5, C=5, D=-6, E=-9), 0)


def test_forfeit_in_britannica_five_card_is_a_stake_of_five():
    # stakes 30 + 5 = 35, 7 a trick: A 3 -> 21 - 5, C 2 -> 14 - 5; B -5 - 5; D -5; E -10
    s = run(V("britannica-five-card"), table(), trump="spades",
            declarations=dict(A="stand", B="pass", C="stand", D="pass", E="pass"),
            tricks=dict(A=3, C=2), penalties=[Pen("B", "looked-early")])
    expect(s, dict(A=16, B=-10, C=9, D=-5, E=-10), 0)


@pytest.mark.parametrize("kind, who", [("misdeal", "E"), ("looked-early", "D"),
                                       ("declared-early", "D")])
def test_forfeits_need_the_option(kind, who):
    rejects(V(), table(pool=18), "PENALTY_NOT_ALLOWED", trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="pass"),
            tricks=dict(A=1, B=1, C=1), penalties=[Pen(who, kind)])


def test_misdeal_must_be_the_dealers():
    found = problems(V("britannica"), table(), trump="hearts", declarations=THREE,
                     tricks=dict(A=1, B=1, C=1), penalties=[Pen("A", "misdeal")])
    assert found, "a misdeal is charged to the dealer"
    with pytest.raises(HandRejected):
        settle(hand(trump="hearts", declarations=THREE, tricks=dict(A=1, B=1, C=1),
                    penalties=[Pen("A", "misdeal")]), table(), V("britannica"))


def test_declared_early_player_must_throw_up_his_hand():
    found = problems(V("britannica"), table(), trump="hearts", declarations=THREE,
                     tricks=dict(A=1, B=1, C=1), penalties=[Pen("A", "declared-early")])
    assert found, "law 8: he must throw up his hand, so he cannot be in play"


# --- revoke rejections ------------------------------------------------------------------------

def test_revoke_when_all_passed():
    rejects(V(), table(pool=18), "PENALTY_NOT_ALLOWED",
            declarations={p: "pass" for p in "ABCDE"}, penalties=[Pen("E")])


def test_revoke_against_a_lone_player_who_took_the_pool():
    rejects(V("five-card"), table(pool=10), "PENALTY_NOT_ALLOWED",
            declarations=dict(A="pass", B="stand", C="pass", D="pass", E="pass"),
            penalties=[Pen("B")])


def test_revoke_in_a_flush_hand():
    rejects(V("five-card"), table(pool=10), "PENALTY_NOT_ALLOWED", trump="clubs",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="pass"),
            flushes=[F("C", "plain", "diamonds")], penalties=[Pen("A")])


def test_revoke_by_a_player_who_passed():
    rejects(V(), table(pool=18), "PENALTY_BY_NONPLAYER", "D", trump="hearts", declarations=THREE,
            tricks=dict(A=1, B=1, C=1), penalties=[Pen("D")])


def test_revoke_by_an_unknown_player():
    rejects(V(), table(pool=18), "UNKNOWN_PLAYER", "Zed", trump="hearts", declarations=THREE,
            tricks=dict(A=1, B=1, C=1), penalties=[Pen("Zed")])


def test_unknown_penalty_kind():
    found = problems(V(), table(pool=18), trump="hearts", declarations=THREE,
                     tricks=dict(A=1, B=1, C=1), penalties=[Pen("A", "cheating")])
    assert found


def test_pays_pool_offender_is_looed():
    s = run(V("poker-book"), table(), trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", D="stand", E="pass"),
            penalties=[Pen("D")])
    assert "D" in s.looed


def test_undivided_revoke_offender_pays_eighteen():
    # P = 36 + 9 = 45; B 3 tricks but revoked: P stays; B pays 18; A looed 18; pool 81
    s = run(V("undivided"), table(pool=36), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(B=3), penalties=[Pen("B")])
    expect(s, dict(A=-18, B=-18, C=0, D=0, E=-9), 81)
