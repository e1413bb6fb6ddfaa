"""Narrow terminals (issue 22 item 6): at 60 and 80 columns the reports keep every name and
every figure whole (no ``Ma…``, no ``202…``), laid out otherwise when a table cannot fit
(cli/layout.py).

On a terminal, not in a pipe: piped, a table is as wide as its content (tests/test_pipes.py).
CliRunner's standard output is not a terminal, so the in-process tests make ``render``
believe it is one (as test_pipes.py's control test does) and rich takes its width from
``COLUMNS``; two tests run ``loo`` in a real pseudo-terminal of that size, its window size
set with TIOCSWINSZ, since that is where the issue was seen.

The session is tests/conftest.py's GOOD_SESSION (figures worked by hand in
tests/test_cli.py), written out here with the players renamed A "Margaret Cavendish",
B "Bartholomew", C "Clara", D "Dot", started 2026-03-14 20:00:
    hand 1, Dot deals a simple pool of 9: A 1 trick +3, B none -9, C 1 trick +3,
        D 1 trick -9 + 3 = -6; 9 after.
    hand 2, Margaret deals a double pool of 9 + 9 = 18 (6 a trick): A stands, 1 trick,
        -9 + 6 = -3; B stands, 2 tricks, +12; C passes, 0; D takes the miss, no trick,
        -9; 18 - 18 + 9 = 9 after.
    hand 3, Bartholomew deals a double pool of 18; all pass, B takes it: -9 + 18 = +9,
        the others 0; 0 after.
    nets A 3 - 3 + 0 = 0, B -9 + 12 + 9 = +12, C +3, D -6 - 9 = -15; at £0.05 a chip
        A £0.00, B £0.60, C £0.15, D -£0.75. Best and worst hand: A +3 and -3,
        B +12 and -9, C +3 and 0, D 0 and -9.
"""

from __future__ import annotations

import fcntl
import io
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import types
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from terminals import drain
from typer.testing import CliRunner

from loo_ledger.cli import app
from loo_ledger.cli.render import table

NAMES = {"A": "Margaret Cavendish", "B": "Bartholomew", "C": "Clara", "D": "Dot"}
M, B, C, D = NAMES.values()
NETS = {M: "0", B: "+12", C: "+3", D: "-15"}
MONEY = {M: "£0.00", B: "£0.60", C: "£0.15", D: "-£0.75"}
BEST_WORST = {M: ("+3", "-3"), B: ("+12", "-9"), C: ("+3", "0"), D: ("0", "-9")}
# Each hand as loo hands lays it out a row per player: who deals, the pool in play and
# after, then each player's word, tricks and change (module docstring).
HANDS = [
    [["1", D, "deals", "9", "9"], ["", M, "1t +3", "", ""], ["", B, "0t -9", "", ""],
     ["", C, "1t +3", "", ""], ["", D, "1t -6", "", ""]],
    [["2", M, "deals", "18 D", "9"], ["", M, "1t -3", "", ""], ["", B, "2t +12", "", ""],
     ["", C, "pass 0", "", ""], ["", D, "miss 0t -9", "", ""]],
    [["3", B, "deals", "18 D", "0"], ["", M, "pass 0", "", ""], ["", B, "pass +9", "", ""],
     ["", C, "pass 0", "", ""], ["", D, "pass 0", "", ""]],
]
runner = CliRunner()


# tests/conftest.py's GOOD_SESSION with the players renamed, started on 2026-03-14
SESSION = {
    "format": "loo-session/1", "name": "Friday at the Crown", "variant": "three-card",
    "started_at": "2026-03-14T20:00:00+00:00",
    "unit": {"name": "white chip", "value": "0.05", "currency": "GBP"},
    "players": [M, B, C, D], "first_dealer": D, "opening_pool": 0,
    "hands": [
        {"tricks": {M: 1, B: 0, C: 1, D: 1}},
        {"trump": "hearts", "declarations": {B: "stand", C: "pass", D: "miss", M: "stand"},
         "tricks": {B: 2, D: 0, M: 1}},
        {"declarations": {C: "pass", D: "pass", M: "pass", B: "pass"}},
    ],
}


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("narrow")
    (folder / "s.json").write_text(json.dumps(SESSION), encoding="utf-8")
    path = folder / "loo.db"
    for args in (["import", str(folder / "s.json")],
                 ["season", "new", "Spring", "--since", "2026-01-01"]):
        assert runner.invoke(app, ["--db", str(path), *args]).exit_code == 0
    return path


def rows(text: str) -> list[list[str]]:
    """The cells of each table line (rich separates columns with │ or ┃)."""
    return [[c.strip() for c in line.replace("┃", "│").split("│")]
            for line in text.splitlines() if "│" in line or "┃" in line]


def whole(text: str, width: int) -> None:
    """Nothing cut, no line wider than the terminal."""
    assert "…" not in text
    assert all(cell_len(line) <= width for line in text.splitlines()), text


def on_terminal(monkeypatch, db: Path, width: int, *args: str) -> str:
    """``loo ARGS`` in process as on a terminal ``width`` columns wide."""
    import loo_ledger.cli.render as render
    tty = types.SimpleNamespace(stdout=types.SimpleNamespace(isatty=lambda: True))
    monkeypatch.setattr(render, "sys", tty)
    result = runner.invoke(app, ["--db", str(db), *args], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    whole(result.stdout, width)
    return result.stdout


def in_a_pty(db: Path, width: int, *args: str) -> str:
    """``loo ARGS`` with its output on a pseudo-terminal ``width`` columns wide; what the
    terminal received, without styles."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, width, 0, 0))
    child = subprocess.Popen([sys.executable, "-m", "loo_ledger", "--db", str(db), *args],
                             stdin=subprocess.DEVNULL, stdout=slave, stderr=slave,
                             env={**os.environ, "COLUMNS": str(width), "TERM": "xterm"})
    os.close(slave)
    seen = drain(master)
    assert child.wait() == 0, seen
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode()).replace("\r\n", "\n")
    whole(text, width)
    return text


def hands_are_whole(text: str) -> None:
    table = rows(text)
    assert table[0] == ["#", "player", "hand", "pool", "after"]
    for hand in HANDS:
        at = table.index(hand[0])
        assert table[at:at + len(hand)] == hand


def stats_are_whole(text: str) -> None:
    table = rows(text)
    for name in NAMES.values():
        assert any(r[0] == name and NETS[name] in r and MONEY[name] in r for r in table)
        assert any(r[0] == name and r[-2:] == list(BEST_WORST[name]) for r in table)
    assert "2026-03-14" in text.split()


# -- in a real terminal ------------------------------------------------------------------


def test_a_60_column_terminal_keeps_names_and_figures_whole(db):
    hands_are_whole(in_a_pty(db, 60, "hands"))
    sessions = rows(in_a_pty(db, 60, "sessions"))
    assert ["*", "1", "Friday at the Crown", "2026-03-14", "open"] in sessions
    assert ["*", "1", "three-card", "4", "3", "0"] in sessions
    stats_are_whole(in_a_pty(db, 60, "stats"))


def test_an_80_column_terminal_keeps_the_hands_whole(db):
    hands_are_whole(in_a_pty(db, 80, "hands"))


# -- in process, COLUMNS --------------------------------------------------------------------


@pytest.mark.parametrize("width", [60, 80])
def test_hands_a_row_per_player(db, monkeypatch, width):
    hands_are_whole(on_terminal(monkeypatch, db, width, "hands"))


@pytest.mark.parametrize("width", [60, 80])
def test_stats_in_parts_each_with_the_players(db, monkeypatch, width):
    text = on_terminal(monkeypatch, db, width, "stats")
    stats_are_whole(text)
    assert "(continued)" in text  # 14 columns do not fit in 80


@pytest.mark.parametrize("width", [60, 80])
def test_sessions_keep_the_date_whole(db, monkeypatch, width):
    text = on_terminal(monkeypatch, db, width, "sessions")
    table = rows(text)
    if width == 80:  # one table, the evening's name wrapped between its words
        assert ["*", "1", "Friday at", "2026-03-14", "open", "three-card", "4", "3", "0"
                ] in table
    else:  # two parts, the marker and the id in each
        assert ["*", "1", "Friday at the Crown", "2026-03-14", "open"] in table
        assert ["*", "1", "three-card", "4", "3", "0"] in table


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize("command", [["standings"], ["season", "show", "Spring"]])
def test_standings_keep_names_and_figures_whole(db, monkeypatch, width, command):
    """Standings: B first (+12), C (+3), M (0), D (-15)."""
    table = rows(on_terminal(monkeypatch, db, width, *command))
    for place, name in enumerate([B, C, M, D], start=1):
        assert any(r[:3] == [str(place), "new", name] for r in table)
        assert any(r[0] == str(place) and name in r and NETS[name] in r and MONEY[name] in r
                   for r in table)


@pytest.mark.parametrize("width", [60, 80])
def test_balances_fit_as_they_are(db, monkeypatch, width):
    table = rows(on_terminal(monkeypatch, db, width, "balances"))
    for name in NAMES.values():
        assert [name, NETS[name], MONEY[name]] in table


def test_pool_wraps_between_words_and_keeps_a_name_whole(monkeypatch):
    """At 30 columns: 'Pool: 0 chips (simple); next' is 28, ' is' would make 31; then
    '  is hand 4, dealt by' is 21 and the name (18) would make 40, so it goes whole onto
    the next line: '  Margaret Cavendish (a simple' is 30; '  pool).' is left."""
    from loo_ledger.cli.wrapping import wrapped
    line = "Pool: 0 chips (simple); next is hand 4, dealt by Margaret Cavendish (a simple pool)."
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setenv("COLUMNS", "30")
    assert wrapped([line], {M}) == ["Pool: 0 chips (simple); next", "  is hand 4, dealt by",
                                     "  Margaret Cavendish (a simple", "  pool)."]
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False, raising=False)
    assert wrapped([line], {M}) == [line]  # piped: as it is


# -- the layouts themselves ----------------------------------------------------------------


def drawn(t, width: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, highlight=False, soft_wrap=False).print(t)
    return out.getvalue()


def test_a_table_that_fits_is_drawn_as_before():
    t = table("Balances", ["player", "net"], [("Ann", "+3")], right=("net",))
    assert drawn(t, 60) == "Balances\n player ┃ net \n━━━━━━━━╇━━━━━\n Ann    │  +3 \n"


def test_a_header_wraps_between_words_but_a_cell_never():
    """Columns 'player' (a 18-wide name), 'whole pools' and 'largest pot' (cells 1 wide):
    18 + 5 + 7 + 3 x 2 padding + 2 rules = 38 fits 40 once the headers wrap."""
    t = table(None, ["player", "whole pools", "largest pot"], [(M, "1", "18")])
    text = drawn(t, 40)
    whole(text, 40)
    assert [M, "1", "18"] in rows(text)
    assert ["", "whole", "largest"] in rows(text)


def test_too_many_columns_for_parts_become_records():
    """Six columns of 30 beside a 40-wide name fit no part of 60: a record per row."""
    name = "Alexandra Bartholomew-Featherstonehaugh"
    figures = [f"{'9' * 29}{i}" for i in range(6)]
    t = table("Wide", ["player", *"abcdef"], [(name, *figures)])
    text = drawn(t, 60)
    whole(text, 60)
    assert text.startswith("Wide\n")
    assert ["player", name] in rows(text)
    assert all([c, f] in rows(text) for c, f in zip("abcdef", figures, strict=True))


def test_records_put_a_cell_under_its_header_when_both_cannot_share_a_line():
    """'player' (6) beside a 40-wide name: 6 + 40 + 2 x 2 padding + 1 rule = 51, so side
    by side in 60 columns; in 50, each cell goes under its header."""
    name = "Alexandra Bartholomew-Featherstonehaugh"
    other = "Dorothea Postlethwaite-Auchinleck"
    t = table(None, ["player", "partner"], [(name, other)])
    text = drawn(t, 60)
    whole(text, 60)
    assert ["player", name] in rows(text) and ["partner", other] in rows(text)
    text = drawn(t, 50)
    whole(text, 50)
    assert [line.rstrip() for line in text.splitlines()] == [
        " player", f"   {name}", " partner", f"   {other}"]


def test_a_cell_is_made_whole_before_a_header():
    """Least widths: 'party' 5, 'won or lost' 6 (the cell -£0.75; the header's longest
    word is 4), 'still owed' 5 (it may wrap: 'still', '£0.60'): 16 + 3 x 2 padding +
    2 rules = 24. In 32 columns the 8 left go to 'still owed' first, whose cell 'is owed
    £0.60' is 13 wide (5 + 8): it stays on one line, and 'won or lost' wraps instead."""
    t = table(None, ["party", "won or lost", "still owed"], [("Dot", "-£0.75", "is owed £0.60")],
              right=("won or lost",), wrap=("still owed",))
    text = drawn(t, 32)
    whole(text, 32)
    assert ["Dot", "-£0.75", "is owed £0.60"] in rows(text)
    assert ["party", "lost", "still owed"] in rows(text)


def test_a_description_wider_than_the_terminal_wraps_in_a_record():
    """A 40-wide name and a description of 14 words: no table nor part fits 50 columns
    (40 + its longest word + padding), nor does a record side by side (the header 'what
    it is' 10 + 40 + 5 = 55): each cell goes under its header and the description wraps
    between its words, none of them cut."""
    name = "Alexandra Bartholomew-Featherstonehaugh"
    about = ("three-card with stakes: everyone one stake, the dealer two; after a loo only "
             "the dealer's stake")
    t = table(None, ["name", "what it is"], [(name, about)], wrap=("what it is",))
    text = drawn(t, 50)
    whole(text, 50)
    assert text.split() == ["name", *name.split(), "what", "it", "is", *about.split()]
    assert name in [line.strip() for line in text.splitlines()]  # the name on one line


LONG = {M: "Alexandra Bartholomew-Featherstonehaugh", B: "Benedict Cholmondeley-Marjoribanks",
        C: "Catherine Wolstenholme-Fotheringay", D: "Dorothea Postlethwaite-Auchinleck Esq."}


def test_hands_with_long_names_put_the_pool_under_the_dealer(tmp_path, monkeypatch):
    """Names up to 39 wide: '#' 1, the name 39, 'miss 0t -9' 10 and the pool's two
    columns (4, 5) take 59 + 5 x 2 padding + 4 rules = 73 > 60; without them, the pool
    in play and after as lines of the dealer's row: 1 + 39 + 10 + 6 + 2 = 58 fits.
    The figures are the module docstring's, each name as long as a name may nearly be."""
    def long(obj):
        if isinstance(obj, dict):
            return {LONG.get(k, k): long(v) for k, v in obj.items()}
        if isinstance(obj, list):
            return [long(v) for v in obj]
        return LONG.get(obj, obj) if isinstance(obj, str) else obj

    session = long(SESSION)
    (tmp_path / "s.json").write_text(json.dumps(session), encoding="utf-8")
    db = tmp_path / "loo.db"
    assert runner.invoke(app, ["--db", str(db), "import", str(tmp_path / "s.json")]
                         ).exit_code == 0
    table = rows(on_terminal(monkeypatch, db, 60, "hands"))
    assert table[0] == ["#", "player", "hand"]
    for hand in HANDS:
        (number, dealer, _, pot, after), *players = hand
        at = table.index([number, LONG[dealer], "deals"])
        assert table[at + 1:at + 3] == [["", "", f"pool {pot}"], ["", "", f"after {after}"]]
        assert table[at + 3:at + 3 + len(players)] == [["", LONG[p], part]
                                                       for _, p, part, _, _ in players]


def test_settle_up_sentences_wrap_between_words_keeping_names_whole(monkeypatch, db):
    """settle-up's transfers and notes are sentences, not a table: at 24 columns each wraps
    between words, later lines indented two, and a name goes whole onto the next line.
    The one loser, Dot (-£0.75), pays the two winners, Bartholomew £0.60 and Clara £0.15
    (module docstring); the banker is Margaret Cavendish. So, at 24:
    'Everyone settles with the' is 25: 'Everyone settles with', '  the banker,', then
    '  Margaret Cavendish:' (2 + 'the banker, Margaret Cavendish:' would be 33);
    '  Margaret Cavendish pays' is 25: '  Margaret Cavendish', '  pays Bartholomew £0.60'
    (24); '  Dot pays Margaret Cavendish' is 29: '  Dot pays', '  Margaret Cavendish',
    '  £0.75'; and the few transfers end '  Dot pays Bartholomew', '  £0.60',
    '  Dot pays Clara £0.15' (22)."""
    import loo_ledger.cli.wrapping as wrapping
    tty = types.SimpleNamespace(stdout=types.SimpleNamespace(isatty=lambda: True))
    monkeypatch.setattr(wrapping, "sys", tty)
    lines = on_terminal(monkeypatch, db, 24, "settle-up", "-s", "1").splitlines()
    banker = lines.index("Everyone settles with")
    assert lines[banker:banker + 11] == [
        "Everyone settles with", "  the banker,", "  Margaret Cavendish:",
        "  Margaret Cavendish", "  pays Bartholomew £0.60",
        "  Margaret Cavendish", "  pays Clara £0.15",
        "  Dot pays", "  Margaret Cavendish", "  £0.75", ""]
    assert lines[-3:] == ["  Dot pays Bartholomew", "  £0.60", "  Dot pays Clara £0.15"]
