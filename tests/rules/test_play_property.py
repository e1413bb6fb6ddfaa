"""Property: random legal deals played by random legal moves break no rule.

For any variant, any mix of the rules of play, any number of players and any deal: every
player always has a legal card; a card not among the legal plays is a named breach;
``judge`` finds no breach and no problem, its winners are the ones the play produced, the
trick counts sum to the hand size; and the tricks alone (hands hidden, so rebuilt from the
plays) give the same winners and no breach.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from loo_ledger.domain.cards.deck import Card, pack
from loo_ledger.domain.cards.judge import PlayRecord, judge
from loo_ledger.domain.cards.play import PlayContext, check_play, legal_plays, winner
from loo_ledger.domain.cards.play_rules import (
    HighestTrump,
    LeadTrump,
    PamCivil,
    PamKind,
    PamPlay,
    PlayRules,
    VoidRule,
)
from loo_ledger.domain.rules.codes import Suit
from loo_ledger.domain.rules.variants import PRESETS, variant

RULE_CHOICES: dict[str, list[Any]] = {
    "head_trick": [True, False], "trump_when_void": list(VoidRule),
    "lead_trump": list(LeadTrump), "trump_after_trick": [True, False],
    "top_trump": [True, False], "highest_trump": list(HighestTrump),
    "sequence_excuse": [True, False], "pam_play": list(PamPlay), "pam_civil": list(PamCivil),
    "pam_on_trump_lead": [True, False], "pam": list(PamKind),
}


@st.composite
def deals(draw: st.DrawFn) -> tuple[PlayRules, bool, int, random.Random]:
    name = draw(st.sampled_from(sorted(PRESETS)))
    rules = PlayRules.from_variant(variant(name))
    mixed = draw(st.dictionaries(st.sampled_from(sorted(RULE_CHOICES)),
                                 st.integers(0, 10), max_size=5))
    rules = replace(rules, **{k: RULE_CHOICES[k][i % len(RULE_CHOICES[k])]
                              for k, i in mixed.items()})
    rules = replace(rules, pack=draw(st.sampled_from([52, 32])))
    most = (rules.pack - 2 * rules.hand_size - 2) // rules.hand_size
    players = draw(st.integers(2, min(most, 7)))
    simple = rules.hand_size == 3 and draw(st.booleans())
    return rules, simple, players, draw(st.randoms(use_true_random=False))


def _play(rules: PlayRules, simple: bool, names: tuple[str, ...], rng: random.Random
          ) -> tuple[PlayRecord, list[str]]:
    cards = list(pack(rules.pack))
    rng.shuffle(cards)
    n = rules.hand_size
    dealt = {p: tuple(cards[i * n:(i + 1) * n]) for i, p in enumerate(names)}
    stock = cards[len(names) * n:]
    trump_card = None if simple else stock.pop()
    trump: Suit | None = trump_card.suit if trump_card else None
    fixed_by, turned, in_play = trump_card, None, False
    hands = {p: list(h) for p, h in dealt.items()}
    leader, tricks, winners, civil, played = names[0], [], [], set(), set()
    for no in range(1, n + 1):
        seats = names[names.index(leader):] + names[:names.index(leader)]
        said = rng.random() < 0.5
        if said:
            civil.add(no)
        trick: list[Card] = []
        for p in seats:
            ctx = PlayContext(rules=rules, trump=trump, trump_card=fixed_by,
                              turned_in_play=in_play, players=len(names), trick=no,
                              civil=said, played=frozenset(played))
            options = legal_plays(hands[p], trick, ctx)
            assert options, f"{p} has no legal card in {hands[p]}"
            for card in hands[p]:
                found = check_play(card, hands[p], trick, ctx, player=p)
                assert (found is None) == (card in options), (card, found)
                assert found is None or (found.trick, found.player) == (no, p)
            card = rng.choice(options)
            trick.append(card)
            hands[p].remove(card)
        if trump is None and any(c.suit != trick[0].suit for c in trick):
            turned = stock.pop()
            trump, fixed_by, in_play = turned.suit, turned, True
        pam = PlayContext(rules=rules, trump=trump).pam
        leader = seats[winner(trick, trump, pam)]
        tricks.append(tuple(trick))
        winners.append(leader)
        played.update(trick)
    record = PlayRecord(players=names, trump_card=trump_card, simple=simple, turned=turned,
                        dealt=dealt, tricks=tuple(tricks), civil=frozenset(civil))
    return record, winners


@settings(deadline=None)
@given(deals())
def test_random_legal_play_reports_no_breach(deal: tuple[PlayRules, bool, int, random.Random]
                                             ) -> None:
    rules, simple, players, rng = deal
    names = tuple("ABCDEFG"[:players])
    record, winners = _play(rules, simple, names, rng)
    result = judge(record, rules)
    assert result.breaches == () and result.problems == ()
    assert list(result.winners) == winners and result.complete
    assert sum(result.tricks_won.values()) == rules.hand_size
    assert result.tricks_won == {p: winners.count(p) for p in names}
    hidden = judge(msgspec.structs.replace(record, dealt={}), rules)
    assert hidden.breaches == () and hidden.problems == ()
    assert list(hidden.winners) == winners
