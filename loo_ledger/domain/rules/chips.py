"""Chip counts for people (no decimal arithmetic here, so a command that shows only chips
does not load it; money is domain/rules/money.py, which gives this too), and the most chips play
may produce (MAX_CHIPS)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from loo_ledger.domain.rules.model import Settlement
    from loo_ledger.problem import Problem

#: The most chips play may produce and a session file may state: a pool, a player's change
#: in one hand, an opening pool, a buy-in, a hand's deltas, an integer rule value all lie
#: within -MAX_CHIPS..MAX_CHIPS (docs/format.md "Limits"; formats/limits.py gives it with
#: the file's other limits). Its home is here, beneath the engine that keeps to it.
MAX_CHIPS = 10**12


def beyond(n: int) -> bool:
    """Whether ``n`` chips lie outside -MAX_CHIPS..MAX_CHIPS.

    >>> beyond(10**12), beyond(-10**12 - 1)
    (False, True)
    """
    return not -MAX_CHIPS <= n <= MAX_CHIPS


def chips_text(n: int) -> str:
    """A chip count for a message: thousands separated, cut when it is huge.

    >>> chips_text(1_600_000_000_054), chips_text(-10**40)
    ('1,600,000,000,054', '-10000000000… (41 digits)')
    """
    digits = str(abs(n))
    if len(digits) <= 24:
        return f"{n:,}"
    return f"{'-' if n < 0 else ''}{digits[:11]}… ({len(digits)} digits)"


def signed(n: int) -> str:
    """A chip count with its sign; zero without one.

    >>> signed(12), signed(-3), signed(0)
    ('+12', '-3', '0')
    """
    return f"{n:+d}" if n else "0"


def beyond_limit(s: Settlement) -> list[Problem]:
    """The chips play may produce: a pool, and each player's change in one hand, within
    MAX_CHIPS (what a session file can state; beyond it, sums outgrow what a store holds).
    The problems of a settlement that passes it (empty when within): the engine asks it of
    every settlement that could pass it (domain/settlement/engine.py: one whose pool before
    and chips moved, ``Book.moved``, pass the limit, and every table ruling), so every path
    that settles a hand refuses one."""
    if s.pool_after <= MAX_CHIPS and sum(map(abs, s.deltas.values())) <= MAX_CHIPS:
        return []  # the common case, cheaply: no change can pass the limit
    from loo_ledger.problem import Problem  # noqa: PLC0415 (the problems: only when a figure passes the limit)
    out = []
    if s.pool_after > MAX_CHIPS:
        out.append(Problem(code="CHIPS_LIMIT", hand=s.hand_no, message=(
            f"this hand would leave {chips_text(s.pool_after)} chips in the pool, past the "
            f"limit of {MAX_CHIPS:,} chips a pool may hold")))
    for player, delta in s.deltas.items():
        if beyond(delta):
            out.append(Problem(code="CHIPS_LIMIT", hand=s.hand_no, player=player, message=(
                f"{player}'s change of {chips_text(delta)} chips in this hand is past the "
                f"limit of {MAX_CHIPS:,} chips either way")))
    return out
