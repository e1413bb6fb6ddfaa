"""Who deals: the seats in play order, the deal passing to the left, and who deals the next
hand given who is present. Part of what :mod:`loo_ledger.domain.next.legal` answers (it
re-exports these); kept apart so each file reads in one sitting.

>>> from loo_ledger.domain.rules.model import TableState
>>> state = TableState(seats=("A", "B", "C", "D"), dealer="C", pool=27, double=True)
>>> next_dealer(state, ("A", "B", "D"))
'D'
>>> dealt_in(state, ("A", "B", "C", "D"))
('D', 'A', 'B', 'C')
"""

from __future__ import annotations

from collections.abc import Collection

from msgspec.structs import replace

from loo_ledger.domain.rules.model import TableState


def rotate_from_left(seats: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """Seats in play order: the dealer's left first, the dealer last.

    >>> rotate_from_left(("A", "B", "C", "D"), "B")
    ('C', 'D', 'A', 'B')
    """
    i = seats.index(dealer)
    return seats[i + 1:] + seats[:i + 1]


def next_seat(seats: tuple[str, ...], player: str) -> str:
    """The seat to ``player``'s left: where the deal passes after a hand."""
    return seats[(seats.index(player) + 1) % len(seats)]


def next_dealer(state: TableState, present: Collection[str]) -> str:
    """Who deals the next hand: the player the rotation names, else the next one to the
    left who is present and not made to sit the deal out (Lou's reneger)."""
    able = [p for p in state.seats if p in present and p not in state.sit_out]
    if state.dealer in able or not able:
        return state.dealer
    return next(p for p in rotate_from_left(state.seats, state.dealer) if p in able)


def dealer_moved(state: TableState, present: Collection[str]) -> bool:
    """Whether the scheduled dealer is away, so the deal moves on to the next present player."""
    return next_dealer(state, present) != state.dealer


def dealt_in(state: TableState, present: Collection[str]) -> tuple[str, ...]:
    """Who is dealt the next hand, from the dealer's left, the dealer last."""
    dealer = next_dealer(state, present)
    return tuple(p for p in rotate_from_left(state.seats, dealer)
                 if p in present and p not in state.sit_out)


def skip_hand(state: TableState, present: Collection[str], dealer: str | None = None) -> TableState:
    """The table after a hand that moved nothing (a what-if replay skips a hand its rules
    make impossible): the deal passes to the left of whoever dealt it (``dealer`` if the
    record names a seated one, else who the rotation names), the pool stays as it was."""
    who = dealer if dealer in state.seats else next_dealer(state, present)
    return replace(state, dealer=next_seat(state.seats, who), hand_no=state.hand_no + 1,
                   sit_out=frozenset())
