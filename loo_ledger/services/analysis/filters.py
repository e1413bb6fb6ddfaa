"""The filters every report takes (issue 24, item 4): which evenings, and which hands and
seats of them. One type, :class:`Filters`, read by ``loo stats``, ``hands``, ``chart``,
``settle-up``, ``standings``, ``leaks`` and ``export`` (the command line's options are
cli/filter_opts.py).

Evening filters choose sessions: ``season`` (a season's evenings), ``since``/``until``
(UTC ``YYYY-MM-DD HH:MM:SS``: from since, before until), ``sessions`` (these ids) and
``variant``. Hand filters choose hands and seats within them: ``pool`` (``simple`` or
``double``), ``seat`` (from the dealer's left: 0 the dealer, 1 the eldest...) and
``with_`` (hands an identity was dealt in).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from loo_ledger.errors import NotFound
from loo_ledger.store.codec import NOT_DEALT

#: The seats ``--seat`` takes by name (cli/filter_opts.py), said so again.
_SEAT_WORD = {0: "dealer", 1: "eldest"}


class Filters(msgspec.Struct, frozen=True, kw_only=True):
    """Which evenings, hands and seats a report covers; None (or empty): any."""

    season: str | None = None
    since: str | None = None
    until: str | None = None
    sessions: tuple[int, ...] = ()
    variant: str | None = None
    pool: str | None = None
    seat: int | None = None
    with_: str | None = None

    def choose_evenings(self) -> bool:
        """Whether an evening filter is given (else: the report's own default)."""
        return bool(self.season is not None or self.since or self.until or self.sessions
                    or self.variant is not None)

    def hand_filters(self) -> list[str]:
        """The hand filters given, as typed (``--pool double``...)."""
        return [f for f in (f"--pool {self.pool}" if self.pool else "",
                            f"--seat {_SEAT_WORD.get(self.seat, self.seat)}"
                            if self.seat is not None else "",
                            f"--with {self.with_}" if self.with_ else "") if f]

    def said(self) -> str:
        """The hand filters in words, for a message."""
        return " ".join(self.hand_filters())

    def hand(self, row: tuple[Any, ...], who: Any) -> bool:
        """Whether hand ``row`` (store/situations.py) is selected by the pool and ``with_``
        (the seat is a seat's, not a hand's: see :meth:`seat_kept`)."""
        if self.pool is not None and ("double" if row[5] else "simple") != self.pool:
            return False
        return self.with_ is None or any(
            w != NOT_DEALT and who(row[7][pos]) == self.with_ for pos, w in enumerate(row[3]))

    def seat_kept(self, seat: int) -> bool:
        """Whether a seat (from the dealer's left, 0 the dealer) is selected."""
        return self.seat is None or self.seat == seat


def evenings(ledger: Any, only: Filters) -> tuple[str, str | None, list[dict[str, Any]]]:
    """The evenings ``only`` selects: its title, the season's name as stored (None without
    one) and the sessions (store/stats_sql.py rows), oldest first: the season's (or every
    one), from ``since`` and before ``until``, of the ids ``sessions`` (none: any) and of
    the variant ``variant``. NotFound, naming the filters, when they select no evening."""
    from loo_ledger.services.analysis.stats import utc  # noqa: PLC0415 (dates: only with --since/--until)
    from loo_ledger.store import seasons as season_store  # noqa: PLC0415 (seasons: only with --season)
    from loo_ledger.store.stats_sql import Scope, StatsReader  # noqa: PLC0415 (the stats reader: only a filter over hands)
    since, until = only.since, only.until
    every = StatsReader(ledger.db).sessions(Scope(since=since))
    words = [f"since {since[:10]}" if since else "", f"before {until[:10]}" if until else ""]
    title, name = "every evening", None
    if only.season is not None:
        row = season_store.get(ledger.db, only.season)
        members = set(season_store.sessions(ledger.db, row))
        every = [s for s in every if s["id"] in members]
        title, name = f"season {row['name']}", row["name"]
        if since or until:
            title += " " + " ".join(w for w in words if w)
    elif since or until:
        title = "the evenings " + " ".join(w for w in words if w)
    if until is not None:
        every = [s for s in every if s["date"] is None or utc(s["date"]) < until]
    if only.sessions:
        every = [s for s in every if s["id"] in set(only.sessions)]
        title += f", sessions {', '.join(map(str, only.sessions))}"
    if only.variant is not None:
        of = season_store.variants(ledger.db)
        every = [s for s in every if of.get(s["id"]) == only.variant]
        title += f", {only.variant}"
    if not every and (until or only.sessions or only.variant is not None or since):
        raise NotFound(f"no evening is selected: {title} holds none")
    return title, name, every


def no_hand(only: Filters, what: str = "the evenings chosen have no hands") -> NotFound:
    """The error of filters that select no hand, naming them."""
    return NotFound("no hand is selected: " + (only.said() + " selects none"
                                               if only.hand_filters() else what))


def session_ids(rows: Sequence[dict[str, Any]]) -> list[int]:
    return [s["id"] for s in rows]


def kept_hands(ledger: Any, sids: Sequence[int], only: Filters) -> dict[int, set[int]]:
    """Each session's hand numbers the hand filters (``pool``, ``with_``) keep."""
    from loo_ledger.store.identities import read as read_identities  # noqa: PLC0415 (identities: only with --with)
    from loo_ledger.store.situations import hand_facts  # noqa: PLC0415 (hand facts: only with --pool/--seat/--with)
    who = read_identities(ledger.db).who
    out: dict[int, set[int]] = {sid: set() for sid in sids}
    for row in hand_facts(ledger.db, sids):
        if only.hand(row, who):
            out[row[0]].add(row[1])
    return out
