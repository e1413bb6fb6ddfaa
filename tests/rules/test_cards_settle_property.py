"""Property (issue 12, "Done when"): a hand settled from its cards settles exactly as the
same hand entered with its trick counts.

For any preset, any number of seats the pack can deal, any dealer and a table state the
rules allow (a carried pool or none, the last deal with a loo or not): the words are drawn
from ``legal.words_allowed`` in order from the dealer's left; if the hand is played, the
cards are dealt (a hand each, the miss where one is dealt, the trump card turned where a
trump is known before play) and played trick by trick from the eldest in play, each card
drawn from ``cardplay.legal_plays``, the winner leading the next; in a simple pool under
play-all the card turned at the first failure to follow fixes trumps. Then:

- the record with the cards and no counts validates with no problem and settles with no
  breach noted;
- its settlement is exactly that of the same record with the counts and no cards (a
  player who won no trick not named, as the cards leave him out).
"""

from __future__ import annotations

import random

from hypothesis import event, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from loo_ledger.domain import settle, validate
from loo_ledger.domain.cards.deck import Card, pack
from loo_ledger.domain.cards.play import PlayContext, legal_plays, winner
from loo_ledger.domain.cards.play_rules import PlayRules
from loo_ledger.domain.next import legal
from loo_ledger.domain.next.checks import resolve
from loo_ledger.domain.next.plan import analyse
from loo_ledger.domain.rules.codes import Resolution, Word
from loo_ledger.domain.rules.model import CardRecord, HandRecord, TableState, opening_state
from loo_ledger.domain.rules.variants import PRESETS, Variant, variant

SEATS = ("Ann", "Ben", "Cat", "Dov", "Eve", "Fay", "Gus")


@st.composite
def tables(draw: st.DrawFn) -> tuple[Variant, TableState, random.Random]:
    v = variant(draw(st.sampled_from(sorted(PRESETS))))
    miss = v.hand_size if v.miss else 0
    most = min((v.pack - miss - 2) // v.hand_size, len(SEATS))
    seats = SEATS[:draw(st.integers(2, most))]
    pool = draw(st.sampled_from([0, 0, 6, 18, 27, 45, 100]))
    state = opening_state(seats, draw(st.sampled_from(seats)), pool)
    if pool == 0:
        state = replace(state, last_had_loo=draw(st.booleans()))
    return v, state, draw(st.randoms(use_true_random=False))


def _words(v: Variant, shape: legal.DealShape, dealt: tuple[str, ...],
           rng: random.Random) -> dict[str, str]:
    words: dict[str, str] = {}
    for p in dealt:
        allowed = legal.words_allowed(v, shape, dealt, words, p)
        roll = rng.random()                          # most hands get played, some by the miss
        preferred = Word.MISS if roll < 0.25 else Word.STAND if roll < 0.7 else None
        words[p] = str(preferred if preferred in allowed else rng.choice(allowed))
    return words


def _play(rules: PlayRules, in_play: tuple[str, ...], hands: dict[str, list[Card]],
          trump_card: Card | None, stock: list[Card], rng: random.Random
          ) -> tuple[list[tuple[str, ...]], Card | None, dict[str, int]]:
    """Random legal play: the tricks (leader first), the card turned in play, the counts."""
    trump = trump_card.suit if trump_card else None
    fixed_by, turned, in_play_turn = trump_card, None, False
    leader, tricks, played = in_play[0], [], set()
    won = {p: 0 for p in in_play}
    for no in range(1, rules.hand_size + 1):
        seats = in_play[in_play.index(leader):] + in_play[:in_play.index(leader)]
        trick: list[Card] = []
        for p in seats:
            ctx = PlayContext(rules=rules, trump=trump, trump_card=fixed_by,
                              turned_in_play=in_play_turn, players=len(in_play), trick=no,
                              played=frozenset(played))
            card = rng.choice(legal_plays(hands[p], trick, ctx))
            trick.append(card)
            hands[p].remove(card)
        if trump is None and any(c.suit != trick[0].suit for c in trick):
            turned = stock.pop()
            trump, fixed_by, in_play_turn = turned.suit, turned, True
        leader = seats[winner(trick, trump, PlayContext(rules=rules, trump=trump).pam)]
        won[leader] += 1
        played.update(trick)
        tricks.append(tuple(str(c) for c in trick))
    return tricks, turned, won


@settings(deadline=None)
@given(tables())
def test_the_cards_settle_as_the_counts(table: tuple[Variant, TableState, random.Random]
                                        ) -> None:
    v, state, rng = table
    cards = list(pack(v.pack))
    rng.shuffle(cards)
    peek = legal.deal_shape(state, v, str(cards[-1].suit))
    trump_card = cards.pop() if peek.trump_known else None
    trump = None if trump_card is None else str(trump_card.suit)
    shape = legal.deal_shape(state, v, trump)
    dealt = legal.dealt_in(state, state.seats)
    n = v.hand_size
    hands = {p: cards[i * n:(i + 1) * n] for i, p in enumerate(dealt)}
    stock = cards[len(dealt) * n:]
    miss = [stock.pop() for _ in range(n)] if shape.miss_dealt else []
    words = _words(v, shape, dealt, rng)
    base = HandRecord(dealer=dealt[-1], trump=trump, declarations=words)
    deal = analyse(base, state, v)
    if resolve(base, v, deal, deal.shape) != Resolution.PLAYED or len(deal.in_play) < 2:
        assert validate(base, state, v) == []        # settled by the words alone
        event("not played")
        return
    took_miss = [p for p in deal.in_play if legal.canonical(words[p]) == Word.MISS]
    for p in took_miss:
        hands[p] = miss
    rules = PlayRules.from_variant(v)
    tricks, turned, won = _play(rules, deal.in_play, hands, trump_card, stock, rng)
    event(f"played: {v.game} {'turned in play' if turned else 'trump known'}"
          + (", the miss taken" if took_miss else ""))
    by_cards = replace(base, cards=CardRecord(
        trump_card=None if trump_card is None else str(trump_card),
        turned=None if turned is None else str(turned), tricks=tuple(tricks)))
    by_counts = replace(base, tricks={p: k for p, k in won.items() if k})  # 0: not named
    assert validate(by_cards, state, v) == []
    from_cards, from_counts = settle(by_cards, state, v), settle(by_counts, state, v)
    assert not [m for m in from_cards.notes if "breach" in m], from_cards.notes
    assert replace(from_cards, cards=None) == replace(from_counts, cards=None)
    assert {p: from_cards.tricks.get(p, 0) for p in deal.in_play} == won
