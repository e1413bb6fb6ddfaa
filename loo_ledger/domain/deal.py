"""Reading a hand record against the table: who is dealt in, what kind of deal it is,
the antes, and what the declarations mean.

Every problem found is collected; nothing here raises for bad input.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loo_ledger.domain.codes import (AnteModel, DealKind, Game, LonePlayer, Resolution, SimplePool,
                                     Suit, Word)
from loo_ledger.domain.legal import (canonical, deal_shape, next_dealer, next_seat,
                                     rotate_from_left)
from loo_ledger.domain.model import HandRecord, TableState
from loo_ledger.domain.variants import Variant
from loo_ledger.errors import Problem

PLAYED, ALL_PASS, LONE = Resolution.PLAYED, Resolution.ALL_PASS, Resolution.LONE
ALL_FOLD, RENEGE = Resolution.ALL_FOLD, Resolution.RENEGE


@dataclass(kw_only=True)
class Deal:
    """What the record means at this table; built by :func:`analyse`."""

    hand_no: int
    dealer: str
    dealt: tuple[str, ...]               # from the dealer's left, the dealer last
    kind: DealKind = DealKind.DECLARED
    words: dict[str, Word] = field(default_factory=dict)
    in_play: tuple[str, ...] = ()
    defender: str | None = None
    resolution: Resolution = PLAYED
    taker: str | None = None             # who takes P without play (ALL_PASS, LONE)
    miss_dealt: bool = False
    trump_known: bool = True
    antes: list[tuple[str, int]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def problem(self, code: str, message: str, player: str | None = None) -> None:
        self.problems.append(Problem(code=code, message=message, hand=self.hand_no, player=player))


def dealer_for(state: TableState, present: list[str] | tuple[str, ...]) -> str:
    """Deprecated alias of :func:`loo_ledger.domain.legal.next_dealer` (callers move to legal)."""
    return next_dealer(state, present)


def analyse(record: HandRecord, state: TableState, v: Variant) -> Deal:
    """Who is dealt in, the kind of deal, the antes and the declarations."""
    seats = state.seats
    out = frozenset(record.sitting_out) | state.sit_out
    present = [p for p in seats if p not in out]
    dealer = dealer_for(state, present)
    deal = Deal(hand_no=state.hand_no, dealer=dealer,
                dealt=tuple(p for p in rotate_from_left(seats, dealer) if p in present))
    for name in record.sitting_out:
        if name not in seats:
            deal.problem("UNKNOWN_PLAYER", f"{name} is not seated at this table", name)
    if record.dealer is not None and record.dealer != dealer:
        if record.dealer not in seats:
            deal.problem("UNKNOWN_PLAYER", f"{record.dealer} is not seated at this table",
                         record.dealer)
        else:
            deal.problem("DEALER_OUT_OF_ROTATION",
                         f"{record.dealer} is recorded as dealer, but the deal is {dealer}'s "
                         "by rotation (the deal passes to the left)", record.dealer)
    if record.trump is not None and record.trump not in tuple(Suit):
        deal.problem("BAD_TRUMP", f"trump {record.trump!r} is not a suit: "
                     f"{', '.join(Suit)}")
    if len(deal.dealt) < 2:
        deal.problem("CANNOT_DEAL", "fewer than two players are dealt in")
        return deal
    _check_names(record, state, deal)
    if v.game == Game.LOU:
        _lou_declarations(record, state, v, deal)
    else:
        _loo_declarations(record, state, v, deal)
    needed = len(deal.dealt) * v.hand_size + (v.hand_size if deal.miss_dealt else 0) + 1
    if needed > v.pack:
        deal.problem("CANNOT_DEAL", f"{len(deal.dealt)} players cannot be dealt from a pack of "
                     f"{v.pack} ({needed} cards needed, pack={v.pack})")
    deal.antes = antes(state, v, deal.dealer, deal.dealt)
    return deal


def _check_names(record: HandRecord, state: TableState, deal: Deal) -> None:
    """Every player the record names must be seated and dealt in."""
    named: list[str] = []
    named += list(record.declarations or {}) + list(record.tricks or {})
    named += list(record.exchanges) + list(record.deltas or {})
    named += [f.player for f in record.flushes] + [p.player for p in record.penalties]
    if record.pam_holder is not None:
        named.append(record.pam_holder)
    seen: set[str] = set()
    for name in named:
        if name in seen or name in deal.dealt:
            continue
        seen.add(name)
        if name not in state.seats:
            deal.problem("UNKNOWN_PLAYER", f"{name} is not seated at this table", name)
        elif name in (record.deltas or {}) and (record.deltas or {})[name] == 0:
            continue  # a zero change for a player sitting out is harmless
        else:
            why = ("must sit out the redeal after his renege" if name in state.sit_out
                   else "is sitting out this hand")
            deal.problem("NOT_DEALT_IN", f"{name} {why}, so was not dealt in", name)


def _normalised_words(record: HandRecord, deal: Deal) -> dict[str, Word]:
    words = {}
    for p, w in (record.declarations or {}).items():
        try:
            word = canonical(w)
        except ValueError:
            deal.problem("BAD_DECLARATION", f"{p} declared {w!r}; the words are "
                         f"{', '.join(Word)}", p)
            continue
        if p in deal.dealt:
            words[p] = word
    return words


def _forced_words(words: dict[str, Word], deal: Deal, why: str, *, eldest_miss: bool = False) -> None:
    """In a deal where everyone plays, only `stand` (or the eldest's miss) may be written."""
    eldest = deal.dealt[0]
    for p, w in words.items():
        if w == Word.PASS:
            deal.problem("PASS_NOT_ALLOWED", f"{p} passed, but nobody may pass in {why}", p)
        elif w == Word.DEFEND:
            deal.problem("DEFEND_NOT_ALLOWED", f"{p} defended, but nobody may defend in {why}", p)
        elif w == Word.MISS and not eldest_miss:
            deal.problem("MISS_NOT_AVAILABLE", f"{p} took the miss, but no miss is dealt in {why}", p)
        elif w == Word.MISS and p != eldest:
            deal.problem("MISS_NOT_ELDEST", f"{p} took the miss, but in {why} only {eldest} "
                         "(the dealer's left) may take it (simple_pool=miss-eldest)", p)
    deal.words = {p: words.get(p, Word.STAND) for p in deal.dealt}
    deal.in_play = deal.dealt


def deal_kind(state: TableState, v: Variant, trump: str | None = None) -> tuple[DealKind, str]:
    """Deprecated: the kind of the next deal and why; ask :func:`legal.deal_shape` instead."""
    shape = deal_shape(state, v, trump)
    return shape.kind, shape.why


def _loo_declarations(record: HandRecord, state: TableState, v: Variant, deal: Deal) -> None:
    words = _normalised_words(record, deal)
    simple = not state.double
    clubs_forced = v.club_law and record.trump == Suit.CLUBS
    deal.trump_known = not (simple and v.simple_pool == SimplePool.PLAY_ALL and not clubs_forced)
    kind, why = deal_kind(state, v, record.trump)
    deal.kind = kind
    if kind == DealKind.FORCED:
        return _forced_words(words, deal, why)
    if kind == DealKind.ELDEST_MISS:
        deal.kind, deal.miss_dealt = kind, True
        return _forced_words(words, deal, why, eldest_miss=True)
    deal.kind, deal.miss_dealt = DealKind.DECLARED, v.miss
    if record.declarations is None:
        deal.problem("MISSING_DECLARATION", "this deal has declarations: say for every player "
                     "dealt in whether they stood, passed" + (", took the miss" if v.miss else ""))
        return
    for p in deal.dealt:
        if p not in words:
            deal.problem("MISSING_DECLARATION", f"{p} was dealt in but has no declaration", p)
    deal.words = words
    if v.miss:
        _declared_with_miss(words, v, deal)
    else:
        _declared_without_miss(words, v, deal)


def _declared_with_miss(words: dict[str, Word], v: Variant, deal: Deal) -> None:
    dealer = deal.dealer
    takers = [p for p in deal.dealt if words.get(p) == Word.MISS]
    for p in takers[1:]:
        deal.problem("MULTIPLE_MISS", f"{p} took the miss, but {takers[0]} had already taken it", p)
    for p in deal.dealt[:-1]:
        if words.get(p) == Word.DEFEND:
            deal.problem("DEFEND_NOT_ALLOWED", f"{p} is not the dealer; only the dealer may "
                         "defend the pool", p)
    others = [p for p in deal.dealt[:-1] if words.get(p) in (Word.STAND, Word.MISS)]
    standers = [p for p in others if words[p] == Word.STAND]
    dw = words.get(dealer)
    if not others:
        deal.resolution, deal.taker = ALL_PASS, dealer
        return
    if len(others) == 1 and standers:
        allowed = set(v.dealer_vs_one) | ({Word.STAND} if takers and takers[0] != dealer else set())
        if dw == Word.PASS:
            deal.problem("DEALER_MUST_PLAY", f"only {standers[0]} stood, so the dealer {dealer} "
                         "may not pass: he must " + " or ".join(sorted(allowed)), dealer)
        elif dw is not None and dw not in allowed:
            deal.problem("DEALER_OPTION_NOT_ALLOWED", f"against a lone stander the dealer may "
                         f"only {' or '.join(sorted(allowed))} (dealer_vs_one="
                         f"{v.value_text('dealer_vs_one')}), not {dw}", dealer)
        if dw == Word.DEFEND:
            deal.defender = dealer
    elif len(others) == 1:
        if dw == Word.DEFEND:
            deal.problem("DEFEND_NOT_ALLOWED", f"{others[0]} alone took the miss: the dealer "
                         f"{dealer} may stand on his own cards or pass, not defend", dealer)
        elif dw == Word.PASS:
            deal.resolution, deal.taker = LONE, others[0]
            return
    elif dw == Word.DEFEND:
        deal.problem("DEFEND_NOT_ALLOWED", "the dealer may defend the pool only when exactly one "
                     "other player stood on his own cards and all others passed", dealer)
    deal.in_play = tuple(p for p in deal.dealt if words.get(p) in (Word.STAND, Word.MISS, Word.DEFEND))


def _declared_without_miss(words: dict[str, Word], v: Variant, deal: Deal) -> None:
    for p, w in words.items():
        if w == Word.MISS:
            deal.problem("MISS_NOT_AVAILABLE", f"{p} took the miss, but no miss is dealt in "
                         f"this game (miss=false)", p)
        elif w == Word.DEFEND:
            deal.problem("DEFEND_NOT_ALLOWED", f"{p} defended, but there is no miss to defend "
                         "the pool with in this game (miss=false)", p)
    playing = tuple(p for p in deal.dealt if words.get(p) == Word.STAND)
    if not playing:
        deal.resolution, deal.taker = ALL_PASS, deal.dealer
    elif len(playing) == 1 and (v.lone_player == LonePlayer.TAKES_POOL or playing[0] == deal.dealer):
        deal.resolution, deal.taker = LONE, playing[0]
    elif len(playing) == 1:
        deal.problem("DEALER_MUST_PLAY", f"only {playing[0]} stood, and the dealer must play "
                     "against a lone player (lone_player=dealer-plays)", deal.dealer)
    deal.in_play = playing


def _lou_declarations(record: HandRecord, state: TableState, v: Variant, deal: Deal) -> None:
    words = _normalised_words(record, deal)
    deal.trump_known = True
    deal.kind, why = deal_kind(state, v)
    if deal.kind == DealKind.LOU_FIRST:
        return _forced_words(words, deal, why)
    if record.declarations is None:
        deal.problem("MISSING_DECLARATION", "after the first deal of a Lou game every player "
                     "dealt in stands or folds: say which")
        return
    for p in deal.dealt:
        if p not in words:
            deal.problem("MISSING_DECLARATION", f"{p} was dealt in but has no declaration", p)
    for p, w in words.items():
        if w in (Word.MISS, Word.DEFEND):
            deal.problem("BAD_DECLARATION", f"{p} declared {w}, but in Lou a player stands or "
                         "folds", p)
    deal.words = words
    deal.in_play = tuple(p for p in deal.dealt if words.get(p) == Word.STAND)
    if not deal.in_play:
        deal.resolution = ALL_FOLD
    elif len(deal.in_play) == 1:
        deal.resolution, deal.taker = LONE, deal.in_play[0]


def antes(state: TableState, v: Variant, dealer: str,
          dealt: tuple[str, ...] | list[str]) -> list[tuple[str, int]]:
    """(player, amount) paid into the pool before the deal, by ante_model.

    >>> from loo_ledger.domain.variants import variant
    >>> antes(TableState(seats=("A", "B", "C"), dealer="C"), variant("britannica"), "C", ("A", "B", "C"))
    [('A', 3), ('B', 3), ('C', 6)]
    """
    model = v.ante_model
    if model == AnteModel.DEALER or (model == AnteModel.REPLENISH and not state.double):
        return [(dealer, v.ante)] if v.ante else []
    if model == AnteModel.STAKES:
        if state.double:
            return [(dealer, v.single_stake)]
        return [(p, v.single_stake * (2 if p == dealer else 1)) for p in dealt]
    if model == AnteModel.LOU and state.lou_antes_due:
        out = [(dealer, v.lou_ante_dealer)] if v.lou_ante_dealer else []
        return out + [(p, v.lou_ante_each) for p in dealt if v.lou_ante_each]
    return []
