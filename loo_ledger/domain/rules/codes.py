"""The codes the rules name, as types: words, deal kinds, resolutions, parameter values,
movement kinds, and the structured reference from a movement to the rule behind it.

Every code is a ``StrEnum``: it compares equal to its text, which is what session files,
the database and ``--json`` output carry, so persisted values never change spelling.

>>> Word("stand") is Word.STAND
True
>>> MovementKind.LOO == "loo"
True
"""

from __future__ import annotations

from enum import StrEnum

import msgspec


class Game(StrEnum):
    LOO = "loo"
    LOU = "lou"


class Suit(StrEnum):
    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"


class Word(StrEnum):
    """What a player says before play. ``fold`` is Lou's word for ``pass``."""

    STAND = "stand"
    PASS = "pass"
    MISS = "miss"
    DEFEND = "defend"
    FOLD = "fold"


class DealKind(StrEnum):
    """What kind of deal the next hand is (see :func:`loo_ledger.domain.next.legal.deal_shape`)."""

    FORCED = "forced"            # everyone plays: a simple pool, club law, a force
    ELDEST_MISS = "eldest-miss"  # a simple pool where only the eldest may take the miss
    DECLARED = "declared"        # every player stands or passes (or takes the miss)
    LOU_FIRST = "lou-first"      # the first deal of a Lou game: everyone stands
    LOU_LATER = "lou-later"      # a later Lou deal: stand or fold


class Resolution(StrEnum):
    """How a hand was resolved."""

    PLAYED = "played"        # cards were played
    ALL_PASS = "all-pass"    # every player but the dealer passed: the dealer takes P
    LONE = "lone"            # one player takes P without play
    ALL_FOLD = "all-fold"    # Lou: everyone folded, the pot stays, the same dealer deals again
    RENEGE = "renege"        # Lou: a renege burns the offender and the hand is redealt
    FLUSH = "flush"          # a flush settled the hand without play


class AnteModel(StrEnum):
    DEALER = "dealer"
    STAKES = "stakes"
    REPLENISH = "replenish"
    LOU = "lou"


class LooKind(StrEnum):
    LIMITED = "limited"
    UNLIMITED = "unlimited"
    MIXED = "mixed"


class SimplePool(StrEnum):
    PLAY_ALL = "play-all"
    MISS_ELDEST = "miss-eldest"
    AS_DOUBLE = "as-double"


class DoubleWhen(StrEnum):
    CARRIED = "carried"
    LOOED = "looed"


class LonePlayer(StrEnum):
    TAKES_POOL = "takes-pool"
    DEALER_PLAYS = "dealer-plays"


class FlushKind(StrEnum):
    FLUSH = "flush"          # three-card: any flush
    PAM = "pam"
    TRUMP = "trump"
    PLAIN = "plain"
    PAM_BLAZE = "pam-blaze"
    BLAZE = "blaze"


class Pam(StrEnum):
    NONE = "none"
    JACK_OF_CLUBS = "jack-of-clubs"
    RUNNING = "running"


class FlushTiebreak(StrEnum):
    SEAT = "seat"
    HIGHEST_CARD = "highest-card"


class BoardPayers(StrEnum):
    ALL = "all"
    PLAYERS = "players"


class LouOddCent(StrEnum):
    STAYS = "stays"
    FIRST_LEFT = "first-left"


class GameEnd(StrEnum):
    NONE = "none"
    FULL_ROUNDS = "full-rounds"


class FlushPayout(StrEnum):
    POOL = "pool"
    BOARD = "board"


class PenaltyKind(StrEnum):
    REVOKE = "revoke"
    MISDEAL = "misdeal"
    LOOKED_EARLY = "looked-early"
    DECLARED_EARLY = "declared-early"


#: Penalties paid before play (Britannica laws 5, 7, 8): forfeits into this deal's pool.
PRE_PLAY = frozenset({PenaltyKind.MISDEAL, PenaltyKind.LOOKED_EARLY, PenaltyKind.DECLARED_EARLY})


class RevokePenalty(StrEnum):
    LOOED = "looed"
    PAYS_POOL = "pays-pool"
    BLENHEIM = "blenheim"
    BURN = "burn"


class MovementKind(StrEnum):
    """What a chip movement is, so nobody above the domain reads reason text."""

    ANTE = "ante"              # into the pool before the deal
    SHARE = "share"            # a trick share (or an equal share) paid out of the pool
    WHOLE_POOL = "whole-pool"  # the whole pool taken, odd chips and all
    LOO = "loo"                # a looed (or, in Lou, burned) player pays the next pool
    BURN = "burn"              # Lou: a renege burns the offender at once
    BOARD = "board"            # flush_payout=board: a loo paid straight to the flush holder
    FORFEIT = "forfeit"        # a forfeit paid into this pool before play
    PENALTY = "penalty"        # a penalty paid into the next pool that is not a loo (blenheim)
    STAYS = "stays"            # chips that stay in the pool (pool to pool), with their reason
    RULING = "ruling"          # the table's own figure, recorded by a table ruling


class LooCause(StrEnum):
    """Why a player was looed (burned, in Lou): what the store keeps of a loo's reason."""

    NO_TRICK = "no-trick"            # played and took no trick (play.settle_tricks)
    REVOKE = "revoke"                # revoked: looed (revoke_penalty=looed, or blenheim
    #                                  without a trick)
    REVOKE_PAYS = "revoke-pays"      # revoked: pays the pool (revoke_penalty=pays-pool)
    FLUSH = "flush"                  # looed by the flush that took the pool
    DEALERS_FLUSH = "dealers-flush"  # looed by the defending dealer's flush (R41)
    BURNED = "burned"                # Lou: burned with fewer than the tricks promised


class RuleRef(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The rule behind a movement: a parameter (with its value, and any further parameters
    that fix the amount), a numbered conflict of CATALOGUE.md (``R41``), a law of a source,
    the source itself, or a table ruling.

    ``text()`` (and ``str()``) is what the database's postings and ``loo explain`` carry.

    >>> RuleRef(param="loo", value="limited", also=(("loo_amount", "9"),)).text()
    'loo=limited; loo_amount=9'
    >>> RuleRef(catalogue="R41").text()
    'R41'
    >>> str(RuleRef(ruling=True))
    'table ruling'
    >>> RuleRef().text()
    ''
    """

    param: str | None = None
    value: str | None = None
    also: tuple[tuple[str, str], ...] = ()
    catalogue: str | None = None
    law: str | None = None
    source: str | None = None
    ruling: bool = False

    def text(self) -> str:
        parts: list[str] = []
        if self.param is not None:
            parts.append(self.param if self.value is None else f"{self.param}={self.value}")
        parts += [f"{name}={value}" for name, value in self.also]
        parts += [p for p in (self.catalogue, self.law) if p]
        if self.ruling:
            parts.append("table ruling")
        return "; ".join(parts)

    def __str__(self) -> str:
        return self.text()
