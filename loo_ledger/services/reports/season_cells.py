"""A season's figures in words, shared by its Markdown, text and HTML forms
(services/reports/season_md.py, season_text.py, season_html.py) and the terminal."""

from __future__ import annotations

from decimal import Decimal

from loo_ledger.domain.rules.chips import signed
from loo_ledger.domain.rules.money import money_text
from loo_ledger.services.analysis.season_report import (
    MENTIONED,
    LeakMention,
    SeasonReport,
    Standing,
)

#: The standings' columns (``money`` only where an evening's unit has a money value); Lou
#: says burns and pots won.
COLUMNS = ("place", "change", "player", "evenings", "hands", "net", "money", "per 100",
           "stand", "loo", "whole pools", "best", "worst", "rating")
LOU_WORDS = {"loo": "burns", "whole pools": "pots won"}
#: The columns of figures (right-aligned).
FIGURES = frozenset({"place", "evenings", "hands", "net", "money", "per 100", "stand", "loo",
                     "whole pools", "best", "worst", "rating"})


def columns(report: SeasonReport) -> list[str]:
    """The standings' column heads, in the game's words."""
    words = LOU_WORDS if report.game == "lou" else {}
    return [words.get(c, c) for c in COLUMNS if c != "money" or has_money(report)]


def has_money(report: SeasonReport) -> bool:
    return any(p.money for p in report.standings)


def change(value: int | None) -> str:
    """A place's change since the previous evening: ``▲1``, ``▼2``, ``=``, ``new``."""
    if value is None:
        return "new"
    return "=" if value == 0 else f"{'▲' if value > 0 else '▼'}{abs(value)}"


def pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def cells(p: Standing, money: bool) -> list[str]:
    """A player's standings row, as the columns say (``money``: with the money column)."""
    cash = [money_(p)] if money else []
    return [str(p.place), change(p.change), p.player, str(p.evenings), str(p.hands),
            signed(p.net), *cash, "-" if p.per_100 is None else f"{p.per_100:+.1f}",
            pct(p.stand_rate), pct(p.loo_rate), str(p.whole_pools), signed(p.best),
            signed(p.worst), rating(p)]


def money_(p: Standing) -> str:
    """A player's money over the season, each currency's: ``£1.35, -$0.40``."""
    return ", ".join(money_text(Decimal(m.amount), m.currency) for m in p.money)


def rating(p: Standing) -> str:
    return f"{p.rating.mu:.1f} ± {p.rating.sigma:.1f}"


def head(report: SeasonReport) -> str:
    """``4 evenings, 2026-04-03 to 2026-04-24, 8 hands``."""
    days = [e.evening.date[:10] for e in report.evenings if e.evening.date]
    n, hands = len(report.evenings), sum(e.hands for e in report.evenings)
    span = "" if not days else f", {days[0]}" if days[0] == days[-1] else \
        f", {days[0]} to {days[-1]}"
    return f"{n} evening{'s' * (n != 1)}{span}, {hands} hand{'s' * (hands != 1)}"


def capital(text: str) -> str:
    """``text`` with its first letter a capital (the rest as it is)."""
    return text[:1].upper() + text[1:]


def title(report: SeasonReport) -> str:
    """The report's title, capitalised: ``Season April``."""
    return capital(report.title)


def leak_rule(report: SeasonReport) -> str:
    """What makes a leak worth mentioning, in words."""
    return (f"lines with at least {_opportunities(report.min_hands)} whose cost's 90% "
            f"interval lies below zero, at most {MENTIONED} a player, the dearest first; the "
            "cost is in chips per 100 hands against the winning players' choices, as "
            "'loo leaks' works it out")


def _opportunities(n: int) -> str:
    return f"{n} opportunit{'y' if n == 1 else 'ies'}"


def leak(m: LeakMention) -> str:
    """``Ann stands from ... : 0% of the time, the winners 100% (n 1): -37.5 chips/100
    (90% interval -37.5 to -37.5)``."""
    lo, hi = m.ci
    return (f"{m.player} {m.text}: {m.rate:.0%} of the time, the winners {m.winners_rate:.0%} "
            f"(n {m.n}): {m.cost:+.1f} chips/100 (90% interval {lo:+.1f} to {hi:+.1f})")


def no_leak(report: SeasonReport) -> str:
    return (f"None: no line has at least {_opportunities(report.min_hands)} and a cost "
            "whose 90% interval lies below zero.")


def running(report: SeasonReport) -> list[tuple[str, str, list[str]]]:
    """(evening, date, each player's running net) after each evening, in the chart's
    player order."""
    c = report.chart
    return [(e.name or f"session {e.session}", (e.date or "")[:10],
             [signed(c.nets[p][e.evening]) for p in c.players]) for e in c.evenings]
