"""Issue 19, item 4: what a command read is what it writes, or it says the table changed.

`loo undo` removes the hand it asked about: another terminal records a hand while the
question is on the screen, and the answer "y" removes nothing, saying so. The one-line
`loo hand` reads the table, then stores: a hand recorded in between is said in one line
and the words are not recorded (before, they were recorded as the next hand, with another
number and dealer, without a word). "The other terminal" writes through a ledger of its
own, between the command's read and its store.

The table (three-card, Ann Ben Cat clockwise, Cat deals first, limited loo 9, ante 9):
    hand 1, Cat deals a simple pool: Cat antes 9; Ann wins all 3 tricks and takes the 9;
        Ben and Cat won none: looed, 9 each into the next pool.
        Nets Ann +9, Ben -9, Cat -9 - 9 = -18; pool 18 (double next).
    hand 2 (the other terminal), Ann deals the double pool: Ann antes 9, P = 27; Ben and
        Cat pass, so Ann takes the 27 without play.
        Nets Ann +9 - 9 + 27 = +27, Ben -9, Cat -18; pool 0 (+27 - 9 - 18 + 0 = 0).
"""

from __future__ import annotations

import json

import pytest
import typer

from loo_ledger.cli import cancel
from loo_ledger.domain import HandRecord
from loo_ledger.services import table as services
from loo_ledger.store.ledger import Ledger

OTHER_HAND_2 = HandRecord(declarations={"Ben": "pass", "Cat": "pass"})
AFTER_HAND_2 = ({"Ann": 27, "Ben": -9, "Cat": -18}, 0)


@pytest.fixture
def table(tmp_path, loo):
    db = tmp_path / "table.db"
    assert loo(db, "new", "Friday", "--players", "Ann,Ben,Cat", "--dealer", "Cat").exit_code == 0
    assert loo(db, "hand", "Ann=3", "Ben=0", "Cat=0").exit_code == 0
    return db


def _other_terminal_records_hand_2(db) -> None:
    other = Ledger.open(db)
    try:
        sid = other.current_session_id()
        assert sid is not None
        services.record(other, sid, OTHER_HAND_2)
    finally:
        other.close()


def _table(loo, db) -> tuple[list[tuple[int, str]], tuple[dict[str, int], int]]:
    hands = [(h["number"], h["dealer"]) for h in json.loads(loo(db, "hands", "--json").stdout)]
    balances = json.loads(loo(db, "balances", "--json").stdout)
    return hands, ({p["name"]: p["net"] for p in balances["players"]}, balances["pool"])


def test_undo_removes_only_the_hand_it_asked_about(loo, table, monkeypatch):
    asked = []

    def confirm(text, **kwargs):  # the question is on the screen: the other terminal writes
        asked.append(text)
        _other_terminal_records_hand_2(table)
        return True

    monkeypatch.setattr(typer, "confirm", confirm)
    monkeypatch.setattr(cancel, "at_a_terminal", lambda: True)
    result = loo(table, "undo")
    assert asked == ["Remove hand 1 (dealt by Cat)?"]
    assert result.exit_code == 1, result.output
    assert "the last hand is now hand 2, not 1" in result.stderr
    assert "nothing was written" in result.stderr
    assert _table(loo, table) == ([(1, "Cat"), (2, "Ann")], AFTER_HAND_2)


def test_undo_removes_the_hand_it_asked_about_when_nothing_changed(loo, table, monkeypatch):
    """Hand 1 undone: nothing is left; the pool is back to 0, every net 0."""
    monkeypatch.setattr(typer, "confirm", lambda text, **kwargs: True)
    monkeypatch.setattr(cancel, "at_a_terminal", lambda: True)
    result = loo(table, "undo")
    assert result.exit_code == 0, result.output
    assert _table(loo, table) == ([], ({"Ann": 0, "Ben": 0, "Cat": 0}, 0))


def test_one_line_hand_says_the_table_changed_and_records_nothing(loo, table, monkeypatch):
    """`Ann=1 Ben=1 Cat=1` would do as hand 2 (a double pool: all stand, a trick each) and
    as hand 3 (Ben's simple pool): the words are read for hand 2, then the other terminal
    records hand 2. Nothing of the words is recorded."""
    from loo_ledger.cli import entry
    real, read = entry.parse_hand, []

    def parse_then_other_terminal(*args, **kwargs):
        record = real(*args, **kwargs)
        if not read:  # the first reading only: the other terminal records once
            _other_terminal_records_hand_2(table)
        read.append(record)
        return record

    monkeypatch.setattr(entry, "parse_hand", parse_then_other_terminal)
    result = loo(table, "hand", "Ann=1", "Ben=1", "Cat=1")
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert "hand 2 was recorded meanwhile in another terminal" in lines[0]
    assert "nothing was written" in lines[0]
    assert _table(loo, table) == ([(1, "Cat"), (2, "Ann")], AFTER_HAND_2)


def test_undo_with_yes_asks_nothing_and_removes_the_last_hand(loo, table):
    """--yes names no hand: the last one is removed, whichever it is (here hand 1)."""
    assert loo(table, "undo", "--yes").exit_code == 0
    assert _table(loo, table)[0] == []


def test_undo_in_a_real_process_while_another_terminal_records(loo, table):
    """`loo undo` as its own process: while it waits at its question, this process (the
    other terminal) records hand 2; then "y" is typed. Hand 1 stays, hand 2 stays."""
    from terminals import Terminal
    t = Terminal("--db", str(table), "undo")   # at a terminal of its own: it asks
    t.expect("Remove hand 1 (dealt by Cat)?")
    _other_terminal_records_hand_2(table)
    t.answer("[y/N]", "y")
    t.expect("nothing was written")
    assert t.finish() == 1, t.seen
    assert "the last hand is now hand 2, not 1" in t.seen
    assert _table(loo, table) == ([(1, "Cat"), (2, "Ann")], AFTER_HAND_2)
