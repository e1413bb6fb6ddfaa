"""A whole hand's play judged from its cards: :func:`judge`.

The record (:class:`PlayRecord`) may hold the turned trump card, the card turned at the first
failure to follow in a simple pool, the miss, each player's cards as dealt and after the
exchange (or the miss taken), and the tricks, each leader first. Any part may be missing.
The leader of trick 1 is the first player in play from the dealer's left, then the winner of
the trick before. A player's hand is known when recorded, or when every trick is (it is then
the cards the player played): only plays from a known hand are judged for breaches.

Whoever took the miss (``miss_taker``: a player who said ``miss``, or the dealer defending
the pool) plays the miss's cards; the cards it was dealt are thrown in, and playing one is
impossible.

Consistency problems are collected, not raised, each naming the player concerned where there
is one: a card twice (every holder), a card that is not in the pack (its holder) or not in the
player's hand, the wrong number of cards in a hand, the miss or a trick (who played no card),
a player who passed whose cards are in the tricks, a trick led by the wrong player, a
simple pool's turned card missing, the card turned for trumps held or played by anyone but
the five-card dealer who may take it (indicator_to_dealer). How many cards a player may
exchange is the rules' (next/checks.py), not the cards'.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from loo_ledger.domain.cards.deck import Card, pack_ranks
from loo_ledger.domain.cards.hand_flushes import FoundFlush, find_flush
from loo_ledger.domain.cards.play import Breach, PlayContext, check_play, effective_suit, winner
from loo_ledger.domain.cards.play_rules import PlayRules, may_hold_turned, turned_up
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
    miss_taker: str | None = None              # took the miss, or defends the pool with it
    defends: bool = False                      # the miss taker is the dealer defending
    passed: tuple[str, ...] = ()               # dealt in, not in play (passed or folded)
    dealer: str | None = None                  # who dealt (None: not recorded); where the
    #   trump card is the dealer's (PlayRules.indicator_to_dealer), nobody else holds it


class PlayResult(msgspec.Struct, frozen=True, kw_only=True):
    trump: Suit | None                         # the trump at the end (None: never known)
    leaders: tuple[str, ...]                   # of each trick judged
    winners: tuple[str, ...]                   # of each trick judged
    tricks_won: Mapping[str, int]              # every player in play, 0 included
    complete: bool                             # every trick of the hand judged
    breaches: tuple[Breach, ...]
    problems: tuple[Problem, ...]
    flushes: tuple[FoundFlush, ...]
    hands: Mapping[str, tuple[Card, ...]]      # each known hand in play, as played


def _problem(code: str, message: str, player: str | None = None) -> Problem:
    return Problem(code=code, message=message, player=player)


def _times(n: int) -> str:
    return "twice" if n == 2 else f"{n} times"


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cards)


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
        out.append(_problem("CARD_COUNT", f"the miss has {len(rec.miss)} cards, not {n}",
                            _miss_taker(rec)))
    if len(rec.tricks) > n:
        out.append(_problem("TRICK_COUNT", f"{len(rec.tricks)} tricks recorded; a hand has {n}"))
    if rec.trump_card and rec.trump and rec.trump_card.suit != rec.trump:
        out.append(_problem("TRUMP", f"the trump card {rec.trump_card} is not a {rec.trump}"))
    if rec.simple and (rec.trump_card or rec.trump):
        out.append(_problem("TRUMP", "a simple pool under play-all has no trump turned after "
                                     "the deal"))


def _miss_taker(rec: PlayRecord) -> str | None:
    """Who plays the miss: the record's taker (a player who took it, or the dealer defending
    the pool with it); in a record that names none, whoever's cards after the exchange are
    the miss."""
    if rec.miss_taker is not None or rec.miss is None:
        return rec.miss_taker
    miss = set(rec.miss)
    return next((p for p, cs in rec.exchanged.items() if set(cs) == miss), None)


def _took(rec: PlayRecord) -> str:
    return "defended the pool with the miss" if rec.defends else "took the miss"


def _thrown_in(rec: PlayRecord, taker: str) -> str:
    """``Ben took the miss (Kh 10s 3d) and threw in Ah 5h Qc``."""
    miss = f" ({_text(rec.miss)})" if rec.miss is not None else ""
    return f"{taker} {_took(rec)}{miss} and threw in {_text(rec.dealt[taker])}"


def _before(rec: PlayRecord, p: str, taker: str | None) -> tuple[Card, ...] | None:
    """``p``'s cards before any exchange: the miss for whoever took it (None if unknown)."""
    return rec.miss if p == taker else rec.dealt.get(p)


def _held(rec: PlayRecord, p: str, taker: str | None) -> tuple[Card, ...] | None:
    """``p``'s cards for play, as recorded: after the exchange, else as dealt (the miss for
    whoever took it: the cards it was dealt are thrown in); None when not recorded."""
    return rec.exchanged[p] if p in rec.exchanged else _before(rec, p, taker)


Places = dict[Card, list[tuple[str, str | None]]]


def _indicator_is(rec: PlayRecord, rules: PlayRules, p: str) -> bool:
    """Whether ``p`` may take the card turned for trumps into his hand (play_rules'
    may_hold_turned, for the record's dealer)."""
    return may_hold_turned(rules, dealer=rec.dealer, player=p)


def _places(rec: PlayRecord, rules: PlayRules, taker: str | None) -> Places:
    """Where each card is recorded before play, with the player holding it there (the card
    turned for trumps, in the hand of the dealer who may take it, is recorded once)."""
    places: Places = {}
    for p, cards in rec.dealt.items():
        for c in cards:
            places.setdefault(c, []).append((f"{p}'s cards as dealt", p))
    for c in rec.miss or ():
        places.setdefault(c, []).append(("the miss", None))
    if rec.trump_card is not None:
        places.setdefault(rec.trump_card, []).append(("the card turned for trumps", None))
    if rec.turned is not None:
        places.setdefault(rec.turned, []).append(("the card turned at the first failure to "
                                                  "follow", None))
    for p, after in rec.exchanged.items():
        before = _before(rec, p, taker)
        kept = rec.dealt.get(p, ()) if p == taker else ()  # the taker's own, written again
        for c in after:
            if (before is None or c not in before) and c not in kept \
                    and (c != rec.trump_card or not _indicator_is(rec, rules, p)):
                places.setdefault(c, []).append((f"{p}'s cards after the exchange", p))
    return places


def _cards(rec: PlayRecord, rules: PlayRules, taker: str | None, places: Places,
           out: list[Problem]) -> None:
    """The pack, cards recorded twice (naming every holder) and the cards thrown in for the
    miss held again. How many cards may be exchanged is not the cards' rule: the count the
    cards show is held to the exchange limit with the typed ones (next/checks.py)."""
    for p, after in rec.exchanged.items():
        back = [c for c in after if c in rec.dealt.get(p, ())] if p == taker else []
        if back:
            out.append(_problem("CARD_NOT_HELD", f"{_thrown_in(rec, p)}, but is recorded "
                                f"holding {_text(back)} after it", p))
    ranks = pack_ranks(rules.pack)
    wrong = [c for c, where in places.items() if len(where) > 1 or c.rank not in ranks]
    for card in sorted(wrong, key=Card.display_key):
        where = places[card]
        holders = [p for _, p in where if p is not None]
        if card.rank not in ranks:
            out.append(_problem("NOT_IN_PACK", f"{card}, in {_listed([w for w, _ in where])}, "
                                f"is not in the {rules.pack}-card pack",
                                holders[0] if holders else None))
        if len(where) > 1:
            out.append(_problem("CARD_TWICE", f"{card} is recorded {_times(len(where))}: "
                                f"{_listed(['in ' + w for w, _ in where])}",
                                holders[0] if holders else None))


def _played_problems(rec: PlayRecord, rules: PlayRules, places: Places,
                     played_by: dict[Card, tuple[str, int]], reported: set[Card],
                     out: list[Problem]) -> None:
    """Cards played twice, played after being turned up, or not in the pack, found in the
    tricks the play did not reach (the play names the players in those it did)."""
    tricks_of: dict[Card, list[int]] = {}
    for no, trick in enumerate(rec.tricks, 1):
        for c in trick:
            tricks_of.setdefault(c, []).append(no)
    ranks, up = pack_ranks(rules.pack), turned_up(rules, trump_card=rec.trump_card,
                                                  turned=rec.turned)
    wrong = [c for c, nos in tricks_of.items()
             if len(nos) > 1 or c in up or (c.rank not in ranks and c not in places)]
    for card in sorted(wrong, key=Card.display_key):
        nos = tricks_of[card]
        by = played_by.get(card)
        if card not in places and card.rank not in ranks:
            who = (f"played by {by[0]} to trick {by[1]}" if by is not None
                   else f"played to trick {nos[0]}")
            out.append(_problem("NOT_IN_PACK", f"{card}, {who}, is not in the {rules.pack}-card "
                                "pack", by[0] if by is not None else None))
        if card in reported:
            continue
        if len(nos) > 1:
            out.append(_problem("CARD_TWICE", f"{card} is played {_times(len(nos))}, in tricks "
                                f"{_listed([str(n) for n in nos])}",
                                by[0] if by is not None else None))
        if card in up:
            out.append(_problem("CARD_TWICE", f"{card} is played to trick {nos[0]} but was "
                                "turned up", by[0] if by is not None else None))


def _passers_cards(rec: PlayRecord, places: Places, out: list[Problem]) -> set[int]:
    """Cards dealt to a player who passed (and recorded nowhere else), found in the tricks:
    one problem for each such player; the numbers of the tricks holding them."""
    dealt_to = {c: p for p in rec.passed for c in rec.dealt.get(p, ()) if len(places[c]) == 1}
    found: dict[str, list[str]] = {}
    tricks: set[int] = set()
    for no, trick in enumerate(rec.tricks, 1):
        for c in trick:
            if c in dealt_to:
                found.setdefault(dealt_to[c], []).append(f"{c} (trick {no})")
                tricks.add(no)
    for p, cards in found.items():
        out.append(_problem("TRICKS_BY_NONPLAYER", f"{p} passed and plays no card, but {p}'s "
                            f"{', '.join(cards)} are in the tricks" if len(cards) > 1 else
                            f"{p} passed and plays no card, but {p}'s {cards[0]} is in the "
                            "tricks", p))
    return tricks


def _turned_played(rec: PlayRecord, no: int, p: str, card: Card,
                   up: frozenset[Card]) -> Problem:
    """``p`` played a card turned for trumps: shown to the table, or the dealer's."""
    if card in up:
        return _problem("CARD_TWICE", f"trick {no}: {p} played {card}, which was turned up", p)
    return _problem("CARD_NOT_HELD", f"trick {no}: {p} played {card}, the card turned for "
                    f"trumps, which is the dealer {rec.dealer}'s to take "
                    "(indicator_to_dealer=true)", p)


def _size(no: int, trick: tuple[Card, ...], rec: PlayRecord, seats: tuple[str, ...] | None,
          holder: Mapping[Card, str]) -> Problem:
    """A trick with too few or too many cards, naming who did not play where the hands (or
    the order of play from a known leader) show it."""
    n = len(rec.players)
    head = f"trick {no} has {len(trick)} cards for the {n} players in play"
    if len(trick) > n:
        if rec.passed:
            return _problem("TRICK_SIZE", f"{head} ({', '.join(rec.players)}); "
                            f"{_listed(list(rec.passed))} passed and played no card",
                            rec.passed[0] if len(rec.passed) == 1 else None)
        return _problem("TRICK_SIZE", f"{head} ({', '.join(rec.players)})")
    known = set(holder.values()) >= set(rec.players)
    missing = ([p for p in rec.players if p not in {holder.get(c) for c in trick}] if known
               else list(seats[len(trick):]) if seats is not None else [])
    if not missing:
        return _problem("TRICK_SIZE", head)
    return _problem("TRICK_SIZE", f"{head}: {_listed(missing)} played no card", missing[0])


def _known_hands(rec: PlayRecord, rules: PlayRules,
                 taker: str | None) -> dict[str, tuple[Card, ...]]:
    hands = {p: _held(rec, p, taker) for p in rec.players}
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
    taker = _miss_taker(rec)
    places = _places(rec, rules, taker)
    _counts(rec, rules, problems)
    _cards(rec, rules, taker, places, problems)
    with_passers = _passers_cards(rec, places, problems)
    hands = _known_hands(rec, rules, taker) if len(rec.players) >= 2 else {}
    holder = {c: p for p, h in hands.items() for c in h}
    remaining = {p: list(h) for p, h in hands.items()}
    thrown = (set(rec.dealt.get(taker, ())) - set(hands.get(taker, ()))
              if taker is not None else set())
    thrown_played: list[str] = []
    trump, trump_card, turned_in_play = trump_at_start(rec), rec.trump_card, False
    up = turned_up(rules, trump_card=rec.trump_card, turned=rec.turned)
    leaders: list[str] = []
    winners: list[str] = []
    breaches: list[Breach] = []
    played: set[Card] = set()
    played_by: dict[Card, tuple[str, int]] = {}
    reported: set[Card] = set()
    sized: set[int] = set(with_passers)
    leader = rec.players[0] if rec.players else ""
    for no, trick in enumerate(rec.tricks[:rules.hand_size], 1):
        if len(rec.players) < 2 or no in with_passers:
            break
        seats = _from(rec.players, leader)
        if len(trick) != len(rec.players):
            problems.append(_size(no, trick, rec, seats, holder))
            sized.add(no)
            break
        first = next((q for q, h in remaining.items() if q != leader and trick[0] in h), None)
        if first is not None:
            why = (f"{leader} won trick {no - 1} and leads" if no > 1 else
                   f"{leader}, the first in play from the dealer's left, leads")
            problems.append(_problem("TRICK_LEADER", f"{first} led trick {no} ({trick[0]}); "
                                     f"{why}", first))
            break
        for i, (p, card) in enumerate(zip(seats, trick, strict=True)):
            if card in played_by:
                q, m = played_by[card]
                problems.append(_problem("CARD_TWICE", f"{card} is played twice: by {q} to "
                                         f"trick {m} and by {p} to trick {no}", p))
                reported.add(card)
                continue
            played_by[card] = (p, no)
            if card in up or (card == rec.trump_card and not _indicator_is(rec, rules, p)):
                if len(places.get(card, ())) < 2:  # else told: recorded twice
                    problems.append(_turned_played(rec, no, p, card, up))
                reported.add(card)
                continue
            if p == taker and card in thrown:
                thrown_played.append(f"{card} (trick {no})")
                continue
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
    if thrown_played and taker is not None:
        problems.append(_problem("CARD_NOT_HELD", f"{_thrown_in(rec, taker)}, but played "
                                 f"{', '.join(thrown_played)}", taker))
    for no, trick in enumerate(rec.tricks, 1):
        if no not in sized and len(trick) != len(rec.players) and len(rec.players) >= 2:
            problems.append(_size(no, trick, rec, None, holder))
    _played_problems(rec, rules, places, played_by, reported, problems)
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
                      breaches=tuple(breaches), problems=tuple(problems), flushes=flushes,
                      hands=hands)
