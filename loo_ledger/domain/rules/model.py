"""The facts of a hand, the state of the table, and what a settlement moves.

All amounts are whole units (white chips, chips or cents); never floats.
The pool is written ``None`` wherever an account is named.

The records are ``msgspec.Struct`` classes, frozen and keyword-only like the dataclasses they
replace (equal field by field, hashable when their fields are, ``AttributeError`` on
assignment): a class costs microseconds to define at start-up, not the dataclass's compiled
methods, and an instance is several times cheaper to make, once per hand. The rules
(domain/rules/variants.py ``Variant``, domain/cards/play_rules.py ``PlayRules``) stay
frozen dataclasses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import msgspec

from loo_ledger.domain.rules.codes import (
    DealKind,
    LooCause,
    MovementKind,
    Resolution,
    RuleRef,
    Suit,
    Word,
)

if TYPE_CHECKING:
    from loo_ledger.domain.cards.facts import CardFacts

#: The suits as text, for callers that list them (the codes are :class:`Suit`).
SUITS: tuple[str, ...] = tuple(Suit)


class Flush(msgspec.Struct, frozen=True, kw_only=True):
    """A flush as recorded: ``kind`` is the text typed (a :class:`FlushKind` when valid)."""

    player: str
    kind: str
    suit: str | None = None
    cards: tuple[str, ...] = ()


class Penalty(msgspec.Struct, frozen=True, kw_only=True):
    """A penalty as recorded: ``kind`` is the text typed (a :class:`PenaltyKind` when valid)."""

    player: str
    kind: str


class CardRecord(msgspec.Struct, frozen=True, kw_only=True):
    """The cards of a hand as written down (any part may be missing), each card as typed
    (``As``, ``10h``, ``J♣``; domain/cards/deck.py reads them).

    ``trump_card`` was turned after the deal; ``turned`` was turned when someone first failed
    to follow in a simple pool; ``miss`` the miss if seen; ``dealt`` and ``exchanged`` each
    player's cards as dealt and after the exchange (or the miss taken); ``tricks`` the tricks
    in order, each as the cards played from its leader round; ``civil`` the tricks to which
    "Pam be civil" was said.
    """

    trump_card: str | None = None
    turned: str | None = None
    miss: tuple[str, ...] | None = None
    dealt: Mapping[str, tuple[str, ...]] = msgspec.field(default_factory=dict)
    exchanged: Mapping[str, tuple[str, ...]] = msgspec.field(default_factory=dict)
    tricks: tuple[tuple[str, ...], ...] = ()
    civil: tuple[int, ...] = ()


class HandRecord(msgspec.Struct, frozen=True, kw_only=True):
    """What the table says happened, as typed: the raw facts and the source of truth.

    Words, kinds and suits are kept as typed (text); the engine reads them into codes and
    reports what it cannot read. ``deltas`` may name only some players (see settle).
    """

    dealer: str | None = None
    sitting_out: tuple[str, ...] = ()
    trump: str | None = None
    declarations: Mapping[str, str] | None = None
    exchanges: Mapping[str, int] = msgspec.field(default_factory=dict)
    flushes: tuple[Flush, ...] = ()
    pam_holder: str | None = None
    tricks: Mapping[str, int] | None = None
    penalties: tuple[Penalty, ...] = ()
    deltas: Mapping[str, int] | None = None
    table_ruling: str | None = None
    note: str | None = None
    cards: CardRecord | None = None


class TableState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The table between hands: everything the next hand's rules depend on.

    ``dealer`` is who deals next (by rotation), ``double`` whether the next pool
    is double, ``lou_first`` whether the next Lou deal is a first deal and
    ``lou_antes_due`` whether its antes are still to be paid (a first deal
    redealt after a renege keeps its antes). ``sit_out`` must sit the next
    deal out (Lou's reneger). ``hand_no`` is the next hand's 1-based number.
    ``last_had_loo`` whether the last deal had a loo: ``ante_model=stakes`` and
    ``replenish`` and ``force_after_single`` key on it (RULES.md), never on ``double``.
    """

    seats: tuple[str, ...]
    dealer: str
    pool: int = 0
    double: bool = False
    lou_first: bool = True
    lou_antes_due: bool = True
    sit_out: frozenset[str] = frozenset()
    hand_no: int = 1
    last_had_loo: bool = False


def opening_state(players: tuple[str, ...] | list[str], first_dealer: str,
                  opening_pool: int = 0) -> TableState:
    """The table before the first hand of a session.

    A pool carried in from an earlier session makes the first deal double and,
    in Lou, the game already under way. It is also read as left by a deal with a loo:
    chips are carried on by loos (a deal without one leaves at most its odd chips), so the
    first deal of the new session continues the old one as a double would, with no
    replenishing ante, only the dealer's single stake, and no force.

    >>> opening_state(("A", "B"), "B", 12).last_had_loo
    True
    """
    carried = opening_pool > 0
    return TableState(seats=tuple(players), dealer=first_dealer, pool=opening_pool,
                      double=carried, lou_first=not carried, lou_antes_due=not carried,
                      last_had_loo=carried)


class Movement(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Chips moving from ``payer`` to ``payee`` (``None`` is the pool): what kind of
    movement it is, the reason in words (domain/settlement/wording.py), the rule behind it and, for
    a loo, its cause."""

    payer: str | None
    payee: str | None
    amount: int
    kind: MovementKind
    reason: str
    rule: RuleRef = RuleRef()
    cause: LooCause | None = None


class Settlement(msgspec.Struct, frozen=True, gc=False):
    """What one hand moves and where it leaves the table.

    ``deltas`` has every dealt player's net change (dealer's ante included);
    ``pool_in`` is the pool carried in, ``pot`` the pool in play (P) and
    ``pool_after`` what is carried on. ``looed`` are those looed (burned, in Lou)
    and ``loos`` what each paid for it; ``whole`` took the whole pool. ``kind`` is
    the deal's kind (see legal.deal_shape), ``outcome`` how it was resolved, and ``words``
    each dealt player's word (``fold`` read as ``pass``; ``stand`` for everyone in a deal
    with no choice; the dealer's word is absent where every other player passed and it
    was left out of the record).

    Under a table ruling ``deltas`` are the table's figures and ``rules_deltas`` the rules'
    figure for each player the table named (both printed by ``loo hands``/``loo explain``);
    players not named keep the rules' figure and the pool takes up the difference.
    ``next_state`` is the table as the next hand finds it.

    Unlike the other records it may be built positionally, in the order of its fields:
    the engine does so once per hand (domain/settlement/book.py ``Book.finish``), as a call
    naming sixteen or more keywords is compiled to build a dict of them first (CPython's
    ``STACK_USE_GUIDELINE``), which costs more than the rest of the settlement's
    construction. Everywhere else name the fields.
    """

    hand_no: int
    dealer: str
    dealt: tuple[str, ...]
    movements: tuple[Movement, ...]
    deltas: Mapping[str, int]
    pool_in: int
    pot: int
    pool_after: int
    double: bool
    outcome: Resolution
    next_state: TableState
    looed: tuple[str, ...] = ()
    loos: Mapping[str, int] = msgspec.field(default_factory=dict)
    whole: str | None = None
    kind: DealKind = DealKind.DECLARED
    words: Mapping[str, Word] = msgspec.field(default_factory=dict)
    notes: tuple[str, ...] = ()
    table_ruling: str | None = None
    rules_deltas: Mapping[str, int] = msgspec.field(default_factory=dict)
    #: The trick counts settled (the record's, or those judged from its cards), and what
    #: the cards show for statistics (domain/cards/facts.py; None without judged tricks).
    tricks: Mapping[str, int] = msgspec.field(default_factory=dict)
    cards: CardFacts | None = None

    @property
    def pool_change(self) -> int:
        return self.pool_after - self.pool_in


def net_changes(movements: Iterable[Movement]) -> tuple[dict[str, int], int]:
    """Each player's net change and the pool's, from a list of movements.

    >>> m = [Movement(payer="Ann", payee=None, amount=9, kind=MovementKind.ANTE, reason="ante"),
    ...      Movement(payer=None, payee="Ben", amount=3, kind=MovementKind.SHARE,
    ...               reason="1 trick at 3")]
    >>> net_changes(m)
    ({'Ann': -9, 'Ben': 3}, 6)
    """
    players: dict[str, int] = {}
    pool = 0
    for m in movements:
        if m.payer is None:
            pool -= m.amount
        else:
            players[m.payer] = players.get(m.payer, 0) - m.amount
        if m.payee is None:
            pool += m.amount
        else:
            players[m.payee] = players.get(m.payee, 0) + m.amount
    return players, pool


class Unit(msgspec.Struct, frozen=True, kw_only=True):
    """What one chip unit is worth, for money reports. ``value`` is a decimal string."""

    name: str = "chip"
    value: str | None = None
    currency: str | None = None


class RuleChange(msgspec.Struct, frozen=True, kw_only=True):
    """Rules changed part-way through a session: ``rules`` (parameter -> value, as typed)
    are in force from hand ``from_hand`` on, on top of the session's rules and every
    earlier change."""

    from_hand: int
    rules: Mapping[str, object] = msgspec.field(default_factory=dict)


class Session(msgspec.Struct, frozen=True, kw_only=True):
    """One evening at one table: the rules agreed, who sat where, every hand in order;
    ``rule_changes`` (in order of ``from_hand``) change the rules from a later hand on."""

    variant: str
    players: tuple[str, ...]
    first_dealer: str
    hands: tuple[HandRecord, ...] = ()
    rules: Mapping[str, object] = msgspec.field(default_factory=dict)
    name: str | None = None
    started_at: str | None = None
    unit: Unit | None = None
    opening_pool: int = 0
    buy_in: int | None = None
    rule_changes: tuple[RuleChange, ...] = ()
