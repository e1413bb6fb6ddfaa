"""Every rejection of RULES.md "Across every variant", each on its own (CATALOGUE §5, R43).

Each record below is legal but for the one thing it is testing.
"""

import pytest
from rules_kit import F, Pen, V, expect, hand, problems, rejects, run, table

DOUBLE = dict(trump="hearts", declarations=dict(A="stand", B="stand", C="stand", D="pass",
                                                 E="pass"))


def names(n):
    return tuple(f"P{i:02d}" for i in range(1, n + 1))


# --- tricks ---------------------------------------------------------------------------------

def test_tricks_that_do_not_sum_to_the_hand_size():
    rejects(V(), table(pool=18), "TRICKS_SUM", tricks=dict(A=1, B=1), **DOUBLE)


def test_tricks_that_sum_to_more_than_the_hand_size():
    rejects(V(), table(), "TRICKS_SUM", tricks=dict(A=2, B=1, C=1))


def test_played_hand_without_tricks():
    rejects(V(), table(pool=18), "TRICKS_SUM", **DOUBLE)


def test_a_trick_count_beyond_the_hand_or_below_nothing():
    """Three-card Loo deals three cards, so a player wins 0 to 3 tricks: A's 4 and C's -1
    are each refused by name, and, the counts being unreadable, no sum is worked from them
    (no TRICKS_SUM beside them)."""
    found = problems(V(), table(), tricks=dict(A=4, B=0, C=-1))
    assert sorted(found) == [("TRICKS_INVALID", "A"), ("TRICKS_INVALID", "C")]
    rejects(V(), table(), "TRICKS_INVALID", "A", tricks=dict(A=4, B=0, C=0))


def test_tricks_for_a_player_who_passed_L3_23():
    rejects(V(), table(pool=18), "TRICKS_BY_NONPLAYER", "B", trump="hearts",
            declarations=dict(A="stand", B="pass", C="stand", D="pass", E="stand"),
            tricks=dict(A=1, B=1, C=1, E=0))


def test_tricks_for_a_hand_settled_without_play_R43():
    rejects(V(), table(pool=18), "TRICKS_WITH_NO_PLAY",
            declarations={p: "pass" for p in "ABCDE"}, tricks=dict(E=3))


# --- declarations -----------------------------------------------------------------------------

def test_two_miss_takers():
    # first come: C's miss is the second one
    rejects(V(), table(pool=18), "MULTIPLE_MISS", "C", trump="hearts",
            declarations=dict(A="miss", B="stand", C="miss", D="pass", E="pass"),
            tricks=dict(A=1, B=1, C=1))


def test_miss_in_a_standard_simple_pool_L3_29():
    rejects(V(), table("ABCD"), "MISS_NOT_AVAILABLE", "A",
            declarations=dict(A="miss"), tricks=dict(A=1, B=1, C=1, D=0))


def test_miss_where_the_variant_deals_none():
    rejects(V(miss=False), table(pool=18), "MISS_NOT_AVAILABLE", "A", trump="hearts",
            declarations=dict(A="miss", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=1, B=2))


def test_pass_where_nobody_may_pass():
    rejects(V(), table(), "PASS_NOT_ALLOWED", "B",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="stand"),
            tricks=dict(A=1, C=1, D=1))


def test_defend_in_a_simple_play_all_pool():
    rejects(V(), table(), "DEFEND_NOT_ALLOWED", "E", declarations=dict(E="defend"),
            tricks=dict(A=1, C=1, E=1))


def test_unknown_word():
    rejects(V(), table(pool=18), "BAD_DECLARATION", "B", trump="hearts",
            declarations=dict(A="stand", B="raise", C="stand", D="pass", E="pass"),
            tricks=dict(A=2, C=1))


def test_missing_declaration_in_a_double():
    rejects(V(), table(pool=18), "MISSING_DECLARATION", "D", trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", E="pass"),
            tricks=dict(A=1, B=1, C=1))


def test_miss_by_anyone_but_the_eldest():
    rejects(V(simple_pool="miss-eldest"), table(), "MISS_NOT_ELDEST", "C", trump="hearts",
            declarations=dict(C="miss"), tricks=dict(A=1, C=1, D=1))


# --- defend and the dealer --------------------------------------------------------------------

def test_defend_with_two_standers_L3_25():
    rejects(V(), table(pool=18), "DEFEND_NOT_ALLOWED", "E",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="defend"),
            tricks=dict(A=1, B=1, E=1))


def test_defend_by_a_player_who_is_not_the_dealer():
    rejects(V(), table(pool=18), "DEFEND_NOT_ALLOWED", "B",
            declarations=dict(A="stand", B="defend", C="pass", D="pass", E="stand"),
            tricks=dict(A=1, B=1, E=1))


def test_defend_when_nobody_stood_the_dealer_still_takes_the_pool():
    # RULES: all but the dealer pass -> "the dealer takes P without play, whatever the dealer
    # said": P = 18 + 9 = 27, E -9 + 27
    s = run(V(), table(pool=18), declarations=dict(A="pass", B="pass", C="pass", D="pass",
                                                  E="defend"))
    expect(s, dict(A=0, B=0, C=0, D=0, E=18), 0)


def test_dealer_passes_against_a_lone_stander_L3_27():
    rejects(V(), table(pool=18), "DEALER_MUST_PLAY", "E",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="pass"))


def test_dealer_option_outside_the_preset_BC_03():
    rejects(V("bicycle"), table(pool=6), "DEALER_OPTION_NOT_ALLOWED", "E",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="miss"),
            tricks=dict(A=1, E=2))


# --- exchanges --------------------------------------------------------------------------------

def test_exchange_beyond_the_limit():
    rejects(V("irish"), table(pool=18), "EXCHANGE_INVALID", "A", trump="hearts",
            declarations=dict(A="stand", B="pass", C="stand", D="pass", E="stand"),
            exchanges=dict(A=4), tricks=dict(A=1, C=1, E=1))


def test_negative_exchange():
    rejects(V("irish"), table(pool=18), "EXCHANGE_INVALID", "A", trump="hearts",
            declarations=dict(A="stand", B="pass", C="stand", D="pass", E="stand"),
            exchanges=dict(A=-1), tricks=dict(A=1, C=1, E=1))


def test_exchange_where_the_variant_has_none():
    rejects(V(), table(pool=18), "EXCHANGE_NOT_ALLOWED", "A", exchanges=dict(A=1),
            tricks=dict(A=1, B=1, C=1), **DOUBLE)


# --- flushes ----------------------------------------------------------------------------------

def test_flush_for_a_player_who_passed():
    rejects(V(flushes=True), table(pool=18), "FLUSH_BY_NONPLAYER", "D", flushes=[F("D")],
            **DOUBLE)


def test_flush_where_no_trump_is_known():
    rejects(V(flushes=True), table(), "FLUSH_NOT_RECOGNISED", flushes=[F("A")])


def test_five_card_kind_in_three_card():
    found = problems(V(flushes=True), table(pool=18), flushes=[F("A", "trump", "hearts")],
                     **DOUBLE)
    assert found, "three-card flushes are of kind 'flush'"


# --- dealer rotation, seats -------------------------------------------------------------------

def test_dealer_out_of_rotation():
    rejects(V(), table(), "DEALER_OUT_OF_ROTATION", dealer="A", tricks=dict(A=1, B=1, C=1))


def test_dealer_in_rotation_is_fine():
    s = run(V(), table(), dealer="E", tricks=dict(A=1, B=1, C=1))
    assert s.dealer == "E"


def test_second_hand_dealer_checked_against_the_rotation():
    s = run(V(), table(), tricks=dict(A=1, B=1, C=1))
    rejects(V(), s.next_state, "DEALER_OUT_OF_ROTATION", dealer="E", tricks=dict(A=1, B=1, C=1),
            **DOUBLE)


def test_a_player_who_is_not_seated():
    rejects(V(), table(pool=18), "UNKNOWN_PLAYER", "Zed", trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="pass", Zed="stand"),
            tricks=dict(A=1, B=1, Zed=1))


def test_tricks_for_a_player_who_is_not_seated():
    rejects(V(), table(), "UNKNOWN_PLAYER", "Zed", tricks=dict(A=1, B=1, Zed=1))


def test_sitting_out_a_player_who_is_not_seated():
    rejects(V(), table(), "UNKNOWN_PLAYER", "Zed", sitting_out=["Zed"], tricks=dict(A=1, B=1, C=1))


def test_a_player_sitting_out_named_in_the_hand():
    rejects(V(), table(pool=18), "NOT_DEALT_IN", "C", sitting_out=["C"], trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="pass"),
            tricks=dict(A=1, B=1, C=1))


def test_a_player_sitting_out_is_not_dealt_in():
    # C out: A B D E dealt. P = 9, 3 a trick: A B D 3; E looed: -9 - 9; pool 9
    s = run(V(), table(), sitting_out=["C"], tricks=dict(A=1, B=1, D=1))
    assert s.deltas.get("C", 0) == 0
    assert {k: x for k, x in s.deltas.items() if k != "C"} == dict(A=3, B=3, D=3, E=-18)
    assert s.pool_after == 9


# --- the cards must be dealable (R32) ---------------------------------------------------------

def test_seventeen_players_simple_pool_is_dealable():
    # 17 x 3 + 1 = 52, no miss in a play-all simple pool
    p = names(17)
    assert problems(V(), table(p), tricks={p[0]: 1, p[1]: 1, p[2]: 1}) == []


def test_seventeen_players_double_cannot_be_dealt():
    # 17 x 3 + 3 (miss) + 1 = 55 > 52
    p = names(17)
    decl = {x: "pass" for x in p} | {p[0]: "stand", p[1]: "stand"}
    rejects(V(), table(p, pool=18), "CANNOT_DEAL", trump="hearts", declarations=decl,
            tricks={p[0]: 2, p[1]: 1})


def test_sixteen_players_double_is_dealable():
    # 16 x 3 + 3 + 1 = 52
    p = names(16)
    decl = {x: "pass" for x in p} | {p[0]: "stand", p[1]: "stand"}
    assert problems(V(), table(p, pool=18), trump="hearts", declarations=decl,
                    tricks={p[0]: 2, p[1]: 1}) == []


def test_seventeen_seated_one_sitting_out_is_dealable():
    p = names(17)
    decl = {x: "pass" for x in p[:16]} | {p[0]: "stand", p[1]: "stand"}
    # a later hand: the first dealer deals the first hand and may not sit it out; here P17
    # sits out and the deal passes on to P01, who stands against P02 alone
    assert problems(V(), table(p, pool=18, hand_no=2), sitting_out=[p[16]], trump="hearts",
                    declarations=decl, tricks={p[0]: 2, p[1]: 1}) == []


def test_five_card_eleven_players_cannot_be_dealt():
    # 11 x 5 + 1 = 56 > 52; ten: 51
    decl11 = {x: "pass" for x in names(11)} | {"P01": "stand", "P02": "stand"}
    rejects(V("five-card"), table(names(11), pool=10), "CANNOT_DEAL", trump="hearts",
            declarations=decl11, tricks=dict(P01=3, P02=2))
    decl10 = {x: "pass" for x in names(10)} | {"P01": "stand", "P02": "stand"}
    assert problems(V("five-card"), table(names(10), pool=10), trump="hearts",
                    declarations=decl10, tricks=dict(P01=3, P02=2)) == []


def test_stripped_pack():
    # pack 32: ten players simple 31 <= 32; double 34 > 32; nine players double 31
    v = V("bicycle", pack=32)
    assert problems(v, table(names(10)), tricks=dict(P01=1, P02=1, P03=1)) == []
    decl = {x: "pass" for x in names(10)} | {"P01": "stand", "P02": "stand"}
    rejects(v, table(names(10), pool=6), "CANNOT_DEAL", trump="hearts", declarations=decl,
            tricks=dict(P01=2, P02=1))
    decl9 = {x: "pass" for x in names(9)} | {"P01": "stand", "P02": "stand"}
    assert problems(v, table(names(9), pool=6), trump="hearts", declarations=decl9,
                    tricks=dict(P01=2, P02=1)) == []


# --- the table's own deltas -------------------------------------------------------------------

def test_recorded_deltas_that_agree():
    # L3-01 figures
    s = run(V(), table("ABCD"), tricks=dict(A=1, B=0, C=1, D=1),
            deltas=dict(A=3, B=-9, C=3, D=-6))
    expect(s, dict(A=3, B=-9, C=3, D=-6), 9)


def test_recorded_deltas_that_disagree():
    rejects(V(), table("ABCD"), "DELTAS_MISMATCH", tricks=dict(A=1, B=0, C=1, D=1),
            deltas=dict(A=3, B=-6, C=3, D=-6))


def test_table_ruling_records_the_tables_figures():
    # the table let B off with 6: pool_after = 0 - (3 - 6 + 3 - 6) = 6
    s = run(V(), table("ABCD"), tricks=dict(A=1, B=0, C=1, D=1),
            deltas=dict(A=3, B=-6, C=3, D=-6), table_ruling="B was let off lightly")
    expect(s, dict(A=3, B=-6, C=3, D=-6), 6)
    assert s.table_ruling == "B was let off lightly"
    assert s.next_state.pool == 6


# --- several problems at once -----------------------------------------------------------------

def test_three_problems_reported_together():
    # a revoke by D, who passed; an exchange in three-card; tricks summing to 2
    st = table(pool=18, hand_no=7)
    rec = hand(trump="hearts",
               declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
               exchanges=dict(B=1), tricks=dict(A=1, B=1), penalties=[Pen("D")])
    from rules_kit import validate
    found = validate(rec, st, V())
    pairs = {(p.code, p.player) for p in found}
    assert {("PENALTY_BY_NONPLAYER", "D"), ("EXCHANGE_NOT_ALLOWED", "B")} <= pairs, pairs
    assert "TRICKS_SUM" in {c for c, _ in pairs}, pairs
    assert all(p.hand in (None, 7) for p in found)


def test_dealer_out_of_rotation_alongside_other_problems():
    # at least the rotation is named when other things are wrong too
    codes = {c for c, _ in problems(V(), table("ABCD"), dealer="B", exchanges=dict(A=1),
                                    tricks=dict(A=1, C=1))}
    assert "DEALER_OUT_OF_ROTATION" in codes


@pytest.mark.parametrize("extra", [dict(tricks=dict(A=1, B=1, C=1, D=1))])
def test_validate_does_not_raise(extra):
    # validate returns problems; only settle raises
    from rules_kit import validate
    assert validate(hand(**extra), table(), V())


def test_seventeen_players_miss_eldest_simple_pool_deals_a_miss():
    # the miss is dealt: 17 x 3 + 3 + 1 = 55 > 52
    p = names(17)
    rejects(V(simple_pool="miss-eldest"), table(p), "CANNOT_DEAL", trump="hearts",
            tricks={p[0]: 1, p[1]: 1, p[2]: 1})


def test_seventeen_players_club_law_double_has_no_miss():
    # clubs turned under club law: no miss, 17 x 3 + 1 = 52; hearts: a miss, 55 > 52
    p = names(17)
    v = V(club_law=True)
    assert problems(v, table(p, pool=18), trump="clubs",
                    tricks={p[0]: 1, p[1]: 1, p[2]: 1}) == []
    decl = {x: "pass" for x in p} | {p[0]: "stand", p[1]: "stand"}
    rejects(v, table(p, pool=18), "CANNOT_DEAL", trump="hearts", declarations=decl,
            tricks={p[0]: 2, p[1]: 1})
