"""Which flush (or blaze) wins: by class, then by `flush_tiebreak`.

Ranking (000, R12, R42): pam-blaze > pam flush > trump flush > plain flush > blaze.
With ``pam_flush_class=false`` (001) a Pam flush ranks as a trump flush when its
suit is the trump, otherwise as a plain flush.
"""

from __future__ import annotations

from loo_ledger.domain.rules.codes import FlushKind, FlushTiebreak
from loo_ledger.domain.rules.model import Flush
from loo_ledger.domain.rules.variants import Variant

_CLASS = {FlushKind.PAM_BLAZE: 5, FlushKind.PAM: 4, FlushKind.TRUMP: 3, FlushKind.FLUSH: 3,
          FlushKind.PLAIN: 2, FlushKind.BLAZE: 1}
_NAMES = {FlushKind.FLUSH: "flush", FlushKind.PAM: "Pam flush", FlushKind.TRUMP: "trump flush",
          FlushKind.PLAIN: "plain flush", FlushKind.PAM_BLAZE: "Pam blaze",
          FlushKind.BLAZE: "blaze"}
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def flush_name(kind: str) -> str:
    """A flush kind as people say it.

    >>> flush_name("flush"), flush_name("trump"), flush_name("pam-blaze")
    ('flush', 'trump flush', 'Pam blaze')
    """
    return _NAMES.get(FlushKind(kind), kind) if kind in tuple(FlushKind) else f"{kind} flush"


def flush_class(f: Flush, v: Variant, trump: str | None) -> int:
    kind = FlushKind(f.kind)
    if kind == FlushKind.PAM and not v.pam_flush_class:
        return _CLASS[FlushKind.TRUMP if (f.suit is not None and f.suit == trump)
                      else FlushKind.PLAIN]
    return _CLASS[kind]


def _high_cards(f: Flush) -> tuple[int, ...]:
    return tuple(sorted((_RANKS.index(c) for c in f.cards if c in _RANKS), reverse=True))


def uses_cards(f: Flush, v: Variant) -> bool:
    """Whether ties of this flush are broken by its cards (blazes go by seat, R42)."""
    return v.flush_tiebreak == FlushTiebreak.HIGHEST_CARD and f.kind not in (
        FlushKind.BLAZE, FlushKind.PAM_BLAZE)


def tied_without_cards(flushes: tuple[Flush, ...], v: Variant, trump: str | None) -> list[Flush]:
    """Flushes tied for the top class whose cards are needed but not recorded."""
    top = max(flush_class(f, v, trump) for f in flushes)
    tied = [f for f in flushes if flush_class(f, v, trump) == top and uses_cards(f, v)]
    return [f for f in tied if len(f.cards) != v.hand_size] if len(tied) > 1 else []


def best_flush(flushes: tuple[Flush, ...], order: tuple[str, ...], v: Variant,
               trump: str | None) -> Flush:
    """The winning flush; ``order`` is the seats from the dealer's left.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> fs = (Flush(player="B", kind="plain"), Flush(player="D", kind="trump"))
    >>> best_flush(fs, ("A", "B", "C", "D", "E"), variant("five-card"), "spades").player
    'D'
    """
    def key(f: Flush) -> tuple[int, tuple[int, ...], int]:
        cards = _high_cards(f) if uses_cards(f, v) else ()
        return (flush_class(f, v, trump), cards, -order.index(f.player))
    return max(flushes, key=key)
