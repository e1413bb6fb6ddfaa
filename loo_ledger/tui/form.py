"""A hand entered at ``loo table``: the questions of ``loo hand -i``, one key an answer.

The questions are cli/interactive_walk.py's, each put to ``domain.legal`` or the engine
(who is dealt in, the words each player may say, what else this deal allows, the tricks
counted down with the last filled in, the cards a player may play): nothing is worked
out here. :class:`HandForm` walks them afresh after every answer with a
:class:`KeyAsker`, which keeps the answers given and, at the first question still
unanswered, stops the walk with :class:`Needed`, naming the question and its choices.
The screen shows that question, takes one key, and walks again. When the walk ends, the
answers have become a :class:`HandRecord` through the same parser as ``loo hand``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec
from msgspec.structs import replace

from loo_ledger.cli.interactive_ask import Asker, Why
from loo_ledger.cli.options import Options
from loo_ledger.domain import HandRecord
from loo_ledger.domain.rules.codes import PRE_PLAY
from loo_ledger.domain.rules.model import CardRecord
from loo_ledger.errors import LooError

if TYPE_CHECKING:
    from loo_ledger.tui.cards import CardEntry

__all__ = ["HandForm", "KeyAsker", "Needed", "Question", "answers_from", "forfeits_from",
           "kept_words", "key_map"]

#: Choices a question accepts beside those listed (``why`` accepts them): the first trick
#: count may be answered ``cards``, to enter the cards played instead.
_HIDDEN = ("cards",)


class Question(msgspec.Struct, frozen=True, kw_only=True):
    """What the table is asked now: ``choices`` (one key each), or free text when empty.
    ``key`` is the answer's name in the Asker; None for a free-text question known by its
    ``prompt`` alone (the cards). ``problem``: why the last text typed was refused."""

    key: str | None
    prompt: str
    choices: tuple[str, ...] = ()
    default: str | None = None
    problem: str | None = None

    @property
    def free(self) -> bool:
        return not self.choices


class Needed(Exception):
    """The walk stops here: ``question`` is not answered yet."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.prompt)
        self.question = question


class KeyAsker(Asker):
    """An Asker that never waits: an answer it does not have stops the walk (Needed).
    What the walk says goes to ``messages``; text typed for a free question waits in
    ``typed`` (by prompt) until the walk asks for it."""

    messages: list[str] = msgspec.field(default_factory=list)
    typed: dict[str, str] = msgspec.field(default_factory=dict)
    consumed: set[str] = msgspec.field(default_factory=set)

    def echo(self, text: str) -> None:
        self.messages.append(text)

    def prompt(self, question: str, **kwargs: Any) -> str:
        if question in self.typed:
            self.consumed.add(question)
            return self.typed.pop(question)
        refused = question in self.consumed and self.messages  # the walk said why
        raise Needed(Question(key=None, prompt=question, default=kwargs.get("default"),
                              problem=self.messages[-1].strip() if refused else None))

    def choose(self, key: str, label: str, question: str, choices: Sequence[str], *,
               default: str | None = None, why: Why | None = None, listed: bool = True) -> str:
        if len(choices) == 1:
            return choices[0]
        kept = self.answers.get(key)
        if kept is None or not (kept in choices or (why is not None and why(kept) is None)):
            extra = tuple(h for h in _HIDDEN if why is not None and why(h) is None
                          and h not in choices)
            raise Needed(Question(key=key, prompt=question, choices=(*choices, *extra),
                                  default=default))
        if listed:
            self.listed(key, label, kept)
        return kept

    def text(self, key: str, question: str, why: Why) -> str:
        kept = self.answers.get(key)
        if kept is None or why(kept) is not None:
            raise Needed(Question(key=key, prompt=question,
                                  problem=None if kept is None else why(kept)))
        return kept


def key_map(choices: Sequence[str]) -> dict[str, str]:
    """One key for each choice: a number its own digit, a word its first letter not yet
    taken (then any of its letters, then a digit), the blank choice ``n`` (none).

    >>> key_map(["stand", "pass", "miss", "defend"])
    {'s': 'stand', 'p': 'pass', 'm': 'miss', 'd': 'defend'}
    >>> key_map(["flush", "exchange", "revoke", "note", "none"])
    {'f': 'flush', 'e': 'exchange', 'r': 'revoke', 'n': 'note', 'o': 'none'}
    >>> key_map(["0", "1", "2", "3", "cards"])
    {'0': '0', '1': '1', '2': '2', '3': '3', 'c': 'cards'}
    """
    out: dict[str, str] = {}
    for c in choices:
        if c.isdigit() and len(c) == 1 and c not in out:
            out[c] = c
    for c in choices:
        if c in out.values():
            continue
        letters = [ch for ch in (c.lower() or "n") if ch.isalnum() and ch not in out]
        spare = [d for d in "123456789" if d not in out]
        key = letters[0] if letters else spare[0]
        out[key] = c
    return out


#: What :class:`Answered` says of a forfeit charged at the preview (its prompt: NAME=KIND).
_FORFEIT = "forfeit"
#: ... of a card (or a hand in play) entered, and of "cards" answered to the first count.
_CARD, _CARDS = "card", "cards"


class Answered(msgspec.Struct, frozen=True):
    """One answer given at the screen, to take back with backspace."""

    key: str | None
    prompt: str


class HandForm:
    """The hand being entered: the view it is entered against, the answers so far, and
    the next question or the finished record (:meth:`step`)."""

    def __init__(self, view: Any, opts: Options | None = None,
                 answers: Mapping[str, str] | None = None, *,
                 kept_cards: CardRecord | None = None) -> None:
        self.view = view
        self.opts = opts or Options()
        self.asker = KeyAsker(answers=dict(answers or {}))
        #: An amend's cards as recorded (None: none): kept whole in the record, and given
        #: to the walk as ``--cards``/``--turned``, so the trick counts come from them and
        #: an answer they contradict is refused (``loo hand``'s parser and the judge).
        self.kept_cards = kept_cards
        if kept_cards is not None:
            self.opts = replace(self.opts, cards=[" ".join(t) for t in kept_cards.tricks],
                                turned=kept_cards.trump_card or kept_cards.turned)
        self.given: list[Answered] = []
        #: The cards being entered one key each (the first trick count answered
        #: ``cards``), and whether they are all in (then they are in ``opts``).
        self.cards: CardEntry | None = None
        self.cards_done = False

    def step(self) -> Question | HandRecord:
        """Walk the questions with the answers given: the first one unanswered, or the
        record (LooError, in words, when the answers cannot make one)."""
        from loo_ledger.cli.interactive_walk import walk
        if self.cards is not None and not self.cards_done:
            asked = self.cards.question()
            if asked is not None:
                return asked
            self.opts = replace(self.opts, cards=self.cards.tricks_text,
                                turned=self.cards.turned_text)
            self.cards_done = True
        self.asker.messages.clear()
        self.asker.said.clear()
        self.asker.consumed.clear()
        try:
            done = walk(self.view, self.opts, self.asker)
        except Needed as need:
            return need.question
        return done if self.kept_cards is None else replace(done, cards=self.kept_cards)

    def answer(self, question: Question, value: str) -> None:
        """Give ``value`` as the answer to ``question`` (``cards`` to the first trick
        count: the cards are entered instead, one key each: tui/cards.py)."""
        from loo_ledger.tui.cards import HAND, RANK, SUIT
        if question.key in (SUIT, RANK, HAND) and self.cards is not None:
            self.cards.answer(question.key, value)
            self.given.append(Answered(_CARD, question.prompt))
            return
        if value == "cards" and (question.key or "").startswith("tricks:"):
            self.cards, self.cards_done = self._card_entry(), False
            self.given.append(Answered(_CARDS, question.prompt))
            return
        if question.key is None:
            self.asker.typed[question.prompt] = value
        else:
            self.asker.answers[question.key] = value
        self.given.append(Answered(question.key, question.prompt))

    def _card_entry(self) -> CardEntry:
        """The cards of this hand, to enter: who plays it and whether a trump is known
        come from the engine, reading the hand as answered so far (each trick count
        answered 0 for the reading: only who plays matters)."""
        from loo_ledger.domain.next.plan import analyse
        from loo_ledger.tui.cards import CardEntry
        probe = HandForm(self.view, self.opts, answers=self.asker.answers)
        step = probe.step()
        for _ in range(len(self.view.state.seats) + 1):
            if not isinstance(step, Question):
                break
            probe.answer(step, step.choices[0] if step.choices else "")
            step = probe.step()
        if isinstance(step, Question):
            raise LooError("the hand as answered cannot be played card by card")
        v, state = self.view.variant, self.view.state
        plan = analyse(step, state, v).plan(state.seats, v)
        return CardEntry(v, plan.in_play, trump=step.trump,
                         trump_known=plan.shape.trump_known, dealer=plan.dealer)

    def forfeits(self, record: HandRecord) -> dict[str, tuple[str, ...]]:
        """The forfeits before play that may still be added to ``record`` (kind -> who may
        be charged it: ``legal.forfeits_allowed`` for the players the record deals in and
        plays), less those already charged; empty where the table plays none."""
        from loo_ledger.domain.next import legal
        from loo_ledger.domain.next.plan import analyse
        v, state = self.view.variant, self.view.state
        if not legal.forfeit_kinds(v):
            return {}
        plan = analyse(record, state, v).plan(state.seats, v)
        charged = {(pen.player, str(pen.kind)) for pen in record.penalties or ()}
        out: dict[str, tuple[str, ...]] = {}
        for kind, able in legal.forfeits_allowed(v, plan.dealt, plan.in_play).items():
            who = tuple(p for p in able if (p, str(kind)) not in charged)
            if who:
                out[str(kind)] = who
        return out

    def forfeit(self, player: str, kind: str) -> None:
        """Charge ``player`` the forfeit ``kind`` before play (taken back by :meth:`back`)."""
        self.opts = replace(self.opts, penalties=[*self.opts.penalties, f"{player}={kind}"])
        self.given.append(Answered(_FORFEIT, f"{player}={kind}"))

    def back(self) -> bool:
        """Take back the last answer: a forfeit or a card, else the last question answered
        on the way to this one (answers filled in for an amend too). False: none to take
        back."""
        if self.given and self.given[-1].key == _FORFEIT:
            charged = self.given.pop().prompt
            kept = list(self.opts.penalties)
            kept.remove(charged)
            self.opts = replace(self.opts, penalties=kept)
            return True
        if self.cards is not None and self.given and self.given[-1].key in (_CARD, _CARDS):
            if self.cards_done:
                self.opts = replace(self.opts, cards=[], turned=None)
                self.cards_done = False
            if self.given.pop().key == _CARDS or not self.cards.back():
                self.cards = None
            return True
        if self.given and self.given[-1].key is None:
            self.given.pop()
            cards = [k for k in self.asker.answers if k.startswith("cards/")]
            if cards:
                del self.asker.answers[cards[-1]]
            return True
        if not self.asker.asked:
            return False
        key = self.asker.asked[-1].key
        self.asker.forget(key)
        self.given = [g for g in self.given if g.key != key]
        return True

    @property
    def notes(self) -> list[str]:
        """What the walk said on its way (forced words, tricks filled in, cards shown)."""
        said = [m.strip() for m in self.asker.messages if m.strip()]
        if self.kept_cards is not None:
            said.append(kept_words(self.kept_cards))
        return said + (self.cards.notes if self.cards is not None else [])

    @property
    def listed(self) -> list[tuple[str, str]]:
        """(label, answer) of every question answered so far, in the table's order."""
        return [(a.label, a.answer) for a in self.asker.asked if a.label]


def kept_words(cards: CardRecord) -> str:
    """An amend's cards in words: kept as recorded, and what they decide."""
    turned = cards.trump_card or cards.turned
    tricks = " | ".join(" ".join(t) for t in cards.tricks)
    shown = "; ".join(x for x in (f"{turned} turned" if turned else "", tricks) if x)
    decide = "; the trick counts come from them" if cards.tricks else ""
    return (f"the cards as recorded, kept ({shown}){decide}: to change a card, "
            "'loo amend N --cards ...'")


def forfeits_from(record: HandRecord) -> list[str]:
    """The forfeits before play of ``record`` as ``loo hand --penalty`` gives them
    (NAME=KIND): the options an amend keeps (they are not answers to the walk)."""
    return [f"{pen.player}={pen.kind}" for pen in record.penalties or ()
            if pen.kind in PRE_PLAY]


def answers_from(record: HandRecord) -> dict[str, str]:
    """The answers that enter ``record`` again (``loo table``'s amend: the form filled
    in). An answer the rules no longer allow is simply asked again."""
    out: dict[str, str] = {}
    if record.trump:
        out["trump"] = str(record.trump)
    for p, w in (record.declarations or {}).items():
        out[f"word:{p}"] = str(w)
    for p, n in (record.tricks or {}).items():
        out[f"tricks:{p}"] = str(n)
    extras: list[tuple[str, str, str]] = []
    for f in record.flushes or ():
        extras.append(("flush", f.player, str(f.kind)))
    for x, n in (record.exchanges or {}).items():
        extras.append(("exchange", x, str(n)))
    for pen in record.penalties or ():
        if str(pen.kind) == "revoke":
            extras.append(("revoke", pen.player, ""))
    if record.note:
        extras.append(("note", "", record.note))
    for i, (kind, who, value) in enumerate(extras, 1):
        out[f"more/{i}"] = kind
        if kind == "note":
            out[f"more/{i}/text"] = value
            continue
        out[f"more/{i}/who"] = who
        if kind == "flush":
            out[f"more/{i}/kind"] = value
        elif kind == "exchange":
            out[f"more/{i}/n"] = value
    out[f"more/{len(extras) + 1}"] = "none"
    return out


def refusal(exc: LooError) -> list[str]:
    """A refused hand in words: each problem on a line of its own."""
    problems = getattr(exc, "problems", None) or ()
    return [p.message for p in problems] or [str(exc)]
