"""How the evenings with every card written down were made (issues 12 and 21): a three-card
evening, a five-card evening with Pam, a Lou game, and a three-card evening where players take
the miss and the dealer defends the pool (each plays the miss's cards; the miss is written
once, under ``miss``, and the taker's cards as dealt are the ones thrown in). Each hand is
shuffled and dealt from a seeded random generator; the words are chosen among those
domain.legal allows; every card is played by cardplay.legal_plays (so no rule of play is
broken); a deal holding a flush is dealt again (a flush is settled without play). Each hand
records its cards (the trump card or, in a simple pool, the card turned when someone first
failed to follow; the miss; every hand as dealt; the tricks from the leader round) and its
trick counts, worked out here by cardplay.winner as the table would count them. Reproducible:

    python sample_sessions/make_card_samples.py [FILE ...]
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from loo_ledger.domain.next import legal  # noqa: E402
from loo_ledger.domain.cards.play import PlayContext, legal_plays, pam_card, winner  # noqa: E402
from loo_ledger.domain.cards.deck import Card, pack  # noqa: E402
from loo_ledger.domain.rules.codes import Word  # noqa: E402
from loo_ledger.domain.next.plan import analyse  # noqa: E402
from loo_ledger.domain.cards.hand_flushes import find_flush  # noqa: E402
from loo_ledger.domain.cards.play_rules import PlayRules  # noqa: E402
from loo_ledger.domain.settlement.engine import settle  # noqa: E402
from loo_ledger.domain.rules.variants import Variant, variant  # noqa: E402
from loo_ledger.formats.sessionfile import hand_from_dict, hand_to_dict  # noqa: E402

SEED = 5
SPECS: list[dict[str, Any]] = [
    dict(variant="three-card", file="three-card-cards-tuesday",
         name="Every card written down: three-card Loo on Tuesday",
         started_at="2025-03-04T20:00:00+00:00", players=["Nell", "Osric", "Prue", "Quentin"],
         unit={"name": "white chip", "value": "0.05", "currency": "GBP"}, hands=9, seed=12,
         notes=(1, 5)),
    dict(variant="five-card", file="five-card-pam-cards",
         name="Five-card Loo with Pam, trick by trick",
         started_at="2025-04-12T19:30:00+01:00", players=["Rosa", "Silas", "Thea", "Umberto"],
         unit={"name": "chip", "value": "0.10", "currency": "EUR"}, hands=8, seed=34,
         notes=(1, 4)),
    dict(variant="lou", file="lou-cards-evening", name="Lou with the cards kept",
         started_at="2025-06-20T21:00:00-04:00", players=["Vera", "Wade", "Xenia", "Yusuf"],
         unit={"name": "cent", "value": "0.01", "currency": "USD"}, hands=7, seed=56,
         notes=(1, 3)),
    dict(variant="three-card", file="three-card-miss-cards",
         name="The miss taken and the pool defended, every card written down",
         started_at="2025-09-18T20:00:00+01:00", players=["Ann", "Ben", "Cat", "Dov"],
         unit={"name": "white chip", "value": "0.05", "currency": "GBP"}, hands=10, seed=SEED,
         notes=(2, 6), words=(Word.STAND, Word.PASS, Word.MISS, Word.DEFEND)),
]
#: The words a player may be given, and how often each is chosen among those allowed.
PLAIN_WORDS = (Word.STAND, Word.PASS, Word.FOLD)
WEIGHTS = {Word.STAND: 3, Word.DEFEND: 4}


def _words(rng: random.Random, v: Variant, shape: legal.DealShape,
           dealt: tuple[str, ...], words: tuple[Word, ...]) -> dict[str, str]:
    said: dict[str, str] = {}
    for p in dealt:
        allowed = [w for w in legal.words_allowed(v, shape, dealt, said, p) if w in words]
        said[p] = str(rng.choices(allowed, [WEIGHTS.get(w, 1) for w in allowed])[0])
    return said


def _play(rng: random.Random, rules: PlayRules, in_play: tuple[str, ...],
          hands: dict[str, list[Card]], trump_card: Card | None,
          turned: Card) -> tuple[list[list[Card]], dict[str, int], bool, str]:
    """Every trick played by legal moves: the tricks, tricks won, whether ``turned`` was
    used, and a note on the first trick."""
    trump = None if trump_card is None else trump_card.suit
    fixed_by, in_play_turn, used = trump_card, False, False
    leader, tricks, won = in_play[0], [], {p: 0 for p in in_play}
    played: set[Card] = set()
    for no in range(1, rules.hand_size + 1):
        i = in_play.index(leader)
        seats = in_play[i:] + in_play[:i]
        trick: list[Card] = []
        for p in seats:
            ctx = PlayContext(rules=rules, trump=trump, trump_card=fixed_by,
                              turned_in_play=in_play_turn, players=len(in_play), trick=no,
                              played=frozenset(played))
            card = rng.choice(legal_plays(hands[p], trick, ctx))
            hands[p].remove(card)
            trick.append(card)
        if trump is None and trump_card is None and any(c.suit != trick[0].suit for c in trick):
            trump, fixed_by, in_play_turn, used = turned.suit, turned, True, True
        leader = seats[winner(trick, trump, pam_card(rules.pam, trump))]
        if no == 1:
            first = (f"{seats[0]} led {trick[0]} to the first trick; {leader} won it with "
                     f"{trick[seats.index(leader)]}.")
        if used and in_play_turn and fixed_by == turned and not first.startswith("No trump"):
            first = (f"No trump until trick {no}, when {turned} was turned; " + first)
        won[leader] += 1
        played.update(trick)
        tricks.append(trick)
    return tricks, won, used, first


def _hand(rng: random.Random, v: Variant, state: Any,
          words_given: tuple[Word, ...]) -> dict[str, Any]:
    rules = PlayRules.from_variant(v)
    present = state.seats
    shape = legal.deal_shape(state, v)
    dealt = legal.dealt_in(state, present)
    while True:
        words = _words(rng, v, shape, dealt, words_given)
        record = hand_from_dict({"declarations": words} if shape.declared else {})
        deal = analyse(record, state, v)
        if len(deal.in_play) >= 2 and not deal.problems:
            break
    while True:
        deck = list(pack(rules.pack))
        rng.shuffle(deck)
        hands = {p: sorted(deck[k * v.hand_size:(k + 1) * v.hand_size], key=Card.display_key)
                 for k, p in enumerate(dealt)}
        rest = deck[len(dealt) * v.hand_size:]
        trump_card = rest.pop(0) if shape.trump_known else None
        miss = [rest.pop(0) for _ in range(v.hand_size)] if shape.miss_dealt else None
        turned = rest.pop(0)
        held = {p: list(h) for p, h in hands.items()}
        for p in deal.in_play:  # the miss taker plays the miss; its own cards are thrown in
            if miss is not None and words.get(p) in (Word.MISS, Word.DEFEND):
                held[p] = sorted(miss, key=Card.display_key)
        if not (v.flushes and trump_card is not None and any(
                find_flush(p, held[p], trump_card.suit, rules) for p in deal.in_play)):
            break
    as_dealt = {p: [str(c) for c in hands[p]] for p in dealt}
    tricks, won, used, first = _play(rng, rules, deal.in_play, held, trump_card, turned)
    cards: dict[str, Any] = {}
    if trump_card is not None:
        cards["trump_card"] = str(trump_card)
    if used:
        cards["turned"] = str(turned)
    if miss is not None:
        cards["miss"] = [str(c) for c in sorted(miss, key=Card.display_key)]
    cards["dealt"] = as_dealt
    cards["tricks"] = [[str(c) for c in t] for t in tricks]
    out: dict[str, Any] = {"x-note": first}
    if shape.declared:
        out["declarations"] = words
    out["tricks"] = {p: n for p, n in won.items() if n}
    out["cards"] = cards
    return out


def make(spec: dict[str, Any]) -> dict[str, Any]:
    rng = random.Random(spec["seed"])
    v = variant(spec["variant"])
    players = tuple(spec["players"])
    from loo_ledger.domain.rules.model import opening_state
    state = opening_state(players, players[-1])
    hands = []
    for n in range(1, spec["hands"] + 1):
        hand = _hand(rng, v, state, spec.get("words", PLAIN_WORDS))
        note = hand.pop("x-note")
        result = settle(hand_from_dict(hand), state, v)
        if n in spec["notes"]:
            hand["note"] = note
        if n % 3 == 2:  # the table's score sheet
            hand["deltas"] = dict(result.deltas)
        hands.append(hand_to_dict(hand_from_dict(hand)))
        state = result.next_state
    return {"format": "loo-session/1", "name": spec["name"], "started_at": spec["started_at"],
            "variant": spec["variant"], "unit": spec["unit"], "players": list(players),
            "first_dealer": players[-1], "opening_pool": 0, "hands": hands}


def main() -> None:
    for spec in SPECS:
        if sys.argv[1:] and spec["file"] not in sys.argv[1:]:
            continue
        data = make(spec)
        path = Path(__file__).resolve().parent / f"{spec['file']}.json"
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {path.name}: {len(data['hands'])} hands")


if __name__ == "__main__":
    main()
