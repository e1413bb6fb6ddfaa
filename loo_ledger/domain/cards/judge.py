"""A whole hand's play judged from its cards: :func:`judge`.

The record (:class:`PlayRecord`) may hold the turned trump card, the card turned at the first
failure to follow in a simple pool, the miss, each player's cards as dealt and after the
exchange (or the miss taken), and the tricks, each leader first. Any part may be missing.
The leader of trick 1 is the first player in play from the dealer's left, then the winner of
the trick before. A player's hand is known when recorded, or when every trick is (it is then
the cards the player played): only plays from a known hand are judged for breaches.

Consistency problems are collected, not raised: a card twice, a card that is not in the pack
or not in the player's hand, the wrong number of cards in a hand, the miss or a trick, an
exchange over the limit, a simple pool's turned card missing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import msgspec

from loo_ledger.domain.cards.deck import Card, in_pack
from loo_ledger.domain.cards.hand_flushes import FoundFlush, find_flush
from loo_ledger.domain.cards.play import Breach, PlayContext, check_play, effective_suit, winner
from loo_ledger.domain.cards.play_rules import PlayRules
from loo_ledger.domain.rules.codes import Suit
from loo_ledger.errors import Problem

__all__ = ["PlayRecord", "PlayResult", "judge", "FoundFlush"]


class PlayRecord(msgspec.Struct, frozen=True, kw_only=True):
    """The cards of one hand, as far as they were written down."""

    players: tuple[str, ...]                   # in play, from the dealer's left
    trump_card: Card | None = None             # turned after the deal
    trump: Suit | None = None                  # the trump suit, when only the suit is known
    simple: bool = False                       # a simple pool under play-all: no trump yet
    turned: Card | None = None                 # simple pool: turned at the first failure
    miss: tuple[Card, ...] | None = None
    dealt: Mapping[str, tuple[Card, ...]] = msgspec.field(default_factory=dict)
    exchanged: Mapping[str, tuple[Card, ...]] = msgspec.field(default_factory=dict)  # or the miss
    tricks: tuple[tuple[Card, ...], ...] = ()
    civil: frozenset[int] = frozenset()        # tricks to which "Pam be civil" was said


class PlayResult(msgspec.Struct, frozen=True, kw_only=True):
    trump: Suit | None                         # the trump at the end (None: never known)
    leaders: tuple[str, ...]                   # of each trick judged
    winners: tuple[str, ...]                   # of each trick judged
    tricks_won: Mapping[str, int]              # every player in play, 0 included
    complete: bool                             # every trick of the hand judged
    breaches: tuple[Breach, ...]
    problems: tuple[Problem, ...]
    flushes: tuple[FoundFlush, ...]


def _problem(code: str, message: str, player: str | None = None) -> Problem:
    return Problem(code=code, message=message, player=player)


def _counts(rec: PlayRecord, rules: PlayRules, out: list[Problem]) -> None:
    n = rules.hand_size
    if len(rec.players) < 2 or len(set(rec.players)) != len(rec.players):
        out.append(_problem("PLAYERS", "play needs two or more different players in play, "
                                       f"not {', '.join(rec.players) or 'nobody'}"))
    for label, hands in (("dealt", rec.dealt), ("after the exchange", rec.exchanged)):
        for p, cards in hands.items():
            if len(cards) != n:
                out.append(_problem("CARD_COUNT", f"{p} has {len(cards)} cards {label}, "
                                                  f"not {n}", p))
    if rec.miss is not None and len(rec.miss) != n:
        out.append(_problem("CARD_COUNT", f"the miss has {len(rec.miss)} cards, not {n}"))
    for i, trick in enumerate(rec.tricks, 1):
        if len(trick) != len(rec.players):
            out.append(_problem("TRICK_SIZE", f"trick {i} has {len(trick)} cards for "
                                              f"{len(rec.players)} players in play"))
    if len(rec.tricks) > n:
        out.append(_problem("TRICK_COUNT", f"{len(rec.tricks)} tricks recorded; a hand has {n}"))
    if rec.trump_card and rec.trump and rec.trump_card.suit != rec.trump:
        out.append(_problem("TRUMP", f"the trump card {rec.trump_card} is not a {rec.trump}"))
    if rec.simple and (rec.trump_card or rec.trump):
        out.append(_problem("TRUMP", "a simple pool under play-all has no trump turned after "
                                     "the deal"))


def _is_miss(rec: PlayRecord, cards: tuple[Card, ...]) -> bool:
    return rec.miss is not None and set(cards) == set(rec.miss)


def _cards(rec: PlayRecord, rules: PlayRules, out: list[Problem]) -> None:
    """Pack, duplicates and exchange limits."""
    seen: Counter[Card] = Counter()
    for cards in rec.dealt.values():
        seen.update(cards)
    seen.update(rec.miss or ())
    seen.update(c for c in (rec.trump_card, rec.turned) if c is not None)
    for p, after in rec.exchanged.items():
        if _is_miss(rec, after):
            continue
        before = rec.dealt.get(p)
        drawn = [c for c in after if before is None or c not in before]
        seen.update(c for c in drawn if c != rec.trump_card)
        if before is not None:
            gone = len(set(before) - set(after))
            if gone > rules.exchange:
                out.append(_problem("EXCHANGE_INVALID", f"{p} exchanged {gone} cards; the "
                                    f"most allowed is {rules.exchange}", p))
    played: Counter[Card] = Counter(c for t in rec.tricks for c in t)
    every = seen + played
    for card in sorted(every, key=Card.display_key):
        if not in_pack(card, rules.pack):
            out.append(_problem("NOT_IN_PACK", f"{card} is not in the {rules.pack}-card pack"))
    for card, k in sorted(seen.items(), key=lambda kv: kv[0].display_key()):
        if k > 1:
            out.append(_problem("CARD_TWICE", f"{card} is recorded {k} times among the hands, "
                                              "the miss and the turned cards"))
    for card, k in sorted(played.items(), key=lambda kv: kv[0].display_key()):
        if k > 1:
            out.append(_problem("CARD_TWICE", f"{card} is played {k} times"))
        if card == rec.turned or (card == rec.trump_card and rules.hand_size != 5):
            out.append(_problem("CARD_TWICE", f"{card} is played but was turned up"))


def _known_hands(rec: PlayRecord, rules: PlayRules) -> dict[str, tuple[Card, ...]]:
    hands = {p: rec.exchanged.get(p, rec.dealt.get(p)) for p in rec.players}
    known = {p: h for p, h in hands.items() if h is not None}
    complete = (len(rec.tricks) == rules.hand_size
                and all(len(t) == len(rec.players) for t in rec.tricks))
    if not complete or (trump_at_start(rec) is None and not rec.simple):
        return known
    # every trick is recorded: the unrecorded hands are the cards played
    order, leader = rec.players, rec.players[0]
    played: dict[str, list[Card]] = {p: [] for p in rec.players}
    trump = trump_at_start(rec)
    for trick in rec.tricks:
        seats = _from(order, leader)
        for p, c in zip(seats, trick, strict=True):
            played[p].append(c)
        trump = trump_from_trick(rec, trick, trump)
        if trump is None and _failed(trick, None, rules):
            break  # the trump turned is missing: winners from here are unknown
        leader = seats[winner(trick, trump, pam_of(rules, trump))]
    else:
        return {p: known.get(p, tuple(played[p])) for p in rec.players}
    return known


def _from(order: tuple[str, ...], leader: str) -> tuple[str, ...]:
    i = order.index(leader)
    return order[i:] + order[:i]


def trump_at_start(rec: PlayRecord) -> Suit | None:
    """The trump known before the first trick (none in a simple pool)."""
    if rec.simple:
        return None
    return rec.trump or (rec.trump_card.suit if rec.trump_card else None)


def pam_of(rules: PlayRules, trump: Suit | None) -> Card | None:
    """Pam under these rules and this trump, if there is one."""
    return PlayContext(rules=rules, trump=trump).pam


def _failed(trick: tuple[Card, ...], trump: Suit | None, rules: PlayRules) -> bool:
    pam = pam_of(rules, trump)
    led = effective_suit(trick[0], trump, pam)
    return any(effective_suit(c, trump, pam) != led for c in trick)


def trump_from_trick(rec: PlayRecord, trick: tuple[Card, ...], trump: Suit | None) -> Suit | None:
    """The trump for this trick on: a simple pool's card is turned at the first failure."""
    if trump is None and rec.simple and rec.turned is not None:
        led = trick[0].suit
        if any(c.suit != led for c in trick):
            return rec.turned.suit
    return trump


def judge(rec: PlayRecord, rules: PlayRules | None = None) -> PlayResult:
    """Judge the play of one hand: winners, tricks, breaches, problems and flushes.

    >>> from loo_ledger.domain.cards.deck import parse_card as c, parse_cards as cs
    >>> rec = PlayRecord(players=("A", "B"), trump_card=c("2s"),
    ...                  tricks=(cs("As 3s"), cs("Kh Qh"), cs("Kd 4d")))
    >>> r = judge(rec)
    >>> r.winners, dict(r.tricks_won), r.breaches, r.problems
    (('A', 'A', 'A'), {'A': 3, 'B': 0}, (), ())
    """
    rules = rules or PlayRules()
    problems: list[Problem] = []
    _counts(rec, rules, problems)
    _cards(rec, rules, problems)
    hands = _known_hands(rec, rules) if len(rec.players) >= 2 else {}
    remaining = {p: list(h) for p, h in hands.items()}
    trump, trump_card, turned_in_play = trump_at_start(rec), rec.trump_card, False
    leaders: list[str] = []
    winners: list[str] = []
    breaches: list[Breach] = []
    played: set[Card] = set()
    leader = rec.players[0] if rec.players else ""
    for no, trick in enumerate(rec.tricks[:rules.hand_size], 1):
        if len(trick) != len(rec.players) or len(rec.players) < 2:
            break
        seats = _from(rec.players, leader)
        for i, (p, card) in enumerate(zip(seats, trick, strict=True)):
            hand = remaining.get(p)
            if hand is None:
                continue
            if card not in hand:
                problems.append(_problem("CARD_NOT_HELD", f"trick {no}: {p} played {card}, "
                                         "which is not in that player's hand", p))
                continue
            ctx = PlayContext(rules=rules, trump=trump, trump_card=trump_card,
                              turned_in_play=turned_in_play, players=len(rec.players),
                              trick=no, civil=no in rec.civil, played=frozenset(played))
            breach = check_play(card, hand, trick[:i], ctx, player=p)
            if breach is not None:
                breaches.append(breach)
            hand.remove(card)
        new = trump_from_trick(rec, trick, trump)
        if new != trump:
            trump, trump_card, turned_in_play = new, rec.turned, True
        elif trump is None and rec.simple and _failed(trick, None, rules):
            problems.append(_problem("TURNED_MISSING", f"trick {no}: a player failed to follow "
                                     "in a simple pool, but the card then turned for trumps is "
                                     "not recorded; no trick is judged from here"))
            break
        elif trump is None and not rec.simple:
            problems.append(_problem("TRUMP_MISSING", "the trump card is not recorded; no "
                                     "trick is judged"))
            break
        played.update(trick)
        leaders.append(leader)
        leader = seats[winner(trick, trump, pam_of(rules, trump))]
        winners.append(leader)
    if (rec.simple and rec.turned is not None and trump is None
            and len(winners) == rules.hand_size):
        problems.append(_problem("TURNED_UNUSED", f"{rec.turned} is recorded as turned at the "
                                 "first failure to follow, but every player followed suit"))
    won = {p: winners.count(p) for p in rec.players}
    flushes = tuple(f for p in rec.players if p in hands
                    for f in [find_flush(p, hands[p], trump_at_start(rec), rules)]
                    if f is not None)
    return PlayResult(trump=trump, leaders=tuple(leaders), winners=tuple(winners),
                      tricks_won=won, complete=len(winners) == rules.hand_size,
                      breaches=tuple(breaches), problems=tuple(problems), flushes=flushes)
