"""The one engine's plans (domain/settlement/compiled.py, deal.py): a plan remembered is the plan
worked out, the key it is remembered by is made from the table state itself, and the
problems are one generator, whose first problem says whether a record is sound.

The settlements themselves are held to the rules by the hand-worked tests (tests/rules/),
the shared conformance cases and the hypothesis properties.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from loo_ledger.domain.next.legal import can_deal, deal_shape
from loo_ledger.domain.next.plan import analyse
from loo_ledger.domain.rules.model import (
    Flush,
    HandRecord,
    Penalty,
    Settlement,
    TableState,
    opening_state,
)
from loo_ledger.domain.rules.variants import PRESETS, Variant, variant
from loo_ledger.domain.settlement.book import rule
from loo_ledger.domain.settlement.compiled import plan_key
from loo_ledger.domain.settlement.engine import first_problem, settle, validate
from loo_ledger.errors import HandRejected

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import generate  # noqa: E402

#: Rare events made common, so that a few dozen hands hold sit-outs, rulings and reneges.
BUSY = generate.Habits(flush=0.2, revoke=0.05, forfeit=0.05, ruling=0.05, seat_change=0.1)
NAMES = generate.NAMES


def fresh(name: str) -> Variant:
    """The preset made anew: a variant with nothing remembered yet."""
    return variant(name)


def hands(v: Variant, players: int, count: int, seed: int,
          with_deltas: bool) -> list[tuple[HandRecord, TableState]]:
    """A legal session from the benchmark generator: each record and the state it meets."""
    rng = random.Random(seed)
    seats = NAMES[:players]
    table = generate.Table(v, seats, rng, BUSY, with_deltas)
    state = opening_state(seats, seats[rng.randrange(players)], rng.choice((0, 0, 27)))
    out = []
    for _ in range(count):
        record, nxt = table.hand(state)
        out.append((record, state))
        state = nxt
    return out


def dealable(name: str, players: int) -> bool:
    v = PRESETS[name]
    state = opening_state(NAMES[:players], NAMES[0])
    return can_deal(v, deal_shape(state, v), players)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(PRESETS)), players=st.integers(3, 8),
       seed=st.integers(0, 10**6), with_deltas=st.booleans())
def test_a_remembered_plan_is_the_plan_worked_out(
        name: str, players: int, seed: int, with_deltas: bool) -> None:
    """Hand by hand through a legal session, the plan the variant remembers (asked twice:
    worked out, then remembered) is the one deal.analyse works out of the record, and the
    hand settled by a variant that remembers plans of earlier hands is the hand settled by
    one that remembers nothing, field by field."""
    if not dealable(name, players):
        return
    v = variant(name)
    remembered = 0
    for record, state in hands(v, players, 40, seed, with_deltas):
        worked = analyse(record, state, v)
        assert not worked.problems
        first = v.compiled.plan(record, state)
        again = v.compiled.plan(record, state)
        assert first is not None and again is first
        assert first == worked.plan(state.seats, v)
        remembered += len(v.compiled.plans)
        a, b = settle(record, state, v), settle(record, state, fresh(name))
        for field in Settlement.__struct_fields__:
            assert getattr(a, field) == getattr(b, field), field
    assert remembered


def test_the_plan_key_is_every_field_of_the_state_but_the_pool_and_the_hand() -> None:
    """The key is made from the state itself: a change to any field of TableState but the
    pool and the hand's number (which no plan reads; of the number, only whether it is
    the first hand, which ``hand_problems`` reads) is another key, with no list of fields
    kept by hand in the engine."""
    state = replace(opening_state(("A", "B", "C", "D"), "D"), hand_no=2)
    changed = {"seats": ("A", "B", "C", "E"), "dealer": "A", "pool": 12, "double": True,
               "lou_first": False, "lou_antes_due": False, "sit_out": frozenset({"B"}),
               "hand_no": 7, "last_had_loo": True}
    assert set(changed) == set(TableState.__struct_fields__)
    record = HandRecord(declarations={"A": "stand", "B": "pass", "C": "pass", "D": "stand"})

    def key(at: TableState) -> Any:
        return plan_key(record, at)

    for field, value in changed.items():
        other = key(replace(state, **{field: value}))
        assert (other == key(state)) == (field in ("pool", "hand_no")), field
    assert key(replace(state, hand_no=1)) != key(state)


def test_a_remembered_plan_never_hides_the_dealers_problems() -> None:
    """The engine skips ``hand_problems`` for a remembered plan, so the plan's key holds
    what they read. Seats A B C D, D dealt last (``opening_state(..., "D")``): hand 1 is
    D's deal. Hand 2 at the same table with D sitting out is sound (the deal is A's), and
    its plan is remembered; hand 1 with D sitting out is FIRST_DEALER_SITS_OUT. A record
    naming B as dealer where the deal is D's is DEALER_OUT_OF_ROTATION, after the same
    record without a dealer was settled and its plan remembered."""
    v = fresh("three-card")
    first = opening_state(("A", "B", "C", "D"), "D")
    said = {"A": "stand", "B": "stand", "C": "stand"}  # a simple pool: everyone plays
    out = HandRecord(sitting_out=("D",), declarations=said, tricks={"A": 2, "B": 1})
    settle(out, replace(first, hand_no=2), v)
    assert [p.code for p in validate(out, first, v)] == ["FIRST_DEALER_SITS_OUT"]
    plain = HandRecord(declarations={**said, "D": "stand"}, tricks={"A": 2, "B": 1})
    settle(plain, first, v)
    wrong = replace(plain, dealer="B")
    assert [p.code for p in validate(wrong, first, v)] == ["DEALER_OUT_OF_ROTATION"]
    assert first_problem(wrong, first, v) is not None


def spoil(record: HandRecord, state: TableState, rng: random.Random) -> HandRecord:
    """The record with one thing changed at random (often making it impossible)."""
    seats = state.seats
    who = rng.choice((*seats, "Zed"))
    how = rng.randrange(12)
    if how == 0 and record.tricks:
        p = rng.choice(sorted(record.tricks))
        return replace(record, tricks={**record.tricks, p: record.tricks[p] + rng.choice((-1, 1))})
    if how == 1:
        said = dict(record.declarations or {})
        said[who] = rng.choice(("stand", "pass", "miss", "defend", "fold", "junk"))
        return replace(record, declarations=said)
    if how == 2 and record.declarations:
        said = dict(record.declarations)
        del said[rng.choice(sorted(said))]
        return replace(record, declarations=said)
    if how == 3:
        return replace(record, dealer=who)
    if how == 4:
        return replace(record, deltas={**(record.deltas or {}), who: rng.randint(-30, 30)})
    if how == 5:
        return replace(record, sitting_out=(*record.sitting_out, who))
    if how == 6:
        return replace(record, exchanges={**record.exchanges, who: rng.randint(-1, 6)})
    if how == 7:
        return replace(record, trump=rng.choice(("clubs", "hearts", "stars", None)))
    if how == 8:
        kind = rng.choice(("revoke", "misdeal", "looked-early", "declared-early", "cheat"))
        return replace(record, penalties=(*record.penalties, Penalty(player=who, kind=kind)))
    if how == 9:
        flush = Flush(player=who, kind=rng.choice(("flush", "pam", "trump", "plain", "blaze",
                                                   "pam-blaze", "royal")),
                      suit=rng.choice((None, "clubs", "hearts", "stars")))
        return replace(record, flushes=(*record.flushes, flush), tricks=rng.choice((None, {})))
    if how == 10:
        return replace(record, pam_holder=who)
    tricks: dict[str, Any] = dict(record.tricks or {})
    tricks[who] = rng.choice((0, 1, 3, "2", 2.0))
    return replace(record, tricks=tricks)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(PRESETS)), players=st.integers(3, 7),
       seed=st.integers(0, 10**6))
def test_the_first_problem_and_the_list_are_one_generator(name: str, players: int,
                                                         seed: int) -> None:
    """On records spoilt at random: the first problem is the list's first (or None when
    the list is empty), settle refuses exactly the records with problems and lists them
    all, and a sound one settles as a variant that remembers nothing settles it."""
    if not dealable(name, players):
        return
    v = variant(name)
    rng = random.Random(seed)
    for record, state in hands(v, players, 25, seed, True):
        bad = spoil(record, state, rng)
        problems = validate(bad, state, v)
        assert first_problem(bad, state, v) == (problems[0] if problems else None)
        assert all(p.hand == state.hand_no for p in problems)
        try:
            s = settle(bad, state, v)
        except HandRejected as e:
            assert list(e.problems) == problems
            continue
        assert not problems
        assert s == settle(bad, state, fresh(name))


def test_a_simple_pool_worked_by_hand() -> None:
    """Three-card, first hand, D deals a simple pool (everyone plays): D antes 9, P = 9, a
    trick is worth 9 // 3 = 3; A, B and C take one each, D none and is looed for 9."""
    v = PRESETS["three-card"]
    state = opening_state(("A", "B", "C", "D"), "D")
    s = settle(HandRecord(tricks={"A": 1, "B": 1, "C": 1, "D": 0}), state, v)
    assert [(m.payer, m.payee, m.amount, m.kind, m.reason, m.cause) for m in s.movements] == [
        ("D", None, 9, "ante", "ante", None),
        (None, "A", 3, "share", "1 trick at 3", None),
        (None, "B", 3, "share", "1 trick at 3", None),
        (None, "C", 3, "share", "1 trick at 3", None),
        ("D", None, 9, "loo", "looed: took no trick: pays the pool 9", "no-trick")]
    assert dict(s.deltas) == {"A": 3, "B": 3, "C": 3, "D": -18}
    assert (s.pot, s.pool_after, s.looed, s.next_state.dealer) == (9, 9, ("D",), "A")
    assert s.next_state.double and s.next_state.last_had_loo and s.next_state.hand_no == 2


def test_an_empty_pool_moves_nothing() -> None:
    """Poker-book antes only after a deal without a loo: after one, with the pool empty,
    P = 0. Ben takes all three tricks and the whole of nothing: no movement, Ben is still
    the one who took the whole pool, Ann is looed for L = P = 0, and the pool stays empty."""
    v = PRESETS["poker-book"]
    state = TableState(seats=("Ann", "Ben"), dealer="Ann", last_had_loo=True)
    record = HandRecord(declarations={"Ben": "stand", "Ann": "stand"}, tricks={"Ben": 3})
    s = settle(record, state, v)
    assert (s.movements, s.pot, s.whole, s.looed, dict(s.deltas)) == ((), 0, "Ben", ("Ann",),
                                                                      {"Ben": 0, "Ann": 0})


def test_a_rule_reference_is_made_once_per_variant_and_names_its_source() -> None:
    """The references behind the movements are made once per variant (the same object for
    every hand); a variant whose rule came from elsewhere names that source."""
    house = variant("three-card", {"loo": "mixed"})
    assert rule(house, "loo", "loo_limit") is rule(house, "loo", "loo_limit")
    club = variant("three-card", {"loo": "mixed"}, source="the club's book")
    state = opening_state(("A", "B", "C", "D"), "D")
    record = HandRecord(tricks={"A": 1, "B": 1, "C": 1, "D": 0})
    looed = settle(record, state, club)
    assert looed.movements[-1].rule.source == "the club's book"
    assert settle(record, state, house).movements[-1].rule.source == "house rule"


def test_the_memory_keeps_what_is_met_often_and_stays_bounded(monkeypatch: Any) -> None:
    """Two generations of 3 (GENERATION made 3 here): keep a, b, c (the young generation
    is full); keeping d makes a, b, c the old generation and starts a young one with d.
    Recalling a brings it back into the young one (d, a). Keeping e then f fills it (d, a,
    e) and starts another: the old generation is now d, a, e, and b and c, not met since
    they were kept, are forgotten, while a, met again, is still there. At no point are
    more than 2 x 3 readings kept."""
    from loo_ledger.domain.settlement import compiled
    monkeypatch.setattr(compiled, "GENERATION", 3)
    memory: compiled.Memory[str, int] = compiled.Memory()
    for n, key in enumerate("abc"):
        memory.keep(key, n)
    memory.keep("d", 3)
    assert dict(memory) == {"d": 3} and memory.old == {"a": 0, "b": 1, "c": 2}
    assert memory.get("a") is None and memory.recall("a") == 0
    assert dict(memory) == {"d": 3, "a": 0}
    memory.keep("e", 4)
    memory.keep("f", 5)
    assert dict(memory) == {"f": 5} and memory.old == {"d": 3, "a": 0, "e": 4}
    assert memory.recall("b") is None and memory.recall("c") is None
    assert memory.recall("a") == 0
    assert len(memory) + len(memory.old) <= 2 * 3


def test_a_settlement_names_its_figures_in_their_fields() -> None:
    """The engine builds a settlement by position (model.py says why), so each figure must
    land in its own field. Three-card (ante 9 by the dealer, 3 tricks, loo 9), seats A B C,
    C deals hand 4 into a pool of 18: P = 18 + 9 = 27, a trick is worth 27 // 3 = 9. A
    and B stand, C passes; A takes 2 tricks (+18), B one (+9), nobody is looed. So pool_in
    18, pot 27, pool_after 0, C's delta -9; hand 4, dealer C, dealt A B C; the next state
    has A dealing hand 5 into an empty single pool; no loo, no whole, no notes."""
    v = fresh("three-card")
    state = TableState(seats=("A", "B", "C"), dealer="C", pool=18, double=True, hand_no=4)
    record = HandRecord(declarations={"A": "stand", "B": "stand", "C": "pass"},
                        tricks={"A": 2, "B": 1})
    s = settle(record, state, v)
    assert (s.hand_no, s.dealer, s.dealt) == (4, "C", ("A", "B", "C"))
    assert dict(s.deltas) == {"A": 18, "B": 9, "C": -9}
    assert (s.pool_in, s.pot, s.pool_after, s.double) == (18, 27, 0, True)
    assert s.outcome == "played" and s.kind == "declared"
    assert (s.looed, dict(s.loos), s.whole, s.notes) == ((), {}, None, ())
    assert dict(s.words) == {"A": "stand", "B": "stand", "C": "pass"}
    assert (s.table_ruling, dict(s.rules_deltas), s.cards) == (None, {}, None)
    assert dict(s.tricks) == {"A": 2, "B": 1}
    assert [(m.payer, m.payee, m.amount) for m in s.movements] == [
        ("C", None, 9), (None, "A", 18), (None, "B", 9)]
    assert (s.next_state.dealer, s.next_state.pool, s.next_state.hand_no,
            s.next_state.double) == ("A", 0, 5, False)


def test_a_share_and_a_loo_met_again_are_the_players_ready_made_movements() -> None:
    """Three-card, seats A B C D, D deals a simple pool: D antes 9, P = 9, a trick is worth
    9 // 3 = 3; A, B and C take one each (3 each), D none and is looed for L = 9. The same
    hand met again (a fresh table in the same state) is settled from each player's
    ready-made movements (compiled.py ``Seat``): the very movements made the first time,
    worded the same, and the nets the same (+3, +3, +3, -18: D's ante and loo)."""
    v = fresh("three-card")
    state = opening_state(("A", "B", "C", "D"), "D")
    record = HandRecord(tricks={"A": 1, "B": 1, "C": 1, "D": 0})
    first, again = settle(record, state, v), settle(record, state, v)
    assert all(a is b for a, b in zip(first.movements, again.movements, strict=True))
    assert [(m.payer, m.payee, m.amount, m.reason) for m in again.movements[1:]] == [
        (None, "A", 3, "1 trick at 3"), (None, "B", 3, "1 trick at 3"),
        (None, "C", 3, "1 trick at 3"), ("D", None, 9, "looed: took no trick: pays the pool 9")]
    assert dict(again.deltas) == {"A": 3, "B": 3, "C": 3, "D": -18}
    assert (again.looed, dict(again.loos)) == (("D",), {"D": 9})
