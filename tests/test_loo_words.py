"""`loo pool` words the last hand's loos from the hand's stored facts (domain/loo_words.py,
services/pool.py) instead of settling the session again: the words must be the engine's,
loo by loo. Held to the engine on random legal hands of every preset (flushes, revokes
under every revoke penalty, Lou's burns made common), and end to end to what
Ledger.postings (which settles again) gives for every hand of imported sessions."""

from __future__ import annotations

import contextlib
import random
import sys
from pathlib import Path

import pytest

from loo_ledger.domain.codes import MovementKind
from loo_ledger.domain.loo_words import loo_cause, loo_reason
from loo_ledger.domain.model import HandRecord, Settlement, opening_state
from loo_ledger.domain.settle import settle
from loo_ledger.domain.variants import PRESETS, Variant, variant
from loo_ledger.errors import VariantError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import generate  # noqa: E402

BUSY = generate.Habits(flush=0.3, revoke=0.15, forfeit=0.05, ruling=0.05, seat_change=0.05)


def variants() -> list[tuple[str, Variant]]:
    """Every preset, and every Loo preset under each revoke penalty."""
    out = [(name, v) for name, v in sorted(PRESETS.items())]
    for name, v in sorted(PRESETS.items()):
        for penalty in ("looed", "pays-pool", "blenheim"):
            if v.game == "loo" and v.revoke_penalty != penalty:
                with contextlib.suppress(VariantError):
                    out.append((f"{name}+{penalty}", variant(name, {"revoke_penalty": penalty})))
    return out


def worded(record: HandRecord, s: Settlement, v: Variant) -> list[str]:
    """The loos of settlement ``s`` worded from the facts the store keeps of the hand."""
    tricks = dict(record.tricks or {})
    penalties = [(p.player, p.kind) for p in record.penalties]
    whole = any(m.kind == MovementKind.WHOLE_POOL for m in s.movements)
    return [loo_reason(v, loo_cause(v, outcome=str(s.outcome), player=str(m.payer),
                                    tricks=tricks, penalties=penalties, whole_taken=whole),
                       m.amount)
            for m in s.movements if m.kind == MovementKind.LOO]


@pytest.mark.parametrize(("name", "v"), variants(), ids=[n for n, _ in variants()])
def test_the_words_of_every_loo_are_the_engines(name: str, v: Variant) -> None:
    causes: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        players = 3 + seed % 5
        seats = generate.NAMES[:players]
        table = generate.Table(v, seats, rng, BUSY, seed % 2 == 0)
        state = opening_state(seats, seats[0])
        for _ in range(60):
            record, _ = table.hand(state)
            s = settle(record, state, v)
            engine = [m.reason for m in s.movements if m.kind == MovementKind.LOO]
            assert worded(record, s, v) == engine, (name, seed, record)
            causes.update(r.rsplit(": pays", 1)[0] for r in engine)
            state = s.next_state
    assert causes  # every variant's tables loo someone


def test_the_causes_met_cover_every_way_to_be_looed() -> None:
    met: set[str] = set()
    for _, v in variants():
        for seed in range(20):
            rng = random.Random(seed)
            seats = generate.NAMES[:3 + seed % 5]
            table = generate.Table(v, seats, rng, BUSY, False)
            state = opening_state(seats, seats[0])
            for _ in range(60):
                record, _ = table.hand(state)
                s = settle(record, state, v)
                assert worded(record, s, v) == [m.reason for m in s.movements
                                                if m.kind == MovementKind.LOO]
                met.update(m.reason.rsplit(": pays", 1)[0].split(" (")[0] for m in s.movements
                           if m.kind == MovementKind.LOO)
                state = s.next_state
    assert met == {"looed: took no trick", "revoke: looed", "revoke: pays the pool",
                   "looed by the flush", "looed by the dealer's flush", "burned"}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_pool_gives_the_loos_postings_give_for_every_hand(tmp_path: Path, name: str) -> None:
    from loo_ledger.services.importing import import_files
    from loo_ledger.services.pool import hand_loos, pool_status
    from loo_ledger.store.ledger import Ledger
    data = generate.generate_session(name, 5, 80, seed=7, habits=BUSY)
    f = generate.write_session(data, tmp_path / f"{name}.json")
    ledger = Ledger.open(tmp_path / "l.db")
    import_files(ledger, [f])
    sid = ledger.current_session_id()
    assert sid is not None
    row = ledger.session(sid)
    count = len(ledger.hands(sid))
    looed = 0
    for n in range(1, count + 1):
        settled = [{"player": m["payer"], "amount": m["amount"], "reason": m["reason"]}
                   for m in ledger.postings(sid, n) if m["kind"] == MovementKind.LOO]
        assert hand_loos(ledger, row, sid, n) == settled, n
        looed += bool(settled)
    assert looed
    last = [{"player": m["payer"], "amount": m["amount"], "reason": m["reason"]}
            for m in ledger.postings(sid, count) if m["kind"] == MovementKind.LOO]
    assert pool_status(ledger, sid)["loos_from_last_hand"] == last
