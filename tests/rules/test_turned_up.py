"""The cards turned for trumps that the table has seen (cards.play_rules.turned_up): the one
rule cards.judge, legal.next_card (``loo table``'s card entry) and ``loo hand -i``'s card
entry all ask.
"""

from __future__ import annotations

from loo_ledger.domain.cards.deck import parse_card
from loo_ledger.domain.cards.play_rules import PlayRules, turned_up
from loo_ledger.domain.rules.variants import variant


def _seen(rules: PlayRules, trump_card: str | None = None,
          turned: str | None = None) -> set[str]:
    return {str(c) for c in turned_up(
        rules, trump_card=None if trump_card is None else parse_card(trump_card),
        turned=None if turned is None else parse_card(turned))}


def test_a_three_card_trump_card_is_seen_a_five_card_one_may_be_taken_by_the_dealer():
    """Three-card: 7d turned after the deal lies face up on the pack: seen, nobody holds it.
    Five-card: the dealer who stands takes the turned card into his hand (RULES.md,
    indicator_to_dealer), so 7d may yet be played: not seen."""
    assert _seen(PlayRules.from_variant(variant("three-card")), trump_card="7d") == {"7d"}
    assert _seen(PlayRules.from_variant(variant("five-card")), trump_card="7d") == set()


def test_a_simple_pools_card_turned_at_the_first_failure_is_always_seen():
    """A simple pool under play-all turns its trump when someone first fails to follow
    (9h): turned from the pack after the play began, nobody can hold it, at three-card and
    at five-card alike; with no card turned, nothing is seen."""
    assert _seen(PlayRules(), turned="9h") == {"9h"}
    assert _seen(PlayRules.five_card(), turned="9h") == {"9h"}
    assert _seen(PlayRules()) == set()
