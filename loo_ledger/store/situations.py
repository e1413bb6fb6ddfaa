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

import msgspec

from loo_ledger.store.codec import (
    CONTESTED,
    LETTER_WORD,
    NOT_DEALT,
    WORD_LETTER,
    Seats,
    dealt_order,
    decode_record,
    loads,
    moves_list,
    outcome_text,
)
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


#: As much of a hand's record as tells its exchanges: of a compact record, its ``e``
#: alone (decoded as the whole would be); of one stored as given (or not JSON), the whole,
#: to decode as it is (:func:`exchanged`).
EXCHANGE_COLUMN = ("CASE WHEN NOT json_valid(record) OR instr(record, '\"exchanges\":') "
                   "THEN record WHEN json_type(record, '$.e') IS NOT NULL "
                   "THEN json_object('e', json_extract(record, '$.e')) ELSE '{}' END")
_EXCHANGES = (f"SELECT number, {EXCHANGE_COLUMN} FROM hands WHERE session_id = ? "
              "AND number > ? ORDER BY number")


def exchanged(text: str, seats: Seats) -> dict[str, int]:
    """The cards each player exchanged in a hand (by his seated spelling), from its
    :data:`EXCHANGE_COLUMN`."""
    return dict(decode_record(text, seats).get("exchanges") or {})


def exchanges(db: Connection, session_ids: Sequence[int], after: int = 0
              ) -> dict[tuple[int, int], dict[str, int]]:
    """(session, number) -> the cards each player exchanged (by his seated spelling; a
    player who played and is not named exchanged none), for every hand of ``session_ids``
    (numbered above ``after``), read from the stored record through the store's encoding
    (store/codec.py)."""
    out: dict[tuple[int, int], dict[str, int]] = {}
    for sid in session_ids:
        seats = Seats([r[0] for r in db.execute(
            "SELECT name FROM seats WHERE session_id = ? ORDER BY position", [sid])])
        for number, text in db.execute(_EXCHANGES, [sid, after]):
            out[(sid, number)] = exchanged(text, seats)
    return out


#: The movement kinds whose payer pays for a loo (a Lou renege's burn among them), and the
#: one whose payee took the whole pool (store/codec.py ``KINDS``).
_LOO_KINDS = frozenset({"loo", "burn"})
_WHOLE = "whole-pool"


class PlayerHand(msgspec.Struct, frozen=True, array_like=True):
    """One dealt player's part in a stored hand, read from the hand's compact columns as
    the totals tally it (store/totals.py ``Totals.hand``): his position, his seat from the
    dealer's left (0 the dealer, 1 the eldest...), his word (``stand``, ``pass``, ``miss``,
    ``defend``, ``forced``...), whether he played, his tricks, his change, whether he was
    looed and what he paid for it, whether he took the whole pool or showed a flush."""

    position: int
    seat: int
    word: str
    played: bool
    tricks: int
    delta: int
    looed: bool
    loo_paid: int
    took_whole: bool
    flush: bool


def hand_players(db: Connection, session_ids: Sequence[int]
                 ) -> Iterator[tuple[tuple[int, int, int, str, list[Any], bool, int, list[str]],
                                     int, list[PlayerHand]]]:
    """For every hand of ``session_ids`` in order: its :func:`hand_facts` row, its pot and
    each dealt player's :class:`PlayerHand`, eldest first. The record is decoded only for a
    hand whose record names a flush."""
    for sid in session_ids:
        names = [r[0] for r in db.execute(
            "SELECT name FROM seats WHERE session_id = ? ORDER BY position", [sid])]
        seats = Seats(names)
        for number, dealer, words, tricks, deltas, double, looed, outcome, pot, moves, \
                record in db.execute(
                    "SELECT number, dealer, words, tricks, deltas, double, looed, outcome, pot, "
                    "moves, CASE WHEN instr(record, '\"f\":') OR instr(record, '\"flushes\":') "
                    "THEN record END FROM hands WHERE session_id = ? ORDER BY number", [sid]):
            changes = loads(deltas)
            row = (sid, number, dealer, words, changes, bool(double), looed, names)
            yield row, pot, _players(row, tricks, outcome, moves, record, seats)


def _players(row: tuple[Any, ...], tricks: str, outcome: Any, moves: str, record: str | None,
             seats: Seats) -> list[PlayerHand]:
    _sid, _n, dealer, words, changes, _double, looed, _names = row
    contested = outcome_text(outcome) in CONTESTED
    paid: dict[int, int] = {}
    whole = -1
    for payer, payee, amount, kind in moves_list(moves):
        if kind in _LOO_KINDS and payer >= 0:
            paid[payer] = paid.get(payer, 0) + amount
        elif kind == _WHOLE and payee >= 0:
            whole = payee
    flushed: set[int] = set()
    if record is not None:
        flushed = {seats.position[f["player"]] for f in
                   decode_record(record, seats).get("flushes") or ()
                   if f.get("player") in seats.position}
    order = dealt_order(words, dealer)
    n = len(order)
    out = []
    for i, pos in enumerate(order):
        word = LETTER_WORD.get(words[pos], words[pos])
        played = contested and word != "pass"
        out.append(PlayerHand(pos, (i + 1) % n, word, played,
                              ord(tricks[pos]) - 48 if played else 0, changes[pos] or 0,
                              bool(looed >> pos & 1), paid.get(pos, 0), whole == pos,
                              pos in flushed))
    return out
