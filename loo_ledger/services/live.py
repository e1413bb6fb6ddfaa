"""The table as ``loo serve`` shows it (issue 23): one typed snapshot of a session, read
from what the one writer stored (its balances, its hands, its next deal), the words of the
last hand as the engine settled it. Nothing here writes, and no rule is worked out here:
who deals next, the antes due and simple or double are the stored next deal
(services/pool.py), the seat order is the domain's rotation, the chart is the export's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from loo_ledger.domain.next.rotation import rotate_from_left
from loo_ledger.services.pool import antes_due, pool_view, stored_variant
from loo_ledger.services.reports.evening import Evening

if TYPE_CHECKING:
    from loo_ledger.domain.rules.model import Settlement
    from loo_ledger.domain.rules.variants import Variant
    from loo_ledger.store.ledger import Ledger


class Seat(msgspec.Struct, frozen=True, kw_only=True):
    """One player on the scoreboard."""

    name: str
    net: int                 # chips won (+) or lost (-) so far
    money: str               # the net in money ("-£1.35"), "" without a unit value
    last: int | None         # the last hand's change; None when not dealt in it (or no hand)
    looed: bool              # looed (Lou: burned) in the last hand
    playing: bool            # at the table now (False: has left it, keeps the balance)
    sits_out: bool           # must sit out the next deal (Lou's redeal)
    deals_next: bool


class LiveTable(msgspec.Struct, frozen=True, kw_only=True):
    """A session's table between two hands: the scoreboard from the next dealer's left,
    the pool, the next deal, the last hand and the running chart."""

    session_id: int
    title: str
    about: str               # the date, the variant and its house rules, the unit
    closed: bool
    lou: bool                # Lou: a pot, cents, burned
    pool_word: str           # "pool", or "pot" in Lou
    units: str               # "chips", "white chips", "cents"
    hands: int               # hands recorded
    seats: tuple[Seat, ...]
    pool: int
    pool_money: str
    next_hand: int
    next_dealer: str
    antes: tuple[tuple[str, int], ...]  # (player, chips) due before the next deal
    deal: str                # "simple" or "double" where the game has them, else ""
    why: str                 # the deal's kind in words (the stored next deal's)
    first_deal: bool | None  # Lou: whether the next deal is a first deal; None elsewhere
    burn: int | None         # Lou: what a burned player pays now; None elsewhere
    burn_cap: int | None
    last: Settlement | None  # the last hand as the engine settled it; None before any
    variant: Variant         # the rules in force for the next hand
    present: tuple[str, ...]
    chart: str               # the export's running-net chart (an <svg> element), "" before any


def read_table(ledger: Ledger, session: int | None = None) -> LiveTable | None:
    """Session ``session``'s table (the current session's when None; None when no session
    is current), read in one snapshot of the ledger."""
    with ledger.db.snapshot():
        sid = ledger.current_session_id() if session is None else session
        return None if sid is None else live_table(ledger, sid)


def live_table(ledger: Ledger, sid: int) -> LiveTable:
    """Session ``sid``'s table (NotFound when there is no such session)."""
    from loo_ledger.services.reports.html import nets_chart
    ev = Evening.load(ledger, sid)
    view = pool_view(ledger, sid)
    status: dict[str, Any] = view["status"]
    present = tuple(ledger.present_players(sid))
    last_hand = next(ledger.iter_hands(sid, first=len(ev.hands)), None) if ev.hands else None
    dealer = status["next_dealer"]
    order = rotate_from_left(tuple(ev.players), dealer) if dealer in ev.players else ev.players
    seats = tuple(Seat(name=p, net=ev.nets[p], money=ev.net_money_text(p),
                       last=None if last_hand is None else last_hand["deltas"].get(p),
                       looed=last_hand is not None and p in last_hand["looed"],
                       playing=p in present, sits_out=p in status["sitting_out"],
                       deals_next=p == dealer)
                  for p in order)
    about = " · ".join(x for x in (ev.date, ev.variant_text, ev.unit_text) if x)
    return LiveTable(
        session_id=sid, title=ev.title, about=about,
        closed=ledger.session(sid)["closed_at"] is not None, lou=ev.lou,
        pool_word=ev.pool_word, units=ev.units, hands=len(ev.hands), seats=seats,
        pool=status["pool"], pool_money=ev.pool_money_text(), next_hand=status["next_hand"],
        next_dealer=dealer, antes=tuple(antes_due(status).items()),
        deal=("double" if status["double"] else "simple") if view["marks"] else "",
        why=status["why"], first_deal=status.get("first_deal"), burn=status.get("burn"),
        burn_cap=status.get("burn_cap"), last=last_settlement(ledger, sid),
        variant=stored_variant(ledger, sid), present=present,
        chart=nets_chart(ev) if ev.hands else "")


def last_settlement(ledger: Ledger, sid: int) -> Settlement | None:
    """The session's last hand as the engine settles it (its words, as ``loo hand``
    printed them), or None before the first hand."""
    from loo_ledger.domain.settlement.session import settle_each
    last = None
    for last in settle_each(ledger.stored(sid).session):  # noqa: B007 (the last is kept)
        pass
    return last
