"""What a hand's judged cards show for statistics (issue 12, item 7).

:func:`card_facts` reads a judged play (play_judge.judge) once, when the hand is settled,
so the store can keep the figures with the hand's other rows and no report judges cards
again: for each player in play the trumps they led, the tricks they won with Pam and the
breaches of the rules of play the cards show, and who led and who won the first trick.

A trump led is a trick led with a card of the trump suit (Pam included, where Pam is a
trump) known when it was led: in a simple pool no trick is a trump led until the card
turned at the first failure to follow has fixed trumps.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from loo_ledger.domain.cards.judge import (
    PlayRecord,
    PlayResult,
    pam_of,
    trump_at_start,
    trump_from_trick,
)
from loo_ledger.domain.cards.play import effective_suit
from loo_ledger.domain.cards.play_rules import PlayRules

__all__ = ["CardFacts", "card_facts"]


class CardFacts(msgspec.Struct, frozen=True, kw_only=True):
    """One hand's figures from its cards; every player in play is a key of each mapping.

    ``first_leader`` led the first trick and ``first_winner`` won it (the first leader is
    the eldest hand in play: the first player in play from the dealer's left)."""

    trumps_led: Mapping[str, int]
    pam_tricks: Mapping[str, int]
    breaches: Mapping[str, int]
    first_leader: str
    first_winner: str


def card_facts(rec: PlayRecord, result: PlayResult, rules: PlayRules) -> CardFacts | None:
    """The figures of a judged play; None when no trick was judged.

    >>> from loo_ledger.domain.cards.deck import parse_card as c, parse_cards as cs
    >>> from loo_ledger.domain.cards.judge import judge
    >>> rec = PlayRecord(players=("A", "B"), trump_card=c("2s"),
    ...                  tricks=(cs("As 3s"), cs("Kh Qh"), cs("Kd 4d")))
    >>> f = card_facts(rec, judge(rec), PlayRules())
    >>> dict(f.trumps_led), f.first_leader, f.first_winner
    ({'A': 1, 'B': 0}, 'A', 'A')
    """
    if not result.winners:
        return None
    led = dict.fromkeys(rec.players, 0)
    pam_won = dict.fromkeys(rec.players, 0)
    trump = trump_at_start(rec)
    for trick, leader, won in zip(rec.tricks, result.leaders, result.winners, strict=False):
        if trump is not None and effective_suit(trick[0], trump, pam_of(rules, trump)) == trump:
            led[leader] += 1
        trump = trump_from_trick(rec, trick, trump)
        i = rec.players.index(leader)
        seats = rec.players[i:] + rec.players[:i]
        pam = pam_of(rules, trump)
        if pam is not None and trick[seats.index(won)] == pam:
            pam_won[won] += 1
    caught = dict.fromkeys(rec.players, 0)
    for b in result.breaches:
        caught[b.player] = caught.get(b.player, 0) + 1
    return CardFacts(trumps_led=led, pam_tricks=pam_won, breaches=caught,
                     first_leader=result.leaders[0], first_winner=result.winners[0])
