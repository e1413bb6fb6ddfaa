"""A season in Markdown (``loo export --season NAME --format md``): the standings with the
ratings, the running nets evening by evening (the chart's points, as a table), the leaks
worth mentioning and each evening's line."""

from __future__ import annotations

from loo_ledger.services.analysis.season_report import SeasonReport
from loo_ledger.services.reports import season_cells as w
from loo_ledger.services.reports.markdown import md_escape as e


def _table(head: list[str], rows: list[list[str]], right: set[str] | frozenset[str]) -> list[str]:
    out = ["| " + " | ".join(e(h.capitalize()) for h in head) + " |",
           "| " + " | ".join("---:" if h in right else "---" for h in head) + " |"]
    out += ["| " + " | ".join(e(c) for c in row) + " |" for row in rows]
    return out


def summary(report: SeasonReport) -> str:
    """The whole season as Markdown text."""
    lines = [f"# {e(w.title(report))}", "", e(w.head(report)), "", "## Standings", ""]
    if report.standings:
        head = w.columns(report)
        money = w.has_money(report)
        lines += _table(head, [w.cells(p, money) for p in report.standings],
                        w.FIGURES | {"burns", "pots won"})
        lines += ["", "Change: places since the previous evening. Rating: OpenSkill "
                  "(Plackett-Luce), each evening a match ranked by net chips, as mu ± sigma."]
    else:
        lines.append("No hands: nothing to stand.")
    players = list(report.chart.players)
    lines += ["", "## Running nets, evening by evening", ""]
    lines += _table(["evening", "date", *players],
                    [[name, date, *nets] for name, date, nets in w.running(report)],
                    set(players))
    lines += ["", "## Leaks worth mentioning", "", e(w.capital(w.leak_rule(report))) + ".",
              ""]
    lines += [f"- {e(w.leak(m))}" for m in report.leaks] or [f"- {e(w.no_leak(report))}"]
    lines += ["", "## Evenings", ""]
    lines += [f"- {e(ev.text)}" for ev in report.evenings]
    return "\n".join(lines) + "\n"
