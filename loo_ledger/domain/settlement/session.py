"""Settling a whole session, hand after hand, from its opening state."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

import msgspec

from loo_ledger.domain.rules.model import (
    HandRecord,
    RuleChange,
    Session,
    Settlement,
    TableState,
    opening_state,
)
from loo_ledger.domain.rules.variants import Variant, variant
from loo_ledger.domain.settlement.engine import settle
from loo_ledger.errors import HandRejected, LooError, Problem


class Replay(msgspec.Struct, frozen=True, kw_only=True):
    """A session settled: its variant, each hand's settlement and the state after the last."""

    variant: Variant
    settlements: tuple[Settlement, ...]
    final: TableState


def session_variant(session: Session, presets: Mapping[str, Variant] | None = None) -> Variant:
    """The variant of the session's own rules (in force at hand 1)."""
    return variant(session.variant, dict(session.rules), presets=presets)


def rules_in_force(rules: Mapping[str, object], changes: Iterable[RuleChange],
                   hand_no: int) -> dict[str, object]:
    """The rules (parameter -> value, as typed) in force for hand ``hand_no``: ``rules``,
    then every change with ``from_hand <= hand_no``, in order."""
    out = dict(rules)
    for change in changes:
        if change.from_hand <= hand_no:
            out.update(change.rules)
    return out


def with_change(changes: Iterable[RuleChange], from_hand: int,
                rules: Mapping[str, object]) -> tuple[RuleChange, ...]:
    """``changes`` with ``rules`` added from hand ``from_hand`` on (merged into a change
    from that hand, if there is one), in order of ``from_hand``."""
    out = {c.from_hand: dict(c.rules) for c in changes}
    out[from_hand] = {**out.get(from_hand, {}), **rules}
    return tuple(RuleChange(from_hand=n, rules=r) for n, r in sorted(out.items()))


def pulled_back(rules: Mapping[str, object], changes: Iterable[RuleChange], next_hand: int
                ) -> tuple[dict[str, object], tuple[RuleChange, ...]]:
    """The session's rules and rule changes once the next hand is ``next_hand`` (after an
    undo): a change from a later hand starts at ``next_hand`` instead (merged in order),
    and at hand 1 it becomes the session's rules."""
    base: dict[str, object] = dict(rules)
    out: tuple[RuleChange, ...] = ()
    for c in changes:
        if min(c.from_hand, next_hand) <= 1:
            base.update(c.rules)
        else:
            out = with_change(out, min(c.from_hand, next_hand), c.rules)
    return base, out


def rules_at(session: Session, hand_no: int) -> dict[str, object]:
    """The session's rules in force for hand ``hand_no`` (:func:`rules_in_force`)."""
    return rules_in_force(session.rules, session.rule_changes, hand_no)


def variant_at(session: Session, hand_no: int,
               presets: Mapping[str, Variant] | None = None) -> Variant:
    """The variant in force for hand ``hand_no`` (:func:`rules_at`); VariantError names a
    bad rule."""
    if not any(c.from_hand <= hand_no for c in session.rule_changes):
        return session_variant(session, presets)
    return variant(session.variant, rules_at(session, hand_no), presets=presets)


def start(session: Session) -> TableState:
    """The opening state; raises LooError if the session's seats do not make sense."""
    if session.first_dealer not in session.players:
        raise LooError("the session cannot start", [Problem(
            code="UNKNOWN_PLAYER", player=session.first_dealer,
            message=f"first_dealer {session.first_dealer} is not one of the players")])
    return opening_state(session.players, session.first_dealer, session.opening_pool)


def settle_each(session: Session, hands: Iterable[HandRecord] | None = None,
                presets: Mapping[str, Variant] | None = None,
                progress: Callable[[int], None] | None = None) -> Iterator[Settlement]:
    """Each hand settled in order, each under the variant in force for it
    (:func:`variant_at`), one at a time: ``hands`` (an iterator, say, of a file being
    read), else the session's own. The first impossible hand raises HandRejected; the
    state after the last hand is the last settlement's ``next_state`` (:func:`start`'s if
    there is none). ``progress(n)`` is told every 1,000 hands settled."""
    v = session_variant(session, presets)
    starts = {c.from_hand for c in session.rule_changes}
    state = start(session)
    for n, record in enumerate(session.hands if hands is None else hands, start=1):
        if n in starts:
            v = variant_at(session, n, presets)
        result = settle(record, state, v)
        state = result.next_state
        yield result
        if progress is not None and n % 1000 == 0:
            progress(1000)


def replay(session: Session, presets: Mapping[str, Variant] | None = None,
           progress: Callable[[int], None] | None = None) -> Replay:
    """Settle every hand in order (:func:`settle_each`). The Replay's ``variant`` is the
    session's own (hand 1)."""
    first = session_variant(session, presets)
    out = tuple(settle_each(session, None, presets, progress))
    return Replay(variant=first, settlements=out,
                  final=out[-1].next_state if out else start(session))


__all__ = ["Replay", "replay", "settle_each", "pulled_back", "rules_at", "rules_in_force", "start",
           "session_variant", "variant_at", "with_change", "HandRejected"]
