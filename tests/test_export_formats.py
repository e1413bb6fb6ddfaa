"""loo export --format csv|md|html: the same numbers as --json, and safe text.

The csv is read back with Python's csv module and compared, hand by hand and
player by player, with ``loo hands --json`` and ``loo balances --json`` for the
four sample evenings. A session whose players have hostile names (a spreadsheet
formula, HTML, a Markdown table pipe) checks the escaping of every format.
"""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest

from loo_ledger.domain.rules.money import money_text, signed
from loo_ledger.services.reports.csvout import cell

SAMPLES = sorted((Path(__file__).parent.parent / "sample_sessions").glob("*.json"))
EVIL = {"A": '=HYPERLINK("http://evil.example/","x")', "B": "+Ben",
        "C": "@Cat <script>alert(1)</script>", "D": '-Dov | "Co" & sons'}
EVIL_NOTE = "<img src=x onerror=alert(1)> & 'quotes' http://evil.example/"


@pytest.fixture(scope="module")
def samples_db(tmp_path_factory) -> Path:
    """The four sample evenings, sessions 1 to 4 in file-name order."""
    from typer.testing import CliRunner

    from loo_ledger.cli import app
    db = tmp_path_factory.mktemp("samples") / "loo.db"
    result = CliRunner().invoke(app, ["--db", str(db), "import", *map(str, SAMPLES)])
    assert result.exit_code == 0, result.output
    return db


@pytest.fixture
def evil_db(tmp_path, loo, good_session, save) -> Path:
    """tests/conftest.py's GOOD_SESSION with the players renamed to EVIL and a note."""
    s = good_session
    s["players"] = [EVIL[p] for p in s["players"]]
    s["first_dealer"] = EVIL[s["first_dealer"]]
    for hand in s["hands"]:
        for key in ("tricks", "declarations"):
            if key in hand:
                hand[key] = {EVIL[p]: v for p, v in hand[key].items()}
    s["hands"][0]["note"] = EVIL_NOTE
    db = tmp_path / "evil.db"
    result = loo(db, "import", save(tmp_path / "evil.json", s))
    assert result.exit_code == 0, result.output
    return db


def _json(loo, db, *args):
    result = loo(db, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _csv(loo, db, *args) -> list[dict]:
    result = loo(db, "export", "--format", "csv", *args)
    assert result.exit_code == 0, result.output
    return list(csv.DictReader(io.StringIO(result.stdout, newline="")))


@pytest.mark.parametrize("sid", range(1, len(SAMPLES) + 1))
def test_csv_rows_are_the_hands_json(loo, samples_db, sid):
    hands = _json(loo, samples_db, "hands", "--session", sid)
    balances = _json(loo, samples_db, "balances", "--session", sid)
    players = [p["name"] for p in balances["players"]]
    rows = _csv(loo, samples_db, "--session", sid)
    expected, running = [], dict.fromkeys(players, 0)
    for h in hands:
        rec = h["record"]
        for p in players:
            if p in h["deltas"]:
                running[p] += h["deltas"][p]
                expected.append({
                    "session": str(sid), "hand": str(h["number"]), "dealer": h["dealer"],
                    "player": p, "declaration": (rec.get("declarations") or {}).get(p, ""),
                    "tricks": str((rec.get("tricks") or {}).get(p, 0)),
                    "change": str(h["deltas"][p]), "running_net": str(running[p]),
                    "pool_after": str(h["pool_after"])})
    assert rows == expected
    assert running == {p["name"]: p["net"] for p in balances["players"]}
    assert int(rows[-1]["pool_after"]) == balances["pool"]


@pytest.mark.parametrize("sid", range(1, len(SAMPLES) + 1))
def test_csv_summary_is_the_balances_json(loo, samples_db, sid):
    balances = _json(loo, samples_db, "balances", "--session", sid)
    hands = _json(loo, samples_db, "hands", "--session", sid)
    rows = _csv(loo, samples_db, "--session", sid, "--summary")
    assert [r["kind"] for r in rows] == ["player"] * len(balances["players"]) + ["pool"]
    for row, p in zip(rows, balances["players"], strict=False):
        assert (row["player"], int(row["net"])) == (p["name"], p["net"])
        assert Decimal(row["money"]) == Decimal(p["money"])
        assert int(row["hands"]) == sum(p["name"] in h["deltas"] for h in hands)
    pool = rows[-1]
    assert int(pool["net"]) == balances["pool"]
    value = balances["unit"]["value"]
    assert Decimal(pool["money"]) == Decimal(balances["pool"]) * Decimal(value)


def test_csv_escapes_formulas_in_text_but_not_negative_numbers(loo, evil_db):
    rows = _csv(loo, evil_db)
    names = {r["player"] for r in rows} | {r["dealer"] for r in rows}
    assert names == {"'" + n for n in EVIL.values()}
    changes = [r["change"] for r in rows]
    assert "-9" in changes and all(not c.startswith("'") for c in changes)
    assert [int(c) for c in changes]  # every change is a plain number
    summary = _csv(loo, evil_db, "--summary")
    assert summary[3]["player"] == "'" + EVIL["D"]
    assert (summary[3]["net"], summary[3]["money"]) == ("-15", "-0.75")


def test_cell_escapes_every_formula_start():
    for start in ("=", "+", "-", "@", "\t", "\r"):
        assert cell(start + "1") == "'" + start + "1"
    assert cell("Ann") == "Ann" and cell("") == ""
    assert cell(-3) == -3 and cell(Decimal("-0.75")) == Decimal("-0.75")


def test_summary_only_with_csv(loo, samples_db):
    result = loo(samples_db, "export", "--format", "md", "--summary")
    assert result.exit_code == 2


def test_output_file_is_stdout(loo, samples_db, tmp_path):
    for fmt in ("csv", "md", "html"):
        out = tmp_path / f"x.{fmt}"
        assert loo(samples_db, "export", "-f", fmt, "-o", out).exit_code == 0
        assert out.read_bytes() == loo(samples_db, "export", "-f", fmt).stdout_bytes


def test_md_has_the_final_balances(loo, samples_db):
    for sid in range(1, len(SAMPLES) + 1):
        md = loo(samples_db, "export", "-f", "md", "-s", sid).stdout
        balances = _json(loo, samples_db, "balances", "--session", sid)
        unit = balances["unit"]
        for p in balances["players"]:
            cash = money_text(Decimal(p["money"]), unit["currency"])
            assert f"| {p['name']} | {signed(p['net'])} | {cash} |" in md
        lou = unit["name"] == "cent"  # Lou speaks of a pot (issue 8: every game in its words)
        assert f"| *{'pot' if lou else 'pool'}* | {balances['pool']} |" in md
        assert md.startswith("# ") and "Biggest pot:" in md


def test_md_escapes_names(loo, evil_db):
    md = loo(evil_db, "export", "-f", "md").stdout
    row = next(line for line in md.splitlines() if "Dov" in line and line.startswith("|"))
    assert row == r'| -Dov \| "Co" & sons | -15 | -£0.75 |'
    assert r"@Cat \<script\>alert(1)\</script\>" in md


class _Tags(HTMLParser):
    """Every start tag and its attributes."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def _tags(page: str) -> list[tuple[str, dict]]:
    parser = _Tags()
    parser.feed(page)
    return parser.tags


def test_html_refers_to_nothing_outside(loo, samples_db):
    page = loo(samples_db, "export", "-f", "html").stdout
    for bad in ("http://", "https://", "src=", "href=", "url(", "@import", "//"):
        assert bad not in page
    assert page.count("<svg") == 2 * 2  # each chart laid out for a desk and for a phone
    tags = _tags(page)
    assert not {t for t, _ in tags} & {"script", "link", "img", "iframe", "object", "embed"}
    players = _json(loo, samples_db, "balances")["players"]
    assert sum(t == "polyline" for t, _ in tags) == 2 * (len(players) + 1)
    assert "<style>" in page


def test_html_escapes_names_and_notes(loo, evil_db):
    page = loo(evil_db, "export", "-f", "html").stdout
    tags = _tags(page)
    assert [t for t, _ in tags].count("svg") == 2 * 2
    assert not {t for t, _ in tags} & {"script", "img", "b", "a", "link"}
    for _, attrs in tags:
        assert not set(attrs) & {"src", "href", "srcset", "action", "onerror", "xlink:href"}
        assert not any("://" in (v or "") for v in attrs.values())
    for name in EVIL.values():
        assert name not in page if any(c in name for c in "<&\"") else name in page
    assert "@Cat &lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "-Dov | &quot;Co&quot; &amp; sons" in page
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; &#x27;quotes&#x27;" in page
