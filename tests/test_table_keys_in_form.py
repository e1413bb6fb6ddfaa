"""The board's keys work on the board alone (a bug found by the suite-table helper: `j`
pressed at a question of the hand form opened "Who joins the table?" over the half-entered
hand). Over the hand form, a key that is no answer to the question asked does nothing: the
form stays on top, at the same question, with its answers so far.

Three-card, Ann Ben Cat, Cat deals a simple pool (everyone plays): the form's first question
is "Anything else?" ([r] revoke, [n] note, [o] none), so of the board's keys n, u, j, l, g
and e, each but n is pressed there."""

from __future__ import annotations

from typing import Any

from table_kit import board, drive, new, new_hand_form

from loo_ledger.tui.app import TableApp
from loo_ledger.tui.screens import AskText, HandScreen

BOARD_KEYS = ("n", "u", "j", "l", "g", "e")


def test_the_board_s_keys_do_nothing_over_the_hand_form(loo, tmp_path):
    db = tmp_path / "form.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        screen = await new_hand_form(pilot)
        asked, depth = screen.question.prompt, len(app.screen_stack)
        assert screen.keys == {"r": "revoke", "n": "note", "o": "none"}
        free = [key for key in BOARD_KEYS if key not in screen.keys]
        for key in free:
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen, f"{key} left the hand form"
            assert len(app.screen_stack) == depth, f"{key} opened a screen"
            assert screen.question is not None and screen.question.prompt == asked, key
        await pilot.press("escape")   # cancelled: nothing written
        await pilot.pause()
        assert not isinstance(app.screen, HandScreen)
        assert board(app).next_hand == 1

    drive(db, script)


def test_the_board_s_keys_still_work_on_the_board(loo, tmp_path):
    """j on the board (nothing over it) still asks who joins."""
    db = tmp_path / "board.db"
    new(loo, db, "--players", "Ann,Ben,Cat", "--dealer", "Cat")

    async def script(pilot: Any, app: TableApp) -> None:
        depth = len(app.screen_stack)
        await pilot.press("j")
        await pilot.pause()
        assert len(app.screen_stack) == depth + 1
        assert isinstance(app.screen, AskText)

    drive(db, script)
