"""The exported HTML page in a real browser: headless Chromium draws it and reads its DOM.

Chromium as tests/chromium_kit.py runs it (skipped, saying so, where it is not installed,
unless LOO_REQUIRE_CHROMIUM=1); the page must not need the network anyway. The screenshot
is checked for not being blank and for the chart colours painted.
"""

from __future__ import annotations

from pathlib import Path

from chromium_kit import chromium as _chromium
from chromium_kit import needs_chromium
from chromium_kit import pixels as _pixels

from loo_ledger.services.reports.svg import PALETTE

pytestmark = needs_chromium
SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "three-card-mixed-friday.json"


def _page(loo, tmp_path) -> Path:
    db = tmp_path / "loo.db"
    assert loo(db, "import", SAMPLE).exit_code == 0
    page = tmp_path / "evening.html"
    result = loo(db, "export", "--format", "html", "-o", page)
    assert result.exit_code == 0, result.output
    return page


def test_chromium_paints_the_page(loo, tmp_path):
    page, shot = _page(loo, tmp_path), tmp_path / "shot.png"
    _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1200,1600", page.as_uri())
    assert shot.exists() and shot.stat().st_size > 10_000
    width, height, pixels = _pixels(shot.read_bytes())
    assert (width, height) == (1200, 1600)
    colours = set(pixels)
    assert len(colours) > 50  # text, tables, lines: far from a blank page
    non_white = sum(p != b"\xff\xff\xff" for p in pixels)
    assert non_white > len(pixels) // 50
    for hex_colour in PALETTE[:6]:  # the six players' lines and legend swatches
        assert bytes.fromhex(hex_colour[1:]) in colours, hex_colour


def test_chromium_dom_has_both_charts(loo, tmp_path):
    page = _page(loo, tmp_path)
    dom = _chromium(tmp_path, "--dump-dom", page.as_uri()).stdout
    assert dom.count("<svg") == 2
    assert dom.count("<polyline") == 6 + 1  # six players, the pool
    assert "Margaret" in dom and "<script" not in dom
