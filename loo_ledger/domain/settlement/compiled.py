"""What the engine works out once per variant (``Variant.compiled``): the references to the
rules behind its movements, and the plans of the hands it reads.

A plan (next/plan.py :class:`~loo_ledger.domain.next.plan.Plan`) is what :func:`plan.analyse` finds
of a sound reading: it depends on the table state and on the record's seats, trump and
words, never on the pool or the hand's number. It is remembered under a key made from
the state itself (every field but those two, so a field added to ``TableState`` is in the
key without anyone listing it) and from those parts of the record; a reading with any
problem is never remembered (:meth:`Compiled.plan` says None and the engine works it out,
problems and all).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from loo_ledger.domain.next.plan import Plan, analyse
from loo_ledger.domain.rules.codes import LooKind, RuleRef, Suit
from loo_ledger.domain.rules.model import HandRecord, TableState

# The members the engine reads for every hand, read from their classes once (an
# enum member read from its class costs some 0.4 µs on Python 3.11).
_SUIT_CLUBS = Suit.CLUBS


if TYPE_CHECKING:
    from loo_ledger.domain.rules.variants import Variant

#: The most plans (or rule references) kept before starting again, so memory stays
#: bounded: a plan is well under a kilobyte, and a 10,000-hand evening of six players
#: needs a few thousand.
CACHE_LIMIT = 8_192
_WORD_TYPES = frozenset({str})
_SUITS = frozenset(Suit)
_LOO_DETAIL = {LooKind.LIMITED: ("loo_amount",), LooKind.MIXED: ("loo_limit",)}


def state_key(state: TableState) -> TableState:
    """The state as a plan reads it: the same state with no pool and no hand number
    (the only fields a plan does not depend on)."""
    return replace(state, pool=0, hand_no=0)


def record_key(record: HandRecord) -> tuple[Any, ...] | None:
    """The parts of a record a plan reads (who sits out, the trump, the words), or None
    where one is not text as a session file has it (then the plan is worked out). Of a
    suit turned, the plan reads only whether it is clubs (``legal.deal_shape``'s club
    law); anything else given as the trump is kept as given (a reading that refuses it
    is never remembered)."""
    said = record.declarations
    trump: Any = record.trump
    if trump is None or trump in _SUITS:
        trump = trump == _SUIT_CLUBS
    elif type(trump) is not str:
        return None
    if said is None:
        return (record.sitting_out, trump, None)
    if not _WORD_TYPES.issuperset(map(type, said.values())):
        return None
    return (record.sitting_out, trump, tuple(said.items()))


class Compiled:
    """One variant's rule references and remembered plans (see the module)."""

    __slots__ = ("v", "plans", "refs", "loo_rule")

    def __init__(self, v: Variant) -> None:
        self.v = v
        self.plans: dict[tuple[Any, ...], Plan] = {}
        self.refs: dict[tuple[Any, ...], RuleRef] = {}
        #: The parameters behind L, what a looed player pays (``Book.loo_amount``).
        self.loo_rule = self.rule("loo", *_LOO_DETAIL.get(v.loo, ()))

    def rule(self, name: str, *more: str, source: str | None = None) -> RuleRef:
        """A reference to parameter ``name`` (and ``more``) with this table's values, made
        once per variant.

        >>> from loo_ledger.domain.rules.variants import variant
        >>> variant("three-card").compiled.rule("loo", "loo_amount").text()
        'loo=limited; loo_amount=9'
        """
        key = (name, more, source)
        got = self.refs.get(key)
        if got is None:
            v = self.v
            got = RuleRef(param=name, value=v.value_text(name),
                          source=source or v.sources.get(name),
                          also=tuple((n, v.value_text(n)) for n in more))
            _remember(self.refs, key, got)
        return got

    def plan(self, record: HandRecord, state: TableState) -> Plan | None:
        """The plan of ``record`` at a table in ``state``: remembered, or worked out by
        :func:`plan.analyse` and remembered if the reading found no problem; None if it
        found one (the engine then reads the record in full, for its problems)."""
        part = record_key(record)
        if part is None:
            return None
        key = (state_key(state), *part)
        got = self.plans.get(key)
        if got is None:
            deal = analyse(record, state, self.v)
            if deal.problems:
                return None
            got = deal.plan(state.seats, self.v)
            _remember(self.plans, key, got)
        return got


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value
