"""A season in plain lines for a chat app (``loo export --season NAME --format text``):
the Markdown form's content without tables."""

from __future__ import annotations

from loo_ledger.domain.rules.chips import signed
from loo_ledger.services.analysis.season_report import SeasonReport, Standing
from loo_ledger.services.reports import season_cells as w


def _plain(text: str) -> str:
    """One line: any run of white space (a newline in a name) becomes a space."""
    return " ".join(text.split())


def _standing(p: Standing, lou: bool) -> str:
    """``1. Ben (▲1): +15 chips in 8 hands over 4 evenings, +187.5 per 100; stand 50%,
    loo 14%, whole pools 0; best +15, worst -18; rating 27.4 ± 7.1``."""
    cash = w.money_(p)
    per = "-" if p.per_100 is None else f"{p.per_100:+.1f}"
    loo, whole = ("burns", "pots won") if lou else ("loo", "whole pools")
    return (f"{p.place}. {_plain(p.player)} ({w.change(p.change)}): {signed(p.net)} chips"
            + (f" ({cash})" if cash else "")
            + f" in {p.hands} hand{'s' * (p.hands != 1)} over {p.evenings} "
            f"evening{'s' * (p.evenings != 1)}, "
            f"{per} per 100; stand {w.pct(p.stand_rate)}, {loo} {w.pct(p.loo_rate)}, "
            f"{whole} {p.whole_pools}; best {signed(p.best)}, worst {signed(p.worst)}; "
            f"rating {w.rating(p)}")


def summary(report: SeasonReport) -> str:
    """The whole season as plain lines."""
    lou = report.game == "lou"
    lines = [_plain(w.title(report)), w.head(report), "", "Standings (change: places since "
             "the previous evening; rating: OpenSkill, mu ± sigma):"]
    lines += [_standing(p, lou) for p in report.standings] or ["No hands: nothing to stand."]
    players = [_plain(p) for p in report.chart.players]
    lines += ["", "Running nets after each evening:"]
    lines += [f"- {_plain(name)}" + (f" ({date})" if date else "") + ": "
              + ", ".join(f"{p} {n}" for p, n in zip(players, nets, strict=True))
              for name, date, nets in w.running(report)]
    lines += ["", f"Leaks worth mentioning ({w.leak_rule(report)}):"]
    lines += [f"- {_plain(w.leak(m))}" for m in report.leaks] or [f"- {w.no_leak(report)}"]
    lines += ["", "Evenings:"]
    lines += [f"- {_plain(ev.text)}" for ev in report.evenings]
    return "\n".join(lines) + "\n"
