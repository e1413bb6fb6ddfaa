"""``loo table``: the scorer's screen (Textual).

The scoreboard (services/snapshot.py, the same figures ``loo serve`` shows: each seated
player from the next dealer's left, net, money, the last hand's change, looed or burned,
sitting out), the pool, the ante due, who deals next and simple or double, the last
hand's lines as ``loo hand`` prints them, the hands so far as ``loo hands`` lists them,
and a running-net chart (``g``).

Keys: ``n`` a new hand (cli/interactive_walk.py's questions, one key an answer; see
tui/form.py), ``u`` undo the last hand (confirmed), ``a`` amend the selected hand (the
form filled in), ``e`` explain it, ``j`` a player joins, ``l`` one leaves, ``q`` quit.
With ``view_only`` (``--view``) only the reading keys are bound. Every write goes through
services/table.py's one writer with the hand number expected. A hand recorded by
another process shows within a second: the ledger's ``data_version`` is polled every
half second (services/snapshot.change_mark). Colour never carries meaning alone: every
change has its sign, and looed, burned, sitting out and deals next are words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import DataTable, Static

from loo_ledger.domain.rules.model import HandRecord as Record
from loo_ledger.errors import LooError
from loo_ledger.formats.handcodec import record_from_dict
from loo_ledger.services.pool import stored_variant
from loo_ledger.services.reports.cells import hand_cell
from loo_ledger.services.snapshot import (
    LastHand,
    PlayerLine,
    TableSnapshot,
    change_mark,
    snapshot,
)
from loo_ledger.store.ledger import Ledger
from loo_ledger.tui.figures import signed
from loo_ledger.tui.footer import KeysFooter

if TYPE_CHECKING:
    from loo_ledger.domain import HandRecord, Settlement
    from loo_ledger.store.rows import HandRow

#: How often the ledger is asked whether another process wrote to it (seconds).
POLL = 0.5
#: The hands listed at first: the latest ones (``h`` lists them all).
SHOWN = 50
#: The name the hand form's screen is kept under (built once, started again each hand).
HAND_SCREEN = "hand"

CSS = """
Screen { layout: vertical; }
#title { height: 1; text-style: bold; }
#status { height: auto; }
#top { height: auto; max-height: 12; }
#board { width: 1fr; height: auto; max-height: 12; }
#last { width: 1fr; height: auto; padding: 0 1; }
#hands { height: 1fr; min-height: 4; }
#chart { height: 1fr; display: none; }
#message { height: auto; }
#big { height: 1fr; }
.big-row { height: 3; }
.big-name { width: 24; height: 3; content-align: left middle; }
.big-digits { width: auto; }
#hand-body { height: 1fr; }
#hand-question { margin-top: 1; text-style: bold; }
#hand-problem { margin-top: 1; }
#confirm { padding: 1 2; border: heavy $accent; width: 60; height: auto; }
"""


def player_words(p: PlayerLine, lou: bool) -> str:
    """What the board says of a player besides figures: in words, never by colour alone."""
    words = []
    if p.deals_next:
        words.append("deals next")
    if p.looed:
        words.append("burned" if lou else "looed")
    if not p.present:
        words.append("sitting out")
    elif p.sits_out:
        words.append("sits out the next deal")
    return ", ".join(words)


def plain(*cells: object) -> tuple[Text, ...]:
    """Cells for a DataTable as the text they are: a name such as ``[b]x`` is that name,
    not markup (the table would read a string as markup, and parse each one)."""
    return tuple(Text(str(c)) for c in cells)


def status_line(b: TableSnapshot) -> str:
    """``Pool 11, double pool next. Next: Eve deals hand 11; antes Eve 9.``"""
    pool = b.pool_word.capitalize()
    kind = ""
    if b.lou:
        kind = " (first deal)" if b.lou_first else " (a later deal)"
    elif b.pool_kind:
        kind = f" ({b.pool_kind} pool next)"
    money = f" = {b.pool_money_text}" if b.pool_money_text else ""
    antes = ", ".join(f"{a.player} {a.amount}" for a in b.antes) or "none"
    closed = "  CLOSED" if b.closed else ""
    return (f"{pool} {b.pool}{money}{kind}. Next: {b.next_dealer} deals hand {b.next_hand}; "
            f"antes due: {antes}.{closed}")


class TableApp(App[None]):
    """The table of session ``sid`` of ``ledger``: ``big`` large figures for a shared
    screen, ``view_only`` no entry."""

    CSS = CSS
    TITLE = "loo table"
    BINDINGS = [Binding("q", "quit", "Quit"), Binding("ctrl+c", "quit", "Quit", show=False,
                                                      priority=True)]
    #: The hands table's keys (not in the big view, which has no hands table).
    READ = [Binding("g", "chart", "Chart"), Binding("e", "explain", "Explain"),
            Binding("h", "all_hands", "All hands")]
    ENTRY = [Binding("n", "hand", "New hand"), Binding("u", "undo", "Undo"),
             Binding("a", "amend", "Amend"), Binding("j", "join", "Join"),
             Binding("l", "leave", "Leave")]
    #: The actions of those keys.
    BOARD_ACTIONS = frozenset(b.action for b in READ + ENTRY)

    def __init__(self, ledger: Ledger, sid: int, *, big: bool = False,
                 view_only: bool = False) -> None:
        super().__init__()
        self.ledger, self.sid, self.big, self.view_only = ledger, sid, big, view_only
        self.mark = change_mark(ledger)
        self.board: TableSnapshot | None = None
        self.last_hand = LastHand(sid)
        self.last: Settlement | None = None
        self.hand_rows: list[HandRow] = []
        self.every_hand = False
        keys = ([] if big else self.READ) + ([] if view_only else self.ENTRY)
        for b in keys:
            self.bind(b.key, b.action, description=b.description)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The board's keys (:attr:`READ`, :attr:`ENTRY`) work on the board alone: over a
        hand being entered, a question or a page they are not answers, and do nothing
        (Textual's documented way to disable a binding). Quitting works everywhere."""
        return not (len(self.screen_stack) > 1 and action in self.BOARD_ACTIONS)

    # -- what is shown ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="title", markup=False)
        yield Static("", id="status", markup=False)
        if self.big:
            yield VerticalScroll(id="big")
        else:
            with Horizontal(id="top"):
                yield DataTable(id="board", cursor_type="none", zebra_stripes=False)
                yield Static("", id="last", markup=False)
            yield DataTable(id="hands", cursor_type="row")
            yield Static("", id="chart", markup=False)
        yield Static("", id="message", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.reload(first=True)
        self.set_interval(POLL, self.poll)

    def poll(self) -> None:
        """Another process wrote to the ledger: show the table as it now is."""
        try:
            mark = change_mark(self.ledger)
        except LooError as exc:
            self.say(f"Error: {exc}")
            return
        if mark != self.mark:
            self.mark = mark
            self.reload()

    def reload(self, settled: Settlement | None = None, *, first: bool = False) -> None:
        """Read the table again; ``settled``: the last hand, if this screen has just
        recorded it (else it is settled again in a thread, shown when ready). ``first``:
        the first frame's reading, without the money (Babel's locale data take tens of
        milliseconds to load): it is written once that frame is on the screen."""
        try:
            self.board = board = snapshot(self.ledger, self.sid, money=not first)
            count = board.next_hand - 1
            start = 1 if self.every_hand else max(1, count - SHOWN + 1)
            self.hand_rows = [] if self.big else list(self.ledger.iter_hands(self.sid, start))
        except LooError as exc:
            self.say(f"Error: {exc}")
            return
        lou = board.lou
        self.query_one("#title", Static).update(
            f"{board.name} — {board.variant} (session {board.session_id}, {board.units})")
        self.query_one("#status", Static).update(status_line(board))
        if self.big:
            self.show_big(board, lou)
            return
        self.show_board(board, lou)
        if first and board.unit_value is not None:
            self.call_after_refresh(self.show_money)
        self.show_hands(board, lou)
        if self.query_one("#chart", Static).display:
            self.show_chart()
        if board.last_hand is None:
            self.last = None
            self.show_last()
        elif settled is not None and settled.hand_no == board.last_hand:
            self.last = settled
            self.last_hand.keep(settled)
            self.show_last()
        else:
            if self.last is None or self.last.hand_no != board.last_hand:
                self.query_one("#last", Static).update(f"Hand {board.last_hand}: ...")
            hand = board.last_hand  # settled once the screen is drawn, not before
            self.call_after_refresh(lambda: self.settle_last(hand))

    def show_money(self) -> None:
        """The board again, with each player's money (the first frame shows the chips)."""
        try:
            self.board = board = snapshot(self.ledger, self.sid)
        except LooError as exc:
            self.say(f"Error: {exc}")
            return
        self.query_one("#status", Static).update(status_line(board))
        if not self.big:
            self.show_board(board, board.lou)

    @work(thread=True, exclusive=True, group="last")
    def settle_last(self, hand: int) -> None:
        """The last hand in the engine's words (services/snapshot.LastHand: the session
        settled again the first time, then each hand added alone), on a connection of its
        own, away from the keys."""
        path = self.ledger.db.path
        if path is None:
            return
        ledger = Ledger.open(path)
        try:
            settled: Settlement | None = self.last_hand.settled(ledger)
            problem = None
        except LooError as exc:
            settled, problem = None, str(exc)
        finally:
            ledger.close()
        # what a hand's preview and its recording need (the engine, the one writer), loaded
        # here, away from the keys, rather than by the key that brings the preview
        import loo_ledger.domain.settlement.engine  # noqa: PLC0415, F401 (after `loo table`'s first frame)
        import loo_ledger.store.writer  # noqa: PLC0415, F401 (after `loo table`'s first frame)
        self.call_from_thread(self.got_last, hand, settled, problem)

    def got_last(self, hand: int, settled: Settlement | None, problem: str | None) -> None:
        if problem is not None:
            self.say(f"Error: {problem}")
        if self.board is None or self.board.last_hand != hand or settled is None \
                or settled.hand_no != hand:
            return
        self.last = settled
        self.show_last()

    def show_last(self) -> None:
        """The last hand's lines as ``loo hand`` prints them (nothing once the screen is
        gone: a thread's answer may come as the app closes)."""
        found = self.query("#last")
        if not found:
            return
        lines = ["No hand yet."]
        if self.last is not None and self.board is not None:
            from loo_ledger.cli.show import settlement_lines  # noqa: PLC0415 (hand words: after `loo table`'s first frame)
            v = stored_variant(self.ledger, self.sid)
            lines = settlement_lines(self.last, v=v, present=[
                p.name for p in self.board.players if p.present])
        found.first(Static).update("\n".join(lines))

    def show_board(self, board: TableSnapshot, lou: bool) -> None:
        table = self.query_one("#board", DataTable)
        table.clear(columns=True)
        money = board.unit_value is not None  # "..." until the money is read
        table.add_columns(*plain("player", "net", *(["money"] if money else []), "last", ""))
        for p in board.players:
            last = "-" if p.last is None else signed(p.last)
            table.add_row(*plain(p.name, signed(p.net),
                                 *([p.money_text or "..."] if money else []), last,
                                 player_words(p, lou)))

    def show_hands(self, board: TableSnapshot, lou: bool) -> None:
        table = self.query_one("#hands", DataTable)
        table.clear(columns=True)
        seats = list(self.ledger.session(self.sid)["players"])
        pool = "pot" if lou else "pool"
        table.add_columns(*plain("#", "dealer", pool, *seats, "after"))
        table.add_rows(
            plain(f"{r['number']}{'*' if r['table_ruling'] else ''}", r["dealer"],
                  f"{r['pot']}{' D' if r['double'] and board.marks else ''}",
                  *(hand_cell(r["record"], p, r["deltas"], lou=lou) for p in seats),
                  r["pool_after"])
            for r in self.hand_rows)
        if self.hand_rows:
            table.move_cursor(row=len(self.hand_rows) - 1)
        first = self.hand_rows[0]["number"] if self.hand_rows else 1
        if first > 1:
            self.say(f"Listing hands {first} to {board.next_hand - 1} (h: every hand).")

    def show_big(self, board: TableSnapshot, lou: bool) -> None:
        from textual.widgets import Digits  # noqa: PLC0415 (the big view's alone: not the first frame)
        box = self.query_one("#big", VerticalScroll)
        box.remove_children()
        rows = []
        for p in board.players:
            words = player_words(p, lou)
            last = "" if p.last is None else f"last {signed(p.last)}"
            label = "\n".join(x for x in (p.name, last, words) if x)
            rows.append(Horizontal(Static(label, classes="big-name", markup=False),
                                   Digits(signed(p.net), classes="big-digits"),
                                   classes="big-row"))
        rows.append(Horizontal(Static("pot" if lou else "pool", classes="big-name"),
                               Digits(str(board.pool), classes="big-digits"),
                               classes="big-row"))
        box.mount_all(rows)

    def show_chart(self) -> None:
        from loo_ledger.services.reports import series, textchart  # noqa: PLC0415 (the chart: after `loo table`'s first frame)
        from loo_ledger.services.reports.evening import Evening  # noqa: PLC0415 (the chart: after `loo table`'s first frame)
        ev = Evening.load(self.ledger, self.sid)
        chart = self.query_one("#chart", Static)
        if not ev.hands:
            chart.update("No hands yet: no chart.")
            return
        width = max(40, self.size.width - 2)
        height = max(6, self.size.height - 14)
        xs, nets = series.bounded(ev)[:2]  # at most series.MAX_POINTS points, any session
        chart.update(textchart.chart(xs, nets, width=width, height=height))

    def say(self, text: str) -> None:
        """A line of news or an error, in words, at the foot of the scoreboard."""
        found = self.query("#message")
        if found:
            found.first(Static).update(text)

    # -- what the keys do ---------------------------------------------------------------

    def selected(self) -> HandRow | None:
        """The hand of the row selected in the hands table (None: none)."""
        if self.big or not self.hand_rows:
            return None
        row = self.query_one("#hands", DataTable).cursor_row
        if not 0 <= row < len(self.hand_rows):
            return None
        return self.hand_rows[row]

    def action_all_hands(self) -> None:
        self.every_hand = True
        self.reload()

    def action_chart(self) -> None:
        if self.big:
            return
        chart, hands = self.query_one("#chart", Static), self.query_one("#hands", DataTable)
        chart.display, hands.display = not chart.display, chart.display
        if chart.display:
            self.show_chart()

    def action_explain(self) -> None:
        h = self.selected()
        if h is None:
            self.say("No hand selected to explain.")
            return
        n = h["number"]
        from loo_ledger.services.explain import explain_rows  # noqa: PLC0415 (explain: after `loo table`'s first frame)
        try:
            postings = self.ledger.postings(self.sid, n)
            rows = explain_rows(list(map(dict, postings)), stored_variant(self.ledger, self.sid, n))
        except LooError as exc:
            self.say(f"Error: {exc}")
            return
        lines = [f"Hand {n}: {h['dealer']} dealt; {h['pool_in']} carried in, {h['pot']} in "
                 f"play, {h['pool_after']} carried on."]
        for r in rows:
            who = f"{r['from']} -> {r['to']}" if r["from"] != r["to"] else \
                f"stays in the {r['to']}"
            cited = f" — {r['cited']}" if r["cited"] else ""
            lines.append(f"  {r['amount']:>6}  {who}: {r['reason']}{cited}")
        from loo_ledger.tui.screens import Pages  # noqa: PLC0415 (screens: after `loo table`'s first frame)
        self.push_screen(Pages(lines))

    def _hand_screen(self, title: Any, form_of: Any, preview: Any, commit: Any) -> None:
        def done(result: Settlement | None) -> None:
            if result is None:
                self.say("Nothing written.")
                self.poll()  # another terminal may have written meanwhile: shown at once
                return
            self.mark = change_mark(self.ledger)
            self.reload(result)
            self.say(f"Hand {result.hand_no} recorded.")
        try:
            form = form_of()
        except LooError as exc:
            self.say(f"Error: {exc}")
            return
        from loo_ledger.tui.screens import HandScreen  # noqa: PLC0415 (screens: after `loo table`'s first frame)
        if self.is_screen_installed(HAND_SCREEN):
            screen = self.get_screen(HAND_SCREEN)
            assert isinstance(screen, HandScreen)
            screen.start(title, form, preview=preview, commit=commit, restart=form_of)
        else:  # the first hand: the form's screen built, and kept for the next ones
            screen = HandScreen(title, form, preview=preview, commit=commit, restart=form_of)
            self.install_screen(screen, HAND_SCREEN)
        self.push_screen(screen, done)

    def action_hand(self) -> None:
        from loo_ledger.cli.interactive_walk import header  # noqa: PLC0415 (hand entry: after `loo table`'s first frame)
        from loo_ledger.cli.show import settlement_lines  # noqa: PLC0415 (hand words: after `loo table`'s first frame)
        from loo_ledger.services.table import record, table_view  # noqa: PLC0415 (the engine: after `loo table`'s first frame)
        from loo_ledger.tui.form import HandForm  # noqa: PLC0415 (the form: after `loo table`'s first frame)
        views: list[Any] = []   # [the table the form is entered against, its change mark]

        def form_of() -> HandForm:
            views[:] = [table_view(self.ledger, self.sid), change_mark(self.ledger)]
            return HandForm(views[0])

        def preview(rec: HandRecord) -> tuple[list[str], dict[str, int]]:
            """The hand settled by the one engine against the table the form was opened on,
            reading nothing; if another process has written since, by a dry run of the one
            writer (TableChanged if the hand has been recorded or undone meanwhile)."""
            view, mark = views
            if change_mark(self.ledger) == mark:
                from loo_ledger.domain.settlement.engine import settle  # noqa: PLC0415 (the engine: after `loo table`'s first frame)
                s = settle(rec, view.state, view.variant)
            else:
                s = record(self.ledger, self.sid, rec, expect_hand=view.hand_no, dry_run=True)
            return (settlement_lines(s, v=view.variant, present=view.present),
                    {**s.deltas, **s.rules_deltas})

        def commit(rec: HandRecord) -> Settlement:
            return record(self.ledger, self.sid, rec, expect_hand=views[0].hand_no)

        from loo_ledger.cli.options import Options  # noqa: PLC0415 (hand options: after `loo table`'s first frame)
        self._hand_screen(lambda form: header(form.view, Options()), form_of, preview, commit)

    def action_amend(self) -> None:
        h = self.selected()
        if h is None:
            self.say("No hand selected to amend.")
            return
        n = h["number"]
        from loo_ledger.services.table import amend_record, view_before  # noqa: PLC0415 (the engine: after `loo table`'s first frame)
        from loo_ledger.tui.form import HandForm, answers_from, forfeits_from  # noqa: PLC0415 (the form: after `loo table`'s first frame)
        old = _record(h["record"])

        from loo_ledger.cli.options import Options  # noqa: PLC0415 (hand options: after `loo table`'s first frame)
        kept = Options(penalties=forfeits_from(old))
        if old.table_ruling:
            kept = Options(penalties=kept.penalties, table_ruling=old.table_ruling,
                           paid=[f"{p}={d}" for p, d in (old.deltas or {}).items()])

        def form_of() -> HandForm:
            return HandForm(view_before(self.ledger, self.sid, n), kept,
                            answers=answers_from(old), kept_cards=old.cards)

        def preview(rec: Record) -> tuple[list[str], dict[str, int]]:
            done = amend_record(self.ledger, self.sid, n, rec, dry_run=True)
            s = done.settlements[n - 1]
            later = len(done.settlements) - n
            return ([f"Hand {n} amended: {h['dealer']} dealt; {s.pot} in play.",
                     *(f"  {p}: {signed(d)}" for p, d in s.deltas.items()),
                     *([f"  recorded by table ruling: {s.table_ruling}"]
                       if s.table_ruling else []),
                     f"{later} later hand{'s' if later != 1 else ''} settled again; pool "
                     f"then {done.final.pool}."], {**s.deltas, **s.rules_deltas})

        def commit(rec: Record) -> Settlement:
            return amend_record(self.ledger, self.sid, n, rec).settlements[n - 1]

        self._hand_screen(lambda form: f"Amending hand {n} (the form filled in as recorded; "
                          "backspace changes an answer)", form_of, preview, commit)

    def action_undo(self) -> None:
        hands = self.hand_rows or self.ledger.hands(self.sid)
        if not hands:
            self.say("No hand to undo.")
            return
        last = hands[-1]
        n = int(last["number"])

        def answered(yes: bool | None) -> None:
            if not yes:
                self.say("Nothing undone.")
                return
            from loo_ledger.services.table import undo  # noqa: PLC0415 (the engine: after `loo table`'s first frame)
            try:
                undo(self.ledger, self.sid, expect_last=n)
            except LooError as exc:
                self.say(f"Not undone: {exc}")
                self.reload()
                return
            self.mark = change_mark(self.ledger)
            self.reload()
            self.say(f"Hand {n} removed (kept in the audit trail).")
        from loo_ledger.tui.screens import Confirm  # noqa: PLC0415 (screens: after `loo table`'s first frame)
        self.push_screen(Confirm(f"Remove hand {n} (dealt by {last['dealer']})?"), answered)

    def action_join(self) -> None:
        def named(name: str | None) -> None:
            if not name:
                self.say("Nobody joined.")
                return
            from loo_ledger.services.table import seat_add  # noqa: PLC0415 (the engine: after `loo table`'s first frame)
            self._seat(lambda: seat_add(self.ledger, self.sid, name, None))
        from loo_ledger.tui.screens import AskText  # noqa: PLC0415 (screens: after `loo table`'s first frame)
        self.push_screen(AskText("Who joins the table? (a new name, or one who left)"),
                         named)

    def action_leave(self) -> None:
        if self.board is None:
            return
        present = [p.name for p in self.board.players if p.present]

        def chosen(name: str | None) -> None:
            if not name:
                self.say("Nobody left.")
                return
            from loo_ledger.services.table import seat_leave  # noqa: PLC0415 (the engine: after `loo table`'s first frame)
            self._seat(lambda: seat_leave(self.ledger, self.sid, name))
        from loo_ledger.tui.screens import Choose  # noqa: PLC0415 (screens: after `loo table`'s first frame)
        self.push_screen(Choose("Who leaves the table?", present), chosen)

    def _seat(self, change: Any) -> None:
        try:
            said = change()
        except LooError as exc:
            self.say(f"Error: {exc}")
            return
        self.mark = change_mark(self.ledger)
        self.reload()
        self.say(str(said))


def _record(stored: dict[str, Any]) -> HandRecord:
    """A stored hand's record as the engine reads it."""
    return record_from_dict(stored)
