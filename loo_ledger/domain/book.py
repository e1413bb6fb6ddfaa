"""The book of one hand's chip movements, from which the settlement is read."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from loo_ledger.domain.codes import Game, LooKind, MovementKind, Resolution, RuleRef
from loo_ledger.domain.deal import Deal
from loo_ledger.domain.model import Movement, Settlement, TableState, net_changes
from loo_ledger.domain.variants import Variant


def rule(v: Variant, name: str, *more: str, source: str | None = None) -> RuleRef:
    """A reference to parameter ``name`` (and ``more``) with this table's values.

    >>> from loo_ledger.domain.variants import variant
    >>> rule(variant("three-card"), "loo", "loo_amount").text()
    'loo=limited; loo_amount=9'
    """
    return RuleRef(param=name, value=v.value_text(name), source=source or v.sources.get(name),
                   also=tuple((n, v.value_text(n)) for n in more))


class Book(msgspec.Struct, kw_only=True):
    """Movements as they are made; ``pot`` is P, the pool in play, once antes are in."""

    state: TableState
    deal: Deal
    variant: Variant
    outcome: Resolution                  # how the hand is resolved (checks.resolve)
    pot: int = 0
    movements: list[Movement] = msgspec.field(default_factory=list)
    looed: list[str] = msgspec.field(default_factory=list)
    loos: dict[str, int] = msgspec.field(default_factory=dict)
    whole: str | None = None
    notes: list[str] = msgspec.field(default_factory=list)
    #: The pool's change and the chips paid into it by players so far, kept as movements
    #: are made (never recomputed from the movement list).
    change: int = 0
    paid: int = 0

    def pay(self, payer: str | None, payee: str | None, amount: int, reason: str,
            rule: RuleRef, *, kind: MovementKind) -> None:
        """Move ``amount`` from ``payer`` to ``payee`` (None is the pool); zero moves nothing."""
        if amount < 0:
            raise ValueError(f"negative movement {amount} for {reason}")
        if amount:
            self.movements.append(Movement(payer=payer, payee=payee, amount=amount,
                                           kind=kind, reason=reason, rule=rule))
            if payer is None:
                self.change -= amount
            if payee is None:
                self.change += amount
                if payer is not None:
                    self.paid += amount

    def memo(self, amount: int, reason: str, rule: RuleRef) -> None:
        """Chips that stay in the pool, recorded with their reason (pool to pool)."""
        self.pay(None, None, amount, reason, rule, kind=MovementKind.STAYS)

    def loo_amount(self) -> int:
        """L, what a looed player pays: loo_amount, P, or min(P, loo_limit)."""
        v = self.variant
        if v.loo == LooKind.UNLIMITED:
            return self.pot
        if v.loo == LooKind.MIXED:
            return min(self.pot, v.loo_limit)
        return v.loo_amount

    def loo_rule(self) -> RuleRef:
        """The parameters behind L, for the movement's rule."""
        v = self.variant
        detail = {LooKind.LIMITED: ("loo_amount",), LooKind.MIXED: ("loo_limit",)}
        return rule(v, "loo", *detail.get(v.loo, ()))

    def loo(self, player: str, reason: str, amount: int | None = None,
            why: RuleRef | None = None) -> None:
        """``player`` is looed (burned, in Lou) and pays L (or ``amount``) into the next pool."""
        amount = self.loo_amount() if amount is None else amount
        pool = "pot" if self.variant.game == Game.LOU else "pool"
        self.pay(player, None, amount, f"{reason}: pays the {pool} {amount}",
                 why or self.loo_rule(), kind=MovementKind.LOO)
        self.looed.append(player)
        self.loos[player] = self.loos.get(player, 0) + amount

    def take_whole(self, player: str, reason: str, why: RuleRef) -> None:
        """``player`` takes the whole pool in play, odd chips and all."""
        self.pay(None, player, self.pot, reason, why, kind=MovementKind.WHOLE_POOL)
        self.whole = player

    def note(self, text: str) -> None:
        self.notes.append(text)

    @property
    def paid_in(self) -> int:
        return self.paid

    @property
    def pool_after(self) -> int:
        return self.state.pool + self.change

    def finish(self, *, next_dealer: str, double: bool, lou_first: bool | None = None,
               lou_antes_due: bool | None = None,
               sit_out: frozenset[str] = frozenset()) -> Settlement:
        """The settlement, and the table state for the next hand. ``last_had_loo`` is
        whether anyone was looed (a loo paid: a Lou burn or a ``pays-pool`` revoke too)."""
        players, _ = net_changes(self.movements)
        deltas = {p: players.get(p, 0) for p in self.deal.dealt}
        state = self.state
        next_state = replace(
            state, dealer=next_dealer, pool=self.pool_after, double=double,
            hand_no=state.hand_no + 1, sit_out=sit_out, last_had_loo=bool(self.looed),
            lou_first=state.lou_first if lou_first is None else lou_first,
            lou_antes_due=state.lou_antes_due if lou_antes_due is None else lou_antes_due)
        return Settlement(
            hand_no=state.hand_no, dealer=self.deal.dealer, dealt=self.deal.dealt,
            movements=tuple(self.movements), deltas=deltas, pool_in=state.pool,
            pot=self.pot, pool_after=self.pool_after, double=state.double,
            outcome=self.outcome, looed=tuple(self.looed),
            loos=dict(self.loos), whole=self.whole, kind=self.deal.kind,
            words=dict(self.deal.words),
            notes=tuple(self.notes), next_state=next_state)
