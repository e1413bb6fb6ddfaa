"""Inline SVG line charts: one polyline per series, axes with ticks, a legend.

The SVG is meant to sit inside an HTML page (no namespace URL, no external
reference). Every piece of text is escaped; colours and dashes are attributes,
so the chart looks the same without the page's stylesheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from loo_ledger.domain.rules.chips import signed
from loo_ledger.services.reports.textchart import nice_step

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#17becf", "#7f7f7f", "#bcbd22")
DASHES = ("", "8 4", "2 3")
LEFT, RIGHT, TOP, BOTTOM = 64, 190, 36, 46


def style(i: int) -> tuple[str, str]:
    """(colour, dash pattern) of the i-th series: ten colours, then dashed, then dotted."""
    return PALETTE[i % len(PALETTE)], DASHES[(i // len(PALETTE)) % len(DASHES)]


def _ticks(lo: float, hi: float, count: int) -> list[int]:
    """Round tick values covering lo..hi, about ``count`` of them."""
    step = nice_step((hi - lo) / count)
    first, last = (lo // step) * step, -((-hi) // step) * step
    return list(range(int(first), int(last) + 1, step))


def line_chart(xs: Sequence[int], series: Mapping[str, Sequence[int]], *, title: str,
               y_label: str, x_label: str = "hand", width: int = 960, height: int = 400,
               fill: bool = False) -> str:
    """An ``<svg>`` element: the series over ``xs``; ``fill`` shades under a single series."""
    pw, ph = width - LEFT - RIGHT, height - TOP - BOTTOM
    values = [v for vs in series.values() for v in vs] + [0]
    yt = _ticks(min(values), max(values) if max(values) > min(values) else 1, 6)
    xt = _ticks(xs[0], max(xs[-1], xs[0] + 1), 10)
    x0, x1, y0, y1 = xt[0], xt[-1], yt[0], yt[-1]

    def X(x: float) -> float:
        return round(LEFT + (x - x0) * pw / (x1 - x0), 1)

    def Y(v: float) -> float:
        return round(TOP + (y1 - v) * ph / (y1 - y0), 1)

    out = [f'<svg class="chart" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" role="img" font-family="sans-serif" font-size="12">',
           f"<title>{escape(title)}</title>",
           f'<text x="{LEFT}" y="{TOP - 14}" font-size="15" font-weight="bold">'
           f"{escape(title)}</text>"]
    for v in yt:
        colour = "#555" if v == 0 else "#e2e2e2"
        out.append(f'<line x1="{LEFT}" y1="{Y(v)}" x2="{LEFT + pw}" y2="{Y(v)}" '
                   f'stroke="{colour}" stroke-width="1"/>')
        out.append(f'<text x="{LEFT - 8}" y="{Y(v) + 4}" text-anchor="end">{v}</text>')
    for x in xt:
        out.append(f'<line x1="{X(x)}" y1="{TOP + ph}" x2="{X(x)}" y2="{TOP + ph + 5}" '
                   'stroke="#333"/>')
        out.append(f'<text x="{X(x)}" y="{TOP + ph + 19}" text-anchor="middle">{x}</text>')
    out.append(f'<path d="M{LEFT},{TOP} V{TOP + ph} H{LEFT + pw}" fill="none" stroke="#333"/>')
    out.append(f'<text x="{LEFT + pw / 2}" y="{height - 8}" text-anchor="middle">'
               f"{escape(x_label)}</text>")
    out.append(f'<text transform="translate(16 {TOP + ph / 2}) rotate(-90)" '
               f'text-anchor="middle">{escape(y_label)}</text>')
    for i, (name, vs) in enumerate(series.items()):
        colour, dash = style(i)
        points = " ".join(f"{X(x)},{Y(v)}" for x, v in zip(xs, vs, strict=True))
        if fill:
            out.append(f'<polygon points="{X(xs[0])},{Y(0)} {points} {X(xs[-1])},{Y(0)}" '
                       f'fill="{colour}" fill-opacity="0.18" stroke="none"/>')
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline class="series" points="{points}" fill="none" '
                   f'stroke="{colour}" stroke-width="2.2" stroke-linejoin="round"{dashes}>'
                   f"<title>{escape(name)}</title></polyline>")
        ly = TOP + 8 + i * 20
        out.append(f'<line x1="{LEFT + pw + 16}" y1="{ly}" x2="{LEFT + pw + 40}" y2="{ly}" '
                   f'stroke="{colour}" stroke-width="3"{dashes}/>')
        short = name if len(name) <= 20 else name[:19] + "\u2026"
        last = str(vs[-1]) if fill else signed(vs[-1])
        out.append(f'<text x="{LEFT + pw + 46}" y="{ly + 4}">{escape(short)} ({last})</text>')
    out.append("</svg>")
    return "\n".join(out)
