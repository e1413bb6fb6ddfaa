"""Headless Chromium for the tests that draw a page in a real browser (a helper module, not
a test module): tests/test_html_chromium.py (the exported page) and
tests/test_serve_browser.py (`loo serve`'s page).

Needs Chromium (``chromium`` on the PATH; Debian: ``apt-get install -y chromium``). Where it
is not installed the tests marked :data:`needs_chromium` are skipped, saying so, unless
``LOO_REQUIRE_CHROMIUM=1`` (set by .ci/run, which installs it): then they fail. Chromium
runs with networking features off and a throw-away profile. :func:`pixels` decodes a
screenshot with zlib (PNG, 8-bit RGB or RGBA).
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

FOUND = shutil.which("chromium") or shutil.which("chromium-browser")
REQUIRED = os.environ.get("LOO_REQUIRE_CHROMIUM") == "1"
needs_chromium = pytest.mark.skipif(
    FOUND is None and not REQUIRED,
    reason="Chromium is not installed (apt-get install chromium); set LOO_REQUIRE_CHROMIUM=1 "
           "to make this a failure")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """Chromium run once with :data:`FLAGS`, a fresh profile in ``tmp_path`` and ``args``."""
    assert FOUND, ("headless Chromium is needed (LOO_REQUIRE_CHROMIUM=1): apt-get install -y "
                   "chromium (.ci/run installs it)")
    profile = tmp_path / "profile"
    profile.mkdir(exist_ok=True)
    result = subprocess.run([FOUND, *FLAGS, f"--user-data-dir={profile}", *args],
                            capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    return result


def pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, every pixel's RGB bytes) of an 8-bit, non-interlaced RGB/RGBA PNG."""
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

