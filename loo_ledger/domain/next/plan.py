"""Reading a hand record against the table: who is dealt in, what kind of deal it is,
the antes, and what the declarations mean.

:func:`analyse` works it all out, collecting every problem (nothing here raises for bad
input). What it finds of a sound reading is a :class:`Plan`: it depends only on the table
state (not its pool or hand number) and the record's seats, trump and words, so the
engine remembers it (domain/settlement/compiled.py ``Compiled.plan``) and checks the rest of each
record against it (:func:`hand_problems`, :func:`name_problems`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import msgspec

from loo_ledger.domain.next.legal import (
    DealShape,
    antes,
    can_deal,
    canonical,
    cards_needed,
    deal_shape,
    dealer_takes_without_play,
    dealt_in,
    exchange_limit,
    next_dealer,
    refuse_word,
    words_allowed,
)
from loo_ledger.domain.next.rotation import next_seat
from loo_ledger.domain.rules.codes import (
    DealKind,
    Game,
    LonePlayer,
    MovementKind,
    Resolution,
    Suit,
    Word,
)
from loo_ledger.domain.rules.model import HandRecord, Movement, TableState
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.domain.settlement import wording
from loo_ledger.errors import Problem

__all__ = ["Deal", "Plan", "analyse", "hand_problems", "name_problems", "names_dealt",
           "PLAYED", "ALL_PASS", "LONE", "ALL_FOLD", "RENEGE"]

PLAYED, ALL_PASS, LONE = Resolution.PLAYED, Resolution.ALL_PASS, Resolution.LONE
ALL_FOLD, RENEGE = Resolution.ALL_FOLD, Resolution.RENEGE
_SUITS = tuple(Suit)  # (iterating an enum class costs some microseconds)


class Deal(msgspec.Struct, kw_only=True):
    """What the record means at this table; built by :func:`analyse`."""

    hand_no: int
    dealer: str
    dealt: tuple[str, ...]               # from the dealer's left, the dealer last
    shape: DealShape                     # what kind of deal it is (legal.deal_shape)
    kind: DealKind = DealKind.DECLARED
    words: dict[str, Word] = msgspec.field(default_factory=dict)
    in_play: tuple[str, ...] = ()
    defender: str | None = None
    resolution: Resolution = PLAYED      # what the declarations settle (checks.resolve: the hand)
    taker: str | None = None             # who takes P without play (ALL_PASS, LONE)
    miss_dealt: bool = False
    trump_known: bool = True
    antes: list[tuple[str, int]] = msgspec.field(default_factory=list)
    problems: list[Problem] = msgspec.field(default_factory=list)

    def problem(self, code: str, message: str, player: str | None = None) -> None:
        self.problems.append(Problem(code=code, message=message, hand=self.hand_no, player=player))

    def plan(self, seats: tuple[str, ...], v: Variant) -> Plan:
        """What this reading found, without the hand's number or its problems: the antes
        as the movements that pay them, each player's change after them, and the cards
        each player dealt in may exchange (:func:`legal.exchange_limit`)."""
        why = v.compiled.rule("ante_model")
        moves = tuple(Movement(payer=p, payee=None, amount=amount, kind=MovementKind.ANTE,
                               reason=wording.ANTE, rule=why)
                      for p, amount in self.antes if amount)
        net = dict.fromkeys(self.dealt, 0)
        for m in moves:
            net[str(m.payer)] -= m.amount
        return Plan(dealer=self.dealer, dealt=self.dealt, dealt_set=frozenset(self.dealt),
                    shape=self.shape, kind=self.kind, words=self.words, in_play=self.in_play,
                    in_play_set=frozenset(self.in_play), defender=self.defender,
                    resolution=self.resolution, taker=self.taker, miss_dealt=self.miss_dealt,
                    trump_known=self.trump_known, antes=moves, ante_net=net,
                    ante_paid=-sum(net.values()), next_dealer=next_seat(seats, self.dealer),
                    exchange_limits={p: exchange_limit(v, self.shape, self.dealt, p)
                                     for p in self.dealt})


class Plan(msgspec.Struct, frozen=True, kw_only=True):
    """A hand read against the table (:meth:`Deal.plan`): who deals and is dealt in, the
    kind of deal, what the words mean, the antes. The engine settles from it."""

    dealer: str
    dealt: tuple[str, ...]               # from the dealer's left, the dealer last
    dealt_set: frozenset[str]
    shape: DealShape
    kind: DealKind
    words: Mapping[str, Word]
    in_play: tuple[str, ...]
    in_play_set: frozenset[str]
    defender: str | None
    resolution: Resolution               # what the words settle (checks.resolve: the hand)
    taker: str | None                    # who takes P without play (ALL_PASS, LONE)
    miss_dealt: bool
    trump_known: bool
    antes: tuple[Movement, ...]          # the antes paid, as movements
    ante_net: Mapping[str, int]          # each player dealt in's change after the antes
    ante_paid: int                       # the chips the antes put into the pool
    next_dealer: str                     # the seat to the dealer's left
    exchange_limits: Mapping[str, tuple[int, int]]  # each player dealt in's (fewest, most)


def analyse(record: HandRecord, state: TableState, v: Variant) -> Deal:
    """Who is dealt in, the kind of deal, the antes and the declarations."""
    seats = state.seats
    present = [p for p in seats if p not in record.sitting_out]
    dealer = next_dealer(state, present)
    shape = deal_shape(state, v, record.trump if record.trump in _SUITS else None)
    deal = Deal(hand_no=state.hand_no, dealer=dealer, dealt=dealt_in(state, present),
                shape=shape)
    for name in record.sitting_out:
        if name not in seats:
            deal.problem("UNKNOWN_PLAYER", f"{name} is not seated at this table", name)
    deal.problems += hand_problems(record, state, dealer)
    if record.trump is not None and record.trump not in _SUITS:
        deal.problem("BAD_TRUMP", f"trump {record.trump!r} is not a suit: "
                     f"{', '.join(Suit)}")
    if len(deal.dealt) < 2:
        deal.problem("CANNOT_DEAL", "fewer than two players are dealt in")
        return deal
    deal.problems += name_problems(record, state, frozenset(deal.dealt), state.hand_no)
    _declarations(record, v, deal, shape)
    needed = cards_needed(v, shape, len(deal.dealt))
    if not can_deal(v, shape, len(deal.dealt)):
        deal.problem("CANNOT_DEAL", f"{len(deal.dealt)} players cannot be dealt from a pack of "
                     f"{v.pack} ({needed} cards needed, pack={v.pack})")
    deal.antes = antes(state, v, deal.dealer, deal.dealt)
    return deal


def hand_problems(record: HandRecord, state: TableState, dealer: str) -> Iterator[Problem]:
    """The problems of the record's dealer, and of a first dealer sitting out hand 1."""
    n = state.hand_no
    if n == 1 and state.dealer in record.sitting_out:
        yield Problem(code="FIRST_DEALER_SITS_OUT", hand=n, player=state.dealer, message=(
            f"{state.dealer} is the first dealer and deals the first hand, so cannot sit it "
            "out (the first dealer deals the first hand)"))
    if record.dealer is not None and record.dealer != dealer:
        if record.dealer not in state.seats:
            yield Problem(code="UNKNOWN_PLAYER", hand=n, player=record.dealer,
                          message=f"{record.dealer} is not seated at this table")
        else:
            yield Problem(code="DEALER_OUT_OF_ROTATION", hand=n, player=record.dealer,
                          message=f"{record.dealer} is recorded as dealer, but the deal is "
                                  f"{dealer}'s by rotation (the deal passes to the left)")


def names_dealt(record: HandRecord, dealt: frozenset[str]) -> bool:
    """Whether every player the record names outside its words is one dealt in (the
    common record). A plan is worked out only from words of players dealt in, so with
    :func:`name_problems`'s check of the words, a remembered plan vouching for them, it is
    :func:`name_problems`'s check."""
    tricks, deltas = record.tricks, record.deltas
    within = dealt.issuperset
    return ((tricks is None or within(tricks)) and (deltas is None or within(deltas))
            and (not record.exchanges or within(record.exchanges))
            and (not record.flushes or within(f.player for f in record.flushes))
            and (not record.penalties or within(p.player for p in record.penalties))
            and (record.pam_holder is None or record.pam_holder in dealt))


def name_problems(record: HandRecord, state: TableState, dealt: frozenset[str],
                  hand_no: int) -> Iterator[Problem]:
    """Every player the record names must be seated and dealt in."""
    said = record.declarations
    if (said is None or dealt.issuperset(said)) and names_dealt(record, dealt):
        return
    named: list[str] = []
    named += list(record.declarations or {}) + list(record.tricks or {})
    named += list(record.exchanges) + list(record.deltas or {})
    named += [f.player for f in record.flushes] + [p.player for p in record.penalties]
    if record.pam_holder is not None:
        named.append(record.pam_holder)
    seen: set[str] = set()
    for name in named:
        if name in seen or name in dealt:
            continue
        seen.add(name)
        if name not in state.seats:
            yield Problem(code="UNKNOWN_PLAYER", hand=hand_no, player=name,
                          message=f"{name} is not seated at this table")
        elif name in (record.deltas or {}) and (record.deltas or {})[name] == 0:
            continue  # a zero change for a player sitting out is harmless
        else:
            why = ("must sit out the redeal after his renege" if name in state.sit_out
                   else "is sitting out this hand")
            yield Problem(code="NOT_DEALT_IN", hand=hand_no, player=name,
                          message=f"{name} {why}, so was not dealt in")


def _read_words(record: HandRecord, deal: Deal) -> dict[str, str]:
    """The declarations of players dealt in, as typed (junk included: legal refuses it)."""
    return {p: w for p, w in (record.declarations or {}).items() if p in deal.dealt}


def _declarations(record: HandRecord, v: Variant, deal: Deal, shape: DealShape) -> None:
    """Every word is asked of :func:`legal.refuse_word`, in order from the dealer's left;
    then what the words mean: who plays, who defends, who takes the pool without play."""
    deal.kind, deal.miss_dealt, deal.trump_known = shape.kind, shape.miss_dealt, shape.trump_known
    said = _read_words(record, deal)
    for p, w in (record.declarations or {}).items():
        if p not in deal.dealt:
            try:
                canonical(w)
            except ValueError:
                deal.problem("BAD_DECLARATION", f"{p} declared {w!r}; the words are "
                             f"{', '.join(Word)}", p)
    # The readable words, read once: every rule of legal.py reads the words before a
    # player through said_before, which reads only these (a word it cannot read is none).
    words = {p: canonical(w) for p, w in said.items() if _readable(w)}
    for p in deal.dealt:
        if p in said:
            refusal = refuse_word(v, shape, deal.dealt, words, p, said[p])
            if refusal is not None:
                deal.problem(refusal.code, refusal.message, p)
    if not shape.declared:
        deal.words = {p: words.get(p, Word.STAND) for p in deal.dealt}
        deal.in_play = deal.dealt
        return
    if record.declarations is None:
        deal.problem("MISSING_DECLARATION", "this deal has declarations: say for every player "
                     "dealt in whether they " + _or(words_allowed(v, shape, deal.dealt, {},
                                                                   deal.dealt[0])))
        return
    dealer_free = v.game == Game.LOO and dealer_takes_without_play(deal.dealt, words)
    for p in deal.dealt:
        if p not in said and not (p == deal.dealer and dealer_free):
            deal.problem("MISSING_DECLARATION", f"{p} was dealt in but has no declaration", p)
    deal.words = words
    if v.game == Game.LOU:
        _lou_meaning(deal)
    elif dealer_free:
        deal.resolution, deal.taker = ALL_PASS, deal.dealer
    elif deal.miss_dealt:
        _miss_meaning(deal)
    else:
        _no_miss_meaning(v, deal)


def _readable(word: str) -> bool:
    try:
        canonical(word)
    except ValueError:
        return False
    return True


def _or(words: tuple[Word, ...]) -> str:
    return " or ".join(words)


def _miss_meaning(deal: Deal) -> None:
    """A deal with a miss: a lone miss taker faced by a passing dealer takes the pool (R5);
    a dealer who defends plays the miss for the pool."""
    words, dealer = deal.words, deal.dealer
    others = [p for p in deal.dealt[:-1] if words.get(p) in (Word.STAND, Word.MISS)]
    if len(others) == 1 and words[others[0]] == Word.MISS and words.get(dealer) == Word.PASS:
        deal.resolution, deal.taker = LONE, others[0]
        return
    if len(others) == 1 and words.get(dealer) == Word.DEFEND:
        deal.defender = dealer
    deal.in_play = tuple(p for p in deal.dealt
                         if words.get(p) in (Word.STAND, Word.MISS, Word.DEFEND))


def _no_miss_meaning(v: Variant, deal: Deal) -> None:
    """No miss: exactly one player stands, the dealer included: he takes the pool without play
    (unless lone_player=dealer-plays makes the dealer play him)."""
    playing = tuple(p for p in deal.dealt if deal.words.get(p) == Word.STAND)
    if not playing:
        deal.resolution, deal.taker = ALL_PASS, deal.dealer
    elif len(playing) == 1 and (v.lone_player == LonePlayer.TAKES_POOL
                                or playing[0] == deal.dealer):
        deal.resolution, deal.taker = LONE, playing[0]
    deal.in_play = playing


def _lou_meaning(deal: Deal) -> None:
    deal.in_play = tuple(p for p in deal.dealt if deal.words.get(p) == Word.STAND)
    if not deal.in_play:
        deal.resolution = ALL_FOLD
    elif len(deal.in_play) == 1:
        deal.resolution, deal.taker = LONE, deal.in_play[0]
