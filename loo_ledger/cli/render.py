"""Formatting for people: rich tables. rich is imported only here; money formats live in
loo_ledger.domain.money."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from loo_ledger.domain.money import money_text, signed  # noqa: F401  (re-exported)


def table(title: str | None, columns: Sequence[str], rows: Iterable[Sequence[Any]],
          *, right: Iterable[str] = ()) -> Any:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text
    right = set(right)
    t = Table(show_edge=False, header_style="bold")
    for c in columns:
        t.add_column(c, justify="right" if c in right else "left")
    for row in rows:
        t.add_row(*(str(x) for x in row))
    return Group(Text(title, style="bold"), t) if title else t


def show(*renderables: Any) -> None:
    from rich.console import Console
    console = Console(highlight=False, soft_wrap=False)
    for r in renderables:
        console.print(r)
