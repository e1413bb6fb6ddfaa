"""validate() is empty exactly when settle() succeeds: a property over random records, most
of them impossible (junk words, wrong trick counts, flushes, penalties, deltas, rulings,
sit-outs), across several variants and table states. Whatever the record, validate never
raises; settle either returns a settlement that conserves chips or raises HandRejected
carrying the very problems validate reported.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace
from rules_kit import Flush, HandRecord, HandRejected, Penalty, TableState, V, settle, validate

from loo_ledger.domain.next import legal
from loo_ledger.domain.rules.model import net_changes

VARIANTS = [V("three-card"), V("britannica"), V("poker-book"), V("irish"), V("five-card"),
            V("britannica-five-card"), V("lou"), V("bicycle"),
            V("three-card", flushes=True, simple_pool="miss-eldest", club_law=True),
            V("three-card", force_after_single=True, ante_model="replenish"),
            V("irish", lone_player="dealer-plays"),
            V("five-card", blazes=True, flush_payout="board", pam="running")]
SEATS = ("A", "B", "C", "D", "E")
NAMES = SEATS + ("Z",)
WORDS = ("stand", "pass", "miss", "defend", "fold", "hold", "")
FLUSH_KINDS = ("flush", "pam", "trump", "plain", "pam-blaze", "blaze", "royal")
SUITS = ("clubs", "diamonds", "hearts", "spades", "stars")
PENALTIES = ("revoke", "revoke", "misdeal", "looked-early", "declared-early", "cheat")


@st.composite
def states(draw) -> TableState:
    n = draw(st.integers(min_value=2, max_value=5))
    seats = SEATS[:n]
    return TableState(seats=seats, dealer=draw(st.sampled_from(seats)),
                      pool=draw(st.sampled_from([0, 0, 3, 9, 14, 27, 100, 2500])),
                      double=draw(st.booleans()), lou_first=draw(st.booleans()),
                      lou_antes_due=draw(st.booleans()),
                      sit_out=frozenset(draw(st.sets(st.sampled_from(seats), max_size=1))),
                      hand_no=draw(st.integers(min_value=1, max_value=3)),
                      last_had_loo=draw(st.booleans()))


@st.composite
def records(draw, v, state: TableState) -> HandRecord:
    """A record built to be right (words the deal allows, in order, tricks summing to the hand
    size among the players in play), then broken by up to three random changes."""
    trump = draw(st.sampled_from(SUITS[:4]))
    dealt = legal.dealt_in(state, state.seats)
    shape = legal.deal_shape(state, v, trump)
    said: dict[str, str] = {}
    for p in dealt:
        said[p] = draw(st.sampled_from(legal.words_allowed(v, shape, dealt, said, p)))
    in_play = [p for p in dealt if legal.canonical(said[p]) != "pass"]
    tricks: dict[str, int] = {}
    for _ in range(v.hand_size if in_play else 0):
        p = draw(st.sampled_from(in_play))
        tricks[p] = tricks.get(p, 0) + 1
    record = HandRecord(trump=trump, declarations=said, tricks=tricks)
    for _ in range(draw(st.integers(0, 3))):
        record = draw(st.sampled_from(BREAKS))(draw, record)
    return record


def _word(draw, r):
    return replace(r, declarations={**(r.declarations or {}),
                                    draw(st.sampled_from(NAMES)): draw(st.sampled_from(WORDS))})


def _drop_word(draw, r):
    said = dict(r.declarations or {})
    if said:
        said.pop(draw(st.sampled_from(sorted(said))))
    return replace(r, declarations=draw(st.sampled_from([said, None])))


def _tricks(draw, r):
    return replace(r, tricks=draw(st.none() | st.dictionaries(st.sampled_from(NAMES),
                                                              st.integers(-1, 6), max_size=4)))


def _flush(draw, r):
    f = Flush(player=draw(st.sampled_from(NAMES)), kind=draw(st.sampled_from(FLUSH_KINDS)),
              suit=draw(st.none() | st.sampled_from(SUITS)))
    return replace(r, flushes=r.flushes + (f,), tricks=draw(st.sampled_from([r.tricks, None])))


def _penalty(draw, r):
    pen = Penalty(player=draw(st.sampled_from(NAMES)), kind=draw(st.sampled_from(PENALTIES)))
    return replace(r, penalties=r.penalties + (pen,))


def _deltas(draw, r):
    return replace(r, deltas=draw(st.dictionaries(st.sampled_from(NAMES), st.integers(-40, 40),
                                                  max_size=3)))


def _ruling(draw, r):
    return replace(_deltas(draw, r), table_ruling=draw(st.sampled_from(["agreed", None])))


def _sit_out(draw, r):
    return replace(r, sitting_out=r.sitting_out + (draw(st.sampled_from(NAMES)),))


def _other(draw, r):
    return replace(r, dealer=draw(st.none() | st.sampled_from(NAMES)),
                   pam_holder=draw(st.none() | st.sampled_from(NAMES)),
                   trump=draw(st.none() | st.sampled_from(SUITS)),
                   exchanges=draw(st.dictionaries(st.sampled_from(NAMES), st.integers(-1, 6),
                                                  max_size=2)))


BREAKS = [_word, _drop_word, _tricks, _flush, _flush, _penalty, _penalty, _deltas, _ruling,
          _ruling, _sit_out, _other]


@st.composite
def cases(draw):
    v = draw(st.sampled_from(VARIANTS))
    state = draw(states())
    return v, state, draw(records(v, state))


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_validate_is_empty_exactly_when_settle_succeeds(case):
    v, state, record = case
    found = validate(record, state, v)
    try:
        s = settle(record, state, v)
    except HandRejected as e:
        event("refused")
        assert found, "settle refused a record that validate passed"
        assert [(p.code, p.player) for p in e.problems] == [(p.code, p.player) for p in found]
        return
    event(f"settled: {s.outcome}")
    assert found == [], "settle succeeded on a record validate refused"
    players, pool = net_changes(s.movements)
    assert sum(s.deltas.values()) + s.pool_after - s.pool_in == 0
    assert all(players.get(p, 0) == d for p, d in s.deltas.items())
    assert s.pool_after >= 0 and s.next_state.pool == s.pool_after


def test_a_ruling_that_overdraws_the_pool_is_a_validate_problem():
    # Simple pool (everyone plays), dealer D antes 9: P = 9, 3 a trick. A, B, C one trick
    # each (+3), D none: -9 ante, looed 9 -> -18; 9 carried on. The table names only A.
    # A +12 is 9 more than the rules' +3: the pool pays it and is left empty. A +13 is 10
    # more, one more than the pool holds: refused by validate, and by settle.
    v, state = V("three-card"), TableState(seats=("A", "B", "C", "D"), dealer="D")
    tricks = {"A": 1, "B": 1, "C": 1}
    ok = HandRecord(tricks=tricks, deltas={"A": 12}, table_ruling="A keeps the lot")
    assert validate(ok, state, v) == []
    s = settle(ok, state, v)
    assert dict(s.deltas) == {"A": 12, "B": 3, "C": 3, "D": -18} and s.pool_after == 0
    over = HandRecord(tricks=tricks, deltas={"A": 13}, table_ruling="A keeps the lot")
    assert [(p.code, p.player) for p in validate(over, state, v)] == [
        ("TABLE_RULING_INVALID", "A")]
    with pytest.raises(HandRejected):
        settle(over, state, v)
