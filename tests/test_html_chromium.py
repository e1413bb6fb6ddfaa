"""The exported HTML page in a real browser: headless Chromium draws it and reads its DOM.

Needs Chromium (``chromium`` on the PATH; Debian: ``apt-get install -y chromium``). Where it
is not installed the tests are skipped, saying so, unless ``LOO_REQUIRE_CHROMIUM=1`` (set
by .ci/run, which installs it): then they fail. Chromium runs with networking features off
and a throw-away profile; the page must not need the network anyway.
The screenshot is decoded with zlib (PNG, 8-bit RGB or RGBA) to check that it is
not blank and that the chart colours were painted.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from loo_ledger.services.reports.svg import PALETTE

FOUND = shutil.which("chromium") or shutil.which("chromium-browser")
REQUIRED = os.environ.get("LOO_REQUIRE_CHROMIUM") == "1"
pytestmark = pytest.mark.skipif(
    FOUND is None and not REQUIRED,
    reason="Chromium is not installed (apt-get install chromium); set LOO_REQUIRE_CHROMIUM=1 "
           "to make this a failure")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "three-card-mixed-friday.json"


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    assert FOUND, ("headless Chromium is needed (LOO_REQUIRE_CHROMIUM=1): apt-get install -y "
                   "chromium (.ci/run installs it)")
    profile = tmp_path / "profile"
    profile.mkdir(exist_ok=True)
    result = subprocess.run([FOUND, *FLAGS, f"--user-data-dir={profile}", *args],
                            capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    return result


def _pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB(A) bytes) of an 8-bit, non-interlaced RGB/RGBA PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, header = 8, b"", None
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        body = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            data += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 3 if colour == 2 else 4
    raw, stride, rows, prev = zlib.decompress(data), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, [bytes(r[i:i + 3]) for r in rows for i in range(0, stride, bpp)]


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
