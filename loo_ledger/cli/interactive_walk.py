"""The questions of one hand, in the order the table plays it, each asked only if
``domain.legal`` leaves a choice: the trump turned (where club law or flushes make it
matter), each dealt player's word from the dealer's left, anything else (a flush, an
exchange, a revoke, a note: only what this deal allows), then the tricks, counted
down, or (the first count answered ``cards``) the cards played, trick by trick
(cli/interactive_cards.py: the trick counts then come from the cards).

Whether the hand is played out, and who plays it, is the engine's answer
(``plan.analyse`` and ``checks.resolve``), never worked out here. The answers become the
one-line form and go through the same parser as ``loo hand NAME=VALUE``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from itertools import count

import msgspec
from msgspec.structs import replace

from loo_ledger.cli.entry import View, parse_hand
from loo_ledger.cli.interactive_ask import Asker
from loo_ledger.cli.interactive_cards import ask_cards
from loo_ledger.cli.matching import candidates, match_player
from loo_ledger.cli.options import Options
from loo_ledger.domain import HandRecord
from loo_ledger.domain.next import legal
from loo_ledger.domain.next.checks import flush_problems, resolve
from loo_ledger.domain.next.plan import analyse
from loo_ledger.domain.rules.codes import DealKind, Game, Resolution, Suit, Word
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.errors import HandRejected, LooError
from loo_ledger.formats.limits import text_problem

PLAYED = Resolution.PLAYED


class Extra(msgspec.Struct, frozen=True):
    """One answer to "anything else?": a flush (value: its kind), an exchange (value: how
    many cards), a revoke, or a note (value: its text)."""

    kind: str
    player: str = ""
    value: str = ""

    def __str__(self) -> str:
        if self.kind == "flush":
            return f"{self.player} flush" + (f" ({self.value})" if self.value != "flush" else "")
        if self.kind == "exchange":
            return f"{self.player} exchanged {self.value}"
        if self.kind == "revoke":
            return f"{self.player} revoked"
        return f"note {self.value!r}"


def here(view: View, opts: Options) -> list[str]:
    """Who is at the table for this hand: present and not --sitting-out (LooError naming
    a --sitting-out that matches nobody)."""
    out = set()
    for typed in opts.sitting_out:
        try:
            out.add(match_player(typed, view.state.seats))
        except ValueError as exc:
            raise LooError(f"--sitting-out {typed}: {exc}") from None
    return [p for p in view.present if p not in out]


def header(view: View, opts: Options) -> str:
    """Hand N, who deals and why the deal is what it is."""
    v, state, present = view.variant, view.state, here(view, opts)
    dealer = legal.next_dealer(state, present)
    moved = (f" ({state.dealer} is not dealt in, so the deal passes to {dealer})"
             if legal.dealer_moved(state, present) else "")
    what = "pot" if v.game == Game.LOU else "pool"   # simple or double: legal's shape says
    return f"Hand {state.hand_no}: {dealer} deals{moved}; {what} of {state.pool} carried in."


def walk(view: View, opts: Options, asker: Asker) -> HandRecord:
    """Ask the hand (keeping every answer in ``asker`` still possible) and return its
    record, not yet settled."""
    v, state = view.variant, view.state
    asker.asked.clear()
    dealt = legal.dealt_in(state, here(view, opts))
    if legal.trump_matters(v) and opts.trump is None:
        trump = asker.choose("trump", "trump turned", "Trump turned (blank if none yet)",
                             (*Suit, ""), default="")
        opts = replace(opts, trump=trump or None)
    shape = legal.deal_shape(state, v, opts.trump)
    everyone = shape.kind in (DealKind.FORCED, DealKind.LOU_FIRST)
    asker.say(f"  {shape.why}" + (": everyone plays" if everyone else ""))
    words = _words(asker, v, shape, dealt)
    line = [f"{p}={w}" for p, w in words.items()]
    _refuse_given_flushes(line, opts, view)
    opts = _anything_else(asker, view, shape, dealt, line, opts)
    resolution, in_play, _ = _resolution(line, opts, view)
    if resolution != PLAYED or opts.cards:
        return parse_hand(line, opts, view)
    counts = _tricks(asker, v, in_play)
    if counts is None:  # the cards instead: the trick counts come from them
        cards = ask_cards(asker, v, in_play, trump=opts.trump, trump_known=shape.trump_known,
                          dealer=dealt[-1])
        return parse_hand(line, replace(opts, cards=cards.tricks, turned=cards.turned), view)
    line = [f"{p}={w}" for p, w in words.items() if p not in counts]
    line += [f"{p}={n}" if legal.canonical(words[p]) == Word.STAND else f"{p}={words[p]}:{n}"
             for p, n in counts.items()]
    return parse_hand(line, opts, view)


def _refuse_given_flushes(line: list[str], opts: Options, view: View) -> None:
    """HandRejected (exit 1, nothing written) if a flush given with ``--flush`` is one the
    rules refuse (checks.flush_problems: its kind, its suit, its holder not in play), as soon
    as the words are known: before anything else, and the tricks, are asked."""
    if not opts.flushes:
        return
    record = parse_hand(line, opts, view)
    plan = analyse(record, view.state, view.variant).plan(view.state.seats, view.variant)
    n = view.state.hand_no
    problems = [p if p.hand == n else replace(p, hand=n)
                for p in flush_problems(record, view.variant, plan, plan.shape)]
    if problems:
        raise HandRejected(f"hand {n}: the flush given with --flush cannot be recorded",
                           problems)


def _words(asker: Asker, v: Variant, shape: legal.DealShape,
           dealt: tuple[str, ...]) -> dict[str, str]:
    """Each dealt player's word, from the dealer's left: asked where legal gives a choice."""
    words: dict[str, str] = {}
    for p in dealt:
        if p == dealt[-1] and legal.dealer_word_optional(v, shape, dealt, words):
            asker.say(f"  everyone else passed: {p} takes the pool without play")
            break
        allowed = legal.words_allowed(v, shape, dealt, words, p)
        if len(allowed) == 1:
            words[p] = str(allowed[0])
            if shape.declared:
                asker.say(f"  {p}: {allowed[0]} (the only word allowed here)")
            continue
        words[p] = asker.choose(f"word:{p}", p, p, [str(w) for w in allowed],
                                why=partial(_refused, v, shape, dealt, dict(words), p))
    return words


def _refused(v: Variant, shape: legal.DealShape, dealt: tuple[str, ...], said: dict[str, str],
             player: str, word: str) -> str | None:
    """Why legal refuses ``word`` (the choices are on the prompt already); None if it may.
    An abbreviation of a word not on offer (``m`` once the miss is taken) is read as the
    word, so it gets the word's own reason."""
    found = candidates(word, [str(w) for w in Word])
    refusal = legal.refuse_word(v, shape, dealt, said, player,
                                found[0] if len(found) == 1 else word)
    return None if refusal is None else refusal.message


def _resolution(line: list[str], opts: Options,
                view: View) -> tuple[Resolution, tuple[str, ...], HandRecord]:
    """How the engine resolves the hand as answered so far, who plays it, and the record
    as answered so far."""
    record = parse_hand(line, opts, view)
    plan = analyse(record, view.state, view.variant).plan(view.state.seats, view.variant)
    return resolve(record, view.variant, plan, plan.shape), plan.in_play, record


def _with(opts: Options, extras: Sequence[Extra]) -> Options:
    """``opts`` with the answers to "anything else?" added, as the options would say them."""
    notes = [e.value for e in extras if e.kind == "note"]
    return replace(
        opts, note=notes[-1] if notes else opts.note,
        flushes=[*opts.flushes, *(f"{e.player}:{e.value}" for e in extras if e.kind == "flush")],
        exchanges=[*opts.exchanges,
                   *(f"{e.player}={e.value}" for e in extras if e.kind == "exchange")],
        revokes=[*opts.revokes, *(e.player for e in extras if e.kind == "revoke")])


def _anything_else(asker: Asker, view: View, shape: legal.DealShape, dealt: tuple[str, ...],
                   line: list[str], opts: Options) -> Options:
    """Ask "anything else?" until the answer is none, offering only what is possible now."""
    v = view.variant
    extras: list[Extra] = []
    for i in count(1):
        resolution, in_play, record = _resolution(line, _with(opts, extras), view)
        flushed = {f.player for f in record.flushes}
        offered = _offered(v, shape, dealt, resolution, in_play, extras, _with(opts, extras),
                           flushed)
        if not offered:
            break
        key = f"more/{i}"
        kind = asker.choose(key, "", "Anything else?", (*offered, "none"), default="none",
                            listed=False)
        if kind == "none":
            break
        extras.append(_extra(asker, key, kind, v, shape, dealt, offered[kind]))
    asker.listed("more", "anything else", "; ".join(map(str, extras)) or "none")
    return _with(opts, extras)


def _offered(v: Variant, shape: legal.DealShape, dealt: tuple[str, ...],
             resolution: Resolution, in_play: tuple[str, ...], extras: list[Extra],
             opts: Options, flushed: set[str]) -> dict[str, list[str]]:
    """What may be added now, and who may add it (``flushed``: who has declared a flush,
    here or with --flush)."""
    done = {(e.kind, e.player) for e in extras}
    offered: dict[str, list[str]] = {}
    if resolution in (PLAYED, Resolution.FLUSH) and legal.can_flush(v, shape):
        # offered while a player in play has not declared one: the engine ranks them, and
        # a beaten holder neither pays nor receives (RULES.md, settling, 4)
        able = [p for p in in_play if p not in flushed]
        if able:
            offered["flush"] = able
    if resolution == PLAYED:  # a flush settles the hand unplayed: an exchange changes nothing
        able = [p for p in in_play if legal.exchange_limit(v, shape, dealt, p)[1] > 0
                and ("exchange", p) not in done]
        if able:
            offered["exchange"] = able
    if resolution == PLAYED:
        able = [p for p in in_play if ("revoke", p) not in done]
        if able:
            offered["revoke"] = able
    if opts.note is None:
        offered["note"] = []
    return offered


def _extra(asker: Asker, key: str, kind: str, v: Variant, shape: legal.DealShape,
           dealt: tuple[str, ...], able: list[str]) -> Extra:
    """The details of one answer to "anything else?"."""
    if kind == "note":
        text = asker.text(f"{key}/text", "Note", _note_problem)
        return Extra(kind="note", value=text)
    question = {"flush": "Flush declared by", "exchange": "Exchanged cards",
                "revoke": "Reneged" if v.game == Game.LOU else "Revoked (a breach in play)"}[kind]
    who = asker.choose(f"{key}/who", "", question, able, listed=False)
    if kind == "flush":
        kinds = [str(k) for k in legal.flush_kinds(v)]
        which = asker.choose(f"{key}/kind", "", f"{who}: which flush", kinds, listed=False)
        return Extra(kind="flush", player=who, value=which)
    if kind == "exchange":
        fewest, most = legal.exchange_limit(v, shape, dealt, who)
        n = asker.choose(f"{key}/n", "", f"{who}: cards exchanged",
                         [str(i) for i in range(fewest, most + 1)], listed=False)
        return Extra(kind="exchange", player=who, value=n)
    return Extra(kind="revoke", player=who)


def _note_problem(text: str) -> str | None:
    return text_problem(text) or (None if text else "a note cannot be blank")


def _tricks(asker: Asker, v: Variant, in_play: tuple[str, ...]) -> dict[str, int] | None:
    """Each player in play's tricks, counted down: only 0 to the tricks left are offered,
    and the last player's count (or everyone's once none are left) is filled in. None when
    the first count is answered ``cards``: the cards played are asked instead."""
    counts: dict[str, int] = {}
    if len(in_play) >= 2:
        asker.say(f"  ({in_play[0]}'s count may be answered cards, to enter the cards played "
                  "trick by trick instead)")
    for i, p in enumerate(in_play):
        left = legal.tricks_left(v, counts)
        last = i == len(in_play) - 1
        if last or left == 0:
            counts[p] = left
            why = "the rest" if last and left else "none left"
            asker.say(f"  {p}: {left} trick{'' if left == 1 else 's'} won ({why})")
            continue
        said = asker.choose(f"tricks:{p}", f"{p}: tricks won", f"{p}: tricks won",
                            [str(n) for n in range(left + 1)], why=_cards_instead if i == 0
                            else None)
        if not said.isdigit():
            return None
        counts[p] = int(said)
    return counts


def _cards_instead(typed: str) -> str | None:
    """None for ``cards`` (or a prefix of it): the first count may be answered so."""
    return None if typed and "cards".startswith(typed) else ""
