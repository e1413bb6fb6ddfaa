"""Shared builders for the hand-worked rule tests (a helper module, not a conftest: the test
modules import it by name).

Every expected figure in tests/rules/ is worked by hand from shared/spec/RULES.md
(and CATALOGUE.md's resolutions), never taken from the engine.

Seats are clockwise; the player after the dealer in ``seats`` is on the dealer's
left (eldest hand), so with seats A..E and dealer E the order of play is A B C D E.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from loo_ledger.domain.rules.model import Flush, HandRecord, Penalty, TableState, opening_state
from loo_ledger.domain.rules.variants import variant
from loo_ledger.errors import HandRejected

try:  # the engine is being written alongside these tests
    from loo_ledger.domain import settle, validate
except ImportError:  # pragma: no cover - only while the engine does not exist yet
    settle = validate = None

__all__ = ["V", "table", "hand", "run", "problems", "rejects", "expect", "F", "Pen",
           "Flush", "Penalty", "HandRecord", "TableState", "opening_state", "HandRejected",
           "settle", "validate", "next_seat"]

FIVE = ("A", "B", "C", "D", "E")


def V(name: str = "three-card", **rules):
    """The preset ``name`` with ``rules`` as overrides."""
    return variant(name, rules or None)


def table(players=FIVE, dealer: str | None = None, pool: int = 0, **changes) -> TableState:
    """The table before a hand: ``dealer`` deals (default: the last seat), ``pool`` carried in.

    Built with opening_state, so a carried pool makes the deal double (and a Lou game under
    way); ``changes`` override any TableState field (double, lou_first, sit_out, ...).
    """
    players = tuple(players)
    state = opening_state(players, dealer or players[-1], pool)
    return replace(state, **changes) if changes else state


def hand(**fields) -> HandRecord:
    if "flushes" in fields:
        fields["flushes"] = tuple(fields["flushes"])
    if "penalties" in fields:
        fields["penalties"] = tuple(fields["penalties"])
    if "sitting_out" in fields:
        fields["sitting_out"] = tuple(fields["sitting_out"])
    return HandRecord(**fields)


def F(player: str, kind: str = "flush", suit: str | None = None, cards=()) -> Flush:
    return Flush(player=player, kind=kind, suit=suit, cards=tuple(cards))


def Pen(player: str, kind: str = "revoke") -> Penalty:
    return Penalty(player=player, kind=kind)


def _need_engine():
    if settle is None:
        pytest.fail("loo_ledger.domain does not export settle/validate yet")


def run(v, state: TableState, record: HandRecord | None = None, **fields):
    """Validate (must be clean) and settle a legal hand; return the Settlement."""
    _need_engine()
    record = record if record is not None else hand(**fields)
    found = validate(record, state, v)
    assert list(found) == [], [(p.code, p.player, p.message) for p in found]
    return settle(record, state, v)


def problems(v, state: TableState, record: HandRecord | None = None, **fields):
    """[(code, player)] that validate reports for the record."""
    _need_engine()
    record = record if record is not None else hand(**fields)
    return [(p.code, p.player) for p in validate(record, state, v)]


def rejects(v, state: TableState, code: str, player=..., record: HandRecord | None = None,
            **fields):
    """The record is refused with ``code`` (naming ``player`` when given), by validate and
    by settle (HandRejected carrying the same problem)."""
    _need_engine()
    record = record if record is not None else hand(**fields)
    found = validate(record, state, v)
    pairs = [(p.code, p.player) for p in found]
    if player is ...:
        assert code in [c for c, _ in pairs], pairs
    else:
        assert (code, player) in pairs, pairs
    for p in found:
        if p.code == code:
            assert p.hand in (None, state.hand_no), p
    with pytest.raises(HandRejected) as info:
        settle(record, state, v)
    assert code in [p.code for p in info.value.problems], info.value.problems
    return pairs


def expect(s, deltas: dict, pool_after: int, *, pot: int | None = None):
    """Every dealt player's delta (zeros included) and the pool carried on; chips conserved."""
    assert dict(s.deltas) == deltas
    assert s.pool_after == pool_after
    if pot is not None:
        assert s.pot == pot
    assert sum(s.deltas.values()) + (s.pool_after - s.pool_in) == 0
    if s.next_state is not None:
        assert s.next_state.pool == s.pool_after


def next_seat(state: TableState) -> str:
    seats = state.seats
    return seats[(seats.index(state.dealer) + 1) % len(seats)]
