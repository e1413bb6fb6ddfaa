"""A table's layout chosen from the terminal's width (issue 22 item 6): no name nor figure
is ever cut (``Ma…``, ``202…``) nor broken inside a word.

The widest layout that fits is taken, in this order:

1. the table itself, each column at least as wide as its longest cell (its longest word
   where the column may wrap, :attr:`Table.wrap`) and its header's longest word (the whole
   header for a name, :attr:`Table.names`): rich's ``min_width`` holds the column there;
2. the table's own narrower layout, if it has one (``loo hands``: a row per player);
3. the table in up to :data:`MAX_PARTS` parts, one under the other, each repeating the
   key columns (``player``; :attr:`Table.keys`), as a wide data frame is printed on a
   narrow screen;
4. a record per row: each column's header and the row's cell, one pair a line, like
   psql's expanded display (the cell under its header if both do not fit on one line).

Piped, a table is given all the width it wants (cli/render.py: PIPE_WIDTH), so it is
always drawn as itself.

Imported only when rich draws a table (cli/render.py), so rich is loaded with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text

from loo_ledger.cli.visible import visible

if TYPE_CHECKING:
    from loo_ledger.cli.render import Table

#: rich's padding of a cell: a space each side.
PAD = 2
#: The most parts a table is split into before it becomes records.
MAX_PARTS = 4


def longest_word(text: str) -> int:
    """The width of the widest word of ``text`` (words: split at spaces)."""
    return max((cell_len(w) for w in text.split()), default=0)


def longest_line(text: str) -> int:
    """The width of the widest line of ``text`` (a cell made of lines: cli/reports.py)."""
    return max(cell_len(line) for line in text.split("\n"))


def least_widths(t: Table) -> list[int]:
    """Each column's least width that keeps its header's words and its cells whole."""
    out = []
    for i, (head, wraps, name) in enumerate(zip(t.columns, t.wrap, t.names, strict=True)):
        body = [row[i] for row in t.rows if i < len(row)]
        measure = longest_word if wraps else longest_line
        out.append(max([cell_len(head) if name else longest_word(head),
                        *(measure(x) for x in body)]))
    return out


def natural_widths(t: Table, *, headers: bool = True) -> list[int]:
    """Each column's width with nothing wrapped: its longest cell or its header (or only
    its longest cell: ``headers=False``)."""
    return [max([cell_len(head) if headers else 0,
                 *(longest_line(row[i]) for row in t.rows if i < len(row))])
            for i, head in enumerate(t.columns)]


def fitted(least: Sequence[int], targets: Sequence[Sequence[int]], width: int
           ) -> list[int] | None:
    """Widths for columns that fit in ``width`` (None: nothing to fix, they fit at the
    last of ``targets``, nothing wrapped): each column's least width, then the room left
    given towards each target in turn (the cells whole, then the headers), to the columns
    that need least first, so that as few cells and headers wrap as can be."""
    if span(targets[-1]) <= width:
        return None
    out, spare = list(least), width - span(least)
    for target in targets:
        for i in sorted(range(len(out)), key=lambda i: target[i] - out[i]):
            more = max(0, min(spare, target[i] - out[i]))
            out[i] += more
            spare -= more
    return out


def span(widths: Sequence[int]) -> int:
    """A table's width with columns of ``widths``: each padded, a rule between two (no
    outer edge: ``show_edge=False``)."""
    return sum(w + PAD for w in widths) + max(len(widths) - 1, 0)


def lay_out(t: Table, width: int) -> list[Any]:
    """What to draw for ``t`` in ``width`` terminal cells (module docstring)."""
    widths = least_widths(t)
    if span(widths) <= width:
        return [_titled(t.title, _drawn(t, widths, range(len(widths)), width))]
    make = t.narrow
    while make is not None:  # the table's narrower layouts, widest first
        other = make()
        narrow = least_widths(other)
        if span(narrow) <= width:
            return [_titled(other.title, _drawn(other, narrow, range(len(narrow)), width))]
        make = other.narrow
    parts = _parts(t, widths, width)
    if parts is not None:
        drawn = [_drawn(t, widths, part, width) for part in parts]
        return [_titled(t.title, drawn[0]),
                *(_titled("(continued)", d) for d in drawn[1:])]
    return [_titled(t.title, _records(t, width))]


def _parts(t: Table, widths: list[int], width: int) -> list[list[int]] | None:
    """The columns of each part, the key columns in each; None if the table has no
    key columns, a column does not fit beside them, or more than MAX_PARTS are needed.
    The parts are as few as fit in ``width``, and then as even as they can be: each no
    wider than it must be for there to be no more of them."""
    if t.keys is None:
        return None
    parts = _packed(t.keys, widths, width)
    if parts is None or not parts or len(parts) > MAX_PARTS:
        return None
    low, high = 1, width  # the narrowest limit that packs into as few parts
    while low < high:
        mid = (low + high) // 2
        tighter = _packed(t.keys, widths, mid)
        if tighter is not None and len(tighter) == len(parts):
            high = mid
        else:
            low = mid + 1
    return _packed(t.keys, widths, high)


def _packed(keys: list[int], widths: list[int], limit: int) -> list[list[int]] | None:
    """The columns other than ``keys`` in order, as many a part as fit in ``limit`` beside
    the keys (None: one does not fit even alone)."""
    parts: list[list[int]] = []
    for i in (i for i in range(len(widths)) if i not in keys):
        if parts and span([widths[j] for j in [*parts[-1], i]]) <= limit:
            parts[-1].append(i)
        elif span([widths[j] for j in [*keys, i]]) <= limit:
            parts.append([*keys, i])
        else:
            return None
    return [sorted(p) for p in parts]


def _drawn(t: Table, least: list[int], columns: Sequence[int], width: int) -> RichTable:
    """The ``columns`` of ``t`` as a rich table in ``width`` cells. Where they fit with
    nothing wrapped, rich sizes them (each at least its least width, ``min_width``);
    otherwise each is given its width (:func:`fitted`), since rich's own narrowing takes
    as much from a column that may not wrap as from one that may. Anything narrower would
    be folded, never cut with an ellipsis (``overflow="fold"``)."""
    targets = [[max(least[i], natural[i]) for i in columns]
               for natural in (natural_widths(t, headers=False), natural_widths(t))]
    fixed = fitted([least[i] for i in columns], targets, width)
    out = RichTable(show_edge=False, header_style="bold")
    for n, i in enumerate(columns):
        out.add_column(Text(t.columns[i]), justify="right" if t.right[i] else "left",
                       min_width=least[i], width=None if fixed is None else fixed[n],
                       overflow="fold")
    for n, row in enumerate(t.rows):
        out.add_row(*(Text(row[i]) if i < len(row) else Text("") for i in columns),
                    end_section=n in t.ends)
    return out


def _records(t: Table, width: int) -> RichTable:
    """Each row as a record: a header and its cell a line, a rule between two records.
    The headers and cells are kept whole (a cell of a column that may wrap, between
    words). Where a header and a cell do not fit side by side, the cell goes under its
    header, and a cell wider than the terminal wraps between words."""
    pairs = [[(c, x) for c, x in zip(t.columns, row, strict=False) if c or x]
             for row in t.rows]
    heads = max([1, *(cell_len(c) for c in t.columns)])
    words = max([1, *((longest_word if t.wrap[i] else longest_line)(x)
                      for row in t.rows for i, x in enumerate(row))])
    side_by_side = span([heads, words]) <= width
    out = RichTable(show_edge=False, show_header=False)
    if side_by_side:
        out.add_column(style="bold", no_wrap=True, min_width=heads)
    # a cell wider than the terminal (a long description) wraps between words: a layout
    # as narrow as this has nothing narrower to turn to
    out.add_column(overflow="fold",
                   min_width=words if side_by_side else max(1, min(words + 2, width - PAD)))
    for record in pairs:
        for n, (head, cell) in enumerate(record):
            last = n == len(record) - 1
            if side_by_side:
                out.add_row(Text(head), Text(cell), end_section=last)
            else:
                out.add_row(Text(head, style="bold"))
                out.add_row(Text(f"  {cell}"), end_section=last)
    return out


def _titled(title: str | None, table: RichTable) -> Any:
    if not title:
        return table
    return Group(Text(visible(title), style="bold"), table)
