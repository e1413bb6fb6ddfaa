"""The rules where the record and RULES.md disagreed (issue 7), each worked by hand.

Seats are clockwise: with seats A B C D and D dealing, A is on the dealer's left.
Three-card: ante 9, loo 9, P // 3 a trick, unless the test says otherwise.
"""

from __future__ import annotations

from rules_kit import F, Pen, V, expect, hand, problems, rejects, run, settle, table

from loo_ledger.domain import Session, replay
from loo_ledger.domain.rules.codes import DealKind, MovementKind, Resolution
from loo_ledger.domain.rules.model import HandRecord

FOUR = ("A", "B", "C", "D")
THREE = ("A", "B", "C")
ALL_PASS = dict(A="pass", B="pass", C="pass")


# -- every player before the dealer passes: the dealer takes P whatever he says ---------------

def test_the_dealers_word_may_be_left_out_when_all_before_him_pass():
    # 27 carried (double), D antes 9: P = 36; A, B, C pass: D takes 36. D -9 + 36 = +27.
    s = run(V(), table(FOUR, pool=27), declarations=ALL_PASS)
    expect(s, dict(A=0, B=0, C=0, D=27), 0, pot=36)
    assert s.outcome == Resolution.ALL_PASS and s.whole == "D"


def test_the_dealer_takes_the_pool_whatever_he_says():
    for word in ("pass", "stand", "miss", "defend"):
        s = run(V(), table(FOUR, pool=27), declarations={**ALL_PASS, "D": word})
        expect(s, dict(A=0, B=0, C=0, D=27), 0, pot=36)


def test_the_dealers_word_left_out_in_a_game_without_a_miss():
    # irish: pool 0, D antes 9: P = 9; A, B, C pass, D takes 9: D -9 + 9 = 0.
    s = run(V("irish"), table(FOUR), trump="hearts", declarations=ALL_PASS)
    expect(s, dict(A=0, B=0, C=0, D=0), 0, pot=9)
    assert s.outcome == Resolution.ALL_PASS


def test_the_dealers_word_is_needed_when_someone_before_him_played():
    rejects(V(), table(FOUR, pool=27), "MISSING_DECLARATION", "D",
            declarations=dict(A="stand", B="pass", C="pass"), tricks=dict(A=2, D=1))


def test_lou_still_needs_the_dealers_word():
    # Lou: all fold keeps the pot, the dealer standing alone takes it: his word decides.
    state = table(("A", "B", "C"), pool=600, lou_first=False)
    rejects(V("lou"), state, "MISSING_DECLARATION", "C", declarations=dict(A="fold", B="fold"))


def test_a_session_file_may_leave_the_dealers_word_out():
    from loo_ledger.formats.sessionfile import session_from_dict
    session = session_from_dict({
        "format": "loo-session/1", "variant": "three-card", "players": list(FOUR),
        "first_dealer": "D", "opening_pool": 27,
        "hands": [{"declarations": ALL_PASS}]})
    (s,) = replay(session).settlements
    assert dict(s.deltas) == dict(A=0, B=0, C=0, D=27) and s.pool_after == 0


# -- a simple pool under play-all: no trump is known before play, clubs or not ---------------

def test_no_flush_in_a_simple_pool_even_with_clubs_turned_under_club_law():
    rejects(V(flushes=True, club_law=True), table(FOUR), "FLUSH_NOT_RECOGNISED", "A",
            trump="clubs", flushes=[F("A")])


def test_a_flush_with_clubs_turned_in_a_double_pool_under_club_law():
    # 27 carried, D antes 9: P = 36. Clubs: everyone plays. A's flush takes 36; B, C, D in
    # play are looed 9 each. D: -9 - 9 = -18. Pool: 27 + 9 - 36 + 27 = 27.
    s = run(V(flushes=True, club_law=True), table(FOUR, pool=27), trump="clubs",
            flushes=[F("A")])
    expect(s, dict(A=36, B=-9, C=-9, D=-18), 27, pot=36)
    assert s.outcome == Resolution.FLUSH and s.kind == DealKind.FORCED


# -- force_after_single, stakes and replenish key on the last deal's loo --------------------

def test_the_deal_after_a_deal_with_no_loo_is_forced_though_chips_were_carried():
    # ante 10, three players, C deals. Hand 1 (simple, everyone plays): P = 10, 3 a trick;
    # one trick each, nobody looed: A +3, B +3, C -10 + 3 = -7, 1 odd chip carried (double).
    v = V(force_after_single=True, ante=10)
    h1 = run(v, table(THREE), tricks=dict(A=1, B=1, C=1))
    expect(h1, dict(A=3, B=3, C=-7), 1, pot=10)
    state = h1.next_state
    assert state.double is True and state.last_had_loo is False and state.dealer == "A"
    # Hand 2: no loo last deal, so forced though the pool is double: nobody may pass.
    rejects(v, state, "PASS_NOT_ALLOWED", "B", declarations=dict(B="pass", C="stand",
                                                                   A="stand"),
            tricks=dict(A=1, C=2))
    # Everyone plays: A antes 10, P = 11, 3 a trick, 2 odd chips stay.
    h2 = run(v, state, tricks=dict(A=1, B=1, C=1))
    expect(h2, dict(A=-7, B=3, C=3), 2, pot=11)
    assert h2.kind == DealKind.FORCED


def test_the_deal_after_a_loo_is_not_forced():
    # Hand 1: P = 10; A 2 tricks +6, B 1 +3, C none: -10, looed 9 -> -19; pool 1 + 9 = 10.
    v = V(force_after_single=True, ante=10)
    h1 = run(v, table(THREE), tricks=dict(A=2, B=1))
    expect(h1, dict(A=6, B=3, C=-19), 10)
    assert h1.next_state.last_had_loo is True
    rejects(v, h1.next_state, "MISSING_DECLARATION", tricks=dict(A=1, B=1, C=1))


def test_stakes_key_on_the_last_deals_loo_not_on_a_double_pool():
    # britannica with double_when=carried; stake 3, the dealer 6. Hand 1, C deals: A 3, B 3,
    # C 6: P = 12, 4 a trick. A stands, B passes, C defends; A 2 tricks +8, C's trick share 4
    # stays. No loo. A -3 + 8 = +5, B -3, C -6; 4 carried (double, but no loo).
    v = V("britannica", double_when="carried")
    h1 = run(v, table(THREE), declarations=dict(A="stand", B="pass", C="defend"),
             tricks=dict(A=2, C=1))
    expect(h1, dict(A=5, B=-3, C=-6), 4, pot=12)
    assert h1.next_state.double is True and h1.next_state.last_had_loo is False
    # Hand 2, A deals: no loo last deal, so everyone stakes again: B 3, C 3, A 6: P = 16.
    # B and C pass: A takes 16: A -6 + 16 = +10.
    h2 = run(v, h1.next_state, declarations=dict(B="pass", C="pass"))
    expect(h2, dict(A=10, B=-3, C=-3), 0, pot=16)
    assert sorted((m.payer, m.amount) for m in h2.movements if m.kind == MovementKind.ANTE) == [
        ("A", 6), ("B", 3), ("C", 3)]


def test_replenish_keys_on_the_last_deals_loo_not_on_a_double_pool():
    # poker-book with double_when=carried. Hand 1, C antes 9: P = 9, 3 a trick. A stands,
    # B passes, C defends; A 2 tricks +6, C's share 3 stays; no loo. C -9; 3 carried.
    v = V("poker-book", double_when="carried")
    h1 = run(v, table(THREE), declarations=dict(A="stand", B="pass", C="defend"),
             tricks=dict(A=2, C=1))
    expect(h1, dict(A=6, B=0, C=-9), 3, pot=9)
    # Hand 2, A deals: no loo last deal, so A replenishes 9: P = 12; B, C pass: A takes 12.
    h2 = run(v, h1.next_state, declarations=dict(B="pass", C="pass"))
    expect(h2, dict(A=3, B=0, C=0), 0, pot=12)


def test_an_opening_pool_is_read_as_left_by_a_deal_with_a_loo():
    # britannica, 9 carried in: only the dealer's single stake, 3: P = 12; A, B pass: C +9.
    s = run(V("britannica"), table(THREE, pool=9), declarations=dict(A="pass", B="pass"))
    expect(s, dict(A=0, B=0, C=9), 0, pot=12)


# -- the first dealer deals the first hand -------------------------------------------------

def test_a_first_dealer_sitting_out_the_first_hand_is_refused():
    rejects(V(), table(FOUR), "FIRST_DEALER_SITS_OUT", "D", sitting_out=["D"],
            tricks=dict(A=1, B=1, C=1))


def test_a_session_whose_first_dealer_sits_out_hand_1_is_refused_naming_him():
    session = Session(variant="three-card", players=FOUR, first_dealer="D",
                      hands=(HandRecord(sitting_out=("D",), tricks=dict(A=1, B=1, C=1)),))
    try:
        replay(session)
    except Exception as e:  # noqa: BLE001 - the refusal is checked below
        assert [(p.code, p.player, p.hand) for p in e.problems] == [  # type: ignore[attr-defined]
            ("FIRST_DEALER_SITS_OUT", "D", 1)]
    else:
        raise AssertionError("the session was accepted")


def test_a_later_dealer_may_sit_out_and_the_deal_passes_on():
    # hand 2, D's deal, D away: A deals. P = 9 (A's ante); B, C, D... D is out: B, C, A play.
    s = run(V(), table(FOUR, hand_no=2), sitting_out=["D"], tricks=dict(A=1, B=1, C=1))
    assert s.dealer == "A"
    expect(s, dict(A=-6, B=3, C=3), 0, pot=9)


# -- one Pam --------------------------------------------------------------------------------

FIVE_STAND = dict(A="stand", B="stand", C="stand", D="stand", E="stand")


def test_two_pam_flushes_are_refused():
    rejects(V("five-card"), table(), "PAM_HELD_TWICE", "C", trump="spades",
            declarations=FIVE_STAND, flushes=[F("A", "pam", "hearts"), F("C", "pam", "clubs")])


def test_two_pam_blazes_are_refused():
    rejects(V("five-card", blazes=True), table(), "PAM_HELD_TWICE", "D", trump="spades",
            declarations=FIVE_STAND, flushes=[F("B", "pam-blaze"), F("D", "pam-blaze")])


def test_a_pam_flush_and_another_pam_holder_are_refused():
    rejects(V("five-card", flush_payout="board"), table(), "PAM_HELD_TWICE", "B",
            trump="spades", declarations=FIVE_STAND, flushes=[F("A", "pam", "hearts")],
            pam_holder="B")


def test_the_pam_flush_holder_named_as_pam_holder_is_one_pam():
    # five-card, board: E antes 5: P = 5. A's Pam flush takes 5 and a loo of 5 from B, C, D, E.
    s = run(V("five-card", flush_payout="board"), table(), trump="spades",
            declarations=FIVE_STAND, flushes=[F("A", "pam", "hearts")], pam_holder="A")
    expect(s, dict(A=25, B=-5, C=-5, D=-5, E=-10), 0, pot=5)


# -- tricks recorded for a hand taken without play name who took it ------------------------

def test_tricks_after_all_passed_name_the_dealer():
    found = rejects(V(), table(FOUR, pool=27), "TRICKS_WITH_NO_PLAY", "D",
                    declarations=ALL_PASS, tricks=dict(D=3))
    assert found == [("TRICKS_WITH_NO_PLAY", "D")]


def test_tricks_after_a_lone_miss_taker_took_the_pool_name_him():
    rejects(V(), table(FOUR, pool=27), "TRICKS_WITH_NO_PLAY", "A",
            declarations=dict(A="miss", B="pass", C="pass", D="pass"), tricks=dict(A=3))


def test_tricks_after_a_flush_name_the_flush_holder():
    rejects(V("five-card"), table(pool=10), "TRICKS_WITH_NO_PLAY", "B", trump="hearts",
            declarations=FIVE_STAND, flushes=[F("B", "trump", "hearts")],
            tricks=dict(A=1, B=2, C=2))


def test_the_refusal_message_names_the_taker():
    found = [p for p in __import__("rules_kit").validate(
        hand(declarations=ALL_PASS, tricks=dict(D=3)), table(FOUR, pool=27), V())]
    assert "D took the pool without play" in found[0].message


# -- R45: a defending dealer who revokes ----------------------------------------------------
# 27 carried, D antes 9: P = 36, 12 a trick. A stands alone, B and C pass, D defends.

DEFENDED = dict(A="stand", B="pass", C="pass", D="defend")


def test_R45_looed_the_defending_dealer_pays_a_loo_and_its_shares_stay():
    # A 1 trick +12; D's 2 shares (24) stay; D pays L = 9. D -9 - 9 = -18. Pool 36 - 12 + 9.
    s = run(V(), table(FOUR, pool=27), declarations=DEFENDED, tricks=dict(A=1, D=2),
            penalties=[Pen("D")])
    expect(s, dict(A=12, B=0, C=0, D=-18), 33, pot=36)
    assert s.looed == ("D",)


def test_R45_blenheim_a_trick_won_four_singles():
    # D won 2 tricks: pays 4 x 3 = 12. D -9 - 12 = -21; A +12; pool 36 - 12 + 12 = 36.
    s = run(V(revoke_penalty="blenheim"), table(FOUR, pool=27), declarations=DEFENDED,
            tricks=dict(A=1, D=2), penalties=[Pen("D")])
    expect(s, dict(A=12, B=0, C=0, D=-21), 36, pot=36)


def test_R45_blenheim_no_trick_won_a_loo():
    # A takes all three tricks: 36. D won none: looed 9. D -18; pool 0 + 9.
    s = run(V(revoke_penalty="blenheim"), table(FOUR, pool=27), declarations=DEFENDED,
            tricks=dict(A=3), penalties=[Pen("D")])
    expect(s, dict(A=36, B=0, C=0, D=-18), 9, pot=36)


def test_R45_pays_pool_the_lone_stander_takes_P_and_the_dealer_pays_P():
    # A takes 36; D pays 36 into the next pool. D -9 - 36 = -45; pool 0 + 36.
    v = V(revoke_penalty="pays-pool")
    s = run(v, table(FOUR, pool=27), declarations=DEFENDED, penalties=[Pen("D")])
    expect(s, dict(A=36, B=0, C=0, D=-45), 36, pot=36)
    # the tricks, if written, change nothing
    s2 = settle(hand(declarations=DEFENDED, tricks=dict(A=1, D=2), penalties=[Pen("D")]),
                table(FOUR, pool=27), v)
    expect(s2, dict(A=36, B=0, C=0, D=-45), 36, pot=36)


def test_R45_the_penalty_is_never_dropped():
    for name in ("looed", "blenheim", "pays-pool"):
        s = run(V(revoke_penalty=name), table(FOUR, pool=27), declarations=DEFENDED,
                tricks=dict(A=1, D=2), penalties=[Pen("D")])
        assert s.deltas["D"] < -9, name
        assert problems(V(revoke_penalty=name), table(FOUR, pool=27), declarations=DEFENDED,
                        tricks=dict(A=1, D=2), penalties=[Pen("D")]) == []


def test_a_stored_state_keeps_last_had_loo_and_an_older_one_reads_it_from_double():
    import json

    from loo_ledger.store.codec import state_from_json, state_to_json
    state = table(THREE, pool=4, double=True, last_had_loo=False)
    assert state_from_json(state_to_json(state)) == state
    old = json.loads(state_to_json(state))
    del old["last_had_loo"]
    assert state_from_json(json.dumps(old)).last_had_loo is True
