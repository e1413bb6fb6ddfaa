"""The facts of each hand that the leak finder reads (issue 24): who sat where, who dealt,
each seat's word, change and loo (the compact columns of ``hands``, store/codec.py)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from loo_ledger.store.codec import loads
from loo_ledger.store.conn import Connection


def hand_facts(db: Connection, session_ids: Sequence[int]
               ) -> Iterator[tuple[int, int, int, str, list[Any], bool, int, list[str]]]:
    """(session, number, dealer position, words, deltas by position, double, looed mask,
    the seats' names by position) for every hand of ``session_ids``, in order."""
    for sid in session_ids:
        names = [r[0] for r in db.execute(
            "SELECT name FROM seats WHERE session_id = ? ORDER BY position", [sid])]
        for number, dealer, words, deltas, double, looed in db.execute(
                "SELECT number, dealer, words, deltas, double, looed FROM hands "
                "WHERE session_id = ? ORDER BY number", [sid]):
            yield sid, number, dealer, words, loads(deltas), bool(double), looed, names
