"""Formatting for people: rich tables. rich is imported only here and in cli/layout.py
(loaded from here when rich draws a table); money formats live in
loo_ledger.domain.rules.money.

On a terminal a table fits the window, laid out by cli/layout.py so that no name nor
figure is cut (a row per player, parts, records). Piped or redirected (``loo stats |
cat``, a file), nothing is cut with ``…`` nor folded over two lines: the table is as wide
as its content.

Piped, a table whose every character takes one cell is written by :func:`plain_text`,
character for character what rich writes (tests/test_startup_render.py compares them),
without importing rich: rich takes longer to import than a read-only command may take.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from loo_ledger.cli.visible import one_cell, visible

if TYPE_CHECKING:
    from decimal import Decimal


def money_text(amount: Decimal | None, currency: str | None) -> str:
    """``-£1.35`` (loo_ledger.domain.rules.money.money_text, imported when first needed)."""
    from loo_ledger.domain.rules.money import money_text as text
    return text(amount, currency)


def header(what: str, name: str | None, sid: int, detail: str) -> str:
    """A report's title naming the evening: ``Balances: Friday at the Crown (session 3,
    chips)``; ``Balances, session 3 (chips)`` for a session with no name."""
    if name:
        return f"{what}: {visible(name)} (session {sid}; {detail})"
    return f"{what}, session {sid} ({detail})"


def signed(n: int) -> str:
    """``+12``, ``-3``, ``0`` (loo_ledger.domain.rules.chips.signed)."""
    from loo_ledger.domain.rules.chips import signed as sign
    return sign(n)


class Table:
    """A titled table of text cells: rich's ``Table(show_edge=False, header_style="bold")``
    under a bold title, built only when rich draws it (``__rich_console__``).

    On a terminal too narrow for it, cli/layout.py lays it out otherwise, so that no name
    nor figure is cut (issue 22 item 6): ``wrap`` names the columns whose text may wrap
    between words (a title, a list), ``names`` those whose header is a name, kept whole;
    ``narrow`` makes a narrower table of the same rows (``loo hands``: a row per player),
    called only if the table does not fit;
    ``keys`` are the columns repeated in each part when the table is split into parts
    (None: never split); ``ends`` the rows that end a section (a rule drawn under them).
    """

    def __init__(self, title: str | None, columns: Sequence[str], rows: list[list[str]],
                 right: set[str], *, wrap: set[str] | None = None, names: set[str] | None = None,
                 keys: Sequence[str] | None = (), narrow: Callable[[], Table] | None = None,
                 ends: set[int] | None = None):
        self.title = title
        self.columns = [visible(c) for c in columns]
        self.rows = rows
        self.right = [c in right for c in columns]
        self.wrap = [c in (wrap or ()) for c in columns]
        self.names = [c in (names or ()) for c in columns]
        #: the indices of the key columns; () means the first column
        self.keys: list[int] | None = None if keys is None else (
            [list(columns).index(k) for k in keys] or [0])
        self.narrow = narrow
        self.ends = ends or set()

    def __rich_console__(self, console: Any, options: Any) -> Any:
        from loo_ledger.cli.layout import lay_out
        yield from lay_out(self, options.max_width)

    def plain(self) -> str | None:
        """The table as rich writes it where nothing is styled and nothing is cut (piped),
        or None if a character's width needs rich's tables (CJK, emoji, combining marks)."""
        title = visible(self.title) if self.title else ""
        texts = [title, *self.columns, *(x for row in self.rows for x in row)]
        if not one_cell().issuperset("".join(texts)):
            return None
        n = len(self.columns)
        rows = [[*row, *[""] * (n - len(row))] for row in self.rows]
        widths = [max([len(c), *(len(r[i]) for r in rows)]) for i, c in enumerate(self.columns)]

        def line(cells: Sequence[str], bar: str) -> str:
            return bar.join(f" {c.rstrip().rjust(w) if right else c.ljust(w)} " for c, w, right
                            in zip(cells, widths, self.right, strict=True))

        out = [title] if self.title else []
        out.append(line(self.columns, "┃"))
        out.append("╇".join("━" * (w + 2) for w in widths))
        out.extend(line(r, "│") for r in rows)
        return "\n".join(out) + "\n"


def table(title: str | None, columns: Sequence[str], rows: Iterable[Sequence[Any]],
          *, right: Iterable[str] = (), wrap: Iterable[str] = (), names: Iterable[str] = (),
          keys: Sequence[str] | None = (), narrow: Callable[[], Table] | None = None,
          ends: Iterable[int] = ()) -> Table:
    """A table of ``rows`` under ``columns`` (those named in ``right`` right-aligned): the
    title, names and text from the ledger are shown as themselves, never read as markup,
    control characters made visible. On a narrow terminal: :class:`Table`."""
    return Table(title, columns, [[visible(x) for x in row] for row in rows], set(right),
                 wrap=set(wrap), names=set(names), keys=keys, narrow=narrow, ends=set(ends))


#: The width a table may take when standard output is not a terminal: wider than any
#: table's content, so rich neither truncates nor wraps a cell.
PIPE_WIDTH = 1_000_000


def _styled_anyway() -> bool:
    """Whether rich would write styles (or ASCII boxes) to standard output even though it
    is not a terminal: the environment says it is one, or it cannot take box characters."""
    env = os.environ
    forced = env.get("TTY_COMPATIBLE", "") == "1" or (
        env.get("TTY_COMPATIBLE", "") != "0" and bool(env.get("FORCE_COLOR")))
    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower()
    return forced or not encoding.startswith("utf")


def show(*renderables: Any) -> None:
    piped = not sys.stdout.isatty()
    if piped and all(isinstance(r, Table) for r in renderables) and not _styled_anyway():
        texts = [r.plain() for r in renderables]
        if all(t is not None for t in texts):
            sys.stdout.write("".join(t for t in texts if t is not None))
            return
    from rich.console import Console
    console = Console(highlight=False, soft_wrap=False, width=PIPE_WIDTH if piped else None)
    for r in renderables:
        console.print(r)
