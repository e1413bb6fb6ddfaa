"""Issue 22, item 12: the HTML export for the whole table. Players best first as in the
Markdown summary, the settle-up transfers as in the md and text exports, revokes and table
rulings marked as `loo hands` marks them, the charts' x axis ending at the last hand, and a
layout for a phone beside the desk's (tests/test_html_chromium.py draws it at 360 px).

The evening (three-card, Ann Ben Cat, Cat deals first, a white chip £0.05), worked by hand:
  1. Cat deals a simple pool: Cat antes 9, one trick each at 3: Ann +3, Ben +3,
     Cat -9 + 3 = -6; the pool 0.
  2. Ann deals a simple pool: Ann antes 9; Ben revokes (revoke_penalty=looed): he pays the
     loo, 9, and his trick's 3 stays in the pool; Cat took no trick: looed, 9; Ann takes
     2 tricks at 3: -9 + 6 = -3. The pool 9 - 6 + 9 + 9 = 21.
  3. Ben deals a double pool (21 + his 9 = 30); the table rules +3 each; the pool 30 - 9
     - 3 x 3 = 12.
Nets: Ann 3 - 3 + 3 = +3, Ben 3 - 9 + 3 = -3, Cat -6 - 9 + 3 = -12; the pool +12.
Best first: Ann, Ben, Cat. In money: Ann +£0.15, Ben -£0.15, Cat -£0.60, the pool £0.60.
Fewest transfers: Cat pays the pool £0.60, Ben pays Ann £0.15.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

SAMPLE = Path(__file__).parent.parent / "sample_sessions" / "three-card-mixed-friday.json"
RULING = "Cat's deal, agreed"
EVENING = (("new", "Fri", "--players", "Ann,Ben,Cat", "--dealer", "Cat", "--when",
            "2026-03-13 20:00", "--unit-value", "0.05", "--currency", "GBP"),
           ("hand", "Ann=1", "Ben=1", "Cat=1"),
           ("hand", "Ann=2", "Ben=1", "Cat=0", "--revoke", "Ben"),
           ("hand", "Ann=1", "Ben=1", "Cat=1", "--paid", "Ann=3", "--paid", "Ben=3",
            "--paid", "Cat=3", "--table-ruling", RULING))


def evening(loo, db: Path) -> Path:
    """The evening of this module's docstring, in ``db``."""
    for args in EVENING:
        result = loo(db, *args)
        assert result.exit_code == 0, result.output
    return db


def _page(loo, tmp_path) -> str:
    result = loo(evening(loo, tmp_path / "loo.db"), "export", "--format", "html")
    assert result.exit_code == 0, result.output
    return result.stdout


def _text(html: str) -> str:
    return unescape(" ".join(re.sub(r"<[^>]+>", " ", html).split()))


def test_players_best_first_and_the_transfers(loo, tmp_path):
    page = _page(loo, tmp_path)
    balances = page.split("<h2>Balances</h2>")[1].split("</table>")[0]
    rows = [_text(r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>", balances)]
    assert rows == ["player net money", "Ann +3 £0.15", "Ben -3 -£0.15", "Cat -12 -£0.60",
                    "pool 12 £0.60"]
    settle = page.split("<h2>To settle up</h2>")[1].split("</ul>")[0]
    assert re.findall(r"<li>([^<]*)</li>", settle) == ["Cat pays the pool £0.60",
                                                      "Ben pays Ann £0.15"]
    md = loo(tmp_path / "loo.db", "export", "--format", "md").stdout
    assert "- Cat pays the pool £0.60\n- Ben pays Ann £0.15\n" in md


def test_revokes_and_table_rulings_are_marked_as_loo_hands_marks_them(loo, tmp_path):
    page = _page(loo, tmp_path)
    rows = re.findall(r"<tr>(.*?)</tr>", page.split('class="hands"')[1])
    cells = [[_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)] for r in rows[1:]]
    assert cells[1][:7] == ["2", "Ann", "9", "2t -3", "1t revoke -9", "0t -9", "21"]
    assert cells[2][:7] == ["3*", "Ben", "30 D", "1t +3", "1t +3", "1t +3", "12"]
    assert cells[2][7] == f"* Table ruling: {RULING}"
    hands = loo(tmp_path / "loo.db", "hands").stdout
    assert "1t revoke -9" in hands and " 3* " in hands
    assert "t = tricks won" in page and "* = table ruling" in page


def test_the_x_axis_ends_at_the_last_hand(loo, tmp_path):
    """The sample has 34 hands: the axis runs 0 to 34 (ticks 0, 5, ... 30 and 34 on the
    desk's chart, about ten of them; 0, 10, 20, 34 on the phone's, about five), not on to
    a round 35 or 40."""
    db = tmp_path / "s.db"
    assert loo(db, "import", SAMPLE).exit_code == 0
    page = loo(db, "export", "--format", "html").stdout
    charts = re.findall(r'<svg class="chart (\w+)".*?</svg>', page, re.S)
    assert charts == ["desk", "desk", "phone", "phone"]
    svgs = re.findall(r"<svg.*?</svg>", page, re.S)
    for svg, ticks in zip(svgs, ([0, 5, 10, 15, 20, 25, 30, 34],) * 2 + ([0, 10, 20, 34],) * 2,
                          strict=True):
        labels = re.findall(r'text-anchor="middle">(\d+)</text>', svg)
        assert [int(t) for t in labels] == ticks
