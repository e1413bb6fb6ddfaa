"""What may happen next: the one place that says so.

Asked by ``validate`` (domain/next/plan.py), by the one-line parser's hints, by ``loo hand -i``,
by every printout and by ``replay``: who deals, what kind of deal it is, who is dealt in,
the antes due before it (:func:`antes`), the words each player may say given what was
said before, whether a flush, an exchange or a defence is possible, and how many tricks
are left to give. Nothing else works these out.

The model is pokerkit's ``can_…``/``verify_…`` pair: ``words_allowed`` lists the choices,
``verify_word`` says why one is not allowed (``None`` when it is).

>>> from loo_ledger.domain.rules.model import TableState
>>> from loo_ledger.domain.rules.variants import variant
>>> state = TableState(seats=("A", "B", "C", "D"), dealer="C", pool=27, double=True)
>>> next_dealer(state, ("A", "B", "D"))
'D'
>>> dealt_in(state, ("A", "B", "C", "D"))
('D', 'A', 'B', 'C')
>>> shape = deal_shape(state, variant("three-card"))
>>> shape.kind, shape.miss_dealt
(<DealKind.DECLARED: 'declared'>, True)
>>> words_allowed(variant("three-card"), shape, ("D", "A", "B", "C"), {}, "D")
(<Word.STAND: 'stand'>, <Word.PASS: 'pass'>, <Word.MISS: 'miss'>)
>>> said = {"D": Word.STAND, "A": Word.PASS, "B": Word.PASS}
>>> words_allowed(variant("three-card"), shape, ("D", "A", "B", "C"), said, "C")
(<Word.STAND: 'stand'>, <Word.MISS: 'miss'>, <Word.DEFEND: 'defend'>)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import msgspec

from loo_ledger.domain.next.rotation import (
    dealer_moved,
    dealt_in,
    next_dealer,
    next_seat,
    rotate_from_left,
    skip_hand,
)
from loo_ledger.domain.rules.codes import (
    AnteModel,
    DealKind,
    FlushKind,
    Game,
    LonePlayer,
    Pam,
    PenaltyKind,
    SimplePool,
    Suit,
    Word,
)
from loo_ledger.domain.rules.model import TableState
from loo_ledger.domain.rules.variants import Variant

if TYPE_CHECKING:  # the cards are imported by next_card alone (most commands never ask it)
    from loo_ledger.domain.cards.deck import Card
    from loo_ledger.domain.cards.judge import PlayRecord
    from loo_ledger.domain.cards.play_rules import PlayRules

#: Who deals (domain/next/rotation.py) is part of what may happen next: asked through here.
__all__ = ["DealShape", "Refusal", "SYNONYMS", "antes", "can_deal", "can_defend", "can_flush",
           "canonical", "cards_needed", "deal_shape", "dealer_moved",
           "dealer_takes_without_play", "dealer_word_optional", "dealt_in", "exchange_limit",
           "flush_kind_needed", "flush_kinds", "forfeit_kinds", "forfeits_allowed",
           "has_simple_double", "next_dealer", "next_seat", "pass_word", "refuse_forfeit",
           "refuse_word", "rotate_from_left", "said_before", "skip_hand", "trump_matters",
           "tricks_left", "unit_name", "verify_word", "words_allowed"]

#: Words that mean the same at a table: ``fold`` is Lou's ``pass``.
SYNONYMS: Mapping[str, Word] = {Word.FOLD: Word.PASS}
_DEALER_OPTIONS = (Word.STAND, Word.MISS, Word.DEFEND)
# What words_allowed reads for every word of a deal, read from the enum classes once (an
# enum member read from its class costs some 0.4 µs on Python 3.11).
_STAND, _MISS, _PASS = Word.STAND, Word.MISS, Word.PASS
_ONLY_STAND = (Word.STAND,)
_STAND_OR_MISS = (Word.STAND, Word.MISS)
_STAND_OR_FOLD = (Word.STAND, Word.FOLD)
_STAND_OR_PASS = (Word.STAND, Word.PASS)
_OPEN_WITH_MISS = (Word.STAND, Word.PASS, Word.MISS)
_ALL_STAND = (DealKind.FORCED, DealKind.LOU_FIRST)
_ELDEST_MISS, _LOU_LATER = DealKind.ELDEST_MISS, DealKind.LOU_LATER
_DEALER_PLAYS = LonePlayer.DEALER_PLAYS
# Read from their classes once, for the checks the engine asks of every hand with an
# exchange (an enum member read from its class costs some 0.4 µs on Python 3.11).
_GAME_LOU, _KIND_LOU_FIRST = Game.LOU, DealKind.LOU_FIRST


class DealShape(msgspec.Struct, frozen=True, kw_only=True):
    """What kind of deal the next hand is, and what follows from that.

    ``declared``: players choose words (else everyone plays, or in an eldest-miss deal only
    the eldest chooses); ``miss_dealt``: a miss is dealt; ``trump_known``: a trump is turned
    before play, so a flush is possible.
    """

    kind: DealKind
    why: str
    miss_dealt: bool
    trump_known: bool

    @property
    def declared(self) -> bool:
        return self.kind in (DealKind.DECLARED, DealKind.LOU_LATER)


def deal_shape(state: TableState, v: Variant, trump: str | None = None) -> DealShape:
    """The kind of the next deal, and why.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> s = deal_shape(TableState(seats=("A", "B"), dealer="B"), variant("three-card"))
    >>> s.kind, s.why, s.trump_known
    (<DealKind.FORCED: 'forced'>, 'a simple pool (simple_pool=play-all)', False)
    """
    if v.game == Game.LOU:
        if state.lou_first:
            return DealShape(kind=DealKind.LOU_FIRST, miss_dealt=False, trump_known=True,
                             why="the first deal of a Lou game (everyone must stand)")
        return DealShape(kind=DealKind.LOU_LATER, why="a later deal of a Lou game",
                         miss_dealt=False, trump_known=True)
    simple = not state.double
    play_all = simple and v.simple_pool == SimplePool.PLAY_ALL
    known = not play_all
    if v.club_law and trump == Suit.CLUBS:
        return DealShape(kind=DealKind.FORCED, why="a deal with clubs turned (club_law=true)",
                         miss_dealt=False, trump_known=known)
    if play_all:
        return DealShape(kind=DealKind.FORCED, why="a simple pool (simple_pool=play-all)",
                         miss_dealt=False, trump_known=False)
    if v.force_after_single and not state.last_had_loo:
        return DealShape(kind=DealKind.FORCED, miss_dealt=False, trump_known=True,
                         why="a force after a deal with no loo (force_after_single=true)")
    if simple and v.simple_pool == SimplePool.MISS_ELDEST and v.miss:
        return DealShape(kind=DealKind.ELDEST_MISS, why="a simple pool", miss_dealt=True,
                         trump_known=True)
    return DealShape(kind=DealKind.DECLARED, miss_dealt=v.miss, trump_known=True,
                     why="a double pool" if state.double and has_simple_double(v)
                     else "a deal with declarations")


def has_simple_double(v: Variant) -> bool:
    """Whether a simple pool is dealt differently from a double one, so that "simple" and
    "double" mean something at this table. Not in Lou (a pot), nor where a simple pool is
    declared like a double (``simple_pool=as-double``: Irish, five-card, and the three-card
    games of 001, 002, 003), whose deals differ by nothing the table sees.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> [has_simple_double(variant(n)) for n in ("three-card", "irish", "five-card", "lou")]
    [True, False, False, False]
    """
    return v.game == Game.LOO and v.simple_pool != SimplePool.AS_DOUBLE


#: Each word as typed -> the word as the rules read it (``canonical`` without building an
#: enum member on every call).
_CANONICAL: Mapping[str, Word] = {str(w): SYNONYMS.get(w, w) for w in Word}


def canonical(word: str) -> Word:
    """The word as the rules read it (``fold`` is ``pass``); ValueError if it is no word."""
    got = _CANONICAL.get(word) if isinstance(word, str) else None
    if got is None:
        w = Word(word)  # raises ValueError, as it always has
        return SYNONYMS.get(w, w)
    return got


def pass_word(v: Variant) -> Word:
    """How this game says ``pass``: Lou folds."""
    return Word.FOLD if v.game == Game.LOU else Word.PASS


def said_before(dealt: tuple[str, ...], said: Mapping[str, str], player: str) -> dict[str, Word]:
    """The readable words of the players before ``player`` (from the dealer's left).

    >>> said_before(("A", "B", "C"), {"A": "miss", "B": "junk", "C": "pass"}, "C")
    {'A': <Word.MISS: 'miss'>}
    """
    out: dict[str, Word] = {}
    for p in dealt[:dealt.index(player)] if player in dealt else dealt:
        if p in said:
            try:
                out[p] = canonical(said[p])
            except ValueError:
                continue
    return out


def words_allowed(v: Variant, shape: DealShape, dealt: tuple[str, ...],
                  said: Mapping[str, str], player: str) -> tuple[Word, ...]:
    """The words ``player`` may say, given what the players before him said (``said``, by
    name; synonyms allowed; the words of players after him are not looked at). ``dealt``
    runs from the dealer's left, the dealer last. In a deal where everyone plays the only
    word is ``stand``. Where every player before the dealer passed, the dealer takes the
    pool whatever he says (:func:`verify_word` accepts any word); these are his choices.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> v = variant("three-card")
    >>> shape = deal_shape(TableState(seats=("A", "B", "C"), dealer="C", double=True), v)
    >>> words_allowed(v, shape, ("A", "B", "C"), {"A": "miss", "C": "stand"}, "B")
    (<Word.STAND: 'stand'>, <Word.PASS: 'pass'>)
    """
    kind = shape.kind
    if kind in _ALL_STAND:
        return _ONLY_STAND
    if kind == _ELDEST_MISS:
        return _STAND_OR_MISS if player == dealt[0] else _ONLY_STAND
    if kind == _LOU_LATER:
        return _STAND_OR_FOLD
    if not shape.miss_dealt and player != dealt[-1]:
        return _STAND_OR_PASS  # no miss to take: the words before him change nothing
    before = said_before(dealt, said, player)
    miss_free = shape.miss_dealt and _MISS not in before.values()
    open_words = _OPEN_WITH_MISS if miss_free else _STAND_OR_PASS
    if player != dealt[-1]:
        return open_words
    playing = [p for p in dealt[:-1] if before.get(p) in _STAND_OR_MISS]
    if not playing:
        return open_words  # the dealer takes the pool whatever he says
    lone = before[playing[0]] if len(playing) == 1 else None
    if shape.miss_dealt and lone == _STAND:
        return tuple(w for w in _DEALER_OPTIONS if w in v.dealer_vs_one
                     and (w != _MISS or miss_free))
    if shape.miss_dealt and lone == _MISS:
        return _STAND_OR_PASS
    if not shape.miss_dealt and lone == _STAND and v.lone_player == _DEALER_PLAYS:
        return _ONLY_STAND
    return open_words


class Refusal(msgspec.Struct, frozen=True, kw_only=True):
    """Why a word may not be said: the problem code (stable, e.g. ``DEALER_MUST_PLAY``) and
    the reason in a player's words."""

    code: str
    message: str


def _or(words: tuple[Word, ...]) -> str:
    return " or ".join(words)


def refuse_word(v: Variant, shape: DealShape, dealt: tuple[str, ...],
                said: Mapping[str, str], player: str, word: str) -> Refusal | None:
    """Why ``player`` may not say ``word`` here, with its problem code; None if he may.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> v = variant("three-card")
    >>> shape = deal_shape(TableState(seats=("A", "B", "C"), dealer="C", double=True), v)
    >>> refuse_word(v, shape, ("A", "B", "C"), {"A": "stand", "B": "pass"}, "C", "pass").code
    'DEALER_MUST_PLAY'
    >>> refuse_word(v, shape, ("A", "B", "C"), {"A": "pass", "B": "pass"}, "C", "defend") is None
    True
    """
    try:
        w = canonical(word)
    except ValueError:
        return Refusal(code="BAD_DECLARATION", message=f"{player} declared {word!r}; the words "
                       f"are {', '.join(Word)}")
    allowed = words_allowed(v, shape, dealt, said, player)
    dealer = dealt[-1]
    if w in allowed or w in {canonical(a) for a in allowed}:  # (w is a word as the rules read it)
        return None
    if player == dealer and dealer_word_optional(v, shape, dealt, said):
        return None
    why = shape.why
    if shape.kind == DealKind.LOU_LATER:
        return Refusal(code="BAD_DECLARATION", message=f"{player} declared {w}, but in Lou a "
                       "player stands or folds")
    if shape.kind in (DealKind.FORCED, DealKind.LOU_FIRST, DealKind.ELDEST_MISS):
        if w == Word.PASS:
            return Refusal(code="PASS_NOT_ALLOWED",
                           message=f"{player} passed, but nobody may pass in {why}")
        if w == Word.DEFEND:
            return Refusal(code="DEFEND_NOT_ALLOWED",
                           message=f"{player} defended, but nobody may defend in {why}")
        if shape.kind != DealKind.ELDEST_MISS:
            return Refusal(code="MISS_NOT_AVAILABLE",
                           message=f"{player} took the miss, but no miss is dealt in {why}")
        return Refusal(code="MISS_NOT_ELDEST", message=f"{player} took the miss, but in {why} "
                       f"only {dealt[0]} (the dealer's left) may take it "
                       "(simple_pool=miss-eldest)")
    before = said_before(dealt, said, player)
    playing = [p for p in dealt[:-1] if before.get(p) in (Word.STAND, Word.MISS)]
    if not shape.miss_dealt and w == Word.MISS:
        return Refusal(code="MISS_NOT_AVAILABLE", message=f"{player} took the miss, but no miss "
                       "is dealt in this game (miss=false)")
    if not shape.miss_dealt and w == Word.DEFEND:
        return Refusal(code="DEFEND_NOT_ALLOWED", message=f"{player} defended, but there is no "
                       "miss to defend the pool with in this game (miss=false)")
    if not shape.miss_dealt:  # the dealer passing a lone player under dealer-plays
        return Refusal(code="DEALER_MUST_PLAY", message=f"only {playing[0]} stood, and the "
                       "dealer must play against a lone player (lone_player=dealer-plays)")
    if player != dealer and w == Word.DEFEND:
        return Refusal(code="DEFEND_NOT_ALLOWED", message=f"{player} is not the dealer; only the "
                       "dealer may defend the pool")
    lone = before[playing[0]] if player == dealer and len(playing) == 1 else None
    if lone == Word.STAND and w == Word.PASS:
        return Refusal(code="DEALER_MUST_PLAY", message=f"only {playing[0]} stood, so the dealer "
                       f"{dealer} may not pass but must {_or(allowed)}")
    if lone == Word.STAND and (w != Word.MISS or Word.MISS not in before.values()):
        return Refusal(code="DEALER_OPTION_NOT_ALLOWED", message="against a lone stander the "
                       f"dealer may only {_or(allowed)} (dealer_vs_one="
                       f"{v.value_text('dealer_vs_one')}), not {w}")
    if w == Word.MISS:
        taker = next(p for p, said_w in before.items() if said_w == Word.MISS)
        return Refusal(code="MULTIPLE_MISS", message=f"{player} took the miss, but {taker} had "
                       "already taken it")
    if lone == Word.MISS:
        return Refusal(code="DEFEND_NOT_ALLOWED", message=f"{playing[0]} alone took the miss: "
                       f"the dealer {dealer} may stand on his own cards or pass, not defend")
    return Refusal(code="DEFEND_NOT_ALLOWED", message="the dealer may defend the pool only when "
                   "exactly one other player stood on his own cards and all others passed")


def verify_word(v: Variant, shape: DealShape, dealt: tuple[str, ...],
                said: Mapping[str, str], player: str, word: str) -> str | None:
    """Why ``player`` may not say ``word`` here, in a player's words; None if they may."""
    refusal = refuse_word(v, shape, dealt, said, player, word)
    if refusal is None:
        return None
    return f"{refusal.message}; {player} may " + _or(words_allowed(v, shape, dealt, said, player))


def dealer_takes_without_play(dealt: tuple[str, ...], said: Mapping[str, str]) -> bool:
    """Whether every player before the dealer passed: in a Loo deal with declarations
    (``DealShape.kind == DECLARED``) the dealer then takes the pool whatever he says, so
    his word may be left out of the record.

    >>> dealer_takes_without_play(("A", "B", "C"), {"A": "pass", "B": "fold"})
    True
    >>> dealer_takes_without_play(("A", "B", "C"), {"A": "pass"})
    False
    """
    before = said_before(dealt, said, dealt[-1])
    return all(before.get(p) == Word.PASS for p in dealt[:-1])


def dealer_word_optional(v: Variant, shape: DealShape, dealt: tuple[str, ...],
                         said: Mapping[str, str]) -> bool:
    """Whether the dealer's word may be left out of the record: a Loo deal with
    declarations where everyone before him passed (a Lou dealer still stands or folds:
    the pot is his or it stays)."""
    return (v.game == Game.LOO and shape.kind == DealKind.DECLARED
            and dealer_takes_without_play(dealt, said))


def can_defend(v: Variant, shape: DealShape, dealt: tuple[str, ...],
               said: Mapping[str, str]) -> bool:
    """Whether the dealer may defend the pool now."""
    return Word.DEFEND in words_allowed(v, shape, dealt, said, dealt[-1])


def can_flush(v: Variant, shape: DealShape) -> bool:
    """Whether a flush can be declared this deal: flushes are played and a trump is known."""
    return v.flushes and shape.trump_known


def flush_kinds(v: Variant) -> tuple[FlushKind, ...]:
    """The kinds of flush a player may declare at this table: any flush in three-card;
    Pam, trump and plain flushes in five-card, with blazes where they are played; no Pam
    kinds where there is no Pam.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> [str(k) for k in flush_kinds(variant("five-card"))]
    ['pam', 'trump', 'plain']
    """
    kinds: tuple[FlushKind, ...] = (FlushKind.FLUSH,) if v.hand_size == 3 else (
        FlushKind.PAM, FlushKind.TRUMP, FlushKind.PLAIN) + (
        (FlushKind.PAM_BLAZE, FlushKind.BLAZE) if v.blazes else ())
    if v.pam == Pam.NONE:
        kinds = tuple(k for k in kinds if k not in (FlushKind.PAM, FlushKind.PAM_BLAZE))
    return kinds


def flush_kind_needed(v: Variant) -> bool:
    """Whether a declared flush must say its kind (five-card: Pam, trump, plain, blazes);
    in three-card a flush is a flush."""
    return FlushKind.FLUSH not in flush_kinds(v)


def trump_matters(v: Variant) -> bool:
    """Whether the table must say which suit was turned: club law or flushes depend on it."""
    return v.club_law or v.flushes


def unit_name(v: Variant) -> str:
    """What the game counts in (RULES.md): three-card Loo white chips, five-card Loo chips,
    Lou cents.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> [unit_name(variant(n)) for n in ("three-card", "five-card", "lou")]
    ['white chip', 'chip', 'cent']
    """
    if v.game == Game.LOU:
        return "cent"
    return "white chip" if v.hand_size == 3 else "chip"


def exchange_limit(v: Variant, shape: DealShape, dealt: tuple[str, ...],
                   player: str) -> tuple[int, int]:
    """(fewest, most) cards ``player`` may exchange if he plays; (0, 0) where there is none.

    A five-card dealer who stands takes the turned card and discards at least one
    (indicator_to_dealer); on a Lou first deal seven players exchange at most two and eight
    none (lou_exchange_limits).
    """
    limit = v.exchange
    if v.game == _GAME_LOU and shape.kind == _KIND_LOU_FIRST and v.lou_exchange_limits:
        n = len(dealt)
        limit = min(limit, 0 if n >= 8 else 2 if n == 7 else limit)
    if limit and v.dealer_takes_turned and player == dealt[-1]:
        return 1, limit + 1
    return 0, limit


def tricks_left(v: Variant, given: Mapping[str, int]) -> int:
    """How many of the hand's tricks are still to be given out."""
    return v.hand_size - sum(given.values())


def cards_needed(v: Variant, shape: DealShape, players: int) -> int:
    """Cards a deal takes: a hand each, the miss if dealt, and the turned trump card."""
    return players * v.hand_size + (v.hand_size if shape.miss_dealt else 0) + 1


def can_deal(v: Variant, shape: DealShape, players: int) -> bool:
    """Whether ``players`` can be dealt from the pack (and are at least two)."""
    return players >= 2 and cards_needed(v, shape, players) <= v.pack


def forfeit_kinds(v: Variant) -> tuple[PenaltyKind, ...]:
    """The forfeits a player may be charged before play at this table (Britannica laws 5,
    7 and 8: a misdeal, looking at one's cards early, declaring early), where
    ``forfeits=true``; none elsewhere. Each is a single stake into this deal's pool.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> [str(k) for k in forfeit_kinds(variant("britannica"))], forfeit_kinds(variant("three-card"))
    (['misdeal', 'looked-early', 'declared-early'], ())
    """
    if not v.forfeits:
        return ()
    return (PenaltyKind.MISDEAL, PenaltyKind.LOOKED_EARLY, PenaltyKind.DECLARED_EARLY)


def refuse_forfeit(v: Variant, kind: str, player: str, dealt: tuple[str, ...],
                   in_play: tuple[str, ...]) -> Refusal | None:
    """Why ``player`` may not be charged the forfeit ``kind`` before play in a deal dealt
    to ``dealt`` (from the dealer's left, the dealer last) and played by ``in_play``;
    None if he may. A misdeal is the dealer's (law 5); a player who declared early must
    throw up his hand (law 8), so is not in play; anyone dealt in may have looked early
    (law 7).

    >>> from loo_ledger.domain.rules.variants import variant
    >>> b = variant("britannica")
    >>> refuse_forfeit(b, "misdeal", "A", ("A", "B", "C"), ("A", "C")).message
    'a misdeal is charged to the dealer (C), not A'
    >>> refuse_forfeit(b, "declared-early", "B", ("A", "B", "C"), ("A", "C")) is None
    True
    >>> refuse_forfeit(variant("three-card"), "looked-early", "B", ("A", "B"), ()).code
    'PENALTY_NOT_ALLOWED'
    """
    if kind not in forfeit_kinds(v):
        return Refusal(code="PENALTY_NOT_ALLOWED", message=f"a {kind} forfeit is not a rule "
                       "of this table (forfeits=false)")
    if player not in dealt:
        return Refusal(code="PENALTY_BY_NONPLAYER", message=f"{player} is not dealt in, so "
                       f"cannot forfeit for a {kind}")
    if kind == PenaltyKind.MISDEAL and player != dealt[-1]:
        return Refusal(code="PENALTY_NOT_ALLOWED", message=f"a misdeal is charged to the "
                       f"dealer ({dealt[-1]}), not {player}")
    if kind == PenaltyKind.DECLARED_EARLY and player in in_play:
        return Refusal(code="PENALTY_NOT_ALLOWED", message=f"{player} declared early and "
                       "must throw up his hand (law 8), but is recorded as playing")
    return None


def forfeits_allowed(v: Variant, dealt: tuple[str, ...],
                     in_play: tuple[str, ...]) -> dict[PenaltyKind, tuple[str, ...]]:
    """Who may be charged each forfeit before play (:func:`refuse_forfeit`), in the
    table's order; empty where the table plays no forfeits.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> got = forfeits_allowed(variant("britannica"), ("A", "B", "C"), ("A", "C"))
    >>> {str(k): who for k, who in got.items()}
    {'misdeal': ('C',), 'looked-early': ('A', 'B', 'C'), 'declared-early': ('B',)}
    >>> forfeits_allowed(variant("three-card"), ("A", "B", "C"), ("A", "B", "C"))
    {}
    """
    out: dict[PenaltyKind, tuple[str, ...]] = {}
    for kind in forfeit_kinds(v):
        who = tuple(p for p in dealt if refuse_forfeit(v, kind, p, dealt, in_play) is None)
        if who:
            out[kind] = who
    return out


class NextCard(msgspec.Struct, frozen=True, kw_only=True):
    """The next card of a hand being entered card by card: ``player`` plays it (None once
    every trick is played, or while ``turn``), in trick ``trick``; ``cards`` are those he
    may play: from his hand, if it is known, those the rules of play allow
    (cards.play.legal_plays), else any card of the pack not yet seen (``known`` False).
    ``turn``: a simple pool in which someone has just failed to follow: the card then
    turned for trumps comes first (``cards``: those it may be)."""

    player: str | None
    trick: int
    cards: tuple[Card, ...]
    known: bool = False
    turn: bool = False


def next_card(rec: PlayRecord, trick: Sequence[Card], rules: PlayRules) -> NextCard:
    """Who plays the next card of the hand ``rec`` (its complete tricks so far, the
    trump card, the hands known), ``trick`` being the trick under way (leader first), and
    the cards he may play. The leader of the first trick is the first player in play
    from the dealer's left, then each trick's winner (cards.judge).

    >>> from loo_ledger.domain.cards.deck import parse_card as c, parse_cards as cs
    >>> from loo_ledger.domain.cards.judge import PlayRecord
    >>> from loo_ledger.domain.cards.play_rules import PlayRules
    >>> rec = PlayRecord(players=("A", "B"), trump_card=c("2s"), tricks=(cs("As 3s"),),
    ...                  dealt={"B": cs("3s Kh Qd")})
    >>> n = next_card(rec, cs("Kd"), PlayRules())
    >>> n.player, n.trick, [str(x) for x in n.cards], n.known
    ('B', 2, ['Qd'], True)
    >>> n = next_card(rec, (), PlayRules())  # 52 less As 3s played, 2s turned, B's Kh Qd
    >>> n.player, len(n.cards), n.known
    ('A', 47, False)
    """
    from loo_ledger.domain.cards.deck import pack  # noqa: PLC0415 (the play of cards: only where a hand's cards are entered)
    from loo_ledger.domain.cards.judge import judge, trump_at_start  # noqa: PLC0415 (the play of cards: only where a hand's cards are entered)
    from loo_ledger.domain.cards.play import PlayContext, legal_plays  # noqa: PLC0415 (the play of cards: only where a hand's cards are entered)
    from loo_ledger.domain.cards.play_rules import may_hold_turned, turned_up  # noqa: PLC0415 (the play of cards: only where a hand's cards are entered)
    judged = judge(rec, rules)
    done = len(judged.winners)
    played = {card for t in rec.tricks[:done] for card in t}
    turned_in_play = judged.trump is not None and judged.trump != trump_at_start(rec)
    shown = turned_up(rules, trump_card=rec.trump_card, turned=rec.turned)
    if done < len(rec.tricks):  # a simple pool's failure to follow: the card turned first
        seen = played | set(rec.tricks[done]) | shown
        return NextCard(player=None, trick=done + 1, turn=True,
                        cards=tuple(x for x in pack(rules.pack) if x not in seen))
    if done >= rules.hand_size:
        return NextCard(player=None, trick=done, cards=())
    leader = judged.winners[-1] if judged.winners else rec.players[0]
    i = rec.players.index(leader)
    seats = rec.players[i:] + rec.players[:i]
    player = seats[len(trick)]
    hands: dict[str, list[Card]] = {}
    for p in rec.players:
        hand = rec.exchanged.get(p, rec.dealt.get(p))
        if hand is not None:
            hands[p] = [x for x in hand if x not in played and x not in trick]
    ctx = PlayContext(rules=rules, trump=judged.trump,
                      trump_card=rec.turned if turned_in_play else rec.trump_card,
                      turned_in_play=turned_in_play, players=len(rec.players), trick=done + 1,
                      played=frozenset(played))
    if player in hands:
        return NextCard(player=player, trick=done + 1, known=True,
                        cards=tuple(legal_plays(hands[player], trick, ctx)))
    held = {x for p, hand in hands.items() if p != player for x in hand}
    seen = played | set(trick) | shown | held
    if rec.trump_card is not None and not may_hold_turned(rules, dealer=rec.dealer,
                                                          player=player):
        seen.add(rec.trump_card)  # the turned card is the dealer's (or nobody's) to hold
    return NextCard(player=player, trick=done + 1,
                    cards=tuple(x for x in pack(rules.pack) if x not in seen))


def antes(state: TableState, v: Variant, dealer: str,
          dealt: tuple[str, ...] | list[str]) -> list[tuple[str, int]]:
    """(player, amount) paid into the pool before the deal, by ante_model. ``stakes`` and
    ``replenish`` key on whether the last deal had a loo, never on whether the pool is double.

    >>> from loo_ledger.domain.rules.variants import variant
    >>> state = TableState(seats=("A", "B", "C"), dealer="C")
    >>> antes(state, variant("britannica"), "C", ("A", "B", "C"))
    [('A', 3), ('B', 3), ('C', 6)]
    """
    model = v.ante_model
    if model == AnteModel.DEALER or (model == AnteModel.REPLENISH and not state.last_had_loo):
        return [(dealer, v.ante)] if v.ante else []
    if model == AnteModel.STAKES:
        if state.last_had_loo:
            return [(dealer, v.single_stake)]
        return [(p, v.single_stake * (2 if p == dealer else 1)) for p in dealt]
    if model == AnteModel.LOU and state.lou_antes_due:
        out = [(dealer, v.lou_ante_dealer)] if v.lou_ante_dealer else []
        return out + [(p, v.lou_ante_each) for p in dealt if v.lou_ante_each]
    return []
