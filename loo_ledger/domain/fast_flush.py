"""The fast path (domain/fast.py) for a hand settled by a flush: the words, seats and antes
come from the remembered plan; the flushes are checked and the hand settled by the slow
engine's own functions (``checks.flush_problems``, ``checks.pam_problems``,
``settle._settle_deal`` with ``play.settle_flush``), skipping only the reading of the deal
that the plan already holds."""

from __future__ import annotations

from msgspec.structs import replace

from loo_ledger.domain.codes import Resolution
from loo_ledger.domain.compiled import Compiled, Plan
from loo_ledger.domain.deal import Deal
from loo_ledger.domain.model import HandRecord, Settlement, TableState


def flushed(record: HandRecord, state: TableState, c: Compiled, plan: Plan) -> Settlement | None:
    """The settlement of a sound flush hand (no cards, no ruling), or None where the full
    engine must answer. The caller has checked the seats, the words and the names in the
    tricks and deltas."""
    from loo_ledger.domain.checks import flush_problems, pam_problems
    from loo_ledger.domain.fast import exchanges_sound, penalties_sound
    from loo_ledger.domain.ruling import deltas_problems
    from loo_ledger.domain.settle import _check_conserved, _settle_deal

    seating, d, shape = plan.seating, plan.d, plan.shape
    dealt = seating.dealt_set
    if record.tricks or not all(f.player in dealt for f in record.flushes):
        return None  # tricks with a flush: TRICKS_WITH_NO_PLAY; a name not dealt in
    deal = Deal(hand_no=state.hand_no, dealer=seating.dealer, dealt=seating.dealt, shape=shape,
                kind=d.kind, words=dict(d.words), in_play=d.in_play, defender=d.defender,
                resolution=d.resolution, taker=d.taker, miss_dealt=shape.miss_dealt,
                trump_known=shape.trump_known,
                antes=[(str(m.payer), m.amount) for m in plan.antes])
    v = c.v
    if flush_problems(record, v, deal, shape) or pam_problems(record, deal):
        return None
    flush = Resolution.FLUSH
    if record.penalties and penalties_sound(record.penalties, c, plan, flush) is None:
        return None
    if record.exchanges and not exchanges_sound(record.exchanges, c, plan, flush):
        return None
    result = _settle_deal(record, state, v, deal, flush)
    if deltas_problems(record, result):
        return None
    _check_conserved(result)
    return replace(result, tricks={}, cards=None)
