"""loo hand -i: ask, in seat order from the dealer's left, only what the rules allow.

Every question is put to ``domain.legal`` (who deals, who is dealt in, the words a player may
say, whether a flush is possible) or to the engine (whether the hand needs its tricks).
The answers become the one-line form and go through the same parser, so a hand asked here
is recorded exactly as the same hand typed on one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import typer

from loo_ledger.cli.entry import Options, View, dealer_may_be_left_out, match_player, parse_hand
from loo_ledger.domain import HandRecord, legal, validate
from loo_ledger.domain.codes import FlushKind, Game, Suit, Word
from loo_ledger.errors import LooError


def _ask(question: str, allowed: Sequence[str], *, default: str | None = None,
         why: Any = None) -> str:
    """Ask until the answer is one of ``allowed`` (or ``why(answer)`` is None); say why a
    wrong answer is wrong."""
    hint = f" [{'/'.join(a for a in allowed if a)}]" if allowed else ""
    while True:
        answer = typer.prompt(question + hint, default=default, show_default=bool(default))
        answer = answer.strip().lower()
        reason = why(answer) if why else (None if answer in allowed else "")
        if reason is None:
            return answer
        typer.echo(f"  '{answer}' is not possible here: {reason}" if reason else
                   f"  '{answer}' is not possible here; answer one of {', '.join(allowed)}")


def ask_hand(view: View, opts: Options) -> HandRecord:
    """Ask the table for the next hand and return its record (not yet previewed)."""
    v, state = view.variant, view.state
    here = [p for p in view.present if p not in _sitting_out(opts, state.seats)]
    dealer, dealt = legal.next_dealer(state, here), legal.dealt_in(state, here)
    if (v.club_law or v.flushes) and opts.trump is None:
        trump = _ask("Trump turned (blank if none yet)", (*Suit, ""), default="")
        opts = replace(opts, trump=trump or None)
    shape = legal.deal_shape(state, v, opts.trump)
    what = "pot" if v.game == Game.LOU else "double pool" if state.double else "simple pool"
    typer.echo(f"Hand {state.hand_no}: {dealer} deals; {what} of {state.pool} carried in: "
               f"{shape.why}.")
    words: dict[str, str] = {}
    for p in dealt:
        if p == dealer and dealer_may_be_left_out(shape, dealt, words):
            typer.echo(f"  everyone passed: {dealer} takes the pool")
            break
        words[p] = _word(view, shape, dealt, words, p)
    playing = [p for p in dealt if p in words and legal.canonical(words[p]) != Word.PASS]
    if not opts.flushes and playing and legal.can_flush(v, shape):
        opts = replace(opts, flushes=_flush(v.hand_size, playing))
    line = [f"{p}={w}" for p, w in words.items()]
    if not _needs_tricks(line, opts, view):
        return parse_hand(line, opts, view)
    counts = _tricks(view, playing)
    line = [f"{p}={w}" for p, w in words.items() if p not in counts]
    line += [f"{p}={n}" if legal.canonical(words[p]) == Word.STAND else f"{p}={words[p]}:{n}"
             for p, n in counts.items()]
    return parse_hand(line, opts, view)


def _sitting_out(opts: Options, seats: Sequence[str]) -> set[str]:
    """The players named by --sitting-out (a name the parser cannot match, it reports)."""
    out = set()
    for typed in opts.sitting_out:
        try:
            out.add(match_player(typed, seats))
        except ValueError:
            continue
    return out


def _word(view: View, shape: legal.DealShape, dealt: tuple[str, ...], words: dict[str, str],
          p: str) -> str:
    """``p``'s word: asked if legal gives a choice, else the one word allowed."""
    v = view.variant
    allowed = legal.words_allowed(v, shape, dealt, words, p)
    if len(allowed) == 1:
        return allowed[0]
    return _ask(p, allowed, why=lambda answer: legal.verify_word(v, shape, dealt, words, p,
                                                                 answer))


def _flush(hand_size: int, playing: list[str]) -> list[str]:
    """Who declared a flush (blank: nobody), and for five cards which kind."""
    who = _ask("Flush declared by (blank if none)", (*playing, ""), default="",
               why=lambda a: None if a in ("", *(p.lower() for p in playing)) else "")
    if not who:
        return []
    if hand_size == 3:
        return [f"{who}:{FlushKind.FLUSH}"]
    kind = _ask(f"{who}: which flush", tuple(k for k in FlushKind if k != FlushKind.FLUSH))
    return [f"{who}:{kind}"]


def _needs_tricks(line: list[str], opts: Options, view: View) -> bool:
    """Whether the hand is played out: the engine asks for its tricks."""
    try:
        record = parse_hand(line, opts, view)
    except LooError:  # refused without tricks: ask them, the parser reports the rest
        return True
    return any(p.code == "TRICKS_SUM" for p in validate(record, view.state, view.variant))


def _tricks(view: View, playing: list[str]) -> dict[str, int]:
    """Ask each player in play for tricks until they add up to the hand."""
    v = view.variant
    while True:
        counts = {p: int(_ask(f"{p}: tricks won", tuple(str(i) for i in range(v.hand_size + 1))))
                  for p in playing}
        left = legal.tricks_left(v, counts)
        if left == 0:
            return counts
        typer.echo(f"  the tricks add up to {v.hand_size - left}, but a hand has "
                   f"{v.hand_size}: again")
