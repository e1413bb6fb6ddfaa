"""What the engine works out once per variant (``Variant.compiled``): the ways chips move at
the table (:class:`Ways`: each movement's kind, the rule behind it and its words), and the
plans of the hands it reads.

A plan (next/plan.py :class:`~loo_ledger.domain.next.plan.Plan`) is what :func:`plan.analyse` finds
of a sound reading: it depends on the table state and on the record's seats, trump and
words, never on the pool or the hand's number. It is remembered under a key made from
the state itself (every field but those two, so a field added to ``TableState`` is in the
key without anyone listing it; of the hand's number, only whether it is the first hand)
and from those parts of the record and its dealer; a reading with any problem is never
remembered (:meth:`Compiled.plan` says None and the engine works it out, problems and
all). So a remembered plan vouches for what :func:`plan.hand_problems` checks (the
record's dealer; the first dealer sitting out hand 1) and for the names of the words
(:func:`plan.name_problems`): its key holds all they read.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec
from msgspec.structs import replace

from loo_ledger.domain.next.plan import Plan, analyse
from loo_ledger.domain.rules.codes import (
    Game,
    LooCause,
    LooKind,
    MovementKind,
    RuleRef,
    Suit,
)
from loo_ledger.domain.rules.model import HandRecord, Movement, TableState
from loo_ledger.domain.settlement import wording

K = TypeVar("K")
V = TypeVar("V")


if TYPE_CHECKING:
    from loo_ledger.domain.rules.variants import Variant

#: How many readings (plans, rule references, movements) one generation of a
#: :class:`Memory` holds. The distinct plans of a session grow with its length and level
#: off: 1,000 to 3,100 for a 10,000-hand five-player evening of any preset, 8,103 for a
#: 100,000-hand six-player session (benchmarks/, measured). A generation of 8,192 holds
#: the largest of these whole; beyond it the older generation keeps the readings of the
#: last 8,192 to 16,384 made, so a longer session forgets only readings it has not met
#: since, never the everyday ones. (Replaying the six-player session, a cache of 4,096
#: cleared when full works out 23,475 plans; two generations of 4,096 work out 9,959; two
#: of 8,192 only the 8,103 met, each once.) A plan and its key take some 2.6 KB, so the
#: plans stay under 2 x 8,192 x 2.6 KB, about 43 MB, per variant.
GENERATION = 8_192
#: Of no trump or a suit, whether it is clubs (keyed by the plain text, which is looked up
#: faster than the Suit members a set of them would compare it with).
_CLUBS: dict[str | None, bool] = {None: False, **{str(s): s == Suit.CLUBS for s in Suit}}
_LOO_DETAIL = {LooKind.LIMITED: ("loo_amount",), LooKind.MIXED: ("loo_limit",)}


def _unwritable(obj: Any) -> msgspec.msgpack.Ext:
    """What :data:`_write` puts for an object msgpack has no form for: an extension value
    (code 1, its type's name), which nothing a record holds is written as (names, words
    and trumps are text, their lists arrays), so its key never meets a sound record's;
    such a record's reading has a problem, and its plan is never remembered."""
    return msgspec.msgpack.Ext(1, type(obj).__qualname__.encode())


#: The parts of a record a plan reads, written as msgpack writes them (types kept: the
#: text "1" and the number 1 are written apart; so are a name and a list of names).
_write = msgspec.msgpack.Encoder(enc_hook=_unwritable, decimal_format="number",
                                 uuid_format="bytes").encode


def plan_key(record: HandRecord, state: TableState) -> tuple[TableState, bytes]:
    """The key a plan is remembered by: the state as a plan reads it (the same state with
    no pool and, of the hand's number, only whether it is the first hand: the fields a
    plan and :func:`plan.hand_problems` do not depend on), then the parts of the record
    it reads (who sits out, the dealer, the trump, the words, in the record's order),
    written by msgpack in one piece (:data:`_write`): equal bytes are the same names and
    words, of the same types. Of a suit turned, the plan reads only whether it is clubs
    (``legal.deal_shape``'s club law); anything else given as the trump is kept as
    given (a reading that refuses it is never remembered)."""
    trump = record.trump
    return (replace(state, pool=0, hand_no=1 if state.hand_no == 1 else 0),
            _write((record.sitting_out, record.dealer, _CLUBS.get(trump, trump),
                    record.declarations)))


class Way:
    """One way chips move at this table: the movement's kind, the rule behind it, its words
    (wording.py: a text, or the function that words the movement's figures) and, for a
    loo, its cause. The movements made this way are remembered by payer, payee, amount and
    figures (the ``move`` :meth:`Book.pay` is given, as it is given), so a movement met
    again is neither worded nor made again: :attr:`met` is the young generation's look-up,
    bound once (a method looked up on a dict's subclass costs more on 3.11 than one kept
    bound)."""

    __slots__ = ("kind", "rule", "words", "cause", "made", "met")

    def __init__(self, kind: MovementKind, rule: RuleRef, words: str | Callable[..., str],
                 cause: LooCause | None = None) -> None:
        self.kind, self.rule, self.words, self.cause = kind, rule, words, cause
        self.made: Memory[tuple[Any, ...], Movement] = Memory()
        self.met: Callable[[tuple[Any, ...]], Movement | None] = self.made.get

    def make(self, move: tuple[Any, ...]) -> Movement:
        """The movement ``move`` (payer, payee, amount, then the figures that word it; None
        is the pool) this way: remembered, or made and remembered."""
        got = self.made.recall(move)
        if got is None:
            got = self.movement(move)
            self.made.keep(move, got)
        return got

    def movement(self, move: tuple[Any, ...]) -> Movement:
        """The movement ``move`` this way, made and worded (not remembered here)."""
        payer, payee, amount, *figures = move
        words = self.words
        return Movement(payer=payer, payee=payee, amount=amount, kind=self.kind,
                        reason=words if isinstance(words, str) else words(*figures),
                        rule=self.rule, cause=self.cause)


class Seat:
    """One player's ready-made movements of a hand settled by its tricks at one table
    (tricks.py): a share of ``won`` tricks at ``share`` each (``shares[won]``, by the
    share) and a loo for taking no trick (``no_trick``, by L), each made once by its way
    (:class:`Way`) and found again by one look-up of a number (``Memory.get``)."""

    __slots__ = ("name", "ways", "shares", "no_trick", "share_met", "loo_met")

    def __init__(self, ways: Ways, name: str, size: int) -> None:
        self.name, self.ways = name, ways
        self.shares: list[Memory[int, Movement]] = [Memory() for _ in range(size + 1)]
        self.no_trick: Memory[int, Movement] = Memory()
        #: The young generations' look-ups, bound once (as :attr:`Way.met`).
        self.share_met: list[Callable[[int], Movement | None]] = [m.get for m in self.shares]
        self.loo_met: Callable[[int], Movement | None] = self.no_trick.get

    def share(self, won: int, share: int) -> Movement:
        """``won`` tricks at ``share`` each (both above nought), paid this player."""
        got = self.shares[won].recall(share)
        if got is None:
            got = self.ways.share.movement((None, self.name, won * share, won, share))
            self.shares[won].keep(share, got)
        return got

    def looed(self, due: int) -> Movement:
        """L (``due``, not nought) paid by this player for taking no trick."""
        got = self.no_trick.recall(due)
        if got is None:
            if due < 0:
                raise ValueError(f"negative movement {due} ({self.ways.no_trick.kind})")
            got = self.ways.no_trick.movement((self.name, None, due, due, 0))
            self.no_trick.keep(due, got)
        return got


_R5, _R9, _R41 = RuleRef(catalogue="R5"), RuleRef(catalogue="R9"), RuleRef(catalogue="R41")
_DIVIDED = RuleRef(param="divided")


class Ways:
    """Every way chips move at one table (:class:`Way`), made once per variant with the
    references to the rules behind them (``Compiled.rule``)."""

    __slots__ = ("forfeit", "all_passed", "alone", "alone_miss", "all_tricks", "share",
                 "defended", "odd_chips", "undivided", "revoke_shares", "blenheim",
                 "revoke_share", "revoke_odd", "dealers_flush", "flush_takes", "board",
                 "no_trick", "revoke", "revoke_pays", "looed_by_flush", "looed_by_dealers",
                 "burned", "all_folded", "reneged", "stood_alone", "takes_pot",
                 "nobody_three", "nobody_two", "first_deal_share", "odd_cents", "by_name",
                 "rows", "rows_met", "size")

    def __init__(self, c: Compiled) -> None:
        #: Each player's ready-made movements (:class:`Seat`), by name, and those of the
        #: players in play of each plan met, by the plan's ``in_play`` (:meth:`seats`).
        self.by_name: Memory[str, Seat] = Memory()
        self.rows: Memory[tuple[str, ...], tuple[Seat, ...]] = Memory()
        self.rows_met: Callable[[tuple[str, ...]], tuple[Seat, ...] | None] = self.rows.get
        self.size = c.v.hand_size
        rule, k, w = c.rule, MovementKind, wording
        whole, stays = k.WHOLE_POOL, k.STAYS
        self.forfeit = Way(k.FORFEIT, rule("forfeits"), w.forfeit)
        self.all_passed = Way(whole, _R9, w.ALL_PASSED)
        self.alone = Way(whole, rule("lone_player"), w.PLAYS_ALONE)
        self.alone_miss = Way(whole, _R5, w.PLAYS_ALONE)
        # tricks.py
        self.all_tricks = Way(whole, rule("divided"), w.all_tricks)
        self.share = Way(k.SHARE, rule("divided"), w.trick_share)
        self.defended = Way(stays, rule("dealer_vs_one"), w.defended)
        self.odd_chips = Way(stays, _DIVIDED, w.ODD_CHIPS)
        self.undivided = Way(stays, _DIVIDED, w.UNDIVIDED)
        self.revoke_shares = Way(stays, rule("revoke_penalty"), w.revoke_shares)
        self.blenheim = Way(k.PENALTY, rule("revoke_penalty", source="001"), w.BLENHEIM)
        self.revoke_share = Way(k.SHARE, rule("revoke_penalty"), w.revoke_share)
        self.revoke_odd = Way(stays, rule("revoke_penalty"), w.ODD_CHIPS)
        self.dealers_flush = Way(stays, _R41, w.DEALERS_FLUSH_STAYS)
        self.flush_takes = Way(whole, rule("flushes"), w.flush_takes)
        self.board = Way(k.BOARD, rule("flush_payout", "board_payers"), w.BOARD)
        # loos: worded from (amount, tricks won) by wording.loo
        lou = c.v.game == Game.LOU
        loo_rule = c.loo_rule

        def loo(cause: LooCause, why: RuleRef = loo_rule) -> Way:
            return Way(k.LOO, why, partial(w.loo, cause, lou=lou), cause)
        self.no_trick = loo(LooCause.NO_TRICK)
        self.revoke = loo(LooCause.REVOKE)
        self.revoke_pays = loo(LooCause.REVOKE_PAYS)
        self.looed_by_flush = loo(LooCause.FLUSH)
        self.looed_by_dealers = loo(LooCause.DEALERS_FLUSH)
        self.burned = loo(LooCause.BURNED, rule("burn_cap"))
        # lou.py
        game = rule("game")
        self.all_folded = Way(stays, game, w.ALL_FOLDED)
        self.reneged = Way(k.BURN, rule("revoke_penalty", "burn_cap"), w.reneged)
        self.stood_alone = Way(whole, game, w.STOOD_ALONE)
        self.takes_pot = Way(whole, game, w.takes_pot)
        self.nobody_three = Way(stays, game, w.NOBODY_THREE)
        self.nobody_two = Way(stays, game, w.NOBODY_TWO)
        self.first_deal_share = Way(k.SHARE, rule("lou_odd_cent"), w.first_deal_share)
        self.odd_cents = Way(stays, rule("lou_odd_cent"), w.ODD_CENTS)


    def seats(self, players: tuple[str, ...]) -> tuple[Seat, ...]:
        """The ready-made movements of each of ``players`` (a plan's ``in_play``, looked up
        once a hand: ``rows.get``), made when first asked."""
        got = self.rows.recall(players)
        if got is None:
            seats = []
            for name in players:
                seat = self.by_name.recall(name)
                if seat is None:
                    seat = Seat(self, name, self.size)
                    self.by_name.keep(name, seat)
                seats.append(seat)
            got = tuple(seats)
            self.rows.keep(players, got)
        return got


class Compiled:
    """One variant's rule references, ways of moving chips and remembered plans (see the
    module)."""

    __slots__ = ("v", "plans", "plan_met", "refs", "loo_rule", "ways")

    def __init__(self, v: Variant) -> None:
        self.v = v
        self.plans: Memory[tuple[Any, ...], Plan] = Memory()
        #: The young generation's look-up, bound once (as :attr:`Way.met`).
        self.plan_met: Callable[[tuple[Any, ...]], Plan | None] = self.plans.get
        self.refs: Memory[tuple[Any, ...], RuleRef] = Memory()
        #: The parameters behind L, what a looed player pays (``Book.loo_amount``).
        self.loo_rule = self.rule("loo", *_LOO_DETAIL.get(v.loo, ()))
        self.ways = Ways(self)

    def rule(self, name: str, *more: str, source: str | None = None) -> RuleRef:
        """A reference to parameter ``name`` (and ``more``) with this table's values, made
        once per variant.

        >>> from loo_ledger.domain.rules.variants import variant
        >>> variant("three-card").compiled.rule("loo", "loo_amount").text()
        'loo=limited; loo_amount=9'
        """
        key = (name, more, source)
        got = self.refs.recall(key)
        if got is None:
            v = self.v
            got = RuleRef(param=name, value=v.value_text(name),
                          source=source or v.sources.get(name),
                          also=tuple((n, v.value_text(n)) for n in more))
            self.refs.keep(key, got)
        return got

    def plan(self, record: HandRecord, state: TableState) -> Plan | None:
        """The plan of ``record`` at a table in ``state``: remembered, or worked out by
        :func:`plan.analyse` and remembered if the reading found no problem; None if it
        found one (the engine then reads the record in full, for its problems)."""
        key = plan_key(record, state)
        got = self.plan_met(key)
        if got is None:
            got = self.plans.recall(key)
            if got is None:
                deal = analyse(record, state, self.v)
                if deal.problems:
                    return None
                got = deal.plan(state.seats, self.v)
                self.plans.keep(key, got)
        return got


class Memory(dict[K, V]):
    """Readings remembered in two generations. The young generation is the dict itself, so
    a reading met again costs one look-up (``get``); when it is full (:data:`GENERATION`),
    it becomes the old generation and the one before is forgotten. :meth:`recall` finds a
    reading in either and brings one from the old generation back into the young. So the
    memory is bounded and what is met often is never forgotten: a least-recently-used
    memory with no bookkeeping on a hit."""

    __slots__ = ("old",)

    def __init__(self) -> None:
        super().__init__()
        self.old: dict[K, V] = {}

    def recall(self, key: K) -> V | None:
        """What is kept under ``key`` in either generation, or None."""
        got = self.get(key)
        if got is None:
            got = self.old.pop(key, None)
            if got is not None:
                self.keep(key, got)
        return got

    def keep(self, key: K, value: V) -> None:
        """Keep ``value`` under ``key`` in the young generation."""
        if len(self) >= GENERATION:
            self.old = dict(self)
            self.clear()
        self[key] = value
