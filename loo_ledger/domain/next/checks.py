"""Checks of the parts of a record that follow the declarations: flushes, penalties,
exchanges and tricks; and :func:`resolve`, the one place that says how the hand is resolved.

Every check is a generator of problems, read against the hand's plan (next/plan.py): the first
problem (or none) says whether a part is sound, the whole list says everything wrong with
it, from the one piece of code. None changes the plan and none raises. A problem found
here names no hand: the engine (settle.py) gives it the hand's number.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from loo_ledger.domain.next.legal import (
    DealShape,
    can_flush,
    flush_kinds,
    refuse_forfeit,
)
from loo_ledger.domain.next.plan import Plan
from loo_ledger.domain.rules.codes import (
    PRE_PLAY,
    FlushKind,
    Game,
    PenaltyKind,
    Resolution,
    RevokePenalty,
    Suit,
)
from loo_ledger.domain.rules.model import Flush, HandRecord, Penalty
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.domain.settlement.flushes import best_flush, flush_name, tied_without_cards
from loo_ledger.errors import Problem

# The members the engine reads for every hand, read from their classes once (an
# enum member read from its class costs some 0.4 µs on Python 3.11).
_FLUSH_PLAIN = FlushKind.PLAIN
_FLUSH_TRUMP = FlushKind.TRUMP
_GAME_LOU = Game.LOU
_PENALTY_REVOKE = PenaltyKind.REVOKE
_RES_ALL_PASS = Resolution.ALL_PASS
_RES_FLUSH = Resolution.FLUSH
_RES_LONE = Resolution.LONE
_RES_RENEGE = Resolution.RENEGE
_REVOKE_PAYS_POOL = RevokePenalty.PAYS_POOL


PLAYED = Resolution.PLAYED
_WITHOUT_PLAY = {Resolution.ALL_PASS: "everyone but the dealer passed",
                 Resolution.LONE: "one player took the pool without play",
                 Resolution.ALL_FOLD: "everyone folded",
                 Resolution.RENEGE: "the hand was thrown in after a renege",
                 Resolution.FLUSH: "a flush settled it without play"}
_DEALT_CARDS = (PLAYED, Resolution.RENEGE, Resolution.FLUSH)
PENALTY_KINDS = tuple(PenaltyKind)
_PAM_KINDS = (FlushKind.PAM, FlushKind.PAM_BLAZE)
_INT = frozenset({int})


def _problem(code: str, message: str, player: str | None = None) -> Problem:
    return Problem(code=code, message=message, player=player)


def sound(problems: Iterator[Problem]) -> bool:
    """Whether a check finds nothing: its first problem, or none."""
    return next(problems, None) is None


def without_play(deal: Plan, resolution: Resolution) -> str:
    """Why nobody played, in words, naming who took the pool (for refusals)."""
    why = _WITHOUT_PLAY[resolution]
    if resolution == _RES_ALL_PASS:
        return f"{why}, so {deal.dealer} took the pool without play"
    if resolution == _RES_LONE and deal.taker is not None:
        return f"{deal.taker} took the pool without play"
    return why


def revokers(record: HandRecord, deal: Plan) -> list[str]:
    """Players dealt in who are recorded with a revoke (in record order, once each)."""
    out: list[str] = []
    for pen in record.penalties:
        if pen.kind == _PENALTY_REVOKE and pen.player in deal.dealt_set \
                and pen.player not in out:
            out.append(pen.player)
    return out


def resolve(record: HandRecord, v: Variant, deal: Plan, shape: DealShape) -> Resolution:
    """How the hand is resolved: the one place that says so.

    The declarations may settle it without play (all pass, a lone player, all fold); else a
    recorded flush settles it if the flushes are sound; else in Lou a sound renege throws it
    in; else the cards were played.
    """
    if deal.resolution != PLAYED:
        return deal.resolution
    if record.flushes and all(f.player in deal.dealt for f in record.flushes) \
            and sound(flush_problems(record, v, deal, shape)):
        return _RES_FLUSH
    if v.game == _GAME_LOU and revokers(record, deal) \
            and sound(penalty_problems(record, v, deal, PLAYED)):
        return _RES_RENEGE
    return PLAYED


def plain(record: HandRecord) -> bool:
    """Whether the record holds words, tricks, exchanges and deltas only (no flushes, Pam,
    penalties, cards or table ruling): the common record, whose only checks here are its
    tricks' and its exchanges' (:func:`check_record`)."""
    return not (record.flushes or record.penalties or record.pam_holder is not None
                or record.cards is not None or record.table_ruling)


def check_record(record: HandRecord, v: Variant, deal: Plan, shape: DealShape,
                 resolution: Resolution) -> Iterable[Problem]:
    """Every problem of the record's flushes, Pam, penalties, exchanges and tricks (none,
    at a glance, for sound tricks and exchanges where it records nothing else)."""
    if not (record.flushes or record.pam_holder is not None or record.penalties) \
            and tricks_sound(record, v, deal, resolution) \
            and exchanges_sound(record, v, deal, resolution):
        return ()
    return _every_check(record, v, deal, shape, resolution)


def _every_check(record: HandRecord, v: Variant, deal: Plan, shape: DealShape,
                 resolution: Resolution) -> Iterator[Problem]:
    if record.flushes:
        yield from flush_problems(record, v, deal, shape)
    if record.flushes or record.pam_holder is not None:
        yield from pam_problems(record, deal)
    if record.penalties:
        yield from penalty_problems(record, v, deal, resolution)
    if record.exchanges:
        yield from exchange_problems(record, v, deal, resolution)
    yield from trick_problems(record, v, deal, resolution)


def penalty_problems(record: HandRecord, v: Variant, deal: Plan,
                     resolution: Resolution) -> Iterator[Problem]:
    for pen in record.penalties:
        if pen.player in deal.dealt_set:  # else reported as UNKNOWN_PLAYER / NOT_DEALT_IN
            problem = _penalty(pen, v, deal, resolution)
            if problem is not None:
                yield problem


def _penalty(pen: Penalty, v: Variant, deal: Plan, resolution: Resolution) -> Problem | None:
    p = pen.player
    if pen.kind not in PENALTY_KINDS:
        return _problem("PENALTY_NOT_ALLOWED", f"{p}'s penalty {pen.kind!r} is not one "
                        f"of {', '.join(PENALTY_KINDS)}", p)
    if pen.kind in PRE_PLAY:  # a forfeit before play: legal's rule (refuse_forfeit)
        refused = refuse_forfeit(v, pen.kind, p, deal.dealt, deal.in_play)
        return None if refused is None else _problem(refused.code, refused.message, p)
    if resolution not in (PLAYED, _RES_RENEGE):
        return _problem("PENALTY_NOT_ALLOWED", f"{p} cannot have revoked: "
                        f"{without_play(deal, resolution)}", p)
    if p not in deal.in_play_set:
        return _problem("PENALTY_BY_NONPLAYER", f"{p} did not play this hand, so cannot "
                        "have revoked", p)
    return None


def exchange_problems(record: HandRecord, v: Variant, deal: Plan,
                      resolution: Resolution) -> Iterator[Problem]:
    """The one check of the exchange limit (legal.exchange_limit), for the counts typed and
    for those the cards show (cards/reading.py fills them in), in the same words; the limits
    are the plan's (``Plan.exchange_limits``)."""
    if exchanges_sound(record, v, deal, resolution):
        return
    for p, n in record.exchanges.items():
        if p not in deal.dealt_set:
            continue
        fewest, most = deal.exchange_limits[p]
        if v.exchange == 0:
            yield (_problem("EXCHANGE_NOT_ALLOWED", f"{p} exchanged {n}, but this game "
                                "has no exchange (exchange=0)", p))
        elif resolution not in _DEALT_CARDS or p not in deal.in_play_set:
            why = (without_play(deal, resolution) if resolution not in _DEALT_CARDS
                   else f"{p} did not play")
            yield _problem("EXCHANGE_NOT_ALLOWED", f"{p} cannot exchange: {why}", p)
        elif type(n) is not int or not fewest <= n <= most:
            if fewest:
                rule = (f"takes the turned card and must discard {fewest} to {most} "
                        "(indicator_to_dealer=true)")
            elif most < v.exchange:  # a Lou first deal of seven or eight
                many = len(deal.dealt)
                rule = (f"may exchange at most {most} cards here (lou_exchange_limits: "
                        + ("no exchange" if not most else f"at most {most}")
                        + " on a first deal of "
                        + {7: "seven", 8: "eight"}.get(many, str(many)) + " players)")
            else:
                rule = f"may exchange at most {most} cards here (exchange={v.exchange})"
            yield _problem("EXCHANGE_INVALID", f"{p} exchanged {n!r}; {p} {rule}", p)


def exchanges_sound(record: HandRecord, v: Variant, deal: Plan,
                    resolution: Resolution) -> bool:
    """Whether :func:`exchange_problems` finds nothing at a glance (the common record):
    none recorded; else a game with an exchange whose cards were dealt, and whole counts
    within the plan's limits of players in play only."""
    exchanges = record.exchanges
    if not exchanges:
        return True
    if not v.exchange or resolution not in _DEALT_CARDS:
        return False
    in_play, limits = deal.in_play_set, deal.exchange_limits
    for p, n in exchanges.items():
        if type(n) is not int or p not in in_play:
            return False
        fewest, most = limits[p]
        if not fewest <= n <= most:
            return False
    return True


def flush_problems(record: HandRecord, v: Variant, deal: Plan,
                   shape: DealShape) -> Iterator[Problem]:
    """Problems of the recorded flushes, read against the declarations (not the tricks)."""
    if not record.flushes:
        return
    first = record.flushes[0].player
    if not v.flushes:
        yield _problem("FLUSH_NOT_RECOGNISED", "flushes are not played at this table "
                       "(flushes=false)", first)
        return
    if not can_flush(v, shape):
        yield _problem("FLUSH_NOT_RECOGNISED", "no trump is known before play in a "
                       "simple pool (simple_pool=play-all), clubs or not, so there is no "
                       "flush", first)
        return
    found = False
    seen: set[str] = set()
    for f in record.flushes:
        if f.player in deal.dealt_set:
            for problem in _flush(f, record, v, deal, seen):
                found = True
                yield problem
    if not found and all(f.player in deal.dealt_set for f in record.flushes):
        for f in tied_without_cards(record.flushes, v, record.trump):
            yield _problem("FLUSH_CARDS_NEEDED", f"{f.player}'s flush ties another: "
                           "record its cards (flush_tiebreak=highest-card)", f.player)


def _flush(f: Flush, record: HandRecord, v: Variant, deal: Plan,
           seen: set[str]) -> Iterator[Problem]:
    p, kinds = f.player, flush_kinds(v)
    if f.kind not in kinds:
        yield _problem("FLUSH_NOT_RECOGNISED", f"{p}'s {f.kind} is not recognised "
                       f"here; the kinds are: {', '.join(kinds)}", p)
    elif f.suit is not None and f.suit not in tuple(Suit):
        yield _problem("FLUSH_NOT_RECOGNISED", f"{p}'s flush is in {f.suit!r}, "
                       f"which is not a suit: {', '.join(Suit)}", p)
    elif record.trump and f.suit and (f.kind == _FLUSH_TRUMP) != (f.suit == record.trump) \
            and f.kind in (_FLUSH_TRUMP, _FLUSH_PLAIN):
        yield _problem("FLUSH_NOT_RECOGNISED", f"{p}'s {flush_name(f.kind)} in "
                       f"{f.suit} does not match the trump ({record.trump})", p)
    if p in seen:
        yield _problem("FLUSH_NOT_RECOGNISED", f"{p} declared two flushes", p)
    seen.add(p)
    if deal.resolution != PLAYED:
        yield _problem("FLUSH_NOT_RECOGNISED", f"{p} cannot win by a flush: "
                       f"{without_play(deal, deal.resolution)}", p)
    elif p not in deal.in_play_set:
        yield _problem("FLUSH_BY_NONPLAYER", f"{p} did not play (passed or folded); "
                       "only a player in play may declare a flush", p)


def pam_holders(record: HandRecord) -> list[str]:
    """Everyone the record says holds Pam: by a Pam flush or Pam blaze, or as ``pam_holder``."""
    named: Iterable[str] = [f.player for f in record.flushes if f.kind in _PAM_KINDS]
    if record.pam_holder is not None:
        named = [*named, record.pam_holder]
    return list(dict.fromkeys(named))


def pam_problems(record: HandRecord, deal: Plan) -> Iterator[Problem]:
    """There is one Pam: two players holding it is impossible (RULES.md, ``pam``)."""
    holders = pam_holders(record)
    for p in holders[1:]:
        yield _problem("PAM_HELD_TWICE", f"{p} is recorded as holding Pam, but so is "
                       f"{holders[0]}; there is one Pam (pam)", p)


def tricks_sound(record: HandRecord, v: Variant, deal: Plan, resolution: Resolution) -> bool:
    """Whether :func:`trick_problems` finds nothing at a glance (the common record): no
    tricks where nobody played; else whole counts of players in play, none below 0,
    adding up to the hand."""
    tricks = record.tricks
    if resolution != PLAYED:
        return not tricks
    if not tricks:
        return False
    in_play, total = deal.in_play_set, 0
    for p, n in tricks.items():  # (a loop: on Python 3.11 it costs less than sum and min)
        if type(n) is not int or n < 0 or p not in in_play:
            return False
        total += n
    return total == v.hand_size


def trick_problems(record: HandRecord, v: Variant, deal: Plan,
                   resolution: Resolution) -> Iterator[Problem]:
    if tricks_sound(record, v, deal, resolution):
        return
    tricks = record.tricks or {}
    size = v.hand_size
    if resolution != PLAYED:
        why, taker = without_play(deal, resolution), deal.taker
        if resolution == _RES_FLUSH:
            taker = best_flush(record.flushes, deal.dealt, v, record.trump).player
            why = f"{taker}'s flush took the pool without play"
        yield _problem("TRICKS_WITH_NO_PLAY", f"tricks are recorded, but {why}", taker)
        return
    invalid = False
    for p, n in tricks.items():
        if type(n) is not int or not 0 <= n <= size:
            invalid = True
            yield _problem("TRICKS_INVALID", f"{p} is recorded with {n!r} tricks; a "
                           f"count is a whole number from 0 to {size}", p)
        elif p not in deal.in_play_set and p in deal.dealt_set:
            yield _problem("TRICKS_BY_NONPLAYER", f"{p} passed and took no part in "
                           "the play, so won no tricks", p)
    if invalid:
        return
    total = sum(tricks.values())
    if total != size and not (not tricks and v.revoke_penalty == _REVOKE_PAYS_POOL
                              and revokers(record, deal)):
        counts = ", ".join(f"{p} {tricks.get(p, 0)}" for p in deal.in_play) or "none recorded"
        yield _problem("TRICKS_SUM", f"trick counts total {total} ({counts}), but a "
                       f"hand has {size} tricks")
