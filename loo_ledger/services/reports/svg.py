"""Inline SVG line charts: one polyline per series, axes with round ticks, a legend.

The SVG is meant to sit inside an HTML page (no namespace URL, no external
reference). Every piece of text is escaped; colours, dashes and markers are attributes,
so the chart looks the same without the page's stylesheet. A chart is laid out for a
desk (the legend beside the plot) or for a 360-px phone (the legend under it); the page
shows the one that fits (services/reports/html.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from loo_ledger.domain.rules.chips import signed
from loo_ledger.services.reports.textchart import nice_step

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#17becf", "#7f7f7f", "#bcbd22")
#: Six dash patterns and six marker shapes, so two lines differ in more than their colour
#: (a table's colour-blind player, a page printed in grey).
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 2", "1 4")
MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross")
#: The wide layout (a page on a desk: the legend right of the plot) and the phone's
#: (360 px: the legend under the plot, in two columns).
WIDE = {"left": 64, "right": 190, "top": 36, "bottom": 46, "font": 12, "title": 15}
PHONE = {"left": 46, "right": 14, "top": 30, "bottom": 40, "font": 12, "title": 12}
LEGEND_ROW = 20


def style(i: int) -> tuple[str, str, str]:
    """(colour, dash pattern, marker) of the i-th series: each cycles on its own, so the
    first ten series differ in colour and the first six in all three.

    >>> style(0), style(6)
    (('#1f77b4', '', 'circle'), ('#e377c2', '', 'circle'))
    >>> style(3)
    ('#ff7f0e', '10 3 2 3', 'diamond')
    """
    return PALETTE[i % len(PALETTE)], DASHES[i % len(DASHES)], MARKERS[i % len(MARKERS)]


def marker(shape: str, x: float, y: float, colour: str, r: float = 4) -> str:
    """A marker of ``shape`` centred on (x, y), drawn in ``colour``."""
    kind = f'class="mark {shape}"'
    if shape == "circle":
        return f'<circle {kind} cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>'
    if shape == "square":
        return (f'<rect {kind} x="{round(x - r, 1)}" y="{round(y - r, 1)}" width="{2 * r}" '
                f'height="{2 * r}" fill="{colour}"/>')
    if shape == "cross":
        return (f'<path {kind} d="M{x - r},{y - r} L{x + r},{y + r} M{x - r},{y + r} '
                f'L{x + r},{y - r}" stroke="{colour}" stroke-width="2.2" fill="none"/>')
    k = round(r * 1.25, 1)
    points = {"triangle": ((0, -k), (k, k), (-k, k)),
              "down": ((0, k), (k, -k), (-k, -k)),
              "diamond": ((0, -k), (k, 0), (0, k), (-k, 0))}[shape]
    pts = " ".join(f"{round(x + dx, 1)},{round(y + dy, 1)}" for dx, dy in points)
    return f'<polygon {kind} points="{pts}" fill="{colour}"/>'


def ticks(lo: float, hi: float, count: int) -> list[int]:
    """Round tick values (a step of 1, 2 or 5 times a power of ten) covering lo..hi, about
    ``count`` of them.

    >>> ticks(-140, 160, 6), ticks(0, 34, 5)
    ([-150, -100, -50, 0, 50, 100, 150, 200], [0, 10, 20, 30, 40])
    """
    step = nice_step((hi - lo) / count)
    first, last = (lo // step) * step, -((-hi) // step) * step
    return list(range(int(first), int(last) + 1, step))


def x_ticks(first: int, last: int, count: int) -> list[int]:
    """Ticks of an axis from ``first`` to ``last`` exactly (the last hand ends it): the round
    values within it, and ``last`` itself, the round value before it left out when the two
    would be closer than half a step.

    >>> x_ticks(0, 34, 8), x_ticks(0, 31, 6), x_ticks(0, 1, 10)
    ([0, 5, 10, 15, 20, 25, 30, 34], [0, 10, 20, 31], [0, 1])
    """
    step = nice_step((last - first) / count) if last > first else 1
    out = [t for t in range(-(-first // step) * step, last + 1, step)]
    if out[-1] != last:
        if out and 2 * (last - out[-1]) < step:
            out.pop()
        out.append(last)
    return out


def line_chart(xs: Sequence[int], series: Mapping[str, Sequence[int]], *, title: str,
               y_label: str, x_label: str = "hand", width: int = 960, height: int = 400,
               fill: bool = False, phone: bool = False) -> str:
    """An ``<svg>`` element: the series over ``xs`` (the x axis from the first x to the
    last), each series in its own colour, dash and marker (:func:`style`); ``fill`` shades
    under a single series. ``phone``: the layout for a 360-px screen, the legend under the
    plot (``width`` is then the plot's, ``height`` grows with the legend)."""
    m = PHONE if phone else WIDE
    left, right, top, bottom = m["left"], m["right"], m["top"], m["bottom"]
    rows = -(-len(series) // 2) if phone else 0
    total = height + rows * LEGEND_ROW + (8 if rows else 0)
    pw, ph = width - left - right, height - top - bottom
    values = [v for vs in series.values() for v in vs] + [0]
    yt = ticks(min(values), max(values) if max(values) > min(values) else 1, 4 if phone else 6)
    last = max(xs[-1], xs[0] + 1)
    xt = x_ticks(xs[0], last, 5 if phone else 10)
    x0, x1, y0, y1 = xs[0], last, yt[0], yt[-1]

    def X(x: float) -> float:
        return round(left + (x - x0) * pw / (x1 - x0), 1)

    def Y(v: float) -> float:
        return round(top + (y1 - v) * ph / (y1 - y0), 1)

    kind = "phone" if phone else "desk"
    out = [f'<svg class="chart {kind}" viewBox="0 0 {width} {total}" width="{width}" '
           f'height="{total}" role="img" font-family="sans-serif" font-size="{m["font"]}">',
           f"<title>{escape(title)}</title>",
           f'<text x="{left if not phone else 4}" y="{top - 14}" font-size="{m["title"]}" '
           f'font-weight="bold">{escape(title)}</text>']
    for v in yt:
        colour = "#555" if v == 0 else "#e2e2e2"
        out.append(f'<line x1="{left}" y1="{Y(v)}" x2="{left + pw}" y2="{Y(v)}" '
                   f'stroke="{colour}" stroke-width="1"/>')
        out.append(f'<text x="{left - 6}" y="{Y(v) + 4}" text-anchor="end">{v}</text>')
    for x in xt:
        out.append(f'<line x1="{X(x)}" y1="{top + ph}" x2="{X(x)}" y2="{top + ph + 5}" '
                   'stroke="#333"/>')
        out.append(f'<text x="{X(x)}" y="{top + ph + 18}" text-anchor="middle">{x}</text>')
    out.append(f'<path d="M{left},{top} V{top + ph} H{left + pw}" fill="none" stroke="#333"/>')
    out.append(f'<text x="{left + pw / 2}" y="{height - 6}" text-anchor="middle">'
               f"{escape(x_label)}</text>")
    out.append(f'<text transform="translate({12 if phone else 16} {top + ph / 2}) rotate(-90)" '
               f'text-anchor="middle">{escape(y_label)}</text>')
    every = max(1, round(len(xs) / 8))  # markers on about eight points of each line
    for i, (name, vs) in enumerate(series.items()):
        colour, dash, shape = style(i)
        points = " ".join(f"{X(x)},{Y(v)}" for x, v in zip(xs, vs, strict=True))
        if fill:
            out.append(f'<polygon points="{X(xs[0])},{Y(0)} {points} {X(xs[-1])},{Y(0)}" '
                       f'fill="{colour}" fill-opacity="0.18" stroke="none"/>')
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline class="series" points="{points}" fill="none" '
                   f'stroke="{colour}" stroke-width="2.2" stroke-linejoin="round"{dashes}>'
                   f"<title>{escape(name)}</title></polyline>")
        if len(series) > 1:  # staggered, so the markers of lines that meet do not overlap
            offset = (i * every) // len(series)
            out.extend(marker(shape, X(x), Y(v), colour)
                       for j, (x, v) in enumerate(zip(xs, vs, strict=True))
                       if j % every == offset or j == len(xs) - 1)
        if phone:
            lx, ly = 4 + (i % 2) * (width // 2), height + 8 + (i // 2) * LEGEND_ROW
            room = 12
        else:
            lx, ly = left + pw + 16, top + 8 + i * LEGEND_ROW
            room = 20
        out.append(f'<line class="key" x1="{lx}" y1="{ly}" x2="{lx + 24}" y2="{ly}" '
                   f'stroke="{colour}" stroke-width="3"{dashes}/>')
        if len(series) > 1:
            out.append(marker(shape, lx + 12, ly, colour))
        short = name if len(name) <= room else name[:room - 1] + "\u2026"
        end = str(vs[-1]) if fill else signed(vs[-1])
        out.append(f'<text x="{lx + 30}" y="{ly + 4}">{escape(short)} ({end})</text>')
    out.append("</svg>")
    return "\n".join(out)
