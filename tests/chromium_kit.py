"""Headless Chromium for the tests that draw a page in a real browser (a helper module, not
a test module): tests/test_html_chromium.py (the exported page) and
tests/test_serve_browser.py (`loo serve`'s page).

Needs Chromium (``chromium`` on the PATH; Debian: ``apt-get install -y chromium``). Where it
is not installed the tests marked :data:`needs_chromium` are skipped, saying so, unless
``LOO_REQUIRE_CHROMIUM=1`` (set by .ci/run, which installs it): then they fail. Chromium
runs with networking features off and a throw-away profile. :func:`pixels` decodes a
screenshot with zlib (PNG, 8-bit RGB or RGBA); its filters are undone a line at a time,
Sub and Up as whole-line integers (a byte-by-byte loop took seconds on a page).
"""

from __future__ import annotations

import os
import re
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


def _unfilter(kind: int, line: bytes, prev: bytes, bpp: int) -> bytes:
    """One scanline with its PNG filter undone (``prev``: the line above, undone)."""
    if kind == 0:
        return line
    n = len(line)
    if kind in (1, 2):  # Sub, Up: a sum byte by byte (mod 256), as whole-line integers
        low, high = int.from_bytes(b"\x7f" * n, "big"), int.from_bytes(b"\x80" * n, "big")

        def add(x: int, y: int) -> int:
            return ((x & low) + (y & low)) ^ ((x ^ y) & high)

        x = int.from_bytes(line, "big")
        if kind == 2:
            x = add(x, int.from_bytes(prev, "big"))
        else:  # each byte plus the sum of the bytes bpp, 2 bpp, ... to its left
            shift = 8 * bpp
            while shift < 8 * n:
                x = add(x, x >> shift)
                shift *= 2
        return x.to_bytes(n, "big")
    out = bytearray(line)
    if kind == 3:
        for i in range(n):
            out[i] = (out[i] + ((out[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 255
        return bytes(out)
    for i in range(bpp):  # Paeth: a (left) and c (up-left) are 0 in the first pixel
        out[i] = (out[i] + prev[i]) & 255
    for i in range(bpp, n):
        a, b, c = out[i - bpp], prev[i], prev[i - bpp]
        if b == c:  # |p - a| = |b - c| = 0: a
            out[i] = (out[i] + a) & 255
        elif a == c:  # |p - b| = 0 < |p - a|: b
            out[i] = (out[i] + b) & 255
        else:
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - c - c)
            out[i] = (out[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    return bytes(out)


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
    raw, stride, rows, prev = zlib.decompress(data), width * bpp, [], bytes(width * bpp)
    for y in range(height):
        start = y * (stride + 1)
        prev = _unfilter(raw[start], raw[start + 1:start + 1 + stride], prev, bpp)
        rows.append(prev)
    rgb = b"".join(rows)
    if bpp == 4:  # the alpha bytes dropped, by slices
        rgba, rgb = rgb, bytearray(len(rgb) // 4 * 3)
        for i in range(3):
            rgb[i::3] = rgba[i::4]
    return width, height, RGB.findall(rgb)


RGB = re.compile(b"...", re.DOTALL)  # one pixel's three bytes (pixels: in C, not a loop)
