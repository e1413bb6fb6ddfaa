"""One session as the reports see it: who played, every hand, balances, money.

A loaded Evening reads its hands from the ledger's cursor each time they are gone
through (:class:`HandRows`), and what it knows hand by hand (the tricks settled, who took
a pool) as it is asked for, so a report's memory does not grow with the session (issue
19, item 13); an Evening made by hand (the tests) holds lists and dicts.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from datetime import datetime
from decimal import Decimal
from functools import cached_property
from typing import Any

import msgspec
from msgspec.structs import replace

from loo_ledger.domain.rules.codes import Game, MovementKind
from loo_ledger.domain.rules.money import allocate, money, money_text
from loo_ledger.domain.rules.variants import rule_words
from loo_ledger.store.rows import HandRow


class HandRows(Collection[HandRow]):
    """A session's hand rows (Ledger.iter_hands), read from a new cursor each time they
    are gone through: ``len`` and truthiness without reading them."""

    def __init__(self, rows: Callable[[], Iterator[HandRow]], count: int):
        self._rows, self._count = rows, count

    def __iter__(self) -> Iterator[HandRow]:
        return self._rows()

    def __len__(self) -> int:
        return self._count

    def __contains__(self, item: object) -> bool:
        return any(row == item for row in self)


class InOrder(Mapping[int, Any]):
    """A mapping by hand number read from an ordered stream of (number, value) pairs: asked
    for hands in increasing order (as a report goes through the hands) it reads the stream
    once, holding one pair; asked for an earlier hand, it starts the stream again.

    >>> tricks = InOrder(lambda: iter([(1, "a"), (3, "c")]))
    >>> tricks.get(1), tricks.get(2), tricks.get(3), tricks.get(1), len(tricks), list(tricks)
    ('a', None, 'c', 'a', 2, [1, 3])
    """

    def __init__(self, pairs: Callable[[], Iterator[tuple[int, Any]]]):
        self._pairs = pairs
        self._it: Iterator[tuple[int, Any]] | None = None
        self._head: tuple[int, Any] | None = None  # the next pair not gone past
        self._asked = 0

    def __getitem__(self, number: int) -> Any:
        if self._it is None or number < self._asked:
            self._it = self._pairs()
            self._head = next(self._it, None)
        self._asked = number
        while self._head is not None and self._head[0] < number:
            self._head = next(self._it, None)
        if self._head is not None and self._head[0] == number:
            return self._head[1]
        raise KeyError(number)

    def __iter__(self) -> Iterator[int]:
        return (n for n, _ in self._pairs())

    def __len__(self) -> int:
        return sum(1 for _ in self._pairs())


class PerHand(Mapping[int, Any]):
    """A mapping by hand number whose value is read when asked for (``fetch``; None: no
    value), for what a report needs of one or two hands only."""

    def __init__(self, fetch: Callable[[int], Any], numbers: Callable[[], Iterator[int]]):
        self._fetch, self._numbers = fetch, numbers

    def __getitem__(self, number: int) -> Any:
        value = self._fetch(number)
        if value is None:
            raise KeyError(number)
        return value

    def __iter__(self) -> Iterator[int]:
        return (n for n in self._numbers() if self._fetch(n) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


# dict=True: a __dict__ beside the slots, for the cached_property below.
class Evening(msgspec.Struct, frozen=True, kw_only=True, dict=True):
    """A stored session, read once; everything the reports need and nothing else.

    ``hands`` are the Ledger's hand rows (``number``, ``dealer``, ``pot``,
    ``double``, ``deltas``, ``pool_after``, ``looed``, ``record``...);
    ``nets`` are the stored balances, in seat order.
    """

    session_id: int
    name: str | None
    started_at: str | None
    variant: str
    rules: dict[str, Any]
    unit_name: str | None
    unit_value: str | None
    currency: str | None
    players: list[str]
    opening_pool: int
    pool: int
    nets: dict[str, int]
    hands: Collection[HandRow]
    lou: bool = False            # Lou: a pot, cents, burned
    simple_double: bool = True   # whether the game has simple and double pools (legal)
    #: hand -> who took the whole pool
    whole: Mapping[int, str] = msgspec.field(default_factory=dict)
    #: hand -> who took shares
    sharers: Mapping[int, list[str]] = msgspec.field(default_factory=dict)
    #: hand -> each player's tricks as settled (judged from the cards where none recorded)
    tricks: Mapping[int, dict[str, int]] = msgspec.field(default_factory=dict)
    #: player -> figures from recorded cards (store/stats_sql.py card_totals); empty without cards
    cards: dict[str, dict[str, int]] = msgspec.field(default_factory=dict)
    #: The hands without their records (``record`` empty), read faster, for what needs only
    #: their facts (the charts, the highlights); None: ``hands``.
    facts: Collection[HandRow] | None = None

    @classmethod
    def load(cls, ledger: Any, session_id: int) -> Evening:
        """Read session ``session_id`` through the Ledger (NotFound if there is none)."""
        from loo_ledger.domain.next.legal import has_simple_double  # noqa: PLC0415 (the rules: not for `loo export` of a session)
        from loo_ledger.services.pool import stored_variant  # noqa: PLC0415 (the variant: not for `loo export` of a session)
        from loo_ledger.store.stats_sql import StatsReader  # noqa: PLC0415 (the stats reader: not for `loo export`)
        info = ledger.session(session_id)
        bal = ledger.balances(session_id)
        v = stored_variant(ledger, session_id)
        reader = StatsReader(ledger.db)

        def takers(hand: int) -> tuple[str | None, list[str]]:
            """Who took hand ``hand``'s whole pool, and who took shares of it (the
            movements' kinds, never their words)."""
            whole, sharers = None, []
            for m in ledger.movements(session_id, hand):
                if m["kind"] == MovementKind.WHOLE_POOL and m["payee"]:
                    whole = m["payee"]
                elif (m["kind"] == MovementKind.SHARE and m["payee"] and m["amount"] > 0
                      and m["payee"] not in sharers):
                    sharers.append(m["payee"])
            return whole, sharers

        def numbers() -> Iterator[int]:
            return (h["number"] for h in ledger.iter_hands(session_id))

        count = next((s["hands"] for s in ledger.sessions() if s["id"] == session_id), 0)
        return cls(session_id=session_id, name=info.get("name"),
                   # a session begun without --when is dated when it was stored
                   started_at=info.get("started_at") or info.get("created_at"),
                   variant=info["variant"],
                   rules=dict(info.get("rules") or {}), unit_name=info.get("unit_name"),
                   unit_value=info.get("unit_value"), currency=info.get("currency"),
                   players=[p["name"] for p in bal["players"]],
                   opening_pool=info.get("opening_pool") or 0, pool=bal["pool"],
                   nets={p["name"]: p["net"] for p in bal["players"]},
                   hands=HandRows(lambda: ledger.iter_hands(session_id), count),
                   lou=v.game == Game.LOU, simple_double=has_simple_double(v),
                   whole=PerHand(lambda n: takers(n)[0], numbers),
                   sharers=PerHand(lambda n: takers(n)[1] or None, numbers),
                   tricks=InOrder(lambda: reader.iter_hand_tricks(session_id)),
                   facts=HandRows(lambda: ledger.iter_hands(session_id, records=False), count),
                   cards=reader.card_totals(session_id))

    @property
    def card_lines(self) -> list[str]:
        """A line or two "from the cards" (issue 12) when some hand has card records."""
        if not self.cards:
            return []
        c = {k: sum(r[k] for r in self.cards.values()) for k in next(iter(self.cards.values()))}
        by = ", ".join(f"{p} {r['trumps_led']}" for p, r in self.cards.items() if r["trumps_led"])
        n, led = c["first_leads"], c["trumps_led"]
        lines = [f"From the cards ({n} hand{'' if n == 1 else 's'}): the eldest in play won "
                 f"the first trick in {c['first_won']}; {led} trick{'' if led == 1 else 's'} "
                 "led with a trump" + (f" ({by})" if by else "") + "."]
        pam = ", ".join(f"{p} {r['pam_tricks']}" for p, r in self.cards.items() if r["pam_tricks"])
        caught = ", ".join(f"{p} {r['revokes_caught']}" for p, r in self.cards.items()
                           if r["revokes_caught"])
        more = [f"tricks won with Pam: {pam}" if pam else "",
                f"revokes the ledger caught: {caught}" if caught else ""]
        if any(more):
            text = "; ".join(m for m in more if m)
            lines.append(text[0].upper() + text[1:] + ".")
        return lines

    def only_hands(self, numbers: Collection[int]) -> Evening:
        """The evening with only the hands ``numbers`` (a report's hand filters): the
        running nets and charts then add up those hands alone."""

        def chosen(rows: Collection[HandRow]) -> HandRows:
            return HandRows(lambda: (h for h in rows if h["number"] in numbers),
                            sum(1 for h in self.hand_facts if h["number"] in numbers))
        return replace(self, hands=chosen(self.hands),
                       facts=None if self.facts is None else chosen(self.facts))

    @property
    def hand_facts(self) -> Collection[HandRow]:
        """The hands for what needs only their facts (number, dealer, deltas, pot, pools,
        looed): :attr:`facts` when loaded, else :attr:`hands`."""
        return self.hands if self.facts is None else self.facts

    @property
    def pool_word(self) -> str:
        """ "pot" in Lou, else "pool"."""
        return "pot" if self.lou else "pool"

    @property
    def title(self) -> str:
        """The session's name, or "Session N"."""
        return self.name or f"Session {self.session_id}"

    @property
    def date(self) -> str:
        """When it started, for people ("Fri 14 Mar 2025, 19:45"), or ""."""
        if not self.started_at:
            return ""
        try:
            when = datetime.fromisoformat(self.started_at)
        except ValueError:
            return self.started_at
        return f"{when:%a} {when.day} {when:%b %Y, %H:%M}"

    @property
    def best_first(self) -> list[str]:
        """The players, the best net first (seat order on a tie), as every report lists them."""
        return sorted(self.players, key=lambda p: -self.nets[p])

    @property
    def head(self) -> list[str]:
        """What every report says under its title: the date (when play began, else when the
        session was stored), the variant, "1 hand" / "34 hands", the unit."""
        n = len(self.hands)
        count = f"{n} hand{'' if n == 1 else 's'}"
        return [x for x in (self.date, self.variant_text, count, self.unit_text) if x]

    @property
    def variant_text(self) -> str:
        """The variant with its house rules: "three-card (loo=mixed, loo_limit=90)"."""
        rules = ", ".join(rule_words(self.rules))
        return f"{self.variant} ({rules})" if rules else self.variant

    @property
    def unit_text(self) -> str:
        """ "white chip = £0.05", "chip", or "chips" when there is no unit."""
        name = self.unit_name or ("cents" if self.lou else "chips")
        if self.unit_value is None:
            return name
        return f"{name} = {money_text(Decimal(self.unit_value), self.currency)}"

    @property
    def units(self) -> str:
        """The unit's name in the plural ("white chips", "cents"; "chips" without a unit)."""
        unit = self.unit_name or ("cent" if self.lou else "chip")
        return unit if unit.endswith("s") else unit + "s"

    @cached_property
    def _balance_money(self) -> list[Decimal] | None:
        """Each player's net then the pool, allocated together (loo_ledger.domain.rules.money):
        they sum to the opening pool's money, to the cent. None without a unit value."""
        if self.unit_value is None:
            return None
        return allocate([*(self.nets[p] for p in self.players), self.pool], self.unit_value)

    def net_money(self, player: str) -> Decimal | None:
        """A player's net in money, his share of the balances' total; None without a value."""
        cash = self._balance_money
        return None if cash is None else cash[self.players.index(player)]

    @property
    def pool_money(self) -> Decimal | None:
        """The chips in the pool in money, as the balances show it; None without a value."""
        cash = self._balance_money
        return None if cash is None else cash[-1]

    def money(self, chips: int) -> Decimal | None:
        """One amount on its own (a pot, a hand's gain) in money, or None without a value.
        Balances use :meth:`net_money` and :attr:`pool_money`, which sum to their total."""
        return money(chips, self.unit_value)

    def money_text(self, chips: int) -> str:
        """One amount on its own as "-£1.35", or "" without a value."""
        return money_text(self.money(chips), self.currency)

    def net_money_text(self, player: str) -> str:
        """A player's net in money as "-£1.35", or "" without a value."""
        return money_text(self.net_money(player), self.currency)

    def pool_money_text(self) -> str:
        """The pool in money as "£0.45", or "" without a value."""
        return money_text(self.pool_money, self.currency)

    def chips_text(self, chips: int, *, cash: str | None = None) -> str:
        """ "36 white chips (£1.80)", or "36 chips" without a unit value.

        ``cash``: the money to show when it is part of a total (e.g. :meth:`pool_money_text`);
        by default the amount on its own."""
        unit = self.unit_name or ("cent" if self.lou else "chip")
        plural = "" if chips in (1, -1) or unit.endswith("s") else "s"
        text = f"{chips} {unit}{plural}"
        cash = self.money_text(chips) if cash is None else cash
        return f"{text} ({cash})" if cash else text
