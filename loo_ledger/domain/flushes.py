"""Which flush (or blaze) wins: by class, then by `flush_tiebreak`.

Ranking (000, R12, R42): pam-blaze > pam flush > trump flush > plain flush > blaze.
With ``pam_flush_class=false`` (001) a Pam flush ranks as a trump flush when its
suit is the trump, otherwise as a plain flush.
"""

from __future__ import annotations

from loo_ledger.domain.model import Flush
from loo_ledger.domain.variants import Variant

_CLASS = {"pam-blaze": 5, "pam": 4, "trump": 3, "flush": 3, "plain": 2, "blaze": 1}
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def flush_class(f: Flush, v: Variant, trump: str | None) -> int:
    if f.kind == "pam" and not v.pam_flush_class:
        return _CLASS["trump"] if (f.suit is not None and f.suit == trump) else _CLASS["plain"]
    return _CLASS[f.kind]


def _high_cards(f: Flush) -> tuple[int, ...]:
    return tuple(sorted((_RANKS.index(c) for c in f.cards if c in _RANKS), reverse=True))


def uses_cards(f: Flush, v: Variant) -> bool:
    """Whether ties of this flush are broken by its cards (blazes go by seat, R42)."""
    return v.flush_tiebreak == "highest-card" and f.kind not in ("blaze", "pam-blaze")


def tied_without_cards(flushes: tuple[Flush, ...], v: Variant, trump: str | None) -> list[Flush]:
    """Flushes tied for the top class whose cards are needed but not recorded."""
    top = max(flush_class(f, v, trump) for f in flushes)
    tied = [f for f in flushes if flush_class(f, v, trump) == top and uses_cards(f, v)]
    return [f for f in tied if len(f.cards) != v.hand_size] if len(tied) > 1 else []


def best_flush(flushes: tuple[Flush, ...], order: tuple[str, ...], v: Variant,
               trump: str | None) -> Flush:
    """The winning flush; ``order`` is the seats from the dealer's left.

    >>> from loo_ledger.domain.variants import variant
    >>> fs = (Flush(player="B", kind="plain"), Flush(player="D", kind="trump"))
    >>> best_flush(fs, ("A", "B", "C", "D", "E"), variant("five-card"), "spades").player
    'D'
    """
    def key(f: Flush):
        cards = _high_cards(f) if uses_cards(f, v) else ()
        return (flush_class(f, v, trump), cards, -order.index(f.player))
    return max(flushes, key=key)
