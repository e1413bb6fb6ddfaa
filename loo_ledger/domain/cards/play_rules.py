"""The rules of play (CATALOGUE.md §6, R16–R19, R25) as parameters: :class:`PlayRules`.

Each field is one rule a breach can name. The defaults are three-card Loo's ([000], R17,
R18); :meth:`PlayRules.from_variant` gives five-card Loo's ([000], R19), Lou's (follow suit
only) and the readings of the presets' own sources.

>>> r = PlayRules()
>>> r.head_trick, r.top_trump, f"{r.trump_when_void} {r.lead_trump} {r.highest_trump}"
(True, True, 'head every-lead heads-up')
>>> from loo_ledger.domain.rules.variants import variant
>>> f = PlayRules.from_variant(variant("five-card"))
>>> f.hand_size, f.head_trick, f"{f.pam} {f.trump_when_void} {f.lead_trump} {f.pam_play}"
(5, False, 'jack-of-clubs free first-lead free')
>>> PlayRules.from_variant(variant("lou")).lead_trump == "never"
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from loo_ledger.domain.rules.codes import Game
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.errors import Problem, VariantError

if TYPE_CHECKING:
    from loo_ledger.domain.cards.deck import Card


class PamKind(StrEnum):
    """Variant parameter ``pam``: which card is Pam (the same values as ``codes.Pam``)."""

    NONE = "none"
    JACK_OF_CLUBS = "jack-of-clubs"
    RUNNING = "running"        # the jack of trumps (R40)


class VoidRule(StrEnum):
    """``trump_when_void``: what a player who cannot follow suit must do (R18)."""

    HEAD = "head"              # trump so as to head the trick if able, else any card (000, 001)
    MUST_TRUMP = "must-trump"  # play a trump if holding one, high or low (003)
    OVERTRUMP = "overtrump"    # trump if able; overtrump if the trick is trumped and able (002)
    MAY = "may"                # may trump; a trump on a trumped trick must be higher if able (004)
    FREE = "free"              # any card (five-card 000, Lou)


class LeadTrump(StrEnum):
    """``lead_trump``: when the leader must lead a trump if holding one (R17, R19, R25)."""

    EVERY_LEAD = "every-lead"            # three-card (000, 003, 004)
    FIRST_LEAD = "first-lead"            # five-card (000): the first trick only
    TWO_TRUMPS = "two-trumps"            # only when holding two or more (001, 002)
    TWO_TRUMPS_HEADS_UP = "two-trumps-heads-up"  # Irish (001): two trumps and two players
    NEVER = "never"                      # Lou


class HighestTrump(StrEnum):
    """``highest_trump``: when a leader with more than one trump must lead the highest."""

    HEADS_UP = "heads-up"      # two players in play (001, 002, 003)
    ALWAYS = "always"          # 000's variation "Trump Leads"
    NEVER = "never"            # 000's main text, five-card, Lou


class PamPlay(StrEnum):
    """``pam_play``: Pam's privileges (R16)."""

    FREE = "free"      # exempt from following suit, may be played to any trick (000 five-card)
    TRUMP = "trump"    # the highest trump, bound by the trump rules like any trump (001, 003)


class PamCivil(StrEnum):
    """``pam_civil``: "Pam be civil" when the ace of trumps is led (R16)."""

    BINDING = "binding"                    # announced: Pam must not be played (000)
    REQUEST = "request"                    # announced, a request only (Borradaile 1830, 000)
    UNLESS_ONLY_TRUMP = "unless-only-trump"  # announced: not unless Pam is the only trump
    #                                          (001, 003)
    AUTOMATIC = "automatic"                # no announcement; not unless the only trump (000)


@dataclass(frozen=True, kw_only=True)
class PlayRules:
    """The rules a play is judged by. The first five fields copy Variant parameters (how
    many cards a player may exchange is not judged from the cards: next/checks.py)."""

    hand_size: int = 3
    pack: int = 52
    pam: PamKind = PamKind.NONE
    blazes: bool = False            # five court cards count as a blaze (flush finding only)
    # five-card Loo (R36): the card turned for trumps is the dealer's, to take into his hand
    # if he stands (and play); else (three-card, Lou, indicator_to_dealer=false) it is only
    # shown, and nobody holds or plays it
    indicator_to_dealer: bool = False
    # The rules of play, each named by a breach:
    follow_suit: bool = True        # every source; Pam's privileges are the only exception
    head_trick: bool = True         # following suit, beat the highest card so far if able
    trump_when_void: VoidRule = VoidRule.HEAD
    lead_trump: LeadTrump = LeadTrump.EVERY_LEAD
    trump_after_trick: bool = False  # 001: the winner of a trick leads a trump if able
    top_trump: bool = True          # lead the ace of trumps (the king when the ace was turned)
    highest_trump: HighestTrump = HighestTrump.HEADS_UP
    sequence_excuse: bool = False   # 001 law 10: a card in sequence with the highest will do
    pam_play: PamPlay = PamPlay.FREE
    pam_civil: PamCivil = PamCivil.BINDING
    pam_on_trump_lead: bool = False  # 000 "some": Pam, the only trump, must go on a trump lead

    @classmethod
    def follow_suit_only(cls, **kw: Any) -> PlayRules:
        """Lou's rules: "no requirement to lead a trump or to overtake" (000)."""
        base: dict[str, Any] = dict(head_trick=False, trump_when_void=VoidRule.FREE,
                                    lead_trump=LeadTrump.NEVER, top_trump=False,
                                    highest_trump=HighestTrump.NEVER)
        return cls(**{**base, **kw})

    @classmethod
    def five_card(cls, **kw: Any) -> PlayRules:
        """Five-card Loo (000, R19): a trump led to the first trick only, no heading,
        Pam free and civil on announcement."""
        base: dict[str, Any] = dict(hand_size=5, pam=PamKind.JACK_OF_CLUBS,
                                    indicator_to_dealer=True, head_trick=False,
                                    trump_when_void=VoidRule.FREE,
                                    lead_trump=LeadTrump.FIRST_LEAD, top_trump=False,
                                    highest_trump=HighestTrump.NEVER)
        return cls(**{**base, **kw})

    @classmethod
    def from_variant(cls, v: Variant, **overrides: Any) -> PlayRules:
        """The rules of play for variant ``v``: from ``game``, ``hand_size``, ``pam``,
        ``pack``, ``blazes`` and (five-card Loo) ``indicator_to_dealer``, then the preset's
        own source (by ``v.name``), then ``overrides`` (field name -> value)."""
        pam = PamKind(str(v.pam))
        copied: dict[str, Any] = dict(hand_size=v.hand_size, pack=v.pack, pam=pam,
                                      blazes=v.blazes)
        if str(v.game) == Game.LOU:
            rules = cls.follow_suit_only(**copied)
        elif v.hand_size == 5:  # the dealer takes the card in his exchange: none, none taken
            rules = cls.five_card(**copied, indicator_to_dealer=v.dealer_takes_turned)
        else:  # three-card; the only source with Pam in it (003) makes Pam a trump (R14)
            rules = cls(**copied, pam_play=PamPlay.TRUMP if pam != PamKind.NONE
                        else PamPlay.FREE)
        rules = replace(rules, **SOURCE_READINGS.get(v.name, {}))
        if v.play:  # the table's own rules of play (house rules)
            rules = rules.with_values(dict(v.play))
        return rules.with_values(overrides) if overrides else rules

    def with_values(self, values: dict[str, Any]) -> PlayRules:
        """A copy with fields set from text or values: ``{"lead_trump": "never"}``.

        Raises VariantError naming every unknown rule and bad value, with what is allowed."""
        names = [f.name for f in fields(self)]
        out: dict[str, Any] = {}
        problems: list[Problem] = []
        for name, raw in values.items():
            if name not in names:
                problems.append(Problem(code="UNKNOWN_PARAMETER", message=(
                    f"no rule of play named {name!r}; they are: " + ", ".join(names))))
                continue
            try:
                out[name] = _coerce(name, raw)
            except ValueError as exc:
                problems.append(Problem(code="BAD_VALUE", message=str(exc)))
        if problems:
            raise VariantError("the rules of play cannot be used", problems)
        return replace(self, **out)


_ENUMS: dict[str, type[StrEnum]] = {
    "pam": PamKind, "trump_when_void": VoidRule, "lead_trump": LeadTrump,
    "highest_trump": HighestTrump, "pam_play": PamPlay, "pam_civil": PamCivil}
_INTS = ("hand_size", "pack")


#: The rules of play a table may set with ``--rule NAME=VALUE`` (or a session file's
#: ``rules``), beside the parameters of params.py; the other fields follow the variant.
TABLE_RULES = ("follow_suit", "head_trick", "trump_when_void", "lead_trump",
               "trump_after_trick", "top_trump", "highest_trump", "sequence_excuse",
               "pam_play", "pam_civil", "pam_on_trump_lead")


def turned_up(rules: PlayRules, *, trump_card: Card | None = None,
              turned: Card | None = None) -> frozenset[Card]:
    """The cards turned for trumps that the table has seen, so that nobody holds or plays
    them: the card a simple pool turns at its first failure to follow (``turned``), always;
    the card turned after the deal (``trump_card``) too, except where it is the dealer's
    (five-card Loo, ``indicator_to_dealer``): he may take it into his hand (and so play it).

    >>> from loo_ledger.domain.cards.deck import parse_card as c
    >>> sorted(map(str, turned_up(PlayRules(), trump_card=c("2s"))))
    ['2s']
    >>> sorted(map(str, turned_up(PlayRules.five_card(), trump_card=c("2s"), turned=c("9d"))))
    ['9d']
    >>> not_his = PlayRules.five_card(indicator_to_dealer=False)
    >>> sorted(map(str, turned_up(not_his, trump_card=c("2s"))))
    ['2s']
    """
    seen = {turned} if turned is not None else set()
    if trump_card is not None and not rules.indicator_to_dealer:
        seen.add(trump_card)
    return frozenset(seen)


def may_hold_turned(rules: PlayRules, *, dealer: str | None, player: str) -> bool:
    """Whether ``player`` may take the card turned for trumps into his hand (and play it):
    the dealer, where it is his (five-card Loo, ``indicator_to_dealer``); anyone, where the
    record does not say who dealt; nobody otherwise.

    >>> five = PlayRules.five_card()
    >>> may_hold_turned(five, dealer="D", player="D"), may_hold_turned(five, dealer="D", player="A")
    (True, False)
    >>> may_hold_turned(PlayRules.five_card(indicator_to_dealer=False), dealer="D", player="D")
    False
    """
    return rules.indicator_to_dealer and dealer in (None, player)


def table_rule_text(name: str, raw: Any) -> str:
    """A rule of play's value as a person types it; ValueError naming what is allowed.

    >>> table_rule_text("lead_trump", "NEVER"), table_rule_text("follow_suit", False)
    ('never', 'false')
    """
    value = _coerce(name, raw)
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def table_rule_allowed(name: str) -> str:
    """What a rule of play takes, as ``loo variants show`` prints it.

    >>> table_rule_allowed("highest_trump")
    'heads-up | always | never'
    """
    return " | ".join(_ENUMS[name]) if name in _ENUMS else "true | false"


def _coerce(name: str, raw: Any) -> Any:
    if name in _ENUMS:
        try:
            return _ENUMS[name](str(raw).strip().lower())
        except ValueError:
            allowed = " | ".join(_ENUMS[name])
            raise ValueError(f"{name}={raw!r} is not allowed; {name} takes {allowed}") from None
    if name in _INTS:
        text = str(raw).strip()
        if not text.isdigit():
            raise ValueError(f"{name}={raw!r} is not allowed; {name} takes a whole number")
        return int(text)
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("true", "false"):
        return text == "true"
    raise ValueError(f"{name}={raw!r} is not allowed; {name} takes true | false")


#: Where a preset's source states a rule of play differently from the default of its kind
#: (CATALOGUE.md §6). Only what the source states is changed. These belong in
#: variants.py as parameters one day (see the report of issue 12).
SOURCE_READINGS: dict[str, dict[str, Any]] = {
    # 001: two trumps lead one, trump after trick, head with a trump, law 10's excuse
    "britannica": dict(lead_trump=LeadTrump.TWO_TRUMPS, trump_after_trick=True,
                       sequence_excuse=True),
    # 002: two trumps lead one; trump if void, overtrump if able
    "poker-book": dict(lead_trump=LeadTrump.TWO_TRUMPS, trump_when_void=VoidRule.OVERTRUMP),
    # 003: must trump when void; Pam civil unless it is the only trump
    "lanterloo": dict(trump_when_void=VoidRule.MUST_TRUMP,
                      pam_civil=PamCivil.UNLESS_ONLY_TRUMP),
    # 004: may trump, and must trump higher on a trumped trick
    "bicycle": dict(trump_when_void=VoidRule.MAY),
    # 001 five-card: Pam the highest trump; civil "if he can do so without revoking"
    "britannica-five-card": dict(pam_play=PamPlay.TRUMP,
                                 pam_civil=PamCivil.UNLESS_ONLY_TRUMP),
}
