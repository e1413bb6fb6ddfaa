"""The exchange limit in one place, and the card turned for trumps at five-card Loo
(worked by hand from RULES.md, CATALOGUE.md §3.10, §3.11, R36 and R37).

The exchange limit is legal.exchange_limit's alone: what the cards show is held to it exactly
as if typed (checks.exchange_problems), one message naming the player and the rule, never a
second one from the card judge.

Five-card Loo's turned card: «The trump indicator card belongs to the dealer. If the dealer
stood then at their turn they pick up the trump, discard at least one card, and draw one
card fewer than they discarded» [000] (indicator_to_dealer=true, the default); «Many play that
the card turned up to indicate the trump suit does not belong to the dealer» [000]
(indicator_to_dealer=false): then nobody holds it and nobody may play it.
"""

from __future__ import annotations

import msgspec

from loo_ledger.cli.interactive_ask import Asker
from loo_ledger.cli.interactive_cards import CardAnswers, ask_cards
from loo_ledger.domain.cards.deck import parse_card, parse_cards
from loo_ledger.domain.cards.judge import PlayRecord, judge
from loo_ledger.domain.cards.play_rules import PlayRules
from loo_ledger.domain.rules.model import CardRecord, HandRecord, opening_state
from loo_ledger.domain.rules.variants import variant
from loo_ledger.domain.settlement.engine import settle, validate

# --- the exchange limit: one rule, one message ----------------------------------------------

# Lou, a later deal (3000 in the pot, so the game is under way): A, B, C stand, D, E fold.
# Lou's exchange is «0, 1, 2 or 3 cards» (exchange=3). The cards show A keeping only 3h and
# taking Ad Kd Qd 10d: 4 cards exchanged, one over the limit.
LOU = variant("lou")
LATER = opening_state(("A", "B", "C", "D", "E"), "E", 3000)
LATER_WORDS = {"A": "stand", "B": "stand", "C": "stand", "D": "fold", "E": "fold"}
FOUR = CardRecord(trump_card="2s", dealt={"A": ("3h", "5h", "7h", "9h", "Kh")},
                  exchanged={"A": ("3h", "Ad", "Kd", "Qd", "10d")})
OVER = ("EXCHANGE_INVALID", "A", "A exchanged 4; A may exchange at most 3 cards here "
        "(exchange=3)")


def _without_counts(problems):
    """Every problem but the missing trick counts (no tricks are recorded here)."""
    return [(p.code, p.player, p.message) for p in problems if p.code != "TRICKS_SUM"]


def test_an_exchange_over_the_limit_in_the_cards_gives_the_one_message_typed_gives():
    by_cards = validate(HandRecord(declarations=LATER_WORDS, cards=FOUR), LATER, LOU)
    typed = validate(HandRecord(declarations=LATER_WORDS, exchanges={"A": 4}), LATER, LOU)
    assert _without_counts(typed) == [OVER]
    assert _without_counts(by_cards) == [OVER]
    assert {p.hand for p in by_cards} == {1}


def test_an_exchange_over_the_limit_typed_and_in_the_cards_is_told_once():
    both = validate(HandRecord(declarations=LATER_WORDS, exchanges={"A": 4}, cards=FOUR),
                    LATER, LOU)
    assert _without_counts(both) == [OVER]


# Lou's first deal with eight players: «the first deal should be played with no exchange»
# (lou_exchange_limits, R37), though exchange=3. H's cards show one card exchanged.
EIGHT = ("A", "B", "C", "D", "E", "F", "G", "H")


def test_no_exchange_on_an_eight_player_lou_first_deal_names_the_rule():
    state = opening_state(EIGHT, "H", 0)
    cards = CardRecord(trump_card="2s", dealt={"H": ("3h", "5h", "7h", "9h", "Kh")},
                       exchanged={"H": ("3h", "5h", "7h", "9h", "Ad")})
    for record in (HandRecord(cards=cards), HandRecord(exchanges={"H": 1})):
        assert _without_counts(validate(record, state, LOU)) == [
            ("EXCHANGE_INVALID", "H", "H exchanged 1; H may exchange at most 0 cards here "
             "(lou_exchange_limits: no exchange on a first deal of eight players)")]


def test_the_card_judge_leaves_the_exchange_limit_to_the_rules():
    """Judged alone, A exchanging all three cards of a three-card hand (three-card Loo has
    no exchange) is no problem of the cards: the rules (checks.exchange_problems) say so."""
    r = judge(PlayRecord(players=("A", "B"), trump_card=parse_card("9h"),
                         dealt={"A": parse_cards("As Ks Qs"), "B": parse_cards("Ad Kd Qd")},
                         exchanged={"A": parse_cards("Ah Kh Qh")}),
              PlayRules(pack=32))
    assert r.problems == ()


# --- five-card Loo: the card turned for trumps --------------------------------------------------

# five-card: the dealer antes 5 (P = 5), a trick is worth 5 // 5 = 1, a loo 5. Seats A B C
# D, D deals; A and D stand, B and C pass; in play from the dealer's left: A, D.
# Spades are trumps: 2s turned. D, dealt 3h 4h 5h 6d 7d, takes 2s and discards 3h (one
# card: at least one; he draws none), so plays 2s 4h 5h 6d 7d. A holds Ah Kh Qd Jd 9c.
# Five-card rules of play: a trump led to the first trick if held (A holds none), follow
# suit, no heading, a void player plays any card.
#   Trick 1: A Ah, D 4h.  Trick 2: A Kh, D 5h.  Trick 3: A Qd, D 6d.  Trick 4: A Jd, D 7d:
#   A wins all four.  Trick 5: A 9c; D, void in clubs, trumps with 2s and wins.
# A 4 tricks: +4; D 1 trick - 5 (ante) = -4; B, C 0; the pool 5 - 5 = 0.
FIVE = variant("five-card")
FIVE_STATE = opening_state(("A", "B", "C", "D"), "D", 0)
FIVE_WORDS = {"A": "stand", "B": "pass", "C": "pass", "D": "stand"}
FIVE_TRICKS = (("Ah", "4h"), ("Kh", "5h"), ("Qd", "6d"), ("Jd", "7d"), ("9c", "2s"))
DEALER_TAKES = CardRecord(trump_card="2s", dealt={"D": ("3h", "4h", "5h", "6d", "7d"),
                                                  "A": ("Ah", "Kh", "Qd", "Jd", "9c")},
                          exchanged={"D": ("2s", "4h", "5h", "6d", "7d")}, tricks=FIVE_TRICKS)
NOT_THE_DEALERS = variant("five-card", {"indicator_to_dealer": "false"})


def test_the_dealer_who_stood_takes_the_turned_card_and_may_play_it():
    s = settle(HandRecord(declarations=FIVE_WORDS, cards=DEALER_TAKES), FIVE_STATE, FIVE)
    assert dict(s.deltas) == {"A": 4, "B": 0, "C": 0, "D": -4}
    assert s.pool_after == 0


def test_a_player_not_the_dealer_may_not_play_the_turned_card():
    """Trick 1 as above but A leads 2s (no hands recorded): the turned card is the dealer's."""
    tricks = (("2s", "4h"), *FIVE_TRICKS[1:4], ("9c", "Ah"))
    problems = validate(HandRecord(declarations=FIVE_WORDS,
                                   cards=CardRecord(trump_card="2s", tricks=tricks)),
                        FIVE_STATE, FIVE)
    assert [(p.code, p.player, p.message) for p in problems] == [
        ("CARD_NOT_HELD", "A", "trick 1: A played 2s, the card turned for trumps, which is "
         "the dealer D's to take (indicator_to_dealer=true)")]


def test_a_player_not_the_dealer_may_not_hold_the_turned_card():
    cards = CardRecord(trump_card="2s", dealt={"A": ("Ah", "Kh", "Qd", "Jd", "9c")},
                       exchanged={"A": ("Ah", "Kh", "Qd", "Jd", "2s")})
    problems = validate(HandRecord(declarations=FIVE_WORDS, cards=cards), FIVE_STATE, FIVE)
    assert [(p.code, p.player, p.message) for p in _problems(problems)] == [
        ("CARD_TWICE", "A", "2s is recorded twice: in the card turned for trumps and in A's "
         "cards after the exchange")]


def _problems(problems):
    return [p for p in problems if p.code != "TRICKS_SUM"]


def test_with_indicator_to_dealer_false_nobody_holds_the_turned_card():
    """The same hand where the turned card is not the dealer's: D holding it after the
    exchange is a card recorded twice, and (told once) his playing it follows from that."""
    problems = validate(HandRecord(declarations=FIVE_WORDS, cards=DEALER_TAKES), FIVE_STATE,
                        NOT_THE_DEALERS)
    assert [(p.code, p.player, p.message) for p in problems] == [
        ("CARD_TWICE", "D", "2s is recorded twice: in the card turned for trumps and in D's "
         "cards after the exchange")]


def test_with_indicator_to_dealer_false_nobody_plays_the_turned_card():
    problems = validate(HandRecord(declarations=FIVE_WORDS,
                                   cards=CardRecord(trump_card="2s", tricks=FIVE_TRICKS)),
                        FIVE_STATE, NOT_THE_DEALERS)
    assert [(p.code, p.player, p.message) for p in problems] == [
        ("CARD_TWICE", "D", "trick 5: D played 2s, which was turned up")]


def test_play_rules_carry_indicator_to_dealer_from_the_variant():
    assert PlayRules.from_variant(FIVE).indicator_to_dealer is True
    assert PlayRules.from_variant(NOT_THE_DEALERS).indicator_to_dealer is False
    # three-card Loo and Lou: the turned card is only shown (nobody's to take)
    assert PlayRules.from_variant(variant("three-card")).indicator_to_dealer is False
    assert PlayRules.from_variant(LOU).indicator_to_dealer is False


# --- loo hand -i: the card questions follow the same rule -------------------------------------

class _Scripted(Asker):
    """An asker whose typed answers come from ``typed`` and whose messages are kept."""

    typed: list[str] = msgspec.field(default_factory=list)
    told: list[str] = msgspec.field(default_factory=list)

    def echo(self, text: str) -> None:
        self.told.append(text)

    def prompt(self, question: str, **kwargs: object) -> str:
        return self.typed.pop(0)


def _ask_five(v, *typed: str) -> tuple[CardAnswers, list[str]]:
    """The hand above asked card by card, A's first card typed (``typed``, in turn), and
    any card refused typed again from ``typed``."""
    kept = {"cards/trump": "2s", "cards/hand:A": "", "cards/hand:D": ""}
    kept.update({f"cards/{no}:{p}": c for no, trick in enumerate(FIVE_TRICKS, 1)
                 for p, c in zip(("A", "D"), trick, strict=True)})
    del kept["cards/1:A"]
    asker = _Scripted(answers=kept, typed=list(typed))
    answers = ask_cards(asker, v, ("A", "D"), trump="spades", trump_known=True, dealer="D")
    assert asker.typed == []
    return answers, asker.told


def test_loo_hand_i_offers_the_turned_card_to_the_dealer_alone():
    answers, told = _ask_five(FIVE, "2s", "Ah")
    assert told.count("  2s was turned for trumps: it is the dealer D's to take "
                      "(indicator_to_dealer=true)") == 1
    assert answers.tricks == [" ".join(t) for t in FIVE_TRICKS]


def test_loo_hand_i_refuses_the_turned_card_to_everyone_when_it_is_nobodys():
    """A's 2s is refused, and D's 2s in trick 5 too: he is asked again and plays 3s."""
    answers, told = _ask_five(NOT_THE_DEALERS, "2s", "Ah", "3s")
    assert told.count("  2s was turned up") == 2
    assert answers.tricks[-1] == "9c 3s"


def test_next_card_offers_the_turned_card_to_the_dealer_alone_when_hands_are_unknown():
    """Five-card Loo, indicator_to_dealer (the default): D dealt and turned 2s for trumps;
    A, B and D are in play, no hand known. The 2s is D's to take, so when A leads the cards
    A may play are the 52 less the 2s (51); when D plays, the 2s is among his 52 (less
    A's and B's cards played: A led Kh, B played Qh, so 50 with the 2s)."""
    from loo_ledger.domain.next.legal import next_card
    rules = PlayRules.five_card()
    rec = PlayRecord(players=("A", "B", "D"), trump_card=parse_card("2s"), dealer="D")
    a = next_card(rec, (), rules)
    assert (a.player, a.known, len(a.cards)) == ("A", False, 51)
    assert parse_card("2s") not in a.cards
    d = next_card(rec, parse_cards("Kh Qh"), rules)
    assert (d.player, len(d.cards)) == ("D", 50)
    assert parse_card("2s") in d.cards


def test_loo_table_card_entry_offers_the_turned_card_to_the_dealer_alone():
    """loo table's card entry, five-card Loo, D dealt and turned 2s (spades trumps); A, B
    and D play, no hand known. A leads: the 52 less the 2s are offered (51), no 2s. A
    leads Kh, B plays Qh; D may play any card not seen, the 2s among them (52 less Kh Qh:
    50)."""
    from loo_ledger.tui.cards import HAND, RANK, SUIT, CardEntry
    entry = CardEntry(variant("five-card"), ("A", "B", "D"), trump="spades",
                      trump_known=True, dealer="D")
    q = entry.question()
    assert q is not None and q.key == RANK
    entry.answer(RANK, "2")
    for _ in range(3):
        entry.answer(HAND, "")
    q = entry.question()
    assert q is not None and "A plays" in q.prompt
    assert len(entry.question_cards()) == 51
    assert parse_card("2s") not in entry.question_cards()
    for card in ("Kh", "Qh"):
        entry.question()
        entry.answer(SUIT, "hearts")
        entry.answer(RANK, card[0])
    q = entry.question()
    assert q is not None and "D plays" in q.prompt
    assert len(entry.question_cards()) == 50 and parse_card("2s") in entry.question_cards()
