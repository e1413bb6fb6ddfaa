"""Chips are conserved: a property over every preset and some house rules.

Hands are built constructively from the table state so that every one of them is legal by
RULES.md: the kind of deal follows from the state (simple/double, club law, forces, Lou's
first deal), the declarations are ones the rules allow, tricks sum to the hand size among the
players in play, and flushes, exchanges and penalties appear only where they are allowed.
For each: validate() finds nothing, the deltas plus the change in the pool sum to zero, the
pool never goes negative, and the movements net out to the deltas.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace
from rules_kit import Flush, HandRecord, Penalty, V, opening_state, settle, validate

from loo_ledger.domain.rules.model import net_changes

SUITS = ("clubs", "diamonds", "hearts", "spades")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")

VARIANTS = [
    ("three-card", {}), ("bicycle", {}), ("poker-book", {}), ("lanterloo", {}),
    ("britannica", {}), ("irish", {}), ("undivided", {}), ("five-card", {}),
    ("britannica-five-card", {}), ("lou", {}),
    ("three-card", {"loo": "unlimited", "flushes": True}),
    ("three-card", {"loo": "mixed", "loo_limit": 20, "club_law": True, "flushes": True}),
    ("three-card", {"simple_pool": "miss-eldest", "flushes": True, "double_when": "looed"}),
    ("three-card", {"simple_pool": "as-double", "force_after_single": True,
                    "revoke_penalty": "blenheim"}),
    ("three-card", {"flushes": True, "flush_payout": "board", "board_payers": "players",
                    "revoke_penalty": "pays-pool"}),
    ("three-card", {"dealer_vs_one": "defend", "ante_model": "replenish"}),
    ("undivided", {"flushes": True, "simple_pool": "miss-eldest"}),
    ("britannica", {"force_after_single": True, "club_law": True, "revoke_penalty": "pays-pool"}),
    ("britannica", {"loo": "limited", "single_stake": 6}),
    ("poker-book", {"loo": "mixed", "loo_limit": 20, "forfeits": True}),
    ("irish", {"lone_player": "dealer-plays", "flushes": True}),
    ("five-card", {"blazes": True, "flush_tiebreak": "highest-card", "loo": "unlimited"}),
    ("five-card", {"pam_flush_class": False, "indicator_to_dealer": False, "club_law": True,
                   "revoke_penalty": "pays-pool"}),
    ("five-card", {"flush_payout": "board", "pam": "running", "loo": "mixed"}),
    ("britannica-five-card", {"board_payers": "players", "blazes": True}),
    ("britannica-five-card", {"flush_payout": "pool", "force_after_single": True}),
    ("lou", {"lou_odd_cent": "first-left", "lou_two_stander_rule": False, "burn_cap": 1000}),
    ("lou", {"lou_exchange_limits": False, "exchange": 0, "lou_ante_dealer": 101}),
]
BUILT = [V(name, **rules) for name, rules in VARIANTS]
SEATS = ("Ann", "Ben", "Cat", "Dov", "Eve", "Fay", "Gus")


@dataclass
class Built:
    record: HandRecord
    dealt: tuple
    in_play: tuple = ()
    played: bool = False
    lou_renege: bool = False
    notes: list = field(default_factory=list)


def order_from_left(state):
    seats = state.seats
    i = seats.index(state.dealer)
    return seats[i + 1:] + seats[:i + 1]


def tricks_among(draw, players, n):
    """A random split of n tricks among players (some may get none)."""
    counts = {p: 0 for p in players}
    for _ in range(n):
        counts[draw(st.sampled_from(players))] += 1
    if draw(st.booleans()):
        return counts                                  # zeros written out
    return {p: c for p, c in counts.items() if c}      # a player not named won none


def pass_word(draw, lou=False):
    return draw(st.sampled_from(("fold", "fold", "pass") if lou else ("pass", "pass", "fold")))


def draw_exchanges(draw, v, in_play, dealer, limit):
    if limit <= 0 or not draw(st.booleans()):
        return {}
    out = {}
    for p in in_play:
        if draw(st.integers(0, 2)) == 0:
            continue
        if p == dealer:
            out[p] = draw(st.integers(1, limit))       # legal with or without the indicator rule
        else:
            out[p] = draw(st.integers(0, limit))
    return out


def draw_flushes(draw, v, in_play, trump):
    k = draw(st.sampled_from((0, 0, 1, 1, 2)))
    k = min(k, len(in_play))
    if k == 0:
        return (), None
    holders = draw(st.permutations(in_play))[:k]
    flushes = []
    if v.hand_size == 3:
        return tuple(Flush(player=p, kind="flush") for p in holders), None
    kinds = ["trump", "plain"]
    if v.pam != "none":
        kinds.append("pam")
    if v.blazes:
        kinds.append("blaze")
        if v.pam != "none":
            kinds.append("pam-blaze")
    pam_taken = None
    plain_suits = [s for s in SUITS if s != trump]
    trump_taken = False
    for p in holders:
        choices = [x for x in kinds
                   if not (x in ("pam", "pam-blaze") and pam_taken)
                   and not (x == "trump" and trump_taken)
                   and not (x == "plain" and not plain_suits)]
        kind = draw(st.sampled_from(choices))
        if kind == "trump":
            trump_taken = True
            flushes.append(Flush(player=p, kind="trump", suit=trump))
        elif kind == "plain":
            suit = draw(st.sampled_from(plain_suits))
            plain_suits.remove(suit)
            cards = ()
            if v.flush_tiebreak == "highest-card":
                idx = sorted(draw(st.lists(st.integers(0, 12), min_size=5, max_size=5,
                                           unique=True)))
                cards = tuple(RANKS[i] for i in idx)
            flushes.append(Flush(player=p, kind="plain", suit=suit, cards=cards))
        elif kind == "pam":
            pam_taken = p
            suit = draw(st.sampled_from([s for s in SUITS if s != "clubs"]))
            flushes.append(Flush(player=p, kind="pam", suit=suit))
        elif kind == "pam-blaze":
            pam_taken = p
            flushes.append(Flush(player=p, kind="pam-blaze"))
        else:
            flushes.append(Flush(player=p, kind="blaze"))
    return tuple(flushes), pam_taken


def build_lou(draw, v, state, dealt, dealer):
    first = state.lou_first
    decl = None
    if first:
        in_play = dealt
        if draw(st.integers(0, 3)) == 0:
            decl = {p: "stand" for p in dealt}
    else:
        decl = {p: draw(st.sampled_from(("stand", "stand", "fold", "pass"))) for p in dealt}
        in_play = tuple(p for p in dealt if decl[p] == "stand")
    if not first and len(in_play) < 2:
        return Built(record=HandRecord(dealer=dealer, sitting_out=tuple(sorted(state.sit_out)),
                                       declarations=decl), dealt=dealt, in_play=in_play)
    sitting = tuple(sorted(state.sit_out))
    renegers = [p for p in in_play if p != dealer]
    if renegers and len(dealt) >= 3 and draw(st.integers(0, 6)) == 0:
        who = draw(st.sampled_from(renegers))
        return Built(record=HandRecord(dealer=dealer, sitting_out=sitting, declarations=decl,
                                       penalties=(Penalty(player=who, kind="revoke"),)),
                     dealt=dealt, in_play=in_play, lou_renege=True)
    limit = v.exchange
    if first and v.lou_exchange_limits:
        if len(dealt) == 7:
            limit = min(limit, 2)
        elif len(dealt) >= 8:
            limit = 0
    ex = draw_exchanges(draw, v, in_play, None, limit)
    tricks = tricks_among(draw, in_play, 5)
    return Built(record=HandRecord(dealer=dealer, sitting_out=sitting, declarations=decl,
                                   exchanges=ex, tricks=tricks),
                 dealt=dealt, in_play=in_play, played=True)


def build_loo(draw, v, state, dealt, dealer):
    simple = not state.double
    eldest = dealt[0]
    non_dealers = dealt[:-1]
    playall = simple and v.simple_pool == "play-all"
    trump = None if playall else draw(st.sampled_from(SUITS))
    forced = (playall or (v.club_law and trump == "clubs")
              or (v.force_after_single and not state.last_had_loo))
    eldest_miss = (not forced) and simple and v.simple_pool == "miss-eldest" and v.miss
    decl = None
    defender = None
    settled_without_play = False
    if forced or eldest_miss:
        in_play = dealt
        if eldest_miss and draw(st.booleans()):
            decl = {eldest: "miss"}
            if draw(st.booleans()):
                decl.update({p: "stand" for p in dealt if p != eldest})
        elif draw(st.integers(0, 3)) == 0:
            decl = {p: "stand" for p in dealt}
    elif v.miss:
        decl = {}
        miss_taker = None
        for p in non_dealers:
            options = ["stand", "pass", "pass"] + (["miss"] if miss_taker is None else [])
            w = draw(st.sampled_from(options))
            if w == "pass":
                w = pass_word(draw)
            if w == "miss":
                miss_taker = p
            decl[p] = w
        in_nd = [p for p in non_dealers if decl[p] in ("stand", "miss")]
        if not in_nd:
            decl[dealer] = draw(st.sampled_from(("stand", "pass", "fold")))
            in_play, settled_without_play = (), True
        elif len(in_nd) == 1 and miss_taker is None:
            w = draw(st.sampled_from(sorted(v.dealer_vs_one)))
            decl[dealer] = w
            if w == "defend":
                defender = dealer
            in_play = (in_nd[0], dealer)
        elif len(in_nd) == 1:
            w = draw(st.sampled_from(("stand", "pass")))
            decl[dealer] = w if w == "stand" else pass_word(draw)
            if w == "stand":
                in_play = (in_nd[0], dealer)
            else:
                in_play, settled_without_play = (in_nd[0],), True
        else:
            options = ["stand", "pass"] + (["miss"] if miss_taker is None else [])
            w = draw(st.sampled_from(options))
            decl[dealer] = w if w != "pass" else pass_word(draw)
            in_play = tuple(in_nd) + ((dealer,) if w != "pass" else ())
    else:                                               # no miss: irish, five-card
        decl = {p: draw(st.sampled_from(("stand", "pass"))) for p in dealt}
        standers = [p for p in dealt if decl[p] == "stand"]
        if len(standers) == 1 and standers[0] != dealer and v.lone_player == "dealer-plays":
            decl[dealer] = "stand"
            standers = [p for p in dealt if decl[p] == "stand"]
        for p in dealt:
            if decl[p] == "pass":
                decl[p] = pass_word(draw)
        in_play = tuple(standers)
        if len(in_play) <= 1:
            settled_without_play = True
    in_play = tuple(p for p in dealt if p in in_play)   # seat order from the dealer's left

    penalties = []
    if v.forfeits:
        if draw(st.integers(0, 4)) == 0:
            penalties.append(Penalty(player=dealer, kind="misdeal"))
        if draw(st.integers(0, 4)) == 0:
            penalties.append(Penalty(player=draw(st.sampled_from(dealt)), kind="looked-early"))
        out = [p for p in dealt if p not in in_play and decl and decl.get(p) in ("pass", "fold")
               and p != dealer]
        if out and draw(st.integers(0, 4)) == 0:
            penalties.append(Penalty(player=draw(st.sampled_from(out)), kind="declared-early"))

    flushes, pam_flush = (), None
    if not settled_without_play and v.flushes and trump is not None:
        flushes, pam_flush = draw_flushes(draw, v, in_play, trump)
    pam_holder = None
    if v.flush_payout == "board" and v.pam != "none":
        pam_holder = pam_flush or draw(st.sampled_from((None,) + dealt))

    tricks = None
    exchanges = {}
    played = not settled_without_play and not flushes
    if played:
        limit = v.exchange
        exchanges = draw_exchanges(draw, v, [p for p in in_play if p != defender], dealer, limit)
        tricks = tricks_among(draw, in_play, v.hand_size)
        offenders = [p for p in in_play if p != defender]
        if offenders and draw(st.integers(0, 4)) == 0:
            who = draw(st.sampled_from(offenders))
            penalties.append(Penalty(player=who, kind="revoke"))
            if v.revoke_penalty == "pays-pool" and draw(st.booleans()):
                tricks = None
    rec = HandRecord(dealer=dealer if draw(st.booleans()) else None, trump=trump,
                     declarations=decl, exchanges=exchanges, flushes=flushes,
                     pam_holder=pam_holder, tricks=tricks, penalties=tuple(penalties))
    return Built(record=rec, dealt=dealt, in_play=in_play, played=played)


def build(draw, v, state):
    dealt = tuple(p for p in order_from_left(state) if p not in state.sit_out)
    dealer = state.dealer
    if v.game == "lou":
        return build_lou(draw, v, state, dealt, dealer)
    b = None
    if len(dealt) >= 4 and draw(st.integers(0, 5)) == 0:
        # somebody (not the dealer) sits this hand out
        out = draw(st.sampled_from(dealt[:-1]))
        dealt = tuple(p for p in dealt if p != out)
        b = build_loo(draw, v, state, dealt, dealer)
        b.record = replace(b.record, sitting_out=(out,))
        return b
    return build_loo(draw, v, state, dealt, dealer)


def check(v, state, b: Built):
    found = validate(b.record, state, v)
    assert list(found) == [], ([(p.code, p.player, p.message) for p in found], b.record, state)
    s = settle(b.record, state, v)
    ctx = (b.record, state, s)
    event(f"outcome: {s.outcome}")
    for f in b.record.flushes[:1]:
        event(f"flush: {f.kind} x{len(b.record.flushes)}")
    for pen in b.record.penalties:
        event(f"penalty: {pen.kind} ({v.revoke_penalty})")
    if b.record.exchanges:
        event("exchanges")
    assert s.pool_in == state.pool, ctx
    assert sum(s.deltas.values()) + (s.pool_after - s.pool_in) == 0, ctx
    assert s.pool_after >= 0, ctx
    assert s.pot >= s.pool_in, ctx
    assert set(b.dealt) <= set(s.deltas), ctx
    assert all(s.deltas[p] == 0 for p in s.deltas if p not in b.dealt), ctx
    players, pool = net_changes(s.movements)
    assert pool == s.pool_after - s.pool_in, ctx
    for p in set(players) | set(s.deltas):
        assert players.get(p, 0) == s.deltas.get(p, 0), (p, ctx)
    # nobody who sat the hand out of play gains; in Lou a folder is untouched
    for p in b.dealt:
        if p not in b.in_play and p != state.dealer:
            assert s.deltas[p] <= 0, (p, ctx)
            if v.game == "lou":
                assert s.deltas[p] == 0, (p, ctx)
    ns = s.next_state
    assert ns is not None and ns.pool == s.pool_after, ctx
    assert ns.hand_no == state.hand_no + 1, ctx
    seats = state.seats
    left = seats[(seats.index(state.dealer) + 1) % len(seats)]
    if v.game == "loo":
        assert ns.dealer == left, ctx
    else:
        assert ns.dealer in (state.dealer, left), ctx
        if b.lou_renege:
            assert ns.dealer == state.dealer, ctx
    # the table's own deltas, written in, are accepted as they stand
    again = replace(b.record, deltas=dict(s.deltas))
    assert list(validate(again, state, v)) == [], ctx
    return s


def opening(draw, v):
    n = draw(st.integers(3, 7))
    players = SEATS[:n]
    dealer = draw(st.sampled_from(players))
    if v.game == "lou":
        pool = draw(st.sampled_from((0, 0, 100, 2500, 4000, 7801)))
    else:
        pool = draw(st.sampled_from((0, 0, 0, 1, 2, 5, 9, 18, 27, 40, 61)))
    return opening_state(players, dealer, pool)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_one_legal_hand_conserves_chips(data):
    i = data.draw(st.integers(0, len(BUILT) - 1), label="variant")
    v = BUILT[i]
    state = opening(data.draw, v)
    check(v, state, build(data.draw, v, state))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_session_of_legal_hands_conserves_chips(data):
    v = data.draw(st.sampled_from(BUILT + [b for b in BUILT if b.game == "lou"] * 3),
                  label="variant")
    state = opening(data.draw, v)
    start = state.pool
    total = 0
    for _ in range(data.draw(st.integers(1, 20), label="hands")):
        s = check(v, state, build(data.draw, v, state))
        total += sum(s.deltas.values())
        state = s.next_state
    # over the whole session the players' net change is what the pool lost
    assert total + (state.pool - start) == 0
