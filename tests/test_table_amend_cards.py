"""``loo table``'s amend of a hand recorded with its cards: every card is kept.

The ledger is sample_sessions/three-card-cards-tuesday.json's first two hands, imported:
three-card (ante 9 by the dealer, a looed player pays min(P, 9)), seats Nell Osric Prue
Quentin, Quentin deals first.

  hand 1, Quentin deals a simple pool: P = 9, a trick 3; Nell 2 tricks +6, Quentin
          -9 + 3 = -6, Osric and Prue looed 9 each; after 9 - 9 + 18 = 18.
  hand 2, Nell deals a double pool: P = 18 + 9 = 27, a trick 9; everyone stands; the
          cards (trump card Ac) give Osric, Prue and Quentin a trick each: +9 each; Nell
          none: -9 ante - 9 loo = -18; after 27 - 27 + 9 = 9.

Hand 2's cards decide its trick counts (trick 1 4c As 9s 2d, Osric leads: Osric's 4c the
only club, trumps, wins; trick 2 Jd 9h Qd 2s, Osric leads: no trump, Quentin's Qd the
highest diamond; trick 3 5h Js 9d 6h, Quentin leads: Prue's 6h the highest heart).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from table_kit import board, drive, lasts, text

from loo_ledger.tui.app import TableApp
from loo_ledger.tui.screens import HandScreen

SAMPLE = Path(__file__).resolve().parents[1] / "sample_sessions" / "three-card-cards-tuesday.json"


def _two_hands(loo: Any, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """The sample's first two hands imported; hand 2's record as the file has it."""
    whole = json.loads(SAMPLE.read_text())
    whole["hands"] = whole["hands"][:2]
    file, db = tmp_path / "two.json", tmp_path / "two.db"
    file.write_text(json.dumps(whole))
    assert loo(db, "import", file).exit_code == 0
    return db, whole["hands"][1]


def _stored(loo: Any, db: Path, n: int) -> dict[str, Any]:
    return json.loads(loo(db, "hands", "--json").output)[n - 1]["record"]


async def _amend_last(pilot: Any, app: TableApp) -> HandScreen:
    await pilot.press("a")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, HandScreen)
    return screen


def test_amending_a_hand_recorded_with_its_cards_keeps_every_card(loo, tmp_path):
    """Amend hand 2 (a): the form comes filled in, its cards with it: the preview at once
    (Osric, Prue, Quentin +9, Nell -18, pool then 9), the cards said kept. Backspace takes
    back "anything else: none", not a trick count (the cards decide those); a note is
    added (n, "checked", then Enter: none). Recorded: the same figures, the note, and every
    card as the file has it (the trump card, the miss, each hand dealt, the tricks)."""
    db, original = _two_hands(loo, tmp_path)

    async def script(pilot: Any, app: TableApp) -> None:
        screen = await _amend_last(pilot, app)
        assert screen.record is not None, text(app, "#hand-question")
        assert "Osric: +9" in text(app, "#hand-question")
        assert "Nell: -18" in text(app, "#hand-question")
        assert "the cards as recorded" in text(app, "#hand-answers")
        await pilot.press("backspace")
        await pilot.pause()
        assert screen.question is not None and screen.question.key == "more/1"
        await pilot.press("n")
        await pilot.press(*"checked", "enter")
        await pilot.pause()
        assert screen.question is not None and screen.question.key == "more/2"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.record is not None, text(app, "#hand-question")
        await pilot.press("y")
        await pilot.pause()
        assert not isinstance(app.screen, HandScreen)
        assert lasts(app) == {"Nell": -18, "Osric": 9, "Prue": 9, "Quentin": 9}
        assert board(app).pool == 9

    drive(db, script)
    rec = _stored(loo, db, 2)
    assert rec["cards"] == original["cards"]
    assert rec["note"] == "checked"


def test_an_amend_the_cards_contradict_is_refused_and_nothing_written(loo, tmp_path,
                                                                      dump_db):
    """Amend hand 2 and take back answers down to Nell's word (the dealer's, last): Nell
    passes instead (anything else: o, none). But Nell's cards are in every trick: 2d the
    fourth card of trick 1 (Osric led), 2s the fourth of trick 2 (Osric led), Js the
    second of trick 3 (Quentin, who won trick 2, led): the hand cannot be recorded as it
    stands (said in words, naming Nell; no preview); Escape: nothing written, hand 2 still
    has its cards."""
    db, original = _two_hands(loo, tmp_path)
    before = dump_db(db)

    async def script(pilot: Any, app: TableApp) -> None:
        screen = await _amend_last(pilot, app)
        await pilot.press("backspace", "backspace")
        await pilot.pause()
        assert screen.question is not None and screen.question.key == "word:Nell"
        await pilot.press("p")
        await pilot.pause()
        assert screen.question is not None and screen.question.key == "more/1"
        await pilot.press("o")  # anything else: none
        await pilot.pause()
        assert screen.record is None and screen.problem is not None
        assert "This hand cannot be recorded as it stands" in screen.problem
        assert ("Nell passed and plays no card, but Nell's 2d (trick 1), 2s (trick 2), "
                "Js (trick 3) are in the tricks") in screen.problem
        await pilot.press("escape")
        await pilot.pause()
        assert "Nothing written." in text(app, "#message")

    drive(db, script)
    assert dump_db(db) == before
    assert _stored(loo, db, 2)["cards"] == original["cards"]
