"""The state of the table to show, for both screens that follow a session: ``loo table``
(tui/) and ``loo serve`` (web/, through services/live.py). One typed
:class:`TableSnapshot` says each seated player's standing and money, the pool, the antes
due, who deals next, simple or double (Lou: first deal or later, the burn) and each
player's change in the last hand; every view formats it, none works a figure out again.

:func:`snapshot` reads only what the one writer stored (services/pool.py's next deal,
the balances, the last hand's row), so it costs the same on any session. No rule is
worked out here: who deals, the antes and the kind of deal are the stored answers of
``domain.legal`` and the engine, the seat order the domain's rotation, the money the
domain's allocation (nets and pool together, so they sum to the cent).

:class:`LastHand` gives the last hand in the engine's words (the store keeps facts, not
prose) for a view to show when it has it: the session settled again the first time,
then, while hands are only added, each new hand settled alone from the state the last
one left. :func:`change_mark` is the cheap question a view asks on a timer: it differs
after another connection commits to the ledger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from loo_ledger.domain.next.rotation import rotate_from_left
from loo_ledger.errors import LooError
from loo_ledger.formats.handcodec import record_from_dict
from loo_ledger.services.pool import antes_due, pool_view, row_variant, stored_variant

if TYPE_CHECKING:
    from loo_ledger.domain.rules.model import Settlement, TableState
    from loo_ledger.store.ledger import Ledger

__all__ = ["Ante", "LastHand", "PlayerLine", "TableSnapshot", "change_mark", "current",
           "snapshot"]


class PlayerLine(msgspec.Struct, frozen=True, kw_only=True):
    """One seated player: ``net`` chips since the session began; ``money`` its value (a
    decimal string, as ``loo balances --json`` gives it; None without a unit value) and
    ``money_text`` the same for people ("-£0.75"; "" without a value); ``last`` the change
    in the last hand (None if not dealt in, or no hand yet); ``looed`` (burned, in Lou) in
    the last hand; ``present`` (False: has left the table, keeps the balance);
    ``sits_out`` must sit out the next deal (Lou's reneger); ``deals_next``."""

    name: str
    net: int
    money: str | None
    money_text: str
    last: int | None
    looed: bool
    present: bool
    sits_out: bool
    deals_next: bool


class Ante(msgspec.Struct, frozen=True):
    """What ``player`` antes before the next deal, in all (services/pool.antes_due: a Lou
    dealer's ante and his share of a first deal's are one figure)."""

    player: str
    amount: int


class TableSnapshot(msgspec.Struct, frozen=True, kw_only=True):
    """A session's table between two hands. ``players`` run from the next dealer's left,
    the dealer last. ``marks``: whether "simple" and "double" mean something at this table
    (legal.has_simple_double), ``double`` the next pool's kind, and ``pool_kind`` the same
    in a word ("simple", "double"; "" where they mean nothing). ``lou_first``: whether the
    next Lou deal is a first deal (None outside Lou), ``burn`` and ``burn_cap`` what a
    burned player pays now (None outside Lou). ``deal`` and ``why``: the next deal's kind
    (legal.deal_shape). ``last_hand``: the last hand's number (None before the first)."""

    session_id: int
    name: str                # the session's name, or "Session N"
    variant: str             # its house rules' name, or the variant's
    game: str                # "loo" or "lou"
    lou: bool
    pool_word: str           # "pool", or "pot" in Lou
    unit: str                # the unit's name ("chips" without one)
    units: str               # the unit in the plural ("white chips", "cents")
    unit_value: str | None   # what one unit is worth (a decimal string; None: no value)
    currency: str | None
    closed: bool
    hands: int               # hands recorded
    players: tuple[PlayerLine, ...]
    pool: int
    pool_money: str | None
    pool_money_text: str
    next_hand: int
    next_dealer: str
    antes: tuple[Ante, ...]
    marks: bool
    double: bool
    pool_kind: str
    lou_first: bool | None
    burn: int | None
    burn_cap: int | None
    deal: str
    why: str
    last_hand: int | None


def change_mark(ledger: Ledger) -> int:
    """SQLite's ``data_version`` of this connection: it changes when another connection
    commits to the ledger (this connection's own writes leave it as it is)."""
    return ledger.db.data_version()


def _money(chips: list[int], value: str | None, currency: str | None
           ) -> list[tuple[str | None, str]]:
    """Each figure's money, allocated together (they sum to the total's, to the cent), as
    (a decimal string, the text for people)."""
    if value is None:
        return [(None, "")] * len(chips)
    from loo_ledger.domain.rules.money import allocate, money_text
    return [(str(m), money_text(m, currency)) for m in allocate(chips, value)]


def current(ledger: Ledger, session: int | None = None) -> TableSnapshot | None:
    """Session ``session``'s table (the current session's when None; None when no session
    is current), read in one snapshot of the ledger."""
    with ledger.db.snapshot():
        sid = ledger.current_session_id() if session is None else session
        return None if sid is None else snapshot(ledger, sid)


def snapshot(ledger: Ledger, sid: int, *, money: bool = True) -> TableSnapshot:
    """Session ``sid``'s table, from what is stored (nothing is settled again; NotFound
    when there is no such session). ``money=False``: the money left out (every money None,
    its text ""), for a view that shows the chips first: money is written by Babel, whose
    locale data take tens of milliseconds to load the first time."""
    with ledger.db.snapshot():
        row = ledger.session(sid)
        view: dict[str, Any] = pool_view(ledger, sid)
        balances = ledger.balances(sid)
        present = set(ledger.present_players(sid))
        status = view["status"]
        count = status["next_hand"] - 1
        last = next(ledger.iter_hands(sid, count, records=False), None) if count > 0 \
            else None
    nets = {p["name"]: p["net"] for p in balances["players"]}
    seats = tuple(row["players"])
    dealer = status["next_dealer"]
    order = rotate_from_left(seats, dealer) if dealer in seats else seats
    value = row["unit_value"]
    cash = _money([*(nets[p] for p in order), balances["pool"]],
                  value if money else None, row["currency"])
    deltas = last["deltas"] if last is not None else {}
    looed = set(last["looed"]) if last is not None else set()
    sitting_out = set(status["sitting_out"])
    players = tuple(PlayerLine(name=p, net=nets[p], money=cash[i][0], money_text=cash[i][1],
                               last=deltas.get(p), looed=p in looed, present=p in present,
                               sits_out=p in sitting_out, deals_next=p == dealer)
                    for i, p in enumerate(order))
    game = str(row_variant(row).game)
    lou = game == "lou"
    unit = row["unit_name"] or ("cent" if lou else "chip")
    marks = bool(view["marks"])
    return TableSnapshot(
        session_id=sid, name=row["name"] or f"Session {sid}",
        variant=row["house_rule"] or row["variant"], game=game, lou=lou,
        pool_word="pot" if lou else "pool", unit=row["unit_name"] or "chips",
        units=unit if unit.endswith("s") else unit + "s",
        unit_value=None if value is None else str(value), currency=row["currency"],
        closed=row["closed_at"] is not None, hands=count, players=players,
        pool=balances["pool"], pool_money=cash[-1][0], pool_money_text=cash[-1][1],
        next_hand=status["next_hand"], next_dealer=dealer,
        antes=tuple(Ante(p, n) for p, n in antes_due(status).items()),
        marks=marks, double=bool(status["double"]),
        pool_kind=("double" if status["double"] else "simple") if marks else "",
        lou_first=status.get("first_deal"), burn=status.get("burn"),
        burn_cap=status.get("burn_cap"), deal=status["deal"], why=status["why"],
        last_hand=last["number"] if last is not None else None)


class LastHand:
    """The last hand of one session as the engine settles it, kept between calls: the
    whole session settled again the first time (or whenever anything but new hands has
    changed), and after that each hand added settled alone from the state the hand before
    it left, kept only if it leaves the state the ledger stored and the changes it
    stored (else the whole session again). Used from one thread at a time."""

    def __init__(self, sid: int) -> None:
        self.sid = sid
        self._after: tuple[int, TableState] | None = None   # (hand, the state it left)
        self._last: Settlement | None = None

    def settled(self, ledger: Ledger) -> Settlement | None:
        """The last hand of the session as it is now (None: no hand yet)."""
        with ledger.db.snapshot():
            final = ledger.final_state(self.sid)
            n = final.hand_no - 1
            if n == 0:
                self._after, self._last = None, None
                return None
            if self._last is not None and self._last.hand_no == n \
                    and self._last.next_state == final:
                return self._last
            got = self._next_alone(ledger, n, final) or self._replay(ledger)
        if got is not None:
            self.keep(got)
        return got

    def keep(self, settled: Settlement) -> None:
        """``settled`` is the session's last hand now (this screen has just recorded it)."""
        self._after, self._last = (settled.hand_no, settled.next_state), settled

    def _next_alone(self, ledger: Ledger, n: int, final: TableState) -> Settlement | None:
        """Hand ``n`` settled from the state hand ``n - 1`` left, if that is known and the
        result agrees with what the ledger stored; else None."""
        if self._after is None or self._after[0] != n - 1:
            return None
        from loo_ledger.domain.settlement.engine import settle
        row = next(ledger.iter_hands(self.sid, n), None)
        if row is None or row["number"] != n:
            return None
        try:
            s = settle(record_from_dict(row["record"]), self._after[1],
                       stored_variant(ledger, self.sid, n))
        except LooError:
            return None
        return s if s.next_state == final and dict(s.deltas) == row["deltas"] else None

    def _replay(self, ledger: Ledger) -> Settlement | None:
        from loo_ledger.domain.settlement.session import replay
        stored = ledger.stored(self.sid)
        if not stored.count:
            return None
        return replay(stored.session).settlements[-1]
