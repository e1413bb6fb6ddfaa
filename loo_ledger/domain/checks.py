"""Checks of the parts of a record that follow the declarations: exchanges, flushes,
penalties and tricks. Each adds problems to the Deal; none raises."""

from __future__ import annotations

from loo_ledger.domain.codes import (PRE_PLAY, DealKind, FlushKind, Game, Pam, PenaltyKind,
                                     Resolution, RevokePenalty)
from loo_ledger.domain.deal import Deal
from loo_ledger.domain.flushes import tied_without_cards
from loo_ledger.domain.model import HandRecord, TableState
from loo_ledger.domain.variants import Variant

PLAYED = Resolution.PLAYED
_WITHOUT_PLAY = {Resolution.ALL_PASS: "everyone but the dealer passed",
                 Resolution.LONE: "one player took the pool without play",
                 Resolution.ALL_FOLD: "everyone folded",
                 Resolution.RENEGE: "the hand was thrown in after a renege",
                 Resolution.FLUSH: "a flush settled it without play"}
PENALTY_KINDS = tuple(PenaltyKind)


def check_record(record: HandRecord, state: TableState, v: Variant, deal: Deal) -> None:
    """Add every problem of the record's exchanges, flushes, penalties and tricks."""
    _flushes(record, v, deal)
    _penalties(record, v, deal)
    _exchanges(record, state, v, deal)
    _tricks(record, v, deal)


def _penalties(record: HandRecord, v: Variant, deal: Deal) -> None:
    before = len(deal.problems)
    revokers = []
    for pen in record.penalties:
        p = pen.player
        if p not in deal.dealt:
            continue  # reported as UNKNOWN_PLAYER / NOT_DEALT_IN
        if pen.kind not in PENALTY_KINDS:
            deal.problem("PENALTY_NOT_ALLOWED", f"{p}'s penalty {pen.kind!r} is not one of "
                         f"{', '.join(PENALTY_KINDS)}", p)
            continue
        if pen.kind in PRE_PLAY:
            if not v.forfeits:
                deal.problem("PENALTY_NOT_ALLOWED", f"a {pen.kind} forfeit is not a rule of this "
                             "table (forfeits=false)", p)
            elif pen.kind == PenaltyKind.MISDEAL and p != deal.dealer:
                deal.problem("PENALTY_NOT_ALLOWED", f"a misdeal is charged to the dealer "
                             f"({deal.dealer}), not {p}", p)
            elif pen.kind == PenaltyKind.DECLARED_EARLY and p in deal.in_play:
                deal.problem("PENALTY_NOT_ALLOWED", f"{p} declared early and must throw up his "
                             "hand (law 8), but is recorded as playing", p)
            continue
        if deal.resolution != PLAYED:
            deal.problem("PENALTY_NOT_ALLOWED", f"{p} cannot have revoked: "
                         f"{_WITHOUT_PLAY[deal.resolution]}", p)
        elif p not in deal.in_play:
            deal.problem("PENALTY_BY_NONPLAYER", f"{p} did not play this hand, so cannot have "
                         "revoked", p)
        else:
            revokers.append(p)
    if v.game == Game.LOU and revokers and len(deal.problems) == before:
        deal.resolution = Resolution.RENEGE


_DEALT_CARDS = (PLAYED, Resolution.RENEGE, Resolution.FLUSH)


def _exchanges(record: HandRecord, state: TableState, v: Variant, deal: Deal) -> None:
    limit = v.exchange
    if v.game == Game.LOU and deal.kind == DealKind.LOU_FIRST and v.lou_exchange_limits:
        n = len(deal.dealt)
        limit = min(limit, 0 if n >= 8 else 2 if n == 7 else limit)
    for p, n in record.exchanges.items():
        if p not in deal.dealt:
            continue
        if v.exchange == 0:
            deal.problem("EXCHANGE_NOT_ALLOWED", f"{p} exchanged {n}, but this game has no "
                         "exchange (exchange=0)", p)
        elif deal.resolution not in _DEALT_CARDS or p not in deal.in_play:
            why = (_WITHOUT_PLAY[deal.resolution] if deal.resolution not in _DEALT_CARDS
                   else f"{p} did not play")
            deal.problem("EXCHANGE_NOT_ALLOWED", f"{p} cannot exchange: {why}", p)
        elif v.hand_size == 5 and v.indicator_to_dealer and p == deal.dealer and v.game == Game.LOO:
            if not 1 <= n <= limit + 1:
                deal.problem("EXCHANGE_INVALID", f"the dealer {p} takes the turned card and must "
                             f"discard 1 to {limit + 1} (indicator_to_dealer=true), not {n}", p)
        elif not 0 <= n <= limit:
            deal.problem("EXCHANGE_INVALID", f"{p} exchanged {n} cards; at most {limit} may be "
                         f"exchanged here (exchange={v.exchange})", p)


def _flushes(record: HandRecord, v: Variant, deal: Deal) -> None:
    if not record.flushes:
        return
    before = len(deal.problems)
    seen: set[str] = set()
    for f in record.flushes:
        p = f.player
        if not v.flushes:
            deal.problem("FLUSH_NOT_RECOGNISED", "flushes are not played at this table "
                         "(flushes=false)", p)
            return
        if not deal.trump_known:
            deal.problem("FLUSH_NOT_RECOGNISED", "no trump is turned before play in a simple "
                         "pool (simple_pool=play-all), so there is no flush", p)
            return
        if p not in deal.dealt:
            continue
        kinds: tuple[FlushKind, ...] = (FlushKind.FLUSH,) if v.hand_size == 3 else (
            FlushKind.PAM, FlushKind.TRUMP, FlushKind.PLAIN) + (
            (FlushKind.PAM_BLAZE, FlushKind.BLAZE) if v.blazes else ())
        if v.pam == Pam.NONE:
            kinds = tuple(k for k in kinds if not k.startswith("pam"))
        if f.kind not in kinds:
            deal.problem("FLUSH_NOT_RECOGNISED", f"{p}'s {f.kind} is not recognised here; the "
                         f"kinds are: {', '.join(kinds)}", p)
        elif record.trump and f.suit and (f.kind == FlushKind.TRUMP) != (f.suit == record.trump) \
                and f.kind in (FlushKind.TRUMP, FlushKind.PLAIN):
            deal.problem("FLUSH_NOT_RECOGNISED", f"{p}'s {f.kind} flush in {f.suit} does not "
                         f"match the trump ({record.trump})", p)
        if p in seen:
            deal.problem("FLUSH_NOT_RECOGNISED", f"{p} declared two flushes", p)
        seen.add(p)
        if deal.resolution != PLAYED:
            deal.problem("FLUSH_NOT_RECOGNISED", f"{p} cannot win by a flush: "
                         f"{_WITHOUT_PLAY[deal.resolution]}", p)
        elif p not in deal.in_play:
            deal.problem("FLUSH_BY_NONPLAYER", f"{p} did not play (passed or folded); only a "
                         "player in play may declare a flush", p)
    if len(deal.problems) == before:
        for f in tied_without_cards(record.flushes, v, record.trump):
            deal.problem("FLUSH_CARDS_NEEDED", f"{f.player}'s flush ties another: record its "
                         "cards (flush_tiebreak=highest-card)", f.player)
        deal.resolution = Resolution.FLUSH


def _tricks(record: HandRecord, v: Variant, deal: Deal) -> None:
    tricks = record.tricks or {}
    if deal.resolution != PLAYED:
        if tricks:
            deal.problem("TRICKS_WITH_NO_PLAY", f"tricks are recorded, but "
                         f"{_WITHOUT_PLAY[deal.resolution]}")
        return
    for p in tricks:
        if p in deal.dealt and p not in deal.in_play:
            deal.problem("TRICKS_BY_NONPLAYER", f"{p} passed and took no part in the play, so "
                         "won no tricks", p)
    optional = v.revoke_penalty == RevokePenalty.PAYS_POOL and any(
        pen.kind == PenaltyKind.REVOKE for pen in record.penalties)
    total = sum(tricks.values())
    if total != v.hand_size and not (optional and not tricks):
        counts = ", ".join(f"{p} {tricks.get(p, 0)}" for p in deal.in_play) or "none recorded"
        deal.problem("TRICKS_SUM", f"trick counts total {total} ({counts}), but a hand has "
                     f"{v.hand_size} tricks")
