"""A variant compiled once for the fast path (domain/fast.py): its values as plain attributes,
its rule references built once, and the answers of ``legal`` and ``deal`` that depend only on
the variant and a few facts of the hand, worked out by the slow code the first time they are
asked and remembered.

Nothing here decides anything the slow engine does not: every cached answer is the slow
engine's own (``rotation.dealt_in``, ``legal.deal_shape``, ``deal._declarations``,
``deal.antes``, ``legal.exchange_limit``, ``book.rule``), keyed on everything it reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loo_ledger.domain.book import Book, rule
from loo_ledger.domain.codes import (
    DealKind,
    DoubleWhen,
    Game,
    LooKind,
    LouOddCent,
    MovementKind,
    Resolution,
    RevokePenalty,
    RuleRef,
    Suit,
    Word,
)
from loo_ledger.domain.deal import Deal, _declarations, antes
from loo_ledger.domain.legal import DealShape, can_deal, deal_shape, exchange_limit
from loo_ledger.domain.model import HandRecord, Movement, TableState
from loo_ledger.domain.rotation import dealt_in, next_dealer, next_seat
from loo_ledger.domain.variants import Variant

#: The most answers a cache keeps before it starts again, so memory stays bounded (a plan
#: with its words is about a kilobyte: a few MiB at most; a 10,000-hand three-card
#: evening of six players needs about 3,200 plans).
CACHE_LIMIT = 8_192
SUITS = frozenset(Suit)
_NO_DEAL: tuple[str, ...] = ()
_MISSING: Any = object()
#: The players of a deal worked out by places (Compiled._declared): names no player has.
_STAND_INS = tuple(f"\x00seat {i}" for i in range(32))
_DEALER_OUT = "\x00the dealer, not dealt in"


class Declared:
    """What a deal's declarations mean (a sound record's): read by ``deal._declarations``."""

    __slots__ = ("words", "in_play", "in_play_set", "defender", "resolution", "taker", "kind")

    def __init__(self, deal: Deal) -> None:
        self.words: dict[str, Word] = dict(deal.words)
        self.in_play = deal.in_play
        self.in_play_set = frozenset(deal.in_play)
        self.defender = deal.defender
        self.resolution = deal.resolution
        self.taker = deal.taker
        self.kind = deal.kind

    def renamed(self, names: Mapping[str, str]) -> Declared:
        """The same meaning with every player named by ``names`` (a stand-in -> a name)."""
        out = object.__new__(Declared)
        out.words = {names[p]: w for p, w in self.words.items()}
        out.in_play = tuple(names[p] for p in self.in_play)
        out.in_play_set = frozenset(out.in_play)
        out.defender = None if self.defender is None else names[self.defender]
        out.resolution = self.resolution
        out.taker = None if self.taker is None else names[self.taker]
        out.kind = self.kind
        return out


class Seating:
    """Who deals and who is dealt in, for one table state and one list of players out."""

    __slots__ = ("dealer", "dealt", "dealt_set", "next_dealer")

    def __init__(self, dealer: str, dealt: tuple[str, ...], seats: tuple[str, ...]) -> None:
        self.dealer = dealer
        self.dealt = dealt
        self.dealt_set = frozenset(dealt)
        self.next_dealer = next_seat(seats, dealer)


class Plan:
    """Everything the fast path needs that the record's words and the table's state fix:
    who deals and is dealt in, the kind of deal, what the words mean, the antes."""

    __slots__ = ("seating", "shape", "d", "antes", "paid_in", "net", "limits")

    def __init__(self, seating: Seating, shape: DealShape, d: Declared,
                 antes: tuple[tuple[Movement, ...], int, dict[str, int]],
                 limits: dict[str, tuple[int, int]]) -> None:
        self.seating, self.shape, self.d = seating, shape, d
        self.antes, self.paid_in, self.net = antes
        #: (fewest, most) cards each player in play may exchange (``legal.exchange_limit``).
        self.limits = limits


class Compiled:
    """One variant's values and remembered answers (see the module's docstring)."""

    __slots__ = ("v", "lou", "hand_size", "divided", "loo_kind", "loo_amount", "loo_limit",
                 "double_looed", "burn_cap", "two_stander", "odd_first", "odd_stays",
                 "exchange", "declared_ok",
                 "r_ante", "r_divided", "r_dealer_vs_one", "r_loo", "r_lone", "r_game",
                 "r_burn_cap", "r_odd_cent", "r_divided_bare", "r_r5", "r_r9", "r_forfeits",
                 "r_revoke", "r_revoke_001", "r_renege", "forfeits", "pays_pool",
                 "shapes", "seatings", "declared", "declared_at", "plans", "antes", "limits",
                 "moves", "shares", "loo_moves")

    def __init__(self, v: Variant) -> None:
        self.v = v
        self.lou = v.game == Game.LOU
        self.hand_size = v.hand_size
        self.divided = v.divided
        self.loo_kind = v.loo
        self.loo_amount = v.loo_amount
        self.loo_limit = v.loo_limit
        self.double_looed = v.double_when == DoubleWhen.LOOED
        self.burn_cap = v.burn_cap
        self.two_stander = v.lou_two_stander_rule
        self.odd_first = v.lou_odd_cent == LouOddCent.FIRST_LEFT
        self.odd_stays = v.lou_odd_cent == LouOddCent.STAYS
        self.exchange = v.exchange
        self.r_ante = rule(v, "ante_model")
        self.r_divided = rule(v, "divided")
        self.r_dealer_vs_one = rule(v, "dealer_vs_one")
        detail = {LooKind.LIMITED: ("loo_amount",), LooKind.MIXED: ("loo_limit",)}
        self.r_loo = rule(v, "loo", *detail.get(v.loo, ()))
        self.r_lone = rule(v, "lone_player")
        self.r_game = rule(v, "game")
        self.r_burn_cap = rule(v, "burn_cap")
        self.r_odd_cent = rule(v, "lou_odd_cent")
        self.r_forfeits = rule(v, "forfeits")
        self.r_revoke = rule(v, "revoke_penalty")
        self.r_revoke_001 = rule(v, "revoke_penalty", source="001")
        self.r_renege = rule(v, "revoke_penalty", "burn_cap")
        self.forfeits = v.forfeits
        self.pays_pool = v.revoke_penalty == RevokePenalty.PAYS_POOL
        self.r_divided_bare = RuleRef(param="divided")
        self.r_r5 = RuleRef(catalogue="R5")
        self.r_r9 = RuleRef(catalogue="R9")
        self.shapes: dict[tuple[bool, bool, bool, bool], DealShape] = {}
        self.seatings: dict[tuple[Any, ...], Seating | None] = {}
        self.declared: dict[tuple[Any, ...], Declared | None] = {}
        #: The same, by the places of the words said (:meth:`_declared`).
        self.declared_at: dict[tuple[Any, ...], Declared | None] = {}
        self.plans: dict[tuple[Any, ...], Plan | None] = {}
        self.antes: dict[tuple[Any, ...],
                         tuple[tuple[Movement, ...], int, dict[str, int]]] = {}
        self.limits: dict[tuple[int, int, bool], tuple[int, int]] = {}
        self.moves: dict[tuple[Any, ...], Movement] = {}
        #: The fast path's own shelves of movements: (player, tricks, share) -> its share;
        #: (player, L) -> its loo (emptied with ``moves``).
        self.shares: dict[tuple[str, int, int], Movement] = {}
        self.loo_moves: dict[tuple[str, int], Movement] = {}

    def loo_for(self, pot: int) -> int:
        """L, what a looed player pays (``Book.loo_amount``)."""
        if self.loo_kind == LooKind.UNLIMITED:
            return pot
        if self.loo_kind == LooKind.MIXED:
            return min(pot, self.loo_limit)
        return self.loo_amount

    def plan(self, key: tuple[Any, ...], state: TableState, out: tuple[str, ...],
             trump: str | None, said: Mapping[str, str] | None) -> Plan | None:
        """The plan of a hand (remembered under ``key``, which the fast path makes of
        everything the answers read); None if the slow path must answer: a player out not
        seated, fewer than two dealt in, a word said by a player not dealt in, a problem
        with the words, or a deal that cannot be dealt."""
        seating = self.seating(state, out)
        got: Plan | None = None
        if seating is not None and (said is None or seating.dealt_set.issuperset(said)):
            shape = self.shape(state, trump)
            d = self.declarations(shape, seating, said)
            if d is not None:
                limits = {p: self.limit(shape, seating.dealt, p) for p in d.in_play}
                got = Plan(seating, shape, d, self.ante_moves(state, seating), limits)
        _remember(self.plans, key, got)
        return got

    def shape(self, state: TableState, trump: str | None) -> DealShape:
        """``legal.deal_shape``: it reads the state's ``lou_first``, ``double`` and
        ``last_had_loo`` and whether the trump is clubs, nothing else."""
        key = (state.lou_first, state.double, state.last_had_loo, trump == Suit.CLUBS)
        got = self.shapes.get(key)
        if got is None:
            got = self.shapes[key] = deal_shape(state, self.v, trump)
        return got

    def seating(self, state: TableState, out: tuple[str, ...]) -> Seating | None:
        """Who deals and is dealt in (``rotation``); None if a player out is not seated or
        fewer than two are dealt in (the slow path says so)."""
        key = (state.seats, state.dealer, state.sit_out, out)
        try:
            return self.seatings[key]
        except KeyError:
            pass
        seats = state.seats
        got: Seating | None = None
        if all(name in seats for name in out):
            present = [p for p in seats if p not in out]
            dealt = dealt_in(state, present)
            if len(dealt) >= 2:
                got = Seating(next_dealer(state, present), dealt, seats)
        _remember(self.seatings, key, got)
        return got

    def declarations(self, shape: DealShape, seating: Seating,
                     said: Mapping[str, str] | None) -> Declared | None:
        """What the words mean (``deal._declarations``), None if they have a problem or the
        deal cannot be dealt. Every name in ``said`` must be dealt in (the caller checks)."""
        key = (id(shape), seating.dealt, None if said is None else tuple(said.items()))
        try:
            return self.declared[key]
        except KeyError:
            pass
        dealt = seating.dealt
        place = {p: i for i, p in enumerate(dealt)}
        at = (id(shape), len(dealt), place.get(seating.dealer, -1),
              None if said is None else tuple((place[p], w) for p, w in said.items()))
        meaning = self.declared_at.get(at, _MISSING)
        if meaning is _MISSING:
            meaning = self._declared(shape, at)
            _remember(self.declared_at, at, meaning)
        got = None
        if meaning is not None:
            names = dict(zip(_STAND_INS, dealt, strict=False))
            names[_DEALER_OUT] = seating.dealer
            got = meaning.renamed(names)
        _remember(self.declared, key, got)
        return got

    def _declared(self, shape: DealShape, at: tuple[Any, ...]) -> Declared | None:
        """``deal._declarations`` of a deal whose players are stand-ins for their places:
        the rules read where a player sits and what he said, never his name, so one answer
        serves every deal with the same words in the same places (the names are put back
        by :meth:`declarations`)."""
        _, n, dealer_at, said_at = at
        if n > len(_STAND_INS):
            return None  # the slow path deals with a table this large
        dealt = _STAND_INS[:n]
        deal = Deal(hand_no=0, dealer=_DEALER_OUT if dealer_at < 0 else dealt[dealer_at],
                    dealt=dealt, shape=shape)
        said = None if said_at is None else {dealt[i]: w for i, w in said_at}
        _declarations(HandRecord(declarations=said), self.v, deal, shape)
        ok = not deal.problems and can_deal(self.v, shape, n)
        return Declared(deal) if ok else None

    def ante_moves(self, state: TableState,
                   seating: Seating) -> tuple[tuple[Movement, ...], int, dict[str, int]]:
        """The antes as movements (``deal.antes`` paid by ``Book.pay``), their sum, and each
        player dealt in's change after them (in the order dealt: ``Book.finish``'s deltas)."""
        key = (seating.dealer, seating.dealt, state.last_had_loo, state.lou_antes_due)
        got = self.antes.get(key)
        if got is None:
            book = Book(state=state, deal=Deal(hand_no=0, dealer=seating.dealer,
                                               dealt=seating.dealt, shape=_ANY_SHAPE),
                        variant=self.v, outcome=Resolution.PLAYED)
            for player, amount in antes(state, self.v, seating.dealer, seating.dealt):
                book.pay(player, None, amount, "ante", self.r_ante, kind=MovementKind.ANTE)
            net = dict.fromkeys(seating.dealt, 0)
            for m in book.movements:
                net[str(m.payer)] -= m.amount
            got = (tuple(book.movements), book.paid_in, net)
            _remember(self.antes, key, got)
        return got

    def limit(self, shape: DealShape, dealt: tuple[str, ...], player: str) -> tuple[int, int]:
        """``legal.exchange_limit``: it reads the shape, the number dealt in and whether the
        player is the dealer."""
        key = (id(shape), len(dealt), player == dealt[-1])
        got = self.limits.get(key)
        if got is None:
            got = self.limits[key] = exchange_limit(self.v, shape, dealt, player)
        return got

    def move(self, payer: str | None, payee: str | None, amount: int, kind: MovementKind,
             reason: str, why: RuleRef) -> Movement:
        """The movement (one object for equal movements: they are immutable values)."""
        key = (payer, payee, amount, kind, reason, id(why))
        got = self.moves.get(key)
        if got is None:
            got = Movement(payer=payer, payee=payee, amount=amount, kind=kind, reason=reason,
                           rule=why)
            if len(self.moves) >= CACHE_LIMIT:
                self.moves.clear()
                self.shares.clear()
                self.loo_moves.clear()
            self.moves[key] = got
        return got


_ANY_SHAPE = DealShape(kind=DealKind.DECLARED, why="", miss_dealt=False, trump_known=True)
#: id(Variant) -> (the Variant, its compiled form): the fast path's lookup. The Variant is
#: held, so its id cannot be reused while it is here.
COMPILED: dict[int, tuple[Variant, Compiled]] = {}
#: (Variant, its sources) -> compiled: equal variants made anew (``variant_at`` per hand
#: with rule changes) share one compiled form and its remembered answers.
_BY_VALUE: dict[tuple[Variant, tuple[tuple[str, str], ...]], Compiled] = {}
_VARIANTS_KEPT = 64


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value


def compiled(v: Variant) -> Compiled:
    """The variant compiled: once per Variant object, and one for equal variants (the rule
    references name the sources, so those must be equal too)."""
    got = COMPILED.get(id(v))
    if got is not None and got[0] is v:
        return got[1]
    key = (v, tuple(sorted(v.sources.items())))
    c = _BY_VALUE.get(key)
    if c is None:
        if len(_BY_VALUE) >= _VARIANTS_KEPT:
            _BY_VALUE.clear()
        c = _BY_VALUE[key] = Compiled(v)
    if len(COMPILED) >= _VARIANTS_KEPT:
        COMPILED.clear()
    COMPILED[id(v)] = (v, c)
    return c
