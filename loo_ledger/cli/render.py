"""Formatting for people: rich tables. rich is imported only here; money formats live in
loo_ledger.domain.money.

On a terminal a table fits the window. Piped or redirected (``loo stats | cat``, a file),
nothing is cut with ``…`` nor folded over two lines: the table is as wide as its content.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Any

from loo_ledger.domain.money import money_text, signed  # noqa: F401  (re-exported)


def table(title: str | None, columns: Sequence[str], rows: Iterable[Sequence[Any]],
          *, right: Iterable[str] = ()) -> Any:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from loo_ledger.cli.visible import cell, visible
    right = set(right)
    t = Table(show_edge=False, header_style="bold")
    for c in columns:  # names and text from the ledger: never markup, controls visible
        t.add_column(cell(c), justify="right" if c in right else "left")
    for row in rows:
        t.add_row(*(cell(x) for x in row))
    return Group(Text(visible(title), style="bold"), t) if title else t


#: The width a table may take when standard output is not a terminal: wider than any
#: table's content, so rich neither truncates nor wraps a cell.
PIPE_WIDTH = 1_000_000


def show(*renderables: Any) -> None:
    from rich.console import Console
    piped = not sys.stdout.isatty()
    console = Console(highlight=False, soft_wrap=False, width=PIPE_WIDTH if piped else None)
    for r in renderables:
        console.print(r)
