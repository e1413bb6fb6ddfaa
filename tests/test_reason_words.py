"""Every reason's words are written once, in domain/settlement/wording.py (issue 20): change one
there and every output that shows it changes alike: `loo hand`, `loo pool --json` (which words
the stored cause of the last hand's loos), `loo explain` and `loo explain --json`, for a
plain hand and for a hand with a table ruling.

The hand, worked by hand: three-card, Ann Ben Cat Dov, Dov deals hand 1, a simple pool
(everyone plays). Dov antes 9: P = 9, a trick is worth 9 // 3 = 3. Ann, Ben and Cat take
a trick each (+3); Dov takes none and is looed for L = loo_amount = 9: -9 - 9 = -18. The
loo's words are its cause's ("looed: took no trick", here changed) and what it pays:
": pays the pool 9".
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from loo_ledger.domain.rules.codes import LooCause, MovementKind
from loo_ledger.domain.rules.model import HandRecord, opening_state
from loo_ledger.domain.rules.variants import PRESETS, variant
from loo_ledger.domain.settlement import wording
from loo_ledger.domain.settlement.engine import settle

CHANGED = "went home without a trick"
WORDS = f"{CHANGED}: pays the pool 9"


@pytest.fixture
def changed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The words changed as a change to wording.py changes them: in a new process, where no
    preset has worded a movement yet (each variant remembers the movements it has made,
    words and all: compiled.py ``Way``), so the presets are given a fresh start too, and
    after the test what they remembered with the changed words is forgotten again (a
    preset compiled first here would otherwise keep them for the tests after it)."""
    monkeypatch.setitem(wording.CAUSE_WORDS, LooCause.NO_TRICK, CHANGED)
    before = {name: vars(v).pop("compiled", None) for name, v in PRESETS.items()}
    yield
    for name, v in PRESETS.items():
        vars(v).pop("compiled", None)
        if before[name] is not None:
            vars(v)["compiled"] = before[name]


def test_a_reason_changed_in_wording_shows_in_every_output(changed, loo, tmp_path) -> None:
    db = tmp_path / "l.db"
    assert loo(db, "new", "Fri", "--variant", "three-card", "--players", "Ann,Ben,Cat,Dov",
               "--dealer", "Dov").exit_code == 0
    hand = loo(db, "hand", "Ann=1", "Ben=1", "Cat=1", "Dov=0")
    assert hand.exit_code == 0, hand.output
    assert f"Dov     -18  ante 9; {WORDS}" in hand.output
    pool = json.loads(loo(db, "pool", "--json").stdout)
    assert pool["loos_from_last_hand"] == [{"player": "Dov", "amount": 9, "reason": WORDS}]
    explained = loo(db, "explain", "1")
    assert f"Dov -> pool: {WORDS}" in explained.output
    rows = json.loads(loo(db, "explain", "1", "--json").stdout)["movements"]
    assert [r["reason"] for r in rows if r["from"] == "Dov"] == ["ante", WORDS]
    assert WORDS not in loo(db, "export").stdout  # the session file holds facts, no words


def test_a_reason_changed_in_wording_shows_in_a_hand_with_a_table_ruling(changed) -> None:
    """The same hand, the table ruling that Dov pays only 12 (its own figure; the rules
    give -18): the loo keeps its cause's words and a ruling movement of 6 from the pool
    to Dov gives the table's figure (-18 + 6 = -12; the pool: 9 + 9 + 9 - 9 - 6 = 3)."""
    s = settle(HandRecord(tricks={"Ann": 1, "Ben": 1, "Cat": 1, "Dov": 0},
                          deltas={"Ann": 3, "Ben": 3, "Cat": 3, "Dov": -12},
                          table_ruling="Dov was called away"),
               opening_state(("Ann", "Ben", "Cat", "Dov"), "Dov"), variant("three-card"))
    assert [m.reason for m in s.movements if m.kind == MovementKind.LOO] == [WORDS]
    assert (s.deltas["Dov"], s.pool_after) == (-12, 3)
