"""The cards of a hand at ``loo table``, one key a choice: the card turned for trumps,
each player's hand in play if the table knows it (typed; Enter: not known), then each
trick card by card. Who plays next and which cards he may play are ``domain.legal``'s
answer (legal.next_card: from a known hand only the cards the rules of play allow, else
any card not yet seen); a card is picked by its suit's key (asked only when the cards
offered are of more than one suit) then its rank's, and a single card allowed is played
without asking. Nothing is worked out here: the tricks' winners, the trump turned at a
simple pool's first failure to follow, the problems of a hand typed are the domain's
(cards.judge). The answers become ``loo hand``'s ``--turned`` and ``--cards``.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from loo_ledger.domain.cards.deck import Card, CardError, cards_text, pack, parse_cards, rank_text
from loo_ledger.domain.cards.judge import PlayRecord, judge
from loo_ledger.domain.cards.play_rules import PlayRules
from loo_ledger.domain.next import legal
from loo_ledger.domain.rules.codes import Suit
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.tui.form import Question

__all__ = ["CardEntry", "SUIT", "RANK", "HAND"]

#: The keys of the card questions (HandForm sends their answers here).
SUIT, RANK, HAND = "card-suit", "card-rank", "card-hand"


class _Step(msgspec.Struct, frozen=True):
    """One thing entered, to take back: ``what`` is trump, turned, play, hand or suit;
    ``forced``: played without asking (taken back with the answer before it)."""

    what: str
    forced: bool = False


class CardEntry:
    """The cards of one hand played by ``players`` (in play, from the dealer's left)."""

    def __init__(self, v: Variant, players: Sequence[str], *, trump: str | None,
                 trump_known: bool, dealer: str | None = None) -> None:
        self.rules = PlayRules.from_variant(v)
        self.players = tuple(players)
        self.dealer = dealer                 # where the turned card is his, nobody else's
        self.trump = Suit(trump) if trump in tuple(Suit) else None
        self.trump_known = trump_known
        self.trump_card: Card | None = None
        self.turned: Card | None = None
        self.hands: dict[str, tuple[Card, ...]] = {}
        self.asked: list[str] = []           # players whose hand was asked
        self.tricks: list[tuple[Card, ...]] = []
        self.trick: list[Card] = []
        self.suit: Suit | None = None        # chosen; its rank still to come
        self.steps: list[_Step] = []
        self.problem: str | None = None      # why the last hand typed was refused
        self._need = ""                      # what the card being picked is for

    # -- what is asked ---------------------------------------------------------------

    def record(self) -> PlayRecord:
        """The cards entered so far, as the domain reads them."""
        return PlayRecord(players=self.players, trump_card=self.trump_card, dealer=self.dealer,
                          trump=self.trump if self.trump_known else None,
                          simple=not self.trump_known, turned=self.turned,
                          dealt=dict(self.hands), tricks=tuple(self.tricks))

    def question(self) -> Question | None:
        """The next thing to ask (None: every trick is entered). A card the rules leave
        no choice for is played here, and said in :attr:`notes`."""
        if self.trump_known and self.trump_card is None:
            seen = {c for hand in self.hands.values() for c in hand}
            cards = [c for c in pack(self.rules.pack)
                     if (self.trump is None or c.suit == self.trump) and c not in seen]
            return self._pick("trump", "Trump card turned", cards)
        for p in self.players:
            if p not in self.asked:
                n = self.rules.hand_size
                return Question(key=HAND, prompt=f"{p}'s hand in play ({n} cards; Enter: "
                                f"not known)", problem=self.problem)
        while True:
            nxt = legal.next_card(self.record(), self.trick, self.rules)
            if nxt.turn:
                return self._pick("turned", f"Trick {nxt.trick}: someone failed to follow: "
                                  "the card turned for trumps", nxt.cards)
            if nxt.player is None:
                return None
            if len(nxt.cards) == 1:
                self._play(nxt.cards[0], forced=True)
                continue
            shown = f" (may play {cards_text(nxt.cards)})" if nxt.known else ""
            return self._pick("play", f"Trick {nxt.trick}, {nxt.player} plays{shown}",
                              nxt.cards)

    def _pick(self, need: str, prompt: str, cards: Sequence[Card]) -> Question:
        """A card of ``cards`` by two keys: its suit (when they are of more than one),
        then its rank."""
        self._need = need
        suits = list(dict.fromkeys(c.suit for c in cards))
        if self.suit is None and len(suits) > 1:
            return Question(key=SUIT, prompt=f"{prompt}: the suit", choices=tuple(suits))
        suit = self.suit or suits[0]
        ranks = tuple(rank_text(c.rank) for c in cards if c.suit == suit)
        return Question(key=RANK, prompt=f"{prompt}: {suit}", choices=ranks)

    # -- the answers ---------------------------------------------------------------------

    def answer(self, key: str, value: str) -> None:
        """The answer ``value`` to the question of ``key`` (SUIT, RANK or HAND)."""
        if key == SUIT:
            self.suit = Suit(value)
            self.steps.append(_Step("suit"))
            return
        if key == HAND:
            self._hand(value)
            return
        nxt = self.question_cards()
        card = next(c for c in nxt if rank_text(c.rank) == value
                    and (self.suit is None or c.suit == self.suit))
        self.suit = None
        if self.steps and self.steps[-1].what == "suit":
            self.steps.pop()
        if self._need == "trump":
            self.trump_card, self.trump = card, card.suit
            self.steps.append(_Step("trump"))
        elif self._need == "turned":
            self.turned = card
            self.steps.append(_Step("turned"))
        else:
            self._play(card, forced=False)

    def question_cards(self) -> tuple[Card, ...]:
        """The cards the question now asked offers."""
        if self._need == "trump":
            return tuple(c for c in pack(self.rules.pack)
                         if self.trump is None or c.suit == self.trump)
        return legal.next_card(self.record(), self.trick, self.rules).cards

    def _hand(self, typed: str) -> None:
        player = next(p for p in self.players if p not in self.asked)
        self.problem = None
        if typed.strip():
            try:
                cards = parse_cards(typed)
            except CardError as exc:
                self.problem = exc.message
                return
            held = dict(self.hands)
            held[player] = cards
            found = judge(PlayRecord(players=self.players, trump_card=self.trump_card,
                                     dealer=self.dealer, simple=not self.trump_known,
                                     dealt=held), self.rules)
            mine = [p.message for p in found.problems if p.player in (None, player)]
            if mine:
                self.problem = mine[0]
                return
            self.hands[player] = cards
        self.asked.append(player)
        self.steps.append(_Step("hand"))

    def _play(self, card: Card, *, forced: bool) -> None:
        self.trick.append(card)
        self.steps.append(_Step("play", forced))
        if len(self.trick) == len(self.players):
            self.tricks.append(tuple(self.trick))
            self.trick = []

    def back(self) -> bool:
        """Take back the last card, hand or suit chosen (and the cards played without
        asking after it). False: nothing was entered."""
        self.suit, self.problem = None, None
        while self.steps:
            step = self.steps.pop()
            self._undo(step.what)
            if not step.forced:
                return True
        return False

    def _undo(self, what: str) -> None:
        if what == "trump":
            self.trump_card = None
        elif what == "turned":
            self.turned = None
        elif what == "hand":
            self.hands.pop(self.asked.pop(), None)
        elif what == "play":
            if not self.trick:
                self.trick = list(self.tricks.pop())
            self.trick.pop()

    # -- what it comes to ---------------------------------------------------------------

    @property
    def turned_text(self) -> str | None:
        """``--turned``: the trump card, or the card a simple pool turned in play."""
        card = self.trump_card or self.turned
        return None if card is None else str(card)

    @property
    def tricks_text(self) -> list[str]:
        """``--cards``: each trick, its leader's card first."""
        return [cards_text(t) for t in self.tricks]

    @property
    def notes(self) -> list[str]:
        """Each trick played, and who won it (cards.judge)."""
        judged = judge(self.record(), self.rules)
        out = [f"trick {i}: {cards_text(t)}, won by {w}"
               for i, (t, w) in enumerate(zip(self.tricks, judged.winners, strict=False), 1)]
        if self.trick:
            out.append(f"trick {len(self.tricks) + 1} so far: {cards_text(self.trick)}")
        return out
