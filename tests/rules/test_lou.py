"""Lou (000 after Budericks; RULES.md "Lou", CATALOGUE §3.11, R27-R31), worked by hand in cents.

First deal: the dealer antes 100, then every player dealt in 500 (five players: P = 2600).
b = min(P, burn_cap = 5000). Seats A B C D E, dealer E unless said otherwise.
"""

import pytest
from rules_kit import F, Pen, V, expect, problems, rejects, run, table

LOU = "lou"
LATER = dict(A="stand", B="stand", C="stand", D="fold", E="fold")


def first(players="ABCDE", **kw):
    return table(players, **kw)   # empty pool: a new Lou game, antes due


# --- first deal ---------------------------------------------------------------------------

def test_first_deal_antes_and_two_sharers_LOU_01():
    # P = 100 + 5 x 500 = 2600; A, B share 1300 each: -500 + 1300 = 800;
    # C, D burned 2600: -3100; E -600 - 2600; pool 3 x 2600 = 7800
    s = run(V(LOU), first(), tricks=dict(A=2, B=2, C=1, D=0, E=0))
    expect(s, dict(A=800, B=800, C=-3100, D=-3100, E=-3200), 7800, pot=2600)


def test_first_deal_three_tricks_take_the_pot_two_tricks_safe_LOU_03():
    # A takes 2600: -500 + 2600 = 2100; B (2 tricks) neither wins nor pays: -500
    s = run(V(LOU), first(), tricks=dict(A=3, B=2))
    expect(s, dict(A=2100, B=-500, C=-3100, D=-3100, E=-3200), 7800)


def test_first_deal_one_two_trick_player_takes_the_pot_LOU_05():
    # four players: P = 100 + 2000 = 2100 to A: +1600; B, C burned 2100; D -600 - 2100
    s = run(V(LOU), first("ABCD"), tricks=dict(A=2, B=1, C=1, D=1))
    expect(s, dict(A=1600, B=-2600, C=-2600, D=-2700), 6300)


def test_first_deal_everyone_on_one_trick_is_burned_and_the_pot_stays():
    # nobody took two: all five burned 2600; pool 2600 + 13000 = 15600
    s = run(V(LOU), first(), tricks=dict(A=1, B=1, C=1, D=1, E=1))
    expect(s, dict(A=-3100, B=-3100, C=-3100, D=-3100, E=-3200), 15600)
    assert set(s.looed) == set("ABCDE")


def test_first_deal_stand_is_harmless():
    s = run(V(LOU), first(), declarations={p: "stand" for p in "ABCDE"},
            tricks=dict(A=3, B=2))
    expect(s, dict(A=2100, B=-500, C=-3100, D=-3100, E=-3200), 7800)


def test_first_deal_nobody_may_fold():
    rejects(V(LOU), first(), "PASS_NOT_ALLOWED", "C",
            declarations=dict(A="stand", B="stand", C="fold", D="stand", E="stand"),
            tricks=dict(A=3, B=2))


def test_first_deal_nobody_may_pass():
    rejects(V(LOU), first(), "PASS_NOT_ALLOWED", "C",
            declarations=dict(A="stand", B="stand", C="pass", D="stand", E="stand"),
            tricks=dict(A=3, B=2))


@pytest.mark.parametrize("odd, a, pool", [("stays", 800, 7804), ("first-left", 801, 7803)])
def test_first_deal_odd_cent(odd, a, pool):
    # ante 101: P = 2601; A, B 2601 // 2 = 1300 each, 1 cent left: stays or to A (first left)
    # C, D burned 2601: -3101; E -601 - 2601 = -3202
    s = run(V(LOU, lou_ante_dealer=101, lou_odd_cent=odd), first(),
            tricks=dict(A=2, B=2, C=1))
    expect(s, dict(A=a, B=800, C=-3101, D=-3101, E=-3202), pool)


def test_first_deal_odd_cent_first_left_counts_from_the_dealer():
    # dealer C: order D E A B C; sharers A and D: D is first -> 1301; A 1300
    s = run(V(LOU, lou_ante_dealer=101, lou_odd_cent="first-left"), first(dealer="C"),
            tricks=dict(A=2, D=2, B=1))
    expect(s, dict(A=800, B=-3101, C=-3202, D=801, E=-3101), 7803)


def test_first_deal_burn_cap_override():
    # burn_cap 1000: C, D, E burned min(2600, 1000) = 1000; pool 3000
    s = run(V(LOU, burn_cap=1000), first(), tricks=dict(A=2, B=2, C=1))
    expect(s, dict(A=800, B=800, C=-1500, D=-1500, E=-1600), 3000)


def test_first_deal_next_state():
    st = first()
    s = run(V(LOU), st, tricks=dict(A=2, B=2, C=1))
    ns = s.next_state
    assert ns.dealer == "A" and ns.pool == 7800
    assert ns.lou_first is False
    assert ns.sit_out == frozenset()
    assert ns.hand_no == st.hand_no + 1


@pytest.mark.parametrize("rule, b_delta, pool", [(True, -1700, 1100), (False, -600, 0)])
def test_first_deal_two_players_two_stander_rule_R29(rule, b_delta, pool):
    # two players, dealer B: P = 100 + 2 x 500 = 1100 to A (3 tricks): -500 + 1100 = 600;
    # B (2 tricks): burned 1100 under R29, else neither wins nor pays: -600
    s = run(V(LOU, lou_two_stander_rule=rule), first("AB"), tricks=dict(A=3, B=2))
    expect(s, dict(A=600, B=b_delta), pool)


def test_first_deal_seven_players_exchange_at_most_two_R37():
    rejects(V(LOU), first("ABCDEFG"), "EXCHANGE_INVALID", "A",
            exchanges=dict(A=3), tricks=dict(A=3, B=2))


def test_first_deal_seven_players_exchange_two():
    # P = 100 + 3500 = 3600 to A: +3100; B -500; C..F burned 3600: -4100; G -600 - 3600
    s = run(V(LOU), first("ABCDEFG"), exchanges=dict(A=2, B=1), tricks=dict(A=3, B=2))
    expect(s, dict(A=3100, B=-500, C=-4100, D=-4100, E=-4100, F=-4100, G=-4200), 18000)


def test_first_deal_seven_players_limit_off():
    s = run(V(LOU, lou_exchange_limits=False), first("ABCDEFG"), exchanges=dict(A=3),
            tricks=dict(A=3, B=2))
    expect(s, dict(A=3100, B=-500, C=-4100, D=-4100, E=-4100, F=-4100, G=-4200), 18000)


def test_first_deal_eight_players_no_exchange_R37():
    found = [c for c, _ in problems(V(LOU), first("ABCDEFGH"), exchanges=dict(A=1),
                                    tricks=dict(A=3, B=2))]
    assert {"EXCHANGE_INVALID", "EXCHANGE_NOT_ALLOWED"} & set(found), found


# --- later deals ----------------------------------------------------------------------------

def test_later_deal_nobody_reaches_three_pot_stays_LOU_07():
    # later deal: no antes; C burned 3000; pool 6000
    s = run(V(LOU), table(pool=3000), declarations=LATER, tricks=dict(A=2, B=2, C=1))
    expect(s, dict(A=0, B=0, C=-3000, D=0, E=0), 6000, pot=3000)
    assert s.next_state.dealer == "A" and s.next_state.lou_first is False


def test_later_deal_burn_capped_LOU_09():
    # A takes 7800; B C D burned min(7800, 5000) = 5000; pool 15000
    s = run(V(LOU), table(pool=7800),
            declarations=dict(A="stand", B="stand", C="stand", D="stand", E="fold"),
            exchanges=dict(A=3, B=0, C=2, D=1), tricks=dict(A=3, B=1, C=1, D=0))
    expect(s, dict(A=7800, B=-5000, C=-5000, D=-5000, E=0), 15000)


def test_later_deal_burn_at_exactly_the_cap():
    # P = 5000: B and C burned min(5000, 5000)
    s = run(V(LOU), table(pool=5000), declarations=LATER, tricks=dict(A=3, B=1, C=1))
    expect(s, dict(A=5000, B=-5000, C=-5000, D=0, E=0), 10000)


def test_later_deal_three_standers_two_tricks_safe():
    # A takes 3000; B (2) safe; C (0) burned 3000
    s = run(V(LOU), table(pool=3000), declarations=LATER, tricks=dict(A=3, B=2))
    expect(s, dict(A=3000, B=0, C=-3000, D=0, E=0), 3000)


def test_later_deal_everyone_on_one_trick():
    # five standers with one trick each: all burned 3000, pot stays: 3000 + 15000
    s = run(V(LOU), table(pool=3000), declarations={p: "stand" for p in "ABCDE"},
            tricks=dict(A=1, B=1, C=1, D=1, E=1))
    expect(s, dict(A=-3000, B=-3000, C=-3000, D=-3000, E=-3000), 18000)


@pytest.mark.parametrize("rule", [True, False])
def test_later_deal_exactly_two_standers_loser_burned_with_two_tricks(rule):
    # A 3 takes 3000; B stood with 2: burned 3000 because only two stood
    s = run(V(LOU, lou_two_stander_rule=rule), table(pool=3000),
            declarations=dict(A="fold", B="stand", C="fold", D="stand", E="fold"),
            tricks=dict(B=2, D=3))
    expect(s, dict(A=0, B=-3000, C=0, D=3000, E=0), 3000)


def test_later_deal_exactly_two_standers_four_one():
    s = run(V(LOU), table(pool=3000),
            declarations=dict(A="stand", B="fold", C="fold", D="fold", E="stand"),
            tricks=dict(A=1, E=4))
    expect(s, dict(A=-3000, B=0, C=0, D=0, E=3000), 3000)


def test_later_deal_all_fold_pot_stays_same_dealer():
    st = table(pool=4000)
    s = run(V(LOU), st, declarations={p: "fold" for p in "ABCDE"})
    expect(s, dict(A=0, B=0, C=0, D=0, E=0), 4000)
    ns = s.next_state
    assert ns.dealer == "E" and ns.pool == 4000 and ns.lou_first is False
    assert ns.hand_no == st.hand_no + 1


def test_later_deal_pass_is_accepted_as_fold():
    s = run(V(LOU), table(pool=4000), declarations={p: "pass" for p in "ABCDE"})
    expect(s, dict(A=0, B=0, C=0, D=0, E=0), 4000)
    assert s.next_state.dealer == "E"


def test_later_deal_sole_stander_takes_the_pot_and_a_new_game_starts_LOU_11():
    v = V(LOU)
    s = run(v, table(pool=6000), declarations=dict(A="fold", B="stand", C="fold", D="fold",
                                                  E="fold"))
    expect(s, dict(A=0, B=6000, C=0, D=0, E=0), 0)
    ns = s.next_state
    assert ns.dealer == "A" and ns.lou_first is True and ns.lou_antes_due is True
    # the next deal is a first deal: A antes 100 + 500, everyone 500: P = 2600; B 3 takes it;
    # C 2 safe; D, E burned 2600; A -600 - 2600
    s2 = run(v, ns, dealer="A", tricks=dict(B=3, C=2))
    expect(s2, dict(A=-3200, B=2100, C=-500, D=-3100, E=-3100), 7800, pot=2600)


def test_later_deal_dealer_as_sole_stander():
    s = run(V(LOU), table(pool=6000), declarations=dict(A="fold", B="fold", C="fold", D="fold",
                                                       E="stand"))
    expect(s, dict(A=0, B=0, C=0, D=0, E=6000), 0)


def test_later_deal_sole_stander_no_tricks():
    rejects(V(LOU), table(pool=6000), "TRICKS_WITH_NO_PLAY",
            declarations=dict(A="fold", B="stand", C="fold", D="fold", E="fold"),
            tricks=dict(B=5))


def test_later_deal_all_fold_no_tricks():
    rejects(V(LOU), table(pool=6000), "TRICKS_WITH_NO_PLAY",
            declarations={p: "fold" for p in "ABCDE"}, tricks=dict(A=5))


def test_later_deal_needs_declarations():
    rejects(V(LOU), table(pool=3000), "MISSING_DECLARATION", tricks=dict(A=3, B=2))


def test_later_deal_tricks_to_a_player_who_folded_LOU_15():
    rejects(V(LOU), table(pool=4000), "TRICKS_BY_NONPLAYER", "D", declarations=LATER,
            tricks=dict(A=2, B=1, C=1, D=1))


def test_later_deal_tricks_sum_to_five():
    rejects(V(LOU), table(pool=4000), "TRICKS_SUM", declarations=LATER,
            tricks=dict(A=2, B=1, C=1))


def test_lou_exchanges_up_to_three():
    rejects(V(LOU), table(pool=3000), "EXCHANGE_INVALID", "A", declarations=LATER,
            exchanges=dict(A=4), tricks=dict(A=3, B=2))
    rejects(V(LOU), table(pool=3000), "EXCHANGE_NOT_ALLOWED", "D", declarations=LATER,
            exchanges=dict(D=1), tricks=dict(A=3, B=2))


def test_lou_has_no_miss():
    # no miss is dealt in Lou: MISS_NOT_AVAILABLE (CATALOGUE §5), or the word is refused
    # outright as not one of Lou's (stand / fold)
    found = problems(V(LOU), table(pool=3000),
                     declarations=dict(A="stand", B="miss", C="stand", D="fold", E="fold"),
                     tricks=dict(A=3, C=2))
    assert {("MISS_NOT_AVAILABLE", "B"), ("BAD_DECLARATION", "B")} & set(found), found


def test_lou_has_no_defend():
    found = problems(V(LOU), table(pool=3000),
                     declarations=dict(A="stand", B="fold", C="fold", D="fold", E="defend"),
                     tricks=dict(A=3, E=2))
    assert {("DEFEND_NOT_ALLOWED", "E"), ("BAD_DECLARATION", "E")} & set(found), found


def test_lou_has_no_flush():
    rejects(V(LOU), table(pool=3000), "FLUSH_NOT_RECOGNISED", trump="hearts", declarations=LATER,
            flushes=[F("A", "plain", "spades")])


# --- renege ---------------------------------------------------------------------------------

def test_renege_later_deal_LOU_13_and_the_redeal():
    v = V(LOU)
    st = table(pool=4000)
    s = run(v, st, declarations=LATER, penalties=[Pen("B")])
    # B burned min(4000, 5000) at once; nothing else settled
    expect(s, dict(A=0, B=-4000, C=0, D=0, E=0), 8000)
    ns = s.next_state
    assert ns.dealer == "E" and ns.sit_out == frozenset({"B"}) and ns.lou_first is False
    assert ns.hand_no == st.hand_no + 1
    # redeal by E without B: P = 8000; A 3 takes it; C, E burned 5000 (cap); pool 10000
    s2 = run(v, ns, dealer="E", sitting_out=["B"],
             declarations=dict(A="stand", C="stand", D="fold", E="stand"),
             tricks=dict(A=3, C=1, E=1))
    assert s2.deltas.get("B", 0) == 0
    got = {k: x for k, x in s2.deltas.items() if k != "B"}
    assert got == dict(A=8000, C=-5000, D=0, E=-5000)
    assert s2.pool_after == 10000
    assert s2.next_state.dealer == "A" and s2.next_state.sit_out == frozenset()


def test_renege_burn_is_capped():
    # pot 7000: burn min(7000, 5000) = 5000
    s = run(V(LOU), table(pool=7000), declarations=LATER, penalties=[Pen("C")])
    expect(s, dict(A=0, B=0, C=-5000, D=0, E=0), 12000)


def test_renege_first_deal_stays_a_first_deal_without_new_antes():
    v = V(LOU)
    s = run(v, first(), penalties=[Pen("B")])
    # antes 2600 paid; B burned 2600: -500 - 2600; pool 5200
    expect(s, dict(A=-500, B=-3100, C=-500, D=-500, E=-600), 5200, pot=2600)
    ns = s.next_state
    assert ns.dealer == "E" and ns.lou_first is True and ns.lou_antes_due is False
    assert ns.sit_out == frozenset({"B"})
    # redeal: still a first deal (everyone plays), no antes: P = 5200; A 3 takes it;
    # C, D, E burned 5000 (cap); pool 15000
    s2 = run(v, ns, dealer="E", sitting_out=["B"], tricks=dict(A=3, C=1, D=1))
    assert s2.deltas.get("B", 0) == 0
    got = {k: x for k, x in s2.deltas.items() if k != "B"}
    assert got == dict(A=5200, C=-5000, D=-5000, E=-5000)
    assert s2.pool_after == 15000 and s2.pot == 5200
    assert s2.next_state.lou_first is False and s2.next_state.dealer == "A"


def test_renege_first_deal_redeal_shares_two_tricks():
    v = V(LOU)
    ns = run(v, first(), penalties=[Pen("B")]).next_state
    # first-deal rule still applies: A, C share 5200: 2600 each; D, E burned 5000; pool 10000
    s2 = run(v, ns, dealer="E", sitting_out=["B"], tricks=dict(A=2, C=2, D=1))
    got = {k: x for k, x in s2.deltas.items() if k != "B"}
    assert got == dict(A=2600, C=2600, D=-5000, E=-5000)
    assert s2.pool_after == 10000


def test_renege_no_tricks_may_be_recorded():
    rejects(V(LOU), table(pool=4000), "TRICKS_WITH_NO_PLAY", declarations=LATER,
            tricks=dict(A=3, C=2), penalties=[Pen("B")])


def test_renege_by_a_player_who_folded():
    rejects(V(LOU), table(pool=4000), "PENALTY_BY_NONPLAYER", "D", declarations=LATER,
            penalties=[Pen("D")])


def test_renege_when_all_fold():
    rejects(V(LOU), table(pool=4000), "PENALTY_NOT_ALLOWED",
            declarations={p: "fold" for p in "ABCDE"}, penalties=[Pen("A")])


def test_the_reneger_sits_out_the_redeal():
    v = V(LOU)
    ns = run(v, table(pool=4000), declarations=LATER, penalties=[Pen("B")]).next_state
    rejects(v, ns, "NOT_DEALT_IN", "B", dealer="E",
            declarations=dict(A="stand", B="stand", C="stand", D="fold", E="fold"),
            tricks=dict(A=3, B=1, C=1))


def test_lou_forfeits_not_allowed():
    rejects(V(LOU), table(pool=4000), "PENALTY_NOT_ALLOWED", declarations=LATER,
            tricks=dict(A=3, B=2), penalties=[Pen("D", "looked-early")])


def test_lou_eleven_players_cannot_be_dealt():
    # 11 x 5 + 1 = 56 > 52
    rejects(V(LOU), first("ABCDEFGHIJK"), "CANNOT_DEAL", tricks=dict(A=3, B=2))


def test_redeal_after_renege_sit_out_comes_from_the_table_state():
    v = V(LOU)
    ns = run(v, table(pool=4000), declarations=LATER, penalties=[Pen("B")]).next_state
    # the record need not repeat who sits out: P = 8000, C 3 takes it; A, E burned 5000
    s2 = run(v, ns, declarations=dict(A="stand", C="stand", D="fold", E="stand"),
             tricks=dict(A=1, C=3, E=1))
    assert s2.deltas.get("B", 0) == 0
    assert {k: x for k, x in s2.deltas.items() if k != "B"} == dict(A=-5000, C=8000, D=0, E=-5000)
    assert s2.pool_after == 10000


def test_dealer_sole_stander_deal_passes_left_new_game():
    s = run(V(LOU), table(pool=6000), declarations=dict(A="fold", B="fold", C="fold", D="fold",
                                                       E="stand"))
    assert s.next_state.dealer == "A" and s.next_state.lou_first is True


def test_later_deal_exactly_two_standers_five_nil():
    # A 5 takes 3000; E 0 burned 3000
    s = run(V(LOU), table(pool=3000),
            declarations=dict(A="stand", B="fold", C="fold", D="fold", E="stand"),
            tricks=dict(A=5))
    expect(s, dict(A=3000, B=0, C=0, D=0, E=-3000), 3000)


@pytest.mark.parametrize("n, ok", [(0, True), (3, True), (4, False)])
def test_lou_dealer_exchanges_like_everyone_else(n, ok):
    # Lou: "discards 0, 1, 2 or 3 cards" - no indicator rule (that is five-card Loo's)
    kw = dict(declarations=dict(A="stand", B="stand", C="fold", D="fold", E="stand"),
              exchanges=dict(E=n), tricks=dict(A=3, B=1, E=1))
    if ok:
        # A takes 3000; B, E burned 3000
        expect(run(V(LOU), table(pool=3000), **kw), dict(A=3000, B=-3000, C=0, D=0, E=-3000), 6000)
    else:
        rejects(V(LOU), table(pool=3000), "EXCHANGE_INVALID", "E", **kw)
