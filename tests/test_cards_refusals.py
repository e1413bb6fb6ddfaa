"""Issue 21, item 3: every refusal of the cards names the player concerned (RULES.md: «The
message names the hand, every player concerned ... and the rule»), and a message about
counts that follows only from another problem is left out.

The deal: three-card Loo, seats Ann, Ben, Cat, Dov; Dov deals a double pool with 18 carried
in; Ann, Ben and Dov stand, Cat passes. Hearts trumps (2h turned). Dealt: Ann Ks 7d 4c,
Ben Kh 10s 3d, Cat 9s 8d 6c, Dov Qh Js 5d.
  Trick 1: Ann (no trump) Ks; Ben 10s; Dov Js.   Ann.
  Trick 2: Ann 7d; Ben 3d; Dov 5d.               Ann.
  Trick 3: Ann 4c; Ben, void, heads with Kh; Dov, void, cannot head: Qh.   Ben.
Sound, it settles Ann +18, Ben +9, Dov -18 (P = 27, a trick 9, a loo 9), the pool 9.
"""

from __future__ import annotations

from msgspec.structs import replace

from loo_ledger.domain.rules.model import CardRecord, HandRecord, opening_state
from loo_ledger.domain.rules.variants import variant
from loo_ledger.domain.settlement.engine import settle, validate

V = variant("three-card")
STATE = opening_state(("Ann", "Ben", "Cat", "Dov"), "Dov", 18)
WORDS = {"Ann": "stand", "Ben": "stand", "Cat": "pass", "Dov": "stand"}
DEALT = {"Ann": ("Ks", "7d", "4c"), "Ben": ("Kh", "10s", "3d"), "Cat": ("9s", "8d", "6c"),
         "Dov": ("Qh", "Js", "5d")}
TRICKS = (("Ks", "10s", "Js"), ("7d", "3d", "5d"), ("4c", "Kh", "Qh"))
CARDS = CardRecord(trump_card="2h", dealt=DEALT, tricks=TRICKS)


def _problems(cards: CardRecord, v=V) -> list[tuple[str, str | None, str]]:
    return [(p.code, p.player, p.message)
            for p in validate(HandRecord(declarations=WORDS, cards=cards), STATE, v)]


def test_the_sound_record_settles():
    s = settle(HandRecord(declarations=WORDS, cards=CARDS), STATE, V)
    assert dict(s.deltas) == {"Ann": 18, "Ben": 9, "Cat": 0, "Dov": -18} and s.pool_after == 9


def test_a_card_recorded_twice_names_both_holders():
    twice = replace(CARDS, dealt={**DEALT, "Cat": ("9s", "8d", "7d")})
    assert _problems(twice) == [("CARD_TWICE", "Ann", "7d is recorded twice: in Ann's cards "
                                 "as dealt and in Cat's cards as dealt")]


def test_the_miss_holding_a_players_card_names_the_player():
    assert _problems(replace(CARDS, miss=("Ah", "5h", "7d"))) == [
        ("CARD_TWICE", "Ann", "7d is recorded twice: in Ann's cards as dealt and in the miss")]


def test_a_trick_short_of_a_card_names_who_did_not_play():
    """Trick 2 (Ann leads: she won trick 1) holds 7d 3d: Ann's and Ben's; Dov played none.
    Without the hands the order of play says the same."""
    short = (TRICKS[0], ("7d", "3d"), TRICKS[2])
    message = "trick 2 has 2 cards for the 3 players in play: Dov played no card"
    assert _problems(replace(CARDS, tricks=short)) == [("TRICK_SIZE", "Dov", message)]
    assert _problems(CardRecord(trump_card="2h", tricks=short)) == [
        ("TRICK_SIZE", "Dov", message)]


def test_a_card_outside_a_32_card_pack_names_its_holder():
    """pack=32 (004): sevens and up. Trumps hearts (8h). Ann Ks 7d 9c, Ben Kh 10s 8d,
    Cat 9s Qd Jc, Dov Qh Js 5d: Dov's 5d is not in the pack. (Trick 1 Ks 10s Js: Ann;
    trick 2 7d 8d 5d: Ben heads; trick 3 Kh Qh 9c: Ben.)"""
    v = variant("three-card", {"pack": "32"})
    dealt = {"Ann": ("Ks", "7d", "9c"), "Ben": ("Kh", "10s", "8d"), "Cat": ("9s", "Qd", "Jc"),
             "Dov": ("Qh", "Js", "5d")}
    tricks = (("Ks", "10s", "Js"), ("7d", "8d", "5d"), ("Kh", "Qh", "9c"))
    assert _problems(CardRecord(trump_card="8h", dealt=dealt, tricks=tricks), v) == [
        ("NOT_IN_PACK", "Dov", "5d, in Dov's cards as dealt, is not in the 32-card pack")]
    assert _problems(CardRecord(trump_card="8h", tricks=tricks), v) == [
        ("NOT_IN_PACK", "Dov", "5d, played by Dov to trick 2, is not in the 32-card pack")]


def test_cards_in_the_tricks_for_a_player_who_passed_name_that_player():
    with_cat = (("Ks", "10s", "9s", "Js"), ("7d", "3d", "8d", "5d"), ("4c", "Kh", "6c", "Qh"))
    assert _problems(replace(CARDS, tricks=with_cat)) == [
        ("TRICKS_BY_NONPLAYER", "Cat", "Cat passed and plays no card, but Cat's 9s (trick 1), "
         "8d (trick 2), 6c (trick 3) are in the tricks")]


def test_a_trick_led_by_the_wrong_player_names_both():
    """Ann won trick 1, so leads trick 2; the record has Ben's 3d first."""
    wrong = (TRICKS[0], ("3d", "5d", "7d"), TRICKS[2])
    assert _problems(replace(CARDS, tricks=wrong)) == [
        ("TRICK_LEADER", "Ben", "Ben led trick 2 (3d); Ann won trick 1 and leads")]
    first = (("10s", "Js", "Ks"), TRICKS[1], TRICKS[2])
    assert _problems(replace(CARDS, tricks=first)) == [
        ("TRICK_LEADER", "Ben", "Ben led trick 1 (10s); Ann, the first in play from the "
         "dealer's left, leads")]


def test_a_count_problem_of_its_own_is_still_named():
    """With no tricks in the cards and no counts typed, the counts are missing whatever else
    is wrong: TRICKS_SUM stays beside the card written twice."""
    twice = CardRecord(trump_card="2h", dealt={**DEALT, "Cat": ("9s", "8d", "7d")})
    assert [code for code, _, _ in _problems(twice)] == ["CARD_TWICE", "TRICKS_SUM"]
