"""Settling a whole session, hand after hand, from its opening state."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from loo_ledger.domain.model import Session, Settlement, TableState, opening_state
from loo_ledger.domain.settle import settle
from loo_ledger.domain.variants import Variant, variant
from loo_ledger.errors import HandRejected, LooError, Problem


@dataclass(frozen=True, kw_only=True)
class Replay:
    """A session settled: its variant, each hand's settlement and the state after the last."""

    variant: Variant
    settlements: tuple[Settlement, ...]
    final: TableState


def session_variant(session: Session, presets: Mapping[str, Variant] | None = None) -> Variant:
    return variant(session.variant, dict(session.rules), presets=presets)


def start(session: Session) -> TableState:
    """The opening state; raises LooError if the session's seats do not make sense."""
    if session.first_dealer not in session.players:
        raise LooError("the session cannot start", [Problem(
            code="UNKNOWN_PLAYER", player=session.first_dealer,
            message=f"first_dealer {session.first_dealer} is not one of the players")])
    return opening_state(session.players, session.first_dealer, session.opening_pool)


def replay(session: Session, presets: Mapping[str, Variant] | None = None,
           progress: Callable[[int], None] | None = None) -> Replay:
    """Settle every hand in order; the first impossible hand raises HandRejected.
    ``progress(n)`` is told every 1,000 hands settled."""
    v = session_variant(session, presets)
    state = start(session)
    out = []
    for record in session.hands:
        result = settle(record, state, v)
        out.append(result)
        state = result.next_state
        if progress is not None and len(out) % 1000 == 0:
            progress(1000)
    return Replay(variant=v, settlements=tuple(out), final=state)


__all__ = ["Replay", "replay", "start", "session_variant", "HandRejected"]
