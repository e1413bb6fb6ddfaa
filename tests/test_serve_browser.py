"""Issue 23, part 2: `loo serve` as a phone sees it. The real command (uvicorn, on
127.0.0.1, a free port) serves headless Chromium at 390×844; the pool and the next dealer
are read back from the page's DOM and the layout is checked on a screenshot.

The figures are those of tests/test_serve.py's evening after hand 1 (tests/evenings.py),
worked by hand there: pool 18 white chips, Ann deals next. Chromium runs as
tests/chromium_kit.py runs it: skipped, saying so, where it is not installed (unless
LOO_REQUIRE_CHROMIUM=1).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from chromium_kit import chromium as _chromium
from chromium_kit import needs_chromium
from chromium_kit import pixels as _pixels
from evenings import friday_after_hand_1

PHONE = (390, 844)


@pytest.fixture
def evening(tmp_path: Path, loo) -> Path:
    return friday_after_hand_1(loo, tmp_path / "loo.db")


def _serve(db: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "loo_ledger", "--db", str(db), "serve",
                             "--port", "0", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _answers(address: str, deadline: float) -> bytes:
    """The page at ``address``, once the server answers (it listens before it prints, but
    uvicorn starts its loop after), or a failed test at ``deadline``."""
    while True:
        try:
            with urllib.request.urlopen(address, timeout=5) as page:
                return page.read()
        except (urllib.error.URLError, ConnectionError):
            assert time.monotonic() < deadline, f"loo serve never answered at {address}"


def _stop(server: subprocess.Popen) -> str:
    server.terminate()  # SIGTERM: uvicorn shuts down as for Ctrl-C
    _, err = server.communicate(timeout=30)
    return err


class Served(NamedTuple):
    """What `loo serve` printed: its first line, the address and the QR code's lines."""

    head: str
    address: str
    qr: list[str]


@pytest.fixture(scope="module")
def serving(tmp_path_factory: pytest.TempPathFactory, loo) -> Iterator[Served]:
    """One `loo serve` (as a person starts it: no --json) for the tests that only read its
    page, once it answers: what it printed."""
    evening = friday_after_hand_1(loo, tmp_path_factory.mktemp("served") / "loo.db")
    server = _serve(evening)
    try:
        assert server.stdout is not None
        head = server.stdout.readline()
        address = server.stdout.readline().strip()
        qr = [server.stdout.readline() for _ in range(3)]
        _answers(address, time.monotonic() + 60)
        yield Served(head, address, qr)
    finally:
        err = _stop(server)
    assert "Traceback" not in err, err


@pytest.fixture(scope="module")
def served(serving: Served) -> str:
    """The address of :func:`serving`'s server."""
    return serving.address


@pytest.fixture(scope="module")
def phone(served: str, tmp_path_factory: pytest.TempPathFactory):
    """``phone((width, height))``: (the screenshot, the DOM) of the served page at that
    window size: one Chromium run a size draws it and dumps its DOM, once for the module."""
    drawn: dict[tuple[int, int], tuple[bytes, str]] = {}

    def at(size: tuple[int, int]) -> tuple[bytes, str]:
        if size not in drawn:
            folder = tmp_path_factory.mktemp("phone")
            shot = folder / "phone.png"
            dom = _chromium(folder, f"--window-size={size[0]},{size[1]}", "--hide-scrollbars",
                            f"--screenshot={shot}", "--dump-dom", served).stdout
            drawn[size] = shot.read_bytes(), dom
        return drawn[size]

    return at


def test_loo_serve_prints_its_address_and_qr_code_and_serves_on_loopback(
        serving: Served) -> None:
    head, address, qr = serving
    assert head.startswith("The table, read only, for this computer only")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]{32}/", address)
    assert all(set(line.strip()) <= set("█▀▄ ") and len(line.strip()) > 20 for line in qr)
    page = _answers(address, time.monotonic() + 60).decode()
    assert 'id="pool-chips">18<' in page
    token = address.rstrip("/").rsplit("/", 1)[1]
    refused = address.replace(token, token[::-1])
    with pytest.raises(urllib.error.HTTPError) as no:
        urllib.request.urlopen(refused, timeout=5)
    no.value.close()
    assert no.value.code == 403


@needs_chromium
def test_a_phone_reads_the_pool_and_the_next_dealer(phone) -> None:
    dom = phone(PHONE)[1]
    assert re.search(r'id="pool-chips">18<', dom)
    assert re.search(r'id="next-dealer">Ann<', dom)
    assert re.search(r'id="next-pool">double<', dom)
    assert '<section id="last" aria-live="polite"' in dom


@needs_chromium
@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_the_layout_at_phone_size(phone, size) -> None:
    """A phone-sized screenshot (390×844, and the narrowest common phone, 360 wide): not
    blank, text drawn from the top (the title, the figures) down the page, and the page
    fits: the column at the right edge holds no text."""
    width, height, pixels = _pixels(phone(size)[0])
    assert (width, height) == size
    assert len(set(pixels)) > 20
    dark = [i for i, p in enumerate(pixels) if max(p) < 80]
    assert len(dark) > len(pixels) // 100  # large figures and text
    rows = {i // width for i in dark}
    assert min(rows) < 60 and max(rows) > height * 3 // 4  # from the title to the board
    assert not [i for i in dark if i % width >= width - 4]  # nothing runs off the right


@needs_chromium
def test_the_script_puts_each_part_in_place(served: str, tmp_path: Path) -> None:
    """live.js in Chromium, fed two events by a stand-in EventSource (a script file loaded
    before it): the first has the page's own version and changes nothing; the second puts
    its parts in place, keeping the live region's element (and its aria-live)."""
    with urllib.request.urlopen(served, timeout=10) as answer:
        page = answer.read().decode()
    with urllib.request.urlopen(served + "live.js", timeout=10) as answer:
        script = answer.read().decode()
    version = re.search(r'data-version="([^"]+)"', page).group(1)
    (tmp_path / "live.js").write_text(script, encoding="utf-8")
    (tmp_path / "fake.js").write_text("""
window.EventSource = function (url) {
  this.addEventListener = function (kind, listener) {
    if (kind !== "table") { return; }
    var parts = {head: "<h1>same</h1>", pool: "<p>same</p>", board: "", last: "", chart: ""};
    listener({data: JSON.stringify({version: "VERSION", hands: 1, title: "t1", parts: parts})});
    parts = {head: "<h1>Second</h1>", pool: '<span id="pool-chips">9</span>',
             board: "<p>board</p>", last: "<p>Hand 2 in words</p>", chart: ""};
    listener({data: JSON.stringify({version: "v2", hands: 2, title: "t2", parts: parts})});
  };
};
""".replace("VERSION", version), encoding="utf-8")
    harness = tmp_path / "page.html"
    harness.write_text(page.replace('<script src="live.js" defer>',
                                    '<script src="fake.js"></script><script src="live.js" '
                                    'defer>'), encoding="utf-8")
    dom = _chromium(tmp_path, "--dump-dom", harness.as_uri()).stdout
    assert 'data-version="v2"' in dom and 'data-hands="2"' in dom
    assert '<span id="pool-chips">9</span>' in dom and "<h1>Second</h1>" in dom
    assert ('<section id="last" aria-live="polite" aria-atomic="true"><p>Hand 2 in words'
            '</p></section>') in dom
    assert "<title>t2</title>" in dom and "same" not in dom


def test_ctrl_c_stops_it_even_with_pages_following(evening) -> None:
    """Ctrl-C (SIGINT) with an event stream open: the stream ends, the server stops with
    status 0 and no traceback (Ctrl-C is how it stops)."""
    import signal
    server = _serve(evening, "--json")
    assert server.stdout is not None
    address = json.loads(server.stdout.readline())["address"]
    _answers(address, time.monotonic() + 60)
    with urllib.request.urlopen(address + "events", timeout=30) as stream:
        assert b"event: table\n" in stream  # read up to the table, as it is now
        server.send_signal(signal.SIGINT)
        rest = stream.read()  # to its end: the server closed it
        _, err = server.communicate(timeout=30)
    assert rest.startswith(b"data: {") and rest.endswith(b"\n\n")
    assert server.returncode == 0, err
    assert "Traceback" not in err and "Error" not in err, err


def test_pixels_undoes_every_png_filter() -> None:
    """chromium_kit.pixels on a PNG written here, byte by byte as the PNG specification
    says: 16 pixels a line of bytes drawn from 0, 1, 2, 3, 128 and 255 (so that Paeth's ties
    come up), each filter (None, Sub, Up, Average, Paeth) on four lines, in RGB and in
    RGBA (the alpha byte dropped). The filtered byte is x - pred mod 256, pred being 0, a
    (left), b (up), (a + b) // 2 and Paeth's nearest of a, b, c to a + b - c (ties: a,
    then b)."""
    import random
    import struct
    import zlib
    rng = random.Random(5)
    for bpp, colour in ((3, 2), (4, 6)):
        lines = [bytes(rng.choice((0, 1, 2, 3, 128, 255)) for _ in range(16 * bpp))
                 for _ in range(20)]
        body, prev = b"", bytes(16 * bpp)
        for y, line in enumerate(lines):
            kind, out = y % 5, bytearray()
            for i, x in enumerate(line):
                a, b = line[i - bpp] if i >= bpp else 0, prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                near = min((abs(p - a), 0, a), (abs(p - b), 1, b), (abs(p - c), 2, c))[2]
                out.append((x - (0, a, b, (a + b) // 2, near)[kind]) % 256)
            body, prev = body + bytes([kind]) + bytes(out), line

        def chunk(kind: bytes, data: bytes) -> bytes:
            return struct.pack(">I", len(data)) + kind + data + b"\0\0\0\0"  # CRC unread

        png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 20, 8,
                                                                 colour, 0, 0, 0))
               + chunk(b"IDAT", zlib.compress(body)) + chunk(b"IEND", b""))
        assert _pixels(png) == (16, 20, [line[i:i + 3] for line in lines
                                         for i in range(0, 16 * bpp, bpp)])
