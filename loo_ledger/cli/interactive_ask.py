"""Asking one question at the table: the choices shown, answers by unique prefix in any
case, a wrong answer asked again with the reason; and an answer kept from before.

:class:`Asker` keeps the answers by question (``"word:Ann"``, ``"tricks:Ann"``...), so when
the table changes one answer at the preview the walk through the questions asks only that
one again (and any the change made impossible), keeping the rest.

Everything the walk shows goes through :class:`Asker` (or :func:`ask` with its ``err``):
on standard output at a terminal, on standard error under ``--json``, where standard
output holds only the JSON result.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from contextlib import redirect_stdout
from typing import Any

import msgspec
import typer

from loo_ledger.cli.matching import candidates

Why = Callable[[str], str | None]


def pick(typed: str, choices: Sequence[str]) -> str | None:
    """The one choice ``typed`` names, whole or by unique prefix, any case (cli/matching.py's
    matcher); blank names the blank choice if there is one; else None.

    >>> pick("De", ("stand", "miss", "defend")), pick("s", ("stand", "miss")), pick("", ("a",))
    ('defend', 'stand', None)
    """
    if not typed.strip():
        return "" if "" in choices else None
    found = candidates(typed, [c for c in choices if c])
    return found[0] if len(found) == 1 else None


def prompt(question: str, *, err: bool = False, **kwargs: Any) -> str:
    """``typer.prompt``; with ``err`` all of it on standard error. (typer's prompt writes
    the question's last character, and the test runner the answer, with ``input``, to
    whatever ``sys.stdout`` is: standard error for the moment, as click's own does.)"""
    if not err:
        return str(typer.prompt(question, **kwargs))
    with redirect_stdout(sys.stderr):
        return str(typer.prompt(question, err=True, **kwargs))


def ask(question: str, choices: Sequence[str], *, default: str | None = None,
        why: Why | None = None, hint: str | None = None, err: bool = False) -> str:
    """Ask until the answer names one of ``choices`` (or ``why(answer)`` is None: an answer
    the rules accept that is not shown, e.g. Lou's ``pass`` for ``fold``); say why a wrong
    answer is wrong. ``err``: ask on standard error (``--json``)."""
    shown = [c for c in choices if c]
    if hint is None:
        hint = f" [{'/'.join(shown)}]" if shown else ""
    while True:
        enter = f" (Enter: {default})" if default else ""
        typed = prompt(question + hint + enter, default=default, show_default=False, err=err)
        chosen = pick(typed, choices)
        if chosen is not None:
            return chosen
        text = typed.strip().lower()
        reason = why(text) if why else ""
        if reason is None:
            return text
        several = [c for c in shown if text and c.lower().startswith(text)]
        if len(several) > 1:
            reason = f"it could be {' or '.join(several)}; type more of it"
        typer.echo(f"  '{text}' is not possible here: {reason}" if reason else
                   f"  '{text}' is not possible here; answer {' or '.join(shown)}", err=err)


class Asked(msgspec.Struct, frozen=True):
    """A question put to the table (not one whose answer was forced), and its answer."""

    key: str
    label: str
    answer: str


class Asker(msgspec.Struct):
    """Puts questions, or keeps an answer given before if it is still possible; ``err``:
    every question and message goes to standard error (``--json``)."""

    answers: dict[str, str] = msgspec.field(default_factory=dict)
    asked: list[Asked] = msgspec.field(default_factory=list)
    said: set[str] = msgspec.field(default_factory=set)
    err: bool = False

    def echo(self, text: str) -> None:
        """Show the table ``text`` (standard error under ``--json``)."""
        typer.echo(text, err=self.err)

    def prompt(self, question: str, **kwargs: Any) -> str:
        """:func:`prompt` on the same stream as :meth:`echo`."""
        return prompt(question, err=self.err, **kwargs)

    def ask(self, question: str, choices: Sequence[str], **kwargs: Any) -> str:
        """:func:`ask` on the same stream as :meth:`echo`."""
        return ask(question, choices, err=self.err, **kwargs)

    def say(self, text: str) -> None:
        """Tell the table something once (a walk after a change does not repeat it)."""
        if text not in self.said:
            self.said.add(text)
            self.echo(text)

    def choose(self, key: str, label: str, question: str, choices: Sequence[str], *,
               default: str | None = None, why: Why | None = None, listed: bool = True) -> str:
        """``key``'s answer: the one given before if it is still one of ``choices`` (or
        ``why`` accepts it), else asked; ``listed``: offered for change at the preview."""
        kept = self.answers.get(key)
        if len(choices) == 1:  # nothing to ask
            return choices[0]
        if kept is None or not (kept in choices or (why is not None and why(kept) is None)):
            kept = self.ask(question, choices, default=default, why=why)
            self.answers[key] = kept
        if listed:
            self.asked.append(Asked(key=key, label=label, answer=kept))
        return kept

    def text(self, key: str, question: str, why: Why) -> str:
        """A free-text answer, asked until ``why`` accepts it (not listed on its own)."""
        kept = self.answers.get(key)
        while kept is None or why(kept) is not None:
            if kept is not None:
                self.echo(f"  {why(kept)}")
            kept = self.prompt(question).strip()
        self.answers[key] = kept
        return kept

    def listed(self, key: str, label: str, answer: str) -> None:
        """Offer ``key`` for change at the preview, shown as ``answer``."""
        self.asked.append(Asked(key=key, label=label, answer=answer))

    def forget(self, key: str) -> None:
        """Ask ``key`` again on the next walk (and every answer that hangs on it)."""
        for k in [k for k in self.answers if k == key or k.startswith(key + "/")]:
            del self.answers[k]
