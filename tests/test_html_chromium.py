"""The exported HTML page in a real browser: headless Chromium draws it and reads its DOM.

Chromium as tests/chromium_kit.py runs it (skipped, saying so, where it is not installed,
unless LOO_REQUIRE_CHROMIUM=1); the page must not need the network anyway. The screenshot
is checked for not being blank and for the chart colours painted.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from chromium_kit import chromium as _chromium
from chromium_kit import needs_chromium
from chromium_kit import pixels as _pixels

from loo_ledger.services.reports.svg import PALETTE

pytestmark = needs_chromium
SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "three-card-mixed-friday.json"


@pytest.fixture(scope="module")
def page(loo, tmp_path_factory) -> Path:
    """The sample evening exported as a page, once for the module (the tests only read it)."""
    folder = tmp_path_factory.mktemp("page")
    db = folder / "loo.db"
    assert loo(db, "import", SAMPLE).exit_code == 0
    page = folder / "evening.html"
    result = loo(db, "export", "--format", "html", "-o", page)
    assert result.exit_code == 0, result.output
    return page


@pytest.fixture(scope="module")
def drawn(page, tmp_path_factory) -> tuple[bytes, str]:
    """(the screenshot at 1200×1600, the DOM): one Chromium run draws the page and dumps
    its DOM (the DOM does not depend on the window's size)."""
    folder = tmp_path_factory.mktemp("drawn")
    shot = folder / "shot.png"
    dom = _chromium(folder, f"--screenshot={shot}", "--window-size=1200,1600", "--dump-dom",
                    page.as_uri()).stdout
    assert shot.exists()
    return shot.read_bytes(), dom


def test_chromium_paints_the_page(drawn):
    png = drawn[0]
    assert len(png) > 10_000
    width, height, pixels = _pixels(png)
    assert (width, height) == (1200, 1600)
    colours = set(pixels)
    assert len(colours) > 50  # text, tables, lines: far from a blank page
    non_white = len(pixels) - pixels.count(b"\xff\xff\xff")
    assert non_white > len(pixels) // 50
    for hex_colour in PALETTE[:6]:  # the six players' lines and legend swatches
        assert bytes.fromhex(hex_colour[1:]) in colours, hex_colour


def test_chromium_dom_has_both_charts(drawn):
    dom = drawn[1]
    assert dom.count("<svg") == 2 * 2  # each chart in the desk's layout and the phone's
    assert dom.count("<polyline") == 2 * (6 + 1)  # six players, the pool
    assert "Margaret" in dom and "<script" not in dom


#: A page holding the export in a 360-px frame (headless Chromium's windows are at least
#: 500 px wide) that measures it once drawn and writes what it found into its own DOM.
FRAME = """<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="evening.html" style="width:360px;height:740px;border:0"></iframe>
<script>
document.getElementById("f").addEventListener("load", () => {
  const doc = document.getElementById("f").contentDocument, root = doc.documentElement;
  const box = e => e.getBoundingClientRect();
  const out = {scrollWidth: root.scrollWidth, innerWidth: doc.defaultView.innerWidth,
    charts: [...doc.querySelectorAll("svg.chart")].map(s => ({
      layout: s.classList[1], left: box(s).left, width: box(s).width,
      viewBox: s.viewBox.baseVal.width})),
    table: [...doc.querySelectorAll(".wide")].map(w => ({
      width: box(w).width, scrollWidth: w.scrollWidth,
      overflow: getComputedStyle(w).overflowX}))};
  document.body.insertAdjacentHTML("beforeend",
    "<pre id=measured>" + JSON.stringify(out) + "</pre>");
});
</script></body></html>"""


def test_the_page_reads_on_a_360_px_phone(page, tmp_path):
    """At 360 px: nothing wider than the screen (the page does not scroll sideways); the
    phone's charts shown across the screen, drawn at their own size or nearly (so their
    12-px text stays at least 10 px), the desk's hidden; the hands' table scrolls sideways
    in its own box."""
    import json
    import re
    frame = page.with_name("frame.html")
    frame.write_text(FRAME, encoding="utf-8")
    dom = _chromium(tmp_path, "--allow-file-access-from-files", "--virtual-time-budget=10000",
                    "--dump-dom", frame.as_uri()).stdout
    found = re.search(r"<pre id=\"measured\">(.*?)</pre>", dom)
    assert found, dom[-2000:]
    m = json.loads(found.group(1))
    assert m["innerWidth"] == 360 and m["scrollWidth"] <= 360
    shown = [c for c in m["charts"] if c["width"]]
    assert [c["layout"] for c in shown] == ["phone", "phone"]
    assert [c["layout"] for c in m["charts"] if not c["width"]] == ["desk", "desk"]
    for chart in shown:
        assert chart["left"] >= 0 and 300 <= chart["width"] <= 360 - chart["left"]
        assert 12 * chart["width"] / chart["viewBox"] >= 10
    hands = m["table"][-1]
    assert hands["overflow"] == "auto" and hands["width"] <= 360
    assert hands["scrollWidth"] > hands["width"]  # six players' columns: it scrolls
