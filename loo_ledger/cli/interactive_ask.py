"""Asking one question at the table: the choices shown, answers by unique prefix in any
case, a wrong answer asked again with the reason; and an answer kept from before.

:class:`Asker` keeps the answers by question (``"word:Ann"``, ``"tricks:Ann"``...), so when
the table changes one answer at the preview the walk through the questions asks only that
one again (and any the change made impossible), keeping the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import typer

from loo_ledger.cli.names import candidates

Why = Callable[[str], str | None]


def pick(typed: str, choices: Sequence[str]) -> str | None:
    """The one choice ``typed`` names, whole or by unique prefix, any case (cli/names.py's
    matcher); blank names the blank choice if there is one; else None.

    >>> pick("De", ("stand", "miss", "defend")), pick("s", ("stand", "miss")), pick("", ("a",))
    ('defend', 'stand', None)
    """
    if not typed.strip():
        return "" if "" in choices else None
    found = candidates(typed, [c for c in choices if c])
    return found[0] if len(found) == 1 else None


def ask(question: str, choices: Sequence[str], *, default: str | None = None,
        why: Why | None = None, hint: str | None = None) -> str:
    """Ask until the answer names one of ``choices`` (or ``why(answer)`` is None: an answer
    the rules accept that is not shown, e.g. Lou's ``pass`` for ``fold``); say why a wrong
    answer is wrong."""
    shown = [c for c in choices if c]
    if hint is None:
        hint = f" [{'/'.join(shown)}]" if shown else ""
    while True:
        enter = f" (Enter: {default})" if default else ""
        typed = str(typer.prompt(question + hint + enter, default=default, show_default=False))
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
                   f"  '{text}' is not possible here; answer {' or '.join(shown)}")


@dataclass(frozen=True)
class Asked:
    """A question put to the table (not one whose answer was forced), and its answer."""

    key: str
    label: str
    answer: str


@dataclass
class Asker:
    """Puts questions, or keeps an answer given before if it is still possible."""

    answers: dict[str, str] = field(default_factory=dict)
    asked: list[Asked] = field(default_factory=list)
    said: set[str] = field(default_factory=set)

    def say(self, text: str) -> None:
        """Tell the table something once (a walk after a change does not repeat it)."""
        if text not in self.said:
            self.said.add(text)
            typer.echo(text)

    def choose(self, key: str, label: str, question: str, choices: Sequence[str], *,
               default: str | None = None, why: Why | None = None, listed: bool = True) -> str:
        """``key``'s answer: the one given before if it is still one of ``choices`` (or
        ``why`` accepts it), else asked; ``listed``: offered for change at the preview."""
        kept = self.answers.get(key)
        if len(choices) == 1:  # nothing to ask
            return choices[0]
        if kept is None or not (kept in choices or (why is not None and why(kept) is None)):
            kept = ask(question, choices, default=default, why=why)
            self.answers[key] = kept
        if listed:
            self.asked.append(Asked(key=key, label=label, answer=kept))
        return kept

    def text(self, key: str, question: str, why: Why) -> str:
        """A free-text answer, asked until ``why`` accepts it (not listed on its own)."""
        kept = self.answers.get(key)
        while kept is None or why(kept) is not None:
            if kept is not None:
                typer.echo(f"  {why(kept)}")
            kept = str(typer.prompt(question)).strip()
        self.answers[key] = kept
        return kept

    def listed(self, key: str, label: str, answer: str) -> None:
        """Offer ``key`` for change at the preview, shown as ``answer``."""
        self.asked.append(Asked(key=key, label=label, answer=answer))

    def forget(self, key: str) -> None:
        """Ask ``key`` again on the next walk (and every answer that hangs on it)."""
        for k in [k for k in self.answers if k == key or k.startswith(key + "/")]:
            del self.answers[k]
