"""Who wins a trick, what a player may play, and which rule a play breaks.

The trick goes to Pam if it is in it, else the highest trump, else the highest card of the
suit led. Pam is the jack of clubs (``pam=jack-of-clubs``) or the jack of trumps
(``pam=running``); while no trump is known (a simple pool before the first failure to
follow) there is no Pam and no trump.

The rules of play (:class:`~loo_ledger.domain.cards.play_rules.PlayRules`) are applied in order,
each narrowing the cards allowed; a rule that would leave nothing gives way to the rules
before it. The order for a lead is ``top_trump``, ``lead_trump``, ``trump_after_trick``,
``highest_trump``; for a follower ``pam_on_trump_lead``, ``pam_civil``, ``follow_suit``,
``head_trick``, ``trump_when_void``. A free Pam (``pam_play=free``) may then be played to
any trick unless "Pam be civil" forbids it. With ``pam_play=free`` Pam is not one of the
trumps a rule obliges a player to play; led, it is a trump.

>>> from loo_ledger.domain.cards.deck import parse_cards
>>> ctx = PlayContext(rules=PlayRules(), trump=Suit.HEARTS, players=3)
>>> hand = parse_cards("Ks 9s 3h")
>>> [str(c) for c in legal_plays(hand, parse_cards("Qs"), ctx)]
['Ks']
>>> print(check_play(parse_cards("9s")[0], hand, parse_cards("Qs"), ctx, player="B"))
trick 1, B played 9s: must head the trick with Ks [head_trick=true]
>>> winner(parse_cards("Qs Ks 2h"), Suit.HEARTS, None)
2
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import msgspec

from loo_ledger.domain.cards.deck import ACE, JACK, KING, Card
from loo_ledger.domain.cards.play_rules import (
    HighestTrump,
    LeadTrump,
    PamCivil,
    PamKind,
    PamPlay,
    PlayRules,
    VoidRule,
)
from loo_ledger.domain.rules.codes import Suit
from loo_ledger.errors import LooError

__all__ = ["PlayContext", "Breach", "PlayError", "PlayRules", "pam_card", "winner", "heads",
           "legal_plays", "check_play", "effective_suit"]


class PlayError(LooError):
    """A play that cannot be judged: a card the player does not hold."""


class PlayContext(msgspec.Struct, frozen=True, kw_only=True):
    """What a play is judged against besides the hand and the trick so far."""

    rules: PlayRules
    trump: Suit | None                 # None: no trump known yet (simple pool, play-all)
    trump_card: Card | None = None     # the card that fixed trumps
    turned_in_play: bool = False       # fixed by a card turned at the first failure to follow
    players: int = 2                   # players in play
    trick: int = 1                     # 1-based
    civil: bool = False                # "Pam be civil" announced to this trick
    played: frozenset[Card] = msgspec.field(default_factory=frozenset)  # cards of earlier tricks

    @property
    def pam(self) -> Card | None:
        return pam_card(self.rules.pam, self.trump)


class Breach(msgspec.Struct, frozen=True, kw_only=True):
    """A play against a rule: ``rule`` is the PlayRules field, ``value`` its value."""

    trick: int
    player: str
    card: Card
    rule: str
    value: str
    why: str

    @property
    def message(self) -> str:
        return (f"trick {self.trick}, {self.player} played {self.card}: {self.why} "
                f"[{self.rule}={self.value}]")

    def __str__(self) -> str:
        return self.message


def pam_card(pam: PamKind | str, trump: Suit | None) -> Card | None:
    """The Pam, or None where there is none (no Pam, or no trump known yet)."""
    if trump is None or pam == PamKind.NONE:
        return None
    return Card(JACK, Suit.CLUBS if pam == PamKind.JACK_OF_CLUBS else trump)


def effective_suit(card: Card, trump: Suit | None, pam: Card | None) -> Suit:
    """Pam belongs to the trump suit; every other card to its own."""
    return trump if (card == pam and trump is not None) else card.suit


def _power(card: Card, trump: Suit | None, pam: Card | None, led: Suit) -> int:
    if card == pam:
        return 100
    if trump is not None and card.suit == trump:
        return 50 + card.rank
    return card.rank if card.suit == led else 0


def winner(cards: Sequence[Card], trump: Suit | None, pam: Card | None) -> int:
    """Index of the card that wins the trick ``cards`` (leader's card first)."""
    led = effective_suit(cards[0], trump, pam)
    powers = [_power(c, trump, pam, led) for c in cards]
    return powers.index(max(powers))


def heads(card: Card, trick: Sequence[Card], ctx: PlayContext) -> bool:
    """Whether ``card`` would win the trick as it stands."""
    return winner([*trick, card], ctx.trump, ctx.pam) == len(trick)


def _trumps(hand: Sequence[Card], ctx: PlayContext) -> list[Card]:
    """The trumps a rule can oblige the player to play (a free Pam is not one)."""
    pam = ctx.pam
    return [c for c in hand if effective_suit(c, ctx.trump, pam) == ctx.trump
            and ctx.trump is not None
            and not (c == pam and ctx.rules.pam_play == PamPlay.FREE)]


def _words(cards: Sequence[Card] | frozenset[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards, key=Card.display_key))


class _Constraint(msgspec.Struct, frozen=True):
    rule: str
    value: str
    permitted: frozenset[Card]
    why: str


def _lead_constraints(hand: Sequence[Card], ctx: PlayContext) -> Iterator[_Constraint]:
    r, trump = ctx.rules, ctx.trump
    if trump is None:
        return
    trumps, pam = _trumps(hand, ctx), ctx.pam
    lead_ok = frozenset(trumps) | frozenset(c for c in hand if c == pam)
    if r.top_trump and not ctx.turned_in_play:
        tops = {Card(ACE, trump)}
        if ctx.trump_card == Card(ACE, trump):
            tops.add(Card(KING, trump))
        held = frozenset(c for c in hand if c in tops)
        if held:
            yield _Constraint("top_trump", "true", held, f"must lead the top trump {_words(held)}")
    applies = {LeadTrump.EVERY_LEAD: True, LeadTrump.FIRST_LEAD: ctx.trick == 1,
               LeadTrump.TWO_TRUMPS: len(trumps) >= 2,
               LeadTrump.TWO_TRUMPS_HEADS_UP: len(trumps) >= 2 and ctx.players == 2,
               LeadTrump.NEVER: False}[r.lead_trump]
    if applies and trumps:
        yield _Constraint("lead_trump", r.lead_trump, lead_ok,
                          f"must lead a trump, holding {_words(trumps)}")
    if r.trump_after_trick and ctx.trick > 1 and trumps:
        yield _Constraint("trump_after_trick", "true", lead_ok,
                          f"the winner of the last trick must lead a trump, holding "
                          f"{_words(trumps)}")
    highest = (r.highest_trump == HighestTrump.ALWAYS
               or (r.highest_trump == HighestTrump.HEADS_UP and ctx.players == 2))
    if highest and len(trumps) > 1 and not ctx.turned_in_play:
        def power(c: Card) -> int:
            return _power(c, trump, pam, trump)
        top = max(trumps, key=power)
        ok = {top} | (_sequence(top, trumps, ctx) if r.sequence_excuse else set())
        who = "two in play" if ctx.players == 2 else "more than one trump"
        yield _Constraint("highest_trump", r.highest_trump, frozenset(ok),
                          f"with {who}, must lead the highest trump {top}")


def _sequence(top: Card, trumps: list[Card], ctx: PlayContext) -> set[Card]:
    """Trumps as good as ``top`` (001 law 10): every trump between them is held, played
    before, or the card turned."""
    assert ctx.trump is not None
    gone = set(trumps) | set(ctx.played) | ({ctx.trump_card} if ctx.trump_card else set())
    if top == ctx.pam:
        return set()
    between = [Card(k, ctx.trump) for k in range(2, top.rank)]
    return {c for c in trumps
            if c != top and all(b in gone and b != ctx.pam for b in between if b.rank > c.rank)}


def _follow_constraints(hand: Sequence[Card], trick: Sequence[Card],
                        ctx: PlayContext) -> Iterator[_Constraint]:
    r, trump, pam = ctx.rules, ctx.trump, ctx.pam
    led = effective_suit(trick[0], trump, pam)
    free_pam = r.pam_play == PamPlay.FREE
    if pam is not None and pam in hand:
        plain_trumps = [c for c in hand if c.suit == trump and c != pam]
        if r.pam_on_trump_lead and free_pam and led == trump and not plain_trumps:
            yield _Constraint("pam_on_trump_lead", "true", frozenset({pam}),
                              f"Pam ({pam}), the only trump held, must be played to a trump lead")
        asked = ctx.civil or r.pam_civil == PamCivil.AUTOMATIC
        forbid = {PamCivil.BINDING: True, PamCivil.REQUEST: False,
                  PamCivil.UNLESS_ONLY_TRUMP: bool(plain_trumps),
                  PamCivil.AUTOMATIC: bool(plain_trumps)}[r.pam_civil]
        if trump is not None and trick[0] == Card(ACE, trump) and asked and forbid:
            yield _Constraint("pam_civil", r.pam_civil, frozenset(hand) - {pam},
                                  f"the ace of trumps was led and Pam ({pam}) must be civil")
    follow = frozenset(c for c in hand if effective_suit(c, trump, pam) == led
                       and not (free_pam and c == pam))
    if r.follow_suit and follow:
        yield _Constraint("follow_suit", "true", follow,
                          f"must follow suit ({led} led), holding {_words(follow)}")
    if follow and r.head_trick and r.follow_suit:
        heading = frozenset(c for c in follow if heads(c, trick, ctx))
        if heading:
            yield _Constraint("head_trick", "true", heading,
                              f"must head the trick with {_words(heading)}")
    if follow or trump is None or led == trump:
        return
    trumps = _trumps(hand, ctx)
    over = frozenset(c for c in trumps if heads(c, trick, ctx))
    rule, v = "trump_when_void", r.trump_when_void
    if v in (VoidRule.HEAD, VoidRule.OVERTRUMP) and over:
        yield _Constraint(rule, v, over, f"void in {led}, must head the trick with a trump: "
                                         f"{_words(over)}")
    elif v in (VoidRule.MUST_TRUMP, VoidRule.OVERTRUMP) and trumps:
        yield _Constraint(rule, v, frozenset(trumps),
                          f"void in {led}, must play a trump: {_words(trumps)}")
    elif v == VoidRule.MAY and any(effective_suit(c, trump, pam) == trump for c in trick):
        low = frozenset(trumps) - over
        if low:
            yield _Constraint(rule, v, frozenset(hand) - low,
                              f"a trump on a trumped trick must be higher than "
                              f"{trick[winner(trick, trump, pam)]}")


def _constraints(hand: Sequence[Card], trick: Sequence[Card],
                 ctx: PlayContext) -> list[_Constraint]:
    if not trick:
        return list(_lead_constraints(hand, ctx))
    return list(_follow_constraints(hand, trick, ctx))


def _apply(hand: Sequence[Card], cons: list[_Constraint]) -> tuple[frozenset[Card],
                                                                   list[_Constraint]]:
    """The cards allowed, and the constraints that were in force."""
    allowed, used = frozenset(hand), []
    for c in cons:
        narrowed = allowed & c.permitted
        if narrowed:
            allowed = narrowed
            used.append(c)
    return allowed, used


def legal_plays(hand: Sequence[Card], trick_so_far: Sequence[Card],
                ctx: PlayContext) -> list[Card]:
    """The cards of ``hand`` the player may play, in the hand's order."""
    if not hand:
        return []
    allowed, used = _apply(hand, _constraints(hand, trick_so_far, ctx))
    pam = ctx.pam
    civil = any(c.rule == "pam_civil" for c in used)
    if ctx.rules.pam_play == PamPlay.FREE and pam is not None and pam in hand and not civil:
        allowed = allowed | {pam}
    return [c for c in hand if c in allowed]


def check_play(card: Card, hand: Sequence[Card], trick_so_far: Sequence[Card],
               ctx: PlayContext, *, player: str = "the player") -> Breach | None:
    """None when ``card`` may be played from ``hand``, else the first rule it breaks."""
    if card not in hand:
        raise PlayError(f"trick {ctx.trick}: {player} played {card}, which {player} does not "
                        f"hold ({_words(hand)})")
    if card in legal_plays(hand, trick_so_far, ctx):
        return None
    _, used = _apply(hand, _constraints(hand, trick_so_far, ctx))
    broken = next(c for c in used if card not in c.permitted)
    return Breach(trick=ctx.trick, player=player, card=card, rule=broken.rule,
                  value=broken.value, why=broken.why)
