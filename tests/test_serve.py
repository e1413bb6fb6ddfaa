"""Issue 23, part 2: `loo serve`, the table on every phone (Starlette's TestClient).

The evening (the same one as tests/test_table_evening_three_card.py, worked by hand from
shared/spec/RULES.md): `loo new Friday --variant three-card --rule loo=mixed
--rule loo_limit=90 --unit-value 0.05 --currency GBP`, seats Ann Ben Cat Dov Eve clockwise,
Eve deals first. The dealer antes 9 (ante_model=dealer); a trick takes P // 3; a player
who played and took no trick is looed and pays min(P, 90); the deal passes to the left.

- Hand 1, Eve deals, pool empty: a simple pool, everyone plays. P = 0 + 9 = 9, a trick 3.
  Ann, Cat, Dov take a trick each: +3. Ben and Eve take none: looed, 9 each; Eve also antes:
  -9 - 9 = -18. Pool after = 9 - 3 x 3 + 2 x 9 = 18. Next: Ann deals (Eve's left); 18
  chips carried make the pool double (double_when=carried); Ann antes 9. In money (a white
  chip 0.05): Ann +3 = £0.15, Ben -9 = -£0.45, Eve -18 = -£0.90, the pool 18 = £0.90.
  From the next dealer's (Ann's) left: Ben, Cat, Dov, Eve, Ann.
- Hand 2, Ann deals, 18 carried: P = 27, a trick 9. Ben stands alone and takes 2 tricks:
  +18; Cat, Dov, Eve pass; Ann defends and takes 1 trick, whose 9 stays in the pool; Ann
  only antes: -9. Pool after = 27 - 18 = 9. Nets: Ann 3 - 9 = -6, Ben -9 + 18 = +9, Cat
  +3, Dov +3, Eve -18. Next: Ben deals a double pool (9 carried), antes 9.
"""

from __future__ import annotations

import ipaddress
import json
import re
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from evenings import FRIDAY, FRIDAY_HAND_2, friday_after_hand_1
from ledger_kit import copy_for_each_test

from loo_ledger.store.db import open_reader
from loo_ledger.web.app import make_app
from loo_ledger.web.page import CSP
from loo_ledger.web.server import address, reachable_host

with warnings.catch_warnings():
    # Starlette 1.x asks for httpx2 and warns when its TestClient runs on httpx (the
    # package the project's test extras install, as datasette does); it works the same.
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

TOKEN = "t0ken-for-the-tests_0123456789"
SAMPLES = Path(__file__).parent.parent / "sample_sessions"
NEW, HAND_2 = FRIDAY, FRIDAY_HAND_2  # tests/evenings.py: the evening worked above


@pytest.fixture(scope="module")
def evening_built(tmp_path_factory: pytest.TempPathFactory, loo) -> Path:
    return friday_after_hand_1(loo, tmp_path_factory.mktemp("friday") / "loo.db")


evening = copy_for_each_test("evening_built", name="evening")


@pytest.fixture
def client(evening: Path) -> Iterator[TestClient]:
    with TestClient(make_app(evening, TOKEN, interval=0.05, keepalive=0.1)) as c:
        yield c


def _text(html: str) -> str:
    """The page's text: tags dropped, spaces collapsed, entities left as they are."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _by_id(html: str, ident: str) -> str:
    found = re.search(rf'id="{ident}"[^>]*>(.*?)</', html, re.S)
    assert found, ident
    return found.group(1)


def test_the_page_shows_the_table_worked_by_hand(client: TestClient) -> None:
    """After hand 1: pool 18 (£0.90), Ann deals next, a double pool, Ann antes 9; nets and
    the last hand's changes from Ann's left (see the module's docstring)."""
    page = client.get(f"/{TOKEN}/")
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    html = page.text
    assert _by_id(html, "pool-chips") == "18"
    assert _by_id(html, "next-dealer") == "Ann"
    assert _by_id(html, "next-pool") == "double"
    text = _text(html)
    assert "white chips · £0.90" in text
    assert "hand 2" in text and "Antes due: Ann 9" in text
    rows = re.findall(r'<tr><th scope="row" class="name">(.*?)</tr>', html, re.S)
    assert [_text(r) for r in rows] == [
        "Ben -9 -£0.45 -9 looed", "Cat +3 £0.15 +3", "Dov +3 £0.15 +3",
        "Eve -18 -£0.90 -18 looed", "Ann deals next +3 £0.15 +3"]
    assert "Hand 1: Eve dealt; simple pool of 9 in play (0 carried in)" in text
    assert "Pool now 18. Next: Ann deals (double pool)." in text
    assert "5 hands" not in text and "1 hand" in text


def test_the_last_hand_is_a_live_region_and_the_chart_is_the_exports(client, evening,
                                                                     loo) -> None:
    html = client.get(f"/{TOKEN}/").text
    last = re.search(r'<section id="last"([^>]*)>', html)
    assert last and 'aria-live="polite"' in last.group(1)
    export = evening.parent / "evening.html"
    assert loo(evening, "export", "--format", "html", "-o", export).exit_code == 0
    exported = export.read_text(encoding="utf-8")
    charts = re.findall(r"<svg.*?</svg>", html, re.S)
    # the export's own running-net chart, in its desk and its phone layout (issue 23: a
    # phone reads it at 360 px without scrolling; live.css shows one by the screen's width)
    assert len(charts) == 2 and all(c in exported for c in charts)
    assert charts[0].startswith('<svg class="chart desk"')
    assert charts[1].startswith('<svg class="chart phone"') and 'viewBox="0 0 360 ' in charts[1]
    css = client.get(f"/{TOKEN}/live.css")
    assert css.status_code == 200
    rules = css.text
    assert ".chart-box svg.phone { display: none; }" in rules
    assert ".chart-box svg.desk { display: none; }" in rules.split("@media (max-width: 30rem)")[1]


def test_it_works_without_javascript_and_needs_nothing_from_elsewhere(client) -> None:
    html = client.get(f"/{TOKEN}/").text
    assert '<noscript><meta http-equiv="refresh" content="4"></noscript>' in html
    assert re.findall(r"<script[^>]*>", html) == ['<script src="live.js" defer>']
    assert "<style" not in html and not re.search(r"<[^>]+\s(style|on\w+)=", html)
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    css = client.get(f"/{TOKEN}/live.css")
    js = client.get(f"/{TOKEN}/live.js")
    assert css.status_code == js.status_code == 200
    assert css.headers["content-type"].startswith("text/css")
    assert js.headers["content-type"].startswith("text/javascript")
    assert "url(" not in css.text and "@import" not in css.text
    assert "EventSource(\"events\")" in js.text and "http" not in js.text


@pytest.mark.parametrize("path", ["/", "/favicon.ico", "/events", "/live.js",
                                  f"/{TOKEN[:-1]}/", f"/{TOKEN}x/", f"/x{TOKEN}/events",
                                  f"/wrong/{TOKEN}/", f"/?token={TOKEN}", "/%FF/"])
def test_every_address_without_the_token_is_forbidden(client: TestClient, path: str) -> None:
    refused = client.get(path, follow_redirects=False)
    assert refused.status_code == 403
    assert "Ann" not in refused.text and "18" not in refused.text
    assert refused.headers["content-security-policy"] == CSP


def test_the_address_without_its_slash_goes_to_the_page(client: TestClient) -> None:
    moved = client.get(f"/{TOKEN}", follow_redirects=False)
    assert moved.status_code in (307, 308)
    assert moved.headers["location"].endswith(f"/{TOKEN}/")


def test_every_response_has_the_strict_headers(client: TestClient) -> None:
    assert "'unsafe-inline'" not in CSP and "'unsafe-eval'" not in CSP
    for part in ("default-src 'none'", "script-src 'self'", "style-src 'self'",
                 "connect-src 'self'", "frame-ancestors 'none'", "form-action 'none'"):
        assert part in CSP
    for path in ("/", "/live.css", "/live.js"):
        headers = client.get(f"/{TOKEN}{path}").headers
        assert headers["content-security-policy"] == CSP
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"  # the address carries the token
        assert headers["cache-control"] == "no-store"
    with client.stream("GET", f"/{TOKEN}/events") as stream:
        assert stream.headers["content-security-policy"] == CSP
        assert stream.headers["content-type"].startswith("text/event-stream")


def test_names_are_text(tmp_path: Path, loo) -> None:
    """A player called <script>...</script> (and one with & and quotes) is shown as a name,
    in the page and in the events."""
    db = tmp_path / "loo.db"
    evil, amp = "<script>alert(1)</script>", 'Ann & "Bo"'
    assert loo(db, "new", "<b>Night</b>", "--players", f"{evil},{amp},Cat").exit_code == 0
    with TestClient(make_app(db, TOKEN, interval=0.05, keepalive=0.1)) as c:
        html = c.get(f"/{TOKEN}/").text
        with c.stream("GET", f"/{TOKEN}/events") as stream:
            event = next(_events(stream.iter_lines(), time.monotonic() + 10))
    assert "<script>alert" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Ann &amp; &quot;Bo&quot;" in html and "&lt;b&gt;Night&lt;/b&gt;" in html
    for part in event["parts"].values():
        assert "<script" not in part and "<b>" not in part
    assert "&lt;script&gt;" in event["parts"]["board"]


def _events(lines: Iterator[str], deadline: float) -> Iterator[dict]:
    """The ``table`` events of a stream, as JSON, until ``deadline`` (the stream's comments
    come every keepalive, so the deadline is looked at often)."""
    kind = None
    for line in lines:
        if time.monotonic() > deadline:
            return
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: ") and kind == "table":
            yield json.loads(line[6:])
            kind = None


def _wait(events: Iterator[dict], hands: int) -> dict | None:
    """The first event showing ``hands`` hands, or None if the events ran out first."""
    return next((e for e in events if e["hands"] == hands), None)


def test_the_event_stream_sends_the_table_and_then_each_hand(client, evening, loo) -> None:
    """First the table as it is (hand 1: pool 18), then, after hand 2 is recorded, the new
    table: pool 9, Ben deals next, Ben +9 and Ann -6 (see the module's docstring)."""
    with client.stream("GET", f"/{TOKEN}/events") as stream:
        events = _events(stream.iter_lines(), time.monotonic() + 30)
        first = next(events)
        assert first["hands"] == 1
        assert 'id="pool-chips">18<' in first["parts"]["pool"]
        assert set(first["parts"]) == {"head", "pool", "board", "last", "chart"}
        assert loo(evening, *HAND_2).exit_code == 0
        second = _wait(events, 2)
    assert second is not None and second["version"] != first["version"]
    assert 'id="pool-chips">9<' in second["parts"]["pool"]
    assert 'id="next-dealer">Ben<' in second["parts"]["pool"]
    board = _text(second["parts"]["board"])
    assert "Ann -6 -£0.30 -9" in board and "Ben deals next +9 £0.45 +18" in board
    assert "Hand 2: Ann dealt; double pool of 27 in play (18 carried in)" in _text(
        second["parts"]["last"])


def test_a_browser_coming_back_gets_what_it_missed(client, evening, loo) -> None:
    """A stream opened with the Last-Event-ID of what the page shows waits for the next
    change; one with an older id gets the table at once."""
    page = client.get(f"/{TOKEN}/").text
    shown = re.search(r'data-version="([^"]+)"', page).group(1)
    assert loo(evening, *HAND_2).exit_code == 0
    with client.stream("GET", f"/{TOKEN}/events",
                       headers={"Last-Event-ID": shown}) as stream:
        event = _wait(_events(stream.iter_lines(), time.monotonic() + 30), 2)
    assert event is not None and event["version"] != shown


def test_a_hand_recorded_by_another_process_reaches_the_stream_within_a_second(
        client, evening) -> None:
    """`loo hand` in another process: its settlement is printed after the hand is written,
    and the event with hand 2 must come within one second of that line being read."""
    with client.stream("GET", f"/{TOKEN}/events") as stream:
        lines = stream.iter_lines()
        assert next(_events(lines, time.monotonic() + 60))["hands"] == 1
        other = subprocess.Popen([sys.executable, "-m", "loo_ledger", "--db", str(evening),
                                  *HAND_2], stdout=subprocess.PIPE, text=True)
        assert other.stdout is not None
        said = other.stdout.readline()
        written = time.monotonic()
        assert said.startswith("Hand 2: Ann dealt")
        arrived = _wait(_events(lines, written + 1.0), 2)  # comments come every 0.1 s
        other.communicate(timeout=60)
    assert other.returncode == 0
    assert arrived is not None, "hand 2 did not reach the stream within one second"
    assert 'id="pool-chips">9<' in arrived["parts"]["pool"]


def test_nothing_is_written(client, evening, dump_db) -> None:
    before = dump_db(evening)
    assert client.get(f"/{TOKEN}/").status_code == 200
    with client.stream("GET", f"/{TOKEN}/events") as stream:
        next(_events(stream.iter_lines(), time.monotonic() + 10))
    assert dump_db(evening) == before


def test_the_reader_refuses_every_write(evening) -> None:
    import sqlite3
    db = open_reader(evening)
    try:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            db.conn.execute("DELETE FROM hands")
    finally:
        db.close()


def test_serve_without_a_ledger_says_so_and_creates_nothing(tmp_path, loo) -> None:
    db = tmp_path / "none.db"
    result = loo(db, "serve", "--port", "0")
    assert result.exit_code == 1
    assert "There is no ledger at" in result.output
    assert not db.exists()


def test_serve_on_a_port_in_use_says_so(evening, loo) -> None:
    import socket
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        result = loo(evening, "serve", "--port", port)
    finally:
        taken.close()
    assert result.exit_code == 1
    assert f"cannot listen on 127.0.0.1 port {port}" in result.output


def test_no_session_yet(tmp_path, loo) -> None:
    """A ledger with no current session (its only session deleted): the page says how to
    start one."""
    db = tmp_path / "loo.db"
    assert loo(db, *NEW).exit_code == 0
    assert loo(db, "session", "delete", "1", "--yes").exit_code == 0
    with TestClient(make_app(db, TOKEN)) as c:
        text = _text(c.get(f"/{TOKEN}/").text)
    assert "No session yet" in text and "loo new" in text


def test_serve_names_a_session_that_is_not_there(evening, loo) -> None:
    result = loo(evening, "serve", "--port", "0", "--session", "9")
    assert result.exit_code == 1
    assert "There is no session 9" in result.output


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_sample_evening_is_shown_as_loo_pool_tells_it(sample, tmp_path, loo,
                                                          sample_ledger, copy_ledger) -> None:
    """Every preset's sample (Lou's pot and burn among them), imported (a copy of
    tests/conftest.py's ``sample_ledger``): the page's pool, next dealer and antes are
    those `loo pool --json` gives (the page works nothing out itself)."""
    db = copy_ledger(sample_ledger(sample), tmp_path)
    status = json.loads(loo(db, "pool", "--json").output)
    with TestClient(make_app(db, TOKEN)) as c:
        html = c.get(f"/{TOKEN}/").text
    assert _by_id(html, "pool-chips") == str(status["pool"])
    assert _by_id(html, "next-dealer") == status["next_dealer"]
    due: dict[str, int] = {}
    for a in status["antes"]:
        due[a["player"]] = due.get(a["player"], 0) + a["amount"]
    antes = ", ".join(f"{p} {n}" for p, n in due.items()) or "none"
    assert f"Antes due: {antes}" in _text(html)
    if "burn" in status:
        assert f"A burned player pays {status['burn']}" in _text(html)


def test_the_printed_qr_code_is_the_address() -> None:
    """The block drawing read back module by module (a full block: both halves light, a
    space: both dark, ▀: the upper light, ▄: the lower light; a quiet zone of 4) is segno's
    QR code of the address, a full QR code (a Micro QR code, which phones do not read, is
    what segno picks for a short text such as "http://x/")."""
    import segno

    from loo_ledger.web.server import qr_code
    light = {"█": (True, True), " ": (False, False), "▀": (True, False), "▄": (False, True)}
    for where in (address("127.0.0.1", 8023, TOKEN), "http://x/"):
        rows: list[list[bool]] = []
        for line in qr_code(where).splitlines():
            upper, lower = zip(*(light[c] for c in line), strict=True)
            rows += [list(upper), list(lower)]
        code = segno.make(where, error="m", micro=False)
        assert not code.is_micro
        expected = [[not dark for dark in row] for row in code.matrix]
        size = len(expected)
        assert [row[4:4 + size] for row in rows[4:4 + size]] == expected
        assert all(rows[i] == [True] * (size + 8) for i in range(4))  # the quiet zone


def test_the_address_carries_the_token() -> None:
    assert address("127.0.0.1", 8023, TOKEN) == f"http://127.0.0.1:8023/{TOKEN}/"
    assert address("::1", 8023, TOKEN) == f"http://[::1]:8023/{TOKEN}/"
    everywhere = reachable_host("0.0.0.0")  # this machine's address on its network
    assert everywhere != "0.0.0.0" and ipaddress.ip_address(everywhere).version == 4


def test_a_ledger_an_older_version_wrote_is_left_as_it_is(tmp_path, loo) -> None:
    """tests/fixtures/v1.db (the first schema): `loo serve` does not upgrade it (it only
    reads) and says which command will; the file is unchanged."""
    db = tmp_path / "v1.db"
    db.write_bytes((Path(__file__).parent / "fixtures" / "v1.db").read_bytes())
    before = db.read_bytes()
    result = loo(db, "serve", "--port", "0")
    assert result.exit_code == 1
    assert "was written by an older loo_ledger" in result.output
    assert db.read_bytes() == before
