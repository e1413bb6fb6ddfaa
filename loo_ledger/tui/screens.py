"""The screens ``loo table`` opens over the scoreboard: a hand being entered (or amended),
a yes/no question, a hand explained, a name typed, a player chosen.

Nothing is written until the table presses ``y`` at a preview or a confirmation; Escape,
Ctrl-C or quitting anywhere before that leaves the ledger as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import Key
from textual.markup import escape
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from loo_ledger.domain import HandRecord, Settlement
from loo_ledger.errors import LooError
from loo_ledger.tui.figures import signed
from loo_ledger.tui.footer import KeysFooter
from loo_ledger.tui.form import HandForm, Question, key_map, refusal


def choice_links(keys: dict[str, str], default: str | None) -> str:
    """``[s] stand  [p] pass  (Enter: pass)``: each choice with its key, in words, as
    Textual markup: each choice a link the mouse can click (``screen.pick(key)``); every
    word from the ledger escaped (a player called ``[b]`` is a name)."""
    shown = "  ".join(f"[@click=screen.pick({k!r})]\\[{escape(k)}] {escape(c or 'none')}[/]"
                      for k, c in keys.items())
    return shown + (escape(f"   (Enter: {default or 'none'})") if default is not None else "")


class HandScreen(Screen[Settlement | None]):
    """One hand: each question with its keys, then the preview, then record. ``preview``
    settles the record without writing (the lines to show); ``commit`` writes it and
    returns its settlement, or raises LooError (TableChanged: start again, with
    ``restart`` giving a fresh form).

    The app makes one and keeps it (installed): each hand after the first starts it
    again (:meth:`start`) with its own form, rather than building, styling and laying out
    a new screen and its footer (about a sixth of the CPU of entering a hand)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel (nothing written)"),
                Binding("backspace", "back", "Back", show=True, priority=True)]

    def __init__(self, title: Callable[[HandForm], str], form: HandForm, *,
                 preview: Callable[[HandRecord], tuple[list[str], dict[str, int]]],
                 commit: Callable[[HandRecord], Settlement],
                 restart: Callable[[], HandForm]) -> None:
        super().__init__()
        self.reset(title, form, preview=preview, commit=commit, restart=restart)

    def reset(self, title: Callable[[HandForm], str], form: HandForm, *,
              preview: Callable[[HandRecord], tuple[list[str], dict[str, int]]],
              commit: Callable[[HandRecord], Settlement],
              restart: Callable[[], HandForm]) -> None:
        """A new hand's form, callbacks and answers, nothing of the last hand kept."""
        self.title_of, self.form = title, form
        self.preview_of, self.commit, self.restart = preview, commit, restart
        self.question: Question | None = None
        self.record: HandRecord | None = None
        self.keys: dict[str, str] = {}
        self.problem: str | None = None
        #: A table ruling being entered at the preview: its reason, then each dealt
        #: player's figure (``figures``: the rules' figures, asked in turn).
        self.ruling: dict[str, Any] | None = None
        self.figures: dict[str, int] = {}
        #: The forfeits before play still possible at the preview (kind -> who).
        self.forfeits: dict[str, tuple[str, ...]] = {}

    def start(self, title: Callable[[HandForm], str], form: HandForm, *,
              preview: Callable[[HandRecord], tuple[list[str], dict[str, int]]],
              commit: Callable[[HandRecord], Settlement],
              restart: Callable[[], HandForm]) -> None:
        """This screen, already built, made ready for another hand (before it is pushed
        again): what :meth:`compose` and :meth:`on_mount` do for the first."""
        self.reset(title, form, preview=preview, commit=commit, restart=restart)
        self.query_one("#hand-title", Static).update(self.title_of(self.form))
        self.query_one("#hand-text", Input).value = ""
        self.query_one("#hand-body", VerticalScroll).scroll_home(animate=False)
        self.walk()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="hand-body"):
            yield Static(self.title_of(self.form), id="hand-title", markup=False)
            yield Static("", id="hand-answers", markup=False)
            yield Static("", id="hand-question")  # markup: the choices are links
            yield Static("", id="hand-problem", markup=False)
        yield Input(id="hand-text", placeholder="type, then Enter")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.walk()

    def walk(self) -> None:
        """Walk the questions again and show the next one, or the preview."""
        try:
            step = self.form.step()
        except LooError as exc:
            self.question, self.record, self.keys = None, None, {}
            self.show("\n".join(refusal(exc)) + "\n[backspace] change an answer  "
                      "[escape] cancel", problem=True)
            return
        text = self.query_one("#hand-text", Input)
        if isinstance(step, Question):
            self.question, self.record = step, None
            self.keys = {} if step.free else key_map(step.choices)
            text.display = step.free
            if step.free:
                text.value = ""
                text.focus()
            links = "" if step.free else "\n" + choice_links(self.keys, step.default)
            self.show(step.prompt, problem=False, refused=step.problem, links=links)
            return
        self.question, self.record, self.keys = None, step, {}
        text.display = False
        try:
            lines, self.figures = self.preview_of(step)
        except LooError as exc:
            self.record = None
            self.show("This hand cannot be recorded as it stands:\n  " +
                      "\n  ".join(refusal(exc)) + "\n[backspace] change an answer  "
                      "[escape] cancel", problem=True)
            return
        self.forfeits = self.form.forfeits(step)
        forfeit = "  [f] a forfeit before play" if self.forfeits else ""
        self.show("\n".join(lines) + f"\n\n[y] record it  [t] a table ruling{forfeit}  "
                  "[backspace] change an answer  [escape] cancel (nothing written)",
                  problem=False)

    def show(self, text: str, *, problem: bool, refused: str | None = None,
             links: str = "") -> None:
        """``text`` asked (``links``: its choices, as markup), what was answered so far,
        and why the last answer was refused."""
        said = [f"  {label}: {answer}" for label, answer in self.form.listed]
        notes = [f"  {n}" for n in self.form.notes]
        self.put("#hand-answers", "\n".join(said + notes))
        self.put("#hand-question", escape(text) + links)
        self.problem = refused if refused else (text if problem else None)
        self.put("#hand-problem", f"Not possible: {refused}" if refused else "")

    def put(self, selector: str, text: str) -> None:
        """``text`` in the Static ``selector``, unless it shows it already (a key redraws
        only what it changed)."""
        shown = self.query_one(selector, Static)
        if shown.content != text:
            shown.update(text)

    def on_key(self, event: Key) -> None:
        if self.question is not None and self.question.free:
            return  # the Input takes the keys
        key = event.key
        if self.record is not None and key == "y":
            event.stop()
            self.save(self.record)
        elif self.record is not None and key == "f" and self.forfeits:
            event.stop()
            self.ask_forfeit()
        elif self.record is not None and key == "t":
            event.stop()
            self.ruling = {"why": None, "paid": {}}
            self.ask_ruling()
        elif self.question is not None and key in self.keys:
            event.stop()
            self.give(self.keys[key])
        elif self.question is not None and key == "enter" and self.question.default is not None:
            event.stop()
            self.give(self.question.default)

    def ask_forfeit(self) -> None:
        """A forfeit before play: its kind, then who is charged it, each offered only as
        legal allows (HandForm.forfeits; a single choice is not asked); then the hand is
        walked again with it."""
        offered = self.forfeits

        def kind_chosen(kind: str | None) -> None:
            if kind is None:
                return

            def charged(player: str | None) -> None:
                if player is not None:
                    self.form.forfeit(player, kind)
                    self.walk()
            who = list(offered[kind])
            if len(who) == 1:
                charged(who[0])
            else:
                self.app.push_screen(Choose(f"Who forfeits for a {kind}?", who), charged)

        kinds = list(offered)
        if len(kinds) == 1:
            kind_chosen(kinds[0])
        else:
            self.app.push_screen(Choose("A forfeit before play (a single stake into this "
                                        "pool): which?", kinds), kind_chosen)

    def action_pick(self, key: str) -> None:
        """A choice clicked with the mouse: as its key pressed."""
        if self.question is not None and key in self.keys:
            self.give(self.keys[key])

    def give(self, value: str) -> None:
        assert self.question is not None
        self.form.answer(self.question, value)
        self.walk()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.ruling is not None:
            event.stop()
            self.rule(event.value.strip())
            return
        if self.question is None or not self.question.free:
            return
        event.stop()
        self.give(event.value.strip())

    def ask_ruling(self) -> None:
        """The next question of a table ruling: why, then each dealt player's figure
        (Enter keeps the rules' figure; the pool takes up any difference)."""
        assert self.ruling is not None
        text = self.query_one("#hand-text", Input)
        text.display, text.value = True, ""
        text.focus()
        if self.ruling["why"] is None:
            ask = "Table ruling: why does the table rule otherwise? (Enter: no ruling)"
        else:
            p = next(p for p in self.figures if p not in self.ruling["paid"])
            ask = (f"{p}'s figure under the ruling, e.g. -9 (Enter: {signed(self.figures[p])}, "
                   "the rules')")
        self.query_one("#hand-question", Static).update(escape(ask))

    def rule(self, typed: str) -> None:
        """One answer of the table ruling; the last one walks the hand again with it."""
        assert self.ruling is not None
        problem = self.query_one("#hand-problem", Static)
        if self.ruling["why"] is None:
            if not typed:
                self.ruling = None
                self.walk()
                return
            self.ruling["why"] = typed
        else:
            p = next(p for p in self.figures if p not in self.ruling["paid"])
            if typed and not typed.lstrip("+-").isdigit():
                problem.update(f"Not possible: {typed!r} is not a whole number of chips")
                return
            self.ruling["paid"][p] = int(typed) if typed else self.figures[p]
        problem.update("")
        if len(self.ruling["paid"]) < len(self.figures):
            self.ask_ruling()
            return
        paid = [f"{p}={n}" for p, n in self.ruling["paid"].items() if n != self.figures[p]]
        self.form.opts = replace(self.form.opts, table_ruling=self.ruling["why"], paid=paid)
        self.ruling = None
        self.walk()

    def save(self, record: HandRecord) -> None:
        from loo_ledger.services.table import TableChanged  # noqa: PLC0415 (the table service: after `loo table`'s first frame)
        try:
            done = self.commit(record)
        except TableChanged as exc:
            self.form = self.restart()
            self.query_one("#hand-title", Static).update(self.title_of(self.form))
            self.app.notify(f"{exc}. The table has changed: start the hand again.",
                            title="Not recorded", severity="warning", timeout=8)
            self.walk()
            self.query_one("#hand-problem", Static).update(
                f"Not recorded: {exc}. The hand starts again against the table as it now is.")
            return
        except LooError as exc:
            self.show("Not recorded:\n  " + "\n  ".join(refusal(exc)) +
                      "\n[backspace] change an answer  [escape] cancel", problem=True)
            return
        self.dismiss(done)

    def action_back(self) -> None:
        text = self.query_one("#hand-text", Input)
        if self.ruling is not None:
            if text.value:
                text.action_delete_left()
            else:
                self.ruling = None
                self.walk()
            return
        if self.question is not None and self.question.free and text.value:
            text.action_delete_left()  # backspace edits the text being typed
            return
        self.form.back()
        self.walk()

    def action_cancel(self) -> None:
        self.dismiss(None)


class Confirm(ModalScreen[bool]):
    """A yes/no question: ``y`` yes; ``n`` or Escape no."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n", "answer(False)", "No"),
                Binding("escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.text = question

    def compose(self) -> ComposeResult:
        yield Static(f"{self.text}\n\n[y] yes   [n] no", id="confirm", markup=False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class Pages(ModalScreen[None]):
    """Lines to read (a hand explained), scrolled; Escape or q closes."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="pages"):
            yield Static("\n".join(self.lines), markup=False)
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)


class AskText(ModalScreen[str | None]):
    """A line of text (a new player's name); Escape: none."""

    BINDINGS = [Binding("escape", "close", "Cancel")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.text = question

    def compose(self) -> ComposeResult:
        yield Static(self.text, markup=False)
        yield Input(id="ask-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_close(self) -> None:
        self.dismiss(None)


class Choose(ModalScreen[str | None]):
    """One of ``choices`` by its key; Escape: none."""

    BINDINGS = [Binding("escape", "close", "Cancel")]

    def __init__(self, question: str, choices: list[str]) -> None:
        super().__init__()
        self.text, self.keys = question, key_map(choices)

    def compose(self) -> ComposeResult:
        yield Static(f"{escape(self.text)}\n{choice_links(self.keys, None)}")
        yield KeysFooter()

    def on_key(self, event: Key) -> None:
        if event.key in self.keys:
            event.stop()
            self.dismiss(self.keys[event.key])

    def action_pick(self, key: str) -> None:
        """A choice clicked with the mouse."""
        if key in self.keys:
            self.dismiss(self.keys[key])

    def action_close(self) -> None:
        self.dismiss(None)
