"""The engine's fast path (domain/fast.py) against the slow reference (settle.settle_slow, the
full validate + settle): on random legal sessions of every preset, hand by hand, the fast
path's settlement is the reference's to the chip and movement by movement (kind, rule,
reason, payer, payee, amount, in order), and on records spoilt at random it answers only
where the reference finds no problem.
"""

from __future__ import annotations

import gc
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from loo_ledger.domain.compiled import compiled
from loo_ledger.domain.fast import fast_settle
from loo_ledger.domain.legal import can_deal, deal_shape
from loo_ledger.domain.model import (
    Flush,
    HandRecord,
    Penalty,
    Session,
    Settlement,
    TableState,
    opening_state,
)
from loo_ledger.domain.replay import replay
from loo_ledger.domain.settle import settle_slow, validate
from loo_ledger.domain.variants import PRESETS, Variant, variant
from loo_ledger.errors import HandRejected

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import generate  # noqa: E402

#: Rare events made common, so that a few dozen hands hold sit-outs, rulings and reneges.
BUSY = generate.Habits(flush=0.2, revoke=0.05, forfeit=0.05, ruling=0.05, seat_change=0.1)
NAMES = generate.NAMES


def same(fast: Settlement, slow: Settlement) -> None:
    """Every field equal, and every mapping in the same order too."""
    for name in Settlement.__struct_fields__:  # (structs.fields would resolve CardFacts)
        a, b = getattr(fast, name), getattr(slow, name)
        assert a == b, f"{name}: fast {a!r}, slow {b!r}"
        if isinstance(b, dict):
            assert list(a.items()) == list(b.items()), name
    assert [(m.kind, m.rule, m.reason, m.payer, m.payee, m.amount) for m in fast.movements] \
        == [(m.kind, m.rule, m.reason, m.payer, m.payee, m.amount) for m in slow.movements]
    assert fast.next_state == slow.next_state


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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(PRESETS)), players=st.integers(3, 8),
       seed=st.integers(0, 10**6), with_deltas=st.booleans())
def test_the_fast_path_settles_random_legal_sessions_as_the_reference(
        name: str, players: int, seed: int, with_deltas: bool) -> None:
    if not dealable(name, players):
        return
    v = PRESETS[name]
    answered = 0
    for record, state in hands(v, players, 40, seed, with_deltas):
        slow = settle_slow(record, state, v)
        fast = fast_settle(record, state, v)
        if fast is not None:
            answered += 1
            same(fast, slow)
    assert answered >= 20  # the common hand takes the fast path


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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(PRESETS)), players=st.integers(3, 7),
       seed=st.integers(0, 10**6))
def test_a_spoilt_record_is_left_to_the_reference(name: str, players: int, seed: int) -> None:
    if not dealable(name, players):
        return
    v = PRESETS[name]
    rng = random.Random(seed)
    for record, state in hands(v, players, 25, seed, True):
        bad = spoil(record, state, rng)
        fast = fast_settle(bad, state, v)
        if validate(bad, state, v):
            assert fast is None, f"the fast path settled a record with problems: {bad}"
        elif fast is not None:
            same(fast, settle_slow(bad, state, v))


def test_a_simple_pool_worked_by_hand() -> None:
    """Three-card, first hand, D deals a simple pool (everyone plays): D antes 9, P = 9, a
    trick is worth 9 // 3 = 3; A, B and C take one each, D none and is looed for 9."""
    v = PRESETS["three-card"]
    state = opening_state(("A", "B", "C", "D"), "D")
    s = fast_settle(HandRecord(tricks={"A": 1, "B": 1, "C": 1, "D": 0}), state, v)
    assert s is not None
    assert [(m.payer, m.payee, m.amount, m.kind, m.reason) for m in s.movements] == [
        ("D", None, 9, "ante", "ante"),
        (None, "A", 3, "share", "1 trick at 3"),
        (None, "B", 3, "share", "1 trick at 3"),
        (None, "C", 3, "share", "1 trick at 3"),
        ("D", None, 9, "loo", "looed: took no trick: pays the pool 9")]
    assert dict(s.deltas) == {"A": 3, "B": 3, "C": 3, "D": -18}
    assert (s.pot, s.pool_after, s.looed, s.next_state.dealer) == (9, 9, ("D",), "A")
    assert s.next_state.double and s.next_state.last_had_loo and s.next_state.hand_no == 2


def test_what_the_fast_path_leaves_to_the_full_engine() -> None:
    """A flush, a penalty, a ruling, cards, or any problem: the fast path says None and
    ``settle`` answers as the full engine does (the same refusal, word for word)."""
    v = PRESETS["three-card"]
    state = opening_state(("A", "B", "C", "D"), "D")
    wrong = HandRecord(tricks={"A": 1, "B": 1, "C": 2, "D": 0})
    assert fast_settle(wrong, state, v) is None
    problems = validate(wrong, state, v)
    assert [p.code for p in problems] == ["TRICKS_SUM"]
    ruled = HandRecord(tricks={"A": 1, "B": 1, "C": 1, "D": 0}, table_ruling="agreed",
                       deltas={"A": 3, "B": 3, "C": 3, "D": -18})
    assert fast_settle(ruled, state, v) is None
    assert settle_slow(ruled, state, v).table_ruling == "agreed"


def test_an_empty_pool_moves_nothing() -> None:
    """Poker-book antes only after a deal without a loo: after one, with the pool empty,
    P = 0. Ben takes all three tricks and the whole of nothing: no movement, Ben is still
    the one who took the whole pool, Ann is looed for L = P = 0, and the pool stays empty."""
    v = PRESETS["poker-book"]
    state = TableState(seats=("Ann", "Ben"), dealer="Ann", last_had_loo=True)
    record = HandRecord(declarations={"Ben": "stand", "Ann": "stand"}, tricks={"Ben": 3})
    s = fast_settle(record, state, v)
    assert s is not None
    assert (s.movements, s.pot, s.whole, s.looed, dict(s.deltas)) == ((), 0, "Ben", ("Ann",),
                                                                      {"Ben": 0, "Ann": 0})
    same(s, settle_slow(record, state, v))


def test_replay_leaves_the_garbage_collector_as_it_found_it() -> None:
    """replay turns the cyclic collector off while it settles and back on after, also when
    a hand is refused; a collector that was off stays off."""
    good = HandRecord(tricks={"A": 1, "B": 1, "C": 1, "D": 0})
    bad = HandRecord(tricks={"A": 1, "B": 1, "C": 2, "D": 0})
    seats = ("A", "B", "C", "D")
    assert gc.isenabled()
    assert replay(Session(variant="three-card", players=seats, first_dealer="D",
                          hands=(good,))).final.pool == 9
    assert gc.isenabled()
    with pytest.raises(HandRejected):
        replay(Session(variant="three-card", players=seats, first_dealer="D", hands=(bad,)))
    assert gc.isenabled()
    gc.disable()
    try:
        replay(Session(variant="three-card", players=seats, first_dealer="D", hands=(good,)))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_variants_made_anew_share_one_compiled_form_but_keep_their_sources() -> None:
    """``variant_at`` makes a new Variant per hand where rules change: equal ones share the
    remembered answers; one whose rule came from elsewhere names that source."""
    state = opening_state(("A", "B", "C", "D"), "D")
    record = HandRecord(tricks={"A": 1, "B": 1, "C": 1, "D": 0})
    house = variant("three-card", {"loo": "mixed"})
    assert compiled(house) is compiled(variant("three-card", {"loo": "mixed"}))
    club = variant("three-card", {"loo": "mixed"}, source="the club's book")
    for v in (house, club):
        s = fast_settle(record, state, v)
        assert s is not None
        same(s, settle_slow(record, state, v))
    looed = fast_settle(record, state, club)
    assert looed is not None and looed.movements[-1].rule.source == "the club's book"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_words_in_the_same_places_mean_the_same_whoever_says_them(name: str) -> None:
    """Compiled.declarations works the meaning out once per places and words, with
    stand-ins for the players, and names them after: every answer is what deal.py says
    of the same words said by the real players (the same players in play, defender and
    taker, and the same words in the same order), on tables of three to seven."""
    from loo_ledger.domain.deal import Deal, _declarations
    v = PRESETS[name]
    c = compiled(v)
    rng = random.Random(name)
    for _ in range(300):
        seats = tuple(rng.sample(NAMES, rng.randint(3, 7)))
        state = replace(opening_state(seats, rng.choice(seats), 0), double=rng.random() < 0.5)
        shape = c.shape(state, rng.choice((None, "clubs", "hearts")))
        seating = c.seating(state, ())
        assert seating is not None
        words = ("stand", "fold") if name == "lou" else ("stand", "pass", "miss", "defend")
        said = {p: rng.choice(words) for p in seating.dealt if rng.random() < 0.95}
        got = c.declarations(shape, seating, said)
        deal = Deal(hand_no=0, dealer=seating.dealer, dealt=seating.dealt, shape=shape)
        _declarations(HandRecord(declarations=said), v, deal, shape)
        if deal.problems or not can_deal(v, shape, len(seating.dealt)):
            assert got is None
            continue
        assert got is not None
        assert list(got.words.items()) == list(deal.words.items())
        assert (got.in_play, got.defender, got.taker, got.resolution, got.kind) == (
            deal.in_play, deal.defender, deal.taker, deal.resolution, deal.kind)
        assert got.in_play_set == frozenset(deal.in_play)
