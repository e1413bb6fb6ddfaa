"""Cards: parsing in every spelling, the canonical form, the packs (issue 12, item 1)."""

from __future__ import annotations

import pytest

from loo_ledger.domain.cards.deck import (
    ACE,
    JACK,
    KING,
    QUEEN,
    Card,
    CardError,
    cards_text,
    in_pack,
    pack,
    parse_card,
    parse_cards,
)
from loo_ledger.domain.rules.codes import Suit
from loo_ledger.errors import LooError

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


@pytest.mark.parametrize("text, rank, suit", [
    ("A♠", ACE, S), ("As", ACE, S), ("aS", ACE, S), ("AS", ACE, S),
    ("10h", 10, H), ("10H", 10, H), ("10♥", 10, H), ("10♡", 10, H),
    ("Td", 10, D), ("td", 10, D), ("TD", 10, D),
    ("Jc", JACK, C), ("J♣", JACK, C), ("j♧", JACK, C),
    ("Qh", QUEEN, H), ("k♦", KING, D), ("2c", 2, C), ("9s", 9, S),
    (" 7d ", 7, D), ("A♠\ufe0f", ACE, S),
])
def test_every_spelling(text: str, rank: int, suit: Suit) -> None:
    assert parse_card(text) == Card(rank, suit)


@pytest.mark.parametrize("card, plain, sign", [
    (Card(ACE, S), "As", "A♠"), (Card(10, H), "10h", "10♥"), (Card(JACK, C), "Jc", "J♣"),
    (Card(2, D), "2d", "2♦"), (Card(QUEEN, S), "Qs", "Q♠"), (Card(KING, H), "Kh", "K♥"),
])
def test_canonical_form_is_plain_ascii_and_symbol_has_the_sign(card: Card, plain: str,
                                                                sign: str) -> None:
    assert str(card) == plain
    assert card.symbol() == sign
    assert parse_card(str(card)) == card
    assert parse_card(card.symbol()) == card


@pytest.mark.parametrize("text", ["1s", "11h", "Ax", "A", "s", "", "10", "Zz", "A♠♠",
                                  "0h", "1♥", "AsK"])
def test_a_bad_card_is_a_loo_error_naming_the_text(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert isinstance(info.value, LooError)
    assert repr(text.strip()) in str(info.value)


def test_several_cards_and_every_bad_one_named() -> None:
    assert parse_cards("As Kh, 10h  2h") == (Card(ACE, S), Card(KING, H), Card(10, H),
                                             Card(2, H))
    with pytest.raises(CardError) as info:
        parse_cards("As Xq 10h 1c")
    assert "'Xq'" in str(info.value) and "'1c'" in str(info.value)
    assert "'As'" not in str(info.value)
    assert [p.code for p in info.value.problems] == ["BAD_CARD", "BAD_CARD"]


def test_cards_text() -> None:
    cards = parse_cards("As 10h")
    assert cards_text(cards) == "As 10h"
    assert cards_text(cards, symbols=True) == "A♠ 10♥"


def test_the_52_card_pack() -> None:
    cards = pack(52)
    assert len(cards) == 52 and len(set(cards)) == 52
    for suit in Suit:
        assert sorted(c.rank for c in cards if c.suit == suit) == list(range(2, 15))


def test_the_32_card_pack_has_no_sixes_and_below() -> None:
    cards = pack(32)
    assert len(cards) == 32 and len(set(cards)) == 32
    assert {c.rank for c in cards} == {7, 8, 9, 10, JACK, QUEEN, KING, ACE}
    assert not in_pack(Card(6, H), 32) and in_pack(Card(7, H), 32)
    assert in_pack(Card(2, C), 52)


def test_no_other_pack() -> None:
    with pytest.raises(CardError, match="36"):
        pack(36)


def test_ordering_helpers() -> None:
    assert Card(ACE, S) > Card(KING, S) > Card(10, S)
    assert max(parse_cards("9h Qh 10h")) == Card(QUEEN, H)
    assert Card(KING, H).beats_in_suit(Card(QUEEN, H))
    assert not Card(KING, H).beats_in_suit(Card(2, S))
    shown = sorted(parse_cards("2c Kh As 10h 3d"), key=Card.display_key)
    assert cards_text(shown) == "As Kh 10h 3d 2c"


def test_a_card_cannot_be_made_with_a_bad_rank() -> None:
    with pytest.raises(CardError):
        Card(1, S)
    with pytest.raises(CardError):
        Card(15, S)
