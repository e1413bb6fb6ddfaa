"""Card entry in ``loo hand -i`` (issue 12, item 6): the cards played, trick by trick.

Asked after the words when the hand is played and the first trick count is answered
``cards`` (a question of its own would change every -i dialogue): the trump card turned
(in a simple pool, the card turned when someone first fails to follow, asked then),
optionally each player's hand in play (Enter to skip), then each trick from its leader
round: the eldest in play leads the first, the winner of each trick (``cardplay.winner``)
the next. A player whose hand is known is offered only the cards ``cardplay.legal_plays``
allows (shown); anyone else any card not yet seen. The answers become ``--turned CARD
--cards TRICK...`` and go through the same parser as the one-line form, so the trick
counts come from the cards.

Every answer is kept in the :class:`~loo_ledger.cli.interactive_ask.Asker` under
``cards/...``: changing "cards" at the preview asks them all again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from loo_ledger.cli.interactive_ask import Asker
from loo_ledger.domain.cards.deck import (
    Card,
    CardError,
    cards_text,
    in_pack,
    parse_card,
    parse_cards,
)
from loo_ledger.domain.cards.play import PlayContext, check_play, legal_plays, winner
from loo_ledger.domain.cards.play_rules import PlayRules, turned_up
from loo_ledger.domain.rules.codes import Suit
from loo_ledger.domain.rules.variants import Variant

__all__ = ["CardAnswers", "ask_cards"]


class CardAnswers(msgspec.Struct, frozen=True):
    """What ``loo hand`` would be given: ``--turned`` and one ``--cards`` per trick."""

    turned: str | None
    tricks: list[str] = msgspec.field(default_factory=list)


class _Table(msgspec.Struct):
    """What is known while the cards are asked."""

    rules: PlayRules
    players: tuple[str, ...]
    trump: Suit | None
    dealer: str | None = None
    trump_card: Card | None = None
    turned_in_play: bool = False
    hands: dict[str, list[Card]] = msgspec.field(default_factory=dict)
    played: set[Card] = msgspec.field(default_factory=set)

    def seen(self, card: Card, player: str | None = None) -> str | None:
        """Why ``card`` cannot be ``player``'s (None if it may)."""
        if not in_pack(card, self.rules.pack):
            return f"{card} is not in the {self.rules.pack}-card pack"
        if card in self.played:
            return f"{card} has been played already"
        after_deal, in_play = ((None, self.trump_card) if self.turned_in_play
                               else (self.trump_card, None))
        if card in turned_up(self.rules, trump_card=after_deal, turned=in_play):
            return f"{card} was turned up"
        if card == after_deal and player not in (None, self.dealer):
            return (f"{card} was turned for trumps: it is the dealer {self.dealer}'s to take "
                    "(indicator_to_dealer=true)")
        for p, hand in self.hands.items():
            if p != player and card in hand:
                return f"{card} is in {p}'s hand"
        return None


def _answer(asker: Asker, key: str, question: str, why: Callable[[str], str | None],
            *, blank: bool = False) -> str:
    """``key``'s answer: the one kept if ``why`` still accepts it, else asked until it does
    (stored in its canonical form by ``why``'s caller)."""
    kept = asker.answers.get(key)
    while kept is None or why(kept) is not None:
        if kept is not None:
            asker.echo(f"  {why(kept)}")
        kept = asker.prompt(question, default="" if blank else None, show_default=False).strip()
    asker.answers[key] = kept
    return kept


def _one(text: str) -> Card | str:
    """The card ``text`` names, or why it names none."""
    try:
        return parse_card(text)
    except CardError as exc:
        return exc.message


def ask_cards(asker: Asker, v: Variant, players: Sequence[str], *, trump: str | None,
              trump_known: bool, dealer: str | None = None) -> CardAnswers:
    """Ask the cards of the hand played by ``players`` (in play, from the dealer's left);
    ``dealer`` dealt it (where the card turned for trumps is his, nobody else's)."""
    table = _Table(rules=PlayRules.from_variant(v), players=tuple(players), dealer=dealer,
                   trump=Suit(trump) if trump in tuple(Suit) else None)
    turned: str | None = None
    if trump_known:
        turned = _turned(asker, table, "cards/trump", "Trump card turned")
        table.trump_card = parse_card(turned)
        table.trump = table.trump_card.suit
    for p in players:
        _hand(asker, table, p)
    tricks, in_play_turned = _tricks(asker, table)
    answers = CardAnswers(turned=turned or in_play_turned, tricks=tricks)
    shown = (f"{answers.turned} turned; " if answers.turned else "") + " | ".join(tricks)
    asker.listed("cards", "cards", shown)
    return answers


def _turned(asker: Asker, table: _Table, key: str, question: str) -> str:
    def why(text: str) -> str | None:
        card = _one(text)
        if isinstance(card, str):
            return card
        if table.trump is not None and card.suit != table.trump and not table.turned_in_play:
            return f"the trump is {table.trump}, and {card} is not one"
        return table.seen(card)
    return str(parse_card(_answer(asker, key, question, why)))


def _hand(asker: Asker, table: _Table, player: str) -> None:
    n = table.rules.hand_size

    def why(text: str) -> str | None:
        if not text:
            return None
        try:
            cards = parse_cards(text)
        except CardError as exc:
            return exc.message
        if len(cards) != n or len(set(cards)) != n:
            return f"a hand is {n} different cards"
        return next((r for c in cards if (r := table.seen(c, player)) is not None), None)

    typed = _answer(asker, f"cards/hand:{player}",
                    f"{player}'s hand in play ({n} cards; Enter: not known)", why, blank=True)
    if typed:
        table.hands[player] = list(parse_cards(typed))


def _tricks(asker: Asker, table: _Table) -> tuple[list[str], str | None]:
    """Each trick from its leader round; the simple pool's card turned, if one was."""
    rules, order = table.rules, table.players
    leader, out, turned = order[0], [], None
    for no in range(1, rules.hand_size + 1):
        seats = order[order.index(leader):] + order[:order.index(leader)]
        trick: list[Card] = []
        for p in seats:
            ctx = PlayContext(rules=rules, trump=table.trump, trump_card=table.trump_card,
                              turned_in_play=table.turned_in_play, players=len(order),
                              trick=no, played=frozenset(table.played))
            trick.append(_play(asker, table, ctx, trick, p, no))
        if table.trump is None and any(c.suit != trick[0].suit for c in trick):
            table.played.update(trick)
            turned = _turned(asker, table, "cards/turned",
                             f"Trick {no}: someone failed to follow: the card turned for trumps")
            table.trump_card, table.turned_in_play = parse_card(turned), True
            table.trump = table.trump_card.suit
        table.played.update(trick)
        pam = PlayContext(rules=rules, trump=table.trump).pam
        leader = seats[winner(trick, table.trump, pam)]
        asker.echo(f"  trick {no}: {cards_text(trick)}, won by {leader}")
        out.append(cards_text(trick))
    return out, turned


def _play(asker: Asker, table: _Table, ctx: PlayContext, trick: list[Card], player: str,
          no: int) -> Card:
    hand = table.hands.get(player)
    if hand is not None:
        allowed = legal_plays(hand, trick, ctx)
        asker.echo(f"  {player} may play: {cards_text(allowed)}")

    def why(text: str) -> str | None:
        card = _one(text)
        if isinstance(card, str):
            return card
        if card in trick:
            return f"{card} is in this trick already"
        if hand is None:
            return table.seen(card, player)
        if card not in hand:
            return f"{card} is not in {player}'s hand ({cards_text(hand)})"
        breach = check_play(card, hand, trick, ctx, player=player)
        return None if breach is None else breach.why

    if hand is not None and len(allowed) == 1:
        card = allowed[0]
        asker.echo(f"  {player} plays {card} (the only card allowed)")
    else:
        card = parse_card(_answer(asker, f"cards/{no}:{player}", f"Trick {no}, {player} plays",
                                  why))
    if hand is not None:
        hand.remove(card)
    return card
