"""The book of one hand's chip movements, from which the settlement is read.

Every movement is made one of the table's ready-made ways (compiled.py :class:`Way`: its
kind, its rule and its words). The book keeps each player's net and the pool's change as
the movements are made (never summed again from the list), so the settlement's deltas are
the book's own figures and conservation is checked on them (:meth:`Book.finish`).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from loo_ledger.domain.next.plan import Plan
from loo_ledger.domain.rules.codes import DoubleWhen, Game, LooKind, Resolution, RuleRef
from loo_ledger.domain.rules.model import Movement, Settlement, TableState
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.domain.settlement.compiled import Way, Ways
from loo_ledger.errors import LooError

# The members the engine reads for every hand, read from their classes once (an
# enum member read from its class costs some 0.4 µs on Python 3.11).
_DOUBLE_LOOED = DoubleWhen.LOOED
_GAME_LOU = Game.LOU
_LOO_MIXED = LooKind.MIXED
_LOO_UNLIMITED = LooKind.UNLIMITED


_NONE: frozenset[str] = frozenset()


class ConservationError(LooError):
    """A settlement that creates or loses chips: a bug in the engine, never bad input."""


def rule(v: Variant, name: str, *more: str, source: str | None = None) -> RuleRef:
    """A reference to parameter ``name`` (and ``more``) with this table's values (made
    once per variant: ``Compiled.rule``).

    >>> from loo_ledger.domain.rules.variants import variant
    >>> rule(variant("three-card"), "loo", "loo_amount").text()
    'loo=limited; loo_amount=9'
    """
    return v.compiled.rule(name, *more, source=source)


class Book:
    """Movements as they are made; ``pot`` is P, the pool in play, once antes are in."""

    __slots__ = ("state", "plan", "variant", "ways", "outcome", "pot", "due", "movements",
                 "net", "change", "moved", "looed", "loos", "whole", "notes", "tricks")

    def __init__(self, state: TableState, plan: Plan, variant: Variant,
                 outcome: Resolution, tricks: dict[str, int],
                 forfeits: tuple[tuple[str, None, int, str], ...] = ()) -> None:
        """The book of a hand opened: the antes paid (the plan's movements), then the
        ``forfeits`` (payer, None, amount, kind); then play begins. P (:attr:`pot`), the
        pool in play, is the pool with the chips paid into it so far (antes, forfeits);
        L, what a looed player pays (:attr:`due`), is loo_amount, P, or min(P,
        loo_limit)."""
        self.state = state
        self.plan = plan
        self.variant = variant
        self.ways: Ways = variant.compiled.ways
        self.outcome = outcome               # how the hand is resolved (checks.resolve)
        #: The movements, the antes first; each player dealt in's net change and the
        #: pool's, kept as movements are made; and the chips moved in all (which bound
        #: every change: no player's change can pass them, nor the pool after the hand
        #: the pool before and them; the engine asks the chips limit only past that).
        self.movements = [*plan.antes]
        self.net = {**plan.ante_net}
        self.change = self.moved = plan.ante_paid
        self.looed: list[str] = []
        self.loos: dict[str, int] = {}
        self.whole: str | None = None
        self.notes: tuple[str, ...] = ()
        #: The trick counts settled (the settlement keeps them).
        self.tricks = tricks
        for move in forfeits:
            self.pay(self.ways.forfeit, move)
        self.pot = pot = state.pool + self.change
        loo = variant.loo
        self.due = pot if loo == _LOO_UNLIMITED else min(pot, variant.loo_limit) \
            if loo == _LOO_MIXED else variant.loo_amount

    def pay(self, way: Way, move: tuple[Any, ...]) -> None:
        """Make ``move`` (payer, payee, amount, then the figures that word it) ``way``:
        ``amount`` from ``payer`` to ``payee`` (None is the pool); zero moves nothing.
        (A tuple, not ``*move``: a call that gathers its arguments costs more on 3.11.)"""
        made = way.met(move)  # the movement met before (Way.make)
        if made is None:
            if move[2] <= 0:
                if move[2]:
                    raise ValueError(f"negative movement {move[2]} ({way.kind})")
                return
            made = way.make(move)
        self.move(made)

    def move(self, made: Movement) -> None:
        """Make the ready-made movement ``made`` (:meth:`pay`; tricks.py's shares): keep
        it, and take its amount from its payer and give it to its payee (the pool where
        either is None) in the running figures."""
        self.movements.append(made)
        amount, payer, payee = made.amount, made.payer, made.payee
        self.moved += amount
        if payer is None:
            self.change -= amount
        else:
            self.net[payer] -= amount  # a player not dealt in is a bug: KeyError
        if payee is None:
            self.change += amount
        else:
            self.net[payee] += amount

    def memo(self, amount: int, way: Way, figure: Any = None) -> None:
        """Chips that stay in the pool, recorded with their reason (pool to pool), worded
        with ``figure`` where the way's words take one. (One figure at most, not
        ``*figures``: a call that gathers its arguments costs more on 3.11.)"""
        self.pay(way, (None, None, amount) if figure is None else (None, None, amount, figure))

    def loo(self, player: str, way: Way, amount: int | None = None, won: int = 0) -> None:
        """``player`` is looed (burned, in Lou, a renege's burn too) ``way`` (a loo's way
        names its cause) and pays L (or ``amount``) into the next pool; ``won`` is the
        tricks a burned player took."""
        amount = self.due if amount is None else amount
        self.pay(way, (player, None, amount, amount, won))
        self.looed_for(player, amount)

    def looed_for(self, player: str, amount: int) -> None:
        """The payment of ``amount`` by ``player`` counts as a loo (in Lou a burn): in the
        hand's looed and loos, as stats, exports and highlights read them."""
        self.looed.append(player)
        self.loos[player] = self.loos.get(player, 0) + amount

    def take_whole(self, player: str, way: Way, figure: Any = None) -> None:
        """``player`` takes the whole pool in play, odd chips and all (worded with
        ``figure`` where the way's words take one, as :meth:`memo`)."""
        self.pay(way, (None, player, self.pot) if figure is None
                 else (None, player, self.pot, figure))
        self.whole = player

    def note(self, text: str) -> None:
        self.notes += (text,)

    @property
    def pool_after(self) -> int:
        return self.state.pool + self.change

    def finish(self, *, next_dealer: str, double: bool | None = None,
               lou: tuple[bool, bool] | None = None,
               sit_out: frozenset[str] = _NONE) -> Settlement:
        """The settlement, and the table state for the next hand. ``double``: whether the
        next pool is double; by ``double_when`` if not given (after a loo, or while chips
        are carried). ``lou``: Lou's ``lou_first`` and ``lou_antes_due`` for the next deal
        (else they are the state's). The next state is this one changed (``replace``: the
        fields a hand does not change, it names not). ``last_had_loo`` is whether anyone
        was looed (a loo paid: a Lou burn or a ``pays-pool`` revoke too). Raises
        :class:`ConservationError` if the book's running figures do not conserve chips:
        the players' changes and the pool's sum to zero, and the pool is never negative.
        (The book has a change for each player dealt in, and only for them: it starts with
        every one, and a movement naming anyone else is a KeyError.)"""
        state, plan, looed = self.state, self.plan, self.looed
        net, change = self.net, self.change
        pool_after = state.pool + change
        if sum(net.values()) + change or pool_after < 0:
            raise ConservationError(
                f"hand {state.hand_no}: chips not conserved: deltas {self.net} and the pool "
                f"{state.pool} -> {pool_after} for the players dealt in {plan.dealt}")
        if double is None:
            double = bool(looed) if self.variant.double_when == _DOUBLE_LOOED \
                else pool_after > 0
        next_state = replace(state, dealer=next_dealer, pool=pool_after, double=double,
                             sit_out=sit_out, hand_no=state.hand_no + 1,
                             last_had_loo=bool(looed))
        if lou is not None:
            next_state = replace(next_state, lou_first=lou[0], lou_antes_due=lou[1])
        # In the order of Settlement's fields (model.py says why not by name): hand_no,
        # dealer, dealt, movements, deltas, pool_in, pot, pool_after, double, outcome,
        # next_state, looed, loos, whole, kind, words, notes, table_ruling, rules_deltas,
        # tricks.
        return Settlement(
            state.hand_no, plan.dealer, plan.dealt, tuple(self.movements), net,
            state.pool, self.pot, pool_after, state.double, self.outcome,
            next_state, tuple(looed), self.loos, self.whole, plan.kind,
            plan.words, self.notes, None, {}, self.tricks)
