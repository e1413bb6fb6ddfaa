"""Trick winners and every rule of play (CATALOGUE.md §6), position by position.

Each case is worked by hand from the quoted source: the hand, the cards already in the trick
(leader first), what the rule allows, and a card that breaks it, caught and named.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from loo_ledger.domain.cards.deck import Card, parse_card, parse_cards
from loo_ledger.domain.cards.play import PlayContext, PlayError, check_play, legal_plays, winner
from loo_ledger.domain.cards.play_rules import PlayRules
from loo_ledger.domain.rules.codes import Suit

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
THREE = PlayRules()
FIVE = PlayRules.five_card()
LOU = PlayRules.follow_suit_only(hand_size=5)


def ctx(rules: PlayRules, trump: Suit | None = H, turned: str | None = "5h", **kw: Any
        ) -> PlayContext:
    card = parse_card(turned) if (turned and trump) else None
    return PlayContext(rules=rules, trump=trump, trump_card=card, **{"players": 3, **kw})


def legal(hand: str, trick: str, c: PlayContext) -> str:
    return " ".join(str(x) for x in legal_plays(parse_cards(hand), parse_cards(trick), c))


def breach(card: str, hand: str, trick: str, c: PlayContext) -> tuple[str, str] | None:
    b = check_play(parse_card(card), parse_cards(hand), parse_cards(trick), c, player="B")
    if b is None:
        return None
    assert f"trick {c.trick}, B played {card}" in b.message and b.rule in b.message
    return b.rule, b.value


# --- trick winners --------------------------------------------------------------------

@pytest.mark.parametrize("cards, trump, pam, expect", [
    ("Qs Ks 2s", H, None, 1),          # highest of the suit led
    ("Qs Ah Ks", None, None, 2),       # no trump known: an ace of another suit is nothing
    ("Qs Ks 2h", H, None, 2),          # a trump wins
    ("Qs 2h 3h", H, None, 2),          # the highest trump
    ("2d As Kd", H, None, 2),          # neither trump nor suit led cannot win
    ("Ah Jc 2c", H, "Jc", 1),          # Pam beats the ace of trumps
    ("2c Jc 3c", D, "Jc", 1),          # Pam on a club lead is a trump: it wins
    ("Jc As Ks", S, "Jc", 0),          # Pam led
    ("Ah Jh Kh", H, "Jh", 1),          # running Pam: the jack of trumps
    ("Kd Jc Ad", H, None, 2),          # no Pam: the jack of clubs is a plain club
])
def test_trick_winner(cards: str, trump: Suit | None, pam: str | None, expect: int) -> None:
    assert winner(parse_cards(cards), trump, parse_card(pam) if pam else None) == expect


def test_pam_is_the_jack_of_clubs_or_of_trumps_and_none_before_trumps() -> None:
    assert ctx(FIVE, S).pam == parse_card("Jc")
    assert ctx(replace(FIVE, pam="running"), D).pam == parse_card("Jd")
    assert ctx(FIVE, None).pam is None
    assert ctx(THREE, S).pam is None


# --- follow suit, head the trick, trump when void ----------------------------------------

def test_follow_suit() -> None:
    c = ctx(THREE)
    assert legal("9s Ad 2h", "Ks", c) == "9s"       # cannot head: any spade
    assert breach("Ad", "9s Ad 2h", "Ks", c) == ("follow_suit", "true")
    assert breach("2h", "9s Ad 2h", "Ks", c) == ("follow_suit", "true")
    assert breach("9s", "9s Ad 2h", "Ks", c) is None


def test_head_the_trick_in_three_card_but_not_five_card_or_lou() -> None:
    assert legal("9s Qs 3d", "10s", ctx(THREE)) == "Qs"
    assert breach("9s", "9s Qs 3d", "10s", ctx(THREE)) == ("head_trick", "true")
    assert legal("9s Qs 3d 4d 5d", "10s", ctx(FIVE, D)) == "9s Qs"
    assert legal("9s Qs 3d 4d 5d", "10s", ctx(LOU, D)) == "9s Qs"
    # a trick already trumped cannot be headed by the suit led: any card of it will do
    assert legal("9s Qs 3d", "10s 2h", ctx(THREE)) == "9s Qs"


def test_void_head_with_a_trump_000() -> None:
    c = ctx(THREE)
    assert legal("Ad 2h 3c", "Ks", c) == "2h"
    assert breach("Ad", "Ad 2h 3c", "Ks", c) == ("trump_when_void", "head")
    # trumped already and no trump high enough: any card, even a lower trump
    assert legal("Ad 2h", "Ks 9h", c) == "Ad 2h"
    # able to overtrump: must
    assert legal("Ad 2h Jh", "Ks 9h", c) == "Jh"
    assert breach("2h", "Ad 2h Jh", "Ks 9h", c) == ("trump_when_void", "head")


def test_void_must_trump_003() -> None:
    c = ctx(replace(THREE, trump_when_void="must-trump"))
    assert legal("Ad 2h", "Ks 9h", c) == "2h"
    assert breach("Ad", "Ad 2h", "Ks 9h", c) == ("trump_when_void", "must-trump")


def test_void_trump_and_overtrump_002() -> None:
    c = ctx(replace(THREE, trump_when_void="overtrump"))
    assert legal("Ad 2h Jh", "Ks 9h", c) == "Jh"
    assert legal("Ad 2h", "Ks 9h", c) == "2h"
    assert breach("Ad", "Ad 2h", "Ks 9h", c) == ("trump_when_void", "overtrump")


def test_void_may_trump_but_higher_004() -> None:
    c = ctx(replace(THREE, trump_when_void="may"))
    assert legal("Ad 2h", "Ks", c) == "Ad 2h"           # may trump, need not
    assert legal("Ad 2h Jh", "Ks 9h", c) == "Ad Jh"     # a trump must beat the 9h
    assert breach("2h", "Ad 2h Jh", "Ks 9h", c) == ("trump_when_void", "may")
    assert legal("2h 3h", "Ks 9h", c) == "2h 3h"         # nothing else to play


def test_void_free_in_five_card_and_lou() -> None:
    assert legal("Ad 2h 3c 4c 5c", "Ks", ctx(FIVE, H)) == "Ad 2h 3c 4c 5c"
    assert legal("Ad 2h 3c 4c 5c", "Ks", ctx(LOU, H)) == "Ad 2h 3c 4c 5c"


def test_a_trump_lead_obliges_a_trump_only_by_following_suit() -> None:
    assert legal("Ad Kc", "2h", ctx(THREE)) == "Ad Kc"
    assert legal("Ad 3h", "2h", ctx(THREE)) == "3h"


# --- leads ----------------------------------------------------------------------------

def test_lead_a_trump_on_every_lead_000() -> None:
    c = ctx(THREE, trick=2)
    assert legal("Ks 2h 3d", "", c) == "2h"
    assert breach("Ks", "Ks 2h 3d", "", c) == ("lead_trump", "every-lead")
    assert legal("Ks Qd 3d", "", c) == "Ks Qd 3d"


def test_lead_the_top_trump_ace_or_king_when_the_ace_was_turned() -> None:
    c = ctx(THREE)
    assert legal("Ah 2h Ks", "", c) == "Ah"
    assert breach("2h", "Ah 2h Ks", "", c) == ("top_trump", "true")
    turned_ace = ctx(THREE, turned="Ah")
    assert legal("Kh 2h Ks", "", turned_ace) == "Kh"
    assert breach("2h", "Kh 2h Ks", "", turned_ace) == ("top_trump", "true")
    assert legal("Kh 2h Ks", "", c) == "Kh 2h"         # the king alone is no top trump


def test_highest_trump_heads_up_or_always_and_law_10s_excuse() -> None:
    heads_up = ctx(THREE, players=2)
    assert legal("Qh 4h Ks", "", heads_up) == "Qh"
    assert breach("4h", "Qh 4h Ks", "", heads_up) == ("highest_trump", "heads-up")
    assert legal("Qh 4h Ks", "", ctx(THREE)) == "Qh 4h"  # three in play: any trump
    always = ctx(replace(THREE, highest_trump="always"))
    assert breach("4h", "Qh 4h Ks", "", always) == ("highest_trump", "always")
    excused = replace(THREE, sequence_excuse=True)
    assert legal("Qh Jh Ks", "", ctx(excused, players=2)) == "Qh Jh"
    assert legal("Qh 10h Ks", "", ctx(excused, players=2)) == "Qh"
    gone = ctx(excused, players=2, played=frozenset({parse_card("Jh")}))
    assert legal("Qh 10h Ks", "", gone) == "Qh 10h"
    assert legal("Qh 10h Ks", "", ctx(excused, players=2, turned="Jh")) == "Qh 10h"


def test_lead_a_trump_from_two_001_002_and_irish() -> None:
    two = ctx(replace(THREE, lead_trump="two-trumps"))
    assert legal("Ks 2h 3d", "", two) == "Ks 2h 3d"
    assert legal("Ks 2h 3h", "", two) == "2h 3h"
    assert breach("Ks", "Ks 2h 3h", "", two) == ("lead_trump", "two-trumps")
    irish = replace(THREE, lead_trump="two-trumps-heads-up", highest_trump="never")
    assert legal("Ks 2h 3h", "", ctx(irish)) == "Ks 2h 3h"
    assert legal("Ks 2h 3h", "", ctx(irish, players=2)) == "2h 3h"


def test_trump_after_trick_001() -> None:
    r = replace(THREE, lead_trump="two-trumps", trump_after_trick=True)
    assert legal("Ks 2h", "", ctx(r, trick=1)) == "Ks 2h"
    assert legal("Ks 2h", "", ctx(r, trick=2)) == "2h"
    assert breach("Ks", "Ks 2h", "", ctx(r, trick=2)) == ("trump_after_trick", "true")


def test_five_card_leads_a_trump_to_the_first_trick_only() -> None:
    hand = "Ks 2h 3d 4d 5d"
    assert legal(hand, "", ctx(FIVE, trick=1)) == "2h"
    assert breach("Ks", hand, "", ctx(FIVE, trick=1)) == ("lead_trump", "first-lead")
    assert legal(hand, "", ctx(FIVE, trick=2)) == hand
    always = replace(FIVE, lead_trump="every-lead")
    assert legal(hand, "", ctx(always, trick=2)) == "2h"


def test_lou_follows_suit_only() -> None:
    c = ctx(LOU, D)
    assert legal("2h Ah 3s Ad 4c", "10h", c) == "2h Ah"
    assert breach("3s", "2h Ah 3s Ad 4c", "10h", c) == ("follow_suit", "true")
    assert legal("As 2d 3d 4c 5c", "", c) == "As 2d 3d 4c 5c"     # no trump lead, no ace
    assert legal("As 2d 3d 4c 5c", "", ctx(LOU, D, players=2)) == "As 2d 3d 4c 5c"


# --- Pam ------------------------------------------------------------------------------

def test_pam_free_may_go_to_any_trick_000() -> None:
    c = ctx(FIVE, S)
    assert legal("Qh 3h Jc 2s 4d", "Kh", c) == "Qh 3h Jc"
    assert legal("Jc 2s 4d 5d 6d", "", ctx(FIVE, S, trick=1)) == "Jc 2s"  # Pam led is trump
    # Pam is not among the trumps a free Pam's holder must play
    assert legal("Jc 9h 4d 5d 6d", "5s", c) == "Jc 9h 4d 5d 6d"


def test_pam_led_others_must_play_trumps() -> None:
    c = ctx(FIVE, S)
    assert legal("3s 9h 4d 5d 6d", "Jc", c) == "3s"
    assert breach("9h", "3s 9h 4d 5d 6d", "Jc", c) == ("follow_suit", "true")


def test_pam_be_civil_binding_on_announcement_000() -> None:
    said = ctx(FIVE, S, civil=True)
    assert legal("Jc 3s 9h 4d 5d", "As", said) == "3s"
    assert breach("Jc", "Jc 3s 9h 4d 5d", "As", said) == ("pam_civil", "binding")
    assert breach("Jc", "Jc 9h 4d 5d 6d", "As", said) == ("pam_civil", "binding")
    assert legal("Jc 3s 9h 4d 5d", "As", ctx(FIVE, S)) == "Jc 3s"   # not announced
    assert legal("Jc 3s 9h 4d 5d", "Ks", said) == "Jc 3s"           # not the ace led


def test_pam_be_civil_other_forms() -> None:
    only = replace(FIVE, pam_civil="unless-only-trump")
    said = ctx(only, S, civil=True)
    assert breach("Jc", "Jc 3s 9h 4d 5d", "As", said) == ("pam_civil", "unless-only-trump")
    assert legal("Jc 9h 4d 5d 6d", "As", said) == "Jc 9h 4d 5d 6d"  # Pam the only trump
    auto = ctx(replace(FIVE, pam_civil="automatic"), S)             # nothing said
    assert breach("Jc", "Jc 3s 9h 4d 5d", "As", auto) == ("pam_civil", "automatic")
    request = ctx(replace(FIVE, pam_civil="request"), S, civil=True)
    assert legal("Jc 3s 9h 4d 5d", "As", request) == "Jc 3s"


def test_pam_a_trump_like_any_001_003() -> None:
    r = replace(FIVE, pam_play="trump", pam_civil="unless-only-trump")
    assert legal("3h Jc 4d 5d 6d", "Kh", ctx(r, S)) == "3h"
    assert breach("Jc", "3h Jc 4d 5d 6d", "Kh", ctx(r, S)) == ("follow_suit", "true")
    # on the ace of trumps, civil, Pam the only trump: it must follow suit (001)
    assert legal("Jc 9h 4d 5d 6d", "As", ctx(r, S, civil=True)) == "Jc"
    # three-card with Pam (003): Pam led is a trump, and heads every trump
    r3 = replace(THREE, pam="jack-of-clubs", pam_play="trump")
    assert legal("Ad 2h 3c", "Jc", ctx(r3)) == "2h"
    assert legal("Jc Kh 3d", "", ctx(r3, players=2)) == "Jc"          # highest trump
    assert legal("Jc Ah 3d", "", ctx(r3, players=2)) == "Ah"          # the ace comes first


def test_pam_on_a_trump_lead_when_the_only_trump() -> None:
    r = replace(FIVE, pam_on_trump_lead=True)
    assert legal("Jc 9h 4d 5d 6d", "5s", ctx(r, S)) == "Jc"
    assert breach("9h", "Jc 9h 4d 5d 6d", "5s", ctx(r, S)) == ("pam_on_trump_lead", "true")
    assert legal("Jc 2s 4d 5d 6d", "5s", ctx(r, S)) == "Jc 2s"   # another trump held
    # "even to the extent of disobeying 'Pam be civil'"
    assert legal("Jc 9h 4d 5d 6d", "As", ctx(r, S, civil=True)) == "Jc"


# --- simple pool and odds and ends -------------------------------------------------------

def test_simple_pool_before_the_turn_no_trump_rules() -> None:
    c = ctx(THREE, None)
    assert legal("9d 2h 3c", "Ks", c) == "9d 2h 3c"
    assert legal("Qs 3s 4d", "10s", c) == "Qs"
    assert legal("Ah 2s 3d", "", c) == "Ah 2s 3d"


def test_after_the_turn_lead_a_trump_but_no_top_trump_rule() -> None:
    c = ctx(THREE, H, turned="4h", turned_in_play=True, trick=2)
    assert legal("Ah 2h Ks", "", c) == "Ah 2h"
    assert breach("Ks", "Ah 2h Ks", "", c) == ("lead_trump", "every-lead")


def test_a_card_not_held_cannot_be_judged() -> None:
    with pytest.raises(PlayError, match="does not hold"):
        check_play(parse_card("As"), parse_cards("Kh"), (), ctx(THREE), player="B")


def test_breach_message_names_trick_player_card_and_rule() -> None:
    b = check_play(parse_card("Ad"), parse_cards("Ad 2h 3c"), parse_cards("Ks"),
                   ctx(THREE, trick=2), player="Bea")
    assert b is not None
    assert (b.trick, b.player, b.card, b.rule) == (2, "Bea", Card(14, D), "trump_when_void")
    assert str(b) == ("trick 2, Bea played Ad: void in spades, must head the trick with a "
                      "trump: 2h [trump_when_void=head]")
