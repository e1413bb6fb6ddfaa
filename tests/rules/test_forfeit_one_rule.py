"""A forfeit before play is judged by one rule (legal.refuse_forfeit): the hand's checks
(``loo hand``, ``loo import``) and ``loo table``'s forfeit key say the same, word for word.

Britannica (forfeits=true), seats A B C, C deals (an empty pool is declared like a double,
simple_pool=as-double): everyone stands and plays, a trick each.
"""

from __future__ import annotations

import pytest

from loo_ledger.domain.next import legal
from loo_ledger.domain.rules.model import HandRecord, Penalty, opening_state
from loo_ledger.domain.rules.variants import variant
from loo_ledger.domain.settlement.engine import validate

BRIT = variant("britannica")
STATE = opening_state(("A", "B", "C"), "C", 0)
DEALT = ("A", "B", "C")   # from the dealer's left, C (the dealer) last
STAND = {"A": "stand", "B": "stand", "C": "stand"}


@pytest.mark.parametrize(("v", "kind", "player", "code", "message"), [
    # law 5: a misdeal is the dealer's, C's, not A's
    (BRIT, "misdeal", "A", "PENALTY_NOT_ALLOWED",
     "a misdeal is charged to the dealer (C), not A"),
    # law 8: who declared early throws up his hand; B stood and plays
    (BRIT, "declared-early", "B", "PENALTY_NOT_ALLOWED",
     "B declared early and must throw up his hand (law 8), but is recorded as playing"),
    # three-card plays no forfeits
    (variant("three-card"), "looked-early", "B", "PENALTY_NOT_ALLOWED",
     "a looked-early forfeit is not a rule of this table (forfeits=false)"),
])
def test_the_checks_refuse_a_forfeit_as_legal_does(v, kind, player, code, message):
    refused = legal.refuse_forfeit(v, kind, player, DEALT, DEALT)
    assert refused is not None and (refused.code, refused.message) == (code, message)
    found = validate(HandRecord(declarations=STAND, tricks={"A": 1, "B": 1, "C": 1},
                                penalties=(Penalty(player=player, kind=kind),)), STATE, v)
    assert [(p.code, p.player, p.message) for p in found if p.code.startswith("PENALTY")] \
        == [(code, player, message)]


def test_a_forfeit_legal_allows_is_not_a_problem():
    """A looked at his cards early (law 7): anyone dealt in may be charged it."""
    assert legal.refuse_forfeit(BRIT, "looked-early", "A", DEALT, DEALT) is None
    found = validate(HandRecord(declarations=STAND, tricks={"A": 1, "B": 1, "C": 1},
                                penalties=(Penalty(player="A", kind="looked-early"),)),
                     STATE, BRIT)
    assert [p for p in found if p.code.startswith("PENALTY")] == []
