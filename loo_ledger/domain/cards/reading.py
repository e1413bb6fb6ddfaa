"""A hand's recorded cards read against the rest of its record (issues 12 and 21).

:func:`read_cards` turns the record's :class:`CardRecord` into a
:class:`~loo_ledger.domain.cards.judge.PlayRecord` for the players in play and judges it: a
player who took the miss, and a dealer who defends the pool, play the miss's cards (the
cards they were dealt are thrown in).
:func:`apply_breaches` adds a ``revoke`` penalty for each player the cards show breaking a
rule of play (unless the record has a table ruling: the table decided);
:func:`apply_facts` (the flushes and their cards, who held Pam, how many cards each player
exchanged) and :func:`apply_tricks` check what the cards show against what is recorded, and
fill it in where nothing is: a fact the cards show settles the hand exactly as if typed.
Every problem names the hand and, where there is one, the player.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from loo_ledger.domain.cards.deck import Card, CardError, cards_text, parse_card, rank_text
from loo_ledger.domain.cards.judge import (
    PlayRecord,
    PlayResult,
    judge,
    pam_of,
    trump_at_start,
)
from loo_ledger.domain.cards.play_rules import PlayRules
from loo_ledger.domain.next.legal import exchange_limit
from loo_ledger.domain.next.plan import Plan
from loo_ledger.domain.rules.codes import PenaltyKind, Resolution, Suit, Word
from loo_ledger.domain.rules.model import CardRecord, Flush, HandRecord, Penalty
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.domain.settlement.flushes import flush_name
from loo_ledger.errors import Problem

__all__ = ["Judged", "read_cards", "apply_breaches", "apply_facts", "apply_flushes",
           "apply_tricks", "counts_text"]

_MISS_WORDS = (Word.MISS, Word.DEFEND)  # who plays the miss's cards


class Judged(msgspec.Struct, frozen=True, kw_only=True):
    """The cards of one hand as read and judged."""

    record: PlayRecord
    result: PlayResult
    rules: PlayRules


def _problem(deal: Plan, code: str, message: str, player: str | None = None) -> Problem:
    """A problem of the cards (the engine gives it the hand's number)."""
    return Problem(code=code, message=message, player=player)


def _card(text: str, where: str, bad: list[str]) -> Card | None:
    try:
        return parse_card(text)
    except CardError:
        bad.append(f"{text!r} ({where})")
        return None


def _many(texts: tuple[str, ...], where: str, bad: list[str]) -> tuple[Card, ...]:
    return tuple(c for i, t in enumerate(texts) if (c := _card(t, where, bad)) is not None)


def _play_record(cards: CardRecord, record: HandRecord, deal: Plan,
                 bad: list[str]) -> PlayRecord:
    trump = record.trump if record.trump in tuple(Suit) else None
    simple = not deal.shape.trump_known
    trump_card = None if cards.trump_card is None else _card(cards.trump_card, "trump_card", bad)
    turned = None if cards.turned is None else _card(cards.turned, "turned", bad)
    taker = next((p for p in deal.in_play if deal.words.get(p) in _MISS_WORDS), None)
    return PlayRecord(
        players=deal.in_play, trump_card=trump_card,
        miss_taker=taker, defends=taker is not None and deal.words.get(taker) == Word.DEFEND,
        passed=tuple(p for p in deal.dealt if p not in deal.in_play_set),
        dealer=deal.dealt[-1] if deal.dealt else None,
        trump=None if simple or trump is None else Suit(trump), simple=simple, turned=turned,
        miss=None if cards.miss is None else _many(cards.miss, "the miss", bad),
        dealt={p: _many(cs, f"{p}'s dealt", bad) for p, cs in cards.dealt.items()},
        exchanged={p: _many(cs, f"{p}'s after the exchange", bad)
                   for p, cs in cards.exchanged.items()},
        tricks=tuple(_many(t, f"trick {i}", bad) for i, t in enumerate(cards.tricks, 1)),
        civil=frozenset(cards.civil))


def read_cards(record: HandRecord, v: Variant, deal: Plan) -> tuple[Judged | None,
                                                                     list[Problem]]:
    """The record's cards judged, and the problems of the cards themselves."""
    cards = record.cards
    if cards is None:
        return None, []
    out: list[Problem] = []
    for p in [*cards.dealt, *cards.exchanged]:
        if p not in deal.dealt:
            out.append(_problem(deal, "CARDS_NOT_DEALT", f"cards are recorded for {p}, who "
                                "was not dealt in this hand", p))
    for p in cards.exchanged:
        if p in deal.dealt and p not in deal.in_play:
            out.append(_problem(deal, "CARDS_NOT_DEALT", f"{p} did not play, so has no cards "
                                "after the exchange", p))
    if cards.tricks and deal.resolution != Resolution.PLAYED:
        out.append(_problem(deal, "TRICKS_WITH_NO_PLAY", "tricks are recorded in the cards, "
                            "but nobody played: the declarations settled the hand"))
    bad: list[str] = []
    play = _play_record(cards, record, deal, bad)
    if bad:
        out.append(_problem(deal, "BAD_CARD", "not cards: " + ", ".join(bad)))
    if out or len(deal.in_play) < 2:
        return None, out
    rules = PlayRules.from_variant(v)
    result = judge(play, rules)
    out += result.problems
    return Judged(record=play, result=result, rules=rules), out


def apply_breaches(record: HandRecord, judged: Judged | None) -> HandRecord:
    """The record with a revoke penalty for every player the cards show breaking a rule of
    play and not already charged; unchanged under a table ruling (the table decided)."""
    if judged is None or record.table_ruling or not judged.result.breaches:
        return record
    charged = {p.player for p in record.penalties if p.kind == PenaltyKind.REVOKE}
    added: list[Penalty] = []
    for b in judged.result.breaches:
        if b.player not in charged:
            charged.add(b.player)
            added.append(Penalty(player=b.player, kind=PenaltyKind.REVOKE))
    return replace(record, penalties=(*record.penalties, *added)) if added else record


def counts_text(counts: dict[str, int], players: tuple[str, ...]) -> str:
    return ", ".join(f"{p} {counts.get(p, 0)}" for p in players)


def apply_tricks(record: HandRecord, judged: Judged | None, deal: Plan, v: Variant,
                 resolution: Resolution) -> tuple[HandRecord, list[Problem]]:
    """Trick counts from the cards, when every trick is judged and the hand was played:
    checked against any recorded (a problem shows both), used where none are recorded."""
    if judged is None or resolution != Resolution.PLAYED or not judged.result.complete:
        return record, []
    res = judged.result
    won = {p: n for p, n in res.tricks_won.items() if n}
    if record.tricks is None:
        return replace(record, tricks=won), []
    if not record.tricks and _pays_pool_revoke(record, deal, v):
        return record, []  # pays-pool: the tricks are not counted
    recorded = {p: n for p, n in record.tricks.items() if n}
    if recorded == won:
        return record, []
    why = "; ".join(f"trick {i} {w}" for i, w in enumerate(res.winners, 1))
    return record, [_problem(deal, "TRICKS_DISAGREE", "the trick counts recorded ("
                             f"{counts_text(recorded, deal.in_play)}) are not what the cards "
                             f"show ({counts_text(won, deal.in_play)}: {why})")]


def _pays_pool_revoke(record: HandRecord, deal: Plan, v: Variant) -> bool:
    return v.revoke_penalty == "pays-pool" and any(
        p.kind == PenaltyKind.REVOKE and p.player in deal.in_play for p in record.penalties)


def apply_flushes(record: HandRecord, judged: Judged | None, deal: Plan,
                  v: Variant) -> tuple[HandRecord, list[Problem]]:
    """Flushes in the known hands: checked against any recorded (a problem shows both);
    used where the record has no flush and no trick counts and the cards no tricks. A flush
    held but not declared, the hand played out, is not a problem: a flush must be shown."""
    if judged is None or not v.flushes or not deal.shape.trump_known:
        return record, []
    found = {f.player: f for f in judged.result.flushes}
    if not record.flushes:
        if found and not judged.record.tricks and record.tricks is None:
            return replace(record, flushes=tuple(
                Flush(player=f.player, kind=str(f.kind),
                      suit=None if f.suit is None else str(f.suit))
                for f in judged.result.flushes)), []
        return record, []
    known = set(judged.result.hands)  # the miss for whoever took it
    shown = {p: f"{f.kind} ({' '.join(str(c) for c in f.cards)})" for p, f in found.items()}
    out = []
    for f in record.flushes:
        have = found.get(f.player)
        if f.player in known and (have is None or str(have.kind) != f.kind
                                  or (f.suit is not None and str(have.suit) != f.suit)):
            cards = shown.get(f.player, "no flush")
            out.append(_problem(deal, "FLUSH_DISAGREES", f"{f.player} is recorded with a "
                                f"{flush_name(f.kind)}, but the cards show {cards}", f.player))
    recorded = {f.player for f in record.flushes}
    for p in sorted(set(found) - recorded):
        out.append(_problem(deal, "FLUSH_DISAGREES", f"the cards show {p}'s {shown[p]}, "
                            "which the record leaves out", p))
    return record, out


def _ranks(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """A flush's cards as ranks, highest first, as ``Flush.cards`` holds them."""
    return tuple(rank_text(c.rank) for c in sorted(cards, key=lambda c: -c.rank))


def _flush_cards(record: HandRecord, judged: Judged) -> tuple[HandRecord, list[Problem]]:
    """The ranks of each recorded flush from the cards (``flush_tiebreak=highest-card``
    needs them): filled in where none are typed, checked where they are."""
    found = {f.player: f for f in judged.result.flushes}
    out: list[Problem] = []
    flushes = []
    for f in record.flushes:
        have = found.get(f.player)
        if have is None:
            flushes.append(f)
            continue
        ranks = _ranks(have.cards)
        if not f.cards:
            flushes.append(replace(f, cards=ranks))
            continue
        flushes.append(f)
        if sorted(r.upper() for r in f.cards) != sorted(ranks):
            out.append(Problem(code="FLUSH_DISAGREES", player=f.player, message=(
                f"{f.player}'s flush is recorded with {' '.join(f.cards)}, but the cards show "
                f"{cards_text(have.cards)}")))
    return replace(record, flushes=tuple(flushes)), out


def _pam(record: HandRecord, judged: Judged, deal: Plan) -> tuple[HandRecord, list[Problem]]:
    """Who held Pam, where the cards show it: filled in where ``pam_holder`` is not typed,
    checked where it is (there is one Pam)."""
    rec = judged.record
    pam = pam_of(judged.rules, trump_at_start(rec))
    if pam is None:
        return record, []
    hands = {**{p: rec.dealt[p] for p in rec.passed if p in rec.dealt}, **judged.result.hands}
    holder = next((p for p in deal.dealt if pam in hands.get(p, ())), None)
    typed = record.pam_holder
    if typed is None:
        return (record, []) if holder is None else (replace(record, pam_holder=holder), [])
    if holder is not None and holder != typed:
        return record, [Problem(code="PAM_HELD_TWICE", player=typed, message=(
            f"{typed} is recorded as holding Pam, but the cards show Pam ({pam}) in "
            f"{holder}'s hand; there is one Pam (pam)"))]
    if holder is None and typed in hands:
        return record, [Problem(code="PAM_DISAGREES", player=typed, message=(
            f"{typed} is recorded as holding Pam ({pam}), but the cards show {typed} "
            f"holding {cards_text(hands[typed])}"))]
    return record, []


def _exchanges(record: HandRecord, judged: Judged, deal: Plan,
               v: Variant) -> tuple[HandRecord, list[Problem]]:
    """How many cards each player in play exchanged, where the cards show it (the cards
    before, and after the exchange or as played): filled in where no count is typed, a typed
    count that disagrees refused showing both. A five-card dealer who takes the turned card
    (indicator_to_dealer) discards from his cards and it."""
    rec, hands = judged.record, judged.result.hands
    shown: dict[str, tuple[int, tuple[Card, ...], tuple[Card, ...]]] = {}
    for p in deal.in_play:
        before = rec.miss if p == rec.miss_taker else rec.dealt.get(p)
        after = rec.exchanged.get(p) or (hands.get(p) if judged.result.complete else None)
        if before is None or after is None:
            continue
        if v.exchange and rec.trump_card is not None \
                and exchange_limit(v, deal.shape, deal.dealt, p)[0]:
            before = (*before, rec.trump_card)
        shown[p] = (len(set(before) - set(after)), before, after)
    typed = record.exchanges
    out = [Problem(code="EXCHANGE_DISAGREES", player=p, message=(
        f"{p} is recorded as exchanging {typed[p]}, but the cards show {n} ("
        + (f"{cards_text(before)}, then {cards_text(after)}" if n else
           f"{cards_text(after)} kept") + ")"))
        for p, (n, before, after) in shown.items() if p in typed and typed[p] != n]
    if out:
        return record, out
    more = {p: n for p, (n, _, _) in shown.items() if n and p not in typed}
    return (replace(record, exchanges={**typed, **more}) if more else record), []


def apply_facts(record: HandRecord, judged: Judged | None, deal: Plan,
                v: Variant) -> tuple[HandRecord, list[Problem]]:
    """What the cards show, as if typed: the flushes (:func:`apply_flushes`) and their
    cards, who held Pam, and how many cards each player exchanged. A recorded figure that
    disagrees with the cards is a problem showing both."""
    if judged is None:
        return record, []
    record, out = apply_flushes(record, judged, deal, v)
    if not out and record.flushes:
        record, out = _flush_cards(record, judged)
    record, more = _pam(record, judged, deal)
    out += more
    record, more = _exchanges(record, judged, deal, v)
    return record, out + more
