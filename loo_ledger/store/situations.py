"""The facts of each hand that the leak finder reads (issue 24): who sat where, who dealt,
each seat's word, change and loo (the compact columns of ``hands``, store/codec.py).

A Lou hand's first-deal-ness (the domain's ``TableState.lou_first``) is read from its
words, not from the ``double`` column: in Lou's first deal nobody chooses (everyone
stands), so the store writes every dealt seat's word as ``forced`` (store/totals.py), and a
later deal has each seat's stand or fold. ``double`` is the pot carried in, which a first
deal redealt after a renege also has (domain/settlement/lou.py keeps ``lou_first`` there).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from loo_ledger.store.codec import NOT_DEALT, WORD_LETTER, Seats, decode_record, loads
from loo_ledger.store.conn import Connection

_NO_CHOICE = frozenset({NOT_DEALT, WORD_LETTER["forced"]})


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


def first_deal(words: str) -> bool:
    """Whether a Lou hand with these ``words`` (the compact column) was a first deal: no
    dealt seat chose.

    >>> first_deal("xx-x"), first_deal("sps")
    (True, False)
    """
    return all(w in _NO_CHOICE for w in words)


def exchanges(db: Connection, session_ids: Sequence[int]
              ) -> dict[tuple[int, int], dict[str, int]]:
    """(session, number) -> the cards each player exchanged (by his seated spelling; a
    player who played and is not named exchanged none), for every hand of ``session_ids``,
    read from the stored record through the store's encoding (store/codec.py)."""
    out: dict[tuple[int, int], dict[str, int]] = {}
    for sid in session_ids:
        seats = Seats([r[0] for r in db.execute(
            "SELECT name FROM seats WHERE session_id = ? ORDER BY position", [sid])])
        for number, text in db.execute(
                "SELECT number, record FROM hands WHERE session_id = ? ORDER BY number", [sid]):
            out[(sid, number)] = dict(decode_record(text, seats).get("exchanges") or {})
    return out
