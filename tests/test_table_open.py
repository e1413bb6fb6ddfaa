"""Issue 23's figures, in what they rest on (the speed itself is measured by
benchmarks/table_app.py, never here): `loo table`'s first frame shows the table but the
money, which is written (by Babel) once it is drawn; the preview of a hand is the one
engine's settlement against the table the form was opened on, read from nothing, unless
another process has written since.

The table (three-card, Ann Ben Cat clockwise, Cat deals first; ante 9, limited loo 9 by
default; a white chip is worth £0.05):
    hand 1, Cat deals a simple pool: Cat antes 9, P = 9, a trick 3. Ann takes 1 trick (+3),
        Ben 2 (+6), Cat none: looed, 9 into the next pool. Cat: -9 ante - 9 loo = -18.
        Nets Ann +3, Ben +6, Cat -18; pool 9 (the loo); Ann deals next (Cat's left).
        Money at £0.05: Ann £0.15, Ben £0.30, Cat -£0.90, pool £0.45 (sum 0).
The board runs from the next dealer's left, the dealer last: Ben, Cat, Ann.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from table_kit import board_text, nets, new, new_hand_form, opened, settled, text

from loo_ledger.domain import HandRecord
from loo_ledger.services import table as services
from loo_ledger.services.snapshot import snapshot
from loo_ledger.store import Ledger
from loo_ledger.tui.app import TableApp

TABLE = ["--players", "Ann,Ben,Cat", "--dealer", "Cat", "--unit-value", "0.05",
         "--currency", "GBP"]


@pytest.fixture
def db(loo, tmp_path) -> Path:
    path = tmp_path / "open.db"
    new(loo, path, *TABLE)
    assert loo(path, "hand", "Ann=1", "Ben=2", "Cat=0").exit_code == 0
    return path


def _run(db: Path, script: Any, app: type[TableApp] = TableApp) -> None:
    """``script(pilot, app)`` on the table of session 1 of ``db`` (``app``: its class)."""
    async def go() -> None:
        ledger = Ledger.open(db)
        try:
            await opened(app(ledger, 1), script)
        finally:
            ledger.close()
    asyncio.run(go())


def test_the_snapshot_without_money_leaves_babel_out(db):
    """money=False: every money None and its text empty, the chips and the unit's value as
    stored; the whole snapshot writes the money worked out above."""
    ledger = Ledger.open(db)
    try:
        bare, whole = snapshot(ledger, 1, money=False), snapshot(ledger, 1)
    finally:
        ledger.close()
    assert [(p.name, p.net) for p in bare.players] == [("Ben", 6), ("Cat", -18), ("Ann", 3)]
    assert [(p.money, p.money_text) for p in bare.players] == [(None, "")] * 3
    assert (bare.pool, bare.pool_money, bare.pool_money_text) == (9, None, "")
    assert bare.unit_value == whole.unit_value == "0.05"
    assert [(p.money, p.money_text) for p in whole.players] == [
        ("0.30", "£0.30"), ("-0.90", "-£0.90"), ("0.15", "£0.15")]
    assert (whole.pool_money, whole.pool_money_text) == ("0.45", "£0.45")


class Watched(TableApp):
    """The table, noting what the board showed each time it was drawn."""

    def __init__(self, ledger: Ledger, sid: int) -> None:
        super().__init__(ledger, sid)
        self.seen: list[str] = []

    def show_board(self, board: Any, lou: bool) -> None:
        super().show_board(board, lou)
        self.seen.append(board_text(self))


def test_the_first_frame_shows_the_chips_and_the_money_follows(db):
    """First the chips (the money column waits: '...'), the hands listed (hand 1) and the
    status without the pool's money; once drawn, the money, and the pool's in the status."""
    async def script(pilot: Any, app: Watched) -> None:
        from textual.widgets import DataTable
        await settled(pilot)
        assert app.seen == ["Ben | +6 | ... | +6 | \n"
                            "Cat | -18 | ... | -18 | looed\n"
                            "Ann | +3 | ... | +3 | deals next",
                            "Ben | +6 | £0.30 | +6 | \n"
                            "Cat | -18 | -£0.90 | -18 | looed\n"
                            "Ann | +3 | £0.15 | +3 | deals next"]
        assert app.query_one("#hands", DataTable).row_count == 1
        assert "Pool 9 = £0.45" in text(app, "#status")
        assert "Hand 1: Cat dealt" in text(app, "#last")

    _run(db, script, Watched)


def test_the_preview_is_the_engines_and_reads_nothing(db, monkeypatch):
    """Hand 2, Ann deals the double pool: Ann antes 9, P = 9 carried + 9 = 18, a trick 6.
    Ben stands, Cat passes, Ann stands; Ben takes 2 tricks (+12), Ann 1 (+6 - 9 ante = -3),
    Cat 0; pool 18 - 18 = 0; Ben deals next, a simple pool. The preview is worked out
    without the writer (no dry run is asked of it); y records it through the writer, and
    the nets are Ann +3 - 3 = 0, Ben +6 + 12 = +18, Cat -18 + 0 = -18 (sum 0, pool 0)."""
    calls: list[bool] = []
    record = services.record

    def watched(*args: Any, dry_run: bool = False, **kwargs: Any) -> Any:
        calls.append(dry_run)
        return record(*args, dry_run=dry_run, **kwargs)
    monkeypatch.setattr(services, "record", watched)

    async def script(pilot: Any, app: TableApp) -> None:
        await settled(pilot)
        screen = await new_hand_form(pilot)
        await pilot.press("s", "p", "s", "enter", "2")   # words, nothing else, Ben's tricks
        await pilot.pause()
        assert screen.record is not None, text(app, "#hand-question")
        previewed = text(app, "#hand-question")
        assert previewed.split("\n")[:5] == [
            "Hand 2: Ann dealt; double pool of 18 in play (9 carried in)",
            "  Ben     +12  takes 12: 2 tricks at 6",
            "  Cat       0  no chips moved",
            "  Ann      -3  ante 9; takes 6: 1 trick at 6",
            "Pool now 0. Next: Ben deals (simple pool)."]
        assert calls == []
        await pilot.press("y")
        await pilot.pause()
        assert calls == [False]
        assert nets(app) == {"Ann": 0, "Ben": 18, "Cat": -18} and app.board is not None \
            and app.board.pool == 0
        await settled(pilot)
        assert text(app, "#last").startswith(
            "Hand 2: Ann dealt; double pool of 18 in play (9 carried in)")

    _run(db, script)


def test_a_preview_after_another_terminal_wrote_says_the_table_changed(db):
    """The form is opened for hand 2; another terminal (a connection of its own) records
    hand 2 (Ann deals; Ben and Cat pass: Ann takes the 18 without play) before the preview:
    the preview (Ben stands, Cat passes, Ann stands, Ben 2 tricks, as the form had it) goes
    through the writer, which says hand 2 was recorded meanwhile; nothing is written from
    this screen (the other's hand alone: Ann +3 - 9 + 18 = +12, Ben +6,
    Cat -18; pool 0)."""

    async def script(pilot: Any, app: TableApp) -> None:
        await settled(pilot)
        screen = await new_hand_form(pilot)
        other = Ledger.open(db)
        try:
            services.record(other, 1, HandRecord(declarations={"Ben": "pass", "Cat": "pass"}))
        finally:
            other.close()
        await pilot.press("s", "p", "s", "enter", "2")   # the hand above, as the form had it
        await pilot.pause()
        assert screen.record is None
        assert "hand 2 was recorded meanwhile in another terminal" in \
            text(app, "#hand-question")
        await pilot.press("escape")
        await pilot.pause()
        assert nets(app) == {"Ann": 12, "Ben": 6, "Cat": -18} and app.board is not None \
            and app.board.pool == 0

    _run(db, script)


def test_a_name_that_looks_like_markup_is_shown_as_it_is(loo, tmp_path):
    """A player called "[b]x" is that name on the board and in the hands' header, not an
    "x" in bold (the board's row for him: he took 1 trick at 3, +3, and deals next)."""
    path = tmp_path / "names.db"
    new(loo, path, "--players", "[b]x,Ben,Cat", "--dealer", "Cat")
    assert loo(path, "hand", "[b]x=1", "Ben=2", "Cat=0").exit_code == 0

    async def script(pilot: Any, app: TableApp) -> None:
        from textual.widgets import DataTable
        await settled(pilot)
        board = app.query_one("#board", DataTable)
        assert board.render_line(3).text.split()[:3] == ["[b]x", "+3", "+3"]
        hands = app.query_one("#hands", DataTable)
        assert hands.render_line(0).text.split()[:7] == [
            "#", "dealer", "pool", "[b]x", "Ben", "Cat", "after"]

    _run(path, script)
