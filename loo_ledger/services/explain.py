"""Every chip of a hand with the rule that moved it, the parameter and the source text;
and, where the cards were recorded, the tricks walked through (:func:`trick_walk`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from loo_ledger.domain.cards.deck import Card
from loo_ledger.domain.cards.play import effective_suit, pam_card
from loo_ledger.domain.cards.reading import read_cards
from loo_ledger.domain.next.plan import analyse
from loo_ledger.domain.rules.codes import Game, LooKind, MovementKind, Suit
from loo_ledger.domain.rules.model import Session
from loo_ledger.domain.rules.params import PARAMS
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.domain.settlement.session import replay, variant_at

_SOURCES = {"000": "the modern rules page", "001": "Britannica, 1902", "002": "the poker book",
            "003": "Lanterloo article", "004": "Bicycle rules"}


def cite(rule: str, v: Variant) -> str:
    """``"loo=unlimited"`` -> ``"loo=unlimited, source 000"``; R-numbers point at CATALOGUE.md.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> cite("loo=unlimited", variant("three-card", {"loo": "unlimited"}))
    'loo=unlimited (house rule)'
    >>> cite("R9", variant("three-card"))
    'CATALOGUE R9'
    """
    parts = []
    for token in (t.strip() for t in rule.split(";") if t.strip()):
        name, sep, value = token.partition("=")
        if sep and name in PARAMS:
            source = v.sources.get(name, PARAMS[name].source)
            parts.append(f"{name}={value} ({f'source {source}' if source in _SOURCES else source})")
        elif token.startswith("R") and token[1:].isdigit():
            parts.append(f"CATALOGUE {token}")
        else:
            parts.append(token)
    return "; ".join(parts)


def explain_rows(postings: Sequence[Mapping[str, Any]], v: Variant,
                 pot: int | None = None) -> list[dict[str, Any]]:
    """One row per chip movement of a hand: who, how much, why, which rule and source; and,
    given the hand's ``pot`` (the pool in play), a loo's arithmetic (:func:`loo_sum`)."""
    rows = []
    pool = "pot" if v.game == Game.LOU else "pool"  # Lou speaks of a pot
    for m in postings:
        payer, payee = m["payer"] or pool, m["payee"] or pool
        rows.append({"from": payer, "to": payee, "amount": m["amount"], "reason": m["reason"],
                     "rule": m["rule"], "cited": cite(m["rule"], v) if m["rule"] else "",
                     "arithmetic": None if pot is None else loo_sum(m, pot, v)})
    return rows


def loo_sum(m: Mapping[str, Any], pot: int, v: Variant) -> str | None:
    """The arithmetic of a capped loo (or, in Lou, burn), or None: a mixed loo pays the pool
    in play up to loo_limit, ``min(54, 45) = 45``; Lou's burn the pot up to burn_cap. Shown
    only where the stored amount is what the sum gives.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> mixed = variant("three-card", {"loo": "mixed", "loo_limit": "45"})
    >>> loo_sum({"kind": "loo", "amount": 45}, 54, mixed), loo_sum({"kind": "loo",
    ...     "amount": 36}, 36, mixed), loo_sum({"kind": "share", "amount": 18}, 54, mixed)
    ('min(54, 45) = 45', 'min(36, 45) = 36', None)
    >>> loo_sum({"kind": "loo", "amount": 54}, 54, variant("three-card", {"loo": "unlimited"}))
    """
    if m["kind"] not in (MovementKind.LOO, MovementKind.BURN):
        return None
    if v.game == Game.LOU:
        cap = v.burn_cap
    elif v.loo == LooKind.MIXED:
        cap = v.loo_limit
    else:
        return None
    total = min(pot, cap)
    return f"min({pot}, {cap}) = {total}" if m["amount"] == total else None


def source_words(rules: Sequence[str], v: Variant) -> list[dict[str, str]]:
    """The sources' own words (services/source_words.py) for the rules cited by ``rules``
    (each a movement's rule, "loo=mixed; loo_limit=45"), each passage once, in order: the
    passage of the source ``v`` cites for the parameter where there is one (a house rule:
    the parameter's own source), else the first.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> rules = ["ante_model=dealer", "divided=true", "loo=mixed; loo_limit=45", "R5"]
    >>> [(w["rule"], w["source"]) for w in source_words(rules, variant("three-card"))]
    [('ante_model=dealer', '000'), ('divided=true', '000'), ('loo=mixed', '000')]
    >>> [(w["rule"], w["source"]) for w in source_words(["loo=unlimited"],
    ...                                                 variant("poker-book"))]
    [('loo=unlimited', '002')]
    """
    from loo_ledger.services.source_words import SAME, WORDS  # noqa: PLC0415 (source words: not for `loo explain --help`)
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for rule in rules:
        for token in (t.strip() for t in rule.split(";") if t.strip()):
            name = token.partition("=")[0]
            key = SAME.get(name) or (token if token in WORDS else name)
            if key not in WORDS or key in seen:
                continue
            seen.add(key)
            cited = v.sources.get(name, PARAMS[name].source if name in PARAMS else "")
            source, words = next((p for p in WORDS[key] if p[0] == cited), WORDS[key][0])
            out.append({"rule": key, "source": source, "title": _SOURCES.get(source, source),
                        "words": words})
    return out


def _why(trick: tuple[Card, ...], won: int, trump: Suit | None, pam: Card | None) -> str:
    """Why card ``won`` of ``trick`` takes it, in words."""
    card = trick[won]
    led = effective_suit(trick[0], trump, pam)
    if card == pam:
        return f"Pam ({card.symbol()}) takes every trick"
    if trump is not None and card.suit == trump:
        trumps = sum(1 for c in trick if effective_suit(c, trump, pam) == trump)
        return (f"the highest trump ({trump})" if trumps > 1 or led == trump
                else f"the only trump ({trump})")
    no_trump = "no trump yet" if trump is None else "no trump played"
    return f"the highest {led[:-1]}, the suit led ({no_trump})"


def trick_walk(session: Session, n: int) -> dict[str, Any] | None:
    """Hand ``n``'s recorded cards walked through: who led each trick, what each player
    played, who won it and why, and any breach of the rules of play (None without cards).
    The session's hands before ``n`` must settle (they are stored)."""
    record = session.hands[n - 1]
    if record.cards is None:
        return None
    before = replay(replace(session, hands=session.hands[:n - 1]))
    v = variant_at(session, n)
    deal = analyse(record, before.final, v).plan(before.final.seats, v)
    judged, problems = read_cards(record, v, deal)
    out: dict[str, Any] = {"in_play": list(deal.in_play), "trump": None, "turned": None,
                           "tricks": [],
                           "breaches": [], "problems": [p.message for p in problems]}
    if judged is None:
        return out
    play, res = judged.record, judged.result
    trump = None if play.simple else (play.trump or (play.trump_card.suit if play.trump_card
                                                     else None))
    out["trump"] = None if trump is None else str(trump)
    out["turned"] = None if play.turned is None else str(play.turned)
    order = play.players
    for i, (leader, won_by) in enumerate(zip(res.leaders, res.winners, strict=True), 1):
        trick = play.tricks[i - 1]
        if trump is None and play.simple and play.turned is not None and any(
                c.suit != trick[0].suit for c in trick):
            trump = play.turned.suit
        pam = pam_card(judged.rules.pam, trump)
        start = order.index(leader)
        seats = order[start:] + order[:start]
        won = seats.index(won_by)
        out["tricks"].append({
            "trick": i, "leader": leader, "trump": None if trump is None else str(trump),
            "plays": [{"player": p, "card": str(c)} for p, c in zip(seats, trick, strict=True)],
            "winner": won_by, "why": _why(trick, won, trump, pam),
            "breaches": [b.message for b in res.breaches if b.trick == i]})
    out["breaches"] = [b.message for b in res.breaches]
    return out
