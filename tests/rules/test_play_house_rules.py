"""Issue 12 item 4: the rules of play are the table's to set, like any parameter
(`--rule lead_trump=never`, a session file's `rules`), and the cards are judged by them.

The deal of test_cards_validate.py: three-card, A B C, C deals a double pool carrying 12;
C antes 9, P = 21, a trick 7, a loo 9; hearts trumps (2h turned). A Ah Ks 3d, B 4h Qs Kd,
C 5c 6s 7d. Here A leads Ks first: trick 1 Ks Qs 6s (A), trick 2 Ah 4h 5c (A), trick 3
3d Kd 7d (B): A 2 tricks, B 1.
"""

import pytest
from msgspec.structs import replace

from loo_ledger.domain.cards.play_rules import PlayRules
from loo_ledger.domain.rules.model import CardRecord, HandRecord, opening_state
from loo_ledger.domain.rules.variants import variant
from loo_ledger.domain.settlement.engine import settle
from loo_ledger.errors import VariantError

STATE = opening_state(("A", "B", "C"), "C", 12)
WORDS = {"A": "stand", "B": "stand", "C": "stand"}
DEALT = {"A": ("Ah", "Ks", "3d"), "B": ("4h", "Qs", "Kd"), "C": ("5c", "6s", "7d")}
SPADE_FIRST = (("Ks", "Qs", "6s"), ("Ah", "4h", "5c"), ("3d", "Kd", "7d"))
RECORD = HandRecord(declarations=WORDS,
                    cards=CardRecord(trump_card="2h", dealt=DEALT, tricks=SPADE_FIRST))


def test_by_default_leading_a_plain_card_holding_the_ace_of_trumps_is_a_breach():
    # top_trump=true: A had to lead Ah. A's two shares (14) stay and A pays a loo of 9:
    # A -9, B +7, C -9 ante -9 looed = -18; the pool 12 + 9 - 7 + 9 + 9 = 32.
    s = settle(RECORD, STATE, variant("three-card"))
    assert dict(s.deltas) == {"A": -9, "B": 7, "C": -18} and s.pool_after == 32
    assert s.notes == ("the cards show a breach: trick 1, A played Ks: must lead the top "
                       "trump Ah [top_trump=true]",)


def test_a_table_that_drops_the_trump_leads_judges_the_same_cards_clean():
    # lead_trump=never and top_trump=false: no breach; A +14, B +7, C -18; pool 9.
    v = variant("three-card", {"lead_trump": "never", "top_trump": "false"})
    s = settle(RECORD, STATE, v)
    assert dict(s.deltas) == {"A": 14, "B": 7, "C": -18} and s.pool_after == 9
    assert s.notes == ()
    assert v.overrides() == {"lead_trump": "never", "top_trump": "false"}
    assert v.sources["lead_trump"] == "house rule"


def test_dropping_only_one_of_the_two_rules_still_finds_the_other():
    v = variant("three-card", {"top_trump": "false"})
    s = settle(replace(RECORD), STATE, v)
    assert s.notes == ("the cards show a breach: trick 1, A played Ks: must lead a trump, "
                       "holding Ah [lead_trump=every-lead]",)


def test_the_variant_carries_the_rules_of_play_to_the_judge():
    v = variant("lanterloo", {"trump_when_void": "free", "pam_civil": "request"})
    rules = PlayRules.from_variant(v)
    assert (rules.trump_when_void, rules.pam_civil) == ("free", "request")
    # lanterloo's own reading (003) stays where the table said nothing
    assert PlayRules.from_variant(variant("lanterloo")).trump_when_void == "must-trump"


def test_a_bad_rule_of_play_is_refused_naming_what_is_allowed():
    with pytest.raises(VariantError) as err:
        variant("three-card", {"lead_trump": "sometimes"})
    assert "lead_trump takes every-lead | first-lead | two-trumps" in str(err.value)
