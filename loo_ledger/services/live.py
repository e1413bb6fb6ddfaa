"""The table as ``loo serve`` shows it (issue 23): services/snapshot.py's
:class:`~loo_ledger.services.snapshot.TableSnapshot` (the figures, the same ones ``loo
table`` shows), with what only the page shows beside it: the session's date, variant and
unit in words, the last hand as the engine settled it, and the export's running chart.
Nothing here writes, and nothing here works a figure out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from loo_ledger.services.pool import stored_variant
from loo_ledger.services.snapshot import LastHand, TableSnapshot, current

if TYPE_CHECKING:
    from loo_ledger.domain.rules.model import Settlement
    from loo_ledger.domain.rules.variants import Variant
    from loo_ledger.store.ledger import Ledger


class LiveTable(msgspec.Struct, frozen=True, kw_only=True):
    """A session's table between two hands, as the page shows it."""

    table: TableSnapshot
    about: str               # the date, the variant and its house rules, the unit
    last: Settlement | None  # the last hand as the engine settled it; None before any
    variant: Variant         # the rules in force for the next hand
    present: tuple[str, ...]
    chart: str               # the export's running-net chart, for a desk and for a phone (two
                             # <svg> elements; the page shows one by its width), "" before any


class LiveReader:
    """Reads the table for the page, again and again from one thread: the last hand is
    kept between reads (services/snapshot.LastHand), so a hand added costs that hand."""

    def __init__(self, session: int | None) -> None:
        self.session = session
        self._last: LastHand | None = None

    def read(self, ledger: Ledger) -> LiveTable | None:
        """Session ``session``'s table (the current session's when None; None when no
        session is current), read in one snapshot of the ledger."""
        with ledger.db.snapshot():
            table = current(ledger, self.session)
            if table is None:
                return None
            if self._last is None or self._last.sid != table.session_id:
                self._last = LastHand(table.session_id)
            return self._live(ledger, table, self._last)

    @staticmethod
    def _live(ledger: Ledger, table: TableSnapshot, last: LastHand) -> LiveTable:
        from loo_ledger.services.reports.evening import Evening
        from loo_ledger.services.reports.html import nets_chart
        sid = table.session_id
        ev = Evening.load(ledger, sid)
        about = " · ".join(x for x in (ev.date, ev.variant_text, ev.unit_text) if x)
        return LiveTable(table=table, about=about, last=last.settled(ledger),
                         variant=stored_variant(ledger, sid),
                         present=tuple(p.name for p in table.players if p.present),
                         chart=(nets_chart(ev) + nets_chart(ev, phone=True)) if table.hands
                         else "")

