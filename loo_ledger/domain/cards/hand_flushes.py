"""Flushes (and blazes) found in a hand's cards, classified as RULES.md does.

Three-card: a hand of three trumps (000, 004), Pam counting as a trump where there is one;
no flush where no trump is known before play (a simple pool under play-all, R13).
Five-card: five cards of one suit, or four and Pam: a ``pam`` flush when Pam is in it, a
``trump`` flush in the trump suit, else ``plain``. With ``blazes``, five court cards are a
``blaze``, a ``pam-blaze`` with Pam. Which flush wins is ``flushes.best_flush``'s business.

>>> from loo_ledger.domain.cards.deck import parse_cards
>>> from loo_ledger.domain.cards.play_rules import PlayRules
>>> five = PlayRules.five_card()
>>> find_flush("B", parse_cards("2h 5h 9h Kh Jc"), Suit.SPADES, five).kind
<FlushKind.PAM: 'pam'>
>>> find_flush("B", parse_cards("2h 5h 9h Kh Jc"), None, PlayRules()) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from loo_ledger.domain.cards.deck import JACK, KING, Card
from loo_ledger.domain.cards.play import effective_suit, pam_card
from loo_ledger.domain.cards.play_rules import PlayRules
from loo_ledger.domain.rules.codes import FlushKind, Suit


class FoundFlush(msgspec.Struct, frozen=True, kw_only=True):
    player: str
    kind: FlushKind
    suit: Suit | None          # None for a blaze
    cards: tuple[Card, ...]


def find_flush(player: str, hand: Sequence[Card], trump: Suit | None,
               rules: PlayRules) -> FoundFlush | None:
    """The flush (or blaze) in ``hand``, if any; ``trump`` is the trump known before play."""
    if trump is None or len(hand) != rules.hand_size:
        return None
    pam = pam_card(rules.pam, trump)
    cards = tuple(hand)
    if rules.hand_size == 3:
        if all(effective_suit(c, trump, pam) == trump for c in hand):
            return FoundFlush(player=player, kind=FlushKind.FLUSH, suit=trump, cards=cards)
        return None
    others = [c for c in hand if c != pam]
    suits = {c.suit for c in others}
    if len(suits) == 1:
        suit = suits.pop()
        kind = (FlushKind.PAM if len(others) < len(hand)
                else FlushKind.TRUMP if suit == trump else FlushKind.PLAIN)
        return FoundFlush(player=player, kind=kind, suit=suit, cards=cards)
    if rules.blazes and all(JACK <= c.rank <= KING for c in hand):
        kind = FlushKind.PAM_BLAZE if pam in hand else FlushKind.BLAZE
        return FoundFlush(player=player, kind=kind, suit=None, cards=cards)
    return None
