"""Whole hands judged from their cards: three-card (double and simple pool), five-card with
Pam, Lou; the consistency problems; flushes found; PlayRules per variant.

Every winner, count and breach below is worked by hand in the comments beside it.
"""

from __future__ import annotations

from typing import Any

import pytest

from loo_ledger.domain.cards.deck import parse_card, parse_cards
from loo_ledger.domain.cards.judge import PlayRecord, PlayResult, judge
from loo_ledger.domain.cards.play_rules import PlayRules
from loo_ledger.domain.rules.codes import FlushKind, Suit
from loo_ledger.domain.rules.variants import variant
from loo_ledger.errors import VariantError

THREE = PlayRules()
FIVE = PlayRules.from_variant(variant("five-card"))
LOU = PlayRules.from_variant(variant("lou"))


def rec(players: str, *, trump: str | None = None, hands: dict[str, str] | None = None,
        tricks: tuple[str, ...] = (), **kw: Any) -> PlayRecord:
    return PlayRecord(players=tuple(players.split()),
                      trump_card=parse_card(trump) if trump else None,
                      dealt={p: parse_cards(h) for p, h in (hands or {}).items()},
                      tricks=tuple(parse_cards(t) for t in tricks), **kw)


def breaches(r: PlayResult) -> list[tuple[int, str, str, str]]:
    return [(b.trick, b.player, str(b.card), b.rule) for b in r.breaches]


def codes(r: PlayResult) -> list[str]:
    return [p.code for p in r.problems]


# Three-card, double pool, trumps hearts (5h turned). A B C D from the dealer's left.
T3_HANDS = {"A": "Ah Ks 3d", "B": "Qh 9s 4c", "C": "7s 8d 2c", "D": "10h Jd 6c"}
# 1: A must lead Ah (top trump); B Qh; C has no heart: any; D 10h.  A wins.
# 2: A has no trump: Ks; B 9s; C 7s; D no spade, no trump: 6c.      A wins.
# 3: A 3d; B 4c (void); C 8d; D must head: Jd.                       D wins.
T3_TRICKS = ("Ah Qh 2c 10h", "Ks 9s 7s 6c", "3d 4c 8d Jd")


def test_three_card_double_pool_played_by_the_rules() -> None:
    r = judge(rec("A B C D", trump="5h", hands=T3_HANDS, tricks=T3_TRICKS,
                  miss=parse_cards("Kc 2s 9h")))
    assert r.winners == ("A", "A", "D") and r.leaders == ("A", "A", "A")
    assert dict(r.tricks_won) == {"A": 2, "B": 0, "C": 0, "D": 1}
    assert r.complete and r.trump == Suit.HEARTS
    assert breaches(r) == [] and codes(r) == [] and r.flushes == ()


def test_tricks_alone_give_the_same_winners() -> None:
    r = judge(rec("A B C D", trump="5h", tricks=T3_TRICKS))
    assert r.winners == ("A", "A", "D") and breaches(r) == [] and codes(r) == []


def test_a_revoke_the_table_missed_is_caught_from_the_tricks_alone() -> None:
    # B plays 4c to the spade lead in trick 2 and shows 9s in trick 3: B held a spade.
    r = judge(rec("A B C D", trump="5h", tricks=("Ah Qh 2c 10h", "Ks 4c 7s 6c",
                                                 "3d 9s 8d Jd")))
    assert breaches(r) == [(2, "B", "4c", "follow_suit")]
    assert r.winners == ("A", "A", "D")


def test_partial_tricks_without_hands_judge_no_breach() -> None:
    r = judge(rec("A B C D", trump="5h", tricks=("Ah Qh 2c 10h", "Ks 4c 7s 6c")))
    assert breaches(r) == [] and r.winners == ("A", "A") and not r.complete


def test_three_card_breaches_of_top_trump_head_and_void() -> None:
    hands = {"A": "Ah 2h Ks", "B": "As 3s 9d", "C": "Kd 4h 2c"}
    # 1: A leads Ks holding Ah (top_trump); B 3s holding As that heads (head_trick);
    #    C, void in spades, 2c holding 4h that heads (trump_when_void).  A wins.
    # 2: A leads 2h holding Ah (top_trump); B 9d (void); C 4h.          C wins.
    # 3: C Kd; A Ah; B As.                                              A wins (trump).
    r = judge(rec("A B C", trump="5h", hands=hands, tricks=("Ks 3s 2c", "2h 9d 4h",
                                                            "Kd Ah As")))
    assert breaches(r) == [(1, "A", "Ks", "top_trump"), (1, "B", "3s", "head_trick"),
                           (1, "C", "2c", "trump_when_void"), (2, "A", "2h", "top_trump")]
    assert r.winners == ("A", "C", "A")
    assert dict(r.tricks_won) == {"A": 2, "B": 0, "C": 1}


SIMPLE = {"A": "Ks 9h 2d", "B": "Qd Ad 4h", "C": "3s Jh 5c"}


def test_simple_pool_the_card_turned_at_the_first_failure_fixes_trumps() -> None:
    # 1: A Ks; B has no spade: 4h; C 3s. 7h turned: hearts are trumps for this trick too,
    #    so B wins with 4h.
    # 2: B leads (no trump held): Ad; C, void, must head with Jh; A 2d.   C wins.
    # 3: C 5c; A 9h; B Qd.                                                A wins.
    r = judge(rec("A B C", hands=SIMPLE, simple=True, turned=parse_card("7h"),
                  tricks=("Ks 4h 3s", "Ad Jh 2d", "5c 9h Qd")))
    assert r.winners == ("B", "C", "A") and r.leaders == ("A", "B", "C")
    assert breaches(r) == [] and codes(r) == [] and r.trump == Suit.HEARTS
    assert r.flushes == ()   # no trump known before play: no flush (R13)


def test_simple_pool_breach_after_the_turn() -> None:
    # 2: C plays 5c instead of heading with Jh: trump_when_void; B wins with Ad.
    # 3: B Qd; C must head with Jh; A 9h.  C wins.
    r = judge(rec("A B C", hands=SIMPLE, simple=True, turned=parse_card("7h"),
                  tricks=("Ks 4h 3s", "Ad 5c 2d", "Qd Jh 9h")))
    assert breaches(r) == [(2, "C", "5c", "trump_when_void")]
    assert r.winners == ("B", "B", "C")


def test_simple_pool_without_the_turned_card_stops_at_the_failure() -> None:
    r = judge(rec("A B C", hands=SIMPLE, simple=True, tricks=("Ks 4h 3s", "Ad Jh 2d")))
    assert codes(r) == ["TURNED_MISSING"] and r.winners == ()


FIVE_HANDS = {"A": "As 5s Kh 2d 3c", "B": "Jc 9h 4h Qd 8c", "C": "10s Qh 6d 5d 4c"}


def test_five_card_with_pam() -> None:
    # Trumps spades (7s turned). 1: A must lead a trump: As, "Pam be civil"; B (no spade;
    # Pam is civil) 4h; C 10s. A.  2: A Kh; B plays Pam, free; C Qh. B.
    # 3: B Qd; C 5d (no need to head); A 2d. B.  4: B 9h; C 4c; A 5s. A.
    # 5: A 3c; B 8c; C 6d. B.
    r = judge(rec("A B C", trump="7s", hands=FIVE_HANDS, civil=frozenset({1}),
                  tricks=("As 4h 10s", "Kh Jc Qh", "Qd 5d 2d", "9h 4c 5s", "3c 8c 6d")),
              FIVE)
    assert r.winners == ("A", "B", "B", "A", "B")
    assert dict(r.tricks_won) == {"A": 2, "B": 3, "C": 0}
    assert breaches(r) == [] and codes(r) == []


def test_five_card_pam_not_civil_and_first_lead_not_a_trump() -> None:
    civil = judge(rec("A B C", trump="7s", hands=FIVE_HANDS, civil=frozenset({1}),
                      tricks=("As Jc 10s",)), FIVE)
    assert breaches(civil) == [(1, "B", "Jc", "pam_civil")] and civil.winners == ("B",)
    lead = judge(rec("A B C", trump="7s", hands=FIVE_HANDS, tricks=("Kh 4h Qh",)), FIVE)
    assert breaches(lead) == [(1, "A", "Kh", "lead_trump")] and lead.winners == ("A",)


LOU_HANDS = {"A": "Ah 3h Kc 9d 4s", "B": "Qh 7c 6c 5s 8d", "C": "10h Jh 2c Ks 3d"}


def test_lou_follow_suit_only() -> None:
    # Trumps diamonds (2d). 1: A 4s (no trump lead needed); B 5s; C Ks. C.
    # 2: C 2c; A Kc; B 6c (no need to head). A.  3: A 3h; B Qh; C 10h. B.
    # 4: B 7c; C Jh (void, need not trump); A 9d. A.  5: A Ah; B 8d; C 3d. B.
    r = judge(rec("A B C", trump="2d", hands=LOU_HANDS,
                  tricks=("4s 5s Ks", "2c Kc 6c", "3h Qh 10h", "7c Jh 9d", "Ah 8d 3d")), LOU)
    assert r.winners == ("C", "A", "B", "A", "B")
    assert dict(r.tricks_won) == {"A": 2, "B": 2, "C": 1}
    assert breaches(r) == []


def test_lou_renege() -> None:
    r = judge(rec("A B C", trump="2d", hands=LOU_HANDS,
                  tricks=("4s 5s Ks", "2c Kc 6c", "3h Qh 3d")), LOU)
    assert breaches(r) == [(3, "C", "3d", "follow_suit")]
    assert r.winners == ("C", "A", "C")


# --- consistency ------------------------------------------------------------------------

def test_consistency_problems_are_collected() -> None:
    r = judge(rec("A B C", trump="5h", hands={"A": "As Kd", "B": "As 2c 3c", "C": "4c 5c 6c"},
                  miss=parse_cards("7c 8c"), tricks=("Kd 2c", "4s 5s 6s 7s")))
    assert sorted(codes(r)) == sorted(["CARD_COUNT", "CARD_COUNT", "TRICK_SIZE", "TRICK_SIZE",
                                       "CARD_TWICE"])
    twice = [p.message for p in r.problems if p.code == "CARD_TWICE"]
    assert twice == ["As is recorded twice: in A's cards as dealt and in B's cards as dealt"]
    assert r.winners == ()


def test_the_miss_taken_and_the_pack_the_exchange_limit_left_to_the_rules() -> None:
    """B exchanges two cards (Kd 2d for 10s 10d): how many he may is the rules' to say
    (next/checks.exchange_problems, tests/test_tidy_cards.py), not the cards'. The cards'
    one problem: 2d, in B's dealt cards, is not in a 32-card pack (7 to ace)."""
    miss = parse_cards("Kc Qc Jc")
    r = judge(PlayRecord(players=("A", "B"), trump_card=parse_card("9h"),
                         miss=miss,
                         dealt={"A": parse_cards("As Ks Qs"), "B": parse_cards("Ad Kd 2d")},
                         exchanged={"A": miss, "B": parse_cards("Ad 10s 10d")}),
              PlayRules(pack=32))
    assert [(p.code, p.player) for p in r.problems] == [("NOT_IN_PACK", "B")]


def test_a_card_played_that_was_not_held_and_a_card_played_twice() -> None:
    r = judge(rec("A B", trump="5h", hands={"A": "As Ks Qs", "B": "2d 3d 4d"},
                  tricks=("As 2c", "As 3d")))
    assert "CARD_NOT_HELD" in codes(r) and "CARD_TWICE" in codes(r)


def test_hands_alone_find_flushes() -> None:
    r = judge(rec("A B", trump="5h", hands={"A": "Ah 9h 2h", "B": "Ks 9s 2s"}))
    assert [(f.player, f.kind) for f in r.flushes] == [("A", FlushKind.FLUSH)]
    assert r.winners == () and codes(r) == []
    pam3 = judge(rec("A B", trump="5h", hands={"A": "Jc 9h 2h", "B": "Ks 9s 2s"}),
                 PlayRules.from_variant(variant("lanterloo")))
    assert [(f.player, f.kind) for f in pam3.flushes] == [("A", FlushKind.FLUSH)]


def test_five_card_flushes_and_blazes() -> None:
    hands = {"A": "Jc 9h 4h Qh 2h", "B": "As 9s 4s Qs 2s", "C": "Ad 9d 4d Qd 2d",
             "D": "Kh Qd Js Kc Qs", "E": "Kd Qc Jc Ks 10c"}
    r = judge(rec("A B C D E", trump="7s", hands=hands), FIVE)
    assert [(f.player, f.kind) for f in r.flushes] == [
        ("A", FlushKind.PAM), ("B", FlushKind.TRUMP), ("C", FlushKind.PLAIN)]
    hands["E"] = "Kd Qc Jc Ks Jd"
    blazes = judge(rec("A B C D E", trump="7s", hands=hands),
                   PlayRules.from_variant(variant("five-card", {"blazes": "true"})))
    assert [(f.player, f.kind) for f in blazes.flushes][3:] == [
        ("D", FlushKind.BLAZE), ("E", FlushKind.PAM_BLAZE)]


# --- the rules for each variant -------------------------------------------------------------

def test_play_rules_from_each_variant() -> None:
    def pick(name: str, *fields: str) -> tuple[Any, ...]:
        r = PlayRules.from_variant(variant(name))
        return tuple(str(getattr(r, f)) for f in fields)

    keys = ("lead_trump", "trump_when_void", "head_trick", "top_trump", "highest_trump")
    assert pick("three-card", *keys) == ("every-lead", "head", "True", "True", "heads-up")
    assert pick("irish", *keys) == ("every-lead", "head", "True", "True", "heads-up")
    assert pick("britannica", "lead_trump", "trump_after_trick", "sequence_excuse") == (
        "two-trumps", "True", "True")
    assert pick("poker-book", "lead_trump", "trump_when_void") == ("two-trumps", "overtrump")
    assert pick("bicycle", "trump_when_void") == ("may",)
    assert pick("lanterloo", "pam", "pam_play", "trump_when_void", "pam_civil") == (
        "jack-of-clubs", "trump", "must-trump", "unless-only-trump")
    assert pick("five-card", *keys, "pam_play", "pam_civil") == (
        "first-lead", "free", "False", "False", "never", "free", "binding")
    assert pick("britannica-five-card", "pam_play", "pam_civil") == ("trump", "unless-only-trump")
    assert pick("lou", *keys, "pam") == ("never", "free", "False", "False", "never", "none")
    r = PlayRules.from_variant(variant("three-card", {"pack": "32"}), lead_trump="never")
    assert (r.pack, r.lead_trump, r.hand_size) == (32, "never", 3)


def test_rules_of_play_set_from_text_and_bad_ones_named() -> None:
    r = THREE.with_values({"lead_trump": "Two-Trumps", "head_trick": "false", "pack": "32"})
    assert (r.lead_trump, r.head_trick, r.pack) == ("two-trumps", False, 32)
    with pytest.raises(VariantError) as info:
        THREE.with_values({"lead_trumps": "never", "pam_civil": "polite", "top_trump": "maybe"})
    text = str(info.value)
    assert "'lead_trumps'" in text and "lead_trump" in text
    assert "pam_civil='polite'" in text and "binding | request" in text
    assert "top_trump='maybe'" in text and "true | false" in text
