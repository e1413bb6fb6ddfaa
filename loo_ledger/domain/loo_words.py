"""The words of a loo, from what the store keeps of a hand.

A loo is stored as a fact (payer, amount, kind ``loo``); its reason is the engine's words
(``play.settle_tricks``, ``play._revoke``, ``play.settle_pays_pool``, ``play.settle_flush``,
``lou._played`` and their fast twins in ``fast.py`` and ``fast_book.py``, all through
``Book.loo``). This module gives the same words from the hand's facts without settling
anything again, for ``loo pool``'s last hand: which of those places made a loo follows
from how the hand was resolved, who revoked, whether the whole pool was taken and the
tricks. tests/test_loo_words.py holds it to the engine's reasons, loo by loo, on random
legal sessions of every preset.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from loo_ledger.domain.codes import Game, PenaltyKind, Resolution, RevokePenalty
from loo_ledger.domain.variants import Variant


def loo_cause(v: Variant, *, outcome: str, player: str, tricks: Mapping[str, int],
              penalties: Iterable[tuple[str, str]], whole_taken: bool) -> str:
    """Why ``player`` was looed in a hand settled under ``v``: ``outcome`` is how the hand
    was resolved (a :class:`Resolution` value), ``tricks`` the tricks recorded,
    ``penalties`` the record's (player, kind) and ``whole_taken`` whether someone took the
    whole pool in play."""
    if v.game == Game.LOU:  # lou._played: the burned
        won = tricks.get(player, 0)
        return f"burned ({won} trick{'s' if won != 1 else ''})"
    if outcome == Resolution.FLUSH:  # play.settle_flush: the best flush took the pool (or,
        # held by a defending dealer, kept it in place)
        return "looed by the flush" if whole_taken else "looed by the dealer's flush"
    if any(p == player and kind == PenaltyKind.REVOKE for p, kind in penalties):
        return ("revoke: pays the pool" if v.revoke_penalty == RevokePenalty.PAYS_POOL
                else "revoke: looed")
    return "looed: took no trick"


def loo_reason(v: Variant, cause: str, amount: int) -> str:
    """A loo movement's reason (``Book.loo``): the cause and what it pays into the pool
    (Lou: the pot)."""
    return f"{cause}: pays the {'pot' if v.game == Game.LOU else 'pool'} {amount}"
