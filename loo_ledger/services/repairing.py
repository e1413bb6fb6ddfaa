"""``loo check --repair``: every row derived from the hand records derived again.

What the hand records say is the ledger; everything else stored (each hand's changes,
pools, movements and words, the seats' nets, the totals tables, the table state cached on
the session) is derived from them by the one writer (store/writer.py). A
ledger whose derived rows went wrong (an upgrade an earlier version was killed in left
them empty; an edit behind the program's back) is repaired by deriving them all again.
The hand records, the audit trail, payments, aliases and settings are not touched.
"""

from __future__ import annotations

import msgspec

from loo_ledger.store.ledger import Ledger


class Repaired(msgspec.Struct, frozen=True):
    """The sessions derived again, and those whose records no longer settle under their
    rules (left as they were: 'loo check' names what is wrong with them)."""

    sessions: list[int]
    failed: list[int]

    def describe(self) -> str:
        said = (f"re-derived every derived row of {len(self.sessions)} session(s) from their "
                "hand records")
        if self.failed:
            said += ("; left as they were, their records no longer settle: session(s) "
                     + ", ".join(map(str, self.failed)))
        return said


def repair(ledger: Ledger) -> Repaired:
    """Derive every session's rows again from its hand records (one transaction; a damaged
    file is refused before anything is written)."""
    done, failed = ledger.rebuild()
    return Repaired(sessions=done, failed=failed)
