"""CSV: one row per player per hand, or (``--summary``) one row per player and the pool.

Both are plain rectangular tables with a header row, so a spreadsheet or
``csv.DictReader`` reads them as they are. Numbers are written as numbers (money
as an exact decimal such as ``-1.35``, no currency sign). Text cells that a
spreadsheet would take for a formula (starting with ``=``, ``+``, ``-``, ``@``, a
tab or a carriage return) are prefixed with a single quote; numbers never are.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from loo_ledger.services.reports.evening import Evening
from loo_ledger.services.reports.series import running_nets

HAND_COLUMNS = ("session", "hand", "dealer", "player", "declaration", "tricks", "change",
                "running_net", "pool_after")
SUMMARY_COLUMNS = ("session", "kind", "player", "hands", "net", "money")
#: Added to the summary only when the session has card records (issue 12): per player,
#: hands with tricks judged from the cards, trumps led, tricks won with Pam, revokes the
#: ledger caught, first tricks led (as eldest in play) and of those won.
CARD_COLUMNS = ("card_hands", "trumps_led", "pam_tricks", "revokes_caught",
                "first_tricks_led", "first_tricks_won")
_CARD_TOTALS = ("card_hands", "trumps_led", "pam_tricks", "revokes_caught", "first_leads",
                "first_won")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """A value made safe for a spreadsheet: text that could start a formula gets a quote.

    >>> cell("=HYPERLINK(1)"), cell("-Bob"), cell("Bob"), cell(-5), cell(Decimal("-1.35"))
    ("'=HYPERLINK(1)", "'-Bob", 'Bob', -5, Decimal('-1.35'))
    """
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def _table(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    writer.writerows([cell(v) for v in row] for row in rows)
    return out.getvalue()


def hands_csv(ev: Evening) -> str:
    """A row for each player in each hand's deltas, in seat order, hand by hand.

    ``declaration`` is the word recorded for the player ("" when the deal had no
    declarations, e.g. a simple pool everyone plays); ``tricks`` the tricks he won (as
    settled: judged from the cards where the record has no counts);
    ``running_net`` his net after the hand; ``pool_after`` the chips left in the pool.
    """
    nets = running_nets(ev)
    rows = []
    for i, h in enumerate(ev.hands, 1):
        record = h["record"]
        declarations = record.get("declarations") or {}
        tricks = ev.tricks.get(h["number"]) or record.get("tricks") or {}
        for p in ev.players:
            if p in h["deltas"]:
                rows.append((ev.session_id, h["number"], h["dealer"], p,
                             declarations.get(p, ""), tricks.get(p, 0), h["deltas"][p],
                             nets[p][i], h["pool_after"]))
    return _table(HAND_COLUMNS, rows)


def summary_csv(ev: Evening) -> str:
    """A row per player (kind ``player``: hands dealt in, net, money), then the pool.

    The pool's row has kind ``pool``, an empty player and the chips left in it.
    ``money`` is empty when the session's unit has no value; otherwise the column sums
    to the money of the pool the session opened with, to the cent (largest remainder).
    A session with card records has :data:`CARD_COLUMNS` too (0 for a player never in
    play in a hand with cards; empty on the pool's row).
    """
    played = dict.fromkeys(ev.players, 0)
    for h in ev.hand_facts:  # one pass (a long session's hands are read as they go by)
        for p in h["deltas"]:
            if p in played:
                played[p] += 1
    extra = CARD_COLUMNS if ev.cards else ()
    none = dict.fromkeys(_CARD_TOTALS, 0)
    rows: list[tuple[Any, ...]] = [
        (ev.session_id, "player", p, played[p], ev.nets[p], _cash(ev.net_money(p)),
         *((ev.cards.get(p, none)[k] for k in _CARD_TOTALS) if extra else ()))
        for p in ev.players]
    rows.append((ev.session_id, "pool", "", "", ev.pool, _cash(ev.pool_money),
                 *("" for _ in extra)))
    return _table((*SUMMARY_COLUMNS, *extra), rows)


def _cash(amount: Decimal | None) -> Decimal | str:
    return "" if amount is None else amount
