"""A season as one self-contained HTML page (``loo export --season NAME --format html``):
the standings with the ratings, the chart of each person's running net evening by evening
(inline SVG, a desk's and a phone's), the leaks worth mentioning and each evening's line.

As the evening's page (services/reports/html.py): nothing is fetched, the CSS is inline,
a Content-Security-Policy forbids loading anything, and every text from the ledger is
escaped.
"""

from __future__ import annotations

from html import escape

from loo_ledger.services.analysis.season_report import SeasonChart, SeasonReport
from loo_ledger.services.reports import season_cells as w
from loo_ledger.services.reports import svg
from loo_ledger.services.reports.html import page_head


def chart_svg(chart: SeasonChart, *, phone: bool = False) -> str:
    """The running nets as an ``<svg>`` line chart: x the evenings (0 the start), y chips."""
    xs = list(range(len(chart.evenings) + 1))
    return svg.line_chart(xs, {p: list(chart.nets[p]) for p in chart.players},
                          title="Running net of each player, evening by evening",
                          y_label="net (chips)", x_label="evening", phone=phone,
                          width=360 if phone else 960, height=300 if phone else 400)


def _table(head: list[str], rows: list[list[str]], right: set[str] | frozenset[str]) -> str:
    def cell(tag: str, h: str, text: str) -> str:
        cls = ' class="n"' if h in right else ""
        return f"<{tag}{cls}>{escape(text)}</{tag}>"

    ths = "".join(cell("th", h, h) for h in head)
    body = "\n".join("<tr>" + "".join(cell("td", h, c) for h, c in zip(head, row, strict=True))
                     + "</tr>" for row in rows)
    return (f'<div class="wide"><table><thead><tr>{ths}</tr></thead><tbody>{body}'
            "</tbody></table></div>")


def page(report: SeasonReport) -> str:
    """The whole page, as text."""
    title = w.title(report)
    money = w.has_money(report)
    head = w.columns(report)
    standings = _table(head, [w.cells(p, money) for p in report.standings],
                       w.FIGURES | {"burns", "pots won"}) if report.standings else \
        "<p>No hands: nothing to stand.</p>"
    players = list(report.chart.players)
    nets = _table(["evening", "date", *players],
                  [[name, date, *n] for name, date, n in w.running(report)], set(players))
    leaks = "".join(f"<li>{escape(w.leak(m))}</li>" for m in report.leaks) or \
        f"<li>{escape(w.no_leak(report))}</li>"
    evenings = "".join(f"<li>{escape(ev.text)}</li>" for ev in report.evenings)
    charts = [chart_svg(report.chart), chart_svg(report.chart, phone=True)] \
        if report.chart.evenings else []
    return "\n".join([
        *page_head(title, w.head(report)),
        '<h2 id="standings">Standings</h2>', standings,
        '<p class="key">Change: places since the previous evening. Rating: OpenSkill '
        "(Plackett-Luce), each evening a match ranked by net chips, as mu ± sigma.</p>",
        '<h2 id="chart">Running nets, evening by evening</h2>', *charts, nets,
        '<h2 id="leaks">Leaks worth mentioning</h2>',
        f'<p class="key">{escape(w.capital(w.leak_rule(report)))}.</p>',
        f'<ul class="leaks">{leaks}</ul>',
        '<h2 id="evenings">Evenings</h2>', f'<ul class="evenings">{evenings}</ul>',
        f"<footer>{escape(title)}, written by loo_ledger.</footer>", "</body>", "</html>", ""])
