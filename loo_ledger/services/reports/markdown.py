"""A Markdown summary of an evening, short enough to paste into a chat."""

from __future__ import annotations

import re

from loo_ledger.domain.rules.chips import signed
from loo_ledger.services.reports.evening import Evening
from loo_ledger.services.reports.highlights import facts
from loo_ledger.services.reports.text import settling, transfer_lines

# What changes the rendering inside a line; parentheses, dots and dashes mid-line do not.
_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")


def md_escape(text: str) -> str:
    r"""Text shown as itself in Markdown (and safe inside a table cell).

    >>> md_escape("Ann *the* | best")
    'Ann \\*the\\* \\| best'
    """
    return _SPECIAL.sub(r"\\\1", " ".join(text.split()))


def summary(ev: Evening) -> str:
    """Title, date, variant, the final balances with money, the biggest pot, a few lines,
    and the transfers that settle the evening (those of ``loo settle-up``)."""
    e = md_escape
    lines = [f"# {e(ev.title)}", "", e(" · ".join(ev.head)), ""]
    with_money = ev.unit_value is not None
    lines.append("| Player | Net |" + (" Money |" if with_money else ""))
    lines.append("| --- | ---: |" + (" ---: |" if with_money else ""))
    order = ev.best_first
    for p in order:
        cash = f" {e(ev.net_money_text(p))} |" if with_money else ""
        lines.append(f"| {e(p)} | {signed(ev.nets[p])} |{cash}")
    cash = f" {e(ev.pool_money_text())} |" if with_money else ""
    lines.extend([f"| *{ev.pool_word}* | {ev.pool} |{cash}", ""])
    lines.extend(f"- {e(x)}" for x in [*facts(ev), *ev.card_lines])
    lines.extend(["", "**To settle up**", ""])
    lines.extend(f"- {e(x)}" for x in transfer_lines(ev, settling(ev)))
    return "\n".join(lines) + "\n"
