"""The book of one hand's chip movements, from which the settlement is read.

Every movement is made one of the table's ready-made ways (compiled.py :class:`Way`: its
kind, its rule and its words). The book keeps each player's net, the pool's change and the
sum of the players' nets as the movements are made (never summed again from the list), so
the settlement's deltas are the book's own figures and conservation is checked on its
running sums (:meth:`Book.finish`).
"""

from __future__ import annotations

from typing import Any

from loo_ledger.domain.next.plan import Plan
from loo_ledger.domain.rules.codes import Game, LooKind, Resolution, RuleRef
from loo_ledger.domain.rules.model import Settlement, TableState
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.domain.settlement.compiled import Way, Ways
from loo_ledger.errors import LooError

# The members the engine reads for every hand, read from their classes once (an
# enum member read from its class costs some 0.4 µs on Python 3.11).
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

    __slots__ = ("state", "plan", "variant", "ways", "outcome", "pot", "movements", "net",
                 "change", "players", "paid", "looed", "loos", "whole", "notes", "tricks")

    def __init__(self, state: TableState, plan: Plan, variant: Variant,
                 outcome: Resolution, tricks: dict[str, int] | None = None) -> None:
        self.state = state
        self.plan = plan
        self.variant = variant
        self.ways: Ways = variant.compiled.ways
        self.outcome = outcome               # how the hand is resolved (checks.resolve)
        self.pot = 0
        #: The movements, the antes first; each player's net change, the pool's change, the
        #: sum of the players' changes and the chips paid into the pool by players, kept as
        #: movements are made.
        self.movements = list(plan.antes)
        self.net = dict(plan.ante_net)
        self.change = self.paid = plan.ante_paid
        self.players = -self.change
        self.looed: tuple[str, ...] = ()  # (tuples: most hands loo one player or none)
        self.loos: dict[str, int] = {}
        self.whole: str | None = None
        self.notes: tuple[str, ...] = ()
        #: The trick counts settled (the settlement keeps them).
        self.tricks = {} if tricks is None else tricks

    def pay(self, payer: str | None, payee: str | None, amount: int, way: Way,
            *figures: Any) -> None:
        """Move ``amount`` from ``payer`` to ``payee`` (None is the pool) ``way``, worded
        from ``figures``; zero moves nothing."""
        if amount < 0:
            raise ValueError(f"negative movement {amount} ({way.kind})")
        if amount:
            made = way.made.get((payer, payee, amount, figures))  # remembered (Way.make)
            self.movements.append(made or way.make(payer, payee, amount, figures))
            if payer is None:
                self.change -= amount
            else:
                self.net[payer] -= amount  # a player not dealt in is a bug: KeyError
                self.players -= amount
            if payee is None:
                self.change += amount
                if payer is not None:
                    self.paid += amount
            else:
                self.net[payee] += amount
                self.players += amount

    def memo(self, amount: int, way: Way, *figures: Any) -> None:
        """Chips that stay in the pool, recorded with their reason (pool to pool)."""
        self.pay(None, None, amount, way, *figures)

    def loo_amount(self) -> int:
        """L, what a looed player pays: loo_amount, P, or min(P, loo_limit)."""
        v = self.variant
        if v.loo == _LOO_UNLIMITED:
            return self.pot
        if v.loo == _LOO_MIXED:
            return min(self.pot, v.loo_limit)
        return v.loo_amount

    def loo_rule(self) -> RuleRef:
        """The parameters behind L, for the movement's rule."""
        return self.variant.compiled.loo_rule

    def loo(self, player: str, way: Way, amount: int | None = None, won: int = 0) -> None:
        """``player`` is looed (burned, in Lou, a renege's burn too) ``way`` (a loo's way
        names its cause) and pays L (or ``amount``) into the next pool; ``won`` is the
        tricks a burned player took."""
        amount = self.loo_amount() if amount is None else amount
        self.pay(player, None, amount, way, amount, won)
        # The payment counts as a loo (in Lou a burn): in the hand's looed and loos, as
        # stats, exports and highlights read them.
        self.looed += (player,)
        self.loos[player] = self.loos.get(player, 0) + amount

    def take_whole(self, player: str, way: Way, *figures: Any) -> None:
        """``player`` takes the whole pool in play, odd chips and all."""
        self.pay(None, player, self.pot, way, *figures)
        self.whole = player

    def note(self, text: str) -> None:
        self.notes += (text,)

    @property
    def paid_in(self) -> int:
        return self.paid

    @property
    def pool_after(self) -> int:
        return self.state.pool + self.change

    def finish(self, *, next_dealer: str, double: bool, lou_first: bool | None = None,
               lou_antes_due: bool | None = None,
               sit_out: frozenset[str] = _NONE) -> Settlement:
        """The settlement, and the table state for the next hand. ``last_had_loo`` is
        whether anyone was looed (a loo paid: a Lou burn or a ``pays-pool`` revoke too).
        Raises :class:`ConservationError` if the book's running sums do not conserve chips
        (the players' changes and the pool's sum to zero, a change for each player dealt
        in, the pool never negative)."""
        state, plan = self.state, self.plan
        pool_after = state.pool + self.change
        if self.players + self.change or len(self.net) != len(plan.dealt) or pool_after < 0:
            raise ConservationError(
                f"hand {state.hand_no}: chips not conserved: deltas {self.net} and the pool "
                f"{state.pool} -> {pool_after} for the players dealt in {plan.dealt}")
        next_state = TableState(
            seats=state.seats, dealer=next_dealer, pool=pool_after, double=double,
            lou_first=state.lou_first if lou_first is None else lou_first,
            lou_antes_due=state.lou_antes_due if lou_antes_due is None else lou_antes_due,
            sit_out=sit_out, hand_no=state.hand_no + 1, last_had_loo=bool(self.looed))
        # In the order of Settlement's fields (model.py says why not by name): hand_no,
        # dealer, dealt, movements, deltas, pool_in, pot, pool_after, double, outcome,
        # next_state, looed, loos, whole, kind, words, notes, table_ruling, rules_deltas,
        # tricks.
        return Settlement(
            state.hand_no, plan.dealer, plan.dealt, tuple(self.movements), self.net,
            state.pool, self.pot, pool_after, state.double, self.outcome,
            next_state, self.looed, self.loos, self.whole, plan.kind,
            plan.words, self.notes, None, {}, self.tricks)
