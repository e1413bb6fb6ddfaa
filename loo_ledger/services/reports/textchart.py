"""A plain-text chart for the terminal: one letter per series, a y axis, hand numbers.

Each series gets a capital letter from its name (Margaret M, Tom T; a letter
already taken falls back to the next letter of the name, then the alphabet). A
cell where two series meet shows ``*``. Points are plotted one column per hand
when the chart is wide enough; otherwise hands share columns.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence

CLASH = "*"


def marks(names: Sequence[str]) -> dict[str, str]:
    """A distinct mark for each name, from its own letters where possible.

    >>> marks(["Hugh", "Hannah", "Tom"])
    {'Hugh': 'H', 'Hannah': 'A', 'Tom': 'T'}
    """
    taken: set[str] = set()
    out = {}
    for name in names:
        own = [c.upper() for c in name if c.isascii() and c.isalpha()]
        pool = own + list(string.ascii_uppercase + string.ascii_lowercase + string.digits)
        out[name] = next((c for c in pool if c not in taken), "?")
        taken.add(out[name])
    return out


def _column(i: int, n: int, width: int) -> int:
    return 0 if n < 2 else round(i * (width - 1) / (n - 1))


def nice_step(x: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, 100, 200, 500... (1, 2 or 5 times a power of
    ten) that is at least ``x``.

    >>> [nice_step(x) for x in (0.3, 1, 3, 7, 11, 21, 240)]
    [1, 1, 5, 10, 20, 50, 500]
    """
    step = 1
    while True:
        for f in (1, 2, 5):
            if step * f >= x:
                return step * f
        step *= 10


def _scale(lo: int, hi: int, height: int) -> tuple[int, int, int]:
    """(top, step, rows): rows of ``step`` chips each, one of them exactly 0."""
    step = nice_step((hi - lo) / max(1, height - 1))
    while True:
        bottom = (lo // step) * step
        rows = -((bottom - hi) // step) + 1
        if rows <= height:
            return bottom + (rows - 1) * step, step, rows
        step = nice_step(step + 1)


def chart(xs: Sequence[int], series: Mapping[str, Sequence[int]], *, width: int = 78,
          height: int = 15, bars: bool = False, legend: Mapping[str, str] | None = None,
          symbols: Mapping[str, str] | None = None) -> str:
    """The chart as text lines. ``bars`` fills each point down (or up) to zero.

    ``legend`` may give the words shown after each mark (default: the series name),
    ``symbols`` the mark of a series (default: from ``marks``).
    """
    values = [v for vs in series.values() for v in vs]
    top, step, height = _scale(min(values + [0]), max(values + [0]), height)
    labels = max(len(str(top)), len(str(top - (height - 1) * step)))
    plot_w = max(10, width - labels - 2)
    gaps = len(xs) - 1
    cols = plot_w if gaps >= plot_w else gaps * ((plot_w - 1) // gaps) + 1 if gaps else 1

    def row(v: float) -> int:
        return round((top - v) / step)

    grid: list[list[set[str]]] = [[set() for _ in range(cols)] for _ in range(height)]
    mark = {**marks(list(series)), **(symbols or {})}
    for name, vs in series.items():
        for i, v in enumerate(vs):
            c, r = _column(i, len(xs), cols), row(v)
            for rr in (range(min(r, row(0)), max(r, row(0)) + 1) if bars else (r,)):
                grid[rr][c].add(mark[name])
    lines = []
    for r, cells in enumerate(grid):
        value = top - r * step
        label = str(value) if value % (4 * step) == 0 or r in (0, height - 1) else ""
        blank = "-" if value == 0 else " "
        text = "".join(CLASH if len(s) > 1 else (next(iter(s)) if s else blank) for s in cells)
        lines.append(f"{label:>{labels}} |{text}".rstrip())
    lines.append(" " * labels + " +" + "-" * cols)
    lines.append(" " * (labels + 2) + _x_labels(xs, cols) + "  hand")
    words = legend or {}
    key = [f"{mark[n]} {words.get(n, n)}" for n in series]
    if len(series) > 1:
        key.append(f"{CLASH} more than one")
    lines.append("")
    lines.extend(_wrap(key, width))
    return "\n".join(lines) + "\n"


def _x_labels(xs: Sequence[int], cols: int) -> str:
    """Hand numbers under their columns, at least two spaces apart."""
    out = [" "] * (cols + 8)
    free = 0
    for i, x in enumerate(xs):
        c, text = _column(i, len(xs), cols), str(x)
        last = i == len(xs) - 1
        if c >= free and (last or c + len(text) + 2 <= cols - len(str(xs[-1]))):
            out[c:c + len(text)] = text
            free = c + len(text) + 2
    return "".join(out).rstrip()


def _wrap(items: list[str], width: int) -> list[str]:
    lines, line = [], ""
    for item in items:
        if line and len(line) + 3 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line}   {item}" if line else f"  {item}"
    return lines + [line] if line else lines
