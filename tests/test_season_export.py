"""The season to share (issue 24, item 5): its chart and its export, on the April season
(tests/season_kit.py; every evening, the standings and each leak line worked by hand in
tests/test_leaks_season.py's docstring).

The running nets, evening by evening (E1..E4 nets Ann +3/+12/-9/+6, Ben +15/-18/+6/+12,
Cat -18/-3/+3/-27):
    Ann 0, 3, 15, 6, 12;  Ben 0, 15, -3, 3, 15;  Cat 0, -18, -21, -18, -45.
Each evening: two hands, the largest pool 18 (the double second hand: 9 carried + 9).
The standings (places, changes, nets, per 100, best and worst from the worked season):
    stand rate (of the hands declared in, the four double hands): Ann stands in E1, E2, E4
    (3 of 4, 75%); Ben in E1 and E3 (E4 is a miss: 2 of 4, 50%); Cat in E2, E3, E4 (75%).
    loo rate (of the hands played): Ann played 7 (not E3 h2), looed once (E3 h1): 1/7 =
    14%; Ben played 7 (not E2 h2), looed once (E2 h1): 14%; Cat played 7 (not E1 h2),
    looed in E1 h1, E2 h2, E4 h1 and h2: 4/7 = 57%. Whole pools: Ann 1 (E2 h2).
The leaks worth mentioning, at one opportunity a line (services/analysis/season_report.py:
the interval wholly below zero; from the worked costs): a line whose choices are all alike
resamples to itself, so its interval is its cost --
    Ann: L1 (pass, n 1) -37.5, L7 (stand 2 of 2) -12.5; Ben: L4 (pass, n 1) -150,
    L8 (pass, n 1) -100; Cat: L7 (stand 2 of 2) -7.5.
Left out: Ben L7 and the rest have a cost of 0 or more; Cat L6 and L2 (pass 1, stand 1)
resample to 0, 1 or 2 stands, a quarter of the draws each at the ends, so their intervals
run from -150 and -112.5 up to 0, which they do not lie below.
The ratings are OpenSkill's (the standings' own test, tests/test_season_standings.py, has
their order); here they are read from the standings service to fill their cells.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import season_kit

from loo_ledger.services.analysis.filters import Filters
from loo_ledger.services.analysis.season_report import season_chart, season_report
from loo_ledger.services.analysis.standings import standings
from loo_ledger.services.reports import season_html, season_md, season_text
from loo_ledger.store.ledger import Ledger

NETS = {"Ann": (0, 3, 15, 6, 12), "Ben": (0, 15, -3, 3, 15), "Cat": (0, -18, -21, -18, -45)}
LEAKS = [
    "Ann stands from the eldest seat in a double pool, nobody stood before: 0% of the time, "
    "the winners 100% (n 1): -37.5 chips/100 (90% interval -37.5 to -37.5)",
    "Ann takes the miss in a double pool: 0% of the time, the winners 33% (n 2): -12.5 "
    "chips/100 (90% interval -12.5 to -12.5)",
    "Ben stands from the dealer's seat in a double pool, 2 stood before: 0% of the time, the "
    "winners 100% (n 1): -150.0 chips/100 (90% interval -150.0 to -150.0)",
    "Ben passes as dealer once someone stood (not stand or defend), in a double pool: 100% of "
    "the time, the winners 0% (n 1): -100.0 chips/100 (90% interval -100.0 to -100.0)",
    "Cat takes the miss in a double pool: 0% of the time, the winners 20% (n 2): -7.5 "
    "chips/100 (90% interval -7.5 to -7.5)"]
EVENINGS = ["2026-04-03 E1: Ben +15, Ann +3, Cat -18 (2 hands, the largest pool 18)",
            "2026-04-10 E2: Ann +12, Cat -3, Ben -18 (2 hands, the largest pool 18)",
            "2026-04-17 E3: Ben +6, Cat +3, Ann -9 (2 hands, the largest pool 18)",
            "2026-04-24 E4: Ben +12, Ann +6, Cat -27 (2 hands, the largest pool 18)"]
RULE = ("lines with at least {n} whose cost's 90% interval lies below zero, at most 3 a "
        "player, the dearest first; the cost is in chips per 100 hands against the winning "
        "players' choices, as 'loo leaks' works it out")


@pytest.fixture(scope="module")
def april(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from typer.testing import CliRunner

    from loo_ledger.cli import app
    runner = CliRunner()

    def loo(db: Path, *args: str) -> Any:
        return runner.invoke(app, ["--db", str(db), *args], env={"COLUMNS": "200"})
    return season_kit.april(loo, tmp_path_factory.mktemp("season") / "april.db")


@pytest.fixture(scope="module")
def ratings(april: Path) -> dict[str, str]:
    """Each player's rating cell, from the standings service (see the docstring)."""
    ledger = Ledger.open(april)
    try:
        rows = standings(ledger, only=Filters(season="April"))["players"]
    finally:
        ledger.close()
    return {p["player"]: f"{p['rating']['mu']:.1f} ± {p['rating']['sigma']:.1f}" for p in rows}


def report(db: Path, min_hands: int | None = 1) -> Any:
    ledger = Ledger.open(db)
    try:
        return season_report(ledger, Filters(season="April"), min_hands=min_hands)
    finally:
        ledger.close()


def test_the_chart_has_a_point_an_evening(april: Path) -> None:
    ledger = Ledger.open(april)
    try:
        chart = season_chart(ledger, Filters(season="April"))
    finally:
        ledger.close()
    assert chart.players == ("Ann", "Ben", "Cat") and chart.nets == NETS
    assert [(e.evening, e.name, (e.date or "")[:10]) for e in chart.evenings] == [
        (1, "E1", "2026-04-03"), (2, "E2", "2026-04-10"), (3, "E3", "2026-04-17"),
        (4, "E4", "2026-04-24")]
    assert chart.title == "season April" and chart.season == "April"


def test_the_report_holds_what_was_worked(april: Path) -> None:
    got = report(april)
    assert [(p.player, p.place, p.change, p.stand_rate, p.loo_rate, p.whole_pools)
            for p in got.standings] == [("Ben", 1, 1, 0.5, 0.1429, 0),
                                        ("Ann", 2, -1, 0.75, 0.1429, 1),
                                        ("Cat", 3, 0, 0.75, 0.5714, 0)]
    assert [(m.player, m.cost, m.ci) for m in got.leaks] == [
        ("Ann", -37.5, (-37.5, -37.5)), ("Ann", -12.5, (-12.5, -12.5)),
        ("Ben", -150.0, (-150.0, -150.0)), ("Ben", -100.0, (-100.0, -100.0)),
        ("Cat", -7.5, (-7.5, -7.5))]
    assert [e.text for e in got.evenings] == EVENINGS
    # at the default 30 opportunities, no line of eight hands a player is enough
    assert report(april, None).leaks == ()


def test_markdown(april: Path, ratings: dict[str, str]) -> None:
    r = ratings
    assert season_md.summary(report(april)) == "\n".join([
        "# Season April", "",
        "4 evenings, 2026-04-03 to 2026-04-24, 8 hands", "",
        "## Standings", "",
        "| Place | Change | Player | Evenings | Hands | Net | Per 100 | Stand | Loo | "
        "Whole pools | Best | Worst | Rating |",
        "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
        "| ---: |",
        f"| 1 | ▲1 | Ben | 4 | 8 | +15 | +187.5 | 50% | 14% | 0 | +15 | -18 | {r['Ben']} |",
        f"| 2 | ▼1 | Ann | 4 | 8 | +12 | +150.0 | 75% | 14% | 1 | +12 | -9 | {r['Ann']} |",
        f"| 3 | = | Cat | 4 | 8 | -45 | -562.5 | 75% | 57% | 0 | +3 | -27 | {r['Cat']} |",
        "",
        "Change: places since the previous evening. Rating: OpenSkill (Plackett-Luce), each "
        "evening a match ranked by net chips, as mu ± sigma.", "",
        "## Running nets, evening by evening", "",
        "| Evening | Date | Ann | Ben | Cat |",
        "| --- | --- | ---: | ---: | ---: |",
        "| E1 | 2026-04-03 | +3 | +15 | -18 |",
        "| E2 | 2026-04-10 | +15 | -3 | -21 |",
        "| E3 | 2026-04-17 | +6 | +3 | -18 |",
        "| E4 | 2026-04-24 | +12 | +15 | -45 |", "",
        "## Leaks worth mentioning", "",
        "L" + RULE.format(n="1 opportunity")[1:] + ".", "",
        *(f"- {line}" for line in LEAKS), "",
        "## Evenings", "",
        *(f"- {line}" for line in EVENINGS), ""])


def test_text(april: Path, ratings: dict[str, str]) -> None:
    r = ratings
    assert season_text.summary(report(april, None)) == "\n".join([
        "Season April",
        "4 evenings, 2026-04-03 to 2026-04-24, 8 hands", "",
        "Standings (change: places since the previous evening; rating: OpenSkill, "
        "mu ± sigma):",
        "1. Ben (▲1): +15 chips in 8 hands over 4 evenings, +187.5 per 100; stand 50%, "
        f"loo 14%, whole pools 0; best +15, worst -18; rating {r['Ben']}",
        "2. Ann (▼1): +12 chips in 8 hands over 4 evenings, +150.0 per 100; stand 75%, "
        f"loo 14%, whole pools 1; best +12, worst -9; rating {r['Ann']}",
        "3. Cat (=): -45 chips in 8 hands over 4 evenings, -562.5 per 100; stand 75%, "
        f"loo 57%, whole pools 0; best +3, worst -27; rating {r['Cat']}", "",
        "Running nets after each evening:",
        "- E1 (2026-04-03): Ann +3, Ben +15, Cat -18",
        "- E2 (2026-04-10): Ann +15, Ben -3, Cat -21",
        "- E3 (2026-04-17): Ann +6, Ben +3, Cat -18",
        "- E4 (2026-04-24): Ann +12, Ben +15, Cat -45", "",
        f"Leaks worth mentioning ({RULE.format(n='30 opportunities')}):",
        "- None: no line has at least 30 opportunities and a cost whose 90% interval lies "
        "below zero.", "",
        "Evenings:",
        *(f"- {line}" for line in EVENINGS), ""])


class _Page(HTMLParser):
    """The page's headings, table rows, list items by list class, and SVG figures."""

    def __init__(self) -> None:
        super().__init__()
        self.h2: list[str] = []
        self.rows: list[list[str]] = []
        self.items: dict[str, list[str]] = {}
        self.svgs: list[str] = []
        self.lines: list[tuple[str, int]] = []   # (the series' name, its points)
        self.tags: list[str] = []
        self._text: list[str] | None = None
        self._row: list[str] | None = None
        self._list = ""
        self._points = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        if tag in ("h2", "td", "th", "li", "title"):
            self._text = []
        if tag == "tr":
            self._row = []
        if tag == "ul":
            self._list = a.get("class") or ""
        if tag == "svg":
            self.svgs.append(a.get("class") or "")
        if tag == "polyline":
            self._points = len((a.get("points") or "").split())

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        text = "".join(self._text or [])
        if tag == "h2":
            self.h2.append(text)
        elif tag in ("td", "th") and self._row is not None:
            self._row.append(text)
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None
        elif tag == "li":
            self.items.setdefault(self._list, []).append(text)
        elif tag == "title" and self._points:
            self.lines.append((text, self._points))
            self._points = 0
        if tag in ("h2", "td", "th", "li", "title"):
            self._text = None


def test_html(april: Path, ratings: dict[str, str]) -> None:
    text = season_html.page(report(april))
    page = _Page()
    page.feed(text)
    assert page.h2 == ["Standings", "Running nets, evening by evening",
                       "Leaks worth mentioning", "Evenings"]
    assert page.rows[1:4] == [
        ["1", "▲1", "Ben", "4", "8", "+15", "+187.5", "50%", "14%", "0", "+15", "-18",
         ratings["Ben"]],
        ["2", "▼1", "Ann", "4", "8", "+12", "+150.0", "75%", "14%", "1", "+12", "-9",
         ratings["Ann"]],
        ["3", "=", "Cat", "4", "8", "-45", "-562.5", "75%", "57%", "0", "+3", "-27",
         ratings["Cat"]]]
    assert page.rows[4:] == [["evening", "date", "Ann", "Ben", "Cat"],
                             ["E1", "2026-04-03", "+3", "+15", "-18"],
                             ["E2", "2026-04-10", "+15", "-3", "-21"],
                             ["E3", "2026-04-17", "+6", "+3", "-18"],
                             ["E4", "2026-04-24", "+12", "+15", "-45"]]
    assert page.items == {"leaks": LEAKS, "evenings": EVENINGS}
    # the chart twice (a desk's and a phone's), each a line of five points a player
    assert page.svgs == ["chart desk", "chart phone"]
    assert page.lines == [(p, 5) for p in ("Ann", "Ben", "Cat")] * 2
    assert "Content-Security-Policy" in text and "<script" not in text
    assert not re.search(r"(src|href)=", text)


def test_export_and_chart_of_a_season(loo: Any, tmp_path: Path) -> None:
    """The command line: loo chart --season and loo export --season (default 30 hands)."""
    db = season_kit.april(loo, tmp_path / "april.db")
    out = loo(db, "chart", "--season", "April", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert {p: tuple(pt["net"][p] for pt in data["series"]) for p in data["players"]} == NETS
    out = loo(db, "chart", "--season", "April")
    assert out.exit_code == 0, out.output
    assert "season April" in out.stdout and "E4" in out.stdout
    md = loo(db, "export", "--season", "April", "--format", "md")
    assert md.exit_code == 0, md.output
    assert md.stdout.startswith("# Season April\n") and EVENINGS[3] in md.stdout
    assert "- None: no line has at least 30 opportunities" in md.stdout
    text = loo(db, "export", "--season", "April", "--format", "text")
    assert text.exit_code == 0 and text.stdout.startswith("Season April\n")
    html = loo(db, "export", "--season", "April", "--format", "html", "-o",
               str(tmp_path / "april.html"))
    assert html.exit_code == 0, html.output
    assert "<h1>Season April</h1>" in (tmp_path / "april.html").read_text(encoding="utf-8")
    # a session file is one evening's: the season's four are refused (csv: their hands)
    bad = loo(db, "export", "--season", "April", "--format", "json")
    assert bad.exit_code == 2 and "writes one session" in bad.output
    missing = loo(db, "export", "--season", "May", "--format", "md")
    assert missing.exit_code == 1 and "May" in missing.output


def test_money_in_the_season(loo: Any, tmp_path: Path) -> None:
    """One evening at 0.05 GBP a chip, Cat deals a simple pool of 9 (3 a trick): Ann 2
    tricks +6 (£0.30), Ben 1 +3 (£0.15), Cat none -9 ante -9 loo = -18 (-£0.90); per 100
    hands +600.0, +300.0, -1800.0; every word forced (no stand rate); Cat looed 1 of 1."""
    db = tmp_path / "money.db"
    for args in (("new", "E1", "--players", "Ann,Ben,Cat", "--dealer", "Cat", "--when",
                  "2026-03-06 20:00", "--unit-value", "0.05", "--currency", "GBP"),
                 ("hand", "Ann=2", "Ben=1", "Cat=0"),
                 ("season", "new", "March", "--since", "2026-03-01")):
        out = loo(db, *args)
        assert out.exit_code == 0, out.output
    ledger = Ledger.open(db)
    try:
        got = season_report(ledger, Filters(season="March"))
        mu = {p.player: f"{p.rating.mu:.1f} ± {p.rating.sigma:.1f}" for p in got.standings}
    finally:
        ledger.close()
    text = season_text.summary(got).splitlines()
    assert text[4:7] == [
        "1. Ann (new): +6 chips (£0.30) in 1 hand over 1 evening, +600.0 per 100; stand -, "
        f"loo 0%, whole pools 0; best +6, worst +6; rating {mu['Ann']}",
        "2. Ben (new): +3 chips (£0.15) in 1 hand over 1 evening, +300.0 per 100; stand -, "
        f"loo 0%, whole pools 0; best +3, worst +3; rating {mu['Ben']}",
        "3. Cat (new): -18 chips (-£0.90) in 1 hand over 1 evening, -1800.0 per 100; "
        f"stand -, loo 100%, whole pools 0; best -18, worst -18; rating {mu['Cat']}"]
    md = season_md.summary(got).splitlines()
    assert md[6:9] == [
        "| Place | Change | Player | Evenings | Hands | Net | Money | Per 100 | Stand | Loo | "
        "Whole pools | Best | Worst | Rating |",
        "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
        "---: | ---: |",
        f"| 1 | new | Ann | 1 | 1 | +6 | £0.30 | +600.0 | - | 0% | 0 | +6 | +6 | {mu['Ann']} |"]
