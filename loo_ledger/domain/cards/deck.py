"""Playing cards: parse and print them, and the 52- and 32-card packs.

A card is written rank then suit, in any case: ``As``, ``A♠``, ``10h``, ``Td``, ``Jc``,
``J♣``. Ranks are A K Q J 10 9 … 2 (``T`` is 10); suits ``s h d c`` or ``♠ ♥ ♦ ♣`` (the
outline signs ``♤ ♡ ♢ ♧`` too). The canonical form, ``str(card)``, is the plain ASCII one
(``As``, ``10h``): it survives any terminal, file and shell, and it is what ``loo hand
--cards`` is typed in. ``card.symbol()`` gives the printed form with the suit sign (``A♠``).

>>> parse_card("10♥")
Card(rank=10, suit=<Suit.HEARTS: 'hearts'>)
>>> parse_card("td") == parse_card("10D"), parse_card("j♣").symbol()
(True, 'J♣')
>>> str(parse_card("aS")), [str(c) for c in parse_cards("As Kh, 10h 2h")]
('As', ['As', 'Kh', '10h', '2h'])
>>> len(pack(52)), len(pack(32)), parse_card("6c") in pack(32)
(52, 32, False)
>>> parse_card("1x")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
loo_ledger.domain.cards.deck.CardError: '1x' is not a card: write the rank ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import msgspec

from loo_ledger.domain.rules.codes import Suit
from loo_ledger.errors import LooError, Problem

#: Ranks from low to high; 11 = jack, 12 = queen, 13 = king, 14 = ace.
RANKS: tuple[int, ...] = tuple(range(2, 15))
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
_RANK_TEXT = {14: "A", 13: "K", 12: "Q", 11: "J"}
_RANK_IN = {"A": ACE, "K": KING, "Q": QUEEN, "J": JACK, "T": 10,
            **{str(n): n for n in range(2, 11)}}
_SUIT_LETTER = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}
_SUIT_SIGN = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_IN = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
            "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
            "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_CARD = re.compile(r"^(10|[2-9AKQJT])([SHDC♠♥♦♣♤♡♢♧])$")
#: Suits in the order a hand is shown: spades, hearts, diamonds, clubs.
SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
PACK_SIZES = (52, 32)
_HOW = ("write the rank (A K Q J 10 9 ... 2, or T for 10) then the suit (s h d c, "
        "or ♠ ♥ ♦ ♣), e.g. As, 10h, J♣")


class CardError(LooError):
    """Text that is not a card, or a pack size that does not exist."""


def rank_text(rank: int) -> str:
    """``14`` -> ``'A'``, ``10`` -> ``'10'``."""
    return _RANK_TEXT.get(rank, str(rank))


class Card(msgspec.Struct, frozen=True, order=True):
    """A card. Ordered by rank, then suit name, so ``max`` of one suit's cards is its highest.

    >>> Card(ACE, Suit.SPADES) > Card(KING, Suit.SPADES)
    True
    """

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if self.rank not in RANKS or not isinstance(self.suit, Suit):
            raise CardError(f"no card has rank {self.rank!r} and suit {self.suit!r}")

    def __str__(self) -> str:
        return rank_text(self.rank) + _SUIT_LETTER[self.suit]

    def symbol(self) -> str:
        """The printed form with the suit sign: ``10♥``."""
        return rank_text(self.rank) + _SUIT_SIGN[self.suit]

    def beats_in_suit(self, other: Card) -> bool:
        """Same suit and higher rank."""
        return self.suit == other.suit and self.rank > other.rank

    def display_key(self) -> tuple[int, int]:
        """Sort key for showing a hand: by suit (♠ ♥ ♦ ♣), highest first."""
        return (SUIT_ORDER.index(self.suit), -self.rank)


def parse_card(text: str) -> Card:
    """Read one card; raises :class:`CardError` naming the text when it is not one."""
    cleaned = text.strip().replace("\ufe0f", "").upper()
    m = _CARD.match(cleaned)
    if m is None:
        raise CardError(f"{text.strip()!r} is not a card: {_HOW}",
                        [Problem(code="BAD_CARD", message=f"{text.strip()!r} is not a card")])
    return Card(_RANK_IN[m.group(1)], _SUIT_IN[m.group(2)])


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas: ``"As Kh, 10h"``. Every bad card is named."""
    words = [w for w in re.split(r"[\s,]+", text) if w]
    bad = [w for w in words if _CARD.match(w.replace("\ufe0f", "").upper()) is None]
    if bad:
        raise CardError(f"not cards: {', '.join(repr(b) for b in bad)}; {_HOW}",
                        [Problem(code="BAD_CARD", message=f"{b!r} is not a card") for b in bad])
    return tuple(parse_card(w) for w in words)


def cards_text(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Cards as one string, separated by spaces."""
    return " ".join(c.symbol() if symbols else str(c) for c in cards)


def pack_ranks(size: int) -> tuple[int, ...]:
    """The ranks in a pack of ``size`` cards: 52 all, 32 the seven to the ace (004)."""
    if size not in PACK_SIZES:
        raise CardError(f"there is no {size}-card pack; pack is 52 or 32 (sixes and below "
                        "removed)")
    return RANKS if size == 52 else tuple(r for r in RANKS if r >= 7)


def pack(size: int = 52) -> tuple[Card, ...]:
    """Every card of the pack, suit by suit (♠ ♥ ♦ ♣), highest first."""
    ranks = pack_ranks(size)
    return tuple(Card(r, s) for s in SUIT_ORDER for r in sorted(ranks, reverse=True))


def in_pack(card: Card, size: int = 52) -> bool:
    return card.rank in pack_ranks(size)
