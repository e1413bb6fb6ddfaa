"""A plain-text chart for the terminal: one letter per series, a y axis, hand numbers.

Each series gets a capital letter from its name (Margaret M, Tom T; a letter
already taken falls back to the next letter of the name, then the alphabet). A
cell where two series meet shows ``*``. Points are plotted one column per hand
when the chart is wide enough; otherwise hands share columns.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence

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


def label_step(step: int) -> int:
    """The step between the y axis' labels: the smallest 1, 2 or 5 times a power of ten that
    is a multiple of the rows' ``step`` and at least two rows apart.

    >>> [label_step(s) for s in (1, 2, 5, 10, 20, 50)]
    [2, 10, 10, 20, 100, 100]
    """
    n = nice_step(2 * step)
    while n % step:
        n = nice_step(n + 1)
    return n


def chart(xs: Sequence[int], series: Mapping[str, Sequence[int]], *, width: int = 78,
          height: int = 15, bars: bool = False, legend: Mapping[str, str] | None = None,
          symbols: Mapping[str, str] | None = None, x_label: str = "hand",
          paint: Callable[[str, str], str] | None = None) -> str:
    """The chart as text lines. ``bars`` fills each point down (or up) to zero.

    ``legend`` may give the words shown after each mark (default: the series name),
    ``symbols`` the mark of a series (default: from ``marks``); ``paint(name, text)``
    returns a series' mark as shown (the CLI colours it; default: as it is). The y axis
    is labelled at round values (:func:`label_step`), the x axis at round values and at
    its last x (:func:`x_labels`).
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
    owner = {m: n for n, m in mark.items()}
    show = paint or (lambda _name, text: text)
    for name, vs in series.items():
        for i, v in enumerate(vs):
            c, r = _column(i, len(xs), cols), row(v)
            for rr in (range(min(r, row(0)), max(r, row(0)) + 1) if bars else (r,)):
                grid[rr][c].add(mark[name])
    every = label_step(step)
    lines = []
    for r, cells in enumerate(grid):
        value = top - r * step
        label = str(value) if value % every == 0 else ""
        blank = "-" if value == 0 else " "
        text = "".join(CLASH if len(s) > 1 else show(owner[m], m) if (m := next(iter(s), ""))
                       else blank for s in cells)
        lines.append(f"{label:>{labels}} |{text}".rstrip())
    lines.append(" " * labels + " +" + "-" * cols)
    lines.append(" " * (labels + 2) + x_labels(xs, cols) + f"  {x_label}")
    words = legend or {}
    key = [(f"{mark[n]} {words.get(n, n)}", show(n, mark[n]) + f" {words.get(n, n)}")
           for n in series]
    if len(series) > 1:
        key.append((f"{CLASH} more than one",) * 2)
    lines.append("")
    lines.extend(_wrap(key, width))
    return "\n".join(lines) + "\n"


def x_labels(xs: Sequence[int], cols: int) -> str:
    """The x axis' labels under their columns: round values (1, 2 or 5 times a power of
    ten apart, about twice their width apart) and the last x, which ends the axis.

    >>> x_labels(list(range(35)), 69)
    '0         5         10        15        20        25        30      34'
    >>> x_labels([0, 1, 2], 15)
    '0      1      2'
    """
    out = [" "] * (cols + 8)
    n = len(xs)
    per = (cols - 1) / (n - 1) if n > 1 else cols   # columns from one x to the next
    span = max(1, xs[-1] - xs[0]) / max(1, n - 1)   # x values from one point to the next
    room = 2 * len(str(max(xs, key=lambda x: len(str(x))))) + 2
    step = nice_step(room * span / per) if per else 1
    placed: list[tuple[int, int]] = []   # (column, length) of each label placed
    for i, x in enumerate(xs):
        last = i == n - 1
        if not last and (x % step or (placed and placed[-1][0] == _column(i, n, cols))):
            continue
        c, text = _column(i, n, cols), str(x)
        while placed and placed[-1][0] + placed[-1][1] + 2 > c:
            if not last:
                break
            gone = placed.pop()  # the last x ends the axis: the round one before it goes
            out[gone[0]:gone[0] + gone[1]] = " " * gone[1]
        else:
            out[c:c + len(text)] = text
            placed.append((c, len(text)))
    return "".join(out).rstrip()


def _wrap(items: list[tuple[str, str]], width: int) -> list[str]:
    """The legend's items (as measured, as shown) in lines of at most ``width`` columns."""
    lines, line, used = [], "", 0
    for plain, shown in items:
        if line and used + 3 + len(plain) > width:
            lines.append(line)
            line, used = "", 0
        line, used = (f"{line}   {shown}", used + 3 + len(plain)) if line else \
            (f"  {shown}", 2 + len(plain))
    return lines + [line] if line else lines
