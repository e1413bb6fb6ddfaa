"""Five-card Loo (000) and Britannica five-card (001), worked by hand.

five-card: the dealer antes 5, loo 5, Pam = jack of clubs, exchange 0-5, no miss, flushes on.
Seats A B C D E, dealer E unless said otherwise.
"""

import pytest
from rules_kit import F, V, expect, rejects, run, table

ALL_STAND = dict(A="stand", B="stand", C="stand", D="stand", E="stand")


# --- play ---------------------------------------------------------------------------------

def test_five_card_play_with_exchanges_F5_01():
    # six players, P = 10 + 5 = 15, 3 a trick: A 6, D 6; C looed 5; F -5 + 3
    s = run(V("five-card"), table("ABCDEF", pool=10), trump="diamonds",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="pass", F="stand"),
            exchanges=dict(A=2, C=5, D=0, F=1), tricks=dict(A=2, C=0, D=2, F=1))
    expect(s, dict(A=6, B=0, C=-5, D=6, E=0, F=-2), 5)


def test_five_card_odd_chips_F5_11():
    # P = 8 + 5 = 13, 13 // 5 = 2 a trick: A 4, B 4, D 2; 3 odd chips stay
    s = run(V("five-card"), table(pool=8), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="stand", E="pass"),
            tricks=dict(A=2, B=2, D=1))
    expect(s, dict(A=4, B=4, C=0, D=2, E=-5), 3)


def test_five_card_all_five_tricks_take_the_odd_chips():
    # P = 13 all to A; B looed 5
    s = run(V("five-card"), table(pool=8), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=5))
    expect(s, dict(A=13, B=-5, C=0, D=0, E=-5), 5)


def test_five_card_simple_pool_is_declared():
    # no play-all simple pool in five-card: P = 5, 1 a trick: A 3, B 2; E antes 5
    s = run(V("five-card"), table(), trump="hearts",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(A=3, B=2))
    expect(s, dict(A=3, B=2, C=0, D=0, E=-5), 0)


def test_five_card_simple_pool_needs_declarations():
    rejects(V("five-card"), table(), "MISSING_DECLARATION", tricks=dict(A=3, B=2))


def test_five_card_unlimited_loo():
    # P = 20 + 5 = 25, 5 a trick: A 15, B 10; C matches 25
    s = run(V("five-card", loo="unlimited"), table(pool=20), trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="pass"),
            tricks=dict(A=3, B=2))
    expect(s, dict(A=15, B=10, C=-25, D=0, E=-5), 25)


def test_five_card_mixed_loo_default_cap_25():
    # P = 30 + 5 = 35, 7 a trick: A 21, B 14; C pays min(35, 25) = 25
    s = run(V("five-card", loo="mixed"), table(pool=30), trump="hearts",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="pass"),
            tricks=dict(A=3, B=2))
    expect(s, dict(A=21, B=14, C=-25, D=0, E=-5), 25)


# --- sole stander and all pass ------------------------------------------------------------

def test_sole_stander_takes_the_pool_without_play():
    # P = 10 + 5 = 15 to B
    s = run(V("five-card"), table(pool=10),
            declarations=dict(A="pass", B="stand", C="pass", D="pass", E="pass"))
    expect(s, dict(A=0, B=15, C=0, D=0, E=-5), 0)
    assert s.next_state.dealer == "A"


def test_dealer_as_sole_stander_takes_the_pool():
    # E: -5 + 15
    s = run(V("five-card"), table(pool=10),
            declarations=dict(A="pass", B="pass", C="pass", D="pass", E="stand"))
    expect(s, dict(A=0, B=0, C=0, D=0, E=10), 0)


def test_five_card_all_pass_F5_03():
    # R23: E takes P = 15: -5 + 15
    s = run(V("five-card"), table(pool=10), declarations={p: "pass" for p in "ABCDE"})
    expect(s, dict(A=0, B=0, C=0, D=0, E=10), 0)


def test_sole_stander_no_tricks():
    rejects(V("five-card"), table(pool=10), "TRICKS_WITH_NO_PLAY",
            declarations=dict(A="pass", B="stand", C="pass", D="pass", E="pass"),
            tricks=dict(B=5))


def test_five_card_no_miss():
    rejects(V("five-card"), table(pool=10), "MISS_NOT_AVAILABLE", "B",
            declarations=dict(A="stand", B="miss", C="pass", D="pass", E="stand"),
            tricks=dict(A=2, B=2, E=1))


def test_five_card_no_defend():
    rejects(V("five-card"), table(pool=10), "DEFEND_NOT_ALLOWED", "E",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="defend"),
            tricks=dict(A=2, E=3))


# --- exchanges and the indicator ------------------------------------------------------------

PLAY2 = dict(trump="spades", declarations=dict(A="stand", B="pass", C="pass", D="pass", E="stand"),
             tricks=dict(A=2, E=3))
# P = 10 + 5 = 15, 3 a trick: A 6; E -5 + 9 = 4
PLAY2_DELTAS = dict(A=6, B=0, C=0, D=0, E=4)


@pytest.mark.parametrize("n", [0, 1, 5])
def test_non_dealer_exchanges_zero_to_five(n):
    s = run(V("five-card"), table(pool=10), exchanges=dict(A=n), **PLAY2)
    expect(s, PLAY2_DELTAS, 0)


def test_non_dealer_exchange_of_six_is_invalid():
    rejects(V("five-card"), table(pool=10), "EXCHANGE_INVALID", "A", exchanges=dict(A=6), **PLAY2)


@pytest.mark.parametrize("n", [1, 6])
def test_dealer_with_the_indicator_discards_one_to_six(n):
    # he picks up the turned card: discards 1..5+1
    s = run(V("five-card"), table(pool=10), exchanges=dict(E=n), **PLAY2)
    expect(s, PLAY2_DELTAS, 0)


@pytest.mark.parametrize("n", [0, 7])
def test_dealer_with_the_indicator_outside_one_to_six(n):
    rejects(V("five-card"), table(pool=10), "EXCHANGE_INVALID", "E", exchanges=dict(E=n), **PLAY2)


def test_dealer_without_an_exchange_recorded_is_fine():
    s = run(V("five-card"), table(pool=10), exchanges=dict(A=3), **PLAY2)
    expect(s, PLAY2_DELTAS, 0)


def test_indicator_not_to_dealer_dealer_exchanges_zero_to_five():
    v = V("five-card", indicator_to_dealer=False)
    s = run(v, table(pool=10), exchanges=dict(E=0), **PLAY2)
    expect(s, PLAY2_DELTAS, 0)
    rejects(v, table(pool=10), "EXCHANGE_INVALID", "E", exchanges=dict(E=6), **PLAY2)


def test_exchange_by_a_player_who_passed():
    rejects(V("five-card"), table(pool=10), "EXCHANGE_NOT_ALLOWED", "B", exchanges=dict(B=2),
            **PLAY2)


def test_exchange_limit_override():
    v = V("five-card", exchange=3)
    rejects(v, table(pool=10), "EXCHANGE_INVALID", "A", exchanges=dict(A=4), **PLAY2)
    expect(run(v, table(pool=10), exchanges=dict(A=3, E=4), **PLAY2), PLAY2_DELTAS, 0)


def test_exchange_limit_zero_means_no_exchange():
    rejects(V("five-card", exchange=0), table(pool=10), "EXCHANGE_NOT_ALLOWED", "A",
            exchanges=dict(A=1), **PLAY2)


# --- flushes (flush_payout=pool) ------------------------------------------------------------

def test_trump_flush_beats_an_earlier_plain_flush_F5_05():
    # P = 0 + 5 = 5 to D; B (beaten) exempt; A looed 5; E -5 ante - 5 loo; pool 10
    s = run(V("five-card"), table(), trump="spades",
            declarations=dict(A="stand", B="stand", C="pass", D="stand", E="stand"),
            flushes=[F("B", "plain", "hearts"), F("D", "trump", "spades")])
    expect(s, dict(A=-5, B=0, C=0, D=5, E=-10), 10)
    assert set(s.looed) == {"A", "E"}


def test_pam_flush_beats_trump_and_plain():
    # trump spades: A plain, B trump, C Pam flush: C takes P = 5; A, B exempt; D, E looed
    s = run(V("five-card"), table(), trump="spades", declarations=ALL_STAND,
            flushes=[F("A", "plain", "hearts"), F("B", "trump", "spades"),
                     F("C", "pam", "diamonds")])
    expect(s, dict(A=0, B=0, C=5, D=-5, E=-10), 10)


def test_plain_flushes_tie_by_seat_from_the_dealers_left():
    # dealer C: order D E A B C; A and D plain: D takes P = 5; A exempt; B, E, C looed 5
    s = run(V("five-card"), table(dealer="C"), trump="spades",
            declarations=dict(D="stand", E="stand", A="stand", B="stand", C="stand"),
            flushes=[F("A", "plain", "hearts"), F("D", "plain", "diamonds")])
    expect(s, dict(A=0, B=-5, C=-10, D=5, E=-5), 15)


def test_highest_card_tiebreak_F5_07():
    # K beats 9: C takes P = 5 + 5 = 10; B exempt; A looed 5; E -5 - 5
    s = run(V("five-card", flush_tiebreak="highest-card"), table(pool=5), trump="diamonds",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="stand"),
            flushes=[F("B", "plain", "hearts", ["9", "8", "6", "4", "2"]),
                     F("C", "plain", "spades", ["K", "10", "7", "5", "3"])])
    expect(s, dict(A=-5, B=0, C=10, D=0, E=-10), 10)


def test_highest_card_tiebreak_compares_the_cards_in_turn():
    # both lead with the K; 10 beats 9 at the second card -> C
    s = run(V("five-card", flush_tiebreak="highest-card"), table(pool=5), trump="diamonds",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="stand"),
            flushes=[F("B", "plain", "hearts", ["K", "9", "8", "7", "6"]),
                     F("C", "plain", "spades", ["K", "10", "4", "3", "2"])])
    expect(s, dict(A=-5, B=0, C=10, D=0, E=-10), 10)


def test_highest_card_tiebreak_ace_is_high():
    # A beats K -> B
    s = run(V("five-card", flush_tiebreak="highest-card"), table(pool=5), trump="diamonds",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="stand"),
            flushes=[F("C", "plain", "spades", ["K", "Q", "10", "9", "8"]),
                     F("B", "plain", "hearts", ["A", "5", "4", "3", "2"])])
    expect(s, dict(A=-5, B=10, C=0, D=0, E=-10), 10)


def test_highest_card_tiebreak_equal_cards_then_seat():
    # identical ranks -> the earlier seat, B
    s = run(V("five-card", flush_tiebreak="highest-card"), table(pool=5), trump="diamonds",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="stand"),
            flushes=[F("C", "plain", "spades", ["K", "10", "7", "5", "3"]),
                     F("B", "plain", "hearts", ["K", "10", "7", "5", "3"])])
    expect(s, dict(A=-5, B=10, C=0, D=0, E=-10), 10)


def test_seat_tiebreak_ignores_the_cards():
    # default flush_tiebreak=seat: B before C whatever the cards
    s = run(V("five-card"), table(pool=5), trump="diamonds",
            declarations=dict(A="stand", B="stand", C="stand", D="pass", E="stand"),
            flushes=[F("B", "plain", "hearts", ["9", "8", "6", "4", "2"]),
                     F("C", "plain", "spades", ["K", "10", "7", "5", "3"])])
    expect(s, dict(A=-5, B=10, C=0, D=0, E=-10), 10)


def test_blaze_ranks_below_a_plain_flush_F5_09():
    # P = 10 + 5 = 15 to C; A (blaze) exempt; D looed 5; E passed: -5
    s = run(V("five-card", blazes=True), table(pool=10), trump="clubs",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="pass"),
            flushes=[F("A", "blaze"), F("C", "plain", "diamonds")])
    expect(s, dict(A=0, B=0, C=15, D=-5, E=-5), 5)


def test_blaze_alone_wins():
    # A's blaze takes P = 15; C and D looed 5
    s = run(V("five-card", blazes=True), table(pool=10), trump="clubs",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="pass"),
            flushes=[F("A", "blaze")])
    expect(s, dict(A=15, B=0, C=-5, D=-5, E=-5), 10)


def test_pam_blaze_beats_every_flush():
    # trump spades: A plain flush, B trump flush, D pam-blaze -> D takes P = 5; C, E looed
    # (one Pam: A cannot hold a Pam flush beside D's Pam blaze)
    s = run(V("five-card", blazes=True), table(), trump="spades", declarations=ALL_STAND,
            flushes=[F("A", "plain", "hearts"), F("B", "trump", "spades"), F("D", "pam-blaze")])
    expect(s, dict(A=0, B=0, C=-5, D=5, E=-10), 10)


def test_two_blazes_tie_by_seat_R42():
    # B and D blazes: B takes P = 5; D exempt; A, C, E looed
    s = run(V("five-card", blazes=True), table(), trump="spades", declarations=ALL_STAND,
            flushes=[F("D", "blaze"), F("B", "blaze")])
    expect(s, dict(A=-5, B=5, C=-5, D=0, E=-10), 15)


def test_blazes_need_the_option():
    rejects(V("five-card"), table(pool=10), "FLUSH_NOT_RECOGNISED", trump="clubs",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="pass"),
            flushes=[F("A", "blaze")])


def test_flushes_off_in_five_card():
    rejects(V("five-card", flushes=False), table(pool=10), "FLUSH_NOT_RECOGNISED", trump="clubs",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="pass"),
            flushes=[F("C", "plain", "diamonds")])


def test_five_card_flush_by_a_player_who_passed():
    rejects(V("five-card"), table(pool=10), "FLUSH_BY_NONPLAYER", "B", trump="clubs",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="pass"),
            flushes=[F("B", "trump", "clubs")])


def test_five_card_flush_hand_is_not_played_F5_13():
    rejects(V("five-card"), table(pool=5), "TRICKS_WITH_NO_PLAY", trump="spades",
            declarations=dict(A="stand", B="stand", C="pass", D="pass", E="stand"),
            flushes=[F("B", "trump", "spades")], tricks=dict(A=1, B=3, E=1))


def test_sole_stander_flush_is_irrelevant_he_takes_the_pool():
    # with one stander there is no play and no flush contest: B takes P = 15
    s = run(V("five-card"), table(pool=10),
            declarations=dict(A="pass", B="stand", C="pass", D="pass", E="pass"))
    expect(s, dict(A=0, B=15, C=0, D=0, E=-5), 0)


# --- pam_flush_class=false ------------------------------------------------------------------

def test_pam_flush_class_true_pam_beats_an_earlier_trump_flush():
    # A trump flush, C Pam flush in spades (trump): Pam class wins -> C takes 5
    s = run(V("five-card"), table(), trump="spades", declarations=ALL_STAND,
            flushes=[F("A", "trump", "spades"), F("C", "pam", "spades")])
    expect(s, dict(A=0, B=-5, C=5, D=-5, E=-10), 15)


def test_pam_flush_class_false_pam_in_trumps_is_a_trump_flush():
    # no Pam class: two trump flushes tie by seat -> A takes 5; C exempt
    s = run(V("five-card", pam_flush_class=False), table(), trump="spades",
            declarations=ALL_STAND,
            flushes=[F("A", "trump", "spades"), F("C", "pam", "spades")])
    expect(s, dict(A=5, B=-5, C=0, D=-5, E=-10), 15)


def test_pam_flush_class_false_pam_in_a_plain_suit_is_plain():
    # C's Pam flush in hearts ranks as plain: B's trump flush wins; C exempt
    s = run(V("five-card", pam_flush_class=False), table(), trump="spades",
            declarations=ALL_STAND,
            flushes=[F("C", "pam", "hearts"), F("B", "trump", "spades")])
    expect(s, dict(A=-5, B=5, C=0, D=-5, E=-10), 15)


def test_pam_flush_class_false_plain_pam_flush_ties_plain_by_seat():
    # A plain diamonds, C Pam flush in hearts (plain): A is earlier -> A
    s = run(V("five-card", pam_flush_class=False), table(), trump="spades",
            declarations=ALL_STAND,
            flushes=[F("C", "pam", "hearts"), F("A", "plain", "diamonds")])
    expect(s, dict(A=5, B=-5, C=0, D=-5, E=-10), 15)


# --- flush_payout=board (Britannica five-card) ------------------------------------------------

B5 = dict(trump="spades", declarations=dict(A="stand", B="pass", C="stand", D="stand", E="pass"))


def test_board_capped_loo_B5_01():
    # stakes 4 x 5 + 10 = 30; L = min(30, 20) = 20; C takes 30 + 20 from A, B, E (D holds Pam)
    s = run(V("britannica-five-card", loo="mixed", loo_limit=20), table(),
            flushes=[F("C", "plain", "hearts")], pam_holder="D", **B5)
    expect(s, dict(A=-25, B=-25, C=85, D=-5, E=-30), 0)


def test_board_every_other_player_pays_unlimited():
    # P = 30 = L: C -5 + 30 + 3 x 30 (A, B, E); D holds Pam; nothing into the pool -> single
    s = run(V("britannica-five-card"), table(),
            flushes=[F("C", "plain", "hearts")], pam_holder="D", **B5)
    expect(s, dict(A=-35, B=-35, C=115, D=-5, E=-40), 0)
    assert s.next_state.double is False
    assert s.next_state.dealer == "A"


def test_board_payers_players_only_those_who_played_pay():
    # only A (played, no flush, no Pam) pays 30: C -5 + 30 + 30 = 55
    s = run(V("britannica-five-card", board_payers="players"), table(),
            flushes=[F("C", "plain", "hearts")], pam_holder="D", **B5)
    expect(s, dict(A=-35, B=-5, C=55, D=-5, E=-10), 0)


def test_board_other_flush_holder_exempt():
    # C trump flush beats A's plain; A exempt; B, E pay 30 (D Pam): C -5 + 30 + 60 = 85
    s = run(V("britannica-five-card"), table(),
            flushes=[F("A", "plain", "hearts"), F("C", "trump", "spades")], pam_holder="D", **B5)
    expect(s, dict(A=-5, B=-35, C=85, D=-5, E=-40), 0)


def test_board_pam_holder_who_passed_is_exempt():
    # Pam with B (passed): A, D, E pay 30: C -5 + 30 + 90 = 115
    s = run(V("britannica-five-card"), table(),
            flushes=[F("C", "plain", "hearts")], pam_holder="B", **B5)
    expect(s, dict(A=-35, B=-5, C=115, D=-35, E=-40), 0)


def test_board_without_a_pam_holder_everyone_pays():
    # A, B, D, E pay 30: C -5 + 30 + 120 = 145
    s = run(V("britannica-five-card"), table(), flushes=[F("C", "plain", "hearts")], **B5)
    expect(s, dict(A=-35, B=-35, C=145, D=-35, E=-40), 0)


def test_board_pam_flush_class_false_trump_beats_a_pam_flush_in_hearts():
    # A's Pam flush in hearts is plain; C trump wins; A holds Pam and a flush: exempt;
    # B, D, E pay 30: C -5 + 30 + 90 = 115
    s = run(V("britannica-five-card"), table(),
            flushes=[F("A", "pam", "hearts"), F("C", "trump", "spades")], pam_holder="A", **B5)
    expect(s, dict(A=-5, B=-35, C=115, D=-35, E=-40), 0)


def test_board_double_deal_only_the_dealer_stakes():
    # double: E stakes 5: P = 30 + 5 = 35 = L; C takes 35 + 35 from A, B (D holds Pam), E
    s = run(V("britannica-five-card"), table(pool=30),
            flushes=[F("C", "plain", "hearts")], pam_holder="D", **B5)
    expect(s, dict(A=-35, B=-35, C=140, D=0, E=-40), 0, pot=35)
    assert s.next_state.double is False


def test_britannica_five_card_play_stakes_and_unlimited_loo():
    # simple: 30; 6 a trick: A 3 -> -5 + 18 = 13, C 2 -> -5 + 12 = 7, D looed 30: -35
    s = run(V("britannica-five-card"), table(), tricks=dict(A=3, C=2), **B5)
    expect(s, dict(A=13, B=-5, C=7, D=-35, E=-10), 30)
    assert s.next_state.double is True


def test_five_card_lone_player_dealer_plays_option():
    # lone_player=dealer-plays: E must play A. P = 15, 3 a trick: A 6; E -5 + 9
    v = V("five-card", lone_player="dealer-plays")
    s = run(v, table(pool=10), **PLAY2)
    expect(s, PLAY2_DELTAS, 0)
    rejects(v, table(pool=10), "DEALER_MUST_PLAY", "E",
            declarations=dict(A="stand", B="pass", C="pass", D="pass", E="pass"))


def test_five_card_mixed_loo_after_a_flush():
    # P = 30 + 5 = 35 to A; C, D pay min(35, 25) = 25
    s = run(V("five-card", loo="mixed"), table(pool=30), trump="clubs",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="pass"),
            flushes=[F("A", "trump", "clubs")])
    expect(s, dict(A=35, B=0, C=-25, D=-25, E=-5), 50)


def test_pam_holder_does_not_matter_when_the_flush_takes_the_pool():
    # flush_payout=pool: D holds Pam but stood without a flush: looed like C
    s = run(V("five-card"), table(pool=10), trump="clubs",
            declarations=dict(A="stand", B="pass", C="stand", D="stand", E="pass"),
            flushes=[F("A", "trump", "clubs")], pam_holder="D")
    expect(s, dict(A=15, B=0, C=-5, D=-5, E=-5), 10)
