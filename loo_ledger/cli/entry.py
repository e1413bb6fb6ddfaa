"""Turning what a player types at the table into a hand record.

``Ann=2 Ben=pass Cat=miss:1 Dov=defend:2 Eve=stand``: each dealt player once, names
matched by a unique case-insensitive prefix. The whole line and all its options are read
before anything is refused, and every problem is reported at once: what cannot be read,
and what the rules (``domain.validate``) say of the rest. Who deals, who is dealt in and
which words a player may say come from ``domain.legal``. Pure: no I/O.

>>> seats = ("Ann", "Ben", "Cat")
>>> split_word("miss:1")
('miss', 1)
>>> match_player("be", seats)
'Ben'

Names and words are matched by cli/matching.py, the one matcher of the command line.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

import msgspec
from msgspec.structs import replace

from loo_ledger.cli.matching import NoMatch, match, match_player
from loo_ledger.cli.options import Options
from loo_ledger.domain.next import legal
from loo_ledger.domain.rules.chips import MAX_CHIPS, beyond, chips_text
from loo_ledger.domain.rules.codes import Suit, Word
from loo_ledger.domain.rules.model import CardRecord, Flush, HandRecord, Penalty, TableState
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.domain.settlement.engine import validate
from loo_ledger.errors import HandRejected, Problem


class View(Protocol):
    """What the parser needs to know of the table (services.table.TableView has it)."""

    @property
    def state(self) -> TableState: ...
    @property
    def variant(self) -> Variant: ...
    @property
    def present(self) -> Sequence[str]: ...


class _Problems(list[Problem]):
    def __init__(self, hand: int):
        super().__init__()
        self.hand = hand

    def add(self, code: str, message: str, player: str | None = None) -> None:
        self.append(Problem(code=code, message=message, hand=self.hand, player=player))


def split_word(value: str) -> tuple[str, int | None]:
    """``"2"`` -> ("stand", 2); ``"miss:1"`` -> ("miss", 1); ``"pass"`` -> ("pass", None).
    A word may be shortened to a unique prefix in any case: ``p``, ``s``, ``m:1``, ``d:2``.

    >>> split_word("M:1"), split_word("p"), split_word("f")
    (('miss', 1), ('pass', None), ('fold', None))
    """
    text = value.strip()
    word, _, count = text.partition(":")
    if word.isdigit() and not count:
        return str(Word.STAND), int(word)
    try:
        found = match(word, [str(w) for w in Word], "word")
    except ValueError:
        raise ValueError(f"{value!r} is neither a number of tricks nor a word "
                         f"({', '.join(Word)}, or the first letters of one)") from None
    if count and not count.strip().isdigit():
        raise ValueError(f"{value!r}: {count!r} is not a number of tricks")
    return found, int(count) if count else None


def typed_forms(player: str, words: Sequence[Word]) -> str:
    """How ``player``'s allowed words are typed: ``Ann=N (tricks won), Ann=pass``."""
    forms = {Word.STAND: f"{player}=N (tricks won), {player}=stand",
             Word.MISS: f"{player}=miss:N", Word.DEFEND: f"{player}=defend:N"}
    return ", ".join(forms.get(w, f"{player}={w}") for w in words)


def _pairs(items: Sequence[str], seats: Sequence[str], problems: _Problems,
           what: str) -> list[tuple[str, str]]:
    out = []
    for item in items:
        name, sep, value = item.partition("=") if "=" in item else item.partition(":")
        try:
            out.append((match_player(name, seats), value.strip() if sep else ""))
        except ValueError as exc:
            problems.add("UNKNOWN_PLAYER", f"{what} {item}: {exc}", name)
    return out


class _Line(msgspec.Struct, kw_only=True):
    """The players' words as read, and who could not be read."""

    said: dict[str, tuple[str, int | None]] = msgspec.field(default_factory=dict)
    named: set[str] = msgspec.field(default_factory=set)
    unreadable: set[str] = msgspec.field(default_factory=set)
    guessed: set[str] = msgspec.field(default_factory=set)  # a typo's likely player
    bad: dict[str, str] = msgspec.field(default_factory=dict)   # a value that is no word, and why


def _read_words(words: Sequence[str], seats: Sequence[str], problems: _Problems) -> _Line:
    line = _Line()
    for item in words:
        name, sep, value = item.partition("=")
        try:
            player = match_player(name, seats)
        except NoMatch as exc:
            problems.add("BAD_ENTRY", str(exc), name)
            if exc.near is not None:
                line.guessed.add(exc.near)
            continue
        line.named.add(player)
        if not sep:
            line.unreadable.add(player)
            problems.add("BAD_ENTRY", f"{item!r} should be NAME=VALUE, e.g. {player}=2 or "
                         f"{player}=pass", player)
        elif player in line.said:
            line.unreadable.add(player)
            problems.add("PLAYER_TWICE", f"{player} is named twice", player)
        else:
            try:
                line.said[player] = split_word(value)
            except ValueError as exc:
                line.unreadable.add(player)
                line.bad[player] = str(exc)
    return line


def parse_hand(words: Sequence[str], opts: Options, view: View) -> HandRecord:
    """The hand record for the table's next hand; raises HandRejected listing every problem
    (what could not be read, and what the rules say of the rest)."""
    return build_record(words, opts, state=view.state, v=view.variant, present=view.present)


def build_record(words: Sequence[str], opts: Options, *, state: TableState, v: Variant,
                 present: Collection[str]) -> HandRecord:
    """As :func:`parse_hand`, from the table's state, variant and who is present."""
    seats = state.seats
    problems = _Problems(state.hand_no)
    trump = _trump(opts.trump, problems)
    out = {p for p, _ in _pairs(opts.sitting_out, seats, problems, "--sitting-out")}
    here = [p for p in seats if p in present and p not in out]
    dealt = legal.dealt_in(state, here)
    line = _read_words(words, seats, problems)
    spoken = {p: w for p, (w, _) in line.said.items()}
    shape = legal.deal_shape(state, v, trump)
    missing = [p for p in dealt if p not in line.named and p not in line.guessed]
    if missing == [dealt[-1]] and legal.dealer_word_optional(v, shape, dealt, spoken):
        missing = []  # everyone else passed: the dealer takes the pool whatever he says
    for p, why in line.bad.items():
        allowed = legal.words_allowed(v, shape, dealt, spoken, p) if p in dealt else ()
        hint = f"; here {p} may say {typed_forms(p, allowed)}" if allowed else ""
        problems.add("BAD_ENTRY", why + hint, p)
    for p in missing:
        allowed = legal.words_allowed(v, shape, dealt, spoken, p)
        problems.add("MISSING_PLAYER", f"{p} was dealt in: say {typed_forms(p, allowed)} "
                     f"or --sitting-out {p}", p)
    sitting_out = tuple(p for p in seats if p not in present or p in out)
    record = _record(line, opts, trump, shape.declared, sitting_out, seats, v, problems)
    cards = _cards(opts, shape.trump_known, problems)
    if cards is not None:
        record = replace(record, cards=cards)
    if problems:
        problems += _rules_say(record, state, v, problems,
                                line.unreadable | line.guessed | set(missing))
        raise HandRejected(f"hand {state.hand_no} cannot be recorded", problems)
    return record


def _rules_say(record: HandRecord, state: TableState, v: Variant, problems: list[Problem],
              unread: set[str]) -> list[Problem]:
    """What the rules say of the part of the line that could be read: problems of players
    whose own entry was read, and of the whole hand only when every word was."""
    troubled = unread | {p.player for p in problems if p.player}
    return [p for p in validate(record, state, v) if p not in problems and (
        p.player not in troubled if p.player else not unread)]


def _cards(opts: Options, trump_known: bool, problems: _Problems) -> CardRecord | None:
    """``--cards`` (a trick each, leader first) and ``--turned`` (the trump card turned
    after the deal; in a simple pool under play-all, the card turned when someone first
    failed to follow). Cards are kept in their plain form (``As``, ``10h``)."""
    if not opts.cards and opts.turned is None:
        return None
    from loo_ledger.domain.cards.deck import CardError, parse_card, parse_cards  # noqa: PLC0415 (cards: only a hand entered with its cards)
    tricks: list[tuple[str, ...]] = []
    for i, text in enumerate(opts.cards, 1):
        try:
            tricks.append(tuple(str(c) for c in parse_cards(text)))
        except CardError as e:
            problems.add("BAD_CARD", f"--cards {text!r} (trick {i}): {e}")
    turned = None
    if opts.turned is not None:
        try:
            turned = str(parse_card(opts.turned))
        except CardError as e:
            problems.add("BAD_CARD", f"--turned: {e}")
    return CardRecord(trump_card=turned if trump_known else None,
                      turned=None if trump_known else turned, tricks=tuple(tricks))


def _trump(typed: str | None, problems: _Problems) -> str | None:
    if typed is None:
        return None
    suit = typed.strip().lower()
    if suit not in set(Suit):
        problems.add("BAD_TRUMP", f"--trump {typed}: the suits are {', '.join(Suit)}")
    return suit


#: The five-card flushes told by the trump suit (RULES.md: no flush where no trump is known).
_SUITED = {"trump": "a trump flush is five cards of the trump suit",
           "plain": "a plain flush is five cards of one suit that is not trumps"}


def _record(line: _Line, opts: Options, trump: str | None, declared: bool,
            sitting_out: tuple[str, ...], seats: Sequence[str], v: Variant,
            problems: _Problems) -> HandRecord:
    declarations = {p: str(w) for p, (w, _) in line.said.items() if declared or w != Word.STAND}
    tricks = {p: n for p, (_, n) in line.said.items() if n is not None}
    flushes = []
    for p, kind_text in _pairs(opts.flushes, seats, problems, "--flush"):
        if not kind_text and legal.flush_kind_needed(v):
            problems.add("BAD_ENTRY", f"--flush {p}: say which kind, e.g. {p}:trump "
                         "(pam, trump, plain, pam-blaze, blaze)", p)
        kind = kind_text.lower() or "flush"
        if kind in _SUITED and trump is None:
            problems.add("BAD_ENTRY", f"--flush {p}:{kind}: {_SUITED[kind]}, and no trump was "
                         "given: say the suit turned, e.g. --trump hearts", p)
        flushes.append(Flush(player=p, kind=kind))
    exchanges: dict[str, int] = {}
    deltas: dict[str, int] = {}
    for target, items, what in ((exchanges, opts.exchanges, "--exchange"),
                                (deltas, opts.paid, "--paid")):
        for p, value in _pairs(items, seats, problems, what):
            try:
                n = int(value)
            except ValueError:
                problems.add("BAD_ENTRY", f"{what} {p}={value}: not a whole number", p)
                continue
            if target is deltas and beyond(n):  # the engine's limit, said as typed
                problems.add("BAD_ENTRY", f"--paid {p}={chips_text(n)}: a player's change in "
                             f"a hand is at most {MAX_CHIPS:,} chips either way", p)
                continue
            target[p] = n
    penalties = [Penalty(player=p, kind="revoke")
                 for p, _ in _pairs(opts.revokes, seats, problems, "--revoke")]
    penalties += [Penalty(player=p, kind=k)
                  for p, k in _pairs(opts.penalties, seats, problems, "--penalty")]
    pams = _pairs([opts.pam], seats, problems, "--pam") if opts.pam else []
    return HandRecord(sitting_out=sitting_out, trump=trump,
                      declarations=declarations or None, exchanges=exchanges,
                      flushes=tuple(flushes), pam_holder=pams[0][0] if pams else None,
                      tricks=tricks or None, penalties=tuple(penalties),
                      deltas=deltas or None, table_ruling=opts.table_ruling, note=opts.note)
